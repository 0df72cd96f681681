"""The move list: every tile in the order it was laid, who laid it, the figure on it, what it scored."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from scorer.board_layer.explain import sentence, title
from scorer.board_layer.messages import FEATURE_NAMES, figure_name, good_name
from scorer.board_layer.players import Look
from scorer.board_layer.tile_names import tile_name
from scorer.engine import FeatureKind, Game, Mode


@dataclass
class EventLine:
    title: str
    sentence: str
    points: int


@dataclass
class MoveRow:
    number: int
    """Counted from 1, as players count."""
    tile: str
    x: int
    y: int
    rotation: int
    layer: Look | None
    figure: str
    """ "meeple on the road", "" for none."""
    figure_owner: Look | None
    events: list[EventLine] = field(default_factory=list)
    goods: str = ""
    start: bool = False
    """A tile that opens a game being played, laid by nobody (the start tile, the City, the spring)."""


def move_rows(game: Game, looks: Sequence[Look]) -> list[MoveRow]:
    names = [look.name for look in looks]
    rows = []
    for number, turn in enumerate(game.turns):
        placement = turn.placement
        figure, owner = "", None
        if placement.meeple is not None:
            meeple = placement.meeple
            tile = game.board.tiles[placement.square].tile
            index = tile.oriented(placement.rotation).feature_for(
                meeple.at, garden=FeatureKind.GARDEN in meeple.kind.stands_on
            )
            figure = figure_name(meeple.kind)
            if index is not None:
                figure += " · " + str(FEATURE_NAMES[tile.features[index].kind])
            owner = looks[meeple.player]
        # In a finished board copied in any order nobody "laid" a tile in turn.
        layer = looks[turn.layer] if turn.layer is not None and game.mode is Mode.REPLAY else None
        rows.append(
            MoveRow(
                number=number + 1,
                tile=tile_name(placement.tile),
                x=placement.x,
                y=placement.y,
                rotation=placement.rotation,
                layer=layer,
                figure=figure,
                figure_owner=owner,
                events=[EventLine(title(e), sentence(e, names, game.rules), e.points) for e in turn.events],
                goods=", ".join(f"{good_name(g)} ×{n}" for g, n in turn.collected),
                start=game.mode is Mode.REPLAY and turn.layer is None,
            )
        )
    return rows
