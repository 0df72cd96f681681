"""What the score page says about its board picture to a reader who cannot see it."""

from django.utils import translation

from scorer.reports import board_description


def _row(name, total):
    return {"name": name, "total": total}


def test_the_board_picture_says_how_big_the_board_is_and_who_leads():
    with translation.override("en"):
        assert board_description(24, [_row("Mina", 12), _row("Wei", 9)]) == (
            "The whole board: 24 tiles. Mina leads with 12 points."
        )
        assert board_description(5, [_row("Mina", 4), _row("Wei", 4), _row("Ali", 1)]) == (
            "The whole board: 5 tiles. Mina and Wei share the lead with 4 points."
        )
        assert board_description(9, [_row("A", 2), _row("B", 2), _row("C", 2)]).endswith(
            "A, B and C share the lead with 2 points."
        )
        assert board_description(1, [_row("Mina", 0), _row("Wei", 0)]) == (
            "The whole board: 1 tile. Nobody has scored yet."
        )


def test_persian_numbers_in_the_description():
    with translation.override("fa"):
        assert "۲۴" in board_description(24, [_row("Mina", 12)])
