"""The code base type-checks under mypy (settings: ``[tool.mypy]`` in pyproject.toml).

mypy runs here, like ruff in ``test_lint.py``, so CI enforces it without a
step of its own. The packages checked are the config's ``files``. Modules
they import from elsewhere (``engine/``) are read for their types, but their
own errors are not reported here (``--follow-imports=silent``) until
``engine/`` joins ``files``; ``tests/engine/test_engine_types.py`` checks it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("mypy", reason="mypy is not installed (it comes with the 'test' extra)")
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--follow-imports=silent", "--no-error-summary", *args],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )


def test_mypy_reports_nothing() -> None:
    result = _mypy()
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_here_reports_a_type_error(tmp_path: Path) -> None:
    # The check above passes only if mypy really runs with these settings: a file
    # with an error it must find is refused by the same invocation.
    wrong = tmp_path / "wrong.py"
    wrong.write_text('def count() -> int:\n    return "three"\n', encoding="utf-8")
    result = _mypy(str(wrong))
    assert result.returncode == 1
    assert 'Incompatible return value type (got "str", expected "int")' in result.stdout
