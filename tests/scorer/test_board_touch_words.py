"""Touch screens are told to tap, keyboards of their keys: both sentences are in the page, and the
style sheet shows each only where it applies (no script)."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from scorer import services
from scorer.engine import Placement

pytestmark = pytest.mark.django_db


@pytest.fixture
def saved():
    saved = services.create_game(services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")]))
    services.add_move(saved.code, Placement.parse("D@0,0/0"), expected=services.load(saved.code).digest)
    return saved


def versions(html: str) -> dict[str, list[str]]:
    """The two versions of what the page shows now (the script's <template>s set aside: they hold
    the sentences of the steps to come)."""
    html = re.sub(r"<template\b.*?</template>", "", html, flags=re.S)
    found: dict[str, list[str]] = {"for-keys": [], "for-touch": []}
    for kind, inner in re.findall(r'class="[^"]*\b(for-keys|for-touch)\b[^"]*">(.*?)</(?:span|p)>', html):
        found[kind].append(inner)
    return found


@pytest.mark.parametrize("mode", ["replay", "final"])
def test_the_next_step_is_told_in_both_versions(client, saved, mode):
    if mode == "final":
        saved = services.create_game(
            services.GameSettings(players=[("Mina", "red"), ("Wei", "blue")], mode="final")
        )
        services.add_move(saved.code, Placement.parse("D@0,0/0"), expected=services.load(saved.code).digest)
    said = versions(client.get(f"/en/play/{saved.code}/").content.decode())
    assert len(said["for-keys"]) == len(said["for-touch"]) == 1
    assert "press its letter" in said["for-keys"][0]
    assert said["for-touch"][0].startswith("Tap ") and "press" not in said["for-touch"][0]


def test_laying_a_tile_is_told_in_both_versions(client, saved):
    said = versions(client.get(f"/en/play/{saved.code}/?tile=E&at=0,-1").content.decode())
    assert said["for-keys"] == ["Keys: R turns the tile, Enter lays it, Esc cancels."]
    assert said["for-touch"] == ["Tap the tile turned the way it lies on the table to lay it."]
    said = versions(client.get(f"/zh-hant/play/{saved.code}/?tile=E&at=0,-1").content.decode())
    assert said["for-touch"] == ["點一下和桌上方向相同的版塊，就能放下。"]


def test_the_style_sheet_shows_each_version_only_where_it_applies():
    css = re.sub(r"\s+", " ", (Path(settings.BASE_DIR) / "static/css/play.css").read_text())
    # Hidden by default and on screens with a mouse or trackpad: desktops (and their screen readers)
    # get the keyboard's words.
    assert ".for-touch { display: none; }" in css
    assert "@media (hover: hover), (pointer: fine) { .for-touch { display: none; } }" in css
    # A touch screen without hover shows the tapping words instead.
    touch = re.search(r"@media \(hover: none\) and \(pointer: coarse\) \{(.*?)\} \}", css)
    assert touch, "no touch-screen rule"
    assert ".for-touch { display: revert; }" in touch.group(1)
    assert ".for-keys { display: none;" in touch.group(1)
