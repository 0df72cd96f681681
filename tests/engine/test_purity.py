"""The engine is a pure library: standard library only, no I/O, no translations."""

import ast
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "scorer" / "engine"
MODULES = sorted(ENGINE.rglob("*.py"))  # the rule modules in expansions/ too
ALLOWED_STDLIB = {
    "__future__", "collections", "contextlib", "dataclasses", "gc", "types", "enum", "functools", "itertools",
    "random", "re", "typing", "math",
}  # fmt: skip
FORBIDDEN_CALLS = {"open", "print", "input", "exec", "eval", "__import__"}


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_engine_imports_only_pure_standard_library(module: Path) -> None:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level > 0:
                continue  # the engine's own modules
            names = [node.module or ""]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            assert top in ALLOWED_STDLIB, f"{module.name} imports {name}"
            assert top in sys.stdlib_module_names


@pytest.mark.parametrize("module", MODULES, ids=lambda p: str(p.relative_to(ENGINE)))
def test_engine_does_no_io_and_holds_no_translations(module: Path) -> None:
    tree = ast.parse(module.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in FORBIDDEN_CALLS, f"{module.name} calls {node.func.id}()"
            assert node.func.id not in {"_", "gettext", "ngettext"}, f"{module.name} translates text"


def test_engine_imports_without_django() -> None:
    import subprocess

    code = "import sys, scorer.engine; assert 'django' not in sys.modules and 'PIL' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ENGINE.parents[1])
