"""Time the corpus build (target: under 5 s), in-process and through the ``rulings`` CLI.

Usage: .venv/bin/python benchmarks/corpus_build.py [--runs N]

Prints the median and worst wall time of N builds into a temporary directory
(the verdict uses the medians: the worst run mostly measures other load on the machine):
the corpus step alone, all default steps (corpus + search index), and a cold
``rulings build`` subprocess (interpreter start and imports included).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from rulings_service.build import BuildError, build, default_steps, write_corpus_json

TARGET_SECONDS = 5.0


def _time(fn) -> float:  # type: ignore[no-untyped-def]
    began = time.perf_counter()
    fn()
    return time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    try:
        return _measure(args.runs)
    except BuildError as exc:  # a damaged source etc.: the message names the file
        print(f"error: the build failed: {exc}", file=sys.stderr)
    except subprocess.CalledProcessError as exc:  # 'rulings build' printed its own error
        print(f"error: 'rulings build' exited with status {exc.returncode}", file=sys.stderr)
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
    return 2


def _measure(runs: int) -> int:
    """Time each case ``runs`` times; 0 if every median is under the target, else 1."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        cases = {
            "corpus step only": lambda: build(out / "a", steps=[("corpus", write_corpus_json)]),
            "default steps": lambda: build(out / "b", steps=default_steps()),
            "cold CLI 'rulings build'": lambda: subprocess.run(
                [str(Path(sys.executable).with_name("rulings")), "build", "-q",
                 "--build-dir", str(out / "c")], check=True),
        }
        slowest_median = 0.0
        for label, fn in cases.items():
            times = [_time(fn) for _ in range(runs)]
            slowest_median = max(slowest_median, statistics.median(times))
            print(f"{label:<26} median {statistics.median(times):.2f} s, "
                  f"worst {max(times):.2f} s over {runs} runs")
    ok = slowest_median < TARGET_SECONDS
    print(f"target < {TARGET_SECONDS:.0f} s (median): {'OK' if ok else 'TOO SLOW'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
