"""Write the generated stylesheets of ``scorer/css.py`` into ``static/css/``."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from scorer.css import GENERATED


class Command(BaseCommand):
    help = "Write static/css/players.css, board-positions.css and tile-masks.css from the code."

    def handle(self, *args, **options) -> None:
        folder = Path(settings.BASE_DIR) / "static" / "css"
        for name, write in GENERATED.items():
            (folder / name).write_text(write(), encoding="utf-8")
            self.stdout.write(f"wrote {folder / name}")
