"""The table the rate limits count in (settings.CACHES["limits"]), made by `migrate` like every
other table, so setting up a server stays one command."""

from django.core.management import call_command
from django.db import migrations


def create_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    operations = [migrations.RunPython(create_table, migrations.RunPython.noop)]
