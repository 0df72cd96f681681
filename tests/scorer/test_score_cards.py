"""The score page's points by category: a table, and for a phone the same as a card per player."""

import random
import re

import pytest

from scorer import services
from scorer.engine import read_board, write_board
from scorer.engine.simulate import random_game
from scorer.models import SavedGame

pytestmark = pytest.mark.django_db
EVERY_BOX = ("river", "abbot", "inns-cathedrals", "traders-builders")


@pytest.fixture(scope="module")
def six_players():
    return write_board(random_game(random.Random(18), 6, expansions=EVERY_BOX, meeple_chance=0.6))


@pytest.mark.parametrize("lang", ["en", "fa"])
def test_every_player_has_a_card_with_every_category_and_the_total(client, six_players, lang):
    saved = services.import_board(read_board(six_players))
    SavedGame.objects.filter(pk=saved.pk).update(finished=True)
    page = client.get(f"/{lang}/play/{saved.code}/score/").content.decode()
    table = re.search(r'<table class="breakdown">.*?</table>', page, re.S)[0]
    headers = re.findall(r'<th scope="col">(.*?)</th>', table)
    cards = re.search(r'<ol class="score-cards" aria-labelledby="breakdown-heading">(.*?)</ol>', page, re.S)
    cards = cards[1]
    each = cards.split('<li class="score-card">')[1:]
    assert len(each) == 6 == table.count('<th scope="row">')
    for card in each:
        assert "<h3>" in card and "<bdi>" in card
        assert re.findall(r"<dt>(.*?)</dt>", card) == headers[1:]  # every category, then the total
    first_row = re.search(r'<tr><th scope="row">.*?</tr>', table, re.S)[0]
    assert re.findall(r"<dd>(.*?)</dd>", each[0]) == [
        re.sub(r"</?strong>", "", v) for v in re.findall(r"<td>(.*?)</td>", first_row)
    ]
    assert 'class="table-scroll breakdown-table"' in page
