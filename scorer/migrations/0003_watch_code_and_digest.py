"""A read-only link per game, and the digest of its moves kept with it."""

from django.db import migrations, models

import scorer.models


def fill(apps, schema_editor):
    # Older games start with an empty digest: it only has to change with each later write, and
    # every write sets it (services), so a phone following an older game still sees it move on.
    SavedGame = apps.get_model("scorer", "SavedGame")
    for game in SavedGame.objects.all():
        game.watch_code = scorer.models.new_code()
        game.save(update_fields=["watch_code"])


class Migration(migrations.Migration):
    dependencies = [("scorer", "0002_expansions")]

    operations = [
        migrations.AddField(
            model_name="savedgame",
            name="watch_code",
            field=models.CharField(editable=False, max_length=16, null=True),
        ),
        migrations.AddField(
            model_name="savedgame",
            name="digest",
            field=models.CharField(blank=True, default="", editable=False, max_length=40),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="savedgame",
            name="watch_code",
            field=models.CharField(
                default=scorer.models.new_code, editable=False, max_length=16, unique=True
            ),
        ),
    ]
