"""The board page's scoreboard names its figure icons in words, once, above the columns."""

import re

import pytest

from scorer import services
from scorer.engine import Placement

pytestmark = pytest.mark.django_db

EVERY_BOX = ["river", "abbot", "inns-cathedrals", "traders-builders"]
NAMES = {
    "en": ["meeple", "big meeple", "abbot", "builder", "pig", "on the board", "wine", "wheat", "cloth"],
    "zh-hant": ["人偶", "大米寶", "修道院長", "建築師", "小豬"],
    "zh-hans": ["小人", "大米宝", "修道院长", "建筑师", "小猪"],
    "fa": ["میپل", "میپل بزرگ", "سرراهب", "معمار", "خوک"],
}


def legend_of(client, lang, expansions):
    settings = services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], expansions=expansions)
    saved = services.create_game(settings)
    page = client.get(f"/{lang}/play/{saved.code}/").content.decode()
    legend = re.search(r'<p class="supply-legend"[^>]*>(.*?)</p>', page, re.S)
    assert legend, "no legend above the scoreboard's columns"
    items = legend[1].split('<span class="legend-item">')[1:]
    return [re.sub(r"<[^>]+>", "", item).strip() for item in items]


@pytest.mark.parametrize("lang", NAMES)
def test_every_figure_is_named_in_words(client, lang):
    words = legend_of(client, lang, EVERY_BOX)
    assert words[:5] == NAMES[lang][:5]
    if lang == "en":
        assert words[5:] == NAMES["en"][5:]  # the outline of a figure out on the board, the goods


def test_the_base_game_names_its_one_figure_and_the_icons_keep_their_names(client):
    assert legend_of(client, "en", []) == ["meeple"]
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement("D", 0, 0), expected=services.load(saved.code).digest)
    page = client.get(f"/en/play/{saved.code}/").content.decode()
    assert '<span class="visually-hidden">meeple: 7 in supply</span>' in page
