"""Learned translations: the ruling words a question word stands for.

Players ask in their own words ("what are they digging for", "can I pick
which") and rulings answer in the rules' words ("reveal ... until", "choose").
The expansion questions pair thousands of such questions with the ruling each
is answered by, so the pairs themselves say which ruling words a question
word goes with: a question word ``w`` the ruling does not use, and a ruling
word ``v``, co-occur across many pairs far more often than their frequencies
would make them (their *lift*).  For every question word, the few ruling
words with the strongest such association are its translations; the
understander adds them to a question at a low weight, like the hand-written
paraphrase lexicon, which they extend to every word the questions use.

The table is fitted when the index is built (it depends on the expansions)
and stored beside it as ``translations.json``; a missing or unreadable file
means no translations, never a failed search.
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

import numpy as np

from rulings_service.search.text import analyse

log = logging.getLogger(__name__)

TRANSLATIONS_FILE = "translations.json"
#: A (question word, ruling word) association counts from this many question/ruling pairs.
MIN_PAIRS = 5
#: ... and this many times what the two words' frequencies alone would give.
MIN_LIFT = 3.0
#: Ruling words in more than this share of the rulings are no translation: they
#: tell rulings apart too little to pay for scoring them.
MAX_TARGET_SHARE = 0.1
#: Translations kept per question word, strongest first.
PER_WORD = 3

Translations = dict[str, tuple[str, ...]]


def fit_translations(pairs: Iterable[tuple[Sequence[str], str]]) -> Translations:
    """Translations from ``pairs``: (a ruling's questions, the ruling's text).

    Each question with its ruling is one pair, in which every question word
    the ruling does not use is counted with every ruling word the question does
    not use; the counts of all pairs (a few million word pairs) are added up
    at once with NumPy.
    """
    terms: dict[str, int] = {}
    asked_in: Counter[int] = Counter()  # term -> pairs whose question has it
    said_in: Counter[int] = Counter()  # term -> pairs whose ruling has it
    codes: list[np.ndarray] = []
    rulings_saying: Counter[int] = Counter()  # term -> rulings whose text has it
    n_pairs = n_rulings = 0
    for questions, text in pairs:
        if not questions:
            continue
        said = _ids(analyse(text), terms)
        for question in questions:
            words = _ids(analyse(question), terms)
            asked_in.update(words)
            n_pairs += 1
            # Only words one side has: a word both use needs no translating.
            w = _array(words - said)
            v = _array(said - words)
            if len(w) and len(v):
                codes.append(((w[:, None] << 32) | v[None, :]).ravel())
        n_rulings += 1
        for term in said:
            said_in[term] += len(questions)
            rulings_saying[term] += 1
    if not codes:
        return {}
    pair_codes, where = np.unique(np.concatenate(codes), return_inverse=True)
    together = np.bincount(where).astype(np.float64)
    term_of = np.array(list(terms), dtype=object)
    w, v = pair_codes >> 32, pair_codes & 0xFFFFFFFF
    # Both counts are positive for every pair counted: w was asked, v was said.
    expected = _by_id(asked_in, len(terms))[w] * _by_id(said_in, len(terms))[v]
    lift = together * n_pairs / expected
    common = _by_id(rulings_saying, len(terms)) > MAX_TARGET_SHARE * n_rulings
    keep = (together >= MIN_PAIRS) & (lift >= MIN_LIFT) & ~common[v]
    strength = together[keep] * np.log(lift[keep])
    # Per question word, its ruling words strongest first (ties alphabetical).
    found: dict[str, list[tuple[float, str]]] = {}
    for asked, said, how_strong in zip(w[keep].tolist(), v[keep].tolist(), strength.tolist(),
                                       strict=True):
        found.setdefault(term_of[asked], []).append((-how_strong, term_of[said]))
    return {word: tuple(target for _, target in sorted(options)[:PER_WORD])
            for word, options in sorted(found.items())}


def _by_id(counts: Mapping[int, int], size: int) -> np.ndarray:
    return np.array([counts.get(i, 0) for i in range(size)], dtype=np.float64)


def _array(ids: set[int]) -> np.ndarray:
    return np.fromiter(ids, dtype=np.int64, count=len(ids))


def _ids(words: Iterable[str], terms: dict[str, int]) -> set[int]:
    """The numbers of ``words`` in ``terms``, numbering new words as they come."""
    return {terms.setdefault(word, len(terms)) for word in words}


def save_translations(table: Mapping[str, Sequence[str]], path: Path) -> None:
    path.write_text(json.dumps({w: list(v) for w, v in table.items()}, indent=0,
                               sort_keys=True), encoding="utf-8")


def load_translations(path: Path) -> Translations:
    """The table saved at ``path``; empty (no translations) if missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
        return {str(w): tuple(str(t) for t in v) for w, v in data.items()
                if isinstance(v, list)}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as exc:
        log.warning("translations unreadable (%s); the search goes without them", exc)
        return {}
