from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site-wide layout: language machinery, shared template tags, the database's health."""

    name = "carcassonne_site"
    verbose_name = "Site"

    def ready(self) -> None:
        from django.core import checks
        from django.db.backends.signals import connection_created

        from carcassonne_site import database

        connection_created.connect(database.use_wal, dispatch_uid="carcassonne-wal")
        checks.register(database.check_database, checks.Tags.database)
