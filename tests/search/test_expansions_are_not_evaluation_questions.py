"""The expansion data must not restate the questions search is evaluated on.

Expansion questions (``corpus/expansions/``) are indexed with their ruling; if
one of them were an evaluation question in other words, the evaluation would
measure memory, not understanding. Word-set overlap (Jaccard) of 0.6 or more
with any question in ``benchmarks/questions/`` counts as a restatement.

Every expansion question is compared with every evaluation question (about
18,900 × 3,600 pairs), so the search for clashes uses prefix filtering, the
exact method of set-similarity joins: with the words of every question sorted
rarest first, two sets whose Jaccard reaches the limit must share a word among
the first ``len - ceil(limit * len) + 1`` words of each. Only pairs sharing
such a word are compared in full, with the same measure as before; no pair
that could clash is skipped (``test_prefix_filter_finds_what_all_pairs_find``
checks that against the plain all-pairs loop).
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from fractions import Fraction
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
#: libyaml when present, as the service's own loaders do (the files are large).
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
#: Exact, so that the prefix lengths below are exact integers (no float rounding).
LIMIT = Fraction(3, 5)


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z0-9']+", text.lower()))


def _overlap(a: frozenset[str], b: frozenset[str]) -> Fraction:
    union = len(a | b)
    return Fraction(len(a & b), union) if union else Fraction(0)


def _prefix_length(size: int) -> int:
    """How many rarest words of a set of this size must include a shared one."""
    return size - math.ceil(LIMIT * size) + 1


def _reaches_limit(a: frozenset[str], b: frozenset[str]) -> bool:
    """``_overlap(a, b) >= LIMIT`` in integers (the hot loop of the join)."""
    shared = len(a & b)
    return shared * LIMIT.denominator >= LIMIT.numerator * (len(a) + len(b) - shared) > 0


def _clashing_pairs(probes: list[frozenset[str]],
                    targets: list[frozenset[str]]) -> Iterator[tuple[int, int]]:
    """Every ``(probe, target)`` index pair whose overlap reaches ``LIMIT``.

    Besides the prefix filter, sizes prune: ``|a ∩ b| <= min(|a|, |b|)``, so a
    clash needs ``LIMIT * |b| <= |a| <= |b| / LIMIT``.
    """
    frequency = Counter(word for words in (*probes, *targets) for word in words)

    def prefix(words: Iterable[str]) -> list[str]:
        ranked = sorted(words, key=lambda w: (frequency[w], w))
        return ranked[:_prefix_length(len(ranked))]

    by_prefix_word: dict[str, list[int]] = defaultdict(list)
    for t, words in enumerate(targets):
        for word in prefix(words):
            by_prefix_word[word].append(t)
    for p, words in enumerate(probes):
        size = len(words)
        smallest, largest = math.ceil(LIMIT * size), math.floor(size / LIMIT)
        candidates = {t for word in prefix(words) for t in by_prefix_word.get(word, ())
                      if smallest <= len(targets[t]) <= largest}
        for t in sorted(candidates):
            if _reaches_limit(words, targets[t]):
                yield p, t


def test_no_expansion_question_restates_an_evaluation_question() -> None:
    evaluation = [
        _words(item["q"])
        for path in sorted((ROOT / "benchmarks" / "questions").glob("*.yaml"))
        for item in yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)["questions"]
    ]
    assert len(evaluation) > 400  # the question sets are really read
    where: list[str] = []
    asked: list[frozenset[str]] = []
    for path in sorted((ROOT / "corpus" / "expansions").glob("*.yaml")):
        rulings = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)["rulings"]
        for ruling_id, questions in rulings.items():
            for question in questions or ():
                where.append(f"{path.name}: {ruling_id}: {question!r}")
                asked.append(_words(question))
    assert len(asked) > 10_000  # the expansions are really read
    clashes = sorted({where[p] for p, _ in _clashing_pairs(asked, evaluation)})
    assert not clashes, "\n".join(clashes[:20])


def test_overlap_measure_catches_a_restatement() -> None:
    asked = _words("everyone moats my witch - do i still draw 2")
    assert _overlap(_words("if everyone moats my witch do i still draw 2"), asked) >= LIMIT
    assert _overlap(_words("how many curses in a 4 player game"), asked) < LIMIT


_SETS = st.lists(st.frozensets(st.sampled_from([f"w{i}" for i in range(10)]), max_size=9),
                 max_size=25)


@settings(max_examples=300, deadline=None)
@given(probes=_SETS, targets=_SETS)
def test_prefix_filter_finds_what_all_pairs_find(probes: list[frozenset[str]],
                                                 targets: list[frozenset[str]]) -> None:
    """On small random word sets (many pairs near the limit), no clash is lost or invented."""
    expected = [(p, t) for p, a in enumerate(probes) for t, b in enumerate(targets)
                if _overlap(a, b) >= LIMIT]
    assert sorted(_clashing_pairs(probes, targets)) == expected
