"""BM25F scoring over the whoosh index's postings, held in memory.

Whoosh stores the index and answers the structural queries (field filters,
quoted phrases, exclusions), but its generic matcher machinery costs 10-30 ms
for a ten-word question.  The corpus is small (a few thousand documents), so
at open time the postings of the scored fields are copied into dictionaries
once, and a question is scored here with the same BM25F formula whoosh uses,
plus a proximity bonus for consecutive question words that stand close
together in a ruling ("next turn", "same card") - which whoosh's OR query
cannot express.  This keeps p50 latency around a millisecond.
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


class TextScorer:
    """Postings (term -> doc -> positions) and lengths of the scored fields."""

    def __init__(self, reader, schema) -> None:
        self.doc_count = max(reader.doc_count_all(), 1)
        self.postings: dict[str, dict[str, dict[int, tuple[int, ...]]]] = {
            f: defaultdict(dict) for f in FIELD_WEIGHTS
        }
        formats = {f: schema[f].format for f in FIELD_WEIGHTS}
        for field, term, docnum, weight, value in reader.iter_postings():
            if field not in FIELD_WEIGHTS:
                continue
            text = term.decode("utf-8") if isinstance(term, bytes) else term
            fmt = formats[field]
            positions = tuple(fmt.decode_positions(value)) if value and fmt.supports(
                "positions") else ()
            self.postings[field][text][docnum] = positions or (0,) * max(int(weight), 1)
        self.lengths: dict[str, dict[int, int]] = {f: {} for f in FIELD_WEIGHTS}
        self.avg: dict[str, float] = {}
        for field in FIELD_WEIGHTS:
            total = 0
            for docnum in range(reader.doc_count_all()):
                n = reader.doc_field_length(docnum, field, 0) or 0
                self.lengths[field][docnum] = n
                total += n
            self.avg[field] = (total / self.doc_count) or 1.0

    def idf(self, field: str, term: str) -> float:
        df = len(self.postings[field].get(term, ()))
        return math.log(1 + (self.doc_count - df + 0.5) / (df + 0.5))

    def score(
        self, terms: dict[str, float], allowed: set[int] | frozenset[int] | None = None
    ) -> dict[int, float]:
        """BM25F of each document matching any of ``terms`` (term -> query weight)."""
        scores: dict[int, float] = defaultdict(float)
        for field, fweight in FIELD_WEIGHTS.items():
            lengths, avg = self.lengths[field], self.avg[field]
            for term, qweight in terms.items():
                docs = self.postings[field].get(term)
                if not docs:
                    continue
                idf = self.idf(field, term) * qweight * fweight
                for docnum, positions in docs.items():
                    if allowed is not None and docnum not in allowed:
                        continue
                    tf = len(positions)
                    norm = K1 * (1 - B + B * lengths.get(docnum, 0) / avg)
                    scores[docnum] += idf * tf * (K1 + 1) / (tf + norm)
        return scores

    def proximity(self, sequence: list[str], docnums: Iterable[int]) -> dict[int, float]:
        """Bonus for consecutive query terms appearing close together and in order."""
        text = self.postings["text"]
        pairs = [(a, b) for a, b in zip(sequence, sequence[1:], strict=False) if a != b]
        bonus: dict[int, float] = defaultdict(float)
        wanted = set(docnums)
        for a, b in pairs:
            pa, pb = text.get(a), text.get(b)
            if not pa or not pb:
                continue
            weight = PROXIMITY_WEIGHT * min(self.idf("text", a), self.idf("text", b))
            for docnum in wanted.intersection(pa, pb):
                first, second = pa[docnum], pb[docnum]
                if any(0 < q - p <= PROXIMITY_WINDOW for p in first for q in second):
                    bonus[docnum] += weight
        return bonus

    def as_if_present(self, term: str, docnum: int, weight: float = 1.0) -> float:
        """The BM25 share ``term`` would add to ``docnum`` if the ruling said it once.

        For a ruling that says the same thing in other words - a range ("3 or
        fewer cards") containing a number the question states ("2 cards").
        """
        idf = self.idf("text", term) * weight * FIELD_WEIGHTS["text"]
        norm = K1 * (1 - B + B * self.lengths["text"].get(docnum, 0) / self.avg["text"])
        return idf * (K1 + 1) / (1 + norm)
