"""Write the generated stylesheets of ``scorer/css.py`` into ``static/css/``, and the tile sheet."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from scorer.css import GENERATED, SHEET_FILE, sheet_webp


class Command(BaseCommand):
    help = "Write the stylesheets of scorer/css.py into static/css/ and the tile sheet into static/img/."

    def handle(self, *args, **options) -> None:
        folder = Path(settings.BASE_DIR) / "static" / "css"
        for name, write in GENERATED.items():
            (folder / name).write_text(write(), encoding="utf-8")
            self.stdout.write(f"wrote {folder / name}")
        sheet = Path(settings.BASE_DIR) / "static" / SHEET_FILE
        sheet.write_bytes(sheet_webp())
        self.stdout.write(f"wrote {sheet}")
