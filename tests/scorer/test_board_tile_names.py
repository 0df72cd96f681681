"""Every sentence on the board page names a tile as the reader calls it, never by its internal id."""

import re

import pytest

from scorer import services
from scorer.engine import Placement

pytestmark = pytest.mark.django_db

INTERNAL = re.compile(r"\b(?:river|tb|ic)-[a-z]")


def game(*placements: str, **settings):
    saved = services.create_game(
        services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], **settings)
    )
    for text in placements:
        services.add_move(saved.code, Placement.parse(text), expected=services.load(saved.code).digest)
    return saved


def what_a_reader_meets(html: str) -> list[str]:
    """The page's visible text and every label a screen reader reads (aria-label, alt, title)."""
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    labels = re.findall(r'\b(?:aria-label|alt|title)="([^"]*)"', body)
    text = re.sub(r"<[^>]+>", " ", body)
    return [*labels, *(line.strip() for line in text.splitlines() if line.strip())]


def leaks(client, saved, query: str, lang: str) -> list[str]:
    response = client.get(f"/{lang}/play/{saved.code}/{query}")
    assert response.status_code == 200
    return [line for line in what_a_reader_meets(response.content.decode()) if INTERNAL.search(line)]


@pytest.mark.parametrize("lang", ["en", "zh-hant"])
def test_river_tiles_are_named_in_every_status_line(client, lang):
    saved = game("river-spring@0,0/0", "river-curve@1,0/0", expansions=["river"])
    for query in (
        "?",
        "?tile=river-straight",  # chosen: where it fits
        "?tile=river-curve&at=1,1",  # about to be laid, with its turns
        "?tile=river-curve&at=1,1&r=90",  # a turn that does not fit, explained
        "?tile=river-straight&at=0,1",  # a square it does not fit, explained
        "?tile=river-lake",  # fits nowhere, explained
        "?spots=1",  # the figure on the tile just laid
        "?last=1",  # what the last turn did
    ):
        assert leaks(client, saved, query, lang) == [], query


@pytest.mark.parametrize("lang", ["en", "zh-hant"])
def test_traders_and_builders_tiles_are_named_in_every_status_line(client, lang):
    saved = game("D@0,0/0", "tb-two-corners-wine@0,-1/0", expansions=["traders-builders"], mode="final")
    for query in (
        "?",
        "?tile=tb-corner-wine",
        "?tile=tb-corner-wine&at=1,-1",
        "?tile=tb-cloister-three-roads&at=0,1",
        "?spots=1&on=0,-1",  # the figure on a Traders & Builders tile of a board being copied
        "?last=1",
    ):
        assert leaks(client, saved, query, lang) == [], query
    body = client.get(f"/{lang}/play/{saved.code}/?spots=1&on=0,-1").content.decode()
    assert "tb-two-corners-wine" in body  # the forms still send the id; only the reader never meets it
