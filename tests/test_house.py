"""The house's rules, checked on the code itself: small modules, no import cycle.

The layering between the rooms (the engine imports nothing of the camera side, the page or the
hardware; the vision stages in order) is import-linter's, in ``pyproject.toml``; the test command
runs ``lint-imports``.
"""

from __future__ import annotations

from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("companion", "vision", "models", "hardware", "web")
#: A module over this many lines is two modules (STYLE.md).
MOST_LINES = 600


def _modules() -> list[Path]:
    return sorted(path for package in PACKAGES for path in (ROOT / package).rglob("*.py"))


def _test_modules() -> list[Path]:
    return sorted((ROOT / "tests").rglob("*.py"))


@pytest.mark.parametrize("path", [*_modules(), *_test_modules()],
                         ids=lambda path: str(path.relative_to(ROOT)))
def test_no_module_is_over_600_lines(path: Path) -> None:
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MOST_LINES, f"{path.relative_to(ROOT)} has {lines} lines: split it by job"


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_no_import_cycle() -> None:
    # Imports for type checking only are left out: they never run.
    graph = grimp.build_graph(*PACKAGES, exclude_type_checking_imports=True)
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for module in ("a", "b", "c", "d"):
        graph.add_module(module)
    graph.add_import(importer="a", imported="b")
    graph.add_import(importer="b", imported="c")
    graph.add_import(importer="c", imported="a")
    graph.add_import(importer="c", imported="d")
    assert _cycles(graph) == [["a", "b", "c"]]


def test_every_lazy_import_says_why() -> None:
    # ruff's PLC0415 keeps imports at the top; the few lazy on purpose (picamera2 only on a Pi,
    # PyTorch and its extras only to train) carry their reason beside the exception.
    bare = [f"{path.relative_to(ROOT)}:{number}"
            for path in [*_modules(), *_test_modules()]
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
            if "noqa: PLC0415" in line and "noqa: PLC0415 (" not in line]
    assert bare == []
