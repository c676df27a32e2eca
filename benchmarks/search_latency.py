"""Search latency in-process over the question sets, and index build time.

Usage:
    .venv/bin/python benchmarks/search_latency.py [--repeats 5] [--builds 3]

Opens the searcher once (as the service does), warms it with one pass, then
times every question ``--repeats`` times and reports percentiles over the
per-question medians (a median per question keeps one scheduler hiccup on a
busy machine from standing in for the search).  Also times ``build_index``
into a temporary directory ``--builds`` times and reports the median, and the
time ``Searcher.open`` takes.  Targets: p50 under 5 ms, p99 under 20 ms.
The warm-up pass is timed too and reported as "first pass": each question
seen once, so what the searcher caches (per term, per ruling) is filled only
by the questions before it.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings_service.ensure import ensure_built  # noqa: E402
from rulings_service.search import Searcher, build_index  # noqa: E402

QUESTIONS = ROOT / "benchmarks" / "questions"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--builds", type=int, default=3)
    args = parser.parse_args()

    corpus = ensure_built()
    questions = []
    for path in sorted(QUESTIONS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        questions += [item["q"] for item in data["questions"]]

    builds = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.builds):
            started = time.perf_counter()
            build_index(corpus, Path(tmp) / f"index-{i}")
            builds.append(time.perf_counter() - started)
        started = time.perf_counter()
        searcher = Searcher.open(Path(tmp) / "index-0", corpus)
        opened = time.perf_counter() - started
    gc.freeze()  # as default_searcher() does: the loaded index is long-lived

    first = []
    for q in questions:  # warm-up: caches of analysis and spelling
        started = time.perf_counter()
        searcher.search(q)
        first.append((time.perf_counter() - started) * 1000)
    medians = []
    for q in questions:
        runs = []
        for _ in range(args.repeats):
            started = time.perf_counter()
            searcher.search(q)
            runs.append((time.perf_counter() - started) * 1000)
        medians.append(statistics.median(runs))

    print(f"corpus {corpus.build_id[:12]}: {len(corpus.rulings)} rulings, "
          f"{len(corpus.cards)} cards; {len(questions)} questions x {args.repeats} runs")
    print(f"index build: median {statistics.median(builds):.2f} s over {args.builds} builds "
          f"(min {min(builds):.2f} s); Searcher.open: {opened:.2f} s")
    print(f"query latency (ms, per-question medians): p50 {percentile(medians, 50):.2f}  "
          f"p90 {percentile(medians, 90):.2f}  p99 {percentile(medians, 99):.2f}  "
          f"max {max(medians):.2f}  mean {statistics.fmean(medians):.2f}")
    # The searcher caches what depends on the corpus alone (a term's BM25 shares,
    # analysed words, snippets of a ruling); the first pass shows each question
    # once, with only the questions before it having filled those caches.
    print(f"first pass (each question once, caches cold at the start): "
          f"p50 {percentile(first, 50):.2f}  p90 {percentile(first, 90):.2f}  "
          f"p99 {percentile(first, 99):.2f}  mean {statistics.fmean(first):.2f}")


if __name__ == "__main__":
    main()
