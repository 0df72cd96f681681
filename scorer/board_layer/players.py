"""How players look, the same everywhere: their colours, the pattern each colour carries, the mark on
their figures. The HTML board (through ``static/css/players.css``, written from here by
``manage.py css``), the Pillow pictures and the tutor all read these values.

Colour is never the only cue: every colour has its own pattern and every figure its player's mark.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorer.engine import COLORS, Player

RGB = tuple[int, int, int]

PLAYER_COLOURS: dict[str, RGB] = {
    "red": (198, 40, 40),
    "blue": (30, 99, 214),
    "green": (36, 128, 56),
    "yellow": (240, 190, 20),
    "black": (34, 34, 34),
    "grey": (112, 116, 122),
    "pink": (222, 92, 162),
}


@dataclass(frozen=True)
class Pattern:
    """What a colour carries over it, so that no two players look alike without colour vision.

    ``shape`` is what a reader tells apart at a glance on a figure a few millimetres wide (dots,
    rings, stripes, checks, a grid); ``angle`` sets stripes apart from each other. Where two
    colours look alike to a red-green colour-blind reader they differ in shape, not just in angle
    (``tests/scorer/test_players.py`` simulates it).
    """

    shape: str
    css: str
    angle: int | None = None


def _stripes(angle: int, ink: str, on: float, period: float) -> Pattern:
    css = f"repeating-linear-gradient({angle}deg, {ink} 0 {on}px, transparent {on}px {period}px)"
    return Pattern("stripes", css, angle)


_WHITE = "rgb(255 255 255 / 40%)"
PATTERNS: dict[str, Pattern] = {
    "red": Pattern(
        "rings",
        "repeating-radial-gradient(circle at 50% 50%, rgb(255 255 255 / 50%) 0 2px, transparent 2px 5px)",
    ),
    "blue": _stripes(90, "rgb(255 255 255 / 34%)", 2, 5),
    # Large, opaque dots on a tight grid: smaller ones blur into the green on a phone.
    "green": Pattern(
        "dots", "radial-gradient(rgb(255 255 255 / 70%) 0 1.6px, transparent 2.1px) 0 0 / 6px 6px"
    ),
    "yellow": _stripes(45, "rgb(0 0 0 / 30%)", 2, 6),
    "black": _stripes(-45, "rgb(255 255 255 / 34%)", 1.5, 4.5),
    "grey": Pattern(
        "grid",
        f"linear-gradient(0deg, {_WHITE} 0 1.5px, transparent 1.5px) 0 0 / 5px 5px, "
        f"linear-gradient(90deg, {_WHITE} 0 1.5px, transparent 1.5px) 0 0 / 5px 5px",
    ),
    "pink": Pattern(
        "checks", "repeating-conic-gradient(rgb(255 255 255 / 34%) 0 25%, transparent 0 50%) 0 0 / 6px 6px"
    ),
}
assert set(PLAYER_COLOURS) == set(PATTERNS) == set(COLORS)


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG 2.1)."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


BLACK_INK: RGB = (20, 20, 20)
WHITE_INK: RGB = (255, 255, 255)


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever contrasts more with ``colour`` (the mark on a figure)."""
    return max((WHITE_INK, BLACK_INK), key=lambda ink: contrast(ink, colour))


def hex_of(colour: RGB) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def marks_for(names: Sequence[str]) -> list[str]:
    """A mark per player for their figures: initials when they differ, numbers from 1 otherwise."""
    initials = [name.strip()[:1].upper() for name in names]
    if all(i.isalpha() for i in initials) and len(set(initials)) == len(initials):
        return initials
    return [str(i + 1) for i in range(len(names))]


@dataclass(frozen=True)
class Look:
    """One player as every board shows them."""

    index: int
    name: str
    color: str
    mark: str
    """Latin digits when the mark is a number: the page localises them, like every number."""


def looks_of(players: Sequence[Player]) -> list[Look]:
    """Every player's look; a player without a colour gets the first one nobody has, in order."""
    free = [c for c in COLORS if c not in {p.color for p in players}]
    colors = [p.color or free.pop(0) for p in players]
    marks = marks_for([p.name for p in players])
    return [Look(i, p.name, colors[i], marks[i]) for i, p in enumerate(players)]


FIGURE_RING: RGB = WHITE_INK
FIGURE_OUTLINE: RGB = BLACK_INK
"""A figure on the board has a white ring inside a dark line: whatever the art under it (a pale
city, a dark field, the river), one of the two stands out from it at well over 3:1, and the fill
stands out from one of them; a yellow figure no longer melts into a city."""


def players_css() -> str:
    """The stylesheet of the players' colours and patterns (``static/css/players.css``)."""
    lines = [
        "/* Written by `manage.py css` from scorer/board_layer/players.py: edit that, not this. */",
        ":root {",
        *(f"  --player-{name}: {hex_of(rgb)};" for name, rgb in PLAYER_COLOURS.items()),
        "}",
    ]
    for name, rgb in PLAYER_COLOURS.items():
        ink = hex_of(ink_on(rgb))
        pattern = PATTERNS[name].css
        # The halo in the plain colour keeps the mark readable where the pattern lightens it.
        halo = f"0 0 1px var(--player-{name}), 0 0 3px var(--player-{name})"
        lines.append(
            f".c-{name} {{ background: {pattern}, var(--player-{name}); color: {ink}; text-shadow: {halo}; }}"
        )
    outline = f"0 0 0 1.5px {hex_of(FIGURE_OUTLINE)}, 0 1px 3px rgb(0 0 0 / 55%)"
    lines.append(f".meeple {{ border-color: {hex_of(FIGURE_RING)}; box-shadow: {outline}; }}")
    return "\n".join(lines) + "\n"
