"""The architecture's invariants, checked on the code itself (ARCHITECTURE.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WEB_PACKAGES = ("scorer", "tutorial", "carcassonne_site")
ENGINE = ROOT / "scorer" / "engine"


def python_files(*packages: str) -> list[Path]:
    files = []
    for package in packages:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or ENGINE in path.parents:
                continue
            files.append(path)
    return files


OUTSIDE_ENGINE = python_files(*WEB_PACKAGES, "benchmarks") + sorted(
    p for p in (ROOT / "tests").rglob("*.py") if "engine" not in p.relative_to(ROOT / "tests").parts[:1]
)
PRIVATE = {"_graph", "graph", "FeatureGraph", "figures_on", "members", "_supply"}


def names_used(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    used = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            used.add(node.attr)
        elif isinstance(node, ast.ImportFrom) and node.module:
            used.add(node.module)
            used.update(alias.name for alias in node.names)
    return used


@pytest.mark.parametrize("path", OUTSIDE_ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_nothing_outside_the_engine_reads_its_feature_graph(path):
    used = names_used(path)
    assert not used & PRIVATE, f"{path.name} reaches into the engine: {sorted(used & PRIVATE)}"
    assert "scorer.engine.features" not in used


@pytest.mark.parametrize("path", python_files("tutorial"), ids=lambda p: p.name)
def test_the_tutor_does_not_import_the_assistants_board_page(path):
    modules = {m for m in names_used(path) if m.startswith("scorer.")}
    assert not {m for m in modules if m.startswith(("scorer.boardpage", "scorer.views", "scorer.reports"))}


def long_functions(path: Path, limit: int) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            length = node.end_lineno - node.lineno + 1
            if length > limit:
                out.append(f"{node.name} ({length} lines)")
    return out


@pytest.mark.parametrize("path", python_files(*WEB_PACKAGES), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_function_of_the_web_layer_is_over_sixty_lines(path):
    assert long_functions(path, 60) == []
