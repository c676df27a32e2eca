"""Which rulings the sibling classifiers mistake for a sibling, from the expansions alone.

Cross-validation on the expansion questions: for every card with a sibling
classifier (``rulings_service/search/siblings.py``), the card's questions are
split into ``--folds`` folds; each fold is predicted by a classifier fitted on
the other folds and the rulings' texts.  It prints the held-out accuracy and
writes, per ruling whose own questions are taken for a sibling at least
``--threshold`` of the time, the rate and the siblings it is taken for: the
rulings the next round of expansion questions should tell apart.  No question
set of ``benchmarks/questions`` is read, so choosing rulings this way leaves
the evaluation blind.

    .venv/bin/python benchmarks/sibling_confusion.py --json-out /tmp/confusable.json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings_service.ensure import ensure_built  # noqa: E402
from rulings_service.search.expansions import load_expansions  # noqa: E402
from rulings_service.search.index import sibling_groups  # noqa: E402
from rulings_service.search.siblings import CardModel, fit_card, question_features  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folds", type=int, default=3)
    parser.add_argument("--threshold", type=float, default=0.3,
                        help="list rulings whose questions are mistaken at least this often")
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--json-out", type=Path, default=None)
    args = parser.parse_args(argv)
    if args.folds < 2 or not 0 < args.threshold <= 1:
        parser.error("--folds must be 2 or more and --threshold in (0, 1]")

    corpus = ensure_built()
    questions = load_expansions(known_ids={r["id"] for r in corpus.rulings}).questions
    texts = {r["id"]: r.get("text") or "" for r in corpus.rulings}
    owned, names = sibling_groups(corpus)
    rng = random.Random(args.seed)
    confusable: dict[str, dict] = {}
    seen = mistaken = 0
    for slug, rulings in owned.items():
        if len(rulings) < 2:
            continue
        name_terms = names[slug]
        items = [(question_features(q, name_terms), k)
                 for k, rid in enumerate(rulings) for q in questions.get(rid, ())]
        items = [(f, k) for f, k in items if f]
        folds = [i % args.folds for i in range(len(items))]
        rng.shuffle(folds)
        own_texts = [(question_features(texts[rid], name_terms), k)
                     for k, rid in enumerate(rulings)]
        taken_for: dict[int, Counter[int]] = defaultdict(Counter)
        asked: Counter[int] = Counter()
        for fold in range(args.folds):
            train = [it for it, f in zip(items, folds, strict=True) if f != fold] + own_texts
            train = [(f, k) for f, k in train if f]
            if len({k for _, k in train}) < 2:
                continue
            model = CardModel(tuple(rulings), *fit_card(train, len(rulings)), name_terms)
            for (features, k), f in zip(items, folds, strict=True):
                if f == fold:
                    asked[k] += 1
                    guess = int(np.argmax(model.scores(features)))
                    if guess != k:
                        taken_for[k][guess] += 1
        seen += sum(asked.values())
        mistaken += sum(sum(c.values()) for c in taken_for.values())
        for k, counts in taken_for.items():
            rate = sum(counts.values()) / asked[k]
            if rate >= args.threshold:
                confusable[rulings[k]] = {
                    "rate": round(rate, 2),
                    "with": [rulings[j] for j, _ in counts.most_common(2)],
                }
    accuracy = 1 - mistaken / seen if seen else 0.0
    print(f"held-out accuracy {accuracy:.3f} over {seen} expansion questions "
          f"({args.folds} folds); {len(confusable)} rulings mistaken for a sibling at least "
          f"{args.threshold:.0%} of the time")
    if args.json_out:
        args.json_out.write_text(json.dumps(confusable, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
