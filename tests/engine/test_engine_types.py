"""The engine type-checks under ``mypy --strict`` (configured in pyproject.toml), as the
suite enforces ruff: a change that breaks a typed contract fails here."""

from __future__ import annotations

from pathlib import Path

import pytest

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_engine_is_clean_under_mypy_strict() -> None:
    out, err, status = api.run(["--strict", "--config-file", str(ROOT / "pyproject.toml"),
                                str(ROOT / "engine")])
    assert status == 0, out + err
