"""Test-run infrastructure: one temporary build directory, the shipped corpus built once.

No test may write into the checkout's ``corpus/build/``: at start-up every
test process points ``RULINGS_BUILD_DIR`` at one temporary directory for the
whole run, so code that builds or loads "the default build" uses it. Under
pytest-xdist the controller makes the directory before its workers start and
they inherit it through ``RULINGS_TEST_RUN_BUILD_DIR``; the controller removes it at the
end.

Tests that need the real corpus and its search index request
``shipped_build``: the first process to get there builds it (about 10 s), the
others wait on a file lock and then load that build, so the expensive build
happens once per run rather than once per module or per worker.

The suite runs on one process per core when pytest-xdist is installed (it is in
the ``test`` extra): ``pytest_cmdline_main`` below asks for ``-n auto --dist
worksteal`` unless the command line chose (``-n 0`` for one process, ``-n 2``,
``-p no:xdist``) or ``--pdb`` needs a single process. It is done here rather
than in ``addopts`` so that a checkout whose environment predates the extra
still runs, serially, instead of failing on an unknown ``-n``.

Hypothesis runs without its per-example deadline (200 ms by default): on a
shared 2-core machine an example's wall time says more about the neighbours
than about the code, and a deadline miss fails an otherwise passing property.
Speed is measured in ``benchmarks/``, not in tests; tests that set their own
deadline keep it.

OpenBLAS runs single-threaded in tests (unless ``OPENBLAS_NUM_THREADS`` is set):
the matrices of the index build are small, and its worker threads spin while
waiting, which cost a third more CPU per build and, with one test process per
core, only fight the other process for the cores. Results do not depend on it.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

# Before anything imports numpy (this conftest is loaded before the test modules).
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

#: Set by the process that made the run's build directory; inherited by xdist workers.
_RUN_BUILD_DIR = "RULINGS_TEST_RUN_BUILD_DIR"
#: Where the process that made the directory remembers it (and the caller's own
#: RULINGS_BUILD_DIR), to remove the one and restore the other at the end.
_owned_key = pytest.StashKey[tuple[Path, str | None]]()


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """One test process per core (before xdist reads its options; workers excluded)."""
    if (config.pluginmanager.hasplugin("xdist") and not hasattr(config, "workerinput")
            and config.getoption("numprocesses", None) is None
            and not config.getoption("usepdb", False)):
        config.option.numprocesses = "auto"
        if config.getoption("dist", "no") == "no":
            config.option.dist = "worksteal"


def pytest_configure(config: pytest.Config) -> None:
    inherited = os.environ.get(_RUN_BUILD_DIR)
    if inherited is None:
        inherited = tempfile.mkdtemp(prefix="rulings-test-build-")
        os.environ[_RUN_BUILD_DIR] = inherited
        config.stash[_owned_key] = (Path(inherited), os.environ.get("RULINGS_BUILD_DIR"))
    os.environ["RULINGS_BUILD_DIR"] = inherited


def pytest_unconfigure(config: pytest.Config) -> None:
    owned = config.stash.get(_owned_key, None)
    if owned is None:
        return
    directory, callers = owned
    shutil.rmtree(directory, ignore_errors=True)
    os.environ.pop(_RUN_BUILD_DIR, None)
    if callers is None:
        os.environ.pop("RULINGS_BUILD_DIR", None)
    else:
        os.environ["RULINGS_BUILD_DIR"] = callers


@pytest.fixture(scope="session")
def shipped_build() -> Iterator[Path]:
    """The run's build directory holding a current build of the shipped sources."""
    from rulings_service.ensure import ensure_built

    directory = Path(os.environ[_RUN_BUILD_DIR])
    with (directory / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            ensure_built(directory)
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    yield directory
