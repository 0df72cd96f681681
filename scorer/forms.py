"""Forms of the scoring assistant: starting a game, importing a board file, making a move."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from carcassonne_site.languages import localize_digits
from scorer.engine.places import PLACES
from scorer.engine.tiles import TILES
from scorer.services import COLORS, GameSettings

MAX_PLAYERS = 5

COLOR_NAMES = {
    "red": pgettext_lazy("colour", "red"),
    "blue": pgettext_lazy("colour", "blue"),
    "green": pgettext_lazy("colour", "green"),
    "yellow": pgettext_lazy("colour", "yellow"),
    "black": pgettext_lazy("colour", "black"),
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
    river = forms.BooleanField(label=_("Play with the River"), required=False)
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
            self.fields[f"name_{i}"] = forms.CharField(
                label=_("Player {number}").format(number=localize_digits(i + 1)),
                max_length=40,
                required=i < 2,
                strip=True,
                error_messages={"required": _("Give at least two players a name.")},
            )
            self.fields[f"color_{i}"] = forms.ChoiceField(
                label=_("Colour of player {number}").format(number=localize_digits(i + 1)),
                choices=[(c, COLOR_NAMES[c]) for c in COLORS],
                initial=COLORS[i],
            )
            self.fields[f"banked_{i}"] = forms.IntegerField(
                label=_("Points of player {number} on the score track").format(number=localize_digits(i + 1)),
                min_value=0,
                max_value=10_000,
                required=False,
                initial=0,
            )

    def player_rows(self) -> list[tuple[forms.BoundField, forms.BoundField, forms.BoundField]]:
        return [(self[f"name_{i}"], self[f"color_{i}"], self[f"banked_{i}"]) for i in range(MAX_PLAYERS)]

    def clean(self) -> dict:
        data = super().clean()
        players = [
            (data.get(f"name_{i}"), data.get(f"color_{i}"), data.get(f"banked_{i}") or 0)
            for i in range(MAX_PLAYERS)
            if data.get(f"name_{i}")
        ]
        if len(players) < 2:
            raise forms.ValidationError(_("Give at least two players a name."))
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
            river=data["river"],
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
    x = forms.IntegerField(min_value=-10_000, max_value=10_000)
    y = forms.IntegerField(min_value=-10_000, max_value=10_000)
    rotation = forms.TypedChoiceField(choices=[(r, r) for r in (0, 90, 180, 270)], coerce=int)
    expected = forms.IntegerField(min_value=0)


class MeepleForm(forms.Form):
    player = forms.IntegerField(min_value=0, max_value=MAX_PLAYERS - 1, required=False)
    place = forms.ChoiceField(choices=[(p.name, p.name) for p in PLACES], required=False)
    expected = forms.IntegerField(min_value=0)


class UndoForm(forms.Form):
    expected = forms.IntegerField(min_value=0)
