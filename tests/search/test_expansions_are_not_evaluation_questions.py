"""The expansion data must not restate the questions search is evaluated on.

Expansion questions (``corpus/expansions/``) are indexed with their ruling; if
one of them were an evaluation question in other words, the evaluation would
measure memory, not understanding. Word-set overlap (Jaccard) of 0.6 or more
with any question in ``benchmarks/questions/`` counts as a restatement.
"""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 0.6


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z0-9']+", text.lower()))


def _overlap(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def test_no_expansion_question_restates_an_evaluation_question() -> None:
    evaluation = [
        _words(item["q"])
        for path in sorted((ROOT / "benchmarks" / "questions").glob("*.yaml"))
        for item in yaml.safe_load(path.read_text(encoding="utf-8"))["questions"]
    ]
    assert len(evaluation) > 400  # the question sets are really read
    clashes = []
    for path in sorted((ROOT / "corpus" / "expansions").glob("*.yaml")):
        rulings = yaml.safe_load(path.read_text(encoding="utf-8"))["rulings"]
        for ruling_id, questions in rulings.items():
            for question in questions or ():
                words = _words(question)
                if any(_overlap(words, q) >= LIMIT for q in evaluation):
                    clashes.append(f"{path.name}: {ruling_id}: {question!r}")
    assert not clashes, "\n".join(clashes[:20])


def test_overlap_measure_catches_a_restatement() -> None:
    asked = _words("everyone moats my witch - do i still draw 2")
    assert _overlap(_words("if everyone moats my witch do i still draw 2"), asked) >= LIMIT
    assert _overlap(_words("how many curses in a 4 player game"), asked) < LIMIT
