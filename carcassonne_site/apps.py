from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site-wide layout: language machinery, shared template tags."""

    name = "carcassonne_site"
    verbose_name = "Site"
