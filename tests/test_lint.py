"""The code base stays ruff-clean (the rules are in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_reports_nothing() -> None:
    beside_python = Path(sys.executable).parent / "ruff"
    ruff = str(beside_python) if beside_python.exists() else shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed (it comes with the 'test' extra)")
    result = subprocess.run(
        [ruff, "check", "--no-cache", "--quiet", "."],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
