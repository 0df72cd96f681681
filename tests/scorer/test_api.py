"""``POST /api/score``: the board file in, the score report out, clear errors."""

import json

import pytest

from scorer.engine import build_game, read_board, report_to_dict

URL = "/api/score"


def post(client, body, **extra):
    data = body if isinstance(body, (bytes, str)) else json.dumps(body)
    return client.post(URL, data=data, content_type="application/json", **extra)


@pytest.mark.parametrize(
    "name",
    [
        "river-game.json",
        "river-game-final.json",
        "format-example.json",
        "everything-game.json",
        "everything-game-final.json",
    ],
)
def test_scores_replay_and_final_boards(client, board_document, name):
    document = board_document(name)
    response = post(client, document)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == report_to_dict(build_game(read_board(document)).report())


@pytest.mark.parametrize("game", ["river-game", "everything-game"])
def test_replay_and_final_entries_of_one_game_agree(client, board_document, game):
    replay = post(client, board_document(f"{game}.json")).json()
    final = post(client, board_document(f"{game}-final.json")).json()
    assert [p["total"] for p in replay["players"]] == [p["total"] for p in final["players"]]
    assert any(p["by_category"]["banked"] for p in final["players"])


def test_the_expansions_report_their_own_categories_events_and_goods(client, board_document):
    report = post(client, board_document("everything-game.json")).json()
    assert {e["when"] for e in report["events"]} >= {"play", "recall", "end", "farms", "goods"}
    assert all(set(p["goods"]) == {"wine", "wheat", "cloth"} for p in report["players"])
    assert any(p["by_category"]["garden"] for p in report["players"])
    assert any(p["by_category"]["goods"] for p in report["players"])
    assert report["layers"][0] is None and all(isinstance(layer, int) for layer in report["layers"][1:])


def test_six_players_need_inns_and_cathedrals(client, board_document):
    document = board_document("format-example.json")
    document["players"] = [{"name": n} for n in "ABCDEF"]
    assert post(client, document).status_code == 400
    document["expansions"] = ["inns-cathedrals"]
    document["players"][5]["color"] = "pink"
    assert post(client, document).status_code == 200


def test_an_illegal_placement_is_a_400_naming_the_placement(client, board_document):
    document = board_document("format-example.json")
    document["placements"][2]["rotation"] = 180  # V turned so a field edge meets the start tile's road
    response = post(client, document)
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["rule"] == "edge_mismatch"
    assert (error["placement"], error["tile"], error["x"], error["y"]) == (2, "V", 1, 0)
    assert "Tile 3 (V at (1, 0))" in error["message"]


@pytest.mark.parametrize(
    ("body", "rule"),
    [
        (b"\xff\xfe not utf-8", "bad_file"),
        ("{", "bad_file"),
        ("[1, 2]", "bad_file"),
        ('{"format": "carcassonne-board/1", "players": [{"name": "A"}], "placements": []}', "bad_players"),
        ("NaN", "bad_file"),
    ],
)
def test_malformed_bodies_are_refused_with_an_error_object(client, body, rule):
    response = post(client, body)
    assert response.status_code in (400, 413)
    assert response.json()["error"]["rule"] == rule


def test_deeply_nested_json_is_refused_not_crashed(client):
    response = post(client, "[" * 5000 + "]" * 5000)
    assert response.status_code == 400
    assert response.json()["error"]["rule"] == "bad_file"


def test_oversized_body_is_refused_with_413(client):
    response = post(client, "x" * (300 * 1024))
    assert response.status_code == 413
    assert response.json()["error"]["rule"] == "too_large"


def test_only_post_is_allowed(client):
    assert client.get(URL).status_code == 405


def test_no_csrf_token_is_needed(board_document):
    from django.test import Client

    response = post(Client(enforce_csrf_checks=True), board_document("format-example.json"))
    assert response.status_code == 200
