"""What the production server's master does before it forks its workers."""

from __future__ import annotations

from carcassonne_site import gunicorn_conf
from scorer.render import tile_art
from scorer.tile_views import SPRITE_SIZE


def test_the_tile_pictures_are_drawn_once_before_the_workers_fork():
    tile_art._sprites.cache_clear()
    gunicorn_conf.draw_tiles_once()
    assert tile_art._sprites.cache_info().currsize == 1
    before = tile_art._sprites.cache_info().hits
    assert tile_art.tile_sprites(SPRITE_SIZE, "webp")["E"][8:12] == b"WEBP"  # a worker's first page
    assert tile_art._sprites.cache_info().hits == before + 1
