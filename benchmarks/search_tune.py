"""Learn the within-card reranker's weights on the dev question set, and only there.

Usage:
    .venv/bin/python benchmarks/search_tune.py [--write]

The reranker (``Searcher.cue_features``) has a handful of 0/1 features: the
question asks "where" / "how many" / "can I" / "must I" / "even if" / "when" /
about a negative case, and the ruling's text gives that kind of answer.  Each
feature's weight is a bonus added to the ranking score of the best-scoring
rulings.

Fitting, on ``dev.yaml`` only (no other question set is read):

1. For each dev question, the ten best rulings *before* reranking, with their
   scores and features (``Searcher.candidates``).
2. Pairwise logistic regression: for every question whose answer is among
   them, each wrong candidate scoring above the answer or less than
   ``MARGIN`` below it gives a pair; the model is P(answer above rival) =
   sigmoid((score difference + w . feature difference) / T), fitted by plain
   gradient descent with an L2 penalty (a feature without evidence keeps
   weight 0) and weights clipped to +-``MAX_WEIGHT`` (a cue reorders close
   rulings, it never overrides the names and words).
3. The owner-bonus share of a named card that is not the question's subject
   (not an additive bonus) and the fit's T and L2 are chosen from small grids
   by dev MRR + hit@1, step 2 being redone for each.

The paraphrase lexicon's word weight is a design constant
(``understanding.LEXICON_WEIGHT``), not fitted: the dev set was tuned before
the lexicon existed, so its remaining misses are not paraphrase misses and it
cannot tell what a lexicon is worth.

4. Document expansion: the weight of the expansion questions' BM25
   (``CueWeights.asks``) and that field's length normalisation (``asks_b``)
   are chosen from a small grid by dev MRR + hit@1, the reranker's weights
   held fixed; a tie goes to the smaller weight (the text stays the main
   evidence).  Dev questions with a near-verbatim twin among their answer's
   expansion questions (``search_eval.expansion_twins``) are left out of this
   step: they measure whether a restated question is recalled, not whether
   a new phrasing is matched, which is what the weight is for.  ``--asks-only`` does this
   step alone, keeping the reranker weights stored in the file (for a refit
   when the expansion files change).  ``--asks-splits`` chooses the question
   sets this step is judged on: dev alone once separated the weights, but
   it is now saturated (hit@1 0.92-0.95 for every weight on the grid), so
   the refit of 2026-11-30 used every committed set (all of them scored
   before, none read by an expansion writer); a set not yet committed is
   never part of it.

``--write`` stores the result in ``rulings_service/search/cue_weights.json``,
which the searcher reads when it opens.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from search_eval import (  # noqa: E402
    DEPTH,
    TWIN_JACCARD,
    Question,
    expansion_twins,
    load_questions,
    metrics,
    rank_of,
)

from rulings_service import corpus_store  # noqa: E402
from rulings_service.ensure import ensure_built  # noqa: E402
from rulings_service.search import Searcher  # noqa: E402
from rulings_service.search.searcher import WEIGHTS_FILE, CueWeights  # noqa: E402

CONTEXT_GRID = (1.0, 0.85, 0.7)
MARGIN = 0.5  # rivals further below the answer than this carry no information
#: Score differences of about the temperature count as "close"; L2 pulls weights to 0.
#: Both are chosen from these grids by dev MRR + hit@1 as well.
TEMPERATURES = (0.1, 0.2)
L2S = (0.1, 0.5)
MAX_WEIGHT = 0.3
STEPS, RATE = 1500, 0.004
#: Document expansion: weight of the expansion field's BM25 and its BM25 b.
ASKS_GRID = (0.0, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0)
ASKS_B_GRID = (0.3, 0.75, 1.0)
#: Weight of the sibling classifiers' log-probability (``search/siblings.py``).
SIBLINGS_GRID = (0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4)


def pairs(searcher: Searcher, questions: list[Question]) -> list[tuple[float, dict[str, float]]]:
    """(score difference, feature difference) of each answer against each close rival."""
    out = []
    for q in questions:
        cands = searcher.candidates(q.q, limit=DEPTH)
        right = [c for c in cands if c[0] in q.answers]
        if not right:
            continue
        _, score, feats = right[0]
        for rid, other, ofeats in cands:
            if rid in q.answers or other < score - MARGIN:
                continue
            diff = {k: feats.get(k, 0.0) - ofeats.get(k, 0.0) for k in {*feats, *ofeats}}
            if any(diff.values()):
                out.append((score - other, diff))
    return out


def fit(
    data: list[tuple[float, dict[str, float]]], temperature: float, l2: float
) -> dict[str, float]:
    """Pairwise logistic regression by gradient descent (see the module docstring)."""
    names = sorted({k for _, d in data for k in d})
    w = dict.fromkeys(names, 0.0)
    n = max(len(data), 1)
    for _ in range(STEPS):
        grad = {k: 2 * l2 * w[k] for k in names}
        for delta, diff in data:
            z = (delta + sum(w[k] * v for k, v in diff.items())) / temperature
            # d/dw of -log(sigmoid(z)) = -(1 - sigmoid(z)) * diff / T
            g = -1.0 / (1.0 + math.exp(min(z, 50.0))) / temperature / n
            for k, v in diff.items():
                grad[k] += g * v
        for k in names:
            w[k] = max(-MAX_WEIGHT, min(MAX_WEIGHT, w[k] - RATE * grad[k]))
    return {k: round(v, 3) for k, v in w.items() if abs(v) >= 0.005}


def objective(searcher: Searcher, questions: list[Question]) -> tuple[float, dict[str, float]]:
    ranks = [
        rank_of([h.ruling_id for h in searcher.search(q.q, limit=DEPTH).results], q.answers)
        for q in questions
    ]
    m = metrics(ranks)
    return m["mrr"] + m["hit@1"], m


def configure(searcher: Searcher, weights: CueWeights) -> None:
    searcher.weights = weights
    searcher.understander.lexicon_weight = weights.lexicon


def trial(searcher: Searcher, weights: CueWeights, questions: list[Question],
          label: str) -> tuple[float, dict[str, float]]:
    """Score ``weights`` on ``questions`` (MRR + hit@1) and print the line of the grid."""
    configure(searcher, weights)
    score, m = objective(searcher, questions)
    print(f"{label}: hit@1 {m['hit@1']:.3f} hit@5 {m['hit@5']:.3f} MRR {m['mrr']:.3f}")
    return score, m


def fit_asks(
    searcher: Searcher, questions: list[Question], weights: CueWeights
) -> tuple[CueWeights, dict[str, float]]:
    """Step 4: the expansion weight and its b from the grids, other weights fixed."""
    best: tuple[float, CueWeights, dict[str, float]] | None = None
    for b in ASKS_B_GRID:
        for asks in ASKS_GRID:  # ascending, so a tie keeps the smaller weight
            candidate = dataclasses.replace(weights, asks=asks, asks_b=b)
            score, m = trial(searcher, candidate, questions, f"asks {asks:.2f} b {b}")
            if best is None or score > best[0] + 1e-9 or (
                abs(score - best[0]) <= 1e-9 and asks < best[1].asks
            ):
                best = (score, candidate, m)
    assert best is not None
    configure(searcher, best[1])
    return best[1], best[2]


def fit_siblings(
    searcher: Searcher, questions: list[Question], weights: CueWeights
) -> tuple[CueWeights, dict[str, float]]:
    """Step 5: the sibling classifiers' weight from its grid, other weights fixed."""
    best: tuple[float, CueWeights, dict[str, float]] | None = None
    for value in SIBLINGS_GRID:  # ascending, so a tie keeps the smaller weight
        candidate = dataclasses.replace(weights, siblings=value)
        score, m = trial(searcher, candidate, questions, f"siblings {value:.2f}")
        if best is None or score > best[0] + 1e-9:
            best = (score, candidate, m)
    assert best is not None
    configure(searcher, best[1])
    return best[1], best[2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write", action="store_true", help=f"store the result in {WEIGHTS_FILE}")
    parser.add_argument("--asks-only", action="store_true",
                        help="refit only the expansion weight and its b (step 4)")
    parser.add_argument("--asks-splits", default="dev",
                        help="comma-separated question sets step 4 is judged on (default: dev)")
    args = parser.parse_args()

    corpus = ensure_built()
    questions = load_questions(corpus)
    dev = [q for q in questions if q.split == "dev"]
    wanted = set(args.asks_splits.split(","))
    judged = [q for q in questions if q.split in wanted]
    searcher = Searcher.open(corpus_store.index_dir(), corpus)
    twins = expansion_twins(corpus, judged)
    untwinned = [q for i, q in enumerate(judged) if i not in twins]
    print(f"expansion weight fitted on {len(untwinned)} of {len(judged)} questions of "
          f"{sorted(wanted)} ({len(twins)} have a twin among their answer's expansions, "
          f"Jaccard >= {TWIN_JACCARD})")
    if args.asks_only:
        weights, _ = fit_asks(searcher, untwinned, CueWeights.load())
        weights, _ = fit_siblings(searcher, untwinned, weights)
        _, m = objective(searcher, dev)
        _report(weights, m, args.write, sorted(wanted))
        return
    stored = CueWeights.load()
    best: tuple[float, CueWeights, dict[str, float]] | None = None
    configure(searcher, CueWeights(context_card=1.0, asks=stored.asks, asks_b=stored.asks_b,
                                   siblings=stored.siblings))
    _, m = objective(searcher, dev)
    print(f"no reranker: dev hit@1 {m['hit@1']:.3f} hit@5 {m['hit@5']:.3f} MRR {m['mrr']:.3f}")
    for context in CONTEXT_GRID:
        configure(searcher, CueWeights(context_card=context, asks=stored.asks,
                                       asks_b=stored.asks_b, siblings=stored.siblings))
        data = pairs(searcher, dev)
        for temperature in TEMPERATURES:
            for l2 in L2S:
                weights = CueWeights(fit(data, temperature, l2), context, asks=stored.asks,
                                     asks_b=stored.asks_b, siblings=stored.siblings)
                score, m = trial(searcher, weights, dev,
                                 f"context {context:.2f} T {temperature} L2 {l2}: dev")
                if best is None or score > best[0] + 1e-9:
                    best = (score, weights, m)
    assert best is not None
    weights, _ = fit_asks(searcher, untwinned, best[1])
    weights, _ = fit_siblings(searcher, untwinned, weights)
    _, m = objective(searcher, dev)
    _report(weights, m, args.write, sorted(wanted))


def _report(weights: CueWeights, m: dict[str, float], write: bool, asks_on: list[str]) -> None:
    result = {
        "weights": weights.weights,
        "context_card": weights.context_card,
        "lexicon": weights.lexicon,
        "asks": weights.asks,
        "asks_b": weights.asks_b,
        "siblings": weights.siblings,
        "fitted_on": "benchmarks/questions/dev.yaml",
        "asks_fitted_on": f"questions of {', '.join(asks_on)} without a twin among their"
                          " answer's expansions (the expansion weight, its b and the"
                          " siblings weight)",
        "dev": {k: round(v, 3) for k, v in m.items()},
    }
    print(json.dumps(result, indent=1))
    if write:
        WEIGHTS_FILE.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
