"""A Princess & Dragon game read from a board file (the API, an import): scored by the engine,
and its pages show the dragon, the fairy and the fairy's points in words, in every language,
with no error page."""

from __future__ import annotations

import json
import random
import re

import pytest

from scorer import services
from scorer.engine import read_board, write_board
from scorer.engine.expansions.princess_dragon import PRINCESS_DRAGON
from scorer.engine.simulate import final_board_of, random_game
from scorer.forms import EXPANSION_CHOICES

pytestmark = pytest.mark.django_db
LANGUAGES = ["en", "zh-hant", "zh-hans", "fa"]


def import_game(game):
    document = write_board(game)
    for entry, name in zip(document["players"], ["Mina", "Wei", "Sara"]):
        entry["name"] = name
    return services.import_board(read_board(document))


def test_the_api_scores_a_princess_and_dragon_game_with_its_fairy_column(client):
    game = random_game(random.Random(5), 3, expansions=("princess-dragon",))
    response = client.post("/api/score", json.dumps(write_board(game)), content_type="application/json")
    assert response.status_code == 200
    data = response.json()
    assert all("fairy" in p["by_category"] for p in data["players"])
    assert [p["total"] for p in data["players"]] == list(game.report().totals)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_and_score_pages_show_the_dragon_and_the_fairy(client, lang):
    game = random_game(random.Random(5), 3, expansions=("princess-dragon",))
    assert game.pieces()  # the dragon and the fairy stand somewhere
    saved = import_game(game)
    for path in (f"/{lang}/play/{saved.code}/", f"/{lang}/play/{saved.code}/score/"):
        response = client.get(path)
        assert response.status_code == 200, path
        html = response.content.decode()
        assert "p-dragon" in html or "score" in path
    score = client.get(f"/en/play/{saved.code}/score/").content.decode()
    if lang == "en":
        assert "The fairy&#x27;s" in score or "The fairy's" in score
    picture = client.get(f"/{lang}/play/{saved.code}/board.png")
    assert picture.status_code == 200 and picture["Content-Type"] == "image/png"


def test_a_finished_board_with_the_dragon_and_the_fairy_imports_and_scores_the_same(client):
    game = random_game(random.Random(5), 3, expansions=("princess-dragon",))
    final = final_board_of(game)
    saved = import_game(final)
    loaded = services.load(saved.code)
    assert loaded.game.report().totals == game.report().totals
    exported = client.get(f"/en/play/{saved.code}/board.json").json()
    assert "dragon" in exported


def test_the_game_form_offers_princess_and_dragon_now_its_steps_are_entered():
    offered = {value for value, _ in EXPANSION_CHOICES}
    assert {"princess-dragon", "tower"} <= offered


def test_a_finished_boards_dragon_and_fairy_are_entered_on_the_track_page_and_kept_on_a_mistake(client):
    game = random_game(random.Random(5), 3, expansions=("princess-dragon",))
    final = final_board_of(game)
    document = write_board(final)
    document.pop("dragon", None)
    document.pop("fairy", None)
    for entry, name in zip(document["players"], ["Mina", "Wei", "Sara"]):
        entry["name"] = name
    saved = services.import_board(read_board(document))
    page = client.get(f"/en/play/{saved.code}/track/").content.decode()
    assert 'name="dragon"' in page and 'name="fairy"' in page
    state = game.state_of(PRINCESS_DRAGON)
    loaded = services.load(saved.code)
    data = {"expected": loaded.digest, "dragon": f"{state.dragon[0]},{state.dragon[1]}"}
    data["fairy"] = str(state.follower) if state.follower else f"{state.fairy[0]},{state.fairy[1]}"
    for i, points in enumerate(final.banked):
        data[f"banked_{i}"] = points
    assert client.post(f"/en/play/{saved.code}/track/", data).status_code == 302
    loaded = services.load(saved.code)
    assert loaded.game.report().totals == game.report().totals
    assert loaded.game.state_of(PRINCESS_DRAGON)[:3] == state[:3]
    # A square that holds no tile is refused in words, the entry kept.
    data["expected"] = loaded.digest
    data["dragon"] = "150,150"
    response = client.post(f"/en/play/{saved.code}/track/", data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Select a valid choice" in html
    assert re.search(rf'name="banked_0" id="[^"]+" value="{final.banked[0]}"', html)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_page_tells_what_the_dragon_the_fairy_and_the_princess_did(client, lang):
    game = random_game(random.Random(5), 3, expansions=("princess-dragon",), meeple_chance=1.0)
    saved = import_game(game)
    html = client.get(f"/{lang}/play/{saved.code}/score/").content.decode()
    assert 'id="creature-story-heading"' in html
    moves = sum(1 for p in game.placements for a in p.actions if type(a).__name__ == "DragonMove" and a.steps)
    assert moves and html.count('class="k-dragon"') == moves
    if lang == "en":
        assert "The dragon moved" in html
