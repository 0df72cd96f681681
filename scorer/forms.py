"""Forms of the scoring assistant: starting a game, importing a board file, making a move."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from carcassonne_site.languages import localize_digits
from scorer.engine import COLORS, PLACES, TILES, Expansion, FigureKind, max_players, name_problem
from scorer.messages import FIGURE_NAMES
from scorer.services import GameSettings

MAX_PLAYERS = max_players(Expansion)
MAX_SQUARE = 200

COLOR_NAMES = {
    "red": pgettext_lazy("colour", "red"),
    "blue": pgettext_lazy("colour", "blue"),
    "green": pgettext_lazy("colour", "green"),
    "yellow": pgettext_lazy("colour", "yellow"),
    "black": pgettext_lazy("colour", "black"),
    "grey": pgettext_lazy("colour", "grey"),
    "pink": pgettext_lazy("colour", "pink"),
}

EXPANSION_CHOICES = [
    (Expansion.RIVER.value, _("The River")),
    (Expansion.ABBOT.value, _("The Abbot (gardens): the current base game's garden tiles and an abbot each")),
    (
        Expansion.INNS_CATHEDRALS.value,
        _("Inns & Cathedrals: inns, cathedrals, a big meeple each, up to 6 players"),
    ),
    (Expansion.TRADERS_BUILDERS.value, _("Traders & Builders: trade goods, a builder and a pig each")),
]

NAME_PROBLEMS = {
    "is empty": _("Give this player a name."),
    "is longer than 40 characters": _("A name can be at most 40 characters long."),
    "holds a control character": _("A name cannot hold invisible control characters."),
    "holds a text-direction control": _("A name cannot hold hidden text-direction marks."),
}


class NewGameForm(forms.Form):
    small_city = forms.TypedChoiceField(
        label=_("Score of a completed two-tile city"),
        choices=[(4, _("4 points (current rules)")), (2, _("2 points (old rule)"))],
        coerce=int,
        initial=4,
        widget=forms.RadioSelect,
    )
    farmers = forms.ChoiceField(
        label=_("Farm scoring rules"),
        choices=[
            ("3rd", _("3rd edition: 3 points per city for each field")),
            ("2nd", _("2nd edition: 3 points per city, once per player")),
            ("1st", _("1st edition: 4 points per city, for its farm majority")),
        ],
        initial="3rd",
        widget=forms.RadioSelect,
    )
    expansions = forms.MultipleChoiceField(
        label=_("Expansions"),
        choices=EXPANSION_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    mode = forms.ChoiceField(
        label=_("How do you want to enter the game?"),
        choices=[
            ("replay", _("Score as we play: tile by tile, during the game")),
            ("final", _("Score a finished board: copy the final board and the points on the track")),
        ],
        initial="replay",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for i in range(MAX_PLAYERS):
            number = localize_digits(i + 1)
            self.fields[f"name_{i}"] = forms.CharField(
                label=_("Player {number}").format(number=number),
                max_length=40,
                required=i < 2,
                strip=True,
                error_messages={
                    "required": _("Give at least two players a name."),
                    "max_length": _("A name can be at most 40 characters long."),
                    "null_characters_not_allowed": NAME_PROBLEMS["holds a control character"],
                },
            )
            self.fields[f"color_{i}"] = forms.ChoiceField(
                label=_("Colour of player {number}").format(number=number),
                choices=[(c, COLOR_NAMES[c]) for c in COLORS],
                initial=COLORS[i],
                required=False,
                error_messages={"invalid_choice": _("Choose one of the colours in the list.")},
            )
            self.fields[f"banked_{i}"] = forms.IntegerField(
                label=_("Points of player {number} on the score track").format(number=number),
                min_value=0,
                max_value=10_000,
                required=False,
                initial=0,
            )

    def player_rows(self) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        return [(self[f"name_{i}"], self[f"color_{i}"], self[f"banked_{i}"]) for i in range(MAX_PLAYERS)]

    def _check_names(self, data: dict) -> None:
        for i in range(MAX_PLAYERS):
            name = data.get(f"name_{i}")
            problem = name_problem(name) if name else None
            if problem is not None:
                self.add_error(f"name_{i}", NAME_PROBLEMS.get(problem, _("This name cannot be used.")))

    def clean(self) -> dict:
        data = super().clean()
        self._check_names(data)
        players = [
            (data.get(f"name_{i}"), data.get(f"color_{i}") or COLORS[i], data.get(f"banked_{i}") or 0)
            for i in range(MAX_PLAYERS)
            if data.get(f"name_{i}")
        ]
        if any(f"name_{i}" in self.errors for i in range(MAX_PLAYERS)):
            return data  # the name's own message says what is wrong; counting would mislead
        if len(players) < 2:
            raise forms.ValidationError(_("Give at least two players a name."))
        most = max_players(Expansion(e) for e in data.get("expansions", []))
        if len(players) > most:
            raise forms.ValidationError(
                _("Six players need Inns & Cathedrals; without it a game has 2 to 5 players.")
            )
        colors = [c for _, c, _ in players]
        if len(set(colors)) != len(colors):
            raise forms.ValidationError(_("Each player needs a different colour."))
        data["players"] = players
        return data

    def settings(self) -> GameSettings:
        data = self.cleaned_data
        return GameSettings(
            players=[(name, color) for name, color, _ in data["players"]],
            small_city=data["small_city"],
            farmers=data["farmers"],
            expansions=tuple(data.get("expansions", [])),
            mode=data["mode"],
            banked=[banked for _, _, banked in data["players"]],
        )


class ImportForm(forms.Form):
    file = forms.FileField(label=_("Board file (.json)"), required=False)
    text = forms.CharField(
        label=_("…or paste the board file here"), widget=forms.Textarea(attrs={"rows": 4}), required=False
    )

    def clean(self) -> dict:
        data = super().clean()
        if not data.get("file") and not data.get("text", "").strip():
            raise forms.ValidationError(_("Choose a board file or paste one."))
        return data


class MoveForm(forms.Form):
    tile = forms.ChoiceField(choices=[(name, name) for name in TILES])
    x = forms.IntegerField(min_value=-MAX_SQUARE, max_value=MAX_SQUARE)
    y = forms.IntegerField(min_value=-MAX_SQUARE, max_value=MAX_SQUARE)
    rotation = forms.TypedChoiceField(choices=[(r, r) for r in (0, 90, 180, 270)], coerce=int)
    expected = forms.CharField(max_length=40)
    player = forms.IntegerField(min_value=0, max_value=MAX_PLAYERS - 1, required=False)
    """Whose figure to offer first on the tile, when the page had one chosen (a board being copied)."""
    west = forms.IntegerField(min_value=-10 * MAX_SQUARE, max_value=10 * MAX_SQUARE, required=False)
    north = forms.IntegerField(min_value=-10 * MAX_SQUARE, max_value=10 * MAX_SQUARE, required=False)
    """The square in the page's first column and row: while they hold, the answer need only bring
    what changed."""


class FigureForm(forms.Form):
    """A figure put on (or taken off) a tile, or an abbot taken back with it."""

    number = forms.IntegerField(min_value=0, max_value=200)
    player = forms.IntegerField(min_value=0, max_value=MAX_PLAYERS - 1, required=False)
    place = forms.ChoiceField(choices=[(p.name, p.name) for p in PLACES], required=False)
    kind = forms.ChoiceField(
        choices=[(k.value, FIGURE_NAMES[k]) for k in FigureKind],
        required=False,
        initial=FigureKind.MEEPLE.value,
    )
    recall_x = forms.IntegerField(min_value=-MAX_SQUARE, max_value=MAX_SQUARE, required=False)
    recall_y = forms.IntegerField(min_value=-MAX_SQUARE, max_value=MAX_SQUARE, required=False)
    expected = forms.CharField(max_length=40)
    on = forms.CharField(max_length=16, required=False)
    """The tile's square as "x,y", to keep its figure choice open after a refusal."""


class StateForm(forms.Form):
    """Undo, end or reopen: only the state the client saw."""

    expected = forms.CharField(max_length=40)
    finished = forms.BooleanField(required=False)
