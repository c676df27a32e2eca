"""BM25F scoring over the whoosh index's postings, held in memory.

Whoosh stores the index and answers the structural queries (field filters,
quoted phrases, exclusions), but its generic matcher machinery costs 10-30 ms
for a ten-word question.  The corpus is small (a few thousand documents), so
at open time the postings of the scored fields are copied into dictionaries
once, and a question is scored here with the same BM25F formula whoosh uses,
plus a proximity bonus for consecutive question words that stand close
together in a ruling ("next turn", "same card") - which whoosh's OR query
cannot express.  This keeps p50 latency around a millisecond.

The expansion questions (``asks``) are scored apart, by plain BM25 over that
field alone (:meth:`TextScorer.score_asks`): they are a different kind of
evidence (how people ask, not what the ruling says), so the searcher adds
them to the text score with a weight of their own, fitted on dev.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable

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
#: One term's BM25 share per document (docnum -> share, in postings order).
Contributions = dict[int, float]
#: Most entries the per-term caches hold before they start over.
CACHE_LIMIT = 50_000


class TextScorer:
    """Postings (term -> doc -> positions) and lengths of the scored fields."""

    def __init__(self, reader, schema) -> None:
        self.doc_count = max(reader.doc_count_all(), 1)
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
            for docnum in range(reader.doc_count_all()):
                n = reader.doc_field_length(docnum, field, 0) or 0
                self.lengths[field][docnum] = n
                total += n
            self.avg[field] = (total / self.doc_count) or 1.0
        # The asks field's statistics count only rulings that have questions.
        filled = [n for n in self.lengths[ASKS].values() if n]
        self.asks_docs = max(len(filled), 1)
        self.asks_avg = (sum(filled) / len(filled)) if filled else 1.0
        # Per-term contributions, computed on first use and kept: the corpus is
        # fixed while the searcher is open, and a question's terms come with one
        # of a handful of weights, so most queries only add up cached numbers.
        self._contributions: dict[tuple, Contributions] = {}
        self._idf: dict[tuple[str, str], float] = {}
        self._pairs: dict[tuple[str, str], frozenset[int] | None] = {}
        #: Documents a query may score (None: all).  The searcher sets it to the
        #: rulings: card documents share the index but are never results, and
        #: dropping them from the cached shares spares every query that test.
        self.base: frozenset[int] | None = None

    def limit_to(self, docs: frozenset[int]) -> None:
        """Score only ``docs`` from now on (statistics still count every document)."""
        self.base = docs
        self._contributions.clear()

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

    def _text_contributions(
        self, field: str, fweight: float, term: str, qweight: float
    ) -> Contributions | None:
        """Docnums holding ``term`` in ``field`` and the BM25F share each gets.

        The arithmetic is the same expression, in the same order, as scoring
        term by term would do, so cached and uncached scores are equal to the bit.
        """
        key = (field, fweight, term, qweight)
        found = self._contributions.get(key)
        if found is not None:
            return found
        docs = self.postings[field].get(term)
        if not docs:
            return None
        lengths, avg = self.lengths[field], self.avg[field]
        idf = self.idf(field, term) * qweight * fweight
        values = []
        for docnum, positions in docs.items():
            tf = len(positions)
            norm = K1 * (1 - B + B * lengths.get(docnum, 0) / avg)
            values.append(idf * tf * (K1 + 1) / (tf + norm))
        return self._keep(key, docs, values)

    def _keep(self, key: tuple, docs: Iterable[int], values: list[float]) -> Contributions:
        """Cache one term's shares, keeping only the documents a query may score."""
        base = self.base
        shares = {
            d: v for d, v in zip(docs, values, strict=True) if base is None or d in base
        }
        if len(self._contributions) >= CACHE_LIMIT:
            self._contributions.clear()  # bounded: odd weights from odd queries cannot grow it
        self._contributions[key] = shares
        return shares

    def score(
        self, terms: dict[str, float], allowed: set[int] | frozenset[int] | None = None
    ) -> dict[int, float]:
        """BM25F of each document matching any of ``terms`` (term -> query weight)."""
        scores: dict[int, float] = {}
        for field, fweight in FIELD_WEIGHTS.items():
            for term, qweight in terms.items():
                found = self._text_contributions(field, fweight, term, qweight)
                if found is not None:
                    _accumulate(scores, found, allowed)
        return scores

    def score_asks(
        self, terms: dict[str, float], allowed: set[int] | frozenset[int] | None = None,
        b: float = ASKS_B,
    ) -> dict[int, float]:
        """BM25 of each ruling's expansion questions against ``terms`` (term -> weight).

        Averaged over the rulings that have questions: a ruling without any is
        not "short", it is simply not in this field.
        """
        scores: dict[int, float] = {}
        for term, qweight in terms.items():
            found = self._asks_contributions(term, qweight, b)
            if found is not None:
                _accumulate(scores, found, allowed)
        return scores

    def _asks_contributions(
        self, term: str, qweight: float, b: float
    ) -> Contributions | None:
        """Like :meth:`_text_contributions`, for the asks field's plain BM25."""
        key = (ASKS, b, term, qweight)
        found = self._contributions.get(key)
        if found is not None:
            return found
        docs = self.postings[ASKS].get(term)
        if not docs:
            return None
        lengths, avg, n_docs = self.lengths[ASKS], self.asks_avg, self.asks_docs
        df = len(docs)
        idf = math.log(1 + (n_docs - df + 0.5) / (df + 0.5)) * qweight
        values = []
        for docnum, positions in docs.items():
            tf = len(positions)
            norm = K1 * (1 - b + b * lengths.get(docnum, 0) / avg)
            values.append(idf * tf * (K1 + 1) / (tf + norm))
        return self._keep(key, docs, values)

    def proximity(self, sequence: list[str], docnums: Iterable[int]) -> dict[int, float]:
        """Bonus for consecutive query terms appearing close together and in order."""
        pairs = [(a, b) for a, b in zip(sequence, sequence[1:], strict=False) if a != b]
        bonus: dict[int, float] = defaultdict(float)
        wanted = set(docnums)
        for a, b in pairs:
            close = self._close_pair(a, b)
            if close is None:
                continue
            weight = PROXIMITY_WEIGHT * min(self.idf("text", a), self.idf("text", b))
            for docnum in wanted.intersection(close):
                bonus[docnum] += weight
        return bonus

    def _close_pair(self, a: str, b: str) -> frozenset[int] | None:
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
            close = frozenset(
                docnum for docnum in pa.keys() & pb.keys()
                if any(0 < q - p <= PROXIMITY_WINDOW for p in pa[docnum] for q in pb[docnum])
            )
        if len(self._pairs) >= CACHE_LIMIT:
            self._pairs.clear()
        self._pairs[key] = close
        return close

    def as_if_present(self, term: str, docnum: int, weight: float = 1.0) -> float:
        """The BM25 share ``term`` would add to ``docnum`` if the ruling said it once.

        For a ruling that says the same thing in other words - a range ("3 or
        fewer cards") containing a number the question states ("2 cards").
        """
        idf = self.idf("text", term) * weight * FIELD_WEIGHTS["text"]
        norm = K1 * (1 - B + B * self.lengths["text"].get(docnum, 0) / self.avg["text"])
        return idf * (K1 + 1) / (1 + norm)


def _accumulate(
    scores: dict[int, float],
    found: Contributions,
    allowed: set[int] | frozenset[int] | None,
) -> None:
    """Add one term's contributions to ``scores`` (only for ``allowed`` docnums, if given).

    A plain dict with ``get`` measured faster than a ``defaultdict`` and than
    merging with C-level set and map operations (which walk the whole dict).
    """
    values = found
    get = scores.get
    if allowed is None:
        for docnum, value in values.items():
            scores[docnum] = get(docnum, 0.0) + value
    else:
        for docnum, value in values.items():
            if docnum in allowed:
                scores[docnum] = get(docnum, 0.0) + value
