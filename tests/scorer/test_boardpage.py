"""The board page's parts, each on its own: no HTTP, just the engine's game and a selection."""

from __future__ import annotations

import pytest
from django.utils import translation

from scorer.board_layer.players import looks_of
from scorer.boardpage.grid import board_grid
from scorer.boardpage.moves import move_rows
from scorer.boardpage.palette import palette, palette_note
from scorer.boardpage.preview import preview
from scorer.boardpage.scoreboard import player_rows
from scorer.boardpage.selection import Selection
from scorer.boardpage.spots import figure_choice
from scorer.engine import TILES, FigureKind, Game, Placement, Player


def game_of(*texts: str, expansions=(), players=("Mina", "Wei")) -> Game:
    game = Game([Player(name) for name in players], expansions=expansions)
    game.extend(Placement.parse(t) for t in texts)
    return game


@pytest.fixture(autouse=True)
def english():
    with translation.override("en"):
        yield


# -- selection -------------------------------------------------------------------------------


def test_a_selection_round_trips_through_its_link():
    chosen = Selection(tile="E", square=(0, -1), rotation=180, player=1, kind=FigureKind.BIG, spots=True)
    query = dict(pair.split("=") for pair in chosen.href().lstrip("?").split("&"))
    assert Selection.parse({k: v.replace("%2C", ",") for k, v in query.items()}) == chosen
    assert Selection().href() == "?"


@pytest.mark.parametrize(
    "params",
    [
        {"tile": "ZZ"},
        {"at": "²,1"},
        {"at": "۳,1"},
        {"at": "1,2,3"},
        {"at": "99999999999,0"},
        {"r": "45"},
        {"r": "٩٠"},
        {"for": "9"},
        {"kind": "dragon"},
        {"at": "\ud800"},
    ],
)
def test_hostile_parameters_are_simply_not_selected(params):
    assert Selection.parse(params) == Selection()


def test_href_changes_only_what_it_is_told():
    chosen = Selection(tile="E", square=(2, 3))
    assert chosen.href(rotation=90) == "?tile=E&at=2,3&r=90"
    assert chosen.href(square=None) == "?tile=E"


# -- grid, palette, preview --------------------------------------------------------------------


def test_the_grid_spans_the_tiles_and_the_squares_beside_them():
    game = game_of("D@0,0/0")
    legal = game.legal_placements("E").squares()
    grid = board_grid(
        game, looks_of(game.players), Selection(tile="E"), legal=legal, preview=None, finished=False
    )
    assert (grid.columns, grid.rows, grid.west, grid.north) == (3, 3, -1, -1)
    assert [(t.col, t.row) for t in grid.tiles] == [(2, 2)]
    assert {(c.x, c.y) for c in grid.open_cells if c.legal} == {(0, -1), (0, 1)}
    assert all(c.href.startswith("?tile=E&at=") for c in grid.open_cells)


def test_a_finished_game_shows_no_open_squares():
    game = game_of("D@0,0/0", "E@0,-1/180")
    grid = board_grid(game, looks_of(game.players), Selection(), legal={}, preview=None, finished=True)
    assert grid.open_cells == [] and len(grid.tiles) == 2


def test_the_preview_lies_over_its_open_square():
    """The square stays under the tile about to be laid: the page's script may take the tile off
    again (another square or tile chosen) without asking the server."""
    game = game_of("D@0,0/0")
    legal = game.legal_placements("E").squares()
    shown = preview(Selection(tile="E", square=(0, -1)), legal)
    assert shown is not None and shown.placement == Placement("E", 0, -1, 180) and shown.options == [180]
    grid = board_grid(
        game, looks_of(game.players), Selection(), legal=legal, preview=shown.placement, finished=False
    )
    assert grid.preview is not None and (0, -1) in {(c.x, c.y) for c in grid.open_cells}


def test_turning_cycles_through_the_rotations_that_fit():
    game = game_of("D@0,0/0")
    legal = game.legal_placements("U").squares()
    shown = preview(Selection(tile="U", square=(1, 0)), legal)
    assert shown.options == [0]  # a straight road only fits along D's road, and U looks the same turned 180°
    shown = preview(Selection(tile="V", square=(1, 0)), game.legal_placements("V").squares())
    assert len(shown.options) == 2
    assert shown.turn_right != shown.turn_left or len(shown.options) == 2


def test_a_preview_needs_a_square_the_tile_fits():
    game = game_of("D@0,0/0")
    assert preview(Selection(tile="E", square=(1, 0)), game.legal_placements("E").squares()) is None
    assert preview(Selection(square=(0, -1)), {}) is None


def test_the_palette_counts_and_with_a_square_offers_only_what_fits():
    game = game_of("D@0,0/0")
    entries = {e.tile.name: e for e in palette(game, Selection(), finished=False)}
    assert entries["D"].remaining == 3 and entries["D"].total == 4 and entries["D"].key == "D"
    assert "river-spring" not in entries
    narrowed = palette(game, Selection(square=(0, -1)), finished=False)
    fitting = {e.tile.name for e in narrowed if e.options}
    assert "E" in fitting and "U" not in fitting


def test_the_palette_and_preview_offer_both_turns_that_put_the_wine_on_another_city():
    game = game_of("D@0,0/0", expansions=("traders-builders",))
    narrowed = {e.tile.name: e for e in palette(game, Selection(square=(0, -1)), finished=False)}
    assert narrowed["tb-two-corners-wine"].options == [0, 90, 180, 270]
    legal = game.legal_placements("tb-two-corners-wine").squares()
    shown = preview(Selection(tile="tb-two-corners-wine", square=(0, -1), rotation=180), legal)
    assert shown.options == [0, 90, 180, 270] and shown.placement.rotation == 180


def test_while_the_river_is_laid_its_tiles_come_first_with_digit_keys_and_a_reason():
    game = game_of("river-spring@0,0/0", expansions=("river",))
    entries = palette(game, Selection(), finished=False)
    river = [e for e in entries if e.tile.is_river]
    assert entries[: len(river)] == river  # the river tiles lead the palette
    left = [e for e in river if e.remaining]
    assert [e.key for e in left] == list("1234567890")[: len(left)]
    by_name = {e.tile.name: e for e in entries}
    assert by_name["river-lake"].key.isdigit() and "lake" in by_name["river-lake"].label
    assert by_name["D"].key == "D"
    assert "river comes first" in palette_note(game, Selection())
    # A square beside the spring that is not the river's mouth says why nothing fits it.
    mouth = game.board.bound_square
    beside = next(s for s in game.board.open_squares if s != mouth)
    assert "river is being laid" in palette_note(game, Selection(square=beside))


def test_without_the_river_the_palette_keeps_catalogue_order_and_says_nothing():
    game = game_of("D@0,0/0")
    entries = palette(game, Selection(), finished=False)
    assert [e.tile.name for e in entries][:3] == ["A", "B", "C"]
    assert palette_note(game, Selection()) == ""
    assert sum(e.focus for e in entries) == 1 and entries[0].focus


# -- a finished board being copied ------------------------------------------------------------


def final_game(*texts: str) -> Game:
    game = Game([Player("Mina"), Player("Wei"), Player("Ana")], mode="final")
    game.extend(Placement.parse(t) for t in texts)
    return game


def test_a_board_being_copied_offers_a_square_one_step_away_and_every_tile_to_change():
    game = final_game("U@0,0/0")
    grid = board_grid(game, looks_of(game.players), Selection(), legal={}, preview=None, finished=False)
    gaps = {(c.x, c.y) for c in grid.open_cells if c.gap}
    assert (2, 0) in gaps and (1, 0) not in gaps
    assert all(t.href and "on=" in t.href for t in grid.tiles)
    assert sum(c.focus for c in grid.open_cells) == 1


def test_in_a_game_being_played_only_the_tile_just_laid_links_to_its_figure():
    game = game_of("D@0,0/0", "U@1,0/0")
    grid = board_grid(game, looks_of(game.players), Selection(), legal={}, preview=None, finished=False)
    linked = [(t.x, t.y) for t in grid.tiles if t.href]
    assert linked == [(1, 0)]
    assert not any(c.gap for c in grid.open_cells)


def test_the_figure_of_any_tile_of_a_copied_board_can_be_chosen_and_whose_defaults_to_the_last_used():
    game = final_game("U@0,0/0:1N", "U@1,0/0", "U@2,0/0")
    looks = looks_of(game.players)
    choice = figure_choice(game, looks, Selection(spots=True, on=(2, 0)), finished=False)
    assert choice.number == 2 and choice.square == (2, 0)
    assert choice.player == 1  # Wei's figure was the last one put down
    assert choice.spots and all("Wei" in s.label for s in choice.spots)
    older = figure_choice(game, looks, Selection(spots=True, on=(0, 0)), finished=False)
    assert older.number == 0 and older.current is not None and older.player == 1
    asked = figure_choice(game, looks, Selection(spots=True, on=(1, 0), player=2), finished=False)
    assert asked.player == 2 and "for=2" in asked.done_href


def test_the_tab_stop_is_the_chosen_square_or_the_nearest_legal_one():
    game = game_of("D@0,0/0")
    looks = looks_of(game.players)
    legal = game.legal_placements("E").squares()
    grid = board_grid(game, looks, Selection(tile="E"), legal=legal, preview=None, finished=False)
    stops = [(c.x, c.y) for c in grid.open_cells if c.focus]
    assert len(stops) == 1 and stops[0] in legal
    chosen = board_grid(game, looks, Selection(square=(-1, 0)), legal={}, preview=None, finished=False)
    assert [(c.x, c.y) for c in chosen.open_cells if c.focus] == [(-1, 0)]


# -- figure spots ------------------------------------------------------------------------------


def test_nobody_places_a_figure_on_the_start_tile():
    game = game_of("D@0,0/0")
    assert figure_choice(game, looks_of(game.players), Selection(spots=True), finished=False) is None


def test_spots_are_for_the_player_who_laid_the_tile():
    game = game_of("D@0,0/0", "U@1,0/0", "U@2,0/0")  # Mina laid the second tile, Wei the third
    choice = figure_choice(game, looks_of(game.players), Selection(spots=True), finished=False)
    assert choice.player == 1 and choice.number == 2
    assert {s.place for s in choice.spots} == {"W", "WNW", "ESE"}  # the road and the fields beside it
    assert [k.value for k in choice.kinds] == ["meeple"]


def test_a_claimed_road_offers_no_spot():
    game = game_of("D@0,0/0", "U@1,0/0:0E", "U@2,0/0")
    choice = figure_choice(game, looks_of(game.players), Selection(spots=True), finished=False)
    assert "E" not in {s.place for s in choice.spots} and "W" not in {s.place for s in choice.spots}


def test_a_player_with_no_figure_left_is_told_so():
    cloisters = ["B@0,1/0:0C", "B@1,1/0:0C", "B@-1,1/0:0C", "B@0,2/0:0C", "A@1,2/0:0C", "A@-1,2/0:0C"]
    game = game_of("D@0,0/0", *cloisters, "U@1,0/0:0E", "U@-1,0/0")  # Mina's seven meeples stand
    choice = figure_choice(game, looks_of(game.players), Selection(spots=True, player=0), finished=False)
    assert choice.spots == [] and "Mina has no meeple left" in choice.none_left


def test_the_expansions_offer_their_figures_and_the_abbots_recall():
    game = game_of("D@0,0/0", "B@0,1/0:0C+abbot", "U@1,0/0", expansions=("abbot", "inns-cathedrals"))
    looks = looks_of(game.players)
    choice = figure_choice(game, looks, Selection(spots=True, player=0), finished=False)
    assert [k.value for k in choice.kinds] == ["meeple", "big", "abbot"]
    assert [(r.x, r.y, r.points) for r in choice.recalls] == [(0, 1, 3)]  # B, D and U around it
    big = figure_choice(game, looks, Selection(spots=True, player=0, kind=FigureKind.BIG), finished=False)
    assert big.kind is FigureKind.BIG and big.spots


# -- scoreboard and moves -----------------------------------------------------------------------


def test_the_scoreboard_shows_every_kind_of_figure_and_who_plays_next():
    game = game_of("D@0,0/0", "U@1,0/0:0E", "U@2,0/0:0E+builder", expansions=("traders-builders",))
    rows = player_rows(game, looks_of(game.players))
    assert [(s.kind, s.count) for s in rows[0].supply] == [("meeple", 6), ("builder", 0), ("pig", 1)]
    assert [g.good for g in rows[0].goods] == ["wine", "wheat", "cloth"]


def test_the_goods_tally_marks_who_leads_each_good():
    game = game_of("D@0,0/0", "tb-across-wine@0,-1/90", "E@0,-2/180", expansions=("traders-builders",))
    rows = player_rows(game, looks_of(game.players))
    wine = {r.name: next(g for g in r.goods if g.good == "wine") for r in rows}
    assert wine["Wei"].count == 1 and wine["Wei"].leads and not wine["Mina"].leads
    assert rows[0].to_move  # Wei closed the city; Mina is next


def test_the_move_list_names_who_laid_each_tile_and_what_stands_on_it():
    game = game_of("D@0,0/0", "E@0,-1/180:1S")
    rows = move_rows(game, looks_of(game.players))
    assert rows[0].number == 1 and rows[0].layer is None
    assert rows[1].layer.name == "Wei" and "meeple" in rows[1].figure and rows[1].events[0].points == 4


def test_a_river_game_starts_with_the_spring_first_then_the_river():
    game = Game(2, expansions=["river", "abbot", "inns-cathedrals", "traders-builders"])
    names = [entry.tile.name for entry in palette(game, Selection(), finished=False)]
    rivers = [name for name in names if TILES[name].is_river]
    assert names[0] == "river-spring" and names[: len(rivers)] == rivers
    # A finished board is copied in any order: its palette keeps the catalogue's.
    final = Game(2, expansions=["river"], mode="final")
    assert palette(final, Selection(), finished=False)[0].tile.name == "A"
