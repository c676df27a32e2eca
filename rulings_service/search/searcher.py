"""Answering a question: understand it, retrieve with whoosh, rank, explain.

Ranking has two layers.  Whoosh scores the question's words against ruling
text (BM25F, stemmed, with rules-vocabulary synonyms at a lower weight).  On
top of that, the cards the question names decide which rulings are *about*
the question: a ruling of a named card gets a bonus, a ruling that mentions a
named card a smaller one, and a ruling of one named card that mentions another
named card (the two-card interaction the question asks about) the most.  The
text score, scaled to [0, 1] per query, then orders the rulings within those
tiers.  A name the question writes weakly (a common word in lower case) earns
its bonus only in part.
"""

from __future__ import annotations

import re
import threading
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rapidfuzz import fuzz, process
from whoosh.filedb.filestore import FileStorage, copy_to_ram
from whoosh.query import And, Or, Phrase, Query, Term

from parsers.catalogue import slugify
from rulings_service.search.filters import FilterVocabulary, filter_query
from rulings_service.search.index import INDEX_NAME, build_index, index_is_current
from rulings_service.search.names import (
    FULL,
    NameIndex,
    NameMatch,
    Recognised,
    load_abbreviations,
)
from rulings_service.search.querylang import Clause, parse_query
from rulings_service.search.snippets import snippet_html
from rulings_service.search.text import STOP_WORDS, analyse, clean_query, fold_word
from rulings_service.search.vocabulary import SETUP_WORDS, SYNONYMS

#: Ranking weights (see the module docstring).  The text score is in [0, 1].
OWNER_BONUS = 1.0  # ruling belongs to a card the question names
MENTION_BONUS = 0.6  # ruling mentions a named card
PAIR_BONUS = 0.6  # ruling of one named card mentioning another named card
SETUP_BONUS = 0.3  # setup ruling, for a question about setting up a game
EDITORIAL_FACTOR = 0.6  # editorial notes rarely answer a question
SYNONYM_WEIGHT = 0.4
CORRECTION_WEIGHT = 0.8
TITLE_WEIGHT = 0.3
PHRASE_WEIGHT = 2.0
#: How many text matches whoosh hands to the ranking layer.
TEXT_CANDIDATES = 200
MAX_TERMS = 48
MAX_TERM_CHARS = 40  # longer "words" are noise (pasted hashes, keyboard mashing)
MAX_LIMIT = 100
#: A word outside the corpus vocabulary is corrected to a corpus word above this score.
SPELLING_ACCEPT = 85.0

_SETUP_RES = [re.compile(rf"\b{re.escape(w)}\b") for w in sorted(SETUP_WORDS)]
_PHRASE_SYNONYMS = [(re.compile(rf"(?<!\w){re.escape(k)}(?!\w)"), v) for k, v in SYNONYMS.items()
                    if " " in k or not k.isalnum()]


@dataclass
class SearchHit:
    ruling_id: str
    card: str
    card_slug: str | None
    text: str
    score: float
    snippet_html: str


@dataclass
class SearchResponse:
    results: list[SearchHit] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    facets: dict[str, dict[str, int]] = field(default_factory=dict)
    #: What the question was understood as: recognised card names and search terms.
    names: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    total: int = 0


@dataclass
class _Plan:
    """The compiled query: hard constraints, scored terms, named cards."""

    required: list[Query] = field(default_factory=list)
    excluded: list[Query] = field(default_factory=list)
    terms: dict[str, float] = field(default_factory=dict)  # term -> weight
    phrases: list[list[str]] = field(default_factory=list)
    names: dict[str, float] = field(default_factory=dict)  # slug -> confidence
    highlight: set[str] = field(default_factory=set)
    setup: bool = False


class Searcher:
    """An opened index plus the corpus; open once per process and reuse."""

    def __init__(self, ix: Any, corpus: Any, names: NameIndex) -> None:
        self._ix = ix
        self._searcher = ix.searcher()
        self._lock = threading.Lock()
        self.corpus = corpus
        self.names = names
        self._rulings: dict[int, dict[str, Any]] = {}
        by_id = {r["id"]: r for r in corpus.rulings}
        for docnum, stored in self._searcher.reader().iter_docs():
            ruling = by_id.get(stored.get("id"))
            if ruling is not None:
                self._rulings[docnum] = ruling
        self._docnum = {r["id"]: d for d, r in self._rulings.items()}
        self._order = {d: i for i, d in enumerate(sorted(
            self._rulings, key=lambda d: (self._rulings[d].get("order", 0), d)))}
        cards = {c["slug"]: c for c in corpus.cards}
        self._mentions: dict[int, frozenset[str]] = {}
        self._facets: dict[int, dict[str, tuple[str, ...]]] = {}
        for d, r in self._rulings.items():
            self._mentions[d] = frozenset(slugify(m) for m in r.get("mentions") or ())
            card = cards.get(r.get("card_slug") or "") or {}
            self._facets[d] = {
                "set": tuple(sorted({r.get("set") or ""} - {""})),
                "type": tuple(t.lower() for t in card.get("types") or ()),
                "kind": (r.get("kind") or "card",),
                "source": tuple(sorted({s["document"] for s in r.get("sources") or ()})),
            }
        self.vocab = FilterVocabulary(
            sets=frozenset(
                {r.get("set") for r in corpus.rulings if r.get("set")}
                | {s for c in corpus.cards for s in c.get("sets") or [c.get("set")] if s}
            ),
            types=frozenset(t.lower() for c in corpus.cards for t in c.get("types") or ()),
            kinds=frozenset({r.get("kind") or "card" for r in corpus.rulings}
                            | {"card", "general", "setup", "editorial"}),
            sources=frozenset(s["id"] for s in getattr(corpus, "sources", []) or []),
        )
        self._words = sorted(names.vocabulary())

    # -- opening ---------------------------------------------------------------

    @classmethod
    def open(
        cls,
        index_dir: Path,
        corpus: Any,
        *,
        aliases: dict[str, tuple[str, ...]] | None = None,
        abbreviations_file: Path | None = None,
    ) -> Searcher:
        """Open (building or rebuilding first if missing or stale) and load into memory."""
        index_dir = Path(index_dir)
        if not index_is_current(index_dir, corpus):
            build_index(corpus, index_dir)
        storage = copy_to_ram(FileStorage(str(index_dir)))
        ix = storage.open_index(indexname=INDEX_NAME)
        if aliases is None:
            aliases = _catalogue_aliases()
        abbreviations = (
            load_abbreviations(abbreviations_file) if abbreviations_file else load_abbreviations()
        )
        texts = [r.get("text") or "" for r in corpus.rulings]
        texts += [c.get("text") or "" for c in corpus.cards]
        names = NameIndex(corpus.cards, aliases, abbreviations, texts)
        return cls(ix, corpus, names)

    def close(self) -> None:
        self._searcher.close()
        self._ix.close()

    # -- names -------------------------------------------------------------------

    def named_exact(self, name: object) -> dict[str, Any] | None:
        return self.names.named_exact(name)

    def named_fuzzy(self, name: object) -> NameMatch:
        return self.names.named_fuzzy(name)

    def autocomplete(self, prefix: object) -> list[str]:
        try:
            return self.names.autocomplete(prefix)
        except Exception:  # noqa: BLE001 - autocomplete must never fail a keystroke
            return []

    # -- search ------------------------------------------------------------------

    def search(self, query: object, limit: int = 10) -> SearchResponse:
        """Rank rulings for ``query``; never raises on any input."""
        text, warnings = clean_query(query)
        limit = _clamp_limit(limit, warnings)
        if not text:
            return SearchResponse(warnings=warnings + ["the query is empty"])
        parsed = parse_query(text)
        warnings += parsed.warnings
        plan = self._plan(parsed, warnings)
        if not plan.terms and not plan.names and not plan.phrases and not plan.required:
            warnings.append(
                "nothing to search for: the query has only common words, operators or"
                " ignored parts"
            )
            return SearchResponse(warnings=warnings)
        scores = self._rank(plan)
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], self._order[kv[0]]))
        results = [self._hit(d, s, plan) for d, s in ranked[:limit]]
        if not results:
            warnings.append("no ruling matches the query")
        return SearchResponse(
            results=results,
            warnings=warnings,
            facets=self._facet_counts(d for d, _ in ranked),
            names=[self.names.cards[s]["name"] for s in plan.names],
            terms=list(plan.terms),
            total=len(ranked),
        )

    # -- understanding -------------------------------------------------------------

    def _plan(self, parsed: Any, warnings: list[str]) -> _Plan:
        plan = _Plan()
        words: list[str] = []
        for group in parsed.groups:
            compiled = [self._compile(c, plan, warnings) for c in group]
            compiled = [q for q in compiled if q is not None]
            hard = any(c.kind != "word" for c in group)
            if len(group) == 1 and group[0].negated:
                plan.excluded.extend(compiled)
            elif hard and compiled:
                plan.required.append(compiled[0] if len(compiled) == 1 else Or(compiled))
            words += [c.value for c in group if c.kind == "word" and not c.negated]
        free = parsed.free_text()
        recognised = self.names.recognise(free)
        for rec in recognised:
            plan.names[rec.slug] = max(plan.names.get(rec.slug, 0.0), rec.confidence)
            plan.highlight.update(analyse(rec.name))
        plain = _without_names(" ".join(words), self.names.recognise(" ".join(words)))
        self._add_terms(plain, plan)
        lowered = free.lower()
        plan.setup = any(rx.search(lowered) for rx in _SETUP_RES)
        return plan

    def _add_terms(self, text: str, plan: _Plan) -> None:
        for term in analyse(text):
            if len(plan.terms) >= MAX_TERMS:
                break
            if len(term) > MAX_TERM_CHARS:
                continue
            plan.terms[term] = max(plan.terms.get(term, 0.0), 1.0)
            plan.highlight.add(term)
        lowered = text.lower()
        for word in re.findall(r"[a-z0-9]+", lowered):
            if word in STOP_WORDS or word.isdigit() or len(word) < 5 or self.names.is_word(word):
                continue
            fixed = process.extractOne(
                word, self._words, scorer=fuzz.ratio, score_cutoff=SPELLING_ACCEPT
            )
            if fixed:
                for term in analyse(fixed[0]):
                    plan.terms.setdefault(term, CORRECTION_WEIGHT)
                    plan.highlight.add(term)
        extra: list[str] = []
        for word in re.findall(r"[a-z0-9$]+", lowered):
            extra += SYNONYMS.get(word, ()) or SYNONYMS.get(fold_word(word), ())
        for rx, targets in _PHRASE_SYNONYMS:
            if rx.search(lowered):
                extra += targets
        for term in analyse(" ".join(extra)):
            plan.terms.setdefault(term, SYNONYM_WEIGHT)

    def _compile(self, clause: Clause, plan: _Plan, warnings: list[str]) -> Query | None:
        if clause.kind == "filter":
            assert clause.field is not None
            query, warning = filter_query(clause.field, clause.value, self.vocab, self.names)
            if warning:
                warnings.append(warning)
            return query
        terms = analyse(clause.value)
        if not terms:
            if clause.kind == "phrase" or clause.negated:
                warnings.append(f"{clause.value!r} has only common words; ignored")
            return None
        if clause.kind == "phrase":
            if not clause.negated:
                plan.phrases.append(terms)
                plan.highlight.update(terms)
            return Term("text", terms[0]) if len(terms) == 1 else Phrase("text", terms)
        if len(terms) == 1:
            return Term("text", terms[0])
        return And([Term("text", t) for t in terms])

    # -- ranking -------------------------------------------------------------------

    def _rank(self, plan: _Plan) -> dict[int, float]:
        constraint = And([Term("doctype", "ruling"), *plan.required])
        mask = Or(plan.excluded) if plan.excluded else None
        text_q = self._text_query(plan)
        text_scores: dict[int, float] = {}
        candidates: set[int] = set()
        with self._lock:
            s = self._searcher
            if text_q is not None:
                for score, docnum in s.search(
                    text_q, filter=constraint, mask=mask, limit=TEXT_CANDIDATES
                ).top_n:
                    text_scores[docnum] = score
            if plan.names:
                named = Or([Term("cards", slug) for slug in plan.names])
                where = And([constraint, named])
                if text_q is not None:
                    for score, docnum in s.search(
                        text_q, filter=where, mask=mask, limit=None
                    ).top_n:
                        text_scores[docnum] = score
                candidates.update(s.docs_for_query(where))
            if text_q is None and not plan.names:
                candidates.update(s.docs_for_query(constraint))
            if mask is not None and candidates:
                candidates -= set(s.docs_for_query(mask))
        candidates.update(text_scores)
        top = max(text_scores.values(), default=0.0) or 1.0
        out: dict[int, float] = {}
        for d in candidates:
            if d not in self._rulings:
                continue
            score = text_scores.get(d, 0.0) / top + self._bonus(d, plan)
            if self._rulings[d].get("kind") == "editorial":
                score *= EDITORIAL_FACTOR
            out[d] = round(score, 4)
        return out

    def _text_query(self, plan: _Plan) -> Query | None:
        parts: list[Query] = []
        for term, weight in plan.terms.items():
            parts.append(Term("text", term, boost=weight))
            parts.append(Term("title", term, boost=weight * TITLE_WEIGHT))
        for terms in plan.phrases:
            if len(terms) > 1:
                parts.append(Phrase("text", terms, boost=PHRASE_WEIGHT))
            else:
                parts.append(Term("text", terms[0], boost=PHRASE_WEIGHT))
        return Or(parts) if parts else None

    def _bonus(self, d: int, plan: _Plan) -> float:
        ruling = self._rulings[d]
        bonus = 0.0
        if plan.names:
            owner = ruling.get("card_slug")
            mentions = self._mentions[d]
            others = [c for s, c in plan.names.items() if s != owner and s in mentions]
            if owner in plan.names:
                bonus += OWNER_BONUS * plan.names[owner]
                if others:
                    bonus += PAIR_BONUS * min(plan.names[owner], max(others))
            if others:
                bonus += MENTION_BONUS * max(others)
        if plan.setup and ruling.get("kind") == "setup":
            bonus += SETUP_BONUS
        return bonus

    # -- output --------------------------------------------------------------------

    def _hit(self, d: int, score: float, plan: _Plan) -> SearchHit:
        r = self._rulings[d]
        return SearchHit(
            ruling_id=r["id"],
            card=r.get("card") or "",
            card_slug=r.get("card_slug"),
            text=r.get("text") or "",
            score=score,
            snippet_html=snippet_html(r.get("text") or "", plan.highlight),
        )

    def _facet_counts(self, docnums: Any) -> dict[str, dict[str, int]]:
        counts: dict[str, Counter[str]] = defaultdict(Counter)
        for d in docnums:
            for facet, values in self._facets[d].items():
                counts[facet].update(values)
        return {f: dict(sorted(c.items())) for f, c in sorted(counts.items())}


def _without_names(text: str, recognised: list[Recognised]) -> str:
    """``text`` with confidently recognised names blanked out (weak ones stay as words)."""
    out, pos = [], 0
    for rec in recognised:
        if rec.confidence < FULL and rec.how == "name":
            continue
        out.append(text[pos : rec.start])
        out.append(" ")
        pos = rec.end
    out.append(text[pos:])
    return "".join(out)


def _clamp_limit(limit: object, warnings: list[str]) -> int:
    try:
        value = int(limit)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        warnings.append(f"limit {limit!r} is not a number; used 10")
        return 10
    if value < 1 or value > MAX_LIMIT:
        clamped = min(max(value, 1), MAX_LIMIT)
        warnings.append(f"limit {value} is out of range 1-{MAX_LIMIT}; used {clamped}")
        return clamped
    return value


def _catalogue_aliases() -> dict[str, tuple[str, ...]]:
    """Alias spellings from the catalogue, by slug; none if the catalogue is unreadable."""
    try:
        from parsers.catalogue import load_catalogue
        from rulings_service.paths import CATALOGUE_DIR

        catalogue = load_catalogue(CATALOGUE_DIR)
    except Exception:  # noqa: BLE001 - aliases are an extra; search works without them
        return {}
    return {c.slug: c.aliases for c in catalogue.cards if c.aliases}
