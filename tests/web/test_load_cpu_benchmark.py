"""``benchmarks/load_cpu.py`` reads the CPU time of a whole session of processes."""

from __future__ import annotations

import importlib.util
import os
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "load_cpu.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("load_cpu_benchmark", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_session_cpu_grows_with_work_done_in_the_session() -> None:
    bench = _load()
    session = os.getsid(0)  # this test process belongs to it
    before = sum(bench.server_cpu_seconds(session))
    spent = time.process_time()
    while time.process_time() - spent < 0.3:
        pass
    assert sum(bench.server_cpu_seconds(session)) - before >= 0.2


def test_a_session_with_no_processes_used_no_cpu() -> None:
    bench = _load()
    assert bench.server_cpu_seconds(-12345) == (0.0, 0.0)
