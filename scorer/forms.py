"""Forms of the scoring assistant: starting a game, importing a board file, making a move."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from scorer.board_layer.languages import localize_digits
from scorer.board_layer.messages import QUARTER_NAMES, figure_name, good_name
from scorer.engine import (
    COLORS,
    TILES,
    Expansion,
    FigureKind,
    Good,
    NotationError,
    Square,
    goods_in_box,
    max_players,
    name_problem,
)
from scorer.engine.actions import kinds, parse_action
from scorer.engine.expansions.count import QUARTERS
from scorer.engine.figure_refs import parse_ref
from scorer.services import GameSettings

MAX_PLAYERS = max_players(Expansion)
MAX_SQUARE = 200

COLOR_NAMES = {
    "red": pgettext_lazy("colour", "red"),
    "blue": pgettext_lazy("colour", "blue"),
    "green": pgettext_lazy("colour", "green"),
    "yellow": pgettext_lazy("colour", "yellow"),
    "black": pgettext_lazy("colour", "black"),
    "grey": pgettext_lazy("colour", "grey"),
    "pink": pgettext_lazy("colour", "pink"),
}

EXPANSION_CHOICES = [
    (Expansion.RIVER.value, _("The River")),
    (Expansion.ABBOT.value, _("The Abbot (gardens): the current base game's garden tiles and an abbot each")),
    (
        Expansion.INNS_CATHEDRALS.value,
        _("Inns & Cathedrals: inns, cathedrals, a big meeple each, up to 6 players"),
    ),
    (Expansion.TRADERS_BUILDERS.value, _("Traders & Builders: trade goods, a builder and a pig each")),
    (Expansion.TOWER.value, _("The Tower: towers that capture followers, prisoners and ransoms")),
    (
        Expansion.PRINCESS_DRAGON.value,
        _("Princess & Dragon: the volcano and the dragon, the fairy, the princess and magic portals"),
    ),
    (
        Expansion.COUNT.value,
        _("The Count of Carcassonne: the City to start from, its quarters, followers who step out"),
    ),
]

NAME_PROBLEMS = {
    "is empty": _("Give this player a name."),
    "is longer than 40 characters": _("A name can be at most 40 characters long."),
    "holds a control character": _("A name cannot hold invisible control characters."),
    "holds a text-direction control": _("A name cannot hold hidden text-direction marks."),
}


class NewGameForm(forms.Form):
    small_city = forms.TypedChoiceField(
        label=_("Score of a completed two-tile city"),
        choices=[(4, _("4 points (current rules)")), (2, _("2 points (old rule)"))],
        coerce=int,
        initial=4,
        widget=forms.RadioSelect,
    )
    farmers = forms.ChoiceField(
        label=_("Farm scoring rules"),
        choices=[
            ("3rd", _("3rd edition: 3 points per city for each field")),
            ("2nd", _("2nd edition: 3 points per city, once per player")),
            ("1st", _("1st edition: 4 points per city, for its farm majority")),
        ],
        initial="3rd",
        widget=forms.RadioSelect,
    )
    expansions = forms.MultipleChoiceField(
        label=_("Expansions"),
        choices=EXPANSION_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    mode = forms.ChoiceField(
        label=_("How do you want to enter the game?"),
        choices=[
            ("replay", _("Score as we play: tile by tile, during the game")),
            ("final", _("Score a finished board: copy the final board and the points on the track")),
        ],
        initial="replay",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for i in range(MAX_PLAYERS):
            number = localize_digits(i + 1)
            self.fields[f"name_{i}"] = forms.CharField(
                label=_("Player {number}").format(number=number),
                max_length=40,
                required=i < 2,
                strip=True,
                error_messages={
                    "required": _("Give at least two players a name."),
                    "max_length": _("A name can be at most 40 characters long."),
                    "null_characters_not_allowed": NAME_PROBLEMS["holds a control character"],
                },
            )
            self.fields[f"color_{i}"] = forms.ChoiceField(
                label=_("Colour of player {number}").format(number=number),
                choices=[(c, COLOR_NAMES[c]) for c in COLORS],
                initial=COLORS[i],
                required=False,
                error_messages={"invalid_choice": _("Choose one of the colours in the list.")},
            )
            add_track_fields(self, i)

    def player_rows(self) -> list[PlayerRow]:
        return [
            PlayerRow(self[f"name_{i}"], self[f"color_{i}"], self[f"banked_{i}"], goods_fields(self, i))
            for i in range(MAX_PLAYERS)
        ]

    def _check_names(self, data: dict) -> None:
        for i in range(MAX_PLAYERS):
            name = data.get(f"name_{i}")
            problem = name_problem(name) if name else None
            if problem is not None:
                self.add_error(f"name_{i}", NAME_PROBLEMS.get(problem, _("This name cannot be used.")))

    def clean(self) -> dict:
        data = super().clean()
        self._check_names(data)
        players = [
            (data.get(f"name_{i}"), data.get(f"color_{i}") or COLORS[i], data.get(f"banked_{i}") or 0)
            for i in range(MAX_PLAYERS)
            if data.get(f"name_{i}")
        ]
        if any(f"name_{i}" in self.errors for i in range(MAX_PLAYERS)):
            return data  # the name's own message says what is wrong; counting would mislead
        if len(players) < 2:
            raise forms.ValidationError(_("Give at least two players a name."))
        most = max_players(Expansion(e) for e in data.get("expansions", []))
        if len(players) > most:
            raise forms.ValidationError(
                _("Six players need Inns & Cathedrals; without it a game has 2 to 5 players.")
            )
        colors = [c for _, c, _ in players]
        if len(set(colors)) != len(colors):
            raise forms.ValidationError(_("Each player needs a different colour."))
        data["players"] = players
        expansions = [Expansion(e) for e in data.get("expansions", [])]
        counted = [i for i in range(MAX_PLAYERS) if data.get(f"name_{i}")]
        if data.get("mode") == "final" and Expansion.TRADERS_BUILDERS in expansions:
            data["goods"] = check_goods(self, data, counted, expansions)
        return data

    def settings(self) -> GameSettings:
        data = self.cleaned_data
        return GameSettings(
            players=[(name, color) for name, color, _ in data["players"]],
            small_city=data["small_city"],
            farmers=data["farmers"],
            expansions=tuple(data.get("expansions", [])),
            mode=data["mode"],
            banked=[banked for _, _, banked in data["players"]],
            goods=data.get("goods", ()),
        )


class TrackForm(forms.Form):
    """What a finished board cannot show, for each player of a game: the points on the score
    track and (with Traders & Builders) the trade goods taken during play; editable at any time."""

    expected = forms.CharField(max_length=40, widget=forms.HiddenInput)

    def __init__(
        self,
        names: list[str],
        expansions: list[str],
        *args,
        foundations: Sequence[Square] = (),
        squares: Sequence[tuple[Square, str]] = (),
        followers: Sequence[tuple[str, str]] = (),
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.names = names
        self.expansions = [Expansion(e) for e in expansions]
        self.has_goods = Expansion.TRADERS_BUILDERS in self.expansions
        for i, name in enumerate(names):
            add_track_fields(self, i, name=name, goods=self.has_goods)
        self.foundations = list(foundations) if Expansion.TOWER in self.expansions else []
        self.has_towers = Expansion.TOWER in self.expansions
        if self.has_towers:
            add_tower_fields(self, self.foundations, names, self.prisoner_kinds())
        self.has_creatures = Expansion.PRINCESS_DRAGON in self.expansions
        if self.has_creatures:
            add_creature_fields(self, squares, followers)
        self.has_city = Expansion.COUNT in self.expansions
        if self.has_city:
            add_city_fields(self, names, self.resident_kinds())

    def resident_kinds(self) -> list[FigureKind]:
        return (
            [FigureKind.MEEPLE, FigureKind.BIG]
            if Expansion.INNS_CATHEDRALS in self.expansions
            else [FigureKind.MEEPLE]
        )

    def quarter_rows(self) -> list[tuple[str, list[forms.BoundField]]]:
        """For each player, how many of each figure stand in each quarter."""
        return [
            (
                name,
                [self[f"quarter_{i}_{q.value}_{k.value}"] for q in QUARTERS for k in self.resident_kinds()],
            )
            for i, name in enumerate(self.names)
        ]

    @property
    def creature_fields(self) -> list[forms.BoundField]:
        return [self["dragon"], self["fairy"]] if self.has_creatures else []

    def prisoner_kinds(self) -> list[FigureKind]:
        kinds = [FigureKind.MEEPLE]
        if Expansion.INNS_CATHEDRALS in self.expansions:
            kinds.append(FigureKind.BIG)
        if Expansion.ABBOT in self.expansions:
            kinds.append(FigureKind.ABBOT)
        return kinds

    def tower_rows(self) -> list[tuple[str, forms.BoundField, forms.BoundField]]:
        return [
            (
                _("Tower at {x}, {y}").format(x=localize_digits(x), y=localize_digits(y)),
                self[f"tower_{n}_height"],
                self[f"tower_{n}_top"],
            )
            for n, (x, y) in enumerate(self.foundations)
        ]

    def prisoner_rows(self) -> list[tuple[str, list[tuple[str, list[forms.BoundField]]]]]:
        """For each player, the prisoners they hold: per other player, a count of each kind."""
        rows = []
        for jailer, name in enumerate(self.names):
            held = [
                (other, [self[f"prisoners_{jailer}_{p}_{k.value}"] for k in self.prisoner_kinds()])
                for p, other in enumerate(self.names)
                if p != jailer
            ]
            rows.append((name, held))
        return rows

    def player_rows(self) -> list[PlayerRow]:
        return [
            PlayerRow(None, None, self[f"banked_{i}"], goods_fields(self, i), name)
            for i, name in enumerate(self.names)
        ]

    def clean(self) -> dict:
        data = super().clean()
        count = range(len(self.names))
        data["banked"] = [data.get(f"banked_{i}") or 0 for i in count]
        data["goods"] = check_goods(self, data, list(count), self.expansions) if self.has_goods else []
        data["extras"] = tower_extras(self, data) if self.has_towers else {}
        if self.has_creatures:
            data["extras"].update(creature_extras(data))
        if self.has_city:
            data["extras"].update(city_extras(self, data))
        return data


def add_tower_fields(
    form: forms.Form, foundations: Sequence[Square], names: list[str], kinds: list[FigureKind]
) -> None:
    """A finished board's towers (height and who stands on top, one row per foundation on the
    board) and the prisoners each player holds."""
    tops = [("", _("Nobody on top"))] + [
        (f"{i}:{kind.value}", _("{player}'s {figure}").format(player=name, figure=figure_name(kind)))
        for i, name in enumerate(names)
        for kind in (FigureKind.MEEPLE, FigureKind.BIG)
        if kind in kinds
    ]
    for n, _square in enumerate(foundations):
        form.fields[f"tower_{n}_height"] = forms.IntegerField(
            label=_("Floors"), min_value=0, max_value=60, required=False, initial=0
        )
        form.fields[f"tower_{n}_top"] = forms.ChoiceField(label=_("On top"), choices=tops, required=False)
    for jailer in range(len(names)):
        for player, name in enumerate(names):
            if player == jailer:
                continue
            for kind in kinds:
                form.fields[f"prisoners_{jailer}_{player}_{kind.value}"] = forms.IntegerField(
                    label=_("{player}'s {figure}").format(player=name, figure=figure_name(kind)),
                    min_value=0, max_value=7, required=False, initial=0,
                )  # fmt: skip


def add_creature_fields(
    form: forms.Form, squares: Sequence[tuple[Square, str]], followers: Sequence[tuple[str, str]]
) -> None:
    """Where a finished board's dragon stands (any tile), and the fairy: beside one of the
    followers on the board (``followers``: a figure reference's text and its words), or on a tile
    beside nobody."""
    tiles = [(f"{x},{y}", label) for (x, y), label in squares]
    form.fields["dragon"] = forms.ChoiceField(
        label=_("The dragon stands on"), choices=[("", _("Not on the board (no volcano yet)")), *tiles],
        required=False,
    )  # fmt: skip
    beside_nobody = [
        (f"{x},{y}", _("Beside nobody, on {tile}").format(tile=label)) for (x, y), label in squares
    ]
    form.fields["fairy"] = forms.ChoiceField(
        label=_("The fairy stands"),
        choices=[("", _("Not on the board")), *list(followers), *beside_nobody],
        required=False,
    )


def add_city_fields(form: forms.Form, names: list[str], kinds: list[FigureKind]) -> None:
    """A finished board's followers in the City's quarters (a count per player, quarter and
    figure) and the Count's quarter."""
    for i, _name in enumerate(names):
        for quarter in QUARTERS:
            for kind in kinds:
                label = _("{figure} in the {quarter}").format(
                    figure=figure_name(kind), quarter=QUARTER_NAMES[quarter]
                )
                form.fields[f"quarter_{i}_{quarter.value}_{kind.value}"] = forms.IntegerField(
                    label=label, min_value=0, max_value=7, required=False, initial=0
                )
    form.fields["count"] = forms.ChoiceField(
        label=_("Where the Count stands"),
        choices=[(q.value, QUARTER_NAMES[q]) for q in QUARTERS],
        initial="castle",
    )


def city_extras(form: TrackForm, data: dict) -> dict:
    """The quarters and the Count entered, as a board file's ``quarters`` and ``count`` say them."""
    residents = []
    for i, _name in enumerate(form.names):
        for quarter in QUARTERS:
            for kind in form.resident_kinds():
                for _n in range(data.get(f"quarter_{i}_{quarter.value}_{kind.value}") or 0):
                    entry = {"player": i, "quarter": quarter.value}
                    if kind is not FigureKind.MEEPLE:
                        entry["kind"] = kind.value
                    residents.append(entry)
    extras: dict = {"quarters": residents}
    if data.get("count") and data["count"] != "castle":
        extras["count"] = data["count"]
    return extras


def creature_extras(data: dict) -> dict:
    """The dragon and the fairy entered, as a board file's ``dragon`` and ``fairy`` say them."""
    extras: dict = {}
    dragon = data.get("dragon") or ""
    if dragon:
        x, _comma, y = dragon.partition(",")
        extras["dragon"] = [int(x), int(y)]
    fairy = data.get("fairy") or ""
    if "@" in fairy:
        ref = parse_ref(fairy, fairy)
        extras["fairy"] = ref.as_json()
    elif fairy:
        x, _comma, y = fairy.partition(",")
        extras["fairy"] = {"x": int(x), "y": int(y)}
    return extras


def tower_extras(form: TrackForm, data: dict) -> dict:
    """The towers and prisoners entered, as a board file's ``towers`` and ``prisoners`` say them."""
    towers = []
    for n, (x, y) in enumerate(form.foundations):
        height = data.get(f"tower_{n}_height") or 0
        top = data.get(f"tower_{n}_top") or ""
        if height == 0:
            if top:
                form.add_error(
                    f"tower_{n}_top", _("A figure stands only on a tower with at least one floor.")
                )
            continue
        tower: dict = {"x": x, "y": y, "height": height}
        if top:
            player, _colon, kind = top.partition(":")
            tower["top"] = {"player": int(player), "kind": kind}
        towers.append(tower)
    prisoners = []
    for jailer in range(len(form.names)):
        for player in range(len(form.names)):
            for kind in form.prisoner_kinds():
                count = data.get(f"prisoners_{jailer}_{player}_{kind.value}") or 0
                prisoners += [{"jailer": jailer, "player": player, "kind": kind.value}] * count
    return {"towers": towers, "prisoners": prisoners}


@dataclass
class PlayerRow:
    """One player's fields of a form, in the order the page shows them."""

    name: forms.BoundField | None
    color: forms.BoundField | None
    banked: forms.BoundField
    goods: list[forms.BoundField]
    known_name: str = ""
    """The player's name, when the form does not ask for it."""


GOODS_MOST = goods_in_box([Expansion.TRADERS_BUILDERS])
"""The tokens of each good in the box: the most a player can hold."""


def add_track_fields(form: forms.Form, i: int, *, name: str = "", goods: bool = True) -> None:
    """Player ``i``'s points on the score track and trade goods, labelled by number or by name."""
    number = localize_digits(i + 1)
    label = (
        _("Points of {player} on the score track").format(player=name)
        if name
        else _("Points of player {number} on the score track").format(number=number)
    )
    form.fields[f"banked_{i}"] = forms.IntegerField(
        label=label,
        min_value=0,
        max_value=10_000,
        required=False,
        initial=0,
    )
    if not goods:
        return
    for good in Good:
        form.fields[f"goods_{i}_{good.value}"] = forms.IntegerField(
            label=good_name(good),
            min_value=0,
            max_value=GOODS_MOST[good],
            required=False,
            initial=0,
            error_messages={
                "min_value": _("Give a number from 0 up."),
                "max_value": _("The box has only {n} {good} tokens.").format(
                    n=localize_digits(GOODS_MOST[good]), good=good_name(good)
                ),
                "invalid": _("Give a whole number."),
            },
        )


def goods_fields(form: forms.Form, i: int) -> list[forms.BoundField]:
    return [form[f"goods_{i}_{good.value}"] for good in Good if f"goods_{i}_{good.value}" in form.fields]


def check_goods(form: forms.Form, data: dict, players: list[int], expansions: list[Expansion]) -> list[dict]:
    """The goods of ``players`` as the board file writes them; together no more than the box holds."""
    held = [{good.value: data.get(f"goods_{i}_{good.value}") or 0 for good in Good} for i in players]
    box = goods_in_box(expansions)
    for good in Good:
        together = sum(h[good.value] for h in held)
        if together > box[good]:
            form.add_error(
                None,
                _("The players hold {held} {good} tokens together, but the box has only {n}.").format(
                    held=localize_digits(together), good=good_name(good), n=localize_digits(box[good])
                ),
            )
    return held


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Board file (.json)"), required=False)
    text = forms.CharField(
        label=_("…or paste the board file here"), widget=forms.Textarea(attrs={"rows": 4}), required=False
    )

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("file") and not data.get("text", "").strip():
            raise forms.ValidationError(_("Choose a board file or paste one."))
        return data


class MoveForm(forms.Form):
    tile = forms.ChoiceField(choices=[(name, name) for name in TILES])
    x = forms.IntegerField(min_value=-MAX_SQUARE, max_value=MAX_SQUARE)
    y = forms.IntegerField(min_value=-MAX_SQUARE, max_value=MAX_SQUARE)
    rotation = forms.TypedChoiceField(choices=[(r, r) for r in (0, 90, 180, 270)], coerce=int)
    expected = forms.CharField(max_length=40)
    player = forms.IntegerField(min_value=0, max_value=MAX_PLAYERS - 1, required=False)
    """Whose figure to offer first on the tile, when the page had one chosen (a board being copied)."""
    west = forms.IntegerField(min_value=-10 * MAX_SQUARE, max_value=10 * MAX_SQUARE, required=False)
    north = forms.IntegerField(min_value=-10 * MAX_SQUARE, max_value=10 * MAX_SQUARE, required=False)
    """The square in the page's first column and row: while they hold, the answer need only bring
    what changed."""


class ActionField(forms.CharField):
    """The layer's action of a turn in its text form (``1S+big``, ``0^2,3``; see
    ``scorer.engine.actions``), read by the engine: empty for none. Any kind an expansion
    registers comes through it, with no field of its own."""

    def to_python(self, value):
        text = super().to_python(value)
        if not text:
            return None
        try:
            action = parse_action(text)
        except NotationError:
            raise forms.ValidationError(_("Choose where the figure stands."), code="action") from None
        return action


def _side_fields() -> list[tuple[str, str]]:
    return [(k.field, k.field) for k in kinds() if not k.choice]


class FigureForm(forms.Form):
    """A figure put on (or taken off) a tile, or an abbot taken back with it: the turn's action."""

    number = forms.IntegerField(min_value=0, max_value=200)
    player = forms.IntegerField(min_value=0, max_value=MAX_PLAYERS - 1, required=False)
    """Whose figures the page offers next (the action names its own player)."""
    action = ActionField(max_length=80, required=False)
    expected = forms.CharField(max_length=40)
    on = forms.CharField(max_length=16, required=False)
    """The tile's square as "x,y", to keep its figure choice open after a refusal."""
    clear = forms.ChoiceField(choices=_side_fields, required=False)
    """A field of the turn's other actions to take off (a ransom paid after all not paid)."""


class StateForm(forms.Form):
    """Undo, end or reopen: only the state the client saw."""

    expected = forms.CharField(max_length=40)
    finished = forms.BooleanField(required=False)
    confirm = forms.BooleanField(required=False)
    """Ending a copied board although squares shut in by tiles are still empty."""
