"""The README and docs/ are doors that open: commands that run, links that lead somewhere."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli.main import main

ROOT = Path(__file__).parent.parent
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, ROOT / "models" / "MODELS.md", *DOCS]


def _text(path: Path) -> str:
    """The text of one document."""
    return path.read_text(encoding="utf-8")


def _subcommands() -> set[str]:
    """The names of the ``companion`` command's subcommands, as its help lists them."""
    out = subprocess.run(
        [sys.executable, "-m", "companion", "--help"], cwd=ROOT, capture_output=True, text=True,
        check=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    ).stdout
    return set(re.findall(r"^    ([a-z][a-z-]+)", out, re.M))


def test_the_readme_is_a_door_not_a_manual() -> None:
    # flaskr's and gpiozero's READMEs are 8 to 18 KB; the rest lives in docs/.
    assert len(README.read_bytes()) < 18_000


def test_the_two_setup_commands_are_there_as_they_run() -> None:
    text = _text(README)
    assert "bash tests/venv.sh && .venv/bin/companion demo" in text
    assert "bash tests/run" in text
    for script in ("tests/venv.sh", "tests/run"):
        assert (ROOT / script).is_file()
    # CI runs the very command the README gives.
    assert "bash tests/run" in _text(ROOT / ".ci" / "run")


def test_the_demo_runs_as_the_readme_says(tmp_path: Path) -> None:
    # The README's demo with its lighter options (no film, no page, fast) plays a whole game.
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path)}
    run = subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--feed", "engine", "--speed", "1000",
         "--no-page", "--store", str(tmp_path / "demo.db"), "--lang", "en"],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env=env, check=False,
    )
    assert run.returncode == 0, run.stderr
    assert "Tranquillité · players: 3" in run.stdout
    assert "[signal]" in run.stdout
    assert "every event is in the store" in run.stdout


def test_the_options_the_readme_names_exist() -> None:
    help_text = subprocess.run(
        [sys.executable, "-m", "companion", "demo", "--help"], cwd=ROOT, capture_output=True,
        text=True, check=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
    ).stdout
    for option in re.findall(r"`(--[a-z-]+)[ `]", _text(README)):
        assert option in help_text, option


def test_the_screenshot_is_there() -> None:
    page = ROOT / "docs" / "page.png"
    assert 'src="docs/page.png"' in _text(README)
    assert page.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_readme_leads_to_every_document() -> None:
    text = _text(README)
    assert {path.name for path in DOCS} >= {
        "architecture.md", "raspberry-pi.md", "figures.md", "limits.md", "usage.md",
    }
    for path in DOCS:
        assert f"](docs/{path.name}" in text, path.name


@pytest.mark.parametrize("page", PAGES, ids=lambda path: path.name)
def test_links_lead_to_files_that_exist(page: Path) -> None:
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", _text(page)):
        if re.match(r"[a-z]+:", target):
            continue
        assert (page.parent / target).exists(), f"{page.name}: {target}"


@pytest.mark.parametrize("page", PAGES, ids=lambda path: path.name)
def test_every_command_quoted_exists(page: Path) -> None:
    known = _subcommands()
    assert {"demo", "run", "replay", "detect", "train"} <= known
    text = _text(page)
    quoted = set(re.findall(r"`companion ([a-z][a-z-]+)", text))
    for block in re.findall(r"```(?:text|sh)\n(.*?)```", text, re.S):
        quoted |= set(re.findall(r"(?:^|/)companion ([a-z][a-z-]+)", block, re.M))
    assert quoted <= known, quoted - known


def test_the_options_usage_lists_exist(capsys: pytest.CaptureFixture[str]) -> None:
    # Each command line of docs/usage.md names only options its command's --help lists.

    block = re.findall(r"```text\n(.*?)```", _text(ROOT / "docs" / "usage.md"), re.S)[0]
    for command in re.split(r"\n(?=companion )", block.strip()):
        words = command.split()
        word = words[1]
        name = ["bench", "rules"] if word == "bench" else words[1:3] if word == "store" else [word]
        with pytest.raises(SystemExit):
            main([*name, "--help"])
        help_text = capsys.readouterr().out
        for option in re.findall(r"(--[a-z-]+)", command):
            assert option in help_text, (name, option)


@pytest.mark.parametrize("page", [README, *DOCS], ids=lambda path: path.name)
def test_python_examples_run(page: Path) -> None:
    for block in re.findall(r"```python\n(.*?)```", _text(page), re.S):
        exec(compile(block, str(page), "exec"), {})
    assert page != README or "```python" in _text(page)
