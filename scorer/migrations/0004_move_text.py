"""A move is its placement's text form in one column (``1>E@0,-1/180:1S``), instead of a column
per part: the tile, who laid it, the figure and the abbot's recall. Every saved game keeps its
moves exactly (the text is what the game's digest was always made from), and back again.

The forms are written out here rather than taken from the engine, so that this migration reads
and writes what the columns held on the day it was written, whatever the engine becomes."""

import re

from django.db import migrations, models

_TEXT = re.compile(
    r"(?:(?P<layer>[0-9])>)?(?P<tile>[^@]+)@(?P<x>-?[0-9]+),(?P<y>-?[0-9]+)/(?P<rotation>[0-9]+)"
    r"(?::(?P<player>[0-9])(?:(?P<place>[NESWC]{1,3})(?:\+(?P<kind>[a-z]+))?|\^(?P<rx>-?[0-9]+),(?P<ry>-?[0-9]+)))?"
)


def text_of(move) -> str:
    text = f"{move.tile}@{move.x},{move.y}/{move.rotation}"
    if move.layer is not None:
        text = f"{move.layer}>{text}"
    if move.meeple_player is not None and move.meeple_place:
        kind = move.meeple_kind if move.meeple_kind and move.meeple_kind != "meeple" else ""
        text += f":{move.meeple_player}{move.meeple_place}" + (f"+{kind}" if kind else "")
    elif move.recall_player is not None:
        text += f":{move.recall_player}^{move.recall_x},{move.recall_y}"
    return text


def to_text(apps, schema_editor):
    Move = apps.get_model("scorer", "Move")
    for move in Move.objects.all().iterator():
        move.text = text_of(move)
        move.save(update_fields=["text"])


def to_columns(apps, schema_editor):
    Move = apps.get_model("scorer", "Move")
    for move in Move.objects.all().iterator():
        match = _TEXT.fullmatch(move.text)
        if match is None:
            raise ValueError(f"move {move.pk} cannot go back to columns: {move.text!r}")
        move.tile, move.x, move.y, move.rotation = (
            match["tile"],
            int(match["x"]),
            int(match["y"]),
            int(match["rotation"]),
        )
        move.layer = int(match["layer"]) if match["layer"] is not None else None
        move.meeple_player = move.recall_player = move.recall_x = move.recall_y = None
        move.meeple_place = move.meeple_kind = ""
        if match["place"]:
            move.meeple_player, move.meeple_place = int(match["player"]), match["place"]
            move.meeple_kind = match["kind"] or ""
        elif match["rx"] is not None:
            move.recall_player, move.recall_x, move.recall_y = (
                int(match["player"]),
                int(match["rx"]),
                int(match["ry"]),
            )
        move.save()


OLD_COLUMNS = (
    "tile",
    "x",
    "y",
    "rotation",
    "layer",
    "meeple_player",
    "meeple_place",
    "meeple_kind",
    "recall_player",
    "recall_x",
    "recall_y",
)


class Migration(migrations.Migration):
    dependencies = [("scorer", "0003_watch_code_and_digest")]

    operations = [
        migrations.AddField(
            model_name="move",
            name="text",
            field=models.TextField(default="", help_text="the placement's text form, e.g. 1>E@0,-1/180:1S"),
            preserve_default=False,
        ),
        migrations.RunPython(to_text, to_columns),
        # Defaults for the columns that had none, so that going back can add them again to a
        # table with rows (to_columns then fills in the values).
        migrations.AlterField(
            model_name="move", name="tile", field=models.CharField(default="", max_length=40)
        ),
        migrations.AlterField(model_name="move", name="x", field=models.IntegerField(default=0)),
        migrations.AlterField(model_name="move", name="y", field=models.IntegerField(default=0)),
        migrations.AlterField(
            model_name="move", name="rotation", field=models.PositiveSmallIntegerField(default=0)
        ),
        migrations.AlterField(
            model_name="move",
            name="meeple_place",
            field=models.CharField(blank=True, default="", max_length=3),
        ),
        *(migrations.RemoveField(model_name="move", name=name) for name in OLD_COLUMNS),
    ]
