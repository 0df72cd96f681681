"""The assistant's pages: full pages without htmx, the ``play`` partial with it, and bad input."""

import json
import re

import pytest

from scorer import services
from scorer.engine import Placement, read_board
from scorer.models import SavedGame

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}


def messages(response) -> list[str]:
    return [
        re.sub(r"\s+", " ", m).strip()
        for m in re.findall(
            r'class="message[^"]*"(?![^>]*\bhidden\b)[^>]*>(.*?)</div>', response.content.decode(), re.S
        )
    ]


@pytest.fixture
def saved():
    game = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(game.code, Placement("D", 0, 0), expected=services.load(game.code).digest)
    return game


def now(saved) -> str:
    """The digest the board page shows in its forms."""
    return services.load(saved.code).digest


def url(saved, name="board", lang="en"):
    suffix = {"board": "", "move": "move", "figure": "figure", "undo": "undo", "score": "score/"}[name]
    return f"/{lang}/play/{saved.code}/{suffix}"


def lay_e(client, saved, **extra):
    data = {"tile": "E", "x": 0, "y": -1, "rotation": 180, "expected": now(saved)}
    return client.post(url(saved, "move"), data, **extra)


def new_game_data(**overrides):
    data = {"name_0": "Mina", "name_1": "Wei", "small_city": "4", "farmers": "3rd", "mode": "replay"}
    for i, colour in enumerate(["red", "blue", "green", "yellow", "black", "grey"]):
        data[f"color_{i}"] = colour
    data.update(overrides)
    return data


@pytest.mark.parametrize("lang", ["en", "zh-hant", "zh-hans", "fa"])
def test_new_game_page_in_every_language(client, lang):
    response = client.get(f"/{lang}/play/")
    assert response.status_code == 200
    assert 'name="name_0"' in response.content.decode()


def test_starting_a_game_redirects_to_its_board(client):
    response = client.post("/en/play/", new_game_data(expansions="river", mode="final", banked_0="12"))
    assert response.status_code == 302
    saved = SavedGame.objects.get()
    assert response["Location"] == f"/en/play/{saved.code}/"
    assert (saved.expansions, saved.mode, saved.banked) == (["river"], "final", [12, 0])


def test_a_bad_new_game_form_keeps_what_was_typed(client):
    response = client.post("/fa/play/", new_game_data(name_1="", name_2="", name_0="Mina"))
    assert response.status_code == 200
    body = response.content.decode()
    assert 'value="Mina"' in body
    assert SavedGame.objects.count() == 0


def test_two_players_with_one_colour_are_refused(client):
    response = client.post("/en/play/", new_game_data(color_1="red"))
    assert response.status_code == 200
    assert SavedGame.objects.count() == 0
    assert "different colour" in response.content.decode()


def test_board_page_is_a_full_page_and_a_partial_with_htmx(client, saved):
    full = client.get(url(saved))
    partial = client.get(url(saved), **HX)
    assert full.status_code == partial.status_code == 200
    assert "<html" in full.content.decode() and 'id="play"' in full.content.decode()
    assert "<html" not in partial.content.decode() and partial.content.decode().lstrip().startswith(
        '<div id="play"'
    )


def test_choosing_a_tile_highlights_its_legal_squares(client, saved):
    body = client.get(url(saved) + "?tile=E", **HX).content.decode()
    # E fits above the start tile's city and below its field, never beside its road.
    legal = re.findall(r'class="cell open [^"]*legal[^"]*" data-x="(-?\d+)" data-y="(-?\d+)"', body)
    assert sorted(legal) == [("0", "-1"), ("0", "1")]
    assert body.count('class="cell open') == 4


def test_choosing_a_square_narrows_the_palette_to_tiles_that_fit(client, saved):
    body = client.get(url(saved) + "?at=0,-1", **HX).content.decode()
    offered = set(re.findall(r'data-tile="([A-Z])" data-rotation', body))
    assert offered == set("CDEFGHIJKLMNOPQRST")  # exactly the tiles with a city edge
    assert "U" not in offered and "B" not in offered


def test_a_move_without_htmx_redirects_with_the_figure_spots(client, saved):
    response = lay_e(client, saved)
    assert response.status_code == 302
    assert response["Location"].endswith("?spots=1")
    assert saved.moves.count() == 2


def test_a_move_with_htmx_returns_the_partial_with_spots(client, saved):
    response = lay_e(client, saved, **HX)
    body = response.content.decode()
    assert response.status_code == 200
    board, card = body.split('id="figure-card"')
    assert board.count('class="dot ') == 2  # the city and the field of E
    assert card.count('class="dot ') == 2  # again on the phone's large picture of the tile
    assert any("Tile E laid" in m for m in messages(response))


def test_the_phone_card_offers_a_spot_only_one_kind_may_take_whichever_kind_is_chosen(client):
    """Mina's meeple holds the road, so only her builder may go on it: its dot shows at once, with
    the builder drawn in it; the big meeple's dots wait until that kind is chosen."""
    game = services.create_game(
        services.GameSettings(
            players=[("Mina", "red"), ("Wei", "blue")], expansions=["traders-builders", "inns-cathedrals"]
        )
    )
    for text in ("D@0,0/0", "U@1,0/0:0E", "W@-1,0/0"):
        services.add_move(game.code, Placement.parse(text), expected=now(game))
    data = {"tile": "U", "x": 2, "y": 0, "rotation": 0, "expected": now(game)}
    card = client.post(url(game, "move"), data, **HX).content.decode().split('id="figure-card"')[1]
    forms = re.findall(r'<form[^>]*class="dot-form[^"]*"[^>]*>.*?</form>', card, re.S)
    shown = [f for f in forms if " hidden>" not in f.split(">", 1)[0] + ">"]
    assert shown and all('data-kind="big"' not in f for f in shown)
    builder = [f for f in forms if 'data-kind="builder"' in f]
    assert len(builder) == 1 and builder[0] in shown and " data-alone" in builder[0]
    assert 'class="figure-icon k-builder"' in builder[0]
    assert all(" data-alone" not in f for f in forms if 'data-kind="meeple"' in f)


def board_origin(html: str) -> dict:
    found = re.search(r'data-min-x="(-?\d+)" data-min-y="(-?\d+)"', html)
    return {"west": found.group(1), "north": found.group(2)}


def test_a_placement_on_the_page_answers_with_only_what_changed(client, saved):
    services.add_move(saved.code, Placement.parse("E@0,-1/180"), expected=now(saved))
    origin = board_origin(client.get(url(saved)).content.decode())
    data = {"tile": "U", "x": 1, "y": 0, "rotation": 90, "expected": now(saved), **origin}
    data["rotation"] = next(
        r for r in (0, 90) if services.load(saved.code).game.is_legal(Placement("U", 1, 0, r))
    )
    response = client.post(url(saved, "move"), data, **HX)
    html = response.content.decode()
    assert response.status_code == 200 and response["HX-Reswap"] == "none"
    assert response["HX-Trigger-After-Settle"] == "board-updated"
    assert 'hx-swap-oob="beforeend:#board-grid-tiles"' in html and 'data-x="1" data-y="0"' in html
    parts = ("play-state", "board-toolbar", "board-grid-open", "play-status", "figure-card-slot")
    parts += ("palette-heading", "palette-note", "scoreboard", "game-links", "palette-U")
    for part in parts:
        assert re.search(rf'id="{part}"[^>]*hx-swap-oob="true"', html), part
    # The side's list of tiles stays as the page has it (test_kept_palette.py).
    assert 'id="play-side"' not in html and 'id="palette-full"' not in html
    # Sent again: the tile laid before (no longer the last); the start tile has not changed.
    resent = set(re.findall(r'id="board-grid-(-?\d+)_(-?\d+)" hx-swap-oob="true"', html))
    assert resent == {("0", "-1")}
    assert "Tile U laid at 1, 0." in messages(response)[0]
    assert services.load(saved.code).game.board.tiles.keys() == {(0, 0), (0, -1), (1, 0)}


def test_a_placement_that_moves_the_boards_corner_gets_the_whole_board(client, saved):
    origin = board_origin(client.get(url(saved)).content.decode())
    response = (
        lay_e(client, saved, **HX, data=None)
        if False
        else client.post(
            url(saved, "move"),
            {"tile": "E", "x": 0, "y": -1, "rotation": 180, "expected": now(saved), **origin},
            **HX,
        )
    )
    assert "HX-Reswap" not in response and 'id="play"' in response.content.decode()
    # Without the corner (a plain form, an old page) the whole board comes too.
    data = {"tile": "U", "x": 1, "y": 0, "rotation": 0, "expected": now(saved)}
    data["rotation"] = next(
        r for r in (0, 90) if services.load(saved.code).game.is_legal(Placement("U", 1, 0, r))
    )
    assert "HX-Reswap" not in client.post(url(saved, "move"), data, **HX)


def test_a_meeple_that_closes_a_city_scores_and_comes_back(client, saved):
    lay_e(client, saved)
    data = {"number": 1, "player": 0, "action": "0S", "expected": now(saved)}
    response = client.post(url(saved, "figure"), data, **HX)
    text = " ".join(messages(response))
    assert "Completed city" in text and "Mina scores 4" in text
    assert services.load(saved.code).game.meeples_in_supply == [7, 7]
    # The city lights up on both its tiles and Mina's 4 points rise from where her knight stood.
    body = response.content.decode()
    assert body.count('class="glow') == 2
    assert re.search(r'class="points-float c-red [^"]*"[^>]*>\+4<', body)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "must touch the board"), ("fa", "کاشی"), ("zh-hant", "版塊"), ("zh-hans", "板块")],
)
def test_an_illegal_move_is_explained_in_the_readers_language(client, saved, lang, expected):
    response = client.post(
        url(saved, "move", lang), {"tile": "E", "x": 4, "y": 4, "rotation": 0, "expected": now(saved)}
    )
    assert response.status_code == 400
    assert any(expected in m for m in messages(response))
    assert saved.moves.count() == 1


def test_an_illegal_move_with_htmx_is_a_200_partial_keeping_the_selection(client, saved):
    response = client.post(
        url(saved, "move"), {"tile": "E", "x": 1, "y": 0, "rotation": 0, "expected": now(saved)}, **HX
    )
    assert response.status_code == 200
    assert any("does not match" in m for m in messages(response))
    assert saved.moves.count() == 1


def test_a_stale_move_is_refused_with_a_message(client, saved):
    seen = now(saved)
    lay_e(client, saved)
    response = client.post(
        url(saved, "move"), {"tile": "U", "x": 1, "y": 0, "rotation": 0, "expected": seen}, **HX
    )
    assert any("another device" in m for m in messages(response))
    assert saved.moves.count() == 2
    # The refusal shows the board as it now is, with the digest the phone needs next.
    assert f'value="{now(saved)}"' in response.content.decode()


def test_garbage_move_forms_are_refused_politely(client, saved):
    for data in (
        {},
        {"tile": "ZZ", "x": "a", "y": 0, "rotation": 45, "expected": "x"},
        {"tile": "E", "x": 10**9},
    ):
        response = client.post(url(saved, "move"), data)
        assert response.status_code == 400
    assert saved.moves.count() == 1


def test_undo(client, saved):
    response = client.post(url(saved, "undo"), {"expected": now(saved)}, **HX)
    assert response.status_code == 200
    assert saved.moves.count() == 0


def test_unknown_game_is_a_404_in_the_readers_language(client):
    response = client.get("/zh-hant/play/nosuchgame/")
    assert response.status_code == 404


def test_score_page_breakdown_and_event_highlight(client, saved):
    lay_e(client, saved)
    client.post(url(saved, "figure"), {"number": 1, "player": 1, "action": "1S", "expected": now(saved)})
    page = client.get(url(saved, "score"))
    body = page.content.decode()
    assert page.status_code == 200
    assert "Wei" in body and "?event=0" in body
    partial = client.get(url(saved, "score") + "?event=0", HTTP_HX_REQUEST="true", HTTP_HX_TARGET="explain")
    assert "2 tiles × 2 = 4" in partial.content.decode()
    assert "<html" not in partial.content.decode()


def test_export_png_and_tile_images(client, saved):
    exported = client.get(f"/en/play/{saved.code}/board.json")
    assert json.loads(exported.content)["placements"] == [{"tile": "D", "x": 0, "y": 0, "rotation": 0}]
    assert [p["color"] for p in json.loads(exported.content)["players"]] == ["red", "blue"]
    assert "attachment" in exported["Content-Disposition"]
    png = client.get(f"/en/play/{saved.code}/board.png")
    assert png["Content-Type"] == "image/png" and png.content[:8] == b"\x89PNG\r\n\x1a\n"
    tile = client.get("/tiles/E.png")
    assert tile.status_code == 200 and tile.content[:4] == b"\x89PNG"
    assert client.get("/tiles/nope.png").status_code == 404
    page_picture = client.get("/tiles/E.webp")
    assert page_picture["Content-Type"] == "image/webp" and page_picture.content[8:12] == b"WEBP"
    assert client.get("/tiles/nope.webp").status_code == 404


def test_import_a_board_file(client, fixture_path):
    with open(fixture_path("river-game.json"), "rb") as handle:
        response = client.post("/en/play/import/", {"file": handle})
    assert response.status_code == 302
    assert SavedGame.objects.get().moves.count() == 84


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{broken", "not a board file"),
        (
            '{"format": "carcassonne-board/1", "players": [{"name": "A"}, {"name": "B"}],'
            ' "placements": [{"tile": "E", "x": 0, "y": 0}]}',
            "start tile",
        ),
    ],
)
def test_a_bad_board_file_is_explained_and_the_pasted_text_kept(client, text, expected):
    response = client.post("/en/play/import/", {"text": text})
    assert response.status_code == 400
    body = response.content.decode()
    assert expected in body.lower() or expected in body
    assert SavedGame.objects.count() == 0
    assert "{broken" in body or "carcassonne-board/1" in body


def test_a_huge_upload_is_refused(client):
    from django.core.files.uploadedfile import SimpleUploadedFile

    big = SimpleUploadedFile("big.json", b"[" * (400 * 1024), content_type="application/json")
    response = client.post("/en/play/import/", {"file": big})
    assert response.status_code == 400
    assert SavedGame.objects.count() == 0


def test_move_list_is_a_fragment_with_htmx_and_a_page_without(client, saved):
    full = client.get(f"/en/play/{saved.code}/moves/").content.decode()
    partial = client.get(f"/en/play/{saved.code}/moves/", **HX).content.decode()
    assert "<html" in full and "<html" not in partial
    assert "Start tile" in partial and "(0, 0) 0°" in partial


def test_fields_view_and_its_picture(client, board_document):
    saved = services.import_board(read_board(board_document("river-game.json")))
    html = client.get(f"/en/play/{saved.code}/score/?view=fields").content.decode()
    farms = services.load(saved.code).game.farms()
    farm_list = html.split('class="farm-list"')[1].split("</ol>")[0]
    assert farms and farm_list.count("<li>") == len(farms)
    assert farm_list.count("completed cit") == len(farms)
    picture = client.get(f"/en/play/{saved.code}/board.png?view=fields")
    assert picture["Content-Type"] == "image/png" and picture.content[:4] == b"\x89PNG"
