"""Saved games: a game is its settings and its list of moves, nothing derived.

Scores, figures and features are recomputed by the engine from the moves on every request, so
the database can never disagree with the rules.
"""

from __future__ import annotations

import secrets

from django.db import models

from scorer.engine import FigureKind, Meeple, Place, Placement, Recall

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
    game = models.ForeignKey(SavedGame, on_delete=models.CASCADE, related_name="moves")
    number = models.PositiveIntegerField(help_text="0 for the first tile")
    tile = models.CharField(max_length=40)
    x = models.IntegerField()
    y = models.IntegerField()
    rotation = models.PositiveSmallIntegerField()
    layer = models.PositiveSmallIntegerField(null=True, blank=True, help_text="who laid the tile")
    meeple_player = models.PositiveSmallIntegerField(null=True, blank=True)
    meeple_place = models.CharField(max_length=3, blank=True)
    meeple_kind = models.CharField(max_length=8, blank=True, default="")
    recall_player = models.PositiveSmallIntegerField(null=True, blank=True)
    recall_x = models.IntegerField(null=True, blank=True)
    recall_y = models.IntegerField(null=True, blank=True)

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
        meeple = recall = None
        if self.meeple_player is not None and self.meeple_place:
            kind = FigureKind(self.meeple_kind) if self.meeple_kind else FigureKind.MEEPLE
            meeple = Meeple(self.meeple_player, Place[self.meeple_place], kind)
        if self.recall_player is not None:
            recall = Recall(self.recall_player, self.recall_x, self.recall_y)
        return Placement(self.tile, self.x, self.y, self.rotation, meeple, recall, self.layer)

    def set_placement(self, placement: Placement) -> None:
        meeple, recall = placement.meeple, placement.recall
        self.tile, self.x, self.y, self.rotation = (
            placement.tile,
            placement.x,
            placement.y,
            placement.rotation,
        )
        self.layer = placement.player
        self.meeple_player = meeple.player if meeple else None
        self.meeple_place = meeple.at.name if meeple else ""
        self.meeple_kind = meeple.kind.value if meeple and meeple.kind is not FigureKind.MEEPLE else ""
        self.recall_player = recall.player if recall else None
        self.recall_x = recall.x if recall else None
        self.recall_y = recall.y if recall else None

    @classmethod
    def from_placement(cls, game: SavedGame, number: int, placement: Placement) -> Move:
        move = cls(game=game, number=number)
        move.set_placement(placement)
        return move
