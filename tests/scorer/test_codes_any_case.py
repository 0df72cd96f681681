"""A game's code typed with capitals opens the same game: pages move to the lower-case address,
the phones' ``/state`` and writes are answered as they are."""

import re

import pytest

from scorer import services
from scorer.models import SavedGame

pytestmark = pytest.mark.django_db


@pytest.fixture
def saved(started_game):
    return started_game


@pytest.mark.parametrize(
    ("typed", "address"),
    [
        pytest.param("/en/play/{CODE}/", "/en/play/{code}/", id="board"),
        pytest.param("/fa/play/{CoDe}/score/?event=1", "/fa/play/{code}/score/?event=1", id="score-query"),
        pytest.param("/zh-hant/play/{CODE}/moves/", "/zh-hant/play/{code}/moves/", id="moves"),
        pytest.param("/en/play/{CODE}/board.png", "/en/play/{code}/board.png", id="picture"),
        pytest.param("/en/play/watch/{WATCH}/", "/en/play/watch/{watch}/", id="watching"),
    ],
)
def test_a_page_asked_for_with_capitals_moves_to_its_lower_case_address(client, saved, typed, address):
    names = {"code": saved.code, "watch": saved.watch_code}
    # One capital, on the code's first letter (a code may start with a digit).
    one_capital = re.sub("[a-z]", lambda m: m[0].upper(), saved.code, count=1)
    names |= {"CODE": saved.code.upper(), "CoDe": one_capital, "WATCH": saved.watch_code.upper()}
    response = client.get(typed.format(**names))
    assert response.status_code == 301
    assert response["Location"] == address.format(**names)
    assert client.get(response["Location"]).status_code == 200


@pytest.mark.parametrize("watching", [False, True])
def test_the_state_is_answered_under_a_code_with_capitals(client, saved, watching):
    code = saved.watch_code if watching else saved.code
    url = f"/en/play/{'watch/' if watching else ''}{code.upper()}/state"
    first = client.get(url)
    assert first.status_code == 200 and first.json()["moves"] == 1
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])  # the fast path, before the site
    assert again.status_code == 304


def test_a_move_posted_under_a_code_with_capitals_is_laid(client, saved):
    data = {"tile": "E", "x": 0, "y": -1, "rotation": 180, "expected": services.load(saved.code).digest}
    response = client.post(f"/en/play/{saved.code.upper()}/move", data)
    assert response.status_code == 302 and response["Location"].startswith(f"/en/play/{saved.code}/")
    assert SavedGame.objects.get(pk=saved.pk).moves.count() == 2


def test_an_unknown_code_in_any_case_is_still_not_found(client, saved):
    assert client.get("/en/play/NOSUCHGAME/", follow=True).status_code == 404
    assert client.get(f"/en/play/{saved.code}/qr/EDIT.png").status_code == 404
    assert client.get(f"/en/play/{saved.code}/state", HTTP_IF_NONE_MATCH='"x"').status_code == 200
