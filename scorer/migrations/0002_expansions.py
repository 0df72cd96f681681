"""Expansions: the list of boxes in play (instead of a River flag), final-mode goods, and per move
who laid the tile, which figure stands on it and which abbot was recalled."""

from django.db import migrations, models


def river_to_expansions(apps, schema_editor):
    SavedGame = apps.get_model("scorer", "SavedGame")
    for game in SavedGame.objects.filter(river=True):
        game.expansions = ["river"]
        game.save(update_fields=["expansions"])


def expansions_to_river(apps, schema_editor):
    SavedGame = apps.get_model("scorer", "SavedGame")
    for game in SavedGame.objects.all():
        game.river = "river" in (game.expansions or [])
        game.save(update_fields=["river"])


class Migration(migrations.Migration):
    dependencies = [("scorer", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="savedgame",
            name="expansions",
            field=models.JSONField(blank=True, default=list, help_text="board-file expansion names"),
        ),
        migrations.AddField(
            model_name="savedgame",
            name="goods",
            field=models.JSONField(blank=True, default=list, help_text="final mode: goods per player"),
        ),
        migrations.RunPython(river_to_expansions, expansions_to_river),
        migrations.RemoveField(model_name="savedgame", name="river"),
        migrations.AlterField(model_name="move", name="tile", field=models.CharField(max_length=40)),
        migrations.AddField(
            model_name="move",
            name="layer",
            field=models.PositiveSmallIntegerField(blank=True, help_text="who laid the tile", null=True),
        ),
        migrations.AddField(
            model_name="move",
            name="meeple_kind",
            field=models.CharField(blank=True, default="", max_length=8),
        ),
        migrations.AddField(
            model_name="move",
            name="recall_player",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="move", name="recall_x", field=models.IntegerField(blank=True, null=True)
        ),
        migrations.AddField(
            model_name="move", name="recall_y", field=models.IntegerField(blank=True, null=True)
        ),
    ]
