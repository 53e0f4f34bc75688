"""The engine's layering: small modules, nothing of the camera, hardware, page or models imported."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion

ROOT = Path(companion.__file__).parent
ENGINE = sorted([*ROOT.glob("engine/*.py"), *ROOT.glob("games/**/*.py")])
OUTSIDE = ("vision", "hardware", "web", "models", "companion.cli", "companion.app")


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth of its code."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("path", ENGINE, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_engine_imports_nothing_of_the_other_layers(path: Path) -> None:
    assert not {name for name in imported(path) if name.startswith(OUTSIDE)}


@pytest.mark.parametrize("path", sorted(ROOT.glob("**/*.py")), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_is_over_600_lines(path: Path) -> None:
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 600
