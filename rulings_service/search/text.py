"""Text handling shared by the index, the query side and the snippets.

One analyzer is used to index ruling text and to analyse questions, so a word
in a question and the same word in a ruling always meet as the same term
(``shuffling`` and ``shuffled`` both become ``shuffl``).  Names are compared by
the gentler keys of :mod:`rulings_service.cardnames.keys`, re-exported here
for the search's modules.
"""

from __future__ import annotations

import re
from functools import lru_cache

from whoosh.analysis import LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.lang.porter import stem as porter_stem

from rulings_service.cardnames.keys import (  # noqa: F401 - the search's name keys
    ascii_fold,
    exact_key,
    fold_word,
    name_key,
    name_words,
)

#: Longest query we analyse; longer input is cut with a warning, so a pasted
#: page of text costs the same as a long question.
MAX_QUERY_CHARS = 1000

#: Words left out of the index: articles and connectives that carry no meaning
#: and would only lengthen postings.  Kept short on purpose: "not", "only",
#: "before", "same", "who" decide between rulings, and BM25's IDF already
#: weighs common words down.  Single letters come from apostrophes ("can't").
_INDEX_STOP = """a an the and or of to is are be it its as at by this that tbd"""
STOP_WORDS = frozenset(_INDEX_STOP.split()) | frozenset("bcdefghijklmnopqrstuvwxyz")

#: Words of the *question* that say nothing about the answer ("what happens
#: if I ..."): dropped from the query after analysis, never from the index.
_QUERY_FILLER = """what how does do did doing happens happen happened i me my we us our
    you your he she they them their his her can could would should will shall may might
    is are was were been being am there here please question rule rules ruling rulings
    dominion q about any anything so just also than then really actually which who whom
    whose why where when if it this that these those vs versus hi hello thanks ok okay
    someone somebody work works working explain"""


def _analysed_filler() -> frozenset[str]:
    analyzer = make_analyzer()
    return frozenset(t.text for w in _QUERY_FILLER.split() for t in analyzer(w))


#: A word, or the "n't" of a negative contraction as a token of its own: the
#: apostrophe used to split "can't" into "can" (question filler) and "t" (a stop
#: letter), so the question lost its "not".  ``stem`` reads "n't" as "not".
_TOKEN_RE = r"[^\W_]+?(?=[nN]['\u2019][tT]\b)|[nN]['\u2019][tT]\b|[^\W_]+"


#: Irregular verb forms analysed as their base form, in rulings and questions
#: alike ("are never bought" meets "can I buy").  Not "left" (the player to
#: your left) or "lost" (Lost City, Lost in the Woods): those stay themselves;
#: nor "done" ("until they're done doing things"), which as "do" is filler.
IRREGULAR_FORMS = {
    "drawn": "draw", "drew": "draw", "chose": "choose", "chosen": "choose", "took": "take",
    "taken": "take", "gave": "give", "given": "give", "went": "go",
    "paid": "pay", "won": "win", "began": "begin", "begun": "begin", "made": "make",
    "thrown": "throw", "threw": "throw", "kept": "keep", "came": "come",
    "bought": "buy", "sold": "sell", "hid": "hide", "hidden": "hide",
}


#: Words Porter's stemmer takes onto a question filler word, with the stem they
#: keep: "use", "used" and "using" became "us", a pronoun the filler drops, so "in
#: games using Fool" lost "using".
KEPT_FORMS = {"use": "use", "uses": "use", "used": "use", "using": "use", "useful": "use",
              # the halves of negative contractions ("ca|n't", "wo|n't", "do|n't")
              "n't": "not", "n’t": "not", "ca": "can", "wo": "will", "sha": "shall"}


def stem(word: str) -> str:
    """Porter's stem of a lower-cased word, with the step whoosh's stemmer misses.

    A word of :data:`KEPT_FORMS` keeps its own stem; an irregular form is first
    taken to its base (:data:`IRREGULAR_FORMS`).

    Porter's step 1b undoubles a final consonant left by removing "-ed" or
    "-ing" ("sitting" -> "sit", "stopped" -> "stop"); whoosh's stemmer keeps
    it ("sitt", "stopp"), so "sitting" never met "sit" in a ruling.  Stems
    shorter than three letters keep the double ("added" stays "add").
    """
    kept = KEPT_FORMS.get(word)
    if kept is not None:
        return kept
    word = IRREGULAR_FORMS.get(word, word)
    stemmed = porter_stem(word)
    if (word.endswith(("ed", "ing")) and len(stemmed) >= 4 and stemmed[-1] == stemmed[-2]
            and stemmed[-1] not in "aeiouylsz"):
        return stemmed[:-1]
    return stemmed


def make_analyzer():
    """The analyzer of ruling text and of question words (stemmed, stop words removed)."""
    return (
        RegexTokenizer(_TOKEN_RE)
        | LowercaseFilter()
        | StopFilter(stoplist=STOP_WORDS, minsize=1)
        | StemFilter(stemfn=stem)
    )


ANALYZER = make_analyzer()
#: Analysed forms of the question filler words.
QUERY_FILLER = _analysed_filler()


def analyse(text: str) -> list[str]:
    """Index terms of ``text`` in order (stemmed, without stop words).

    Every filter of the analyzer acts on one token alone, so a text's terms
    are its words' terms in order: words are analysed once each and kept
    (:func:`word_terms`), since whoosh's filter chain costs microseconds a
    word and questions reuse the same few thousand words.
    """
    return [term for word in _TOKEN.findall(text) for term in word_terms(word)]


_TOKEN = re.compile(_TOKEN_RE)


@lru_cache(maxsize=20000)
def word_terms(word: str) -> tuple[str, ...]:
    """The analyzer's terms of one token (none for a stop word, else its stem)."""
    return tuple(t.text for t in ANALYZER(word))


def query_terms(text: str) -> list[str]:
    """Terms of a question worth searching for: index terms minus question filler."""
    return [t for t in analyse(text) if t not in QUERY_FILLER]


_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_QUOTES = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'", "\u00b4": "'"})


def clean_query(raw: object) -> tuple[str, list[str]]:
    """Make any input safe to parse; say what was changed.

    Control characters (including NUL) are removed, curly quotes become
    straight ones, and overlong input is cut to :data:`MAX_QUERY_CHARS`.
    """
    warnings: list[str] = []
    text = raw if isinstance(raw, str) else ("" if raw is None else str(raw))
    text, removed = _CONTROL_RE.subn(" ", text.replace("\t", " ").replace("\n", " "))
    if removed:
        warnings.append(f"removed {removed} control character(s) from the query")
    text = text.translate(_QUOTES)
    # Lone surrogates cannot be encoded anywhere downstream (JSON, HTML).
    text = text.encode("utf-8", "replace").decode("utf-8")
    if len(text) > MAX_QUERY_CHARS:
        warnings.append(
            f"query is {len(text)} characters long; only the first {MAX_QUERY_CHARS} were used"
        )
        text = text[:MAX_QUERY_CHARS]
    return text.strip(), warnings
