"""The practice boards as data: every position is legal, every board can be solved and failed, the
engine refuses what each board is about with the rule it is about, and every language has its texts."""

import re
import string
import tomllib

import pytest

from scorer.engine import FigureKind, IllegalPlacementError, Placement, Rule
from tutorial import content
from tutorial.practice import PRACTICES, SET_ASIDE, Fits, Turn, dragon_reach, judge, open_towers

LANGUAGES = ("en", "zh-hant", "zh-hans", "fa")
TEXTS = ("title", "task", "hint", "solved", "not_yet")
PLACEHOLDERS = {"points", "cities"}


def turn_of(slug: str, text: str) -> Turn:
    practice = PRACTICES[slug]
    game = practice.game()
    placement = Placement.parse(text).laid_by(practice.learner)
    return Turn(game, placement, game.push(placement), practice.learner)


def refusal(slug: str, text: str) -> Rule:
    practice = PRACTICES[slug]
    with pytest.raises(IllegalPlacementError) as caught:
        practice.game().push(Placement.parse(text).laid_by(practice.learner))
    return caught.value.rule


def test_there_are_enough_boards_across_the_chapters():
    assert len(PRACTICES) >= 12
    chapters = {p.chapter for p in PRACTICES.values()}
    assert {"placing-tiles", "placing-meeples", "roads", "cities", "cloisters", "farms", "river"} <= chapters
    assert any(p.expansions and p.expansions != ("river",) for p in PRACTICES.values())


@pytest.mark.parametrize("slug", [s for s, p in PRACTICES.items() if p.solution])
def test_the_solution_solves_the_board(slug):
    assert judge(PRACTICES[slug], turn_of(slug, PRACTICES[slug].solution))


TASKS = [s for s, p in PRACTICES.items() if Fits() not in p.goals and not p.set_aside]


@pytest.mark.parametrize("slug", TASKS)
def test_a_legal_turn_can_still_miss_the_task(slug):
    """The task asks more than "lay it anywhere": some legal placement of the tile does not do it."""
    practice = PRACTICES[slug]
    missed = [
        placement
        for placement in practice.game().legal_placements(practice.tile)
        if not judge(practice, turn_of(slug, str(placement)))
    ]
    assert missed


@pytest.mark.parametrize("slug", PRACTICES)
def test_the_tile_fits_somewhere_unless_it_is_to_be_set_aside(slug):
    practice = PRACTICES[slug]
    fits = bool(practice.game().legal_placements(practice.tile))
    assert fits == (SET_ASIDE not in practice.goals) == (practice.solution is not None)


@pytest.mark.parametrize("slug", PRACTICES)
def test_the_learner_holds_a_tile_the_box_still_has(slug):
    practice = PRACTICES[slug]
    assert practice.game().board.supply.get(practice.tile, 0) > 0


def test_an_edge_mismatch_is_refused_with_the_sides_named():
    with pytest.raises(IllegalPlacementError) as caught:
        PRACTICES["fit-first"].game().push(Placement.parse("K@0,-1/0"))
    assert caught.value.rule is Rule.EDGE_MISMATCH
    assert caught.value.facts == {"side": "S", "own": "R", "theirs": "C"}


def test_the_crossroads_fits_nowhere_though_road_ends_are_open():
    practice = PRACTICES["fits-nowhere"]
    game = practice.game()
    assert not game.legal_placements(practice.tile)
    # Both ends of the start tile's road are still open: a field or a city sits beside each.
    assert {(-1, 0), (1, 0)} <= game.board.open_squares


def test_a_knight_in_an_occupied_city_is_refused():
    assert refusal("meeple-occupied", "P@1,-2/0:0N") is Rule.FEATURE_OCCUPIED
    assert judge(PRACTICES["meeple-occupied"], turn_of("meeple-occupied", "P@1,-2/0:0E"))
    # Laid without a figure, or away from Red's city, the task is not done.
    assert not judge(PRACTICES["meeple-occupied"], turn_of("meeple-occupied", "P@1,-2/0"))


def test_the_gap_takes_only_one_rotation_of_the_tile():
    practice = PRACTICES["fill-gap"]
    assert practice.game().legal_placements(practice.tile).squares()[(0, 1)] == [90]


def test_joining_the_cities_scores_them_for_blue():
    turn = turn_of("city-join", PRACTICES["city-join"].solution)
    assert [(e.feature.value, e.points, e.winners) for e in turn.events] == [("city", 8, (0,))]
    assert refusal("city-join", "F@0,1/90") is Rule.EDGE_MISMATCH


def test_two_knights_beat_one():
    turn = turn_of("majority-join", PRACTICES["majority-join"].solution)
    assert [(e.points, e.winners) for e in turn.events] == [(8, (0,))]


def test_the_eighth_neighbour_completes_the_cloister():
    turn = turn_of("cloister-close", PRACTICES["cloister-close"].solution)
    assert [(e.feature.value, e.points, e.complete) for e in turn.events] == [("cloister", 9, True)]


def test_a_farmer_counts_the_completed_cities_of_its_field():
    assert turn_of("farm-cities", "D@1,0/0:0ENE").farmer_cities == 2
    # South of the road, the field touches no city at all.
    missed = turn_of("farm-cities", "D@1,0/0:0SSE")
    assert missed.farmer_cities == 0 and not judge(PRACTICES["farm-cities"], missed)
    # West of the start tile the farmer's field touches one completed city and one open one.
    assert turn_of("farm-cities", "D@-1,0/0:0ENE").farmer_cities == 1


def test_the_river_may_not_turn_the_same_way_twice():
    assert refusal("river-turn", "river-curve@2,1/90") is Rule.RIVER_SAME_TURN
    assert refusal("river-turn", "river-curve@1,1/270") is Rule.RIVER_NOT_CONTINUED
    practice = PRACTICES["river-turn"]
    assert list(practice.game().legal_placements(practice.tile)) == [Placement.parse(practice.solution)]


def test_the_lake_goes_at_the_rivers_end_only():
    practice = PRACTICES["river-lake"]
    game = practice.game()
    assert list(game.legal_placements("river-lake")) == [Placement.parse(practice.solution)]
    # Every river tile but the lake is already down.
    river_left = {n: c for n, c in game.board.supply.items() if n.startswith("river") and c}
    assert river_left == {"river-lake": 1}


def test_only_the_abbot_stands_on_a_garden():
    assert refusal("abbot-garden", "U-garden@1,1/90:0C") is Rule.GARDEN_ONLY_ABBOT
    turn = turn_of("abbot-garden", PRACTICES["abbot-garden"].solution)
    assert [f.kind for f in turn.game.figures if f.square == (1, 1)] == [FigureKind.ABBOT]


def test_the_inn_doubles_the_road():
    turn = turn_of("inn-close", PRACTICES["inn-close"].solution)
    assert [(e.points, e.inn) for e in turn.events] == [(8, True)]


def test_a_thief_is_safe_only_where_no_open_tower_reaches():
    practice = PRACTICES["tower-safe"]
    # The western tower is closed by Red's meeple; the bare foundation counts, at height 0.
    assert open_towers(practice.game()) == [((1, 0), 1), ((2, 0), 0)]
    assert judge(practice, turn_of("tower-safe", "U@-2,0/0:0E"))
    # Two squares east of a tower of one floor: its next floor reaches that far.
    assert not judge(practice, turn_of("tower-safe", "U@3,0/0:0E"))
    # Safe, but no thief on the road.
    assert not judge(practice, turn_of("tower-safe", "U@-2,0/0:0N"))
    assert not judge(practice, turn_of("tower-safe", "U@-2,0/0"))


def test_closing_the_threatened_city_brings_the_knight_home():
    practice = PRACTICES["tower-close"]
    turn = turn_of("tower-close", practice.solution)
    assert [(e.feature.value, e.points, e.winners) for e in turn.events] == [("city", 6, (0,))]
    assert turn.game.meeples_in_supply[0] == practice.game().meeples_in_supply[0] + 1
    # The same cap closes the other city, whose knight no tower could reach: not the task.
    other = turn_of("tower-close", "E@0,1/270")
    assert [e.points for e in other.events] == [4] and not judge(practice, other)


def test_closing_the_city_beside_the_dragon_brings_the_knight_home():
    practice = PRACTICES["dragon-close"]
    turn = turn_of("dragon-close", practice.solution)
    assert [(e.feature.value, e.points, e.winners) for e in turn.events] == [("city", 6, (0,))]
    assert turn.game.meeples_in_supply[0] == practice.game().meeples_in_supply[0] + 1
    # The same cap closes the other city, far from the dragon: not the task.
    other = turn_of("dragon-close", "E@0,1/270")
    assert [e.points for e in other.events] == [4] and not judge(practice, other)


def test_the_volcano_is_safe_only_where_the_fairy_walls_the_dragon_off():
    practice = PRACTICES["volcano-safe"]
    # South and east of the fairy's square (1, 0) the dragon never reaches the monk on (-2, 0) ...
    for safe in ("pd-volcano@2,1/0", "pd-volcano@2,-1/0", "pd-volcano@1,1/0"):
        assert judge(practice, turn_of("volcano-safe", safe)), safe
    # ... west of it the monk is a few steps away, and north of it the city cap leads round the wall.
    for unsafe in ("pd-volcano@0,1/0", "pd-volcano@-2,1/0", "pd-volcano@1,-1/0", "pd-volcano@0,-2/0"):
        assert not judge(practice, turn_of("volcano-safe", unsafe)), unsafe
    # Beside the fairy with nowhere else to go, the dragon reaches nothing but its own square.
    assert dragon_reach(turn_of("volcano-safe", "pd-volcano@1,1/0").game, (1, 1), (1, 0)) == {(1, 1)}
    # No figure ever stands on a volcano as it is laid.
    with pytest.raises(IllegalPlacementError) as caught:
        practice.game().push(Placement.parse("pd-volcano@2,1/0:0C"))
    assert caught.value.rule is Rule.VOLCANO


def test_only_a_scoring_that_pays_red_alone_opens_the_city():
    practice = PRACTICES["count-earn"]
    turn = turn_of("count-earn", practice.solution)
    assert [(e.feature.value, e.points, e.winners) for e in turn.events] == [("city", 4, (1,))]
    # The engine agrees: with that turn Blue may go into a quarter ...
    entered = practice.game()
    entered.push(Placement.parse(practice.solution + ":quarter=castle").laid_by(practice.learner))
    assert entered.supply(0)[FigureKind.MEEPLE] == practice.game().supply(0)[FigureKind.MEEPLE] - 1
    # ... and with the cap on Blue's own city it refuses, as the board does.
    own = turn_of("count-earn", "E@-2,3/0")
    assert [e.winners for e in own.events] == [(0,)] and not judge(practice, own)
    assert refusal("count-earn", "E@-2,3/0:quarter=castle") is Rule.BAD_QUARTER
    # Laid where it closes nothing, the cap lets no one in either.
    assert not judge(practice, turn_of("count-earn", "E@2,0/90"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_board_has_its_texts_in_every_language(lang):
    with (content.CONTENT / lang / "practice.toml").open("rb") as handle:
        texts = tomllib.load(handle)
    assert set(texts) == set(PRACTICES)
    for slug, table in texts.items():
        assert set(table) == set(TEXTS), slug
        for key, text in table.items():
            assert text.strip(), (slug, key)
            # Numbers come from the engine through placeholders, never written into the text.
            assert not re.search(r"[0-9۰-۹]", text), (slug, key)
            names = {name for _, name, _, _ in string.Formatter().parse(text) if name}
            assert names <= PLACEHOLDERS, (slug, key, names)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_board_sits_once_in_its_own_chapter(lang):
    embedded = [
        (piece.slug, slug)
        for slug in content.CHAPTERS
        for piece in content.chapter(lang, slug).widgets
        if piece.kind == "practice"
    ]
    assert sorted(embedded) == sorted((s, p.chapter) for s, p in PRACTICES.items())


def test_the_persian_texts_use_persian_words_for_the_colours():
    with (content.CONTENT / "fa" / "practice.toml").open("rb") as handle:
        texts = tomllib.load(handle)
    assert "آبی" in texts["road-close"]["task"] and "قرمز" in texts["meeple-occupied"]["task"]


def test_traditional_chinese_calls_a_field_a_farm_field():
    with (content.CONTENT / "zh-hant" / "practice.toml").open("rb") as handle:
        texts = tomllib.load(handle)
    everything = "".join(t for table in texts.values() for t in table.values())
    assert "農地" in everything and "草地" not in everything


def test_simplified_chinese_never_splits_a_tie():
    with (content.CONTENT / "zh-hans" / "practice.toml").open("rb") as handle:
        texts = tomllib.load(handle)
    everything = "".join(t for table in texts.values() for t in table.values())
    assert "平分" not in everything and "比人数" in everything
