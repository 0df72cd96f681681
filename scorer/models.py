"""Saved games: a game is its settings and its list of moves, nothing derived.

Scores, figures and features are recomputed by the engine from the moves on every request, so
the database can never disagree with the rules.
"""

from __future__ import annotations

import secrets

from django.db import models

from scorer.engine import Placement

CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"


def new_code() -> str:
    """A short, unguessable, easy-to-read game code for share links."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(10))


def state_token(digest: str, finished: bool) -> str:
    return f"{digest}-{'end' if finished else 'on'}"


class SavedGame(models.Model):
    code = models.CharField(max_length=16, unique=True, default=new_code, editable=False)
    """The game's secret: its link lets a phone change the game."""
    watch_code = models.CharField(max_length=16, unique=True, default=new_code, editable=False)
    """The read-only link: spectators and a screen on the table follow the game but change nothing."""
    digest = models.CharField(max_length=40, blank=True, default="", editable=False)
    """A fingerprint of the move list, kept with every write, so a phone can ask cheaply whether
    the game moved on (services.digest_of)."""
    players = models.JSONField(help_text='[{"name": ..., "color": ...}, ...] in turn order')
    small_city = models.PositiveSmallIntegerField(default=4)
    farmers = models.CharField(max_length=3, default="3rd")
    expansions = models.JSONField(default=list, blank=True, help_text="board-file expansion names")
    mode = models.CharField(max_length=6, default="replay")
    banked = models.JSONField(default=list, blank=True)
    goods = models.JSONField(default=list, blank=True, help_text="final mode: goods per player")
    extras = models.JSONField(
        default=dict,
        blank=True,
        help_text='final mode: the expansions\' top-level board-file fields ("towers", ...)',
    )
    finished = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated"]

    def __str__(self) -> str:
        return self.code

    @property
    def state(self) -> str:
        """What a phone compares to know whether to fetch the board again: any move, figure,
        undo, or ending and reopening changes it."""
        return state_token(self.digest, self.finished)


class Move(models.Model):
    """One placement of a saved game, as its text form (``1>E@0,-1/180:1S``): the tile, who laid
    it and every action of its turn in one column, so that an expansion's new kind of action needs
    no new column (its module registers its text form with the engine)."""

    game = models.ForeignKey(SavedGame, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField(help_text="0 for the first tile")
    text = models.TextField(help_text="the placement's text form, e.g. 1>E@0,-1/180:1S")

    class Meta:
        ordering = ["number"]
        constraints = [
            # Two phones entering at once can never both save move N.
            models.UniqueConstraint(fields=["game", "number"], name="one_move_per_number"),
        ]

    def __str__(self) -> str:
        return f"{self.game.code} #{self.number}: {self.text}"

    @property
    def placement(self) -> Placement:
        return Placement.parse(self.text)

    def set_placement(self, placement: Placement) -> None:
        self.text = str(placement)

    @classmethod
    def from_placement(cls, game: SavedGame, number: int, placement: Placement) -> Move:
        return cls(game=game, number=number, text=str(placement))
