"""One game, one place: the renderer and the training code ask a game's spec, never name it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.engine.spec import specs

ROOT = Path(__file__).resolve().parents[2]


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string nodes that are docstrings (doctests may name games as examples)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                out.add(id(first.value))
    return out


@pytest.mark.parametrize("path", sorted((ROOT / "models").rglob("*.py")), ids=lambda path: path.name)
def test_no_module_of_models_names_a_game(path: Path) -> None:
    names = {spec.name for spec in specs()}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _docstrings(tree)
    named = [(node.lineno, node.value) for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and id(node) not in skip and node.value in names]
    assert named == [], f"{path.relative_to(ROOT)} names games: ask their spec"
    imported = [node.module for node in ast.walk(tree)
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("companion.games")]
    assert imported == [], f"{path.relative_to(ROOT)} imports a game's package: ask its spec"
