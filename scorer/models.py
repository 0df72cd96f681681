"""Saved games: a game is its settings and its list of moves, nothing derived.

Scores, meeples and features are recomputed by the engine from the moves on every request, so
the database can never disagree with the rules.
"""

from __future__ import annotations

import secrets

from django.db import models

from scorer.engine import Meeple, Placement
from scorer.engine.places import Place

CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def new_code() -> str:
    """A short, unguessable, easy-to-read game code for share links."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(10))


class SavedGame(models.Model):
    code = models.CharField(max_length=16, unique=True, default=new_code, editable=False)
    players = models.JSONField(help_text='[{"name": ..., "color": ...}, ...] in turn order')
    small_city = models.PositiveSmallIntegerField(default=4)
    farmers = models.CharField(max_length=3, default="3rd")
    river = models.BooleanField(default=False)
    mode = models.CharField(max_length=6, default="replay")
    banked = models.JSONField(default=list, blank=True)
    finished = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.code


class Move(models.Model):
    game = models.ForeignKey(SavedGame, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField(help_text="0 for the first tile")
    tile = models.CharField(max_length=24)
    x = models.IntegerField()
    y = models.IntegerField()
    rotation = models.PositiveSmallIntegerField()
    meeple_player = models.PositiveSmallIntegerField(null=True, blank=True)
    meeple_place = models.CharField(max_length=3, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            # Two phones entering at once can never both save move N.
            models.UniqueConstraint(fields=["game", "number"], name="one_move_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.game.code} #{self.number}: {self.placement}"

    @property
    def placement(self) -> Placement:
        meeple = None
        if self.meeple_player is not None and self.meeple_place:
            meeple = Meeple(self.meeple_player, Place[self.meeple_place])
        return Placement(self.tile, self.x, self.y, self.rotation, meeple)

    @classmethod
    def from_placement(cls, game: SavedGame, number: int, placement: Placement) -> Move:
        meeple = placement.meeple
        return cls(
            game=game,
            number=number,
            tile=placement.tile,
            x=placement.x,
            y=placement.y,
            rotation=placement.rotation,
            meeple_player=meeple.player if meeple else None,
            meeple_place=meeple.at.name if meeple else "",
        )
