"""The River: spring first, every river tile continues it, no U-turns, the lake last."""

from __future__ import annotations

import random

import pytest

from scorer.engine import TILES, Game, IllegalPlacementError, Placement, Rule
from scorer.engine.notation import build_game, read_board, write_board

from .boards import RIVER
from .conftest import game_of, ref_of, same_feature


def river_game(texts=RIVER, **kw) -> Game:
    return game_of(*texts, river=True, **kw)


def refused(game: Game, text: str) -> Rule:
    before = game.state()
    with pytest.raises(IllegalPlacementError) as err:
        game.push(Placement.parse(text))
    assert game.state() == before
    assert err.value.index == len(game.turns)
    return err.value.rule


def test_the_whole_river_is_legal_in_order():
    game = river_game()
    assert len(game.turns) == 12
    assert all(left == 0 for name, left in game.board.supply.items() if TILES[name].is_river)
    assert game.is_legal(Placement.parse("D@2,-1/0"))  # D's south field on the curve's north field


def test_each_river_tile_can_only_go_at_the_open_end():
    game = river_game(RIVER[:1])
    for i, text in enumerate(RIVER[1:], start=1):
        p = Placement.parse(text)
        squares = {q.square for q in game.legal_placements(p.tile)}
        if p.tile != "river-lake":
            assert squares == {p.square}, (i, p.tile)
        game.push(p)


@pytest.mark.parametrize(
    ("texts", "bad", "rule"),
    [
        # normal tiles wait for the river
        (RIVER[:1], "B@0,-1/0", Rule.RIVER_FIRST),
        (RIVER[:1], "U@0,1/0", Rule.RIVER_FIRST),
        (RIVER[:11], "B@3,1/0", Rule.RIVER_FIRST),  # only the lake is left, and it still fits
        # a river tile that touches the board but not at the river's open end
        (RIVER[:1], "river-straight@0,1/0", Rule.RIVER_NOT_CONTINUED),
        (RIVER[:2], "river-straight@1,1/0", Rule.RIVER_NOT_CONTINUED),
        # a river tile at the end but turned so its river misses the river: its edges mismatch
        (RIVER[:1], "river-straight@1,0/90", Rule.EDGE_MISMATCH),
        (RIVER[:1], "river-spring@1,0/180", Rule.NO_TILE_LEFT),
        # no U-turn: after the right turn at (2, 0), another right turn at once
        (RIVER[:3], "river-curve@2,1/90", Rule.RIVER_SAME_TURN),  # enters N, leaves W: right
        (RIVER[:3], "river-city-corner@2,1/180", Rule.RIVER_SAME_TURN),  # N+W: right again
        (RIVER[:3], "river-road-curve@2,1/90", Rule.RIVER_SAME_TURN),  # W+N: right again
        # after the left turn at (2, 2), another left one
        (RIVER[:5], "river-curve@3,2/90", Rule.RIVER_SAME_TURN),  # river W+N: enters W, leaves N
        # the lake while other river tiles could still be laid
        (RIVER[:1], "river-lake@1,0/0", Rule.LAKE_TOO_EARLY),
        (RIVER[:10], "river-lake@6,4/0", Rule.LAKE_TOO_EARLY),
        # after the lake the river is closed
        (RIVER, "river-straight@8,4/0", Rule.NO_TILE_LEFT),
    ],
)
def test_river_refusals(texts, bad, rule):
    assert refused(river_game(texts), bad) is rule


@pytest.mark.parametrize(
    ("texts", "good"),
    [
        (RIVER[:3], "river-curve@2,1/180"),  # enters N, leaves E: a left turn after a right one
        (RIVER[:3], "river-straight@2,1/90"),
        (RIVER[:4], "river-curve@2,2/90"),  # right, straight, right: allowed
        (RIVER[:4], "river-curve@2,2/180"),  # or left
        (RIVER[:1], "river-curve@1,0/0"),  # the first turn may go either way
        (RIVER[:1], "river-curve@1,0/90"),
        (RIVER[:11], "river-lake@7,4/0"),
    ],
)
def test_river_allowed(texts, good):
    game = river_game(texts)
    placement = Placement.parse(good)
    game.push(placement)
    assert game.board[placement.square].tile.name == placement.tile


def test_with_the_river_all_four_d_tiles_are_in_the_pile():
    game = river_game()
    assert game.board.supply["D"] == 4
    for _ in range(4):
        game.push(next(iter(game.legal_placements("D"))))
    assert not game.legal_placements("D")
    spot = next(iter(game.legal_placements("E")))
    assert refused(game, f"D@{spot.x},{spot.y}/0") is Rule.NO_TILE_LEFT


def test_river_tiles_need_the_expansion():
    assert refused(game_of("D@0,0/0"), "river-straight@1,0/0") is Rule.RIVER_NOT_IN_PLAY
    final = Game(2, mode="final")
    assert refused(final, "river-lake@0,0/0") is Rule.RIVER_NOT_IN_PLAY


# The river bends back under the spring until only the lake fits at its open end (0, 1): the
# tiles still in the supply (bridge, cities, city-road, city-corner) all need a river edge or a
# city where the spring shows a field. So the lake may come now, and after it the normal tiles.
RIVER_BACK_UNDER_THE_SPRING = [
    "river-spring@0,0/0",
    "river-cloister@1,0/0",  # W→E
    "river-curve@2,0/0",  # W→S, right
    "river-straight@2,1/90",
    "river-curve@2,2/90",  # river W+N: enters N, leaves W, right again after a straight
    "river-straight@1,2/0",  # E→W
    "river-road-curve@0,2/180",  # river N+E: enters E, leaves N, right again after a straight
]


def test_lake_allowed_once_no_other_river_tile_fits():
    game = river_game(RIVER_BACK_UNDER_THE_SPRING)
    assert {p.tile for n in TILES for p in game.legal_placements(n)} == {"river-lake"}
    assert refused(game, "B@-1,0/0") is Rule.RIVER_FIRST
    game.push(Placement.parse("river-lake@0,1/270"))  # lake turned 270: river south
    game.push(Placement.parse("B@-1,0/0"))  # now the normal tiles


def test_river_tiles_after_the_lake_are_refused_as_closed():
    game = river_game(RIVER_BACK_UNDER_THE_SPRING)
    game.push(Placement.parse("river-lake@0,1/270"))
    # the bridge is still in the supply; at (-1, 2), west of the road curve, its edges fit
    # (bridge unturned: river N–S, road W–E meets the road curve's west road) but the river is closed
    assert refused(game, "river-bridge@-1,2/0") is Rule.RIVER_CLOSED


# -- fields and roads by the river ---------------------------------------------------------------


def test_the_spring_field_wraps_round_so_both_banks_meet_there():
    game = river_game(RIVER[:2])
    assert same_feature(game, ((1, 0), "N"), ((1, 0), "S"))


def test_the_river_divides_fields_like_a_road():
    game = river_game(RIVER[:11])
    bridge = (6, 4)
    # four separate fields on the bridge: the river splits north from south, the road east from west
    quadrants = ["NNW", "NNE", "SSE", "SSW"]
    for a in quadrants:
        for b in quadrants:
            assert same_feature(game, (bridge, a), (bridge, b)) is (a == b)
    # the lake's field runs round the lake's end and joins the two eastern quadrants
    game.push(Placement.parse(RIVER[11]))
    assert same_feature(game, (bridge, "NNE"), (bridge, "SSE"))
    assert not same_feature(game, (bridge, "NNW"), (bridge, "NNE"))


def test_a_farmer_on_the_lake_meets_the_farmer_across_the_bridge():
    game = river_game(RIVER[:10])
    game.push(Placement.parse("river-bridge@6,4/90:0NNE"))  # north-east quadrant
    # the lake's field reaches the bridge's north-east quadrant: taken
    assert refused(game, "river-lake@7,4/0:1N") is Rule.FEATURE_OCCUPIED
    game.push(Placement.parse("river-lake@7,4/0"))


def test_the_bridge_road_crosses_the_river():
    texts = [
        *RIVER[:10],
        "river-bridge@6,4/90:1N",  # thief on the road that crosses the river
        RIVER[11],
        "A@6,3/0",  # A's road (south) ends at its cloister, north of the bridge
        "A@6,5/180",  # A turned 180: road north, ending the road south of the bridge
    ]
    game = river_game(texts)
    events = game.turns[-1].events
    assert [(e.feature.value, len(e.tiles), e.winners, e.points) for e in events] == [("road", 3, (1,), 3)]


def test_river_board_scores_like_the_reference():
    texts = [
        *RIVER[:4],
        "river-city-corner@2,2/270:0W",  # knight in the corner city (now west and south)
        *RIVER[5:7],
        "river-cities@4,3/90:1W",  # cities east and west; a knight in the west one
        *RIVER[8:],
        "K@3,3/90",  # K turned 90: city east closes the west city; road N–W meets the cloister's road
    ]
    game = river_game(texts)
    last = game.turns[-1].events
    assert [(e.feature.value, len(e.tiles), e.winners, e.points) for e in last] == [("city", 2, (1,), 4)]
    assert game.report().totals == (1, 4)  # the corner city is still open: 1 tile
    assert list(game.report().totals) == ref_of(*texts, river=True).totals()


# -- final mode ---------------------------------------------------------------------------------


def test_a_river_board_in_final_mode_in_any_order():
    texts = [*RIVER[:4], "river-city-corner@2,2/270:0W", *RIVER[5:], "D@2,-1/0", "U@1,-1/0:1E"]
    replay = river_game(texts)
    order = list(texts)
    random.Random(3).shuffle(order)
    doc = write_board(replay)
    doc["mode"] = "final"
    doc["banked"] = list(replay.scores)
    doc["placements"] = [doc["placements"][texts.index(t)] for t in order]
    final = build_game(read_board(doc))
    assert final.report().totals == replay.report().totals


def test_the_river_phase_lasts_until_the_lake_and_names_the_river_mouth():
    for laid in range(1, len(RIVER) + 1):
        game = river_game(RIVER[:laid])
        if laid < len(RIVER):
            assert game.board.bound_square == Placement.parse(RIVER[laid]).square
        else:
            assert game.board.bound_square is None


def test_there_is_no_river_phase_without_the_river():
    game = game_of("D@0,0/0")
    assert game.board.bound_square is None
