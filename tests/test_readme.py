"""The README's examples run as written."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).parent.parent / "README.md"


def test_python_examples_run() -> None:
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks
    for block in blocks:
        exec(compile(block, str(README), "exec"), {})


def test_commands_named_in_the_readme_exist() -> None:
    text = README.read_text(encoding="utf-8")
    root = README.parent
    for script in ("tests/venv.sh", "tests/run"):
        assert script in text and (root / script).is_file()
    assert "bash tests/run" in (root / ".ci" / "run").read_text()
