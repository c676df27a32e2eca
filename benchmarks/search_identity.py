"""Regression harness: search results must not change under a speed-up.

Usage:
    .venv/bin/python benchmarks/search_identity.py record /tmp/search_identity.json
    .venv/bin/python benchmarks/search_identity.py compare /tmp/search_identity.json

Runs every question of ``benchmarks/questions/*.yaml`` and every card name
through ``Searcher.search`` and records, per query, the top 10 (ruling id,
score rounded to 6 decimals, snippet), the warnings, facets, recognised names,
terms and total.  ``compare`` re-runs the same queries on the current code and
lists every query whose record differs, exiting 1 if any does.  Optimisations
of the search internals are meant to be behaviour-identical; this is the check
that they are, over about two thousand queries rather than a handful of tests.
It is a benchmark script, not a unit test, because the baseline is taken from
the code *before* a change and kept outside the repository.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings_service import corpus_store  # noqa: E402
from rulings_service.ensure import ensure_built  # noqa: E402
from rulings_service.search import Searcher  # noqa: E402
from rulings_service.search.searcher import SearchResponse  # noqa: E402

QUESTIONS = ROOT / "benchmarks" / "questions"
#: Queries that exercise filters, phrases, negation and ``or`` (the questions rarely do).
QUERY_LANGUAGE = [
    "card:feast", "card:\"throne room\" feast", "set:seaside next turn", "set:intrigue",
    "type:attack reveal", "type:duration -outpost", "kind:setup", "kind:general tokens",
    "source:faq-dump trash", "\"next turn\"", "\"set aside\" haven", "trash -feast",
    "throne room -card:throne-room", "feast or mining village", "gain or buy cost",
    "kind:editorial", "set:prosperity type:victory", "-kind:card shuffle", "card:", "\"",
    "type:night when", "set:nocturne boons", "card:watchtower reveal gain", "2 cards",
    "3 or fewer", "kc kc", "tr tr tr", "\"cost\" -bridge", "card:bridge card:highway",
]


def queries(corpus: Any) -> list[str]:
    """The benchmark questions, then every card name, without repeats, in a fixed order."""
    out: list[str] = []
    for path in sorted(QUESTIONS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        out += [item["q"] for item in data["questions"]]
    out += sorted(c["name"] for c in corpus.cards)
    out += QUERY_LANGUAGE
    return list(dict.fromkeys(out))


def record(response: SearchResponse) -> dict[str, Any]:
    """What must stay identical for one query (scores to 1e-6)."""
    return {
        "top": [[h.ruling_id, round(h.score, 6), h.snippet_html] for h in response.results],
        "warnings": response.warnings,
        "facets": response.facets,
        "names": response.names,
        "terms": response.terms,
        "total": response.total,
    }


def run(searcher: Searcher, qs: list[str]) -> dict[str, Any]:
    return {q: record(searcher.search(q, limit=10)) for q in qs}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("mode", choices=["record", "compare"])
    parser.add_argument("baseline", type=Path)
    args = parser.parse_args()

    corpus = ensure_built()
    searcher = Searcher.open(corpus_store.index_dir(), corpus)
    qs = queries(corpus)
    results = run(searcher, qs)
    if args.mode == "record":
        args.baseline.write_text(json.dumps(results, indent=0, sort_keys=True), encoding="utf-8")
        print(f"recorded {len(results)} queries into {args.baseline}")
        return 0
    try:
        baseline = json.loads(args.baseline.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        print(f"cannot read baseline {args.baseline}: {exc}", file=sys.stderr)
        return 2
    # A JSON round trip turns tuples into lists; compare like with like.
    results = json.loads(json.dumps(results))
    differing = [q for q in baseline if results.get(q) != baseline[q]]
    missing = [q for q in results if q not in baseline]
    for q in differing[:20]:
        print(f"DIFFERS: {q!r}\n  was: {baseline[q]}\n  now: {results.get(q)}")
    print(f"{len(baseline)} queries compared: {len(differing)} differ, "
          f"{len(missing)} not in the baseline")
    return 1 if differing or missing else 0


if __name__ == "__main__":
    sys.exit(main())
