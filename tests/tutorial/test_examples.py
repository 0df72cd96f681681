"""The tutor's scripted examples and quizzes, held to the engine and to the content files."""

from __future__ import annotations

import re
import string
import tomllib
from functools import cache
from pathlib import Path

import pytest

from scorer.engine import Expansion, FeatureKind, FigureKind, IllegalPlacementError, Placement, Rule, Rules
from scorer.engine.actions import kind_of
from scorer.engine.expansions.count import COUNT, Quarter, Resident
from scorer.engine.tilesets.count import CITY_SQUARES
from tutorial import content
from tutorial.examples import CITY, EXAMPLES, QUIZZES
from tutorial.scripts import COLOURS, NO, YES, Ask, caption_values, new_game, quiz_answer, run, solve

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "tutorial-content.md"
CONTENT = ROOT / "tutorial" / "content"

DIGITS = re.compile(r"[0-9۰-۹٠-٩]")
"""ASCII, Persian and Arabic-Indic digits."""
_DIGIT_VALUE = str.maketrans("۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩", "01234567890123456789")

EXTRA_EXAMPLES = {"city-two-old": "cities"}
"""Examples the doc names only in passing ("`city-two` (4 / 2)"): the old-rule twin of city-two."""

MAX_TILES = 12
MAX_STEPS = 4


def tiles_beyond_the_start(expansions: tuple[str, ...], setup: tuple[str, ...]) -> int:
    """Tiles a board holds besides the City of Carcassonne, which the Count's games start with."""
    return len(setup) - (len(CITY) if "count" in expansions else 0)


WHOLE_GAMES = {"whole-game"}
"""Examples that play a whole short game, from the start tile to the final score: their length is
the point, so they are held to that instead of to the size of the others."""

REFUSALS = {
    "edge-mismatch": (Rule.EDGE_MISMATCH,),
    "river-field": (Rule.FEATURE_OCCUPIED,),
    "tower-reach": (Rule.BAD_CAPTURE,),
    "portal-figure": (Rule.BAD_PORTAL,),
}
"""What each example's refused steps are refused for, in order."""


# -- what the doc asks for ---------------------------------------------------------------------


def _section(text: str, heading: str) -> str:
    start = text.index(f"## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def _tables(section: str) -> list[list[list[str]]]:
    """Every table of a section, each as its rows of cells, header first."""
    tables: list[list[list[str]]] = []
    inside = False
    for line in section.splitlines():
        if not line.startswith("|"):
            inside = False
            continue
        if not inside:
            tables.append([])
            inside = True
        if not set(line) <= set("|-: "):
            tables[-1].append([cell.strip() for cell in line.strip("|").split("|")])
    return tables


def _table_rows(section: str, first_header: str | None = None) -> list[list[str]]:
    """The rows of the section's first table (or the first whose header starts with
    ``first_header``), without the header."""
    for table in _tables(section):
        if first_header is None or table[0][0] == first_header:
            return table[1:]
    raise AssertionError(f"no table headed {first_header!r}")


@cache
def doc_chapters() -> dict[str, str]:
    """Every chapter slug, by chapter, with the part of its row that names its examples."""
    rows = _table_rows(_section(DOC.read_text(encoding="utf-8"), "Chapters"))
    return {row[0].strip("`"): row[2] for row in rows}


@cache
def doc_examples() -> dict[str, str]:
    """Example slug -> chapter slug, as the doc's chapter table lists them."""
    examples: dict[str, str] = {}
    for chapter, covers in doc_chapters().items():
        match = re.search(r"\bexamples?\b(.*)$", covers)
        if match:
            for slug in re.findall(r"`([a-z0-9-]+)`", match.group(1)):
                examples[slug] = chapter
    return examples


@cache
def doc_quizzes() -> dict[str, str]:
    """Quiz slug -> chapter slug, from the doc's quiz table."""
    rows = _table_rows(_section(DOC.read_text(encoding="utf-8"), "Quizzes"), "slug")
    return {row[0].strip("`"): row[1] for row in rows}


@cache
def doc_quiz_kinds() -> dict[str, str]:
    """Quiz slug -> what it asks, from the doc's quiz table."""
    rows = _table_rows(_section(DOC.read_text(encoding="utf-8"), "Quizzes"), "slug")
    return {row[0].strip("`"): row[2] for row in rows}


@cache
def doc_markers() -> dict[str, list[str]]:
    """Chapter slug -> its markers in order, from the doc's markers table."""
    rows = _table_rows(_section(DOC.read_text(encoding="utf-8"), "Markers per chapter, in this order"))
    markers: dict[str, list[str]] = {}
    for row in rows:
        for chapter in row[0].split(","):
            markers[chapter.strip()] = re.findall(r"\[\[(\w+ [a-z0-9-]+)\]\]", row[1])
    return markers


def test_doc_is_parsed():
    assert "road-loop" in doc_examples()
    assert doc_examples()["three-farmers"] == "farms"
    assert doc_quizzes()["farm-points"] == "farms"
    assert doc_quiz_kinds()["tile-turn"] == "turn"
    assert doc_markers()["overview"] == []
    assert doc_markers()["roads"][0] == "example road-loop"


def test_every_quiz_asks_what_the_doc_says():
    assert {slug: quiz.ask.value for slug, quiz in QUIZZES.items()} == doc_quiz_kinds()


@pytest.mark.parametrize("chapter", content.CHAPTERS)
def test_chapters_embed_the_markers_the_doc_lists(chapter):
    embedded = [f"{p.kind} {p.slug}" for p in content.chapter("en", chapter).widgets if p.kind != "practice"]
    assert embedded == doc_markers()[chapter]


def test_every_example_in_the_doc_exists():
    for slug, chapter in doc_examples().items():
        assert slug in EXAMPLES, f"example {slug!r} of chapter {chapter!r} is missing"
        assert EXAMPLES[slug].chapter == chapter, slug
    for slug, chapter in EXTRA_EXAMPLES.items():
        assert EXAMPLES[slug].chapter == chapter


def test_every_quiz_in_the_doc_exists():
    for slug, chapter in doc_quizzes().items():
        assert slug in QUIZZES, f"quiz {slug!r} of chapter {chapter!r} is missing"
        assert QUIZZES[slug].chapter == chapter, slug


def test_no_unknown_slugs_or_chapters():
    assert set(EXAMPLES) == set(doc_examples()) | set(EXTRA_EXAMPLES)
    assert set(QUIZZES) == set(doc_quizzes())
    for item in [*EXAMPLES.values(), *QUIZZES.values()]:
        assert item.chapter in doc_chapters()


def test_slugs_match_keys():
    assert all(slug == example.slug for slug, example in EXAMPLES.items())
    assert all(slug == quiz.slug for slug, quiz in QUIZZES.items())


# -- examples against the engine ---------------------------------------------------------------


@cache
def results(slug: str):
    return run(EXAMPLES[slug])


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_example_shape(slug):
    example = EXAMPLES[slug]
    assert 2 <= len(example.players) <= 3
    assert len(set(example.players)) == len(example.players)
    assert set(example.players) <= set(COLOURS)
    if "count" in example.expansions:
        assert example.setup[: len(CITY)] == CITY, "a game with the Count starts with the City"
    else:
        start = Placement.parse(example.setup[0])
        assert (start.tile, start.x, start.y) == (
            ("river-spring", 0, 0) if "river" in example.expansions else ("D", 0, 0)
        )
    laid = [s.move for s in example.steps if s.move is not None and not s.refused]
    tiles = tiles_beyond_the_start(example.expansions, example.setup) + len(laid)
    if slug in WHOLE_GAMES:
        assert example.setup == ("D@0,0/0",), "a whole game starts from the start tile alone"
        assert len(example.players) == 2 and 13 <= tiles <= 18
        assert example.steps[-1].end
    else:
        assert 1 <= len(example.steps) <= MAX_STEPS
        assert tiles <= MAX_TILES
    for i, step in enumerate(example.steps):
        assert (step.move is None) == step.end
        assert not (step.refused and step.end)
        assert not step.market or (step.end and "count" in example.expansions)
        if step.end:
            assert i == len(example.steps) - 1, "the game's end is the last step"
    for expect in example.expect:
        assert 1 <= expect.step <= len(example.steps)
        assert set(expect.winners) <= set(example.players)


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_example_runs_legally(slug):
    example = EXAMPLES[slug]
    steps = results(slug)  # raises IllegalPlacementError on any illegal placement
    assert len(steps) == len(example.steps) + 1
    # the starting position has scored nothing yet: the first caption starts from zero
    start = new_game(example.players, example.rules, example.expansions, example.setup)
    assert start.events == []
    assert steps[0].scores == (0,) * len(example.players)


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_example_scores_exactly_what_the_rules_say(slug):
    example = EXAMPLES[slug]
    steps = results(slug)
    for number in range(1, len(example.steps) + 1):
        events = steps[number].events
        expected = [e for e in example.expect if e.step == number]
        got = [(e.subject, e.points, tuple(example.players[w] for w in e.winners)) for e in events]
        want = [(e.feature, e.points, e.winners) for e in expected]
        assert got == want, f"{slug}, step {number}"
        for event, expect in zip(events, expected):
            if expect.complete is not None:
                assert event.complete is expect.complete, f"{slug}, step {number}: {expect}"


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_meeples_come_back_after_scoring(slug):
    """Every meeple on a feature that scores in play is back in supply after the step (a step that
    moves figures otherwise, a tower's, states its supply in ``holds`` instead)."""
    example = EXAMPLES[slug]
    steps = results(slug)
    stated = {h.step for h in example.holds if h.meeples is not None}
    for number, (before, after, step) in enumerate(zip(steps, steps[1:], example.steps), 1):
        if step.end or step.refused or number in stated:
            continue
        placed = after.placement.meeple if after.placement else None
        for player in range(len(example.players)):
            returned = sum(
                1
                for e in after.events
                if e.feature is not FeatureKind.FIELD
                for spot in e.meeple_spots
                if spot.player == player and spot.kind is FigureKind.MEEPLE
            )
            spent = (
                1
                if placed is not None and placed.player == player and placed.kind is FigureKind.MEEPLE
                else 0
            )
            assert after.meeples[player] == before.meeples[player] - spent + returned


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_a_refused_step_is_refused_for_its_rule_and_changes_nothing(slug):
    example = EXAMPLES[slug]
    steps = results(slug)
    refused = [n for n, step in enumerate(example.steps, 1) if step.refused]
    assert tuple(steps[n].refused.rule for n in refused) == REFUSALS.get(slug, ())
    for n in refused:
        before, after = steps[n - 1], steps[n]
        assert after.game.board.tiles.keys() == before.game.board.tiles.keys()
        assert (after.scores, after.meeples, after.events) == (before.scores, before.meeples, ())
        assert after.placement == Placement.parse(example.steps[n - 1].move)
        # the very move is made at the next step, as the rules allow it (its figure left off)
        following = example.steps[n] if n < len(example.steps) else None
        assert following is not None and following.move is not None
        tried, made = Placement.parse(example.steps[n - 1].move), Placement.parse(following.move)
        assert (tried.tile, tried.square) == (made.tile, made.square)


def _tower_step(step) -> bool:
    """The step takes one of The Tower's, Princess & Dragon's or The Count's actions (a floor, a
    figure onto a tower, a ransom; the fairy, the princess, a portal's figure, the dragon's steps; a
    follower into a quarter, followers out of the City), or lays a volcano."""
    if step.move is None or step.refused:
        return False
    placement = Placement.parse(step.move)
    boxes = (Expansion.TOWER, Expansion.PRINCESS_DRAGON, Expansion.COUNT)
    return placement.tile.endswith("volcano") or any(kind_of(a).expansion in boxes for a in placement.actions)


@pytest.mark.parametrize("slug", sorted(s for s, e in EXAMPLES.items() if e.holds))
def test_what_a_step_leaves_on_the_board_is_what_the_rules_say(slug):
    """Towers, prisoners and the supply after each step the script states them for."""
    example = EXAMPLES[slug]
    steps = results(slug)
    for holds in example.holds:
        result = steps[holds.step]
        where = f"{slug}, step {holds.step}"
        assert result.towers == tuple(sorted(((x, y), h) for x, y, h in holds.towers)), where
        got = sorted((example.players[h.holder], example.players[h.player]) for h in result.held)
        assert got == sorted(holds.prisoners), where
        if holds.meeples is not None:
            assert result.meeples == holds.meeples, where
        assert result.dragon == holds.dragon, where
        assert result.fairy == holds.fairy, where
        assert (result.count.value if result.count else None) == holds.count, where
        got = sorted((example.players[r.player], r.quarter.value, r.kind.value) for r in result.residents)
        want = []
        for colour, quarter in holds.quarters:
            name, _, kind = quarter.partition("+")
            want.append((colour, name, kind or "meeple"))
        assert got == sorted(want), where


@pytest.mark.parametrize("slug", sorted(EXAMPLES))
def test_every_tower_step_is_held_to_the_rules(slug):
    """A step with a floor, a figure onto a tower or a ransom says what it leaves on the board, and
    the supply too where figures leave or come back otherwise than by scoring."""
    example = EXAMPLES[slug]
    steps = results(slug)
    holds = {h.step: h for h in example.holds}
    for number, step in enumerate(example.steps, 1):
        if not _tower_step(step):
            continue
        assert number in holds, f"{slug}, step {number}: a tower step with no Holds"
        before, after = steps[number - 1], steps[number]
        scored = {s for e in after.events for s in e.meeple_spots}
        moved = before.meeples != after.meeples and not scored
        assert holds[number].meeples is not None or not moved, f"{slug}, step {number}: say the supply"


def test_the_tower_examples_show_what_the_chapter_teaches():
    """A floor that reaches across a gap (and a diagonal refused), a capture that breaks a majority,
    an exchange that empties both jails, and a ransom paid from points scored in the example."""
    reach = results("tower-reach")
    assert [r.raised for r in reach] == [0, 1, 0, 0, 2]
    assert reach[3].refused.facts.get("problem") == "out_of_reach"
    majority = results("tower-majority")
    without = new_game(
        ("blue", "red"), EXAMPLES["tower-majority"].rules, ("tower",), EXAMPLES["tower-majority"].setup
    )
    joined = Placement.parse("R@0,1/180")
    assert {w for e in without.score_of(joined) for w in e.winners} == {1}, "without the capture Red wins"
    assert set(majority[-1].events[0].winners) == {0, 1}
    exchange = results("tower-exchange")
    assert exchange[1].held and not exchange[2].held
    ransom = results("tower-ransom")
    assert ransom[2].scores[1] >= 3 and ransom[3].meeples == (7, 7)
    values = caption_values(EXAMPLES["tower-ransom"], ransom[3])
    assert values["ransom"] == 3 and values["prisoners_blue"] == 0


def test_the_princess_dragon_examples_show_what_the_chapter_teaches():
    """Six forced dragon steps that eat the only knight of a city the same tile closes (so nobody
    scores it), the fairy's point and bonus around a road, the princess leaving Blue alone in a
    city, and a portal's figure refused on a finished city, then standing on another tile."""
    dragon = results("dragon-eats-knight")
    assert len(dragon[3].path) == 7 and dragon[3].path[0] == dragon[2].dragon
    example = EXAMPLES["dragon-eats-knight"]
    before = new_game(
        ("blue", "red"), example.rules, example.expansions, (*example.setup, "pd-volcano@-2,1/0", "B@2,1/0")
    )
    closing = Placement.parse("pd-city-dragon@1,2/0")
    assert [e.winners for e in before.score_of(closing)] == [(1,)], "without the dragon Red scores the city"
    assert dragon[3].events == () and not any(f.player == 1 for f in dragon[3].game.figures)
    assert caption_values(example, dragon[3])["steps"] == 6
    fairy = results("fairy-points")
    values = caption_values(EXAMPLES["fairy-points"], fairy[3])
    assert (values["fairy_point"], values["feature_points"], values["fairy_bonus"]) == (1, 5, 3)
    princess = results("princess-knight")
    assert {f.player for f in princess[1].game.figures} == {0}
    portal = results("portal-figure")
    assert portal[1].refused.facts["problem"] == "completed"
    assert [(f.player, f.square, f.feature) for f in portal[2].game.figures if f.player == 0] == [
        (0, (0, 1), FeatureKind.CLOISTER)
    ]


def test_the_count_examples_show_what_the_chapter_teaches():
    """A follower goes into a quarter only after a scoring that paid others (the Count moved with
    it, back to shut a quarter); a follower out of the castle turns a tie into a win and goes home
    with the knights; the market's follower joins a field before the farms; the City is paid by
    every field along it, and the other editions pay it otherwise."""
    quarter = results("count-quarter")
    assert [r.count for r in quarter] == [Quarter.CASTLE, Quarter.MARKET, Quarter.CASTLE]
    assert quarter[2].residents == (Resident(0, Quarter.CASTLE), Resident(1, Quarter.MARKET))
    castle = results("count-castle")
    city = castle[3].events[0]
    assert [s.player for s in city.visitors] == [0] and city.meeples == {0: 2, 1: 1}
    example = EXAMPLES["count-castle"]
    before = new_game(
        example.players,
        example.rules,
        example.expansions,
        (*example.setup, *[s.move for s in example.steps[:2]]),
    )
    joined = Placement.parse("N@2,2/0")
    assert {w for e in before.score_of(joined) for w in e.winners} == {0, 1}, "without it, a tie"
    assert castle[3].residents == () and castle[3].meeples == (7, 7)
    market = results("count-market")
    field = market[3].events[0]
    assert [(s.player, s.square) for s in field.visitors] == [(0, (-1, 1))]
    assert len(field.cities) == 2 and set(field.winners) == {0, 1}
    assert market[3].market and market[3].residents == (Resident(0, Quarter.MARKET),)
    farm = results("count-farm")[-1]
    city_squares = {square for square in CITY_SQUARES.values()}
    assert all(any(set(c) == city_squares for c in e.cities) for e in farm.events)
    assert farm.scores == (6, 3)
    for edition, scores in (("2nd", (3, 3)), ("1st", (4, 0))):
        game = new_game(
            ("blue", "red"),
            Rules(farmers=edition),
            ("count",),
            (*EXAMPLES["count-farm"].setup, EXAMPLES["count-farm"].steps[0].move),
        )
        assert game.report().totals == scores, edition


def test_no_one_steps_out_of_the_counts_quarter():
    """The question of count-who: Blue's follower waits in the castle with the Count, so the
    engine refuses it onto the city; the city is shared."""
    quiz = QUIZZES["count-who"]
    game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
    assert COUNT.count_quarter(game) is Quarter.CASTLE
    assert COUNT.residents(game) == (Resident(0, Quarter.CASTLE),)
    with pytest.raises(IllegalPlacementError) as refused:
        game.push(Placement.parse(quiz.move + ":from_city=0@2,2/N"))
    assert refused.value.rule is Rule.BAD_FROM_CITY and refused.value.facts["problem"] == "count"


def test_a_whole_game_scores_everything_once():
    """The whole game's last step is the final score: banked points plus the end's events."""
    example = EXAMPLES["whole-game"]
    final = results("whole-game")[-1]
    during = [sum(e.points for e in final.game.events if i in e.winners) for i in range(2)]
    at_end = [sum(e.points for e in final.events if i in e.winners) for i in range(2)]
    assert list(final.scores) == [a + b for a, b in zip(during, at_end)]
    kinds = {e.subject for step in results("whole-game") for e in step.events}
    assert kinds >= {"road", "city", "cloister", "field"}, (
        "a whole game shows every base-game feature scoring"
    )
    assert len(example.players) == 2


def test_farm_editions_score_one_board_three_ways():
    boards = {EXAMPLES[f"farm-editions-{e}"].setup for e in ("3rd", "2nd", "1st")}
    assert len(boards) == 1
    finals = {e: results(f"farm-editions-{e}")[-1].scores for e in ("3rd", "2nd", "1st")}
    assert len(set(finals.values())) == 3, finals
    assert [EXAMPLES[f"farm-editions-{e}"].rules.farmers.value for e in ("3rd", "2nd", "1st")] == [
        "3rd",
        "2nd",
        "1st",
    ]


def test_old_small_city_rule():
    assert EXAMPLES["city-two"].steps == EXAMPLES["city-two-old"].steps
    assert EXAMPLES["city-two"].rules.small_city == 4
    assert EXAMPLES["city-two-old"].rules.small_city == 2


# -- quizzes against the engine ----------------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(QUIZZES))
def test_quiz_answer_is_the_engines(slug):
    quiz = QUIZZES[slug]
    assert set(quiz.players) <= set(COLOURS)
    assert tiles_beyond_the_start(quiz.expansions, quiz.setup) + (quiz.move is not None) <= MAX_TILES
    solution = solve(quiz)  # raises if the quiz's question has no single answer
    assert solution.answer == quiz.answer
    if quiz.ask is Ask.POINTS:
        assert quiz.player in quiz.players
        answer, events = quiz_answer(quiz)
        assert events, "the question is about something that scores"
        assert answer == quiz.answer
    else:
        assert solution.key in quiz.choices
    if quiz.ask is Ask.POINTS and quiz.move is None:
        # "if the game ended now" counts the whole total: the player has scored nothing before it,
        # so the answer is what the end of the game gives them
        player = quiz.players.index(quiz.player)
        game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
        assert not any(player in e.winners for e in game.events)


@pytest.mark.parametrize("slug", sorted(q.slug for q in QUIZZES.values() if q.move is not None))
def test_the_dashed_tile_is_laid_by_the_player_whose_turn_it_is(slug):
    """A figure on the dashed tile is its layer's, and a question that names who lays it (Blue,
    in every one) is right about whose turn it is."""
    quiz = QUIZZES[slug]
    game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
    move = Placement.parse(quiz.move)
    english = _load(CONTENT / "en" / "quizzes.toml")[slug]["question"]
    if move.meeple is not None or english.startswith("Blue lays"):
        assert quiz.players[game.to_move] == "blue", slug


def test_enough_quizzes_of_every_kind():
    assert len(QUIZZES) >= 27
    kinds = {quiz.ask for quiz in QUIZZES.values()}
    assert kinds == set(Ask)
    # a yes-or-no question is not always answered the same way
    assert {q.answer for q in QUIZZES.values() if q.ask in (Ask.FITS, Ask.FIGURE)} == {YES, NO}
    # legality, meeples, majority, end scoring, farms under each edition, the River, the expansions
    chapters = {quiz.chapter for quiz in QUIZZES.values()}
    assert chapters >= {
        "placing-tiles",
        "placing-meeples",
        "sharing",
        "game-end",
        "farms",
        "editions",
        "river",
        "abbot",
        "inns-cathedrals",
        "traders-builders",
        "tower",
        "princess-dragon",
        "count",
    }


def test_the_farm_quizzes_ask_one_board_under_three_editions():
    quizzes = [QUIZZES[f"farm-{e}"] for e in ("3rd", "2nd", "1st")]
    assert len({q.setup for q in quizzes}) == 1
    assert [q.rules.farmers.value for q in quizzes] == ["3rd", "2nd", "1st"]
    assert len({q.answer for q in quizzes}) == 3, "each edition gives its own answer"
    assert quizzes[0].setup not in {EXAMPLES[f"farm-editions-{e}"].setup for e in ("3rd", "2nd", "1st")}


def test_a_capture_quiz_tries_every_figure_on_the_board():
    quiz = QUIZZES["tower-capture"]
    solution = solve(quiz)
    game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
    assert len(solution.captures) == len(game.figures)
    allowed = [c for c in solution.captures if c.problem is None]
    # only Blue's own thief is in reach: a player may capture their own figure
    assert [(c.figure.player, c.feature) for c in allowed] == [(0, FeatureKind.ROAD)]
    assert all(c.problem.rule is Rule.BAD_CAPTURE for c in solution.captures if c.problem is not None)
    assert quiz.choices == ("blue", "red", "blue+red", "nobody")


def test_the_capture_comes_before_the_scoring():
    """The same tile without the capture would give the city to both."""
    quiz = QUIZZES["tower-who"]
    game = new_game(quiz.players, quiz.rules, quiz.expansions, quiz.setup)
    bare = Placement.parse(quiz.move).bare()
    assert {w for e in game.score_of(bare) for w in e.winners} == {0, 1}
    assert solve(quiz).answer == "blue"


def test_a_turn_quiz_has_one_turn_and_says_why_not_the_others():
    for quiz in QUIZZES.values():
        if quiz.ask is Ask.TURN:
            solution = solve(quiz)
            assert sorted([solution.answer, *solution.turns]) == [0, 90, 180, 270]
            assert all(problem.rule for problem in solution.turns.values())


def test_a_who_quiz_offers_each_player_both_and_nobody():
    quiz = QUIZZES["majority-who"]
    assert quiz.choices == ("blue", "red", "blue+red", "nobody")
    assert solve(QUIZZES["big-meeple-who"]).key == "blue+red"


# -- captions and quiz texts, in every language that has them ---------------------------------


def _language_files(name: str) -> list[Path]:
    return sorted(p for p in CONTENT.glob(f"*/{name}") if p.is_file())


def _load(path: Path) -> dict:
    with path.open("rb") as f:
        return tomllib.load(f)


def test_english_content_exists():
    assert (CONTENT / "en" / "examples.toml").is_file()
    assert (CONTENT / "en" / "quizzes.toml").is_file()


@pytest.mark.parametrize("path", _language_files("examples.toml"), ids=lambda p: p.parent.name)
def test_captions(path):
    data = _load(path)
    assert set(data) == set(EXAMPLES), f"{path}: slugs differ from the examples"
    english = _load(CONTENT / "en" / "examples.toml")
    for slug, example in EXAMPLES.items():
        table = data[slug]
        where = f"{path.parent.name}/{slug}"
        assert isinstance(table.get("title"), str) and table["title"].strip(), where
        assert not DIGITS.search(table["title"]), f"{where}: digit in the title"
        captions = table.get("captions")
        assert isinstance(captions, list), where
        assert len(captions) == len(example.steps) + 1, f"{where}: one caption per step and the start"
        assert len(captions) == len(english[slug]["captions"]), where
        for number, (caption, result) in enumerate(zip(captions, results(slug))):
            assert isinstance(caption, str) and caption.strip(), f"{where} caption {number}"
            fields = list(string.Formatter().parse(caption))
            text = "".join(literal for literal, _, _, _ in fields)
            assert not DIGITS.search(text), f"{where} caption {number}: a digit in {caption!r}"
            values = caption_values(example, result)
            names = {name for _, name, _, _ in fields if name is not None}
            unknown = names - set(values)
            assert not unknown, f"{where} caption {number}: unknown placeholders {unknown}"
            caption.format(**values)


def _numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text.translate(_DIGIT_VALUE))}


@pytest.mark.parametrize("path", _language_files("quizzes.toml"), ids=lambda p: p.parent.name)
def test_quiz_texts(path):
    data = _load(path)
    assert set(data) == set(QUIZZES), f"{path}: slugs differ from the quizzes"
    for slug, quiz in QUIZZES.items():
        table = data[slug]
        where = f"{path.parent.name}/{slug}"
        for key in ("question", "hint"):
            assert isinstance(table.get(key), str) and table[key].strip(), f"{where}: {key}"
        assert not DIGITS.search(table["question"]), f"{where}: a digit in the question"
        if quiz.ask is Ask.POINTS:
            assert quiz.answer not in _numbers(table["hint"]), f"{where}: the hint gives the answer away"
