"""BM25F scoring over the whoosh index's postings, held in memory as arrays.

Whoosh stores the index and answers the structural queries (field filters,
quoted phrases, exclusions), but its generic matcher machinery costs 10-30 ms
for a ten-word question.  The corpus is small (a few thousand documents), so
at open time the postings of the scored fields are copied into dictionaries
once, and a question is scored here with the same BM25F formula whoosh uses,
plus a proximity bonus for consecutive question words that stand close
together in a ruling ("next turn", "same card") - which whoosh's OR query
cannot express.

A term's share of every document holding it is worked out once (in Python,
the formula's own order of operations) and kept as a pair of NumPy arrays,
document numbers and values; a question's score is then one vector add per
term into a dense array over all documents.  Adding in the same term order
as a per-document loop would gives the same floats to the bit, and a typical
question (about 600 matching rulings) costs microseconds instead of the
hundreds a dictionary walk did.  Dense arrays of a few thousand floats per
question are cheap; the caches hold only the sparse per-term pairs.

The expansion questions (``asks``) are scored apart, by plain BM25 over that
field alone (:meth:`TextScorer.accumulate_asks`): they are a different kind of
evidence (how people ask, not what the ruling says), so the searcher adds
them to the text score with a weight of their own, fitted on dev.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable

import numpy as np

#: BM25 parameters (whoosh's defaults).
K1, B = 1.2, 0.75
#: Field weights: ruling text counts fully; the card/topic title a little.
FIELD_WEIGHTS = {"text": 1.0, "title": 0.3}
#: Two question words found within this many positions of each other, in order.
PROXIMITY_WINDOW = 3
PROXIMITY_WEIGHT = 0.5
#: The field of the rulings' "asked as" questions (``expansions``), scored apart.
ASKS = "asks"
#: Its length normalisation: a ruling with four questions is not a weaker match for
#: the one that fits than a ruling with two, so lengths count for less than in text.
ASKS_B = 0.3
#: One term's BM25 share per document: (document numbers, shares), ascending docnums.
Shares = tuple[np.ndarray, np.ndarray]
#: A question's scores over every document, and which documents matched at all.
Accumulated = tuple[np.ndarray, np.ndarray]
#: Per term, pairs of documents (their indexes) and one's share of the term at query
#: weight 1: :meth:`TextScorer.shared_shares`.
SharedShares = dict[str, tuple[np.ndarray, np.ndarray]]
#: Most entries the per-term caches hold before they start over.
CACHE_LIMIT = 50_000


class TextScorer:
    """Postings (term -> doc -> positions) and lengths of the scored fields."""

    def __init__(self, reader, schema) -> None:
        self.size = reader.doc_count_all()
        self.doc_count = max(self.size, 1)
        fields = [*FIELD_WEIGHTS, *([ASKS] if ASKS in schema.names() else [])]
        self.postings: dict[str, dict[str, dict[int, tuple[int, ...]]]] = {
            f: defaultdict(dict) for f in (*FIELD_WEIGHTS, ASKS)
        }
        formats = {f: schema[f].format for f in fields}
        for field, term, docnum, weight, value in reader.iter_postings():
            if field not in formats:
                continue
            text = term.decode("utf-8") if isinstance(term, bytes) else term
            fmt = formats[field]
            positions = tuple(fmt.decode_positions(value)) if value and fmt.supports(
                "positions") else ()
            self.postings[field][text][docnum] = positions or (0,) * max(int(weight), 1)
        self.lengths: dict[str, dict[int, int]] = {f: {} for f in (*FIELD_WEIGHTS, ASKS)}
        self.avg: dict[str, float] = {ASKS: 1.0}
        for field in fields:
            total = 0
            for docnum in range(self.size):
                n = reader.doc_field_length(docnum, field, 0) or 0
                self.lengths[field][docnum] = n
                total += n
            self.avg[field] = (total / self.doc_count) or 1.0
        # The asks field's statistics count only rulings that have questions.
        filled = [n for n in self.lengths[ASKS].values() if n]
        self.asks_docs = max(len(filled), 1)
        self.asks_avg = (sum(filled) / len(filled)) if filled else 1.0
        # Per-term shares, computed on first use and kept: the corpus is fixed
        # while the searcher is open, and a question's terms come with one of a
        # handful of weights, so most queries only add up cached arrays.
        self._shares: dict[tuple, Shares | None] = {}
        self._idf: dict[tuple[str, str], float] = {}
        self._pairs: dict[tuple[str, str], np.ndarray | None] = {}
        #: Documents a query may score (None: all).  The searcher sets it to the
        #: rulings: card documents share the index but are never results, and
        #: dropping them from the cached shares spares every query that test.
        self.base: frozenset[int] | None = None

    def limit_to(self, docs: frozenset[int]) -> None:
        """Score only ``docs`` from now on (statistics still count every document)."""
        self.base = docs
        self._shares.clear()

    def mask(self, docs: Iterable[int]) -> np.ndarray:
        """A boolean array over all documents, true at ``docs``."""
        out = np.zeros(self.size, dtype=bool)
        out[np.fromiter(docs, dtype=np.intp)] = True
        return out

    def idf(self, field: str, term: str) -> float:
        key = (field, term)
        value = self._idf.get(key)
        if value is None:
            df = len(self.postings[field].get(term, ()))
            value = math.log(1 + (self.doc_count - df + 0.5) / (df + 0.5))
            if len(self._idf) >= CACHE_LIMIT:
                self._idf.clear()
            self._idf[key] = value
        return value

    # -- per-term shares -----------------------------------------------------------

    def text_shares(self, field: str, fweight: float, term: str, qweight: float) -> Shares | None:
        """Documents holding ``term`` in ``field`` and the BM25F share each gets."""
        key = (field, fweight, term, qweight)
        if key in self._shares:
            return self._shares[key]
        docs = self.postings[field].get(term)
        if not docs:
            return self._keep(key, None, None)
        idf = self.idf(field, term) * qweight * fweight
        return self._keep(key, docs, _bm25(docs, self.lengths[field], self.avg[field], idf, B))

    def asks_shares(self, term: str, qweight: float, b: float) -> Shares | None:
        """Like :meth:`text_shares`, for the asks field's plain BM25 (its own b and IDF)."""
        key = (ASKS, b, term, qweight)
        if key in self._shares:
            return self._shares[key]
        docs = self.postings[ASKS].get(term)
        if not docs:
            return self._keep(key, None, None)
        df, n_docs = len(docs), self.asks_docs
        idf = math.log(1 + (n_docs - df + 0.5) / (df + 0.5)) * qweight
        return self._keep(key, docs, _bm25(docs, self.lengths[ASKS], self.asks_avg, idf, b))

    def _keep(self, key: tuple, docs: Iterable[int] | None,
              values: list[float] | None) -> Shares | None:
        """Cache one term's shares as arrays, keeping only documents a query may score."""
        shares = None
        if docs and values:
            base = self.base
            kept = [(d, v) for d, v in zip(docs, values, strict=True) if base is None or d in base]
            if kept:
                kept.sort()
                shares = (np.fromiter((d for d, _ in kept), dtype=np.intp, count=len(kept)),
                          np.fromiter((v for _, v in kept), dtype=np.float64, count=len(kept)))
        if len(self._shares) >= CACHE_LIMIT:
            self._shares.clear()  # bounded: odd weights from odd queries cannot grow it
        self._shares[key] = shares
        return shares

    # -- a question's scores -------------------------------------------------------

    def accumulate(self, terms: dict[str, float]) -> Accumulated:
        """BM25F of every document against ``terms`` (term -> query weight), and the matches.

        Fields outside, terms inside: the order a per-document sum would add them in.
        """
        found = [
            shares
            for field, fweight in FIELD_WEIGHTS.items()
            for term, qweight in terms.items()
            if (shares := self.text_shares(field, fweight, term, qweight)) is not None
        ]
        return self._sum(found)

    def accumulate_asks(self, terms: dict[str, float], b: float = ASKS_B) -> Accumulated:
        """BM25 of each ruling's expansion questions against ``terms``, and the matches.

        Averaged over the rulings that have questions: a ruling without any is
        not "short", it is simply not in this field.
        """
        found = [
            shares
            for term, qweight in terms.items()
            if (shares := self.asks_shares(term, qweight, b)) is not None
        ]
        return self._sum(found)

    def _sum(self, found: list[Shares]) -> Accumulated:
        """Add up the shares, per document, in list order.

        ``np.bincount`` walks its input in order, adding each weight to its
        bin, so one call over the concatenated shares makes the same additions
        in the same order as adding term after term: the same floats.
        """
        matched = np.zeros(self.size, dtype=bool)
        if not found:
            return np.zeros(self.size), matched
        docs = np.concatenate([d for d, _ in found])
        scores = np.bincount(docs, weights=np.concatenate([v for _, v in found]),
                             minlength=self.size)
        matched[docs] = True
        return scores, matched

    def score(
        self, terms: dict[str, float], allowed: set[int] | frozenset[int] | None = None
    ) -> dict[int, float]:
        """BM25F by document for the documents matching any of ``terms`` (and ``allowed``)."""
        return _as_dict(*self.accumulate(terms), allowed)

    def score_asks(
        self, terms: dict[str, float], allowed: set[int] | frozenset[int] | None = None,
        b: float = ASKS_B,
    ) -> dict[int, float]:
        """:meth:`accumulate_asks` by document, for the matching (and ``allowed``) ones."""
        return _as_dict(*self.accumulate_asks(terms, b), allowed)

    # -- proximity -------------------------------------------------------------------

    def proximity_bonus(self, sequence: list[str]) -> np.ndarray | None:
        """Bonus per document for consecutive query terms close together and in order.

        None when no pair of the sequence is close anywhere (nothing to add).
        """
        bonus = None
        for a, b in zip(sequence, sequence[1:], strict=False):
            if a == b:
                continue
            close = self._close_pair(a, b)
            if close is None or not len(close):
                continue
            if bonus is None:
                bonus = np.zeros(self.size)
            bonus[close] += PROXIMITY_WEIGHT * min(self.idf("text", a), self.idf("text", b))
        return bonus

    def proximity(self, sequence: list[str], docnums: Iterable[int]) -> dict[int, float]:
        """:meth:`proximity_bonus` of ``docnums``, for those that earn one."""
        bonus = self.proximity_bonus(sequence)
        if bonus is None:
            return {}
        return {d: float(bonus[d]) for d in docnums if bonus[d]}

    def _close_pair(self, a: str, b: str) -> np.ndarray | None:
        """Documents where ``b`` follows ``a`` within the window (None: a term is absent).

        A property of the corpus alone, so it is worked out once per pair.
        """
        key = (a, b)
        if key in self._pairs:
            return self._pairs[key]
        text = self.postings["text"]
        pa, pb = text.get(a), text.get(b)
        close = None
        if pa and pb:
            close = np.array(sorted(
                docnum for docnum in pa.keys() & pb.keys()
                if any(0 < q - p <= PROXIMITY_WINDOW for p in pa[docnum] for q in pb[docnum])
            ), dtype=np.intp)
        if len(self._pairs) >= CACHE_LIMIT:
            self._pairs.clear()
        self._pairs[key] = close
        return close

    def shared_shares(self, holders: np.ndarray, scored: np.ndarray) -> SharedShares:
        """Per term, the pairs ``i`` whose ``holders[i]`` holds it too, and the share
        ``scored[i]`` has of it at query weight 1 (summed over the scored fields).

        A sentence that points back ("This means you will be able to play 2
        Actions total on your next turn") repeats some words of the sentence
        it continues; carrying the earlier sentence's score for those would
        count them twice.  A share is linear in the query weight, so the table
        is worked out once and :func:`repeated` scales it per question.
        """
        where: dict[int, list[int]] = defaultdict(list)
        for i, d in enumerate(holders.tolist()):
            where[d].append(i)
        found: dict[str, tuple[list[int], list[float]]] = defaultdict(lambda: ([], []))
        for field, fweight in FIELD_WEIGHTS.items():
            for term, docs in self.postings[field].items():
                for d in where.keys() & docs.keys():
                    for i in where[d]:
                        other = int(scored[i])
                        if other in docs:
                            idf = self.idf(field, term) * fweight
                            share = _bm25({other: docs[other]}, self.lengths[field],
                                          self.avg[field], idf, B)[0]
                            found[term][0].append(i)
                            found[term][1].append(share)
        return {t: (np.array(i, dtype=np.intp), np.array(v)) for t, (i, v) in found.items()}

    def as_if_present(self, term: str, docnum: int, weight: float = 1.0) -> float:
        """The BM25 share ``term`` would add to ``docnum`` if the ruling said it once.

        For a ruling that says the same thing in other words - a range ("3 or
        fewer cards") containing a number the question states ("2 cards").
        """
        idf = self.idf("text", term) * weight * FIELD_WEIGHTS["text"]
        norm = K1 * (1 - B + B * self.lengths["text"].get(docnum, 0) / self.avg["text"])
        return idf * (K1 + 1) / (1 + norm)


def _bm25(docs: dict[int, tuple[int, ...]], lengths: dict[int, int], avg: float,
          idf: float, b: float) -> list[float]:
    """Each document's BM25 share of one term (``docs``: docnum -> positions).

    The formula's own expression, in its own order, evaluated in Python once
    per term and kept; so sums of kept shares equal a term-by-term,
    document-by-document evaluation to the bit.
    """
    values = []
    for docnum, positions in docs.items():
        tf = len(positions)
        norm = K1 * (1 - b + b * lengths.get(docnum, 0) / avg)
        values.append(idf * tf * (K1 + 1) / (tf + norm))
    return values


def _as_dict(scores: np.ndarray, matched: np.ndarray,
             allowed: set[int] | frozenset[int] | None) -> dict[int, float]:
    """The matched documents' scores as a plain mapping (ascending docnums)."""
    docs = np.flatnonzero(matched).tolist()
    values = scores[matched].tolist()
    return {d: v for d, v in zip(docs, values, strict=True) if allowed is None or d in allowed}


def repeated(shared: SharedShares, terms: dict[str, float], pairs: int) -> np.ndarray:
    """Per pair, the score its scored document has from the ``terms`` both documents
    hold (``shared`` from :meth:`TextScorer.shared_shares`)."""
    found = [(shared[t], w) for t, w in terms.items() if t in shared]
    if not found:
        return np.zeros(pairs)
    return np.bincount(np.concatenate([i for (i, _), _ in found]),
                       weights=np.concatenate([v * w for (_, v), w in found]), minlength=pairs)
