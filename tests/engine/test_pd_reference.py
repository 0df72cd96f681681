"""Princess & Dragon in the independent reference (reference.py) alone, on small hand-written boards.

Each board is a short board file written out so that it can be checked by eye against
board-format.md ("More expansions") and tiles.md ("Princess & Dragon"); the expected points and
refusals were worked out by hand from those two documents. Squares are (x, y), x to the east,
y to the south. The pictures show each board as it ends, one cell a tile (``vol`` a volcano,
``drg`` a dragon tile, ``*`` where a figure stood).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

import pytest

from .reference import (
    MORE_CATEGORIES,
    RefIllegal,
    final_document,
    random_document,
    replay_document,
    score_document,
)

PD = "princess-dragon"


def lay(tile: str, x: int, y: int, rotation: int = 0, player: int | None = None, **more) -> dict:
    """One placement; ``player`` is the layer (named on every placement after the start)."""
    out = {"tile": tile, "x": x, "y": y, "rotation": rotation}
    if player is not None:
        out["player"] = player
    return {**out, **more}


def meeple(player: int, at: str, kind: str = "meeple", **square) -> dict:
    out = {"player": player, "at": at, **square}
    return out if kind == "meeple" else {**out, "kind": kind}


def ref(x: int, y: int, at: str, player: int, kind: str = "meeple") -> dict:
    """A figure reference."""
    out = {"x": x, "y": y, "at": at, "player": player}
    return out if kind == "meeple" else {**out, "kind": kind}


def board(placements: list[dict], expansions=(PD,), players: int = 2, **top) -> dict:
    return {
        "format": "carcassonne-board/1",
        "players": [{"name": f"P{i}"} for i in range(players)],
        "expansions": list(expansions),
        "placements": placements,
        **top,
    }


# -- boards ------------------------------------------------------------------------------------
#
# ROW: the start tile D with a volcano west of it and straight roads east; every tile has a road
# from west to east and nothing above or below, so the dragon can only walk along the row.
#
#     x:  -1    0    1    2    3
#        vol   D    U    U   drg        (y = 0)

ROW_START = [
    lay("D", 0, 0),
    lay("pd-straight-volcano", -1, 0, player=0),  # the dragon comes onto (-1, 0)
    lay("U", 1, 0, player=1, meeple=meeple(1, "E")),  # a meeple on the long road
    lay("U", 2, 0, player=0, meeple=meeple(0, "N")),  # a farmer north of the road
]
ROW_DRAGON_STEPS = [[0, 0], [1, 0], [2, 0], [3, 0]]

# PRINCESS: a city from D northwards (p0's knight on F) that the princess tile joins to p1's
# city (E turned so that its city faces west), which completes it: D + F + princess + E, one
# pennant, 2 × (4 + 1) = 10 points.
#
#     x:    0      1
#        prn(*)  E*p1       (y = -2)   pd-corner-princess turned 180: city south and east
#        F*p0    B          (y = -1)   F turned 90: city north-south; B: a cloister, no figure
#        D                  (y = 0)

PRINCESS_START = [
    lay("D", 0, 0),
    lay("F", 0, -1, 90, player=0, meeple=meeple(0, "N")),
    lay("B", 1, -1, player=1),
    lay("E", 1, -2, 270, player=1, meeple=meeple(1, "W")),
]


def princess_tile(**more) -> dict:
    return lay("pd-corner-princess", 0, -2, 180, player=0, **more)


# PORTAL: D's city completed at once by E turned 180 (no figure: nobody scores); then a portal.
#
#     x:    0     1
#          E                (y = -1)   its city south, joined to D's: complete
#          D    portal      (y = 0)    pd-junction-portal: roads east, south, west

PORTAL_START = [
    lay("D", 0, 0),
    lay("E", 0, -1, 180, player=0),
]


def portal_tile(figure: dict | None = None, **more) -> dict:
    extra = {"meeple": figure} if figure else {}
    return lay("pd-junction-portal", 1, 0, player=1, **extra, **more)


@dataclass
class Case:
    """A board and what the reference must make of it."""

    id: str
    placements: list[dict]
    totals: list[int]
    expansions: tuple = (PD,)
    players: int = 2
    rules: dict = field(default_factory=dict)
    categories: dict = field(default_factory=dict)  # player -> {category: points}
    log: dict = field(default_factory=dict)  # pd_log entries expected (exact counts)
    figures_left: int | None = None  # figures on tiles and towers once the replay is done
    dragon: tuple | str | None = "unchecked"  # where the dragon ends (None: off the board)


CASES = [
    Case(
        # The dragon walks east from the volcano and stops on (3, 0): the only way on is back
        # to (2, 0), visited. Four steps, fewer than six because it is stuck; it eats p1's road
        # meeple on (1, 0), p0's farmer on (2, 0) and p1's farmer on the dragon tile itself.
        "dragon_stuck_after_four_steps_eats_all_it_enters",
        [
            *ROW_START,
            lay("pd-straight-dragon", 3, 0, player=1, meeple=meeple(1, "S"), dragon=ROW_DRAGON_STEPS),
        ],
        totals=[0, 0],
        log={"volcano": 1, "dragon step": 4, "dragon move": 1, "dragon stuck": 1, "eaten": 3},
        figures_left=0,
        dragon=(3, 0),
    ),
    Case(
        # A dragon tile while the dragon is still off the board (no volcano yet) moves nothing,
        # so p0's meeple on it stays: road D + dragon tile, 2 tiles, unfinished.
        "dragon_tile_before_any_volcano_moves_nothing",
        [lay("D", 0, 0), lay("pd-straight-dragon", 1, 0, player=0, meeple=meeple(0, "E"))],
        totals=[2, 0],
        log={"dragon off the board": 1},
        figures_left=1,
        dragon=None,
    ),
    Case(
        # The same with "dragon": [] written: it means the same as no field.
        "dragon_tile_before_any_volcano_with_empty_steps",
        [lay("D", 0, 0), lay("pd-straight-dragon", 1, 0, player=0, meeple=meeple(0, "E"), dragon=[])],
        totals=[2, 0],
        figures_left=1,
    ),
    Case(
        #     x:  -1    0    1     2     3    4     5
        #        vol   D   U*p1  U*p0   U   drg   U        (y = 0)
        # p1 moves the fairy next to its road meeple on (1, 0) (placement 4). The dragon (5)
        # steps onto (0, 0) and is stuck: (1, 0) is the fairy's, (-1, 0) its start. It eats
        # nothing (D is empty). Placement 6 is p1's: the fairy's point (1). At the end the road
        # from -1 to 5 (7 tiles) gives p1 7 and the fairy's bonus 3; p0's farmer scores 0 (its
        # field touches only D's unfinished city) and the fairy is not next to it.
        "dragon_blocked_by_the_fairy_and_the_fairy_turn_point",
        [
            *ROW_START,
            lay("U", 3, 0, player=1, fairy=ref(1, 0, "E", 1)),
            lay("pd-straight-dragon", 4, 0, player=0, dragon=[[0, 0]]),
            lay("U", 5, 0, player=1),
        ],
        totals=[0, 11],
        categories={1: {"road": 7, "fairy": 4}, 0: {"farm": 0, "fairy": 0}},
        log={"fairy move": 1, "fairy point": 1, "dragon step": 1, "dragon stuck": 1, "eaten": 0},
        figures_left=2,
        dragon=(0, 0),
    ),
    Case(
        #     x:  -1    0    1      2      3      4     5
        #        drg   D   U*p1   U*p0  U*pig  U*b1  vol      (y = 0)
        # The volcano is east this time: six steps exactly, from (5, 0) west to the dragon tile
        # on (-1, 0). The builder and the pig are eaten before their followers (a builder or pig
        # whose follower went first would go home by itself before the dragon came).
        "dragon_eats_a_builder_and_a_pig",
        [
            lay("D", 0, 0),
            lay("U", 1, 0, player=1, meeple=meeple(1, "E")),
            lay("U", 2, 0, player=0, meeple=meeple(0, "N")),
            lay("U", 3, 0, player=0, meeple=meeple(0, "N", "pig")),
            lay("U", 4, 0, player=1, meeple=meeple(1, "E", "builder")),
            lay("pd-straight-volcano", 5, 0, player=0),
            lay(
                "pd-straight-dragon",
                -1,
                0,
                player=1,
                dragon=[[4, 0], [3, 0], [2, 0], [1, 0], [0, 0], [-1, 0]],
            ),
        ],
        totals=[0, 0],
        expansions=(PD, "traders-builders"),
        log={
            "dragon step": 6,
            "dragon move": 1,
            "dragon stuck": 0,
            "eaten": 4,
            "eaten builder": 1,
            "eaten pig": 1,
        },
        figures_left=0,
        dragon=(-1, 0),
    ),
    Case(
        #     x:  -1    0    1     2               (y = 0)
        #        vol   D   U*p1  U*b1
        #                  drg                     (y = 1)   pd-city-dragon turned 180
        # The dragon goes (0, 0), (1, 0), (1, 1) and is stuck there (no tile around but the
        # visited (1, 0)): it eats p1's meeple, and p1's builder on (2, 0), left without a
        # follower on its road, goes home too.
        "builder_goes_home_when_the_dragon_eats_its_meeple",
        [
            lay("D", 0, 0),
            lay("pd-straight-volcano", -1, 0, player=0),
            lay("U", 1, 0, player=1, meeple=meeple(1, "E")),
            lay("U", 2, 0, player=1, meeple=meeple(1, "E", "builder")),
            lay("pd-city-dragon", 1, 1, 180, player=0, dragon=[[0, 0], [1, 0], [1, 1]]),
        ],
        totals=[0, 0],
        expansions=(PD, "traders-builders"),
        log={"eaten": 1, "eaten meeple": 1, "builder home": 1, "dragon stuck": 1},
        figures_left=0,
    ),
    Case(
        # As above with a farmer north of (1, 0) and its pig north of (2, 0).
        "pig_goes_home_when_the_dragon_eats_its_farmer",
        [
            lay("D", 0, 0),
            lay("pd-straight-volcano", -1, 0, player=0),
            lay("U", 1, 0, player=1, meeple=meeple(1, "N")),
            lay("U", 2, 0, player=1, meeple=meeple(1, "N", "pig")),
            lay("pd-city-dragon", 1, 1, 180, player=0, dragon=[[0, 0], [1, 0], [1, 1]]),
        ],
        totals=[0, 0],
        expansions=(PD, "traders-builders"),
        log={"eaten": 1, "pig home": 1},
        figures_left=0,
    ),
    Case(
        #     x:  -1    0      1          2    3
        #        vol   D   to-city-    U   drg          (y = 0)
        #                  straight-split (a tower of 1 floor, p1's meeple on top)
        # The dragon eats the follower on top of the tower, which opens again.
        "dragon_eats_a_follower_on_a_tower",
        [
            lay("D", 0, 0),
            lay("pd-straight-volcano", -1, 0, player=0),
            lay("to-city-straight-split", 1, 0, player=0, tower={"x": 1, "y": 0}),
            lay("U", 2, 0, player=1, meeple=meeple(1, "tower", x=1, y=0)),
            lay("pd-straight-dragon", 3, 0, player=0, dragon=ROW_DRAGON_STEPS),
        ],
        totals=[0, 0],
        expansions=(PD, "tower"),
        log={"eaten": 1, "eaten on a tower": 1},
        figures_left=0,
    ),
    Case(
        #     x:  -1    0     1     2    3    4
        #        U     D   U*p0    U    U    U      (y = 0), one road from -1 to 4
        # p0 moves the fairy next to its road meeple (placement 3, no point yet: the fairy was
        # off the board); placement 5 is p0's again: 1 point. At the end the road (6 tiles)
        # gives p0 6 and the fairy's bonus 3, `when` "end".
        "fairy_bonus_at_the_end_on_a_road",
        [
            lay("D", 0, 0),
            lay("U", 1, 0, player=0, meeple=meeple(0, "E")),
            lay("U", 2, 0, player=1),
            lay("U", 3, 0, player=0, fairy=ref(1, 0, "E", 0)),
            lay("U", -1, 0, player=1),
            lay("U", 4, 0, player=0),
        ],
        totals=[10, 0],
        categories={0: {"road": 6, "fairy": 4}},
        log={"fairy move": 1, "fairy point": 1},
    ),
    Case(
        #     x:  -1    0     1     2    3
        #              E                              (y = -1)  city south: D + E complete (no knight)
        #        U     D   U*p0    U    U             (y = 0)
        # p0's farmer north of the road at (1, 0) lies in the field of D's {ENE, WNW}, which
        # touches the completed city: 3 at the farms, and the fairy next to it gives 3 more,
        # `when` "farms"; placement 5 (p0's) earns the fairy's point.
        "fairy_bonus_in_a_field",
        [
            lay("D", 0, 0),
            lay("E", 0, -1, 180, player=1),
            lay("U", 1, 0, player=0, meeple=meeple(0, "N")),
            lay("U", 2, 0, player=0, fairy=ref(1, 0, "N", 0)),
            lay("U", 3, 0, player=1),
            lay("U", -1, 0, player=0),
        ],
        totals=[7, 0],
        categories={0: {"farm": 3, "fairy": 4}},
    ),
    Case(
        # The same field with the 1st-edition farmers: the city is worth 4 to the farmer(s) with
        # most farmers around it; the fairy's bonus is still 3 (the field is scored in the farms).
        "fairy_bonus_in_a_field_with_first_edition_farmers",
        [
            lay("D", 0, 0),
            lay("E", 0, -1, 180, player=1),
            lay("U", 1, 0, player=0, meeple=meeple(0, "N")),
            lay("U", 2, 0, player=0, fairy=ref(1, 0, "N", 0)),
            lay("U", 3, 0, player=1),
            lay("U", -1, 0, player=0),
        ],
        totals=[8, 0],
        rules={"farmers": "1st"},
        categories={0: {"farm": 4, "fairy": 4}},
    ),
    Case(
        #     x:  -2    -1    0     1
        #         W     U     D    W*p0      (y = 0)   W: three roads ending at a junction
        # p0's meeple on the road from (1, 0)'s junction westwards; p0 moves the fairy next to it
        # (placement 2). p1's W at (-2, 0) ends the road: 4 tiles, 4 points to p0 and the
        # fairy's bonus 3 (`when` "play"). The meeple goes home; the fairy stays on (1, 0) next
        # to nobody, so p0's next turn (placement 4) gives no point.
        "fairy_bonus_in_play_then_the_fairy_next_to_nobody",
        [
            lay("D", 0, 0),
            lay("W", 1, 0, player=0, meeple=meeple(0, "W")),
            lay("U", -1, 0, player=0, fairy=ref(1, 0, "W", 0)),
            lay("W", -2, 0, player=1),
            lay("U", 0, 1, player=0),
        ],
        totals=[7, 0],
        categories={0: {"road": 4, "fairy": 3}},
        log={"fairy bonus": 1, "fairy point": 0},
        figures_left=0,
    ),
    Case(
        #     x:  -3   -2   -1    0     1      2     3    4    5
        #         U    U    U     D   U*p0  U*b0    U    U    U      (y = 0)
        # The fairy's point comes once for a builder's two tiles: placement 4 (p0) extends the
        # builder's road and earns a second tile (5), which gets no point; the same at 7 and 8.
        # Points: placement 7's fairy point only (the fairy came at 4), the road's 9 and the
        # fairy's end bonus 3.
        "fairy_point_once_for_a_builders_two_tiles",
        [
            lay("D", 0, 0),
            lay("U", 1, 0, player=0, meeple=meeple(0, "E")),
            lay("U", 2, 0, player=0, meeple=meeple(0, "E", "builder")),
            lay("U", 3, 0, player=1),
            lay("U", -1, 0, player=0, fairy=ref(1, 0, "E", 0)),
            lay("U", -2, 0, player=0),  # the builder's second tile
            lay("U", 4, 0, player=1),
            lay("U", 5, 0, player=0),  # the fairy's point
            lay("U", -3, 0, player=0),  # the builder's second tile: no point
        ],
        totals=[13, 0],
        expansions=(PD, "traders-builders"),
        categories={0: {"road": 9, "fairy": 4}},
        log={"fairy point": 1},
    ),
    Case(
        #     x:  -1    0    1
        #          U    D    U          (y = 0)
        #              B*a0             (y = 1)   p0's abbot on B's cloister, the fairy next to it
        # Placement 3 recalls the abbot: the fairy's point first (1), the recall scores the
        # cloister 1 + 3 neighbours (4) and, the cloister being scored with the fairy's follower
        # on it, the fairy's bonus (3, `when` "recall").
        "fairy_bonus_on_a_recall",
        [
            lay("D", 0, 0),
            lay("B", 0, 1, player=0, meeple=meeple(0, "C", "abbot")),
            lay("U", 1, 0, player=0, fairy=ref(0, 1, "C", 0, "abbot")),
            lay("U", -1, 0, player=0, recall={"player": 0, "x": 0, "y": 1}),
        ],
        totals=[8, 0],
        expansions=(PD, "abbot"),
        categories={0: {"cloister": 4, "fairy": 4}},
        log={"fairy point": 1, "fairy bonus": 1},
        figures_left=0,
    ),
    Case(
        #     x:  -1    0    1
        #        vol   D    U          (y = 0)
        #             B*a1  drg        (y = 1)   pd-curve-dragon turned 270: road east and south
        # p1 lays the dragon tile and, as its action (step 4), takes its abbot back from B: 1 + 4
        # neighbours (D, U, the volcano, the dragon tile) = 5. Only then (step 5) does the dragon
        # walk (0, 0), (0, 1) (B, empty by now), (1, 1), (1, 0), and is stuck.
        "recall_before_the_dragon_moves",
        [
            lay("D", 0, 0),
            lay("pd-straight-volcano", -1, 0, player=0),
            lay("B", 0, 1, player=1, meeple=meeple(1, "C", "abbot")),
            lay("U", 1, 0, player=0),
            lay(
                "pd-curve-dragon",
                1,
                1,
                270,
                player=1,
                recall={"player": 1, "x": 0, "y": 1},
                dragon=[[0, 0], [0, 1], [1, 1], [1, 0]],
            ),
        ],
        totals=[0, 5],
        expansions=(PD, "abbot"),
        log={"eaten": 0, "dragon step": 4},
        figures_left=0,
    ),
    Case(
        #     x:  -1    0     1    2    3    4
        #              prn                       (y = -3)  pd-corner-princess turned 180: city S and E
        #              G*b0                      (y = -2)  G turned 90, p0's builder
        #              F*p0                      (y = -1)  F turned 90, p0's knight
        #         U    D    U*f0   U    U    U   (y = 0)   p0's farmer south of (1, 0), the fairy by it
        # Placement 7: p0's princess tile extends the city of p0's builder (a second tile is
        # earned when the tile is laid, step 3), then sends p0's own knight home (step 4), and the
        # builder, alone, follows. Placement 8 is that second tile: no fairy point (the point
        # came at 7). p0: 1 (the fairy at 7) + 3 (the fairy's bonus on the farmer's field) = 4.
        "builder_second_tile_earned_though_the_princess_sends_its_knight_home",
        [
            lay("D", 0, 0),
            lay("F", 0, -1, 90, player=0, meeple=meeple(0, "N")),
            lay("G", 0, -2, 90, player=0, meeple=meeple(0, "N", "builder")),
            lay("U", 1, 0, player=0, meeple=meeple(0, "S")),
            lay("U", 2, 0, player=1),
            lay("U", -1, 0, player=0, fairy=ref(1, 0, "S", 0)),
            lay("U", 3, 0, player=1),
            lay("pd-corner-princess", 0, -3, 180, player=0, princess=ref(0, -1, "N", 0)),
            lay("U", 4, 0, player=0),  # the builder's second tile
        ],
        totals=[4, 0],
        expansions=(PD, "traders-builders"),
        categories={0: {"fairy": 4, "farm": 0}},
        log={"princess": 1, "builder home": 1, "fairy point": 1},
    ),
    Case(
        # The princess tile joins p0's city and p1's, completing it: with the princess p0 sends
        # p1's knight home first, so p0 alone scores the city, 10.
        "princess_sends_one_of_two_knights_home",
        [*PRINCESS_START, princess_tile(princess=ref(1, -2, "W", 1))],
        totals=[10, 0],
        log={"princess": 1},
        figures_left=0,
    ),
    Case(
        # ... or sends p0's own knight home (any player's knight), and p1 scores it.
        "princess_sends_the_layers_own_knight_home",
        [*PRINCESS_START, princess_tile(princess=ref(0, -1, "S", 0))],
        totals=[0, 10],
        log={"princess": 1},
    ),
    Case(
        # Without the princess both knights share the city: 10 each.
        "princess_not_used",
        [*PRINCESS_START, princess_tile()],
        totals=[10, 10],
        log={"princess": 0},
    ),
    Case(
        # Through the portal p1's meeple goes onto D's road (unfinished, empty): D's road joins
        # the portal tile's west road, so it is D + portal, 2 tiles at the end.
        "portal_onto_an_unfinished_road_elsewhere",
        [*PORTAL_START, portal_tile(meeple(1, "W", x=0, y=0))],
        totals=[0, 2],
        log={"portal": 1},
        figures_left=1,
    ),
    Case(
        # Through the portal onto E's field (north of its city, which is completed: the field
        # is not), where it scores 3 for that city at the end.
        "portal_onto_a_field_beside_a_finished_city",
        [*PORTAL_START, portal_tile(meeple(1, "N", x=0, y=-1))],
        totals=[0, 3],
        log={"portal": 1},
    ),
    Case(
        #     x:  -1    0    1
        #        vol   D  portal      (y = 0)
        # A volcano bars the figure of the turn it is laid only: later a portal may lead onto it
        # (its field north of the road; D's {ENE, WNW} field joins it, touching D's unfinished
        # city: 0 at the farms).
        "portal_onto_a_volcano_laid_earlier",
        [lay("D", 0, 0), lay("pd-straight-volcano", -1, 0, player=0), portal_tile(meeple(1, "N", x=-1, y=0))],
        totals=[0, 0],
        log={"portal": 1},
        figures_left=1,
    ),
    Case(
        # x, y of the tile just laid: simply the figure on that tile.
        "portal_tile_own_square",
        [*PORTAL_START, portal_tile(meeple(1, "E", x=1, y=0))],
        totals=[0, 1],
        log={"portal": 0},
    ),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_hand_written_boards(case: Case):
    document = board(case.placements, case.expansions, case.players, rules=case.rules)
    report = score_document(document)
    assert [p["total"] for p in report["players"]] == case.totals
    for p in report["players"]:
        assert list(p["by_category"]) == list(MORE_CATEGORIES)  # fairy and ransom always there
        assert sum(p["by_category"].values()) == p["total"]
    for player, categories in case.categories.items():
        got = report["players"][player]["by_category"]
        assert {k: got[k] for k in categories} == categories
    _, game = replay_document(document)
    for key, count in case.log.items():
        assert game.pd_log[key] == count, (key, game.pd_log)
    if case.figures_left is not None:
        assert len(game.figures) + len(game.tops) == case.figures_left
    if case.dragon != "unchecked":
        assert game.dragon == case.dragon
    # The same end state as a final board scores the same totals (banked play points).
    final = score_document(final_document(document, random.Random(0)))
    assert [p["total"] for p in final["players"]] == case.totals


def events(document: dict) -> list[dict]:
    return score_document(document)["events"]


def test_fairy_events_are_written_as_the_contract_says():
    blocked = next(c for c in CASES if c.id == "dragon_blocked_by_the_fairy_and_the_fairy_turn_point")
    fairy = [e for e in events(board(blocked.placements)) if e["feature"] == "fairy"]
    assert [(e["when"], e["placement"], e["winners"], e["points"]) for e in fairy] == [
        ("fairy", 6, [1], 1),  # the turn point, placement 6, the layer's
        ("end", None, [1], 3),  # the bonus after the road's end scoring
    ]
    in_play = next(c for c in CASES if c.id == "fairy_bonus_in_play_then_the_fairy_next_to_nobody")
    got = [(e["when"], e["placement"], e["feature"], e["points"]) for e in events(board(in_play.placements))]
    assert got == [("play", 3, "road", 4), ("play", 3, "fairy", 3)]  # the bonus follows its scoring
    field = next(c for c in CASES if c.id == "fairy_bonus_in_a_field")
    got = [(e["when"], e["feature"], e["points"]) for e in events(board(field.placements))]
    assert ("farms", "fairy", 3) in got


def test_a_recalled_abbot_next_to_the_fairy_earns_the_bonus():
    recall = next(c for c in CASES if c.id == "fairy_bonus_on_a_recall")
    got = [
        (e["when"], e["feature"], e["points"]) for e in events(board(recall.placements, recall.expansions))
    ]
    # The fairy's point (placement 3, before the tile), the recall (1 + B's 3 neighbours: D and
    # the two U), then the fairy's bonus after it (Decision: a recall scores the cloister).
    assert got == [("fairy", "fairy", 1), ("recall", "cloister", 4), ("recall", "fairy", 3)]


# -- refusals ----------------------------------------------------------------------------------

REFUSALS = [
    # (id, expansions, placements, code)
    (
        "meeple_on_a_volcano",
        (PD,),
        [lay("D", 0, 0), lay("pd-straight-volcano", -1, 0, player=0, meeple=meeple(0, "W"))],
        "volcano",
    ),
    (
        "farmer_on_a_volcano",
        (PD,),
        [lay("D", 0, 0), lay("pd-volcano", 0, 1, player=0, meeple=meeple(0, "S"))],
        "volcano",
    ),
    (
        "dragon_steps_before_any_volcano",
        (PD,),
        [lay("D", 0, 0), lay("pd-straight-dragon", 1, 0, player=0, dragon=[[0, 0]])],
        "bad_dragon",
    ),
    (
        "dragon_stops_while_it_could_go_on",
        (PD,),
        [*ROW_START, lay("pd-straight-dragon", 3, 0, player=1, dragon=[[0, 0], [1, 0], [2, 0]])],
        "bad_dragon",
    ),
    (
        "dragon_not_moved_while_it_could",
        (PD,),
        [*ROW_START, lay("pd-straight-dragon", 3, 0, player=1)],
        "bad_dragon",
    ),
    (
        "dragon_back_to_a_visited_square",
        (PD,),
        [*ROW_START, lay("pd-straight-dragon", 3, 0, player=1, dragon=[*ROW_DRAGON_STEPS, [2, 0]])],
        "bad_dragon",
    ),
    (
        "dragon_back_to_its_start",
        (PD,),
        [*ROW_START, lay("pd-straight-dragon", 3, 0, player=1, dragon=[[0, 0], [-1, 0]])],
        "bad_dragon",
    ),
    (
        "dragon_onto_an_empty_square",
        (PD,),
        [*ROW_START, lay("pd-straight-dragon", 3, 0, player=1, dragon=[[-1, 1]])],
        "bad_dragon",
    ),
    (
        "dragon_jumps",
        (PD,),
        [*ROW_START, lay("pd-straight-dragon", 3, 0, player=1, dragon=[[1, 0], [2, 0], [3, 0]])],
        "bad_dragon",
    ),
    (
        "dragon_onto_the_fairy",
        (PD,),
        [
            *ROW_START,
            lay("U", 3, 0, player=1, fairy=ref(1, 0, "E", 1)),
            lay("pd-straight-dragon", 4, 0, player=0, dragon=[[0, 0], [1, 0]]),
        ],
        "bad_dragon",
    ),
    (
        "dragon_steps_after_a_tile_without_the_mark",
        (PD,),
        [*ROW_START, lay("U", 3, 0, player=1, dragon=ROW_DRAGON_STEPS)],
        "bad_dragon",
    ),
    (
        "portal_onto_a_finished_city",
        (PD,),
        [*PORTAL_START, portal_tile(meeple(1, "S", x=0, y=-1))],
        "bad_portal",
    ),
    (
        "portal_onto_an_occupied_road",
        (PD,),
        [
            lay("D", 0, 0),
            lay("U", -1, 0, player=0, meeple=meeple(0, "W")),
            portal_tile(meeple(1, "W", x=0, y=0)),
        ],
        "bad_portal",
    ),
    (
        "portal_onto_an_empty_square",
        (PD,),
        [*PORTAL_START, portal_tile(meeple(1, "N", x=5, y=5))],
        "bad_portal",
    ),
    (
        "figure_elsewhere_without_a_portal",
        (PD,),
        [*PORTAL_START, lay("U", 1, 0, player=1, meeple=meeple(1, "N", x=0, y=-1))],
        "bad_portal",
    ),
    (
        "fairy_next_to_another_players_follower",
        (PD,),
        [*ROW_START, lay("U", 3, 0, player=0, fairy=ref(1, 0, "E", 1))],
        "bad_fairy",
    ),
    (
        "fairy_next_to_nobody_there",
        (PD,),
        [*ROW_START, lay("U", 3, 0, player=1, fairy=ref(0, 0, "E", 1))],
        "bad_fairy",
    ),
    (
        "fairy_next_to_a_builder",
        (PD, "traders-builders"),
        [
            lay("D", 0, 0),
            lay("U", 1, 0, player=0, meeple=meeple(0, "E")),
            lay("U", 2, 0, player=0, meeple=meeple(0, "E", "builder")),
            lay("U", 3, 0, player=0, fairy=ref(2, 0, "E", 0, "builder")),
        ],
        "bad_fairy",
    ),
    (
        "fairy_without_princess_dragon",
        (),
        [
            lay("D", 0, 0),
            lay("U", 1, 0, player=0, meeple=meeple(0, "E")),
            lay("U", 2, 0, player=0, fairy=ref(1, 0, "E", 0)),
        ],
        "action_not_in_game",
    ),
    (
        "princess_from_a_tile_without_one",
        (PD,),
        [*PRINCESS_START, lay("pd-corner-dragon", 0, -2, 180, player=0, princess=ref(1, -2, "W", 1))],
        "bad_princess",
    ),
    (
        # p0's knight in a city of its own east of E (E turned 90: its city faces east)
        "princess_names_a_knight_of_another_city",
        (PD,),
        [
            *PRINCESS_START,
            lay("E", 2, -2, 90, player=0, meeple=meeple(0, "E")),
            princess_tile(princess=ref(2, -2, "E", 0)),
        ],
        "bad_princess",
    ),
    (
        # p1's farmer west of D's road is no knight
        "princess_names_a_farmer",
        (PD,),
        [
            *PRINCESS_START,
            lay("U", -1, 0, player=1, meeple=meeple(1, "N")),
            princess_tile(princess=ref(-1, 0, "N", 1)),
        ],
        "bad_princess",
    ),
    (
        "princess_names_nobody",
        (PD,),
        [*PRINCESS_START, princess_tile(princess=ref(0, -1, "S", 1))],
        "bad_princess",
    ),
    (
        "meeple_and_fairy",
        (PD,),
        [*ROW_START, lay("U", 3, 0, player=1, meeple=meeple(1, "N"), fairy=ref(1, 0, "E", 1))],
        "two_actions",
    ),
    (
        "meeple_and_princess",
        (PD,),
        [*PRINCESS_START, princess_tile(meeple=meeple(0, "SSW"), princess=ref(1, -2, "W", 1))],
        "two_actions",
    ),
]


@pytest.mark.parametrize(
    ("expansions", "placements", "code"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_refusals(expansions, placements, code):
    document = board(placements, expansions)
    with pytest.raises(RefIllegal) as caught:
        score_document(document)
    assert caught.value.code == code, str(caught.value)
    # the same file cut before its last placement is legal: the last placement is what is refused
    score_document({**document, "placements": placements[:-1]})


# -- final mode ----------------------------------------------------------------------------------


#     x:    0     1
#           D     U        (y = 0)   D: p0's road meeple and p1's farmer (it came by a portal)
#          vol             (y = 1)   the dragon stands on the volcano
FINAL_BOARD = {
    **board(
        [
            lay("D", 0, 0, meeples=[meeple(0, "W"), meeple(1, "S")]),
            lay("U", 1, 0),
            lay("pd-volcano", 0, 1),
        ]
    ),
    "mode": "final",
    "dragon": [0, 1],
    "fairy": ref(0, 0, "E", 0),  # next to p0's road meeple (E is a place of the same road)
    "banked": [5, 1],
}
FINAL_CASES = [
    # (id, changes to FINAL_BOARD, totals)
    # p0: banked 5, road D + U 2, the fairy's bonus 3; p1: banked 1, a field touching only D's
    # unfinished city, 0.
    ("fairy_next_to_a_road_meeple", {}, [10, 1]),
    # The fairy on a square only (next to nobody) gives nothing.
    ("fairy_next_to_nobody", {"fairy": {"x": 0, "y": 0}}, [7, 1]),
    ("fairy_off_the_board", {"fairy": None}, [7, 1]),
    # Next to p1's farmer: the field is scored at the farms (0 points), the fairy gives 3.
    ("fairy_next_to_a_farmer", {"fairy": ref(0, 0, "S", 1)}, [7, 4]),
    # A figure on a volcano (it came through a portal: the volcano bars only the figure of the
    # turn it is laid); the dragon never came into play.
    (
        "figure_on_a_volcano",
        {
            "placements": [lay("D", 0, 0), lay("pd-volcano", 0, 1, meeple=meeple(0, "N"))],
            "dragon": None,
            "fairy": None,
        },
        [5, 1],
    ),
]
FINAL_REFUSALS = [
    ("dragon_on_an_empty_square", {"dragon": [4, 4]}, "bad_dragon"),
    ("fairy_next_to_nobody_there", {"fairy": ref(1, 0, "E", 0)}, "bad_fairy"),
    ("fairy_on_an_empty_square", {"fairy": {"x": 7, "y": 7}}, "bad_fairy"),
    ("dragon_without_the_expansion", {"expansions": []}, "field_not_in_game"),
    (
        "dragon_in_a_replay",
        {
            "mode": "replay",
            "banked": None,
            "fairy": None,
            "placements": [lay("D", 0, 0), lay("pd-volcano", 0, 1, player=0)],
        },
        "field_not_in_game",
    ),
]


def final_board(changes: dict) -> dict:
    """FINAL_BOARD with ``changes`` (a None value takes the field away)."""
    out = {**FINAL_BOARD, **changes}
    return {k: v for k, v in out.items() if v is not None}


@pytest.mark.parametrize(("changes", "totals"), [c[1:] for c in FINAL_CASES], ids=[c[0] for c in FINAL_CASES])
def test_final_boards(changes, totals):
    document = final_board(changes)
    report = score_document(document)
    assert [p["total"] for p in report["players"]] == totals
    bonus = 3 if "player" in document.get("fairy", {}) else 0  # next to a follower: 3 at the end
    assert sum(p["by_category"]["fairy"] for p in report["players"]) == bonus


@pytest.mark.parametrize(
    ("changes", "code"), [c[1:] for c in FINAL_REFUSALS], ids=[c[0] for c in FINAL_REFUSALS]
)
def test_final_board_refusals(changes, code):
    with pytest.raises(RefIllegal) as caught:
        score_document(final_board(changes))
    assert caught.value.code == code


# -- random games, by the reference's own rules -------------------------------------------------

EVERY_PD_RULE = (
    "volcano",
    "dragon move",
    "dragon stuck",
    "eaten",
    "eaten builder",
    "eaten pig",
    "eaten on a tower",
    "fairy move",
    "fairy point",
    "fairy bonus",
    "princess",
    "portal",
)


def test_random_games_exercise_every_rule_and_score_the_same_as_final_boards():
    seen: Counter = Counter()
    end_bonuses = 0
    combinations = [(PD, "traders-builders"), (PD, "tower", "traders-builders", "abbot"), (PD,)]
    for seed in range(12):
        if seed >= 3 and all(seen[k] > 0 for k in EVERY_PD_RULE) and end_bonuses:
            break  # (every rule seen: enough)
        rng = random.Random(seed)
        expansions = combinations[seed % 3]
        document = random_document(rng, 2 + seed % 4, expansions)
        _, game = replay_document(document)
        seen += game.pd_log
        report = score_document(document)
        end_bonuses += sum(
            e["feature"] == "fairy" and e["when"] in ("end", "farms") for e in report["events"]
        )
        written = Counter()
        for p in document["placements"]:
            written["portal"] += "x" in p.get("meeple", {}) and p["meeple"]["at"] != "tower"
            written["fairy move"] += "fairy" in p
            written["princess"] += "princess" in p
            written["dragon step"] += len(p.get("dragon", []))
        assert written == Counter({k: game.pd_log[k] for k in written}), seed
        final = score_document(final_document(document, rng))
        assert [p["total"] for p in final["players"]] == [p["total"] for p in report["players"]], seed
    assert all(seen[k] > 0 for k in EVERY_PD_RULE), seen
    assert end_bonuses > 0
