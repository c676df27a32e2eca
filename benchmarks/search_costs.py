"""What each part of the search costs in time and is worth in answers.

Switches one part of the search off at a time (and then all of them), and for
each configuration reports hit@1 and hit@5 over every committed question and
the CPU time per question in-process (best of ``--repeats`` passes, after one
warm-up pass, so every per-process table is filled). The parts are those with
a switch of their own:

* ``asks``: the rulings' "asked as" questions (document expansion);
* ``siblings``: the per-card classifiers that choose between a card's rulings;
* ``cues``: the within-card reranker on question intent and numbers;
* ``lexicon``: paraphrases of the question's words from the rules lexicon;
* ``translations``: the word associations learned from the expansions.

It answers "what could the search shed to be cheaper, and what would that
lose?", the trade-off behind issue 6's throughput target (see README, "Load").

    .venv/bin/python benchmarks/search_costs.py
    .venv/bin/python benchmarks/search_costs.py --repeats 5 --json-out costs.json
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import search_eval  # noqa: E402

from rulings_service import corpus_store  # noqa: E402
from rulings_service.ensure import ensure_built  # noqa: E402
from rulings_service.search import Searcher  # noqa: E402


def _no_asks(s: Searcher) -> None:
    s.weights = dataclasses.replace(s.weights, asks=0.0)


def _no_siblings(s: Searcher) -> None:
    s.weights = dataclasses.replace(s.weights, siblings=0.0)


def _no_cues(s: Searcher) -> None:
    s._add_cues = lambda ranking, plan: None  # type: ignore[method-assign]


def _no_lexicon(s: Searcher) -> None:
    s.understander.lexicon_weight = 0.0


def _no_translations(s: Searcher) -> None:
    s.understander.translations = {}


SWITCHES: dict[str, Callable[[Searcher], None]] = {
    "asks": _no_asks,
    "siblings": _no_siblings,
    "cues": _no_cues,
    "lexicon": _no_lexicon,
    "translations": _no_translations,
}


def configurations() -> dict[str, list[Callable[[Searcher], None]]]:
    """The full search, each switch alone, and every switch together."""
    configs: dict[str, list[Callable[[Searcher], None]]] = {"full search": []}
    configs.update({f"without {name}": [off] for name, off in SWITCHES.items()})
    configs["without all five"] = list(SWITCHES.values())
    return configs


def measure(searcher: Searcher, questions: list[search_eval.Question], repeats: int) -> dict:
    """hit@1, hit@5 and the best per-question CPU time (ms) of ``repeats`` passes."""
    texts = [q.q for q in questions]
    ranks = []
    for question in questions:  # the scoring pass doubles as the warm-up
        ids = [h.ruling_id for h in searcher.search(question.q, limit=5).results]
        ranks.append(search_eval.rank_of(ids, question.answers))
    best = float("inf")
    for _ in range(repeats):
        began = time.process_time()
        for text in texts:
            searcher.search(text)
        best = min(best, (time.process_time() - began) / len(texts) * 1e3)
    n = len(questions)
    return {
        "hit@1": round(sum(r == 1 for r in ranks) / n, 3),
        "hit@5": round(sum(r is not None and r <= 5 for r in ranks) / n, 3),
        "ms_per_question": round(best, 3),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=3, help="timed passes (1-20)")
    parser.add_argument("--json-out", type=Path, default=None)
    args = parser.parse_args(argv)
    if not 1 <= args.repeats <= 20:
        parser.error("--repeats must be 1..20")

    corpus = ensure_built()
    questions = search_eval.load_questions(corpus)
    print(f"{len(questions)} questions; CPU ms per question, best of {args.repeats} passes")
    print(f"{'configuration':26} {'hit@1':>6} {'hit@5':>6} {'ms':>7} {'of full':>8}")
    report = {}
    full_ms = None
    for name, switches in configurations().items():
        searcher = Searcher.open(corpus_store.index_dir(), corpus)
        for switch_off in switches:
            switch_off(searcher)
        figures = report[name] = measure(searcher, questions, args.repeats)
        full_ms = full_ms or figures["ms_per_question"]
        print(f"{name:26} {figures['hit@1']:>6.3f} {figures['hit@5']:>6.3f}"
              f" {figures['ms_per_question']:>7.3f} {figures['ms_per_question'] / full_ms:>8.0%}")
    if args.json_out:
        args.json_out.write_text(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
