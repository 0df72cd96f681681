"""``manage.py score``: tables, JSON, and clear failures."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from scorer.engine import build_game, read_board, report_to_dict


def run(*args: str) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command("score", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_table_lists_each_player_with_categories_and_total(fixture_path, board_document):
    out, _ = run(str(fixture_path("river-game.json")))
    report = build_game(read_board(board_document("river-game.json"))).report()
    assert "Road" in out and "Farm" in out and "Banked" in out
    for player in report.players:
        row = next(line for line in out.splitlines() if line.startswith(player.name))
        assert row.split()[-1] == str(player.total)
        assert [int(n) for n in row.split()[1:-1]] == list(player.by_category.values())


def test_json_format_is_the_report_of_the_format_doc(fixture_path, board_document):
    out, _ = run(str(fixture_path("river-game.json")), "--format", "json")
    expected = report_to_dict(build_game(read_board(board_document("river-game.json"))).report())
    assert json.loads(out) == expected
    assert set(json.loads(out)) == {"players", "events", "warnings", "layers"}


def test_several_files_in_json_are_a_list_naming_each_file(fixture_path):
    files = [str(fixture_path("river-game.json")), str(fixture_path("river-game-final.json"))]
    out, _ = run(*files, "--format", "json")
    reports = json.loads(out)
    assert [r["file"] for r in reports] == files
    # The same game entered as a final board with banked points gives the same totals.
    assert [p["total"] for p in reports[0]["players"]] == [p["total"] for p in reports[1]["players"]]


def test_final_mode_table_shows_banked_points(fixture_path):
    out, _ = run(str(fixture_path("river-game-final.json")))
    assert "(final)" in out
    assert any(
        line.split()[-2] != "0" for line in out.splitlines() if line.startswith(("Mina", "Wei", "Sara"))
    )


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "carcassonne-board/2"}', '"format" field'),
        (
            '{"format": "carcassonne-board/1", "players": [{"name": "A"}, {"name": "B"}],'
            ' "placements": [{"tile": "D", "x": 0, "y": 0}, {"tile": "E", "x": 5, "y": 5}]}',
            "Tile 2 (E at (5, 5)): a tile must touch the board",
        ),
    ],
)
def test_bad_file_exits_non_zero_with_a_clear_message(tmp_path, content, expected):
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError, match="could not be scored"):
        call_command("score", str(bad), stdout=out, stderr=err)
    assert expected in err.getvalue()
    assert str(bad) in err.getvalue()


def test_a_missing_file_is_reported_and_the_others_still_scored(tmp_path, fixture_path):
    out, err = StringIO(), StringIO()
    with pytest.raises(CommandError, match="1 of 2"):
        call_command(
            "score", str(tmp_path / "nope.json"), str(fixture_path("river-game.json")), stdout=out, stderr=err
        )
    assert "cannot read" in err.getvalue()
    assert "Mina" in out.getvalue()


def test_exit_status_is_non_zero_from_the_shell(tmp_path):
    import subprocess
    import sys

    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "manage.py", "score", str(bad)], capture_output=True, text=True, check=False
    )
    assert result.returncode != 0
    assert "not a JSON object" in result.stderr


def test_the_table_names_gardens_goods_inns_and_recalls(fixture_path):
    out = StringIO()
    call_command("score", str(fixture_path("everything-game.json")), stdout=out)
    text = out.getvalue()
    assert "Garden" in text.splitlines()[1] and "Goods" in text.splitlines()[1]
    assert "recall" in text and "most " in text
