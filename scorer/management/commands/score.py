"""``python manage.py score FILE [FILE ...] [--format table|json]``: score board files."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from scorer.board_files import decode_board
from scorer.engine import (
    CarcassonneError,
    FeatureKind,
    ScoreEvent,
    ScoreReport,
    build_game,
    read_board,
    report_to_dict,
)
from scorer.engine.scoring import BASE_CATEGORIES


class Command(BaseCommand):
    help = "Score Carcassonne board files (carcassonne-board/1) and print each report."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("files", nargs="+", type=Path, help="board files to score")
        parser.add_argument(
            "--format",
            choices=("table", "json"),
            default="table",
            help="a readable table (default) or the JSON score report",
        )

    def handle(self, *args, files: list[Path], format: str, **options) -> None:
        failures = 0
        reports = []
        for path in files:
            try:
                raw = path.read_bytes()
            except OSError as error:
                self.stderr.write(f"{path}: cannot read the file ({error.strerror})")
                failures += 1
                continue
            try:
                board = read_board(decode_board(raw))
                report = build_game(board).report()
            except CarcassonneError as error:
                self.stderr.write(f"{path}: {error.message}")
                failures += 1
                continue
            if format == "json":
                reports.append(
                    {"file": str(path), **report_to_dict(report)}
                    if len(files) > 1
                    else report_to_dict(report)
                )
            else:
                self.stdout.write(render_table(str(path), board.mode.value, report))
        if format == "json" and reports:
            self.stdout.write(
                json.dumps(reports if len(files) > 1 else reports[0], ensure_ascii=False, indent=2)
            )
        if failures:
            raise CommandError(f"{failures} of {len(files)} board file(s) could not be scored")


def render_table(title: str, mode: str, report: ScoreReport) -> str:
    columns = list(report.players[0].by_category) if report.players else list(BASE_CATEGORIES)
    headers = ["Player", *[c.value.capitalize() for c in columns], "Total"]
    rows = [
        [p.name, *[str(p.by_category[c]) for c in columns], str(p.total)]
        for p in sorted(report.players, key=lambda p: -p.total)
    ]
    widths = [max(len(r[i]) for r in [headers, *rows]) for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        first = cells[0].ljust(widths[0])
        return "  ".join([first, *[c.rjust(w) for c, w in zip(cells[1:], widths[1:])]])

    names = [p.name for p in report.players]
    out = [f"{title} ({mode})", line(headers), line(["-" * w for w in widths]), *map(line, rows), ""]
    out.append(f"{len(report.events)} scoring events:")
    out += [f"  {_describe(event, names)}" for event in report.events]
    for warning in report.warnings:
        out.append(f"  warning: {warning.message}")
    return "\n".join(out) + "\n"


def _describe(event: ScoreEvent, names: list[str]) -> str:
    """One event in a line of English: when, which tile, what scored, for whom."""
    winners = ", ".join(names[w] for w in event.winners) or "nobody"
    at = f"#{event.placement + 1}" if event.placement is not None else "end"
    if event.feature is None:
        what = f"most {event.good.value}"
    elif event.feature is FeatureKind.FIELD:
        what = f"field, {_count(len(event.cities), 'completed city', 'completed cities')}"
        what += ", with the pig" if event.pig else ""
    else:
        state = "complete" if event.complete else "unfinished"
        what = f"{state} {event.feature.value}, {_count(len(event.tiles), 'tile', 'tiles')}"
        if event.pennants:
            what += f", {_count(event.pennants, 'pennant', 'pennants')}"
        what += ", with an inn" if event.inn else ", with a cathedral" if event.cathedral else ""
    return f"{event.when.value:6} {at:>4}  {what}: {winners} +{event.points}"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"
