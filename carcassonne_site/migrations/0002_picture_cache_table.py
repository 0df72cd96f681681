"""The table board pictures are kept in (settings.CACHES["pictures"], scorer/pictures.py).

``createcachetable`` makes every database cache's table that is missing, so on a new database the
first migration has already made this one and this step changes nothing; on a database migrated
before the pictures were cached, it adds the table.
"""

from django.core.management import call_command
from django.db import migrations


def create_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("carcassonne_site", "0001_rate_limit_table")]
    operations = [migrations.RunPython(create_table, migrations.RunPython.noop)]
