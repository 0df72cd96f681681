"""The Tower in the scoring assistant: a floor and its capture, a figure onto a tower and a ransom
in a game being played (each a stage of the figure step, each a plain form post too), and a
finished board's towers and prisoners on the track page (checked, kept on a mistake, exported)."""

from __future__ import annotations

import json
import random
import re

import pytest

from scorer import services
from scorer.engine import Placement, read_board, write_board
from scorer.engine.expansions.tower import Floor, Ransom
from scorer.engine.simulate import final_board_of, random_game

pytestmark = pytest.mark.django_db
LANGUAGES = ["en", "zh-hant", "zh-hans", "fa"]


def import_game(game):
    document = write_board(game)
    for entry, name in zip(document["players"], ["Mina", "Wei", "Sara", "Reza"]):
        entry["name"] = name
    return services.import_board(read_board(document))


@pytest.fixture(scope="module")
def played():
    """A four-player Tower game of 45 tiles whose last turn put a floor on a tower and captured."""
    return random_game(random.Random(3), 4, expansions=("tower", "inns-cathedrals"), max_tiles=45)


def with_last_turn_bare(game):
    """The game saved, its last tile laid again with no action: the figure step is open."""
    saved = import_game(game)
    loaded = services.undo(saved.code, expected=services.load(saved.code).digest)
    services.add_move(saved.code, game.placements[-1].bare(), expected=loaded.digest)
    return saved


def post_action(client, saved, action="", lang="en", **more):
    loaded = services.load(saved.code)
    data = {"number": len(loaded.moves) - 1, "action": action, "expected": loaded.digest, **more}
    return client.post(f"/{lang}/play/{saved.code}/figure", data)


def test_the_game_copied_here_ends_with_a_capture(played):
    floor = next(a for a in played.placements[-1].actions if isinstance(a, Floor))
    assert floor.capture is not None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_figure_step_offers_the_tower_and_each_stage_shows_its_buttons(client, played, lang):
    saved = with_last_turn_bare(played)
    floor = next(a for a in played.placements[-1].actions if isinstance(a, Floor))
    layer = services.load(saved.code).game.turns[-1].layer
    page = client.get(f"/{lang}/play/{saved.code}/?spots=1&for={layer}").content.decode()
    assert "tower=floor" in page and 'id="tower-step"' in page
    towers = client.get(f"/{lang}/play/{saved.code}/?spots=1&for={layer}&tower=floor").content.decode()
    assert f"tower={floor.x},{floor.y}" in towers
    assert towers.count('class="target k-floor"') >= 1
    captures = client.get(
        f"/{lang}/play/{saved.code}/?spots=1&for={layer}&tower={floor.x},{floor.y}"
    ).content.decode()
    assert f'value="{floor}"' in captures  # the capture the game made is offered on the board
    assert 'class="target k-capture"' in captures
    assert f'value="tower={floor.x},{floor.y}"' in captures  # and the floor alone


def test_a_floor_with_its_capture_is_saved_and_scored_as_the_engine_plays_it(client, played):
    saved = with_last_turn_bare(played)
    floor = next(a for a in played.placements[-1].actions if isinstance(a, Floor))
    assert post_action(client, saved, str(floor)).status_code == 302
    game = services.load(saved.code).game
    assert game.turns[-1].placement.actions == played.turns[-1].placement.actions
    assert game.report().totals == played.report().totals
    assert game.held() == played.held()
    summary = client.get(f"/en/play/{saved.code}/?last=1").content.decode()
    assert "added a floor to the tower" in summary


def test_a_capture_out_of_reach_is_refused_with_its_reason_and_nothing_changes(client, played):
    saved = with_last_turn_bare(played)
    before = services.load(saved.code)
    floor = next(a for a in played.placements[-1].actions if isinstance(a, Floor))
    far = floor.capture._replace(x=floor.x + 40)
    response = post_action(client, saved, str(Floor(floor.x, floor.y, far)))
    assert response.status_code == 400
    assert "reach" in response.content.decode() or "is not there" in response.content.decode()
    assert services.load(saved.code).digest == before.digest


def test_a_ransom_is_paid_beside_the_figure_and_taken_back(client):
    game = random_game(random.Random(4), 4, expansions=("tower", "inns-cathedrals"), max_tiles=70)
    # The first turn of this seeded game that paid a ransom: the game before it saved, its tile
    # laid bare, and the ransom paid through the page.
    number, ransom = next(
        (i, a) for i, p in enumerate(game.placements) for a in p.actions if isinstance(a, Ransom)
    )
    before = game.copy()
    while len(before.turns) > number:
        before.pop()
    layer = game.turns[number].layer
    options = [ransom]
    saved = import_game(before)
    loaded = services.load(saved.code)
    services.add_move(saved.code, game.placements[number].bare().laid_by(layer), expected=loaded.digest)
    page = client.get(f"/en/play/{saved.code}/?spots=1&for={layer}&tower=ransom").content.decode()
    assert f'value="{options[0]}"' in page
    scores_before = services.load(saved.code).game.scores[:]
    assert post_action(client, saved, str(options[0]), player=layer).status_code == 302
    after = services.load(saved.code).game
    assert after.scores[layer] == scores_before[layer] - 3
    assert after.scores[options[0].jailer] == scores_before[options[0].jailer] + 3
    assert "No ransom after all" in client.get(f"/en/play/{saved.code}/?spots=1&for={layer}").content.decode()
    assert post_action(client, saved, "", player=layer, clear="ransom").status_code == 302
    assert services.load(saved.code).game.scores == scores_before


@pytest.fixture(scope="module")
def finished(played):
    return final_board_of(played)


def track_data(client, saved, lang="en"):
    page = client.get(f"/{lang}/play/{saved.code}/track/").content.decode()
    fields = dict(re.findall(r'name="([a-z0-9_]+)"[^>]*value="([^"]*)"', page))
    chosen_top = r'<select name="(tower_\d+_top)".*?<option value="([^"]*)"[^>]*selected'
    for name, chosen in re.findall(chosen_top, page, re.S):
        fields[name] = chosen
    return page, fields


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_finished_boards_towers_and_prisoners_show_on_the_track_page(client, finished, lang):
    saved = import_game(finished)
    _page, fields = track_data(client, saved, lang)
    heights = sorted(p.size for p in finished.pieces())
    entered = sorted(int(v) for k, v in fields.items() if k.endswith("_height") and v != "0")
    assert entered == heights
    held = sum(int(v) for k, v in fields.items() if k.startswith("prisoners_"))
    assert held == len(finished.held())


def test_towers_and_prisoners_saved_from_the_track_page_score_and_export(client, finished):
    saved = import_game(finished)
    _page, fields = track_data(client, saved)
    prisoner = next(k for k in fields if k.startswith("prisoners_0_1_meeple"))
    fields[prisoner] = str(int(fields[prisoner]) + 1)
    response = client.post(f"/en/play/{saved.code}/track/", fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    game = services.load(saved.code).game
    assert len(game.held()) == len(finished.held()) + 1
    assert game.supply(1)[game.figure_kinds[0]] == finished.supply(1)[finished.figure_kinds[0]] - 1
    document = json.loads(client.get(f"/en/play/{saved.code}/board.json").content)
    assert len(document["prisoners"]) == len(finished.held()) + 1
    assert sorted(t["height"] for t in document["towers"]) == sorted(p.size for p in finished.pieces())


def test_too_many_floors_are_refused_in_words_and_what_was_entered_stays(client, finished):
    saved = import_game(finished)
    _page, fields = track_data(client, saved)
    first = next(k for k in fields if k.endswith("_height"))
    fields[first] = "60"
    response = client.post(f"/en/play/{saved.code}/track/", fields)
    assert response.status_code == 400
    body = response.content.decode()
    assert "floors than the players have" in body
    assert f'name="{first}"' in body and 'value="60"' in body
    assert services.load(saved.code).game.pieces() == finished.pieces()


def test_placement_text_of_a_tower_turn_is_kept_by_a_saved_move(played):
    saved = import_game(played)
    texts = [m.text for m in services.load(saved.code).moves]
    assert any("tower=" in t for t in texts)
    assert [Placement.parse(t).laid_by(None) for t in texts] == [p.laid_by(None) for p in played.placements]
