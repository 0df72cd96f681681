"""English sentences never put "a" before a vowel or "an" before a consonant ("A abbot cannot
stand on a road."), whatever figure, feature or tile fills them: the site's and the engine's."""

from __future__ import annotations

import itertools
import re

import pytest
from django.utils import translation

from scorer.board_layer.messages import RULE_SENTENCES, explain
from scorer.engine import FeatureKind, FigureKind, IllegalPlacementError, Rule

WRONG_ARTICLE = re.compile(r"\b(?:a|A) (?=[aeiouAEIOU])|\b(?:an|An) (?![aeiouAEIOU])")
FILLINGS = list(itertools.product(FigureKind, FeatureKind))


@pytest.mark.parametrize("rule", list(RULE_SENTENCES), ids=str)
def test_every_rule_sentence_takes_the_right_article_in_english(rule):
    with translation.override("en"):
        for figure, feature in FILLINGS:
            error = IllegalPlacementError(
                rule, figure=figure.value, feature=feature.value, player_name="Mina"
            )
            for sentence in (explain(error), str(error)):
                assert not WRONG_ARTICLE.search(sentence), sentence


def test_the_abbot_on_a_road_reads_as_english():
    with translation.override("en"):
        error = IllegalPlacementError(Rule.WRONG_FEATURE_FOR_FIGURE, figure="abbot", feature="road")
        assert explain(error) == "The abbot cannot stand on a road."


def test_every_rule_has_a_sentence_in_every_language():
    """A refusal the engine can make is never a page that breaks: each code has its sentence."""
    assert set(RULE_SENTENCES) == set(Rule)
