"""``benchmarks/corpus_build.py`` reports a failing build as one error line, not a traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rulings_service.build import BuildError
from tests.benchmark_scripts import load_benchmark


def test_failed_build_is_one_error_line_and_exit_2(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("corpus_build")

    def broken(*_args: object, **_kwargs: object) -> None:
        raise BuildError("corpus/sources/000_847cd3a30e55ddae.txt: content differs from the "
                         "manifest (sha256 ..., expected 119427 characters, got 50000)")

    monkeypatch.setattr(bench, "build", broken)
    monkeypatch.setattr(sys, "argv", ["corpus_build.py", "--runs", "1"])
    assert bench.main() == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == ("error: the build failed: corpus/sources/000_847cd3a30e55ddae.txt: content "
                   "differs from the manifest (sha256 ..., expected 119427 characters, "
                   "got 50000)\n")


def test_failed_cli_build_is_reported_with_its_status(monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_benchmark("corpus_build")
    monkeypatch.setattr(bench, "build", lambda *_a, **_k: None)

    def failing_run(cmd: list[str], **_kwargs: object) -> None:
        raise subprocess.CalledProcessError(1, cmd)

    monkeypatch.setattr(bench.subprocess, "run", failing_run)
    monkeypatch.setattr(sys, "argv", ["corpus_build.py", "--runs", "1"])
    assert bench.main() == 2
    assert capsys.readouterr().err == "error: 'rulings build' exited with status 1\n"
