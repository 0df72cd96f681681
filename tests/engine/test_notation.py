"""The board file (carcassonne-board/1) and the placement text form."""

from __future__ import annotations

import copy
import json

import pytest

from scorer.engine import (
    BoardFileError,
    Game,
    IllegalPlacementError,
    Meeple,
    Placement,
    Player,
    Rule,
    SetupError,
    build_game,
    read_board,
    score_board,
    write_board,
)
from scorer.engine.places import Place

from .boards import CLOISTER_AND_ROAD_TOGETHER, MERGED_CITIES, RIVER, SEVEN_OUT
from .conftest import EXAMPLE_FILE as BASE
from .conftest import doc_of, game_of, random_full_game


def changed(path, value, base=BASE):
    """A copy of ``base`` with the item at ``path`` set (or deleted when value is ``...``)."""
    doc = copy.deepcopy(base)
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is ...:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


def test_the_documented_example_reads_and_scores():
    game = build_game(read_board(BASE))
    assert game.names == ("Mina", "Wei")
    assert game.scores == [0, 4]  # E's knight closes the two-tile city at once
    # V turned 90 (road N–W): NNE lies in its big field, where player 0's farmer stays
    assert game.meeples_in_supply == [6, 7]


@pytest.mark.parametrize(
    ("doc", "rule", "index"),
    [
        pytest.param([], Rule.BAD_FILE, None, id="not-an-object"),
        pytest.param("{}", Rule.BAD_FILE, None, id="a-string"),
        pytest.param(changed(["format"], ...), Rule.BAD_FORMAT, None, id="missing-format"),
        pytest.param(changed(["format"], "carcassonne-board/2"), Rule.BAD_FORMAT, None, id="wrong-format"),
        pytest.param(changed(["format"], "Carcassonne-Board/1"), Rule.BAD_FORMAT, None, id="format-case"),
        pytest.param(changed(["players"], [{"name": "A"}]), Rule.BAD_PLAYERS, None, id="one-player"),
        pytest.param(changed(["players"], [{"name": c} for c in "ABCDEF"]), Rule.BAD_PLAYERS, None, id="six"),
        pytest.param(changed(["players"], []), Rule.BAD_PLAYERS, None, id="no-players"),
        pytest.param(changed(["players"], ...), Rule.BAD_PLAYERS, None, id="missing-players"),
        pytest.param(changed(["players"], {"name": "A"}), Rule.BAD_PLAYERS, None, id="players-not-list"),
        pytest.param(changed(["players", 0, "name"], ""), Rule.BAD_PLAYERS, None, id="empty-name"),
        pytest.param(changed(["players", 0, "name"], "   "), Rule.BAD_PLAYERS, None, id="blank-name"),
        pytest.param(changed(["players", 0, "name"], 7), Rule.BAD_PLAYERS, None, id="name-not-text"),
        pytest.param(changed(["players", 0], "Mina"), Rule.BAD_PLAYERS, None, id="player-not-object"),
        pytest.param(changed(["players", 1, "name"], ...), Rule.BAD_PLAYERS, None, id="missing-name"),
        pytest.param(changed(["players", 0, "color"], "purple"), Rule.BAD_PLAYERS, None, id="bad-colour"),
        pytest.param(changed(["players", 0, "color"], "Red"), Rule.BAD_PLAYERS, None, id="colour-case"),
        pytest.param(changed(["players", 1, "color"], "red"), Rule.BAD_PLAYERS, None, id="same-colour"),
        pytest.param(changed(["rules"], {"small_city": 3}), Rule.BAD_RULES, None, id="small-city-3"),
        pytest.param(changed(["rules"], {"small_city": "4"}), Rule.BAD_RULES, None, id="small-city-text"),
        pytest.param(changed(["rules"], {"small_city": True}), Rule.BAD_RULES, None, id="small-city-bool"),
        pytest.param(changed(["rules"], {"small_city": 4.0}), Rule.BAD_RULES, None, id="small-city-float"),
        pytest.param(changed(["rules"], {"farmers": "4th"}), Rule.BAD_RULES, None, id="farmers-4th"),
        pytest.param(changed(["rules"], {"farmers": 3}), Rule.BAD_RULES, None, id="farmers-number"),
        pytest.param(changed(["rules"], {"farmers": "third"}), Rule.BAD_RULES, None, id="farmers-word"),
        pytest.param(changed(["rules"], ["3rd"]), Rule.BAD_RULES, None, id="rules-not-object"),
        pytest.param(changed(["expansions"], ["rivers"]), Rule.BAD_EXPANSIONS, None, id="rivers"),
        pytest.param(changed(["expansions"], "river"), Rule.BAD_EXPANSIONS, None, id="expansions-text"),
        pytest.param(changed(["expansions"], ["river", "river"]), Rule.BAD_EXPANSIONS, None, id="twice"),
        pytest.param(changed(["expansions"], ["inns"]), Rule.BAD_EXPANSIONS, None, id="inns"),
        pytest.param(changed(["mode"], "Final"), Rule.BAD_MODE, None, id="mode-case"),
        pytest.param(changed(["mode"], "live"), Rule.BAD_MODE, None, id="mode-live"),
        pytest.param(changed(["banked"], [0, 0]), Rule.BAD_BANKED, None, id="banked-in-replay"),
        pytest.param(
            changed(["banked"], [3], changed(["mode"], "final")), Rule.BAD_BANKED, None, id="banked-short"
        ),
        pytest.param(
            changed(["banked"], [1, 2, 3], changed(["mode"], "final")),
            Rule.BAD_BANKED,
            None,
            id="banked-long",
        ),
        pytest.param(
            changed(["banked"], [1, -2], changed(["mode"], "final")),
            Rule.BAD_BANKED,
            None,
            id="banked-negative",
        ),
        pytest.param(
            changed(["banked"], [1, 2.5], changed(["mode"], "final")),
            Rule.BAD_BANKED,
            None,
            id="banked-float",
        ),
        pytest.param(
            changed(["banked"], "12", changed(["mode"], "final")), Rule.BAD_BANKED, None, id="banked-text"
        ),
        pytest.param(changed(["placements"], ...), Rule.BAD_PLACEMENT, None, id="missing-placements"),
        pytest.param(changed(["placements"], {}), Rule.BAD_PLACEMENT, None, id="placements-not-list"),
        pytest.param(changed(["placements", 1], "E@0,-1/180"), Rule.BAD_PLACEMENT, 1, id="placement-text"),
        pytest.param(changed(["placements", 1, "tile"], "Z"), Rule.UNKNOWN_TILE, 1, id="unknown-tile"),
        pytest.param(changed(["placements", 1, "tile"], "e"), Rule.UNKNOWN_TILE, 1, id="tile-case"),
        pytest.param(changed(["placements", 2, "tile"], ...), Rule.UNKNOWN_TILE, 2, id="missing-tile"),
        pytest.param(changed(["placements", 1, "tile"], 5), Rule.UNKNOWN_TILE, 1, id="tile-number"),
        pytest.param(changed(["placements", 1, "rotation"], 45), Rule.BAD_ROTATION, 1, id="rotation-45"),
        pytest.param(changed(["placements", 1, "rotation"], 360), Rule.BAD_ROTATION, 1, id="rotation-360"),
        pytest.param(changed(["placements", 1, "rotation"], -90), Rule.BAD_ROTATION, 1, id="rotation-neg"),
        pytest.param(changed(["placements", 1, "rotation"], "180"), Rule.BAD_ROTATION, 1, id="rotation-text"),
        pytest.param(
            changed(["placements", 1, "rotation"], 180.0), Rule.BAD_ROTATION, 1, id="rotation-float"
        ),
        pytest.param(changed(["placements", 0, "rotation"], True), Rule.BAD_ROTATION, 0, id="rotation-bool"),
        pytest.param(changed(["placements", 1, "x"], 0.5), Rule.BAD_POSITION, 1, id="x-float"),
        pytest.param(changed(["placements", 1, "x"], 0.0), Rule.BAD_POSITION, 1, id="x-whole-float"),
        pytest.param(changed(["placements", 1, "x"], True), Rule.BAD_POSITION, 1, id="x-bool"),
        pytest.param(changed(["placements", 1, "x"], 10**9), Rule.BAD_POSITION, 1, id="x-huge"),
        pytest.param(changed(["placements", 1, "y"], -(10**9)), Rule.BAD_POSITION, 1, id="y-huge"),
        pytest.param(changed(["placements", 1, "y"], "-1"), Rule.BAD_POSITION, 1, id="y-text"),
        pytest.param(changed(["placements", 1, "x"], ...), Rule.BAD_POSITION, 1, id="x-missing"),
        pytest.param(changed(["placements", 1, "x"], None), Rule.BAD_POSITION, 1, id="x-null"),
        pytest.param(changed(["placements", 1, "meeple", "at"], "NE"), Rule.UNKNOWN_PLACE, 1, id="place-NE"),
        pytest.param(changed(["placements", 1, "meeple", "at"], "s"), Rule.UNKNOWN_PLACE, 1, id="place-case"),
        pytest.param(changed(["placements", 1, "meeple", "at"], ""), Rule.UNKNOWN_PLACE, 1, id="place-empty"),
        pytest.param(
            changed(["placements", 1, "meeple", "at"], ...), Rule.UNKNOWN_PLACE, 1, id="place-missing"
        ),
        pytest.param(changed(["placements", 1, "meeple", "at"], 7), Rule.UNKNOWN_PLACE, 1, id="place-number"),
        pytest.param(
            changed(["placements", 1, "meeple", "player"], 2), Rule.UNKNOWN_PLAYER, 1, id="player-2"
        ),
        pytest.param(
            changed(["placements", 1, "meeple", "player"], -1), Rule.UNKNOWN_PLAYER, 1, id="player-neg"
        ),
        pytest.param(
            changed(["placements", 1, "meeple", "player"], "1"), Rule.UNKNOWN_PLAYER, 1, id="player-txt"
        ),
        pytest.param(
            changed(["placements", 1, "meeple", "player"], True), Rule.UNKNOWN_PLAYER, 1, id="player-bool"
        ),
        pytest.param(
            changed(["placements", 1, "meeple", "player"], ...), Rule.UNKNOWN_PLAYER, 1, id="no-player"
        ),
        pytest.param(changed(["placements", 1, "meeple"], "S"), Rule.BAD_PLACEMENT, 1, id="meeple-text"),
        pytest.param(changed(["placements", 1, "meeple"], [1, "S"]), Rule.BAD_PLACEMENT, 1, id="meeple-list"),
        pytest.param(
            changed(["placements"], [BASE["placements"][0]] * 73),
            Rule.TOO_MANY_PLACEMENTS,
            None,
            id="73-tiles",
        ),
        pytest.param(
            changed(["placements"], [BASE["placements"][0]] * 85, changed(["expansions"], ["river"])),
            Rule.TOO_MANY_PLACEMENTS,
            None,
            id="85-tiles-with-river",
        ),
    ],
)
def test_malformed_files(doc, rule, index):
    with pytest.raises(BoardFileError) as err:
        read_board(doc)
    assert err.value.rule is rule
    assert err.value.index == index
    assert not isinstance(err.value, IllegalPlacementError)
    assert err.value.message  # a sentence for the player
    json.dumps(err.value.as_dict())


@pytest.mark.parametrize(("name", "ok"), [("x" * 40, True), ("x" * 41, False), (" Mina ", True)])
def test_name_length(name, ok):
    doc = changed(["players", 0, "name"], name)
    if ok:
        assert build_game(read_board(doc)).players[0].name == name.strip()
    else:
        with pytest.raises(BoardFileError) as err:
            read_board(doc)
        assert err.value.rule is Rule.BAD_PLAYERS


@pytest.mark.parametrize("players", [0, 1, 6])
def test_a_game_has_two_to_five_players(players):
    with pytest.raises(SetupError) as err:
        Game(players)
    assert err.value.rule is Rule.BAD_PLAYERS
    assert not isinstance(err.value, BoardFileError)  # no file was read


def test_inns_and_cathedrals_allow_six_players():
    assert len(Game(6, expansions=["inns-cathedrals"]).players) == 6
    with pytest.raises(SetupError):
        Game(7, expansions=["inns-cathedrals"])


def test_score_board_refuses_malformed_files_the_same_way():
    with pytest.raises(BoardFileError) as err:
        score_board(changed(["players"], [{"name": "A"}]))
    assert err.value.rule is Rule.BAD_PLAYERS


@pytest.mark.parametrize(
    "doc",
    [
        changed(["placements"], [BASE["placements"][0]] * 72),  # reads; the rules are checked later
        changed(["placements"], [BASE["placements"][0]] * 84, changed(["expansions"], ["river"])),
        changed(["players"], [{"name": c} for c in "ABCDE"]),
        changed(["players", 0, "color"], None),
        changed(["rules"], {}),
        changed(["rules"], {"small_city": 2, "farmers": "1st"}),
        changed(["expansions"], []),
        changed(["mode"], "final"),
        changed(["banked"], [0, 12], changed(["mode"], "final")),
        changed(["placements", 0, "rotation"], ...),  # the rotation defaults to 0
        changed(["placements", 1, "x"], 72),  # as far as 72 tiles in a line can reach
    ],
)
def test_well_formed_files_read(doc):
    board = read_board(doc)
    assert len(board.players) == len(doc["players"]) and len(board.placements) == len(doc["placements"])


@pytest.mark.parametrize(
    ("texts", "river", "rule", "index"),
    [
        (["E@0,0/0"], False, Rule.START_TILE, 0),
        (["D@0,0/0", "U@2,0/0"], False, Rule.NOT_ADJACENT, 1),
        (["D@0,0/0", "U@1,0/0", "E@0,1/0"], False, Rule.EDGE_MISMATCH, 2),
        (["D@0,0/0", "U@1,0/0", "U@1,0/0"], False, Rule.SQUARE_TAKEN, 2),
        (["D@0,0/0", "C@0,-1/0", "C@0,-2/0"], False, Rule.NO_TILE_LEFT, 2),
        (["D@0,0/0", "U@1,0/0:0N", "U@2,0/0:1N"], False, Rule.FEATURE_OCCUPIED, 2),
        (["D@0,0/0", "U@1,0/0:0C"], False, Rule.NO_FEATURE_THERE, 1),
        (["D@0,0/0", "river-straight@1,0/0"], False, Rule.RIVER_NOT_IN_PLAY, 1),
        (["D@0,0/0"], True, Rule.START_TILE, 0),
        ([RIVER[0], "B@0,-1/0"], True, Rule.RIVER_FIRST, 1),
        ([*RIVER[:3], "river-curve@2,1/90"], True, Rule.RIVER_SAME_TURN, 3),
        ([RIVER[0], "river-lake@1,0/0"], True, Rule.LAKE_TOO_EARLY, 1),
        ([RIVER[0], "river-straight@0,1/0"], True, Rule.RIVER_NOT_CONTINUED, 1),
        ([RIVER[0], "river-straight@1,0/0:0E"], True, Rule.NO_FEATURE_THERE, 1),  # on the river itself
    ],
)
def test_rule_breaks_name_the_placement(texts, river, rule, index):
    doc = doc_of(texts, expansions=["river"] if river else [])
    with pytest.raises(IllegalPlacementError) as err:
        build_game(read_board(doc))
    e = err.value
    p = Placement.parse(texts[index])
    assert e.rule is rule
    assert (e.index, e.tile, e.x, e.y) == (index, p.tile, p.x, p.y)
    assert e.message.startswith(f"Tile {index + 1} ({p.tile} at ({p.x}, {p.y})): ")  # a player counts from 1
    data = e.as_dict()
    assert (data["rule"], data["placement"], data["tile"], data["x"], data["y"]) == (
        rule.value,
        index,
        p.tile,
        p.x,
        p.y,
    )


def test_the_eighth_meeple_is_refused_in_a_file():
    doc = doc_of([*SEVEN_OUT, "U@-1,0/0:0W"])
    with pytest.raises(IllegalPlacementError) as err:
        build_game(read_board(doc))
    assert err.value.rule is Rule.NO_MEEPLE_LEFT
    assert err.value.index == len(SEVEN_OUT)


# -- round trips ---------------------------------------------------------------------------------


def reread(game: Game) -> Game:
    return build_game(read_board(json.loads(json.dumps(write_board(game)))))


@pytest.mark.parametrize(
    "game",
    [
        pytest.param(lambda: game_of(*CLOISTER_AND_ROAD_TOGETHER), id="cloister-and-road"),
        pytest.param(lambda: game_of(*MERGED_CITIES, small_city=2, farmers="1st"), id="merged-1st"),
        pytest.param(lambda: game_of(*RIVER, river=True, players=["Ann", "Bo", "Cy"]), id="river"),
        pytest.param(lambda: random_full_game(11, 4), id="random-4-players"),
        pytest.param(lambda: random_full_game(12, 2, river=True, meeple_chance=0.9), id="random-river"),
        pytest.param(lambda: game_of(*MERGED_CITIES, mode="final", banked=[3, 9]), id="final-banked"),
    ],
)
def test_write_then_read_gives_the_same_game(game):
    game = game()
    again = reread(game)
    # the board, the meeples on it, the supply, the scores and every score event are the same
    assert again.board.state() == game.board.state()
    assert (again.scores, again.meeples_in_supply) == (game.scores, game.meeples_in_supply)
    assert [t.events for t in again.turns] == [t.events for t in game.turns]
    assert again.report() == game.report()
    assert write_board(again) == write_board(game)
    # and a file the project wrote reads back to exactly the same game state
    assert reread(again).state() == again.state()


@pytest.mark.parametrize("seed", range(4))
def test_round_trip_of_random_games_is_exact(seed):
    game = random_full_game(30 + seed, 2 + seed, river=bool(seed % 2), meeple_chance=0.8)
    assert reread(game).state() == game.state()


def test_round_trip_of_the_documented_example_is_exact():
    # board-format.md's own example names E's knight "S"; reading what the project writes back
    # must give the same game state (game.state() includes each turn's placement)
    game = build_game(read_board(BASE))
    assert reread(game).state() == game.state()


def test_written_file_matches_the_format():
    game = game_of(*MERGED_CITIES, mode="final", banked=[3, 9], players=[Player("P1", "red"), "P2"])
    doc = write_board(game)
    assert doc["format"] == "carcassonne-board/1"
    assert doc["players"] == [{"name": "P1", "color": "red"}, {"name": "P2"}]
    assert doc["rules"] == {"small_city": 4, "farmers": "3rd"}
    assert doc["expansions"] == []
    assert doc["mode"] == "final"
    assert doc["banked"] == [3, 9]
    written = doc["placements"][1]
    assert {k: written[k] for k in ("tile", "x", "y", "rotation")} == {
        "tile": "N",
        "x": 0,
        "y": -1,
        "rotation": 180,
    }
    # the knight was given as "S": whatever place is written must name the same city of that tile
    o = game.board[(0, -1)].orientation
    assert written["meeple"]["player"] == 0
    assert o.feature_at[Place[written["meeple"]["at"]]] == o.feature_at[Place.S]
    assert "banked" not in write_board(game_of(*MERGED_CITIES))


def test_meeple_written_by_another_place_of_the_same_feature_reads_to_the_same_board():
    # the documented example names E's knight "S" (a knight may be written by any place of its city)
    game = build_game(read_board(BASE))
    again = reread(game)
    written = write_board(game)["placements"][1]["meeple"]
    assert written["player"] == 1
    o = game.board[(0, -1)].orientation
    assert o.feature_at[Place[written["at"]]] == o.feature_at[Place.S]
    assert again.board.state() == game.board.state()
    assert again.scores == game.scores and again.meeples_in_supply == game.meeples_in_supply
    assert reread(again).state() == again.state()


@pytest.mark.parametrize("river", [False, True])
def test_round_trip_of_a_document(river):
    game = random_full_game(21, 3, river=river)
    doc = json.loads(json.dumps(write_board(game)))
    assert write_board(build_game(read_board(doc))) == doc


# -- the placement text form ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "placement"),
    [
        ("E@0,-1/180:1S", Placement("E", 0, -1, 180, Meeple(1, Place.S))),
        ("V@1,0/90", Placement("V", 1, 0, 90)),
        ("D@0,0/0", Placement("D", 0, 0)),
        (
            "river-city-corner@-12,7/270:4WNW",
            Placement("river-city-corner", -12, 7, 270, Meeple(4, Place.WNW)),
        ),
        ("B@3,3/0:0C", Placement("B", 3, 3, 0, Meeple(0, Place.C))),
    ],
)
def test_placement_text_round_trips(text, placement):
    assert Placement.parse(text) == placement
    assert str(placement) == text
    assert Placement.parse(str(placement)) == placement
    namespace = {"Placement": Placement, "Meeple": Meeple, "Place": Place}
    assert eval(repr(placement), namespace) == placement


@pytest.mark.parametrize(
    "text",
    [
        "",
        "E",
        "E@0,0",
        "E@0,0/45",
        "E@0,0/180:1",
        "E@0,0/180:1X",
        "E@a,0/0",
        "@0,0/0",
        "E@0,0/0:S",
        "E@0,0/0:1s",
    ],
)
def test_bad_placement_text(text):
    with pytest.raises(ValueError):
        Placement.parse(text)


def test_every_placement_of_random_games_round_trips_as_text():
    for seed in range(3):
        for p in random_full_game(seed, 5, river=bool(seed % 2), meeple_chance=1.0).placements:
            assert Placement.parse(str(p)) == p
            assert eval(repr(p), {"Placement": Placement, "Meeple": Meeple, "Place": Place}) == p
