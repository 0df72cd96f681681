"""Every language has every chapter, caption and UI string; structure is the same everywhere."""

import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from tutorial import content
from tutorial.examples import EXAMPLES, QUIZZES
from tutorial.practice import PRACTICES

LANGUAGES = ("en", "zh-hant", "zh-hans", "fa")
LOCALES = ("zh_Hant", "zh_Hans", "fa")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", content.CHAPTERS)
def test_every_chapter_exists_in_every_language(lang, slug):
    chapter = content.chapter(lang, slug)
    assert chapter.title and chapter.title != slug
    assert chapter.summary
    assert any(p.html.strip() for p in chapter.pieces)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("slug", content.CHAPTERS)
def test_chapters_embed_the_same_widgets_in_the_same_order(lang, slug):
    english = [(p.kind, p.slug) for p in content.chapter("en", slug).widgets]
    assert [(p.kind, p.slug) for p in content.chapter(lang, slug).widgets] == english


@pytest.mark.parametrize("lang", LANGUAGES[1:])
@pytest.mark.parametrize("slug", content.CHAPTERS)
def test_chapters_have_a_similar_shape(lang, slug):
    """Written natively, not translated line by line, but with the same sections roughly."""

    def sections(language):
        return len(re.findall(r"^## ", (content.CONTENT / language / f"{slug}.md").read_text("utf-8"), re.M))

    assert abs(sections(lang) - sections("en")) <= 3


def test_no_stray_content_files():
    for lang in LANGUAGES:
        names = {p.stem for p in (content.CONTENT / lang).glob("*.md")}
        assert names == set(content.CHAPTERS) | set(content.PAGES), lang
        assert {p.name for p in (content.CONTENT / lang).glob("*.toml")} == {
            "examples.toml",
            "quizzes.toml",
            "practice.toml",
        }


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_example_and_quiz_has_text_in_every_language(lang):
    with (content.CONTENT / lang / "examples.toml").open("rb") as handle:
        captions = tomllib.load(handle)
    with (content.CONTENT / lang / "quizzes.toml").open("rb") as handle:
        quizzes = tomllib.load(handle)
    for slug, example in EXAMPLES.items():
        assert captions[slug]["title"]
        assert len(captions[slug]["captions"]) == len(example.steps) + 1
    for slug in QUIZZES:
        assert quizzes[slug]["question"]


def test_every_widget_a_chapter_embeds_exists():
    for slug in content.CHAPTERS:
        for piece in content.chapter("en", slug).widgets:
            assert piece.slug in {"example": EXAMPLES, "quiz": QUIZZES, "practice": PRACTICES}[piece.kind], (
                piece.slug
            )


def test_every_example_and_quiz_is_embedded_in_its_own_chapter():
    for slug, example in EXAMPLES.items():
        assert ("example", slug) in [(p.kind, p.slug) for p in content.chapter("en", example.chapter).widgets]
    for slug, quiz in QUIZZES.items():
        assert ("quiz", slug) in [(p.kind, p.slug) for p in content.chapter("en", quiz.chapter).widgets]


@pytest.mark.parametrize("locale", LOCALES)
def test_ui_catalogue_is_complete(locale):
    po = ROOT / "locale" / locale / "LC_MESSAGES" / "django.po"
    for flag in ("--untranslated", "--only-fuzzy"):
        result = subprocess.run(["msgattrib", flag, str(po)], capture_output=True, text=True, check=True)
        assert "msgid" not in result.stdout.replace('msgid ""\nmsgstr ""', "", 1), f"{locale} {flag}"
    subprocess.run(["msgfmt", "--check-format", "-o", "/dev/null", str(po)], check=True)


def test_catalogues_match_the_source(tmp_path):
    """Every translatable string in the code is in the catalogues (nobody forgot makemessages)."""
    import shutil
    import sys

    for name in ("manage.py", "carcassonne_site", "scorer", "tutorial", "templates", "locale"):
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, tmp_path / name)
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "fa", "--no-location", "--no-obsolete"],
        cwd=tmp_path,
        check=True,
        capture_output=True,
    )
    result = subprocess.run(
        ["msgattrib", "--untranslated", str(tmp_path / "locale/fa/LC_MESSAGES/django.po")],
        capture_output=True,
        text=True,
        check=True,
    )
    missing = re.findall(r'^msgid "(.+)"$', result.stdout, re.M)
    assert not missing, f"strings missing from the catalogues: {missing}"
