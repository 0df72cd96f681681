"""The Count on the assistant's pages: a game starts with the City laid; the figure step asks who
steps out of the City and offers a quarter; the quarters stand under the score; the score page
tells the story and takes the market's followers at the end; a finished board's quarters and
Count are entered on the track page. Every refusal is a sentence, and what was entered stays."""

from __future__ import annotations

import random

import pytest

from scorer import services
from scorer.engine import FigureKind, Placement, read_board, write_board
from scorer.engine.actions import parse_action
from scorer.engine.expansions.count import COUNT, Quarter, Resident
from scorer.engine.simulate import end_of, final_board_of, random_game

pytestmark = pytest.mark.django_db
LANGUAGES = ["en", "zh-hant", "zh-hans", "fa"]


def new_game(*moves: str, expansions=("count", "inns-cathedrals")):
    saved = services.create_game(
        services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], expansions=expansions)
    )
    for text in moves:
        loaded = services.load(saved.code)
        placement = Placement.parse(text)
        actions = placement.actions
        loaded = services.add_move(
            saved.code, placement.bare().laid_by(placement.player), expected=loaded.digest
        )
        for action in actions:
            loaded = services.set_action(saved.code, len(loaded.moves) - 1, action, expected=loaded.digest)
    return saved


ROAD_FOR_WEI = ["0>U@-3,-1/0", "1>U@-4,-1/0:1W", "0>A@-5,-1/270"]


def post_action(client, saved, action: str = "", clear: str = ""):
    loaded = services.load(saved.code)
    data = {"expected": loaded.digest, "number": len(loaded.moves) - 1, "player": 0}
    data.update({"action": action} if action else {"clear": clear})
    return client.post(f"/en/play/{saved.code}/figure", data)


def test_a_count_game_starts_with_the_city_laid_and_never_undone(client):
    saved = new_game()
    loaded = services.load(saved.code)
    assert [m.placement.tile for m in loaded.moves] == [f"count-{n}" for n in range(1, 13)]
    assert loaded.game.to_move == 0
    response = client.post(f"/en/play/{saved.code}/undo", {"expected": loaded.digest})
    assert len(services.load(saved.code).moves) == 12
    assert response.status_code in (200, 302, 400)


def test_with_the_river_the_spring_is_offered_first(client):
    saved = new_game(expansions=("count", "river"))
    html = client.get(f"/en/play/{saved.code}/").content.decode()
    assert html.index('data-tile="river-spring"') < html.index('data-tile="river-lake"')


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_figure_step_offers_a_quarter_when_only_others_scored(client, lang):
    saved = new_game(*ROAD_FOR_WEI)
    html = client.get(f"/{lang}/play/{saved.code}/?spots=1").content.decode()
    assert 'class="city-step"' in html and "quarter=castle" in html
    assert "quarter=cathedral" in html


def test_entering_a_quarter_moving_the_count_and_stepping_out(client):
    saved = new_game(*ROAD_FOR_WEI)
    assert post_action(client, saved, "quarter=castle+big,count=market").status_code in (200, 302)
    loaded = services.load(saved.code)
    assert COUNT.residents(loaded.game) == (
        Resident(0, Quarter.CASTLE, parse_action("quarter=castle+big").kind),
    )
    board = client.get(f"/en/play/{saved.code}/").content.decode()
    assert 'class="quarters"' in board and "The Count is here" in board
    loaded = services.add_move(saved.code, Placement.parse("E@-2,2/0"), expected=loaded.digest)
    loaded = services.set_action(
        saved.code, len(loaded.moves) - 1, parse_action("1N"), expected=loaded.digest
    )
    html = client.get(f"/en/play/{saved.code}/?spots=1").content.decode()
    assert "who steps out of the castle" in html and "from_city=0@-2,2/N+big" in html
    loaded = services.load(saved.code)
    data = {"expected": loaded.digest, "number": len(loaded.moves) - 1, "player": 1}
    client.post(f"/en/play/{saved.code}/figure", {**data, "action": "from_city=0@-2,2/N+big"})
    game = services.load(saved.code).game
    assert game.scores == [4, 4]
    summary = client.get(f"/en/play/{saved.code}/?last=1").content.decode()
    assert "stepped out of the City" in summary
    score = client.get(f"/en/play/{saved.code}/score/").content.decode()
    assert "out of the City" in score and "The City of Carcassonne" in score


def test_a_refused_quarter_is_a_sentence_and_nothing_changes(client):
    saved = new_game("0>U@-3,-1/0")
    before = services.load(saved.code).moves[-1].text
    response = post_action(client, saved, "quarter=castle")
    assert response.status_code == 400
    assert "only after a scoring" in response.content.decode()
    assert services.load(saved.code).moves[-1].text == before


def test_the_market_at_the_end_is_chosen_on_the_score_page(client):
    saved = new_game(*ROAD_FOR_WEI)
    post_action(client, saved, "quarter=market")
    page = client.get(f"/en/play/{saved.code}/score/").content.decode()
    assert "The market at the end" in page and 'name="market_0"' in page
    loaded = services.load(saved.code)
    before = loaded.game.report().totals
    response = client.post(
        f"/en/play/{saved.code}/market", {"expected": loaded.digest, "market_0": "-1,-1/N"}
    )
    assert response.status_code == 302
    game = services.load(saved.code).game
    assert game.report().totals[0] == before[0] + 3  # the north field touches the City
    assert write_board(game)["market"] == [{"x": -1, "y": -1, "at": "N", "player": 0}]
    loaded = services.load(saved.code)
    refused = client.post(f"/en/play/{saved.code}/market", {"expected": loaded.digest, "market_0": "-5,-1/C"})
    assert refused.status_code == 400 and "goes onto a field" in refused.content.decode()
    assert services.load(saved.code).saved.extras["market"]  # the first choice is kept


def test_a_finished_boards_quarters_and_count_on_the_track_page(client):
    game = random_game(random.Random(3), 2, expansions=("count",), meeple_chance=0.1)
    final = final_board_of(game)
    assert final.supply(1)[FigureKind.MEEPLE] >= 2
    document = write_board(final)
    document.pop("quarters", None)
    document.pop("count", None)
    saved = services.import_board(read_board(document))
    page = client.get(f"/en/play/{saved.code}/track/").content.decode()
    assert 'name="quarter_1_cathedral_meeple"' in page and 'name="count"' in page
    loaded = services.load(saved.code)
    data = {"expected": loaded.digest, "banked_0": 5, "banked_1": 7, "quarter_1_cathedral_meeple": 2}
    data["count"] = "blacksmith"
    assert client.post(f"/en/play/{saved.code}/track/", data).status_code == 302
    game = services.load(saved.code).game
    assert COUNT.residents(game) == (Resident(1, Quarter.CATHEDRAL), Resident(1, Quarter.CATHEDRAL))
    assert COUNT.count_quarter(game) is Quarter.BLACKSMITH
    too_many = {**data, "expected": services.load(saved.code).digest, "quarter_1_castle_meeple": 7}
    response = client.post(f"/en/play/{saved.code}/track/", too_many)
    assert response.status_code == 400
    assert 'value="7"' in response.content.decode()  # what was entered stays


def test_a_replay_file_with_its_market_imports_and_scores_the_same(client):
    rng = random.Random(11)
    game = random_game(rng, 3, expansions=("count", "inns-cathedrals"), meeple_chance=1.0)
    end_of(rng, game)
    saved = services.import_board(read_board(write_board(game)))
    assert services.load(saved.code).game.report().totals == game.report().totals
    exported = client.get(f"/en/play/{saved.code}/board.json").json()
    assert exported.get("market", []) == write_board(game).get("market", [])
