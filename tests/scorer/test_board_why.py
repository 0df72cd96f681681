"""The board page says why a tile chosen for a square does not go there, and why a tile fits nowhere:
which edge meets which, for the turn that comes closest, and the River's rules where they apply."""

import re

import pytest

from scorer import services
from scorer.engine import Placement

pytestmark = pytest.mark.django_db


def game(*placements: str, players=(("Mina", "red"), ("Wei", "blue")), **settings):
    saved = services.create_game(services.GameSettings(players=list(players), **settings))
    for text in placements:
        services.add_move(saved.code, Placement.parse(text), expected=services.load(saved.code).digest)
    return saved


def status(client, saved, query: str, lang: str = "en") -> str:
    """The board page's status box as text: what the page says (and the live region reads)."""
    html = client.get(f"/{lang}/play/{saved.code}/{query}").content.decode()
    box = re.search(r'<div class="status" id="play-status">(.*?)</div>\s*\n\s*(?:<section|\{)', html, re.S)
    text = re.sub(r"<[^>]+>", " ", box.group(1) if box else html)
    return re.sub(r"\s+", " ", text)


def why(client, saved, query: str, lang: str = "en") -> str:
    html = client.get(f"/{lang}/play/{saved.code}/{query}").content.decode()
    found = re.search(r'class="message error why-not" data-announce>(.*?)</div>', html, re.S)
    return found.group(1) if found else ""


# -- a tile chosen for a square it does not fit ------------------------------------------------


def test_a_tile_that_fits_a_square_at_no_turn_says_which_edge_meets_which(client):
    saved = game("D@0,0/0")
    # East of D is its road; E has no road edge at all.
    said = why(client, saved, "?tile=E&at=1,0")
    assert said.startswith("Tile E does not fit on square 1, 0 at any turn.")
    assert "Its west edge would meet a road edge, and this tile has no road edge." in said
    # The page goes on offering what does fit the square; nothing is laid.
    assert "choose one of the tiles that fit" in status(client, saved, "?tile=E&at=1,0")
    assert saved.moves.count() == 1


def test_the_reason_is_told_for_the_turn_that_comes_closest(client):
    saved = game("D@0,0/0", "E@0,-1/180", "U@-1,-1/270")
    said = why(client, saved, "?tile=A&at=-1,0")
    assert "Tile A does not fit on square -1, 0 at any turn." in said
    assert re.search(r"At best, turned \d+°, its \w+ edge \(\w+\) would meet a \w+ edge\.", said)


def test_a_tile_with_no_edge_of_the_kind_wanted_says_so(client):
    saved = game("D@0,0/0")
    said = why(client, saved, "?tile=C&at=0,1")
    assert "Its north edge would meet a field edge, and this tile has no field edge." in said


def test_a_tile_the_same_every_way_round_says_whichever_way_it_is_turned_and_every_edge(client):
    # A board being copied: a road on either side of the square, and C has only city edges.
    saved = game("D@0,0/0", "D@2,0/0", mode="final")
    said = why(client, saved, "?tile=C&at=1,0")
    assert (
        "Whichever way it is turned, its east edge (city) would meet a road edge; "
        "its west edge (city) would meet a road edge."
    ) in said


def test_the_reason_is_in_the_readers_language(client):
    saved = game("D@0,0/0")
    said = why(client, saved, "?tile=E&at=1,0", "zh-hant")
    assert said.startswith("版塊 E 不管怎麼轉，都放不進格子 1, 0。")
    assert "西邊會碰上道路邊，但這片版塊沒有道路邊。" in said
    said = why(client, saved, "?tile=C&at=0,1", "fa")
    assert said.startswith("کاشی C با هیچ چرخشی در خانهٔ ۰، ۱ جا نمی‌شود.")
    assert "لبهٔ شمالی آن به لبهٔ مزرعه می‌رسد" in said


def test_a_tile_that_fits_says_nothing_and_a_turn_that_does_not_is_explained(client):
    saved = game("D@0,0/0")
    assert why(client, saved, "?tile=E&at=0,-1") == ""
    said = why(client, saved, "?tile=E&at=0,-1&r=0")
    assert said.startswith("Turned 0°, tile E does not fit here: its south edge (field) would meet a city")
    assert said.endswith("It is shown turned a way it fits.")


def test_a_tile_that_fits_nowhere_says_so_instead_of_pointing_at_highlighted_squares(client):
    # Only one C in the box, and it is played: nothing highlighted, and the page says why.
    saved = game("D@0,0/0", "C@5,5/0", mode="final")
    text = status(client, saved, "?tile=C")
    assert "highlighted squares" not in text
    assert "Tile C fits nowhere on the board now, whichever way it is turned." in text
    assert "All tiles of this kind are already on the board." in text
    # A tile that fits somewhere keeps the old sentence.
    assert "Tile E: the highlighted squares are where it fits." in status(client, saved, "?tile=E")


# -- the River -------------------------------------------------------------------------------------


@pytest.fixture
def river():
    """The spring, and a bend: the river now flows south into square 1, 1."""
    return game("river-spring@0,0/0", "river-curve@1,0/0", expansions=["river"])


def test_a_tile_other_than_the_rivers_fits_nowhere_while_the_river_is_laid(client, river):
    text = status(client, river, "?tile=E")
    assert "highlighted squares" not in text
    assert "Tile E fits nowhere on the board now" in text
    assert "All the river tiles must be laid before any other tile." in text


def test_a_river_tile_away_from_the_rivers_mouth_is_told_where_the_river_goes_on(client, river):
    said = why(client, river, "?tile=river-straight&at=0,1")
    assert "Tile straight river does not fit on square 0, 1 at any turn." in said
    assert "A river tile must continue the river from its open end." in said
    assert "The river flows on at square 1, 1." in said


def test_a_bend_turned_back_on_the_river_is_told_of_the_u_turn(client, river):
    said = why(client, river, "?tile=river-curve&at=1,1&r=90")
    assert "The river may not turn the same way twice in a row." in said
    assert "U-turn" in said


def test_the_lake_too_early_fits_nowhere_and_says_why(client, river):
    text = status(client, river, "?tile=river-lake")
    assert "Tile lake fits nowhere on the board now" in text
    assert "The river flows on at square 1, 1." in text
    assert "The lake must be the last river tile." in text


def test_the_river_reasons_in_simplified_chinese(client, river):
    text = status(client, river, "?tile=river-lake", "zh-hans")
    assert "现在无论怎么转，地图上都没有地方能放。" in text
    assert "河流要从格子 1, 1 接下去。" in text
    said = why(client, river, "?tile=river-straight&at=0,1", "zh-hans")
    assert "河流板块必须从河流尚未接上的那一端接下去。" in said
