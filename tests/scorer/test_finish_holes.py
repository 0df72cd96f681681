"""Ending a copied board: squares shut in by tiles still empty are named before it is scored."""

import re

import pytest

from scorer import services
from scorer.engine import Placement
from scorer.models import SavedGame

pytestmark = pytest.mark.django_db
HX = {"HTTP_HX_REQUEST": "true"}

# Four cloisters round (1, 1), joined at the corners by city tiles facing out: (1, 1) is a hole.
RING = ["E@0,0/0", "B@1,0/0", "E@2,0/0", "B@0,1/0", "B@2,1/0", "E@0,2/180", "B@1,2/0", "E@2,2/180"]
SAYS = {
    "en": "1 square between tiles is still empty: a tile may be missing there.",
    "zh-hant": "版塊之間還有 1 格空著：那裡可能漏了一片版塊。",
    "zh-hans": "板块之间还有 1 格空着：那里可能漏了一块板块。",
    "fa": "۱ خانه میان کاشی‌ها هنوز خالی است: شاید کاشی‌ای آنجا جا افتاده باشد.",
}


def copied(texts, mode="final"):
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], mode=mode))
    for text in texts:
        services.add_move(saved.code, Placement.parse(text), expected=services.load(saved.code).digest)
    return saved


def end(client, saved, lang="en", **data):
    data = {"finished": "1", "expected": services.load(saved.code).digest, **data}
    return client.post(f"/{lang}/play/{saved.code}/finish", data, **data.pop("headers", {}))


def text_of(response) -> str:
    return re.sub(r"\s+", " ", response.content.decode())


@pytest.mark.parametrize("lang", ["en", "zh-hant", "zh-hans", "fa"])
def test_a_board_with_a_hole_is_not_ended_at_once(client, lang):
    saved = copied(RING)
    response = end(client, saved, lang)
    assert response.status_code == 302
    assert response["Location"] == f"/{lang}/play/{saved.code}/?end=check#end-check"
    assert not SavedGame.objects.get(pk=saved.pk).finished
    page = text_of(client.get(response["Location"]))
    assert SAYS[lang] in page
    assert 'name="confirm" value="1"' in page
    assert f'href="/{lang}/play/{saved.code}/"' in page  # go back to the board
    assert ">۱، ۱</a>" in page if lang == "fa" else ">1, 1</a>" in page


def test_scoring_anyway_ends_the_game(client):
    saved = copied(RING)
    response = end(client, saved, confirm="1")
    assert response.status_code == 302 and response["Location"] == f"/en/play/{saved.code}/score/"
    assert SavedGame.objects.get(pk=saved.pk).finished


def test_with_htmx_the_question_comes_in_place_and_the_answer_goes_to_the_score(client):
    saved = copied(RING)
    asked = client.post(
        f"/en/play/{saved.code}/finish", {"finished": "1", "expected": services.load(saved.code).digest}, **HX
    )
    assert asked.status_code == 200 and SAYS["en"] in text_of(asked)
    assert '<div id="play"' in asked.content.decode()
    ended = client.post(
        f"/en/play/{saved.code}/finish",
        {"finished": "1", "confirm": "1", "expected": services.load(saved.code).digest},
        **HX,
    )
    assert ended.status_code == 204 and ended["HX-Redirect"] == f"/en/play/{saved.code}/score/"
    assert SavedGame.objects.get(pk=saved.pk).finished


def test_a_board_without_holes_is_scored_at_once(client):
    saved = copied([t for t in RING if t != "B@1,2/0"])
    response = end(client, saved)
    assert response["Location"] == f"/en/play/{saved.code}/score/"
    assert SavedGame.objects.get(pk=saved.pk).finished


def test_a_game_being_played_is_ended_at_once_whatever_its_holes(client):
    saved = copied(["D@0,0/0"], mode="replay")
    assert end(client, saved)["Location"] == f"/en/play/{saved.code}/score/"


def test_the_question_is_not_asked_of_a_board_without_holes(client):
    saved = copied(RING[:3])
    page = text_of(client.get(f"/en/play/{saved.code}/?end=check"))
    assert "still empty" not in page and "End the game and score it" in page
