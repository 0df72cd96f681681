"""Write ``static/css/players.css`` from the players' colours in ``scorer/players.py``."""

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from scorer.players import players_css


class Command(BaseCommand):
    help = "Write static/css/players.css from scorer/players.py."

    def handle(self, *args, **options) -> None:
        path = Path(settings.BASE_DIR) / "static" / "css" / "players.css"
        path.write_text(players_css(), encoding="utf-8")
        self.stdout.write(f"wrote {path}")
