"""Princess & Dragon in "score as we play": the dragon's move entered square by square (a link per
step, the whole move posted with the last; the next tile refused until then), the fairy moved by
its follower, the princess by the knight and a portal's figure by the feature, each a button on
the board and a plain form post too, each saved as the engine plays it."""

from __future__ import annotations

import random
import re
from html import unescape

import pytest

from scorer import services
from scorer.engine import read_board, write_board
from scorer.engine.expansions.princess_dragon import DragonMove, FairyMove, PortalFigure, PrincessVisit
from scorer.engine.simulate import random_game

pytestmark = pytest.mark.django_db
LANGUAGES = ["en", "zh-hant", "zh-hans", "fa"]


def game_ending_with(kind, *, seeds=range(60)):
    """A three-player game with Princess & Dragon cut just after a turn with an action of ``kind``
    (the first seed that has one)."""
    for seed in seeds:
        full = random_game(random.Random(seed), 3, expansions=("princess-dragon",), meeple_chance=1.0)
        for index, placement in enumerate(full.placements):
            if any(type(a) is kind and (kind is not DragonMove or a.steps) for a in placement.actions):
                return random_game_prefix(full, index + 1)
    raise AssertionError(f"no seeded game has a {kind.__name__}")


def random_game_prefix(full, count):
    game = type(full)(full.players, rules=full.rules, expansions=full.expansions)
    for placement in full.placements[:count]:
        game.push(placement)
    return game


def saved_with_last_turn_bare(game):
    """The game saved, its last tile laid again with no action and no dragon move."""
    document = write_board(game)
    for entry, name in zip(document["players"], ["Mina", "Wei", "Sara"]):
        entry["name"] = name
    last = game.placements[-1]
    document["placements"] = document["placements"][:-1]
    saved = services.import_board(read_board(document))
    loaded = services.load(saved.code)
    services.add_move(saved.code, last.bare().laid_by(game.turns[-1].layer), expected=loaded.digest)
    return saved


def post(client, saved, action, lang="en"):
    loaded = services.load(saved.code)
    data = {"number": len(loaded.moves) - 1, "action": action, "expected": loaded.digest}
    return client.post(f"/{lang}/play/{saved.code}/figure", data)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dragon_is_moved_square_by_square_and_saved_whole(client, lang):
    played = game_ending_with(DragonMove)
    move = next(a for a in played.placements[-1].actions if type(a) is DragonMove)
    saved = saved_with_last_turn_bare(played)
    # The next tile is refused while the dragon's move is owed, with the reason, and nothing lost.
    before = services.load(saved.code)
    page = client.get(f"/{lang}/play/{saved.code}/").content.decode()
    assert 'class="target k-dragon"' in page and 'id="creature-step"' in page
    # Step by step: a link per square, the last one a form posting the whole move.
    for number in range(1, len(move.steps) + 1):
        if number < len(move.steps):
            path = "~".join(f"{a},{b}" for a, b in move.steps[:number])
            assert f"dragon={path}" in unescape(page), (number, path)
            page = client.get(
                f"/{lang}/play/{saved.code}/?spots=1&creature=dragon&dragon={path}"
            ).content.decode()
            assert page.count('class="target k-trail"') == number
    assert f'value="{move}"' in unescape(page)
    assert services.load(saved.code).digest == before.digest  # nothing saved step by step
    assert post(client, saved, str(move), lang).status_code == 302
    game = services.load(saved.code).game
    assert game.placements[-1] == played.placements[-1].bare().with_action(move).laid_by(
        played.turns[-1].layer
    ) or ([a for a in game.placements[-1].actions if type(a) is DragonMove] == [move])
    assert game.unfinished() is None


def test_the_next_tile_waits_for_the_dragon(client):
    played = game_ending_with(DragonMove)
    saved = saved_with_last_turn_bare(played)
    loaded = services.load(saved.code)
    left = [name for name, n in loaded.game.board.supply.items() if n > 0]
    tile = next(name for name in left if loaded.game.legal_placements(name).squares())
    (x, y), rotations = next(iter(loaded.game.legal_placements(tile).squares().items()))
    response = client.post(
        f"/en/play/{saved.code}/move",
        {"tile": tile, "x": x, "y": y, "rotation": sorted(rotations)[0], "expected": loaded.digest},
    )
    assert response.status_code == 400
    assert "The dragon must move before the next tile is laid." in unescape(response.content.decode())
    assert services.load(saved.code).digest == loaded.digest


@pytest.mark.parametrize(
    ("kind", "stage", "target"),
    [
        (FairyMove, "fairy", "k-fairy"),
        (PrincessVisit, "princess", "k-princess"),
        (PortalFigure, "portal", "k-portal"),
    ],
)
def test_the_fairy_the_princess_and_a_portal_are_chosen_on_the_board(client, kind, stage, target):
    played = game_ending_with(kind)
    action = next(a for a in played.placements[-1].actions if type(a) is kind)
    saved = saved_with_last_turn_bare(played)
    layer = played.turns[-1].layer
    page = client.get(f"/en/play/{saved.code}/?spots=1&for={layer}").content.decode()
    assert f"creature={stage}" in page
    staged = client.get(f"/en/play/{saved.code}/?spots=1&for={layer}&creature={stage}").content.decode()
    if kind is PortalFigure and action.kind.value != "meeple":
        staged = client.get(
            f"/en/play/{saved.code}/?spots=1&for={layer}&creature={stage}&kind={action.kind.value}"
        ).content.decode()
    assert f'class="target {target}"' in staged
    assert f'value="{action}"' in staged
    assert post(client, saved, str(action)).status_code == 302
    game = services.load(saved.code).game
    assert action in game.placements[-1].actions
    dragon = [a for a in played.placements[-1].actions if type(a) is DragonMove and a.steps]
    if dragon:  # the move after the action is still owed, and the page asks for it
        assert game.unfinished() is not None
        assert 'class="target k-dragon"' in client.get(f"/en/play/{saved.code}/").content.decode()
    else:
        assert game.report().totals == played.report().totals


def test_a_hostile_dragon_path_in_the_query_string_is_cut_to_what_the_dragon_may_walk(client):
    played = game_ending_with(DragonMove)
    saved = saved_with_last_turn_bare(played)
    for junk in ("99,99~1,1", "a,b", "0,0~" * 40, "\u0000", "1,1~1,1~1,1~1,1~1,1~1,1~1,1"):
        response = client.get(f"/en/play/{saved.code}/", {"spots": "1", "creature": "dragon", "dragon": junk})
        assert response.status_code == 200
        assert 'class="target k-dragon"' in response.content.decode()
        assert re.search(r'class="target k-trail"', response.content.decode()) is None or junk.startswith(
            "1,1"
        )


@pytest.mark.parametrize("kind", [DragonMove, FairyMove, PrincessVisit, PortalFigure])
def test_the_turn_summary_says_what_the_creatures_did(client, kind):
    played = game_ending_with(kind)
    document = write_board(played)
    for entry, name in zip(document["players"], ["Mina", "Wei", "Sara"]):
        entry["name"] = name
    saved = services.import_board(read_board(document))
    summary = unescape(client.get(f"/en/play/{saved.code}/?last=1").content.decode())
    words = {
        DragonMove: "The dragon moved",
        FairyMove: "moved the fairy beside their",
        PrincessVisit: "The princess sent",
        PortalFigure: "went through the magic portal",
    }[kind]
    assert words in summary
