"""The Tower in the scoring assistant: a floor and its capture, a figure onto a tower and a ransom
in a game being played (each a stage of the figure step, each a plain form post too), and a
finished board's towers and prisoners on the track page (checked, kept on a mistake, exported)."""

from __future__ import annotations

import json
import random
import re

import pytest

from scorer import services
from scorer.engine import Placement, read_board, write_board
from scorer.engine.expansions.tower import Floor, Ransom
from scorer.engine.simulate import final_board_of, random_game

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
LANGUAGES = ["en", "zh-hant", "zh-hans", "fa"]


def import_game(game):
    document = write_board(game)
    for entry, name in zip(document["players"], ["Mina", "Wei", "Sara", "Reza"]):
        entry["name"] = name
    return services.import_board(read_board(document))


@pytest.fixture(scope="module")
def played():
    """A four-player Tower game of 45 tiles whose last turn put a floor on a tower and captured
    (the first seed from 3 whose game does, so that a change to the random games keeps one)."""
    for seed in range(3, 200):
        game = random_game(random.Random(seed), 4, expansions=("tower", "inns-cathedrals"), max_tiles=45)
        if any(isinstance(a, Floor) and a.capture for a in game.placements[-1].actions):
            return game
    raise AssertionError("no seeded Tower game of 45 tiles ends with a capture")


def with_last_turn_bare(game):
    """The game saved, its last tile laid again with no action: the figure step is open."""
    saved = import_game(game)
    loaded = services.undo(saved.code, expected=services.load(saved.code).digest)
    services.add_move(saved.code, game.placements[-1].bare(), expected=loaded.digest)
    return saved


def post_action(client, saved, action="", lang="en", headers=None, **more):
    loaded = services.load(saved.code)
    data = {"number": len(loaded.moves) - 1, "action": action, "expected": loaded.digest, **more}
    return client.post(f"/{lang}/play/{saved.code}/figure", data, headers=headers)


def test_the_game_copied_here_ends_with_a_capture(played):
    floor = next(a for a in played.placements[-1].actions if isinstance(a, Floor))
    assert floor.capture is not None


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_figure_step_offers_the_tower_and_each_stage_shows_its_buttons(client, played, lang):
    saved = with_last_turn_bare(played)
    floor = next(a for a in played.placements[-1].actions if isinstance(a, Floor))
    layer = services.load(saved.code).game.turns[-1].layer
    page = client.get(f"/{lang}/play/{saved.code}/?spots=1&for={layer}").content.decode()
    assert "tower=floor" in page and 'id="tower-step"' in page
    towers = client.get(f"/{lang}/play/{saved.code}/?spots=1&for={layer}&tower=floor").content.decode()
    assert f"tower={floor.x},{floor.y}" in towers
    assert towers.count('class="target k-floor"') >= 1
    captures = client.get(
        f"/{lang}/play/{saved.code}/?spots=1&for={layer}&tower={floor.x},{floor.y}"
    ).content.decode()
    assert f'value="{floor}"' in captures  # the capture the game made is offered on the board
    assert 'class="target k-capture"' in captures
    assert f'value="tower={floor.x},{floor.y}"' in captures  # and the floor alone


def test_a_floor_with_its_capture_is_saved_and_scored_as_the_engine_plays_it(client, played):
    saved = with_last_turn_bare(played)
    floor = next(a for a in played.placements[-1].actions if isinstance(a, Floor))
    assert post_action(client, saved, str(floor)).status_code == 302
    game = services.load(saved.code).game
    assert game.turns[-1].placement.actions == played.turns[-1].placement.actions
    assert game.report().totals == played.report().totals
    assert game.held() == played.held()
    summary = client.get(f"/en/play/{saved.code}/?last=1").content.decode()
    assert "added a floor to the tower" in summary


def test_a_capture_out_of_reach_is_refused_with_its_reason_and_nothing_changes(client, played):
    saved = with_last_turn_bare(played)
    before = services.load(saved.code)
    floor = next(a for a in played.placements[-1].actions if isinstance(a, Floor))
    far = floor.capture._replace(x=floor.x + 40)
    response = post_action(client, saved, str(Floor(floor.x, floor.y, far)))
    assert response.status_code == 400
    assert "reach" in response.content.decode() or "is not there" in response.content.decode()
    assert services.load(saved.code).digest == before.digest


def test_a_ransom_is_paid_beside_the_figure_and_taken_back(client, long_game):
    game = long_game
    # The first turn of this seeded game that paid a ransom: the game before it saved, its tile
    # laid bare, and the ransom paid through the page.
    number, ransom = next(
        (i, a) for i, p in enumerate(game.placements) for a in p.actions if isinstance(a, Ransom)
    )
    before = game.copy()
    while len(before.turns) > number:
        before.pop()
    layer = game.turns[number].layer
    options = [ransom]
    saved = import_game(before)
    loaded = services.load(saved.code)
    services.add_move(saved.code, game.placements[number].bare().laid_by(layer), expected=loaded.digest)
    page = client.get(f"/en/play/{saved.code}/?spots=1&for={layer}&tower=ransom").content.decode()
    assert f'value="{options[0]}"' in page
    scores_before = services.load(saved.code).game.scores[:]
    assert post_action(client, saved, str(options[0]), player=layer).status_code == 302
    after = services.load(saved.code).game
    assert after.scores[layer] == scores_before[layer] - 3
    assert after.scores[options[0].jailer] == scores_before[options[0].jailer] + 3
    assert "No ransom after all" in client.get(f"/en/play/{saved.code}/?spots=1&for={layer}").content.decode()
    assert post_action(client, saved, "", player=layer, clear="ransom").status_code == 302
    assert services.load(saved.code).game.scores == scores_before


@pytest.fixture(scope="module")
def finished(played):
    return final_board_of(played)


def track_data(client, saved, lang="en"):
    page = client.get(f"/{lang}/play/{saved.code}/track/").content.decode()
    fields = dict(re.findall(r'name="([a-z0-9_]+)"[^>]*value="([^"]*)"', page))
    chosen_top = r'<select name="(tower_\d+_top)".*?<option value="([^"]*)"[^>]*selected'
    for name, chosen in re.findall(chosen_top, page, re.S):
        fields[name] = chosen
    return page, fields


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_finished_boards_towers_and_prisoners_show_on_the_track_page(client, finished, lang):
    saved = import_game(finished)
    _page, fields = track_data(client, saved, lang)
    heights = sorted(p.size for p in finished.pieces())
    entered = sorted(int(v) for k, v in fields.items() if k.endswith("_height") and v != "0")
    assert entered == heights
    held = sum(int(v) for k, v in fields.items() if k.startswith("prisoners_"))
    assert held == len(finished.held())


def test_towers_and_prisoners_saved_from_the_track_page_score_and_export(client, finished):
    saved = import_game(finished)
    _page, fields = track_data(client, saved)
    prisoner = next(k for k in fields if k.startswith("prisoners_0_1_meeple"))
    fields[prisoner] = str(int(fields[prisoner]) + 1)
    response = client.post(f"/en/play/{saved.code}/track/", fields)
    assert response.status_code == 302, response.content.decode()[:2000]
    game = services.load(saved.code).game
    assert len(game.held()) == len(finished.held()) + 1
    assert game.supply(1)[game.figure_kinds[0]] == finished.supply(1)[finished.figure_kinds[0]] - 1
    document = json.loads(client.get(f"/en/play/{saved.code}/board.json").content)
    assert len(document["prisoners"]) == len(finished.held()) + 1
    assert sorted(t["height"] for t in document["towers"]) == sorted(p.size for p in finished.pieces())


def test_too_many_floors_are_refused_in_words_and_what_was_entered_stays(client, finished):
    saved = import_game(finished)
    _page, fields = track_data(client, saved)
    first = next(k for k in fields if k.endswith("_height"))
    fields[first] = "60"
    response = client.post(f"/en/play/{saved.code}/track/", fields)
    assert response.status_code == 400
    body = response.content.decode()
    assert "floors than the players have" in body
    assert f'name="{first}"' in body and 'value="60"' in body
    assert services.load(saved.code).game.pieces() == finished.pieces()


def test_placement_text_of_a_tower_turn_is_kept_by_a_saved_move(played):
    saved = import_game(played)
    texts = [m.text for m in services.load(saved.code).moves]
    assert any("tower=" in t for t in texts)
    assert [Placement.parse(t).laid_by(None) for t in texts] == [p.laid_by(None) for p in played.placements]


# -- prisoners, exchanges, the score page's captures and the card's ransom taken back ---------------


def actions_of(game, kind):
    return [(i, a) for i, p in enumerate(game.placements) for a in p.actions if isinstance(a, kind)]


@pytest.fixture(scope="module")
def long_game():
    return seeded_long_game()


def seeded_long_game():
    """Seventy tiles of a four-player Tower game (the first seed that has them all) with a capture
    exchanged at once, a ransom, and two players or more holding prisoners at the end."""
    for seed in range(80):
        game = random_game(random.Random(seed), 4, expansions=("tower", "inns-cathedrals"), max_tiles=70)
        exchanged = any(floor.exchange for _n, floor in actions_of(game, Floor))
        if exchanged and actions_of(game, Ransom) and len({h.holder for h in game.held()}) >= 2:
            return game
    raise AssertionError("no seeded Tower game has an exchange, a ransom and prisoners at the end")


def scoreboard_rows(page):
    """Each player's row of the scoreboard, by name."""
    board = page.split('id="scoreboard"', 1)[1].split("</section>", 1)[0]
    rows = board.split("<tbody>", 1)[1].split("<tr")[1:]
    return {re.search(r"<bdi>([^<]+)</bdi>", row)[1]: row for row in rows}


def prisoner_labels(game):
    from scorer.board_layer.messages import held_label

    names = ["Mina", "Wei", "Sara", "Reza"]
    return [(names[h.holder], held_label(names[h.holder], names[h.player], h.kind)) for h in game.held()]


def test_long_game_holds_prisoners_at_its_end(long_game):
    assert len({h.holder for h in long_game.held()}) >= 2


@pytest.mark.parametrize("watching", [False, True])
def test_each_player_shows_the_prisoners_they_hold_on_the_board_and_watching_pages(
    client, long_game, watching
):
    saved = import_game(long_game)
    address = f"/en/play/watch/{saved.watch_code}/" if watching else f"/en/play/{saved.code}/"
    rows = scoreboard_rows(client.get(address).content.decode())
    labels = prisoner_labels(long_game)
    for holder, label in labels:
        assert label.replace("'", "&#x27;") in rows[holder]  # in the holder's own row, in words
    holders = {holder for holder, _label in labels}
    for name, row in rows.items():
        assert ('class="prisoners"' in row) == (name in holders)
    # The owner's colour, and their name beside it: colour is never the only cue.
    assert re.search(r'class="figure-icon k-[a-z]+ c-[a-z]+"', rows[labels[0][0]])
    assert "prisoner-owner" in rows[labels[0][0]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_prisoners_show_in_every_language_and_never_without_the_tower(client, long_game, lang):
    saved = import_game(long_game)
    assert 'class="prisoners"' in client.get(f"/{lang}/play/{saved.code}/").content.decode()
    plain = import_game(random_game(random.Random(4), 2, max_tiles=20))
    assert 'class="prisoners"' not in client.get(f"/{lang}/play/{plain.code}/").content.decode()


def game_before(game, number):
    before = game.copy()
    while len(before.turns) > number:
        before.pop()
    return before


def test_a_capture_exchanged_at_once_says_so_in_the_turn_summary(client, long_game):
    """A capture that frees a figure of the layer's that the captured player held: posted
    without naming the exchange (the engine makes it at once), the summary says what was exchanged."""
    number, floor = next((i, a) for i, a in actions_of(long_game, Floor) if a.exchange is not None)
    layer = long_game.turns[number].layer
    saved = import_game(game_before(long_game, number))
    loaded = services.load(saved.code)
    services.add_move(saved.code, long_game.placements[number].bare().laid_by(layer), expected=loaded.digest)
    automatic = floor._replace(exchange=None)
    response = post_action(client, saved, str(automatic), player=layer, headers=HTMX)
    assert response.status_code == 200
    names = ["Mina", "Wei", "Sara", "Reza"]
    said = f"{names[floor.capture.player]} held {names[layer]}&#x27;s {floor.exchange.value}"
    assert said in response.content.decode()
    assert "were exchanged at once" in client.get(f"/en/play/{saved.code}/?last=1").content.decode()
    assert services.load(saved.code).game.held() == game_before(long_game, number + 1).held()


def test_a_capture_kept_prisoner_says_who_holds_it(client, long_game):
    number = next(
        n for n, floor in actions_of(long_game, Floor)
        if floor.capture and floor.capture.player != long_game.turns[n].layer and not floor.exchange
    )  # fmt: skip
    saved = import_game(game_before(long_game, number + 1))
    page = client.get(f"/en/play/{saved.code}/?last=1").content.decode()
    names = ["Mina", "Wei", "Sara", "Reza"]
    assert "It captured" in page and f"{names[long_game.turns[number].layer]} holds it prisoner." in page


def test_the_score_page_marks_captures_and_ransoms_on_the_board_and_tells_them(client, long_game):
    from scorer.engine import Phase

    saved = import_game(long_game)
    page = client.get(f"/en/play/{saved.code}/score/").content.decode()
    marks = page.split('class="picture-marks"', 1)[1].split("</div>", 1)[0]
    extent = long_game.board.extent
    assert f"mark-corner gc-{extent.columns} gr-{extent.rows}" in marks
    captures = [floor for _n, floor in actions_of(long_game, Floor) if floor.capture]
    for floor in captures:  # the capturing tower's square and the captured figure's
        tower = f"gc-{extent.column(floor.x)} gr-{extent.row(floor.y)}"
        figure = f"gc-{extent.column(floor.capture.x)} gr-{extent.row(floor.capture.y)}"
        assert f'{tower}"><span class="pic-mark k-capture' in marks
        assert f'{figure}"><span class="pic-mark k-figure' in marks
    assert marks.count("pic-mark k-ransom") >= 1
    assert 'class="picture-legend"' in page and "A tower whose floor captured a figure" in page
    story = page.split('id="tower-story-heading"', 1)[1].split("</section>", 1)[0]
    assert story.count('<li class="k-capture') == len(captures)
    assert story.count('<li class="k-ransom') == len(actions_of(long_game, Ransom))
    assert "were exchanged at once" in story and "It had been captured by the tower at" in story
    assert "Ransom paid during play" in page  # the score lines' words stay
    events = long_game.report().events
    ransom = next(i for i, e in enumerate(events) if e.when is Phase.RANSOM)
    chosen = client.get(
        f"/en/play/{saved.code}/score/?event={ransom}", headers={**HTMX, "HX-Target": "explain"}
    )
    chosen = chosen.content.decode()
    assert "pic-mark k-ransom" in chosen and " current" in chosen and "Captures and ransoms, line" in chosen
    scored = next(i for i, e in enumerate(events) if e.segments)
    assert (
        'class="picture-marks"'
        not in client.get(f"/en/play/{saved.code}/score/?event={scored}").content.decode()
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_page_tells_captures_in_every_language_and_the_watching_link_too(client, long_game, lang):
    saved = import_game(long_game)
    for address in (f"/{lang}/play/{saved.code}/score/", f"/{lang}/play/watch/{saved.watch_code}/score/"):
        page = client.get(address).content.decode()
        assert 'class="tower-story"' in page and 'class="picture-marks"' in page


def paid_ransom(client, game):
    """The game up to its first ransom saved, that turn's tile laid bare and its ransom paid
    through the page; the layer, and the scores before the ransom."""
    number, ransom = actions_of(game, Ransom)[0]
    layer = game.turns[number].layer
    saved = import_game(game_before(game, number))
    loaded = services.load(saved.code)
    services.add_move(saved.code, game.placements[number].bare().laid_by(layer), expected=loaded.digest)
    scores = services.load(saved.code).game.scores[:]
    assert post_action(client, saved, str(ransom), player=layer).status_code == 302
    return saved, layer, scores


def figure_card(page):
    return page.split('id="figure-card-slot"', 1)[1].split('<section class="palette"', 1)[0]


def test_the_phones_figure_card_takes_a_ransom_back_with_a_plain_form(client, long_game):
    saved, layer, scores = paid_ransom(client, long_game)
    card = figure_card(client.get(f"/en/play/{saved.code}/?spots=1&for={layer}").content.decode())
    form = re.search(r'<form method="post" action="([^"]+)"[^>]*class="card-paid">(.*?)</form>', card, re.S)
    assert form is not None and "No ransom after all" in form[2] and "hx-post" in form[0]
    fields = dict(re.findall(r'name="([a-z]+)" value="([^"]*)"', form[2]))
    assert fields["clear"] == "ransom"
    response = client.post(form[1], {**fields, "csrfmiddlewaretoken": "x"})
    assert response.status_code == 302  # works without a script: back to the figure step
    assert f"for={layer}" in response["Location"] and "spots=1" in response["Location"]
    assert services.load(saved.code).game.scores == scores
    after = figure_card(client.get(response["Location"]).content.decode())
    assert "card-paid" not in after and "tower=ransom" in after  # the ransom may be chosen again


def test_the_cards_no_ransom_is_answered_in_place_by_htmx(client, long_game):
    saved, layer, scores = paid_ransom(client, long_game)
    response = post_action(client, saved, "", player=layer, clear="ransom", headers=HTMX)
    assert response.status_code == 200
    assert 'id="figure-card"' in response.content.decode() and "card-paid" not in response.content.decode()
    assert services.load(saved.code).game.scores == scores


def test_a_finished_boards_prisoners_show_on_the_scoreboard_and_the_score_page_without_marks(
    client, finished
):
    """A board copied when the game is over has no captures to tell, only the prisoners entered."""
    saved = import_game(finished)
    labels = prisoner_labels(finished)
    assert labels, "the finished board holds prisoners"
    rows = scoreboard_rows(client.get(f"/en/play/{saved.code}/").content.decode())
    for holder, label in labels:
        assert label.replace("'", "&#x27;") in rows[holder]
    page = client.get(f"/en/play/{saved.code}/score/").content.decode()
    story = page.split('id="tower-story-heading"', 1)[1].split("</section>", 1)[0]
    assert "No tower has captured a figure" in story
    assert all(label.replace("'", "&#x27;") in story for _holder, label in labels)
    assert 'class="picture-marks"' not in page
