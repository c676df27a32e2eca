"""``benchmarks/load_cpu.py`` reads the CPU time of a whole session of processes."""

from __future__ import annotations

import os
import sys
import time

import pytest

from tests.benchmark_scripts import load_benchmark


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_session_cpu_grows_with_work_done_in_the_session() -> None:
    bench = load_benchmark("load_cpu")
    session = os.getsid(0)  # this test process belongs to it
    before = sum(bench.server_cpu_seconds(session))
    spent = time.process_time()
    while time.process_time() - spent < 0.3:
        pass
    assert sum(bench.server_cpu_seconds(session)) - before >= 0.2


def test_a_session_with_no_processes_used_no_cpu() -> None:
    bench = load_benchmark("load_cpu")
    assert bench.server_cpu_seconds(-12345) == (0.0, 0.0)
