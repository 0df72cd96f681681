"""A finished Traders & Builders board: the goods each player took during play are asked for when
the game is started, checked, kept on a mistake, editable afterwards and written to the board file."""

from __future__ import annotations

import json
import re

import pytest

from scorer import services
from scorer.engine import read_board
from scorer.models import SavedGame

from .test_views import HX, new_game_data

pytestmark = pytest.mark.django_db
LANGUAGES = ["en", "zh-hant", "zh-hans", "fa"]
TB_FINAL = {"mode": "final", "expansions": "traders-builders"}


def start(client, lang="en", **fields):
    return client.post(f"/{lang}/play/", new_game_data(**TB_FINAL, **fields))


def goods_points(saved: SavedGame) -> list[int]:
    return [p.by_category["goods"] for p in services.load(saved.code).game.report().players]


def lay_start_tile(client, saved, lang="en"):
    data = {"tile": "D", "x": 0, "y": 0, "rotation": 0, "expected": services.load(saved.code).digest}
    assert client.post(f"/{lang}/play/{saved.code}/move", data).status_code == 302


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_game_form_asks_each_players_goods_in_every_language(client, lang):
    body = client.get(f"/{lang}/play/").content.decode()
    for i in range(6):
        for good in ("wine", "wheat", "cloth"):
            assert f'name="goods_{i}_{good}"' in body
    assert body.count('class="field-goods final-only goods-only"') == 6


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_finished_board_copied_through_the_form_scores_its_goods(client, lang):
    response = start(client, lang, goods_0_wine="3", goods_1_wine="1", goods_1_cloth="2", goods_0_wheat="1")
    assert response.status_code == 302
    saved = SavedGame.objects.get()
    assert saved.goods == [{"wine": 3, "wheat": 1, "cloth": 0}, {"wine": 1, "wheat": 0, "cloth": 2}]
    lay_start_tile(client, saved, lang)
    assert goods_points(saved) == [20, 10]  # Mina: wine and wheat; Wei: cloth
    score = client.get(f"/{lang}/play/{saved.code}/score/").content.decode()
    assert "goods" in score or "کالا" in score or "貨物" in score or "货物" in score


def test_the_goods_go_into_the_board_file_and_come_back_from_it(client):
    start(client, goods_1_cloth="4")
    saved = SavedGame.objects.get()
    lay_start_tile(client, saved)
    document = json.loads(client.get(f"/en/play/{saved.code}/board.json").content)
    assert document["goods"] == [{}, {"cloth": 4}]
    reopened = services.import_board(read_board(document))
    assert goods_points(reopened) == [0, 10]


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"goods_0_wine": "10"}, "goods_0_wine"),  # the box has 9 wine
        ({"goods_1_cloth": "-1"}, "goods_1_cloth"),
        ({"goods_0_wheat": "many"}, "goods_0_wheat"),
        ({"goods_0_wheat": "3\x00"}, "goods_0_wheat"),
        ({"goods_0_wheat": "9" * 40}, "goods_0_wheat"),
    ],
)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_count_is_refused_in_the_readers_language_keeping_all_typed(client, lang, fields, field):
    response = start(client, lang, banked_0="41", goods_1_wheat="2", **fields)
    assert response.status_code == 200
    assert SavedGame.objects.count() == 0
    body = response.content.decode()
    assert 'value="Mina"' in body and 'value="41"' in body
    assert 'name="goods_1_wheat" id="id_goods_1_wheat" value="2"' in body
    assert re.search(rf'id="id_{field}-error"', body)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_more_goods_than_the_box_holds_together_are_refused(client, lang):
    response = start(client, lang, goods_0_cloth="3", goods_1_cloth="3")  # the box has 5 cloth
    assert response.status_code == 200 and SavedGame.objects.count() == 0
    body = response.content.decode()
    assert 'role="alert"' in body
    assert 'name="goods_0_cloth" id="id_goods_0_cloth" value="3"' in body


def test_goods_are_kept_only_for_a_finished_board_with_traders_and_builders(client):
    client.post("/en/play/", new_game_data(mode="final", goods_0_wine="3"))
    client.post("/en/play/", new_game_data(mode="replay", expansions="traders-builders", goods_0_wine="3"))
    assert [g.goods for g in SavedGame.objects.order_by("id")] == [[], []]


def test_goods_and_points_on_the_track_can_be_changed_afterwards(client):
    start(client, goods_0_wine="1")
    saved = SavedGame.objects.get()
    lay_start_tile(client, saved)
    page = client.get(f"/en/play/{saved.code}/track/")
    assert page.status_code == 200
    board = client.get(f"/en/play/{saved.code}/").content.decode()
    assert f'href="/en/play/{saved.code}/track/"' in board
    before = services.load(saved.code).digest
    data = {"expected": before, "banked_0": "12", "banked_1": "30", "goods_0_wine": "1", "goods_1_wine": "2"}
    assert client.post(f"/en/play/{saved.code}/track/", data).status_code == 302
    saved.refresh_from_db()
    assert saved.banked == [12, 30]
    assert goods_points(saved) == [0, 10]
    assert services.load(saved.code).digest != before  # the phones following the game see the change


def test_a_stale_track_form_keeps_what_was_typed(client):
    start(client)
    saved = SavedGame.objects.get()
    stale = services.load(saved.code).digest
    lay_start_tile(client, saved)  # another phone moves on meanwhile
    data = {"expected": stale, "banked_0": "77", "banked_1": "5", "goods_1_cloth": "2"}
    response = client.post(f"/fa/play/{saved.code}/track/", data)
    assert response.status_code == 400
    body = response.content.decode()
    assert 'value="77"' in body and 'name="goods_1_cloth" id="id_goods_1_cloth" value="2"' in body
    saved.refresh_from_db()
    assert saved.banked == [0, 0]
    resent = dict(data, expected=re.search(r'name="expected" value="([^"]+)"', body).group(1))
    assert client.post(f"/fa/play/{saved.code}/track/", resent).status_code == 302


def test_a_game_being_played_has_no_track_page(client):
    client.post("/en/play/", new_game_data(expansions="traders-builders"))
    saved = SavedGame.objects.get()
    assert client.get(f"/en/play/{saved.code}/track/").status_code == 404
    assert client.get(f"/en/play/{saved.code}/track/", **HX).status_code == 404
