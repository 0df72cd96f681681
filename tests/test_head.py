"""HEAD wherever GET is: a link checker or a phone's prefetch asks for the headers alone."""

from __future__ import annotations

import pytest

from scorer import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(started_game):
    return started_game


def pages(saved) -> list[str]:
    code, watch = saved.code, saved.watch_code
    return [
        "/en/",
        "/fa/learn/",
        "/zh-hant/learn/roads/",
        "/en/learn/glossary/",
        "/en/learn/tiles/",
        "/en/learn/quizzes/road-points/",
        "/en/learn/practice/road-close/",
        "/en/play/",
        f"/en/play/{code}/",
        f"/en/play/{code}/score/",
        f"/en/play/{code}/moves/",
        f"/en/play/{code}/board.json",
        f"/en/play/{code}/board.png",
        f"/en/play/{code}/state",
        f"/en/play/{code}/qr/watch.png",
        f"/en/play/watch/{watch}/",
        f"/en/play/watch/{watch}/score/",
        f"/en/play/watch/{watch}/state",
    ]


def test_every_page_answers_head_as_it_answers_get(client, game):
    for path in pages(game):
        got, head = client.get(path), client.head(path)
        assert got.status_code == 200, path
        assert head.status_code == 200, path
        assert head["Content-Type"] == got["Content-Type"], path
        assert not head.content, path


def test_a_finished_boards_track_page_answers_head(client):
    saved = services.create_game(
        services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], mode="final")
    )
    assert client.head(f"/en/play/{saved.code}/track/").status_code == 200
