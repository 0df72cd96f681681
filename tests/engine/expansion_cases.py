"""Hand-worked boards for the Abbot, Inns & Cathedrals and Traders & Builders, as data.

Each ``Case`` is a complete board file (board-format.md) and what it must score, worked out by hand
from the rules and written down in ``why``; never copied from running code. A refused board has
``totals=None`` and ``refused``, a piece of the reason. The list is plain data so that any scorer
can be run over it: ``pytest.mark.parametrize("case", CASES, ids=CASE_IDS)``.

Conventions: x grows east, y grows south; rotation is clockwise (90° moves a tile's north edge to
the east). Player 0 is Mina, player 1 is Wei. Without a ``player`` on a placement its layer is the
figure's owner, else the next player in turn (the same one after a builder's extra turn is earned).

Rotations used again and again (edges N E S W after rotation):

- D/0: C R F R, road W–E; E/90: F C F F; E/180: F F C F; E/270: F F F C.
- U/0: F R F R, road W–E (its road places are W and E, its north field includes N).
- W/0: F R R R, roads ending at a junction: a W/0 at either end of a W–E road closes it.
- tb-across-wine/90: C F C F, a wine city N–S.
- tb-corner-wine/90: C C F F, a wine city N+E.
"""

from __future__ import annotations

from dataclasses import dataclass

ALL = ("abbot", "inns-cathedrals", "traders-builders")
ABBOT = ("abbot",)
IC = ("inns-cathedrals",)
TB = ("traders-builders",)


@dataclass(frozen=True)
class Case:
    name: str
    document: dict
    totals: tuple[int, ...] | None
    by_category: tuple[dict[str, int], ...] | None
    why: str
    refused: str | None = None


def cats(**points: int) -> dict[str, int]:
    """A player's seven report categories, 0 unless given."""
    out = dict.fromkeys(("road", "city", "cloister", "garden", "farm", "goods", "banked"), 0)
    assert set(points) <= set(out), points
    out.update(points)
    return out


def t(tile, x, y, rotation=0, fig=None, *, recall=None, player=None) -> dict:
    """A placement; ``fig`` is (player, place) or (player, place, kind); ``recall`` is (player, x, y)."""
    entry = {"tile": tile, "x": x, "y": y, "rotation": rotation}
    if fig is not None:
        entry["meeple"] = {"player": fig[0], "at": fig[1]}
        if len(fig) > 2:
            entry["meeple"]["kind"] = fig[2]
    if recall is not None:
        entry["recall"] = {"player": recall[0], "x": recall[1], "y": recall[2]}
    if player is not None:
        entry["player"] = player
    return entry


def board(*placements, players=("Mina", "Wei"), expansions=(), mode=None, rules=None, **extra) -> dict:
    doc = {
        "format": "carcassonne-board/1",
        "players": [p if isinstance(p, dict) else {"name": p} for p in players],
        "expansions": list(expansions),
        "placements": list(placements),
        **extra,
    }
    if mode is not None:
        doc["mode"] = mode
    if rules is not None:
        doc["rules"] = rules
    return doc


def refused(name, document, reason, why) -> Case:
    return Case(name, document, None, None, why, refused=reason)


# -- boards used by several cases -------------------------------------------------------------

# A 3×3 block of three parallel W–E roads (all open at both ends) around (0, 1): row 0 is U D U,
# row 1 is U, the centre, U; row 2 is U U U. With U-garden in the centre it uses all 7 U of the
# garden edition. Every square touches only field edges north and south.
GARDEN_BLOCK = [
    t("D", 0, 0),
    t("U", -1, 0),  # 1: Mina
    t("U", 1, 0),  # 2: Wei
    t("U-garden", 0, 1, fig=(0, "C", "abbot")),  # 3: Mina's abbot on the garden
    t("U", -1, 1, fig=(1, "E")),  # 4: Wei's thief on the middle road (U, U-garden, U)
    t("U", 1, 1),  # 5: Mina
    t("U", -1, 2),  # 6: Wei
    t("U", 0, 2),  # 7: Mina
    t("U", 1, 2),  # 8: Wei, the eighth neighbour of the garden
]

# The same block around a cloister: row 1 is E/270 (city W, open outwards), B, E/90 (city E).
CLOISTER_BLOCK = [
    t("D", 0, 0),
    t("B", 0, 1, fig=(0, "C", "abbot")),  # 1: Mina's abbot on the cloister
    t("U", -1, 0),  # 2: Wei
    t("U", 1, 0),  # 3: Mina
    t("E", -1, 1, 270),  # 4: Wei; fields N, E, S; its city faces west, away from the block
    t("E", 1, 1, 90),  # 5: Mina; city faces east
    t("U", -1, 2),  # 6: Wei
    t("U", 0, 2),  # 7: Mina
]

# Fields for the pig. F1 is the field of E/180 above D (it touches city A = D + that E). F2 is the
# field north of the road U(1,0), U(2,0), U(3,0) together with D's {ENE, WNW}; it touches city A
# too. B tiles under the road reach (3, 0) so that F2 is split until U(2, 0) is laid.
PIG_FIELDS = [
    t("D", 0, 0),
    t("E", 0, -1, 180, fig=(0, "N")),  # 1: Mina's farmer in F1; closes city A (no knight)
    t("U", 1, 0, fig=(0, "N")),  # 2: Mina's farmer in F2
    t("B", 1, 1),  # 3: Wei
    t("B", 2, 1),  # 4: Mina
    t("B", 3, 1),  # 5: Wei
    t("U", 3, 0, fig=(1, "N")),  # 6: Wei's farmer, north of a road not yet joined to F2
    t("U", 2, 0, fig=(0, "N", "pig")),  # 7: joins F2 (Mina 1, Wei 1); Mina's pig beside her farmer
]
PIG_FIELDS_WHY = (
    "F1 = field of E above D, Mina 1 farmer; F2 = D's north field + the fields north of U(1,0), U(2,0), "
    "U(3,0): Mina 1 farmer + her pig, Wei 1 farmer. Both touch city A (D + E, complete, 2 tiles)."
)

# Mina's thief on the road D–U(1,0), her builder on U(2,0); the road stays open.
THIEF_AND_BUILDER = [
    t("D", 0, 0),
    t("U", 1, 0, fig=(0, "E")),  # 1: Mina's thief
    t("B", 0, 1),  # 2: Wei
    t("U", 2, 0, fig=(0, "E", "builder")),  # 3: Mina's builder joins her thief
]


CASES: list[Case] = [
    # -- the Abbot ---------------------------------------------------------------------------
    Case(
        "garden-complete",
        board(*GARDEN_BLOCK, expansions=ABBOT),
        (9, 3),
        (cats(garden=9), cats(road=3)),
        "Mina's abbot on the U-garden at (0,1); placement 8 lays its eighth neighbour: 9 for Mina "
        "(garden), abbot home. Wei's thief on the middle road (-1,1)-(0,1)-(1,1), open both ends: 3.",
    ),
    Case(
        "garden-unfinished",
        board(*GARDEN_BLOCK[:7], expansions=ABBOT),
        (7, 3),
        (cats(garden=7), cats(road=3)),
        "Stop after placement 6: the garden at (0,1) has 6 neighbours ((-1,0) (0,0) (1,0) (-1,1) (1,1) "
        "(-1,2)): 1 + 6 = 7 for Mina. Wei's open road of 3 tiles: 3.",
    ),
    Case(
        "abbot-on-cloister-completed-by-rival",
        board(*CLOISTER_BLOCK, t("U", 1, 2, player=1), expansions=ABBOT),
        (9, 0),
        (cats(cloister=9), cats()),
        "Mina's abbot on the cloister B at (0,1). Wei (player 1) lays U at (1,2), the eighth neighbour: "
        "the cloister is complete and scores 9 for the abbot's owner Mina, whoever laid the tile.",
    ),
    Case(
        "recall-scores-one-plus-neighbours",
        board(
            t("D", 0, 0),
            t("B", 0, 1, fig=(0, "C", "abbot")),  # 1: Mina
            t("U", -1, 0),  # 2: Wei
            t("U", 1, 0, recall=(0, 0, 1)),  # 3: Mina takes her abbot back
            t("E", -1, 1, 270),  # 4: Wei
            t("B", 0, 2, fig=(0, "C", "abbot")),  # 5: the abbot is free again: on a second cloister
            expansions=ABBOT,
        ),
        (7, 0),
        (cats(cloister=7), cats()),
        "At placement 3 the cloister (0,1) has neighbours (-1,0) (0,0) and the tile just laid (1,0): the "
        "recall scores 1 + 3 = 4 at once. The abbot goes home and stands on B (0,2) at placement 5; at the "
        "end that cloister has neighbours (-1,1) and (0,1): 1 + 2 = 3. Mina 4 + 3 = 7.",
    ),
    refused(
        "recall-with-no-abbot-there",
        board(t("D", 0, 0), t("B", 0, 1), t("U", -1, 0, recall=(1, 0, 1)), expansions=ABBOT),
        "no abbot stands on (0, 1)",
        "Wei recalls an abbot from the cloister (0,1), but nobody's abbot stands there.",
    ),
    refused(
        "recall-of-a-rivals-abbot",
        board(
            t("D", 0, 0),
            t("B", 0, 1, fig=(0, "C", "abbot")),
            t("U", -1, 0, recall=(1, 0, 1)),
            expansions=ABBOT,
        ),
        "is player 0's, not player 1's",
        "The abbot on (0,1) is Mina's; Wei may only take back his own.",
    ),
    refused(
        "recall-from-a-cloister-this-tile-completes",
        board(*CLOISTER_BLOCK, t("U", 1, 2, recall=(0, 0, 1)), expansions=ABBOT),
        "only an unfinished one can be recalled",
        "U at (1,2) is the cloister's eighth neighbour: it is complete and scores 9, its abbot goes home "
        "then, so Mina cannot recall it with the same tile.",
    ),
    refused(
        "abbot-and-meeple-in-one-placement",
        board(
            t("D", 0, 0),
            t("B", 0, 1, fig=(0, "C", "abbot")),
            {**t("U", -1, 0, fig=(1, "E")), "recall": {"player": 1, "x": 0, "y": 1}},
            expansions=ABBOT,
        ),
        "one figure or one recall, not both",
        "A placement carries one figure or one recall: a meeple and a recall together are refused.",
    ),
    refused(
        "two-figures-in-one-placement",
        board(
            t("D", 0, 0),
            {**t("B", 0, 1), "meeple": [{"player": 0, "at": "C", "kind": "abbot"}, {"player": 0, "at": "N"}]},
            expansions=ABBOT,
        ),
        "one object",
        "An abbot and a farmer on one tile: `meeple` is one figure, a list of two is refused.",
    ),
    refused(
        "meeple-on-a-garden",
        board(t("D", 0, 0), t("U-garden", 0, 1, fig=(0, "C")), expansions=ABBOT),
        "only an abbot may stand on a garden",
        "A normal meeple at C of the U-garden, which is the garden: only an abbot may stand there.",
    ),
    refused(
        "big-meeple-on-a-garden",
        board(t("D", 0, 0), t("V-garden", 0, 1, fig=(0, "C", "big")), expansions=ALL),
        "only an abbot may stand on a garden",
        "A big meeple is no abbot either.",
    ),
    refused(
        "abbot-on-a-road",
        board(t("D", 0, 0), t("U", 1, 0, fig=(0, "E", "abbot")), expansions=ABBOT),
        "an abbot stands only on a cloister or a garden",
        "The abbot at E of U stands on the road: refused.",
    ),
    refused(
        "second-abbot",
        board(
            t("D", 0, 0),
            t("B", 0, 1, fig=(0, "C", "abbot")),
            t("U", -1, 0),
            t("B", 0, 2, fig=(0, "C", "abbot")),
            expansions=ABBOT,
        ),
        "player 0 has no abbot left",
        "Mina's one abbot stands on (0,1); a second abbot on (0,2) is refused.",
    ),
    refused(
        "abbot-without-the-abbot",
        board(t("D", 0, 0), t("B", 0, 1, fig=(0, "C", "abbot"))),
        "no abbot in this game",
        "Without the Abbot nobody has an abbot.",
    ),
    Case(
        "four-cities-garden-abbot-at-c",
        board(
            t("D", 0, 0),
            t("ic-four-cities-garden", 0, -1, 0, fig=(0, "C", "abbot")),
            expansions=("abbot", *IC),
        ),
        (2, 0),
        (cats(garden=2), cats()),
        "ic-four-cities-garden above D: an abbot at C stands on the garden. At the end it has one "
        "neighbour (D): 1 + 1 = 2 for Mina. Its S city and D's city close each other (2 tiles, nobody "
        "in it).",
    ),
    Case(
        "four-cities-garden-meeple-at-c",
        board(t("D", 0, 0), t("ic-four-cities-garden", 0, -1, 0, fig=(0, "C")), expansions=("abbot", *IC)),
        (3, 0),
        (cats(farm=3), cats()),
        "The same tile with a normal meeple at C: it is a farmer in the small middle field, which touches "
        "the tile's four cities. Only the S one is completed (with D's city, 2 tiles): 3 × 1 = 3 for Mina.",
    ),
    refused(
        "garden-tile-without-the-abbot",
        board(t("D", 0, 0), t("U-garden", 0, 1)),
        "without the Abbot there is no garden tile U-garden",
        "Without the Abbot a -garden tile counts 0: the board names its twin U instead.",
    ),
    refused(
        "expansion-garden-tile-without-the-abbot",
        board(t("D", 0, 0), t("ic-straight-inn-garden", 1, 0), expansions=IC),
        "without the Abbot there is no garden tile ic-straight-inn-garden",
        "Inns & Cathedrals alone has ic-straight-inn, not its garden edition.",
    ),
    refused(
        "twin-replaced-by-its-garden-tile",
        board(t("D", 0, 0), t("ic-four-cities", 0, -1), expansions=("abbot", *IC)),
        "no ic-four-cities left: the game has 0",
        "With the Abbot the only four-cities tile is ic-four-cities-garden: ic-four-cities counts 0.",
    ),
    refused(
        "recall-on-a-final-board",
        board(t("D", 0, 0), t("B", 0, 1, recall=(0, 0, 1)), expansions=ABBOT, mode="final"),
        "recall exists in replay mode only",
        "A final board records where figures stand, not what happened: no recall.",
    ),
    # -- Inns & Cathedrals: inns -------------------------------------------------------------
    Case(
        "inn-road-complete",
        board(
            t("D", 0, 0),
            t("ic-straight-inn", 1, 0, fig=(0, "E")),  # 1: Mina's thief on the inn road
            t("W", -1, 0),  # 2: Wei closes the west end
            t("W", 2, 0),  # 3: Mina closes the east end
            expansions=IC,
        ),
        (8, 0),
        (cats(road=8), cats()),
        "Road W(-1,0)–D–ic-straight-inn–W(2,0) between two junctions: 4 tiles with an inn, complete: "
        "4 × 2 = 8 for Mina.",
    ),
    Case(
        "inn-road-unfinished",
        board(
            t("D", 0, 0),
            t("ic-straight-inn", 1, 0, fig=(0, "E")),  # 1: Mina
            t("W", -1, 0, fig=(1, "S")),  # 2: Wei's thief on the junction's south road
            expansions=IC,
        ),
        (0, 1),
        (cats(), cats(road=1)),
        "Mina's inn road W–D–inn is open to the east at the end: an inn makes it 0. Wei's road south of "
        "the junction, 1 tile, no inn: 1.",
    ),
    Case(
        "two-inns-on-one-road",
        board(
            t("D", 0, 0),
            t("ic-straight-inn", 1, 0, fig=(0, "W")),  # 1: Mina
            t("ic-junction-inn", -1, 0),  # 2: Wei; its east road (with an inn) ends at the junction
            t("W", 2, 0),  # 3: Mina closes the east end
            expansions=IC,
        ),
        (8, 0),
        (cats(road=8), cats()),
        "Road ic-junction-inn(-1,0)–D–ic-straight-inn–W(2,0): 4 tiles, two inns, complete: still "
        "4 × 2 = 8 (inns do not multiply each other).",
    ),
    Case(
        "inn-road-merges-with-plain-road",
        board(
            t("D", 0, 0),
            t("U", 1, 0, fig=(0, "E")),  # 1: Mina's thief on the plain road D–U
            t("W", -1, 0),  # 2: Wei closes its west end
            t("U", 1, 1),  # 3: Mina; a row of U under the road reaches (3, 1)
            t("U", 2, 1),  # 4: Wei
            t("U", 3, 1),  # 5: Mina
            t("ic-straight-inn", 3, 0, fig=(1, "W")),  # 6: Wei's thief on a separate inn road
            t("W", 4, 0),  # 7: Mina closes the inn road's east end
            t("U", 2, 0),  # 8: Wei joins the two roads, closing both
            expansions=IC,
        ),
        (12, 12),
        (cats(road=12), cats(road=12)),
        "The plain road W(-1,0)–D–U(1,0) and the inn road ic-straight-inn(3,0)–W(4,0) are joined by "
        "U(2,0): one road of 6 tiles between two junctions, with an inn: 6 × 2 = 12. One thief each: "
        "12 for both.",
    ),
    # -- Inns & Cathedrals: cathedrals -------------------------------------------------------
    Case(
        "cathedral-city-complete",
        board(
            t("D", 0, 0),
            t("ic-cathedral", 0, -1, 0, fig=(0, "N")),  # 1: Mina's knight in the cathedral
            t("E", -1, -1, 90),  # 2: city E closes the cathedral's west side
            t("E", 1, -1, 270),  # 3: city W closes its east side
            t("E", 0, -2, 180),  # 4: city S closes its north side (D closes the south)
            expansions=IC,
        ),
        (15, 0),
        (cats(city=15), cats()),
        "City D + ic-cathedral + three E around it: 5 tiles, no pennant, complete with a cathedral: "
        "3 × 5 = 15 for Mina.",
    ),
    Case(
        "cathedral-city-with-pennants",
        board(
            t("D", 0, 0),
            t("ic-cathedral", 0, -1, 0, fig=(0, "N")),  # 1: Mina
            t("E", -1, -1, 90),  # 2
            t("F", 1, -1),  # 3: city W–E with a pennant, open to the east
            t("E", 2, -1, 270),  # 4: closes F's east side
            t("M", 0, -2, 180),  # 5: M turned 180: city S+E with a pennant
            t("E", 1, -2, 270),  # 6: closes M's east side: the city is complete
            expansions=IC,
        ),
        (27, 0),
        (cats(city=27), cats()),
        "City D, cathedral, E(-1,-1), F(1,-1), E(2,-1), M(0,-2), E(1,-2): 7 tiles and 2 pennants (F, M), "
        "complete with a cathedral: 3 × (7 + 2) = 27 for Mina.",
    ),
    Case(
        "cathedral-city-left-open",
        board(
            t("D", 0, 0),
            t("ic-cathedral", 0, -1, 0, fig=(0, "N")),  # 1: Mina
            t("U", 1, 0, fig=(1, "E")),  # 2: Wei's thief on D's road
            expansions=IC,
        ),
        (0, 2),
        (cats(), cats(road=2)),
        "Mina's cathedral city (D + cathedral) is open on three sides at the end: 0 (a cathedral city "
        "scores nothing unfinished). Wei's road D–U, 2 tiles, open: 2.",
    ),
    # -- Inns & Cathedrals: the big meeple and six players -----------------------------------
    Case(
        "big-and-meeple-beat-two-meeples",
        board(
            t("W", -3, 0),
            t("U", -2, 0, fig=(1, "E")),
            t("U", -1, 0, fig=(1, "E")),
            t("D", 0, 0),
            t("U", 1, 0, fig=(0, "E", "big")),
            t("U", 2, 0, fig=(0, "E")),
            expansions=IC,
            mode="final",
        ),
        (6, 0),
        (cats(road=6), cats()),
        "Final board: road W(-3,0)–U–U–D–U–U, closed at the junction, open to the east: 6 tiles. Mina "
        "has a big meeple (2) and a meeple (1) = 3, Wei two meeples = 2: 6 for Mina only.",
    ),
    Case(
        "big-ties-two-meeples",
        board(
            t("W", -3, 0),
            t("U", -2, 0, fig=(1, "E")),
            t("U", -1, 0, fig=(1, "E")),
            t("D", 0, 0),
            t("U", 1, 0, fig=(0, "E", "big")),
            t("U", 2, 0),
            expansions=IC,
            mode="final",
        ),
        (6, 6),
        (cats(road=6), cats(road=6)),
        "The same 6-tile open road with Mina's big meeple alone (2) against Wei's two meeples (2): a "
        "tie, 6 each.",
    ),
    Case(
        "big-meeple-wins-a-merged-road",
        board(
            t("D", 0, 0),
            t("U", -1, 0, fig=(0, "W", "big")),  # 1: Mina's big thief on D's road
            t("B", 0, 1),  # 2: Wei; B tiles under the road reach (2, 1)
            t("B", 1, 1),  # 3: Mina
            t("B", 2, 1),  # 4: Wei
            t("U", 2, 0, fig=(1, "E")),  # 5: Wei's thief on a separate road
            t("U", 1, 0),  # 6: Mina joins the roads
            expansions=IC,
        ),
        (4, 0),
        (cats(road=4), cats()),
        "U(1,0) joins Mina's road U(-1,0)–D and Wei's U(2,0): 4 tiles, open at both ends. Mina's big "
        "meeple counts 2 against Wei's 1: 4 for Mina. The cloisters have no monks.",
    ),
    Case(
        "big-meeple-in-a-field",
        board(
            t("U", 1, 0, fig=(0, "N", "big")),
            t("E", 0, -1, 180),
            t("D", 0, 0, fig=(1, "ENE")),
            expansions=IC,
            mode="final",
        ),
        (3, 0),
        (cats(farm=3), cats()),
        "Final board: the field D{ENE, WNW} + north of U(1,0) touches D's city, completed by E/180 above "
        "(2 tiles). Mina's big farmer (2) beats Wei's farmer (1): 3 × 1 city = 3 for Mina.",
    ),
    Case(
        "six-players-grey-and-pink",
        board(
            t("D", 0, 0),
            t("U", 1, 0),  # 1: player 0
            t("U", -1, 0),  # 2: player 1
            t("B", 0, 1, fig=(2, "C")),  # 3: player 2's monk
            t("U", 2, 0, fig=(3, "E")),  # 4: player 3's thief on D's road
            t("W", -2, 0, fig=(4, "S")),  # 5: player 4's thief on the junction's south road
            t("E", 0, -1, 180, fig=(5, "S")),  # 6: player 5's knight closes D's city
            players=[
                {"name": "Mina", "color": "red"},
                {"name": "Wei", "color": "blue"},
                {"name": "Reza", "color": "green"},
                {"name": "Lan", "color": "yellow"},
                {"name": "Sara", "color": "grey"},
                {"name": "Jun", "color": "pink"},
            ],
            expansions=IC,
        ),
        (0, 0, 4, 5, 1, 4),
        (cats(), cats(), cats(cloister=4), cats(road=5), cats(road=1), cats(city=4)),
        "Six players with Inns & Cathedrals. Jun (5) closes D's city with E: 2 tiles, 4. Reza's cloister "
        "(0,1) ends with neighbours (-1,0) (0,0) (1,0): 1 + 3 = 4. Lan's road W(-2,0)–U–D–U–U(2,0), open "
        "east: 5. Sara's road south of the junction: 1.",
    ),
    refused(
        "six-players-without-inns-and-cathedrals",
        board(t("D", 0, 0), players=["A", "B", "C", "D", "E", "F"]),
        "2 to 5 players",
        "Six players need Inns & Cathedrals.",
    ),
    refused(
        "big-meeple-without-inns-and-cathedrals",
        board(t("D", 0, 0), t("U", 1, 0, fig=(0, "E", "big")), expansions=TB),
        "no big in this game",
        "The big meeple comes with Inns & Cathedrals only.",
    ),
    refused(
        "second-big-meeple",
        board(
            t("D", 0, 0),
            t("U", 1, 0, fig=(0, "E", "big")),
            t("B", 0, 1),
            t("E", 0, -1, 180, fig=(0, "S", "big")),
            expansions=IC,
        ),
        "player 0 has no big left",
        "Mina's one big meeple is on the road; E closes a city at once, but the second big is refused "
        "before anything scores.",
    ),
    refused(
        "inn-tile-edge-mismatch",
        board(t("D", 0, 0), t("ic-cathedral", 1, 0), expansions=IC),
        "does not match",
        "The cathedral's west edge is city; D's east edge is road.",
    ),
    # -- Traders & Builders: goods -----------------------------------------------------------
    Case(
        "goods-to-the-closer-with-no-knight",
        board(
            t("D", 0, 0),
            t("tb-across-wine", 0, -1, 90),  # 1: Mina; wine city N–S joins D's city
            t("E", 0, -2, 180),  # 2: Wei closes it
            expansions=TB,
        ),
        (0, 10),
        (cats(), cats(goods=10)),
        "City D + tb-across-wine + E, completed by Wei's tile with nobody in it: no city points, but Wei "
        "takes its wine token. At the end Wei has the most wine (1 against 0): 10.",
    ),
    Case(
        "goods-to-the-closer-not-the-owner",
        board(
            t("D", 0, 0),
            t("tb-across-wine", 0, -1, 90, fig=(0, "N")),  # 1: Mina's knight in the wine city
            t("E", 0, -2, 180),  # 2: Wei closes it
            expansions=TB,
        ),
        (6, 10),
        (cats(city=6), cats(goods=10)),
        "Wei closes Mina's 3-tile city: Mina scores it, 3 × 2 = 6; Wei laid the closing tile and takes "
        "the wine token: most wine, 10.",
    ),
    Case(
        "goods-tie",
        board(
            t("D", 0, 0),
            t("tb-across-wine", 0, -1, 90),  # 1: Mina
            t("E", 0, -2, 180),  # 2: Wei closes the first wine city: Wei 1 wine
            t("tb-corner-wine", 1, -1, 90, fig=(0, "N")),  # 3: Mina's knight in a wine city N+E
            t("E", 1, -2, 180),  # 4: Wei closes its north side
            t("E", 2, -1, 270),  # 5: Mina closes its east side: Mina 1 wine
            expansions=TB,
        ),
        (16, 10),
        (cats(city=6, goods=10), cats(goods=10)),
        "Wei closes D + tb-across-wine + E (1 wine). Mina's knight is in tb-corner-wine + E(1,-2) + "
        "E(2,-1), which she closes herself: 3 tiles, 6, and 1 wine. Wine 1 against 1: a tie, 10 each.",
    ),
    refused(
        "goods-in-replay-mode",
        board(t("D", 0, 0), expansions=TB, goods=[{"wine": 1}, {}]),
        "final board only",
        "`goods` lists what was collected before a final board; a replay collects its own.",
    ),
    refused(
        "goods-without-traders-and-builders",
        board(t("D", 0, 0), mode="final", goods=[{"wine": 1}, {}]),
        "traders-builders only",
        "There are no goods without Traders & Builders.",
    ),
    # -- Traders & Builders: the pig ---------------------------------------------------------
    Case(
        "pig-farm-3rd-edition",
        board(*PIG_FIELDS, expansions=TB),
        (7, 3),
        (cats(farm=7), cats(farm=3)),
        PIG_FIELDS_WHY + " 3rd edition: F1 is Mina's, 3 × 1 = 3; F2 is tied 1–1 (the pig does not count), "
        "Mina with her pig 4 × 1 = 4, Wei 3 × 1 = 3. Mina 7, Wei 3.",
    ),
    Case(
        "pig-farm-2nd-edition",
        board(*PIG_FIELDS, expansions=TB, rules={"farmers": "2nd"}),
        (4, 3),
        (cats(farm=4), cats(farm=3)),
        PIG_FIELDS_WHY + " 2nd edition: Mina wins F1 and F2, both touching city A, so she scores A once, "
        "at 4 because her pig stands in F2, a winning field of hers touching it. Wei wins F2 (tie): 3.",
    ),
    Case(
        "pig-farm-1st-edition",
        board(*PIG_FIELDS, expansions=TB, rules={"farmers": "1st"}),
        (5, 0),
        (cats(farm=5), cats()),
        PIG_FIELDS_WHY + " 1st edition: city A counts every farmer in the fields touching it: Mina 2 (F1 "
        "and F2), Wei 1. Mina scores A, and her pig stands in a field touching it: 5 instead of 4.",
    ),
    Case(
        "pig-owner-loses-the-field",
        board(
            t("D", 0, 0),
            t("E", 0, -1, 180),
            t("U", 1, 0, fig=(0, "N")),
            t("U", 2, 0, fig=(0, "N", "pig")),
            t("U", 3, 0, fig=(1, "N")),
            t("U", -1, 0, fig=(1, "N")),
            expansions=TB,
            mode="final",
        ),
        (0, 3),
        (cats(), cats(farm=3)),
        "Final board: the field north of the road U(-1,0)–D–U–U–U touches D's city (closed by E above). "
        "Wei has 2 farmers, Mina 1 and her pig, which does not count: Wei wins, 3 × 1 = 3; the pig gives "
        "Mina nothing.",
    ),
    refused(
        "pig-without-its-farmer",
        board(t("D", 0, 0), t("U", 1, 0, fig=(0, "N", "pig")), expansions=TB),
        "a pig joins a farmer",
        "Mina has no farmer in the field north of D's road.",
    ),
    refused(
        "pig-on-a-road",
        board(t("D", 0, 0), t("U", 1, 0, fig=(0, "E", "pig")), expansions=TB),
        "a pig stands only on a field",
        "A pig belongs in a field.",
    ),
    # -- Traders & Builders: the builder -----------------------------------------------------
    Case(
        "builder-left-on-an-unfinished-road",
        board(*THIEF_AND_BUILDER, expansions=TB),
        (3, 0),
        (cats(road=3), cats()),
        "Road D–U–U(2,0), open at both ends: 3 tiles for Mina's thief; her builder beside it adds "
        "nothing and scores nothing.",
    ),
    Case(
        "builder-does-not-count-for-majority",
        board(
            t("D", 0, 0),
            t("U", -1, 0, fig=(0, "W")),  # 1: Mina's thief
            t("B", 0, 1),  # 2: Wei
            t("U", -2, 0, fig=(0, "E", "builder")),  # 3: Mina's builder on her road
            t("B", 1, 1),  # 4: Wei
            t("B", 2, 1),  # 5: Mina
            t("U", 2, 0, fig=(1, "E")),  # 6: Wei's thief on a separate road
            t("U", 1, 0),  # 7: Mina joins the roads (and earns a tile nobody takes: the game ends)
            expansions=TB,
        ),
        (5, 5),
        (cats(road=5), cats(road=5)),
        "U(1,0) joins U(-2,0)–U(-1,0)–D with U(2,0): 5 tiles, open. Mina's thief against Wei's thief, "
        "1–1; her builder does not count: a tie, 5 each.",
    ),
    Case(
        "builder-extra-turn-and-the-layer-after-it",
        board(
            t("D", 0, 0),
            t("U", 1, 0, fig=(0, "E")),  # 1: Mina's thief
            t("tb-across-wine", 0, -1, 90),  # 2: Wei; wine city P = D + this, open north
            t("E", 0, -2, 180),  # 3: Mina closes P (nobody in it): Mina 1 wine
            t("tb-corner-wine", 1, -1, 90),  # 4: Wei; wine city Q, open N and E
            t("U", 2, 0, fig=(0, "E", "builder")),  # 5: Mina's builder joins her thief
            t("E", 1, -2, 180),  # 6: Wei closes Q's north side
            t("tb-corner-road-cloth", -1, -1, 270),  # 7: Mina; cloth city R, open S and W
            t("E", -2, -1, 90),  # 8: Wei closes R's west side
            t("U", 3, 0),  # 9: Mina extends her builder's road: she lays the next tile too
            t("E", 2, -1, 270),  # 10: Mina's extra tile (no player given) closes Q: Mina 1 wine
            t("D", -1, 0),  # 11: back to Wei: closes R (cloth) and lengthens Mina's road
            expansions=TB,
        ),
        (15, 10),
        (cats(road=5, goods=10), cats(goods=10)),
        "Placement 9 extends the road where Mina's builder stands, so placement 10 is Mina's again and "
        "placement 11 goes back to Wei. Goods: Mina wine 2 (P, Q), Wei cloth 1 (R): 10 each. Road "
        "D(-1,0)–D–U–U–U(3,0), open both ends: 5 tiles for Mina's thief. Mina 15, Wei 10 (had placement 10 "
        "been Wei's, wine would tie and Mina would also take the cloth).",
    ),
    Case(
        "builder-extended-on-the-extra-turn-no-third-tile",
        board(
            t("D", 0, 0),
            t("U", 1, 0, fig=(0, "E")),  # 1: Mina's thief
            t("tb-across-wine", 0, -1, 90),  # 2: Wei; wine city D + this, open north
            t("U", 2, 0, fig=(0, "E", "builder")),  # 3: Mina's builder
            t("B", 0, 1),  # 4: Wei
            t("U", 3, 0),  # 5: Mina extends the builder's road: an extra tile
            t("U", 4, 0),  # 6: Mina's extra tile extends it again: no third tile
            t("E", 0, -2, 180),  # 7: Wei's turn: he closes the wine city
            expansions=TB,
        ),
        (5, 10),
        (cats(road=5), cats(goods=10)),
        "Placement 6, Mina's extra tile, extends her builder's road once more but a second tile never "
        "earns a third, so placement 7 is Wei's: he closes the wine city and takes the token, 10. Mina's "
        "road D–U–U–U–U(4,0), open: 5 tiles.",
    ),
    Case(
        "builder-extra-turn-when-the-tile-completes-its-road",
        board(
            t("D", 0, 0),
            t("U", 1, 0, fig=(0, "E")),  # 1: Mina's thief
            t("W", -1, 0),  # 2: Wei closes the road's west end
            t("U", 2, 0, fig=(0, "E", "builder")),  # 3: Mina's builder
            t("tb-across-wine", 0, -1, 90),  # 4: Wei; wine city open north
            t("W", 3, 0),  # 5: Mina closes her own road: it scores, thief and builder go home
            t("E", 0, -2, 180),  # 6: still Mina's extra tile: she closes the wine city
            expansions=TB,
        ),
        (15, 0),
        (cats(road=5, goods=10), cats()),
        "Placement 5 extends and completes the builder's road W(-1,0)–D–U–U–W(3,0): 5 tiles for Mina's "
        "thief, and both figures go home. The builder was there when the tile was laid, so the extra "
        "tile is still earned: placement 6 is Mina's, she takes the wine, 10. Mina 15.",
    ),
    refused(
        "builder-without-its-meeple",
        board(t("D", 0, 0), t("U", 1, 0, fig=(0, "E", "builder")), expansions=TB),
        "a builder joins a meeple of its own player",
        "No thief of Mina's on the road: the builder may not go there.",
    ),
    refused(
        "builder-beside-a-rivals-thief",
        board(
            t("D", 0, 0),
            t("U", 1, 0, fig=(1, "E")),
            t("B", 0, 1),
            t("U", 2, 0, fig=(0, "E", "builder")),
            expansions=TB,
        ),
        "player 0 has none here",
        "The road holds Wei's thief, not Mina's.",
    ),
    Case(
        "builder-on-a-road-this-tile-completes-comes-home-with-no-extra-tile",
        board(
            t("D", 0, 0),
            t("U", 1, 0, fig=(0, "E")),  # 1: Mina's thief
            t("W", -1, 0),  # 2: Wei closes the road's west end
            t("W", 2, 0, fig=(0, "W", "builder")),  # 3: Mina's builder on the road this W closes
            t("tb-across-wine", 0, -1, 90),  # 4: Wei, since the builder earned nothing
            t("E", 0, -2, 180),  # 5: Mina closes the wine city and takes the token
            expansions=TB,
        ),
        (14, 0),
        (cats(road=4, goods=10), cats()),
        "The rulebook's only condition for a builder is the player's own follower on the feature, so "
        "the builder may go on the road W(-1,0)–D–U–W(2,0) that its tile closes: 4 tiles for Mina's "
        "thief, and both go home. The builder was not there before the tile was laid, so no extra tile: "
        "placement 4 is Wei's and placement 5 Mina's, who closes the wine city: 10. Mina 14.",
    ),
    refused(
        "builder-on-a-field",
        board(*THIEF_AND_BUILDER[:3], t("U", 2, 0, fig=(0, "N", "builder")), expansions=TB),
        "a builder stands only on a road or city",
        "N of U is its north field: no builder there.",
    ),
    Case(
        "road-crossing-has-two-roads",
        board(
            t("D", 0, 0),
            t("tb-road-crossing", 1, 0, fig=(0, "N")),  # 1: Mina's thief on the N–S road
            t("U", 2, 0, fig=(1, "E")),  # 2: Wei's thief on D's road, through the crossing
            expansions=TB,
        ),
        (1, 3),
        (cats(road=1), cats(road=3)),
        "tb-road-crossing carries two roads that do not meet: Mina's N–S road is 1 tile (1); D's road "
        "runs W–E through it to U(2,0), free for Wei: D, crossing, U, 3 tiles, open (3).",
    ),
    # -- final mode --------------------------------------------------------------------------
    Case(
        "final-board-with-every-figure",
        board(
            t("U", 2, 0, fig=(0, "E", "builder")),  # listed before the big meeple it needs
            t("U", 3, 0, fig=(0, "N", "pig")),  # listed before Mina's farmer on D
            t("B", 1, 1, fig=(0, "C", "abbot")),
            t("V-garden", 0, 1, fig=(1, "C", "abbot")),
            t("D", 0, 0, fig=(0, "ENE")),
            t("U", 1, 0, fig=(0, "E", "big")),
            t("U", -1, 0, fig=(1, "W")),
            t("E", 0, -1, 180),
            expansions=ALL,
            mode="final",
            banked=[20, 15],
            goods=[{"wine": 2}, {"wine": 1, "cloth": 1}],
        ),
        (44, 30),
        (
            cats(road=5, cloister=5, farm=4, goods=10, banked=20),
            cats(garden=5, goods=10, banked=15),
        ),
        "Road U(-1,0)–D–U–U–U(3,0), open: 5 tiles; Mina's big meeple (2) beats Wei's meeple (1), her "
        "builder counts nothing: 5 for Mina. Field north of the road: Mina's farmer on D with her pig on "
        "U(3,0), touching D's city (closed by E above): 4 × 1 = 4. Mina's abbot on B(1,1): neighbours D, "
        "U(1,0), U(2,0), V-garden: 1 + 4 = 5 (cloister). Wei's abbot on the V-garden (0,1): neighbours "
        "U(-1,0), D, U(1,0), B: 1 + 4 = 5 (garden). Goods given: wine Mina 2 > 1, 10; cloth Wei 1, 10; "
        "wheat nobody. Banked 20 and 15. Mina 5+4+5+10+20 = 44, Wei 5+10+15 = 30.",
    ),
    refused(
        "final-board-builder-with-no-meeple",
        board(t("D", 0, 0), t("U", 1, 0, fig=(0, "E", "builder")), expansions=TB, mode="final"),
        "has no meeple of its player beside it",
        "On a final board too a builder needs its player's meeple on the same road.",
    ),
    refused(
        "final-board-in-two-pieces",
        board(t("D", 0, 0), t("U", 3, 0), expansions=TB, mode="final"),
        "not one connected piece",
        "U at (3,0) touches nothing.",
    ),
    # -- the layer -----------------------------------------------------------------------------
    refused(
        "figure-of-another-player-than-the-layer",
        board(t("D", 0, 0), t("U", 1, 0, fig=(0, "E"), player=1), expansions=TB),
        "must be theirs, not player 0's",
        "Wei laid the tile, so the figure on it must be Wei's.",
    ),
    refused(
        "layer-named-once-then-missing",
        board(t("D", 0, 0), t("U", 1, 0, player=0), t("U", 2, 0), expansions=TB),
        "every later one does",
        "Once a placement names its player, every later one must.",
    ),
    Case(
        "named-layers-decide-the-goods",
        board(
            t("D", 0, 0),
            t("tb-across-wine", 0, -1, 90, player=0),
            t("U", 1, 0, player=0),  # Mina again: a tile set aside, she drew another
            t("E", 0, -2, 180, player=0),  # and again: she closes the wine city
            expansions=TB,
        ),
        (10, 0),
        (cats(goods=10), cats()),
        "Every placement names Mina as its layer (turn order is not checked), so Mina closes the wine "
        "city and takes the token: 10. Without the names placement 3 would be Wei's.",
    ),
]

CASE_IDS = [case.name for case in CASES]
