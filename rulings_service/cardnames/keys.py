"""The keys names are compared by: one home, for the matcher and the search alike.

A name and a typed spelling meet when their keys are equal: ``exact_key``
ignores case and punctuation only (``King's Court`` = ``kings court``);
``name_key`` also undoes plurals and possessives, word by word, with a gentle
fold rather than a stemmer, because stemming would merge card names with
ordinary words (``Mining Village`` and ``Mine``).
"""

from __future__ import annotations

import re
import unicodedata


def ascii_fold(text: str) -> str:
    """Lower-case ASCII without accents: ``Café`` -> ``cafe``."""
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


_NON_WORD = re.compile(r"[^a-z0-9]+")


def name_words(text: str) -> list[str]:
    """Words of ``text`` for name matching: apostrophes dropped, other punctuation splits.

    ``King's Court`` and ``kings court`` give the same words; ``Will-o'-Wisp``
    gives ``will o wisp``.
    """
    folded = ascii_fold(text).replace("'", "")
    return [w for w in _NON_WORD.split(folded) if w]


def fold_word(word: str) -> str:
    """Undo plurals and possessives, the same way for names and for questions.

    Both sides go through this, so it need not produce real words, only the same
    key for ``Gardens``/``garden``, ``caches``/``cache``, ``libraries``/``library``.
    """
    if len(word) > 4 and word.endswith("ies"):
        word = word[:-3] + "y"
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        word = word[:-1]
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


def name_key(text: str) -> str:
    """The lookup key of a name: folded words run together (``throneroom``)."""
    return "".join(fold_word(w) for w in name_words(text))


def exact_key(text: str) -> str:
    """Key for the exact tier: case and punctuation ignored, nothing else."""
    return "".join(name_words(text))
