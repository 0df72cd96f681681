"""Who laid the tile is on show in the figure step, and choosing another player's figure says what
it does: the tile becomes theirs (its layer follows its figure) and the turn order follows."""

import html as entities
import re

import pytest

from scorer import services
from scorer.engine import Placement

pytestmark = pytest.mark.django_db

PLAYERS = [("Mina", "red"), ("Wei", "blue"), ("Sara", "green")]
WEI_NEXT_SARA = "With Wei's figure on it, this tile becomes Wei's: Wei laid it, and the next turn is Sara's."


def game(*placements: str, **settings):
    saved = services.create_game(services.GameSettings(players=PLAYERS, **settings))
    for text in placements:
        services.add_move(saved.code, Placement.parse(text), expected=services.load(saved.code).digest)
    return saved


def chooser(client, saved, query: str, lang: str = "en") -> str:
    html = client.get(f"/{lang}/play/{saved.code}/{query}").content.decode()
    found = re.search(r'<div class="meeple-chooser" id="meeple-chooser">(.*?)\n</div>', html, re.S)
    assert found, query
    return found.group(1)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", entities.unescape(re.sub(r"<[^>]+>", " ", html)))


# -- a game being played ---------------------------------------------------------------------------


def test_the_figure_step_names_who_lays_the_tile_and_offers_only_their_figures(client):
    saved = game("D@0,0/0", "E@0,-1/180")  # Mina laid E, next in turn after the start tile
    html = chooser(client, saved, "?spots=1")
    assert "Mina lays this tile, next in turn." in text(html)
    assert "Whose figure" not in html  # no other player's chips by default
    assert 'name="player" value="0"' in html  # the spots are Mina's
    others = re.search(r'<a href="([^"]*others=1[^"]*)"[^>]*>Laid by someone else\?</a>', html)
    assert others, html


def test_laid_by_someone_else_offers_every_player_and_says_what_it_does(client):
    saved = game("D@0,0/0", "E@0,-1/180")
    html = chooser(client, saved, "?spots=1&others=1")
    assert 'aria-label="Whose figure"' in html
    assert "the tile becomes theirs, and the next turn passes to the player after them" in text(html)
    html = chooser(client, saved, "?spots=1&others=1&for=1")
    assert WEI_NEXT_SARA in text(html)
    assert 'name="player" value="1"' in html


def test_a_tile_given_to_someone_else_says_so_and_the_turn_order_follows(client):
    saved = game("D@0,0/0", "E@0,-1/180:1S")  # Wei's meeple on Mina's turn: Wei laid it
    loaded = services.load(saved.code)
    assert loaded.game.to_move == 2
    html = chooser(client, saved, "?spots=1")
    assert "Wei lays this tile: the figure on it is theirs." in text(html)
    # Back to the turn order's layer: the sentence says the tile becomes Mina's again.
    html = chooser(client, saved, "?spots=1&for=0")
    assert "this tile becomes Mina's: Mina laid it, and the next turn is Wei's." in text(html)


def test_the_layer_sentences_in_traditional_chinese(client):
    saved = game("D@0,0/0", "E@0,-1/180")
    assert "這片版塊由Mina放：照順序輪到Mina。" in text(chooser(client, saved, "?spots=1", "zh-hant"))
    html = chooser(client, saved, "?spots=1&others=1&for=1", "zh-hant")
    assert "放上Wei的棋子，這片版塊就算Wei的：由Wei放下，下一回合輪到Sara。" in text(html)


# -- a finished board being copied ------------------------------------------------------------------


def test_a_copied_board_shows_every_chip_and_nothing_of_turns(client):
    """A finished board has no turns: who laid a tile changes none of its points, so the figure
    step offers every player's figures and says nothing of layers or turn order."""
    saved = game("D@0,0/0", "E@0,-1/180", mode="final")
    for query in ("?spots=1&on=0,-1", "?spots=1&on=0,-1&for=1", "?spots=1&on=0,0&for=2"):
        html = chooser(client, saved, query)
        assert 'aria-label="Whose figure"' in html
        assert "Laid by someone else?" not in html
        assert "lays this tile" not in text(html) and "becomes" not in text(html)
