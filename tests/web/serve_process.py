"""``rulings serve`` itself, as a subprocess over the run's shipped build, on a loopback port.

For the tests that must see the service exactly as an operator starts it:
the command line, its defaults (workers, deadlines, base URL) and the real
corpus. The server runs in a session of its own, so stopping it stops its
workers too.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from live_server import free_port, get

RULINGS = Path(sys.executable).with_name("rulings")


@contextmanager
def rulings_serve(build_dir: Path, *args: str, env: dict[str, str] | None = None
                  ) -> Iterator[int]:
    """Start ``rulings serve --port <free> *args`` over ``build_dir``; yield the port."""
    port = free_port()
    environ = {**os.environ, "RULINGS_BUILD_DIR": str(build_dir), **(env or {})}
    process = subprocess.Popen([str(RULINGS), "serve", "--port", str(port), *args],
                               env=environ, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                if get(port, "/api/v1/ping")[0] == 200:
                    break
            except OSError:
                if process.poll() is not None:
                    raise RuntimeError(f"rulings serve exited: {process.stderr.read()!r}"
                                       ) from None
                if time.monotonic() > deadline:
                    raise RuntimeError("rulings serve did not start in 120 s") from None
                time.sleep(0.2)
        yield port
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)
        process.stderr.close()
