"""The command line's house rules: main imports the command modules and none imports main,
imports sit at the top (but the lazy ones said so), no module over 600 lines."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
MODULES = [*sorted(path.relative_to(ROOT) for folder in ("companion/cli", "companion/app", "web", "hardware")
                   for path in (ROOT / folder).glob("*.py")), Path("companion/config.py")]


def imported(tree: ast.AST) -> set[str]:
    """Every module ``tree`` imports, anywhere."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def test_no_command_module_imports_main() -> None:
    for path in (ROOT / "companion/cli").glob("*.py"):
        if path.name != "main.py":
            assert "companion.cli.main" not in imported(ast.parse(path.read_text())), path.name


@pytest.mark.parametrize("module", MODULES, ids=str)
def test_imports_at_the_top_but_the_lazy_ones_said(module: Path) -> None:
    text = (ROOT / module).read_text()
    lines = text.splitlines()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    assert "noqa: PLC0415" in lines[inner.lineno - 1], f"{module}:{inner.lineno}"


@pytest.mark.parametrize("module", MODULES, ids=str)
def test_no_module_over_600_lines(module: Path) -> None:
    assert len((ROOT / module).read_text().splitlines()) <= 600
