"""Answering a question: understand it, score it, rank it, explain it.

The whoosh index holds the rulings; :class:`Searcher` opens it once, copies
it into memory and keeps the lookup tables ranking needs.  A query goes
through the parser (``querylang``), the understander (``understanding``:
names, topics, terms), the BM25F scorer (``scoring``) and then the ranking
here, which has two layers.  The text score, scaled to [0, 1] per query, says
how well a ruling's words match.  On top of it, the cards the question names
decide which rulings are *about* the question: a ruling of a named card gets
a bonus larger than any text score, a ruling mentioning a named card a
smaller one, and a ruling of one named card that mentions another named card
(the two-card interaction the question asks about) the most.  A name the
question writes weakly (a common word in lower case) earns its bonus in part,
and a named card other than the question's subject (the first one named)
earns a share.  Then the question's card's own classifier (``siblings``)
weighs its rulings by how likely each is the one asked about (for a rules
question, the general rules' classifier weighs all of them); last, a small
reranker (``reranker``) reorders the best rulings by whether each gives the
kind of answer the question asks for.
Scores live in NumPy arrays over every index document (:class:`Ranking`), and
each of these steps is applied to all rulings at once with the same float
operations, in the same order, as the per-ruling rule it implements
(``benchmarks/search_identity.py`` and ``tests/search/test_search_fastpaths.py``
hold them equal).

The text score includes, with a weight fitted on the question sets (``CueWeights.asks``),
the BM25 of the question against each ruling's "asked as" questions
(``expansions``, indexed as the ``asks`` field): most wrong answers are a
sibling ruling of the right card that shares more words with the question,
and the expansion questions phrase a ruling the way players ask.  They rank
only; hits and snippets show the ruling's own text.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import Counter, defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from whoosh.filedb.filestore import FileStorage, copy_to_ram
from whoosh.query import And, Or

from parsers.catalogue import slugify
from rulings_service.cardnames import NameAnswer, card_names_for, load_abbreviations
from rulings_service.search.cues import bound_match, ruling_bounds, ruling_kinds
from rulings_service.search.describe import CardDescriber
from rulings_service.search.filters import FilterVocabulary
from rulings_service.search.index import (
    GENERAL_RULES,
    INDEX_NAME,
    build_index,
    index_is_current,
    is_general,
    ruling_owners,
)
from rulings_service.search.names import FUZZY, NameIndex, NameMatch
from rulings_service.search.querylang import parse_query
from rulings_service.search.reranker import WEIGHTS_FILE, CueWeights
from rulings_service.search.scoring import TextScorer, repeated
from rulings_service.search.siblings import SIBLINGS_FILE, SiblingModels
from rulings_service.search.snippets import snippet_html
from rulings_service.search.text import analyse, clean_query
from rulings_service.search.translations import (
    TRANSLATIONS_FILE,
    Translations,
    load_translations,
)
from rulings_service.search.understanding import QueryPlan, Understander
from rulings_service.search.vocabulary import load_lexicon

log = logging.getLogger(__name__)

__all__ = ["WEIGHTS_FILE", "CueWeights", "ReadAs", "SearchHit", "SearchResponse", "Searcher"]

#: Ranking weights (see the module docstring).  The text score is in [0, 1].
OWNER_BONUS = 1.2  # ruling of a named card: above any ruling matching words only
MENTION_BONUS = 0.6  # ruling mentions a named card
PAIR_BONUS = 0.3  # ruling of one named card mentioning another named card
TOPIC_BONUS = 0.9  # general-rules ruling on a concept the question names ("Boons", "Night")
TOPIC_BESIDE_CARD = 0.5  # share of the topic bonus when the question also names a card
SELF_PAIR_BONUS = 0.6  # "X a X": ruling text says the card's name twice, close together
SELF_PAIR_WINDOW = 3  # words allowed between the two mentions ("Conclave cannot play a Conclave")
SETUP_BONUS = 0.3  # setup ruling, for a question about setting up a game
BASIC_FACTOR = 0.3  # a basic card named next to other cards is usually the object
#: (PAIR_BONUS and BASIC_FACTOR were refitted on the 3,152 committed questions, to
#: values both halves of a 2-fold split across question sets moved towards: 0.6 and
#: 0.5 before; hit@1 0.904 -> 0.907, 25 questions better and 5 worse.)
#: A ruling naming cards the question does not (a special case: "Gondola with King's
#: Cache") is less likely the answer than the card's general ruling; per card, up to 2.
UNASKED_MENTION = 0.1
EDITORIAL_FACTOR = 0.6  # editorial notes rarely answer a question
#: A general ruling of another topic that speaks of an asked topic ("Receiving a Boon
#: is not gaining a card", a States ruling) takes this share of the topic bonus.
TOPIC_MENTION_SHARE = 0.5
#: A ruling that opens by pointing back ("This does not count as gaining a card.")
#: carries this share of the text score of the sentence it continues.
ANAPHOR_SHARE = 0.6
_ANAPHOR = re.compile(r"(This|That|These|Those|They|It|Then)\b")
#: The general rules' classifier's weight (``_weigh_siblings``).  On the fitting
#: sets' 150 general-rules questions, 0.75, 1.0 and 1.25 ranked 143-144 first,
#: 0.4 and 2.0 139 and 142, none 131.
GENERAL_SIBLINGS = 1.0
#: "What is a Duration card?" asks for the sentence that introduces the topic.
DEFINITION_BONUS = 0.2
_DEFINES = re.compile(
    r"^(each |an? |the )?(?P<subject>\w+)( cards?)? (is|are)\b"
    r"|(?P<subject2>\w+)(, which|; this) (is|are)\b",
    re.I,
)
_ASKS_DEFINITION = re.compile(
    r"\bwhat (is|are|even is|exactly is)\b|\bwhat makes\b|\bhow (do|does)\b.{0,40}\bwork\b"
    r"|\bwhat does\b.{0,40}\bmean\b|\bexplain\b|\bwhat'?s an?\b"
)


def _topic_words(ruling: dict[str, Any]) -> tuple[str, ...]:
    """The analysed words of a general ruling's topic ("vp-tokens" -> ("vp", "token"))."""
    return tuple(analyse(str(ruling.get("topic") or "").replace("-", " ")))


def _document(ruling: dict[str, Any]) -> Any:
    """The source document a ruling was first read from (rulebook order is per document)."""
    return (ruling.get("sources") or [{}])[0].get("document")


#: The words, besides sets, types and topics, of a sentence that only says which
#: kinds of cards a set has ("Plunder has Duration cards.").
CATEGORY_FRAME = "card cards has have there are is some many in new also include with"
#: Most named cards checked pairwise for a ruling that connects them.
MAX_PAIR_CARDS = 4

#: Results scoring below this share of the best text match are not matches at all.
MIN_SCORE = 0.05
#: The reranker's features are computed for this many best-scoring rulings.
RERANK_DEPTH = 30
MAX_LIMIT = 100
#: Scores are compared rounded to this step (4 decimals).
ROUNDING_STEP = 1e-4


@dataclass
class SearchHit:
    ruling_id: str
    card: str
    card_slug: str | None
    text: str
    score: float
    snippet_html: str


@dataclass
class Ranking:
    """A question's score for every document, and which documents are results.

    Scores of documents that are not results are 0.0 (so a bonus added to a
    newcomer starts from nothing, as ``scores.get(d, 0.0) + bonus`` would).
    """

    scores: np.ndarray
    present: np.ndarray

    @classmethod
    def from_dict(cls, size: int, scores: dict[int, float]) -> Ranking:
        ranking = cls(np.zeros(size), np.zeros(size, dtype=bool))
        for d, value in scores.items():
            ranking.add(d, value)
        return ranking

    def add(self, d: int, value: float) -> None:
        """Make ``d`` a result, adding ``value`` to its score."""
        self.scores[d] += value
        self.present[d] = True

    def docs(self) -> np.ndarray:
        return np.flatnonzero(self.present)

    def as_dict(self) -> dict[int, float]:
        docs = self.docs()
        return dict(zip(docs.tolist(), self.scores[docs].tolist(), strict=True))

    def __len__(self) -> int:
        return int(np.count_nonzero(self.present))


@dataclass
class ReadAs:
    """A card the question was read as describing (our inference, not a name it typed)."""

    card: str
    card_slug: str
    confidence: float


@dataclass
class SearchResponse:
    results: list[SearchHit] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    facets: dict[str, dict[str, int]] = field(default_factory=dict)
    #: What the question was understood as: recognised card names and search terms.
    names: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    total: int = 0
    #: Cards the question describes without naming (best first), with confidence.
    read_as: list[ReadAs] = field(default_factory=list)


class Searcher:
    """An opened index plus the corpus; open once per process and reuse."""

    def __init__(self, ix: Any, corpus: Any, names: NameIndex,
                 siblings: SiblingModels | None = None,
                 translations: Translations | None = None, *,
                 lexicon: dict[str, tuple[str, ...]] | None = None) -> None:
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
        #: What a hit shows of each ruling: id, card, card slug, text.
        self._shown = {d: (r["id"], r.get("card") or "", r.get("card_slug"), r.get("text") or "")
                       for d, r in self._rulings.items()}
        self._order = {d: i for i, d in enumerate(sorted(
            self._rulings, key=lambda d: (self._rulings[d].get("order", 0), d)))}
        cards = {c["slug"]: c for c in corpus.cards}
        self._mentions: dict[int, frozenset[str]] = {}
        self._facets: dict[int, dict[str, tuple[str, ...]]] = {}
        for d, r in self._rulings.items():
            self._mentions[d] = frozenset(slugify(m) for m in r.get("mentions") or ()) | (
                names.capitalised_names(r.get("text") or "")
            )
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
        self._ruling_docs = frozenset(self._rulings)
        self._facet_keys = {
            d: tuple((f, v) for f, values in facets.items() for v in values)
            for d, facets in self._facets.items()
        }
        self._owners = {d: frozenset(ruling_owners(r)) for d, r in self._rulings.items()}
        #: Cards with at least one ruling of their own (the sources explain the others
        #: only in passing, if at all).
        self._ruled = frozenset(slug for owners in self._owners.values() for slug in owners)
        self._by_card: dict[str, set[int]] = defaultdict(set)
        for d in self._rulings:
            for slug in self._owners[d] | self._mentions[d]:
                self._by_card[slug].add(d)
        self._basic = frozenset(c["slug"] for c in corpus.cards if c.get("kind") == "basic")
        # General-rules topics ("General rules: Boons") by the analysed words of the topic.
        self._topics: dict[tuple[str, ...], set[int]] = defaultdict(set)
        for d, r in self._rulings.items():
            words = _topic_words(r)
            if words:
                self._topics[words].add(d)
        # General rulings of another topic that speak of a topic ("receiving Boons and
        # Hexes ... is not gaining a card", a States ruling).  Setup rulings name every
        # topic a game may use, so they count only where they speak of two topics a
        # question asks about together ("Events and Traits can be shuffled into the
        # randomizer deck").
        self._topic_mentions: dict[tuple[str, ...], set[int]] = defaultdict(set)
        self._setup_mentions: dict[tuple[str, ...], set[int]] = defaultdict(set)
        for d, r in self._rulings.items():
            if not r.get("topic") or r.get("kind") not in ("general", "setup"):
                continue
            said = analyse(r.get("text") or "")
            into = self._topic_mentions if r.get("kind") == "general" else self._setup_mentions
            for words in self._topics:
                if words and d not in self._topics[words] and any(
                        tuple(said[i:i + len(words)]) == words for i in range(len(said))):
                    into[words].add(d)
        self.scorer = TextScorer(self._searcher.reader(), ix.schema)
        self._category_words = frozenset(
            {w for c in corpus.cards for w in analyse((c.get("set") or "").replace("-", " "))}
            | {w for c in corpus.cards for t in c.get("types") or () for w in analyse(t)}
            | {w for words in self._topics for w in words}
            | set(analyse(CATEGORY_FRAME)))
        self.describer = self._describer(corpus)
        self.understander = Understander(names, self.vocab, self._basic, frozenset(self._topics),
                                         lexicon=lexicon, translations=translations,
                                         describer=self.describer)
        self.weights = CueWeights.load()
        self.understander.lexicon_weight = self.weights.lexicon
        self._kinds = {d: ruling_kinds(r.get("text") or "") for d, r in self._rulings.items()}
        self._gives = {
            kind: self.scorer.mask(d for d, kinds in self._kinds.items() if kind in kinds)
            for kind in {k for kinds in self._kinds.values() for k in kinds}
        }
        self._bounds = {d: ruling_bounds(r.get("text") or "") for d, r in self._rulings.items()}
        # Per card with a sibling classifier: its rulings' documents, in class order.
        self.siblings = siblings
        self._sibling_docs = {
            slug: np.array([self._docnum.get(rid, -1) for rid in model.rulings], dtype=np.intp)
            for slug, model in (siblings.cards.items() if siblings else ())
        }
        self._bounded = frozenset(d for d, b in self._bounds.items() if b)
        self._anaphors, self._antecedents = self._continuations()
        self._repeated = self.scorer.shared_shares(self._anaphors, self._antecedents)
        self._defining = self._definitions()
        self._holding: dict[int, tuple[int, ...]] = {}
        self._owner_masks: dict[str, np.ndarray] = {}
        self._mention_masks: dict[str, np.ndarray] = {}
        self._precompute()

    def _describer(self, corpus: Any) -> CardDescriber:
        """The card-description model over the corpus's cards, their rulings and the
        cards each card's text names."""
        texts: dict[str, list[str]] = defaultdict(list)
        for r in self._rulings.values():
            for slug in ruling_owners(r):
                texts[slug].append(r.get("text") or "")
        mentions = {c["slug"]: self.names.capitalised_names(c.get("text") or "")
                    for c in corpus.cards if c.get("slug")}
        return CardDescriber(corpus.cards, texts, mentions)

    def _definitions(self) -> dict[tuple[str, ...], set[int]]:
        """Per topic, the sentence each rulebook introduces it with: its first ruling
        of the form "Duration cards are ...", "Each Hex is ...", "... Traits, which are ..."."""
        found: dict[tuple[str, ...], set[int]] = defaultdict(set)
        seen: set[tuple[tuple[str, ...], Any]] = set()
        for d, r in sorted(self._rulings.items(), key=lambda item: item[1].get("order") or 0):
            if r.get("kind") != "general" or not r.get("topic"):
                continue
            words = _topic_words(r)
            source = _document(r)
            if (words, source) in seen or not words:
                continue
            subjects = [
                m.group("subject") or m.group("subject2")
                for m in _DEFINES.finditer(r.get("text") or "")
            ]
            if not any(words[-1] in analyse(subject) for subject in subjects):
                continue
            seen.add((words, source))
            found[words].add(d)
        return found

    def _continuations(self) -> tuple[np.ndarray, np.ndarray]:
        """Rulings that open by pointing back ("This does not count as gaining a card.")
        and the ruling they continue (the one before it, of the same card and source).

        Segmentation cut the sentence from the one that says what "this" is; a
        question about exchanging asks about it in the earlier sentence's words.
        """
        by_place: dict[tuple[Any, ...], int] = {}
        for d, r in self._rulings.items():
            by_place[(r.get("card"), _document(r), r.get("order"))] = d
        pairs = []
        for d, r in self._rulings.items():
            if not _ANAPHOR.match(r.get("text") or ""):
                continue
            order = r.get("order")
            before = by_place.get((r.get("card"), _document(r), order - 1)) if order else None
            if before is not None:
                pairs.append((d, before))
        pairs.sort()
        return (np.array([a for a, _ in pairs], dtype=np.intp),
                np.array([b for _, b in pairs], dtype=np.intp))

    def _content_free(self, ruling: dict[str, Any]) -> bool:
        """Whether a general ruling says only which sets have which kinds of cards
        ("Plunder has Duration cards.", "Nocturne also has Doom cards and Hexes."):
        every word a set, a type, a topic or a word of that frame."""
        if ruling.get("card_slug"):
            return False  # a card's "This is a Victory card." answers about the card
        terms = analyse(ruling.get("text") or "")
        return bool(terms) and set(terms) <= self._category_words

    def _precompute(self) -> None:
        """Per-document tables that depend only on the corpus, so queries only look up.

        Profiling showed most of a query's time went on work repeated for every
        candidate ruling: set differences for the unasked-mention penalty,
        facet tuples chained and counted, a key function for the full sort.
        """
        # Scoring may skip the allowed-set test when nothing is filtered out.
        self.scorer.limit_to(self._ruling_docs)
        # Tables are arrays over all index documents, for whole-question steps.
        size, mask = self.scorer.size, self.scorer.mask
        self._ruling_mask = mask(self._ruling_docs)
        self._setup_mask = mask(d for d, r in self._rulings.items() if r.get("kind") == "setup")
        self._editorial_mask = mask(
            d for d, r in self._rulings.items() if r.get("kind") == "editorial")
        self._content_free_mask = mask(
            d for d, r in self._rulings.items() if self._content_free(r))
        # Unasked mentions: cards a ruling names besides its owners.  With no
        # named card in the question the penalty is a constant per ruling; a
        # question naming cards changes it only for rulings that mention them.
        self._unasked = {d: self._mentions[d] - self._owners[d] for d in self._rulings}
        self._penalty = np.zeros(size)
        self._unasked_count = np.zeros(size, dtype=np.intp)
        unasked_by_card: dict[str, list[int]] = defaultdict(list)
        for d, unasked in sorted(self._unasked.items()):
            self._penalty[d] = UNASKED_MENTION * min(len(unasked), 2)
            self._unasked_count[d] = len(unasked)
            for slug in unasked:
                unasked_by_card[slug].append(d)
        self._penalised_mask = self._penalty != 0
        self._unasked_docs = {
            slug: np.array(docs, dtype=np.intp) for slug, docs in unasked_by_card.items()
        }
        # Facets: rulings share about a hundred distinct tuples of facet values;
        # each ruling gets the small int of its tuple (its signature), and a
        # query's facet counts are its signature counts times a matrix saying
        # which (facet, value) pairs each signature holds, pairs in sorted order.
        signatures: dict[tuple[tuple[str, str], ...], int] = {}
        self._signature_array = np.zeros(size, dtype=np.intp)
        for d, keys in self._facet_keys.items():
            self._signature_array[d] = signatures.setdefault(keys, len(signatures))
        self._signature_keys = list(signatures)
        self._facet_pairs = sorted({key for keys in signatures for key in keys})
        column = {key: i for i, key in enumerate(self._facet_pairs)}
        # Float, so the product below is one BLAS call; counts stay exact far past
        # any corpus size (integers below 2**53).
        self._signature_pairs = np.zeros((len(signatures), len(self._facet_pairs)))
        for signature, keys in enumerate(self._signature_keys):
            for key in keys:
                self._signature_pairs[signature, column[key]] += 1
        # Sorted pairs come grouped by facet: each facet's columns, and its values.
        spans: dict[str, list[int]] = {}
        for i, (facet, _) in enumerate(self._facet_pairs):
            spans.setdefault(facet, []).append(i)
        self._facet_spans = [
            (facet, at[0], at[-1] + 1, [self._facet_pairs[i][1] for i in at])
            for facet, at in spans.items()
        ]

    # -- opening ---------------------------------------------------------------

    @classmethod
    def open(
        cls,
        index_dir: Path,
        corpus: Any,
        *,
        aliases: dict[str, tuple[str, ...]] | None = None,
        abbreviations_file: Path | None = None,
        lexicon_file: Path | None = None,
    ) -> Searcher:
        """Open (building or rebuilding first if missing or stale) and load into memory."""
        index_dir = Path(index_dir)
        if not index_is_current(index_dir, corpus):
            build_index(corpus, index_dir)
        storage = copy_to_ram(FileStorage(str(index_dir)))
        ix = storage.open_index(indexname=INDEX_NAME)
        if aliases is None:
            aliases = {c["slug"]: tuple(c["aliases"]) for c in corpus.cards if c.get("aliases")}
            if not aliases:
                aliases = _catalogue_aliases()
        abbreviations = (
            load_abbreviations(abbreviations_file) if abbreviations_file else load_abbreviations()
        )
        texts = [r.get("text") or "" for r in corpus.rulings]
        texts += [c.get("text") or "" for c in corpus.cards]
        matcher = card_names_for(corpus.cards, aliases, abbreviations)
        names = NameIndex(corpus.cards, aliases, abbreviations, texts, matcher=matcher)
        return cls(ix, corpus, names, SiblingModels.load(index_dir / SIBLINGS_FILE),
                   load_translations(index_dir / TRANSLATIONS_FILE),
                   lexicon=load_lexicon(lexicon_file) if lexicon_file else None)

    def close(self) -> None:
        self._searcher.close()
        self._ix.close()

    # -- names -------------------------------------------------------------------

    def named_exact(self, name: object) -> dict[str, Any] | None:
        return self.names.named_exact(name)

    def named_fuzzy(self, name: object) -> NameMatch:
        return self.names.named_fuzzy(name)

    def lookup_name(self, name: object) -> NameAnswer:
        """What a typed name means (card, not_covered, ambiguous, none): the shared matcher's."""
        return self.names.lookup(name)

    def autocomplete(self, prefix: object) -> list[str]:
        try:
            return self.names.autocomplete(prefix)
        except Exception:  # noqa: BLE001 - autocomplete must never fail a keystroke
            return []

    # -- search ------------------------------------------------------------------

    def search(self, query: object, limit: int = 10, offset: int = 0) -> SearchResponse:
        """Rank rulings for ``query``; never raises on any input.

        ``offset`` skips that many of the best rulings (the API's pages); the
        facets and ``total`` are those of the whole search either way.

        Every input is handled on purpose (see the hostile-input tests); the
        catch-all below is the last line for a bug we have not found yet: a bot
        gets an answer with a warning instead of a 500, and the log gets the
        traceback.
        """
        try:
            return self._search(query, limit, max(int(offset), 0))
        except Exception:
            log.exception("search failed for query %r", query)
            return SearchResponse(warnings=["search failed on this query (internal error)"])

    def _search(self, query: object, limit: int, offset: int = 0) -> SearchResponse:
        text, warnings = clean_query(query)
        limit = _clamp_limit(limit, warnings)
        if not text:
            return SearchResponse(warnings=warnings + ["the query is empty"])
        parsed = parse_query(text)
        warnings += parsed.warnings
        plan = self.understander.plan(parsed, warnings)
        if not plan.terms and not plan.names and not plan.required:
            warnings.append(
                "nothing to search for: the query has only common words, operators or"
                " ignored parts"
            )
            return SearchResponse(warnings=warnings)
        warnings += self._unruled_warnings(plan)
        ranking = self._rank(plan)
        ranked = self._top(ranking, limit + offset)
        unconnected = self._unconnected(plan)
        if unconnected:
            warnings += [f"no ruling connects {self.names.cards[a]['name']} and"
                         f" {self.names.cards[b]['name']}; the results show each card's"
                         " closest rulings" for a, b in unconnected]
            ranked = self._with_each_card(ranking, ranked, plan, limit + offset)
        ranked = ranked[offset:]
        results = [self._hit(d, s, plan) for d, s in ranked]
        if not results and not offset:
            warnings.append("no ruling matches the query")
        docs = ranking.docs()
        return SearchResponse(
            results=results,
            warnings=warnings,
            facets=self._facet_counts(docs),
            names=[self.names.cards[s]["name"] for s in plan.names if s not in plan.inferred],
            terms=list(plan.terms),
            total=len(docs),
            read_as=[ReadAs(self.names.cards[slug]["name"], slug, confidence)
                     for slug, confidence in plan.inferred.items()],
        )

    def _unruled_warnings(self, plan: QueryPlan) -> list[str]:
        """A warning per card the question surely names that has no ruling of its own,
        so a reader knows the results can only be rulings about other cards."""
        return [
            f"{self.names.cards[slug]['name']} has no rulings of its own in the sources;"
            " the results mention it or match the question's other words"
            for slug, confidence in plan.names.items()
            if confidence >= FUZZY and slug not in self._ruled
            # Of the cards a description may mean, only the one it is read as.
            and (slug not in plan.inferred or slug == plan.subject)
        ]

    def _asked_cards(self, plan: QueryPlan) -> list[str]:
        """The cards a question surely asks about, its subject first, then in its
        order: those it names surely, and the one a description was read as (not
        its alternatives)."""
        cards = [slug for slug, confidence in plan.names.items()
                 if confidence >= FUZZY and slug in self._by_card
                 and (slug not in plan.inferred or slug == plan.subject)]
        return sorted(cards, key=lambda slug: slug != plan.subject)

    def _unconnected(self, plan: QueryPlan) -> list[tuple[str, str]]:
        """Pairs of asked-about cards that no ruling connects (a ruling of one that
        names the other, or one naming both): the question's interaction is not
        in the sources, and saying so beats a ranking that pretends it is."""
        cards = self._asked_cards(plan)[:MAX_PAIR_CARDS]
        return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]
                if not self._by_card[a] & self._by_card[b]]

    def _with_each_card(self, ranking: Ranking, ranked: list[tuple[int, float]],
                        plan: QueryPlan, limit: int) -> list[tuple[int, float]]:
        """``ranked`` with each asked-about card's best ruling on the page: one that
        ranked below the page takes the place of the page's last ruling that is not
        another asked-about card's only one (the order of the rest is kept)."""
        shown = list(ranked)
        asked = self._asked_cards(plan)
        for slug in asked:
            owned = self._owning(slug)
            if any(owned[d] for d, _ in shown):
                continue
            own = ranking.present & owned
            if not own.any():
                continue
            best = int(np.flatnonzero(own)[np.argmax(ranking.scores[own])])
            hit = (best, round(float(ranking.scores[best]), 4))
            if len(shown) < limit:
                shown.append(hit)
                continue
            owners = [self._rulings[d].get("card_slug") for d, _ in shown]
            for i in range(len(shown) - 1, 0, -1):
                if owners[i] not in asked or owners.count(owners[i]) > 1:
                    shown[i] = hit
                    break
        return shown

    def _top(self, ranking: Ranking, limit: int) -> list[tuple[int, float]]:
        """The ``limit`` best rulings by rounded score, ties in corpus order.

        Rankings compare scores rounded to 4 decimals (so float noise never
        decides an order).  Rounding is monotonic, so only rulings within a
        rounding step of the ``limit``-th best raw score can reach the top:
        those alone are rounded and sorted, not every matching ruling.
        """
        docs = ranking.docs()
        if not len(docs) or limit <= 0:
            return []
        values = ranking.scores[docs]
        if len(docs) > limit:
            kth = np.partition(values, len(values) - limit)[len(values) - limit]
            near = values >= kth - 2 * ROUNDING_STEP
            docs, values = docs[near], values[near]
        kept = [(d, round(sc, 4)) for d, sc in zip(docs.tolist(), values.tolist(), strict=True)]
        order = self._order
        kept.sort(key=lambda kv: (-kv[1], order[kv[0]]))
        return kept[:limit]

    # -- understanding -------------------------------------------------------------

    # -- ranking -------------------------------------------------------------------

    def _allowed(self, plan: QueryPlan) -> frozenset[int]:
        """Ruling documents that pass the hard constraints (filters, phrases, negations)."""
        allowed = self._ruling_docs
        if not plan.required and not plan.excluded:
            return allowed
        with self._lock:
            if plan.required:
                allowed = allowed & frozenset(self._searcher.docs_for_query(And(plan.required)))
            if plan.excluded:
                allowed = allowed - frozenset(self._searcher.docs_for_query(Or(plan.excluded)))
        return allowed

    def candidates(self, query: str, limit: int = 10) -> list[tuple[str, float, dict[str, float]]]:
        """The best rulings *before* the reranker: (ruling id, score, features).

        For fitting the reranker's weights (``benchmarks/search_tune.py``) and
        for explaining a ranking; an empty list for a query with nothing to search.
        """
        text, warnings = clean_query(query)
        if not text:
            return []
        plan = self.understander.plan(parse_query(text), warnings)
        if not plan.terms and not plan.names and not plan.required:
            return []
        ranked = self._top(self._rank(plan, rerank=False), limit)
        return [(self._rulings[d]["id"], s, self.cue_features(d, plan)) for d, s in ranked]

    def _rank(self, plan: QueryPlan, rerank: bool = True) -> Ranking:
        """Every ruling's score for ``plan``, as whole-array steps.

        Each step is the per-ruling rule applied to all rulings at once, in the
        same order of float operations, so the scores are those a loop over
        rulings would give.  Documents outside ``allowed`` may carry partial
        sums in the work arrays, but are never results and never read.
        """
        allowed = self._allowed(plan)
        allowed_mask = (
            self._ruling_mask if allowed is self._ruling_docs else self.scorer.mask(allowed)
        )
        size = self.scorer.size
        if plan.terms:
            text, matched = self.scorer.accumulate(plan.terms)
            matched &= allowed_mask
        else:
            text, matched = np.zeros(size), np.zeros(size, dtype=bool)
        self._match_numbers(plan, text, matched, allowed)
        # Whole-array adds below add 0.0 (no change) where a masked add would skip.
        if len(plan.sequence) > 1 and matched.any():
            bonus = self.scorer.proximity_bonus(plan.sequence)
            if bonus is not None:
                text += bonus * matched
        if len(self._anaphors) and matched.any():
            # Only what the earlier sentence matched that this one does not say again.
            carried = (text[self._antecedents] - repeated(
                self._repeated, plan.terms, len(self._anaphors))) * matched[self._antecedents]
            text[self._anaphors] += ANAPHOR_SHARE * np.maximum(carried, 0.0)
            matched[self._anaphors] |= matched[self._antecedents]
        if plan.terms and self.weights.asks:
            # Document expansion: how players ask for a ruling, weighed against what it says.
            # (``asked`` is 0.0 for documents without questions; outside ``allowed`` its
            # sums reach only documents that are never results.)
            asked, asked_matched = self.scorer.accumulate_asks(plan.terms, self.weights.asks_b)
            text += self.weights.asks * asked
            matched |= asked_matched & allowed_mask
        # Scores are sums of positive shares, so 0.0 is the least a match can have.
        top = float(np.where(matched, text, 0.0).max()) or 1.0
        # Below MIN_SCORE of the best, a ruling matched only words found nearly everywhere.
        present = matched & (text >= MIN_SCORE * top)
        # Text scores are shares of the best match, scaled to the question's strongest
        # word: words only derived from its card names ("masquerade a curse": Curse's
        # type) are weak evidence, and their best match must not rank as a full one.
        top /= min(1.0, max(plan.terms.values(), default=1.0))
        scores = np.where(present, text / top, 0.0)
        ranking = Ranking(scores, present)
        named: set[int] = set()
        for slug in plan.names:
            named.update(self._by_card.get(slug, ()))
        named &= allowed
        if named:
            docs = np.fromiter(sorted(named), dtype=np.intp, count=len(named))
            scores[docs] = text[docs] / top + self._bonuses(docs, plan)
            present[docs] = True
        if not plan.terms and not plan.names:
            scores[:] = 0.0
            present[:] = allowed_mask
        if plan.setup:
            scores[present & self._setup_mask] += SETUP_BONUS
        # A topic beside a named card ("Monastery at Night") is context, not the subject.
        topic_bonus = TOPIC_BONUS * (TOPIC_BESIDE_CARD if plan.names else 1.0)
        topics = [tuple(topic.split()) for topic in plan.topics]
        for words in topics:
            for d in self._topics[words] & allowed:
                ranking.add(d, topic_bonus)
            for d in self._topic_mentions[words] & allowed:
                ranking.add(d, topic_bonus * TOPIC_MENTION_SHARE)
        if len(topics) > 1:
            speaking = Counter(d for words in topics for d in self._setup_mentions[words] & allowed)
            for d, count in speaking.items():
                if count > 1:
                    ranking.add(d, count * topic_bonus * TOPIC_MENTION_SHARE)
        if not plan.names and _ASKS_DEFINITION.search(plan.free_text.lower()):
            for words in topics:
                for d in self._defining[words] & allowed:
                    ranking.add(d, DEFINITION_BONUS)
        for d in self._self_pair_docs(plan, allowed):
            ranking.add(d, SELF_PAIR_BONUS)
        if plan.names or plan.terms:
            self._penalise_unasked(ranking, plan)
        self._weigh_siblings(ranking, plan)
        if rerank:
            self._add_cues(ranking, plan)
        scores[present & self._editorial_mask] *= EDITORIAL_FACTOR
        self._below_named_cards(ranking, plan)
        return ranking

    def _below_named_cards(self, ranking: Ranking, plan: QueryPlan) -> None:
        """Content-free general sentences rank below every ruling of the cards asked about.

        "Plunder has Duration cards." matches "gondola duration" on every word but
        says nothing about Gondola, or anything else; a question that names a
        card wants that card's rulings first.
        """
        free = ranking.present & self._content_free_mask
        if not free.any():
            return
        own = np.zeros(len(free), dtype=bool)
        for slug in self._asked_cards(plan):
            if slug not in self._basic:
                own |= self._owning(slug)
        own &= ranking.present
        if own.any():
            ceiling = float(ranking.scores[own].min()) - 2 * ROUNDING_STEP
            ranking.scores[free] = np.minimum(ranking.scores[free], ceiling)

    def _penalise_unasked(self, ranking: Ranking, plan: QueryPlan) -> None:
        """Subtract the unasked-mention penalty (cards named that the question does not name).

        The same subtraction as per ruling ``len(mentions - owners - named)``,
        from tables: rulings without such mentions lose nothing (subtracting
        0.0 changes no float), the others lose their precomputed penalty unless
        they mention one of the question's cards, for which it is recomputed.
        """
        docs = ranking.present & self._penalised_mask
        # Per ruling, how many of its unasked mentions the question names after all.
        asked = np.zeros(len(docs), dtype=np.intp)
        for slug in plan.names:
            mentioning = self._unasked_docs.get(slug)
            if mentioning is not None:
                asked[mentioning] += 1
        where = np.flatnonzero(docs & (asked > 0))
        if len(where):
            left = np.minimum(self._unasked_count[where] - asked[where], 2)
            ranking.scores[where] -= UNASKED_MENTION * left
            docs[where] = False
        ranking.scores -= np.where(docs, self._penalty, 0.0)

    def _match_numbers(
        self, plan: QueryPlan, text: np.ndarray, matched: np.ndarray, allowed: frozenset[int]
    ) -> None:
        """A ruling stating a range that holds a number of the question matches that number.

        "holding 2 cards" and "3 or fewer cards" share no word, but the ruling
        answers the question; it gets the text score the number would earn if
        the ruling wrote it, so it competes with siblings that do write it.
        """
        if not plan.numbers:
            return
        for n in plan.numbers:
            term = str(n)
            weight = plan.terms.get(term, 0.0)
            if not weight:
                continue
            for d in self._ranges_holding(n):
                if d in allowed:
                    text[d] += self.scorer.as_if_present(term, d, weight)
                    matched[d] = True

    def _ranges_holding(self, n: int) -> tuple[int, ...]:
        """Rulings that state a range holding ``n`` without writing ``n`` (kept per number;
        questions state numbers up to 100 only, ``cues.question_numbers``)."""
        found = self._holding.get(n)
        if found is None:
            said = self.scorer.postings["text"].get(str(n), {})
            found = tuple(sorted(
                d for d in self._bounded
                if d not in said and bound_match(frozenset({n}), self._bounds[d])
            ))
            self._holding[n] = found
        return found

    def _add_cues(self, ranking: Ranking, plan: QueryPlan) -> None:
        """The within-card reranker: learned feature weights on the top candidates.

        Only the best ``RERANK_DEPTH`` rulings are touched: the features decide
        between rulings the names and words have already made close (mostly
        siblings of one card), so they need not be computed for the tail.
        """
        weights = self.weights.features()
        if not any(weights.values()) or not plan.intents or not ranking.present.any():
            return  # no intent: every feature is 0, and adding 0 changes no score
        best = np.array(self._best(ranking, RERANK_DEPTH), dtype=np.intp)
        # ``cue_features`` for all of them at once: per intent, the rulings giving it.
        # A question has at most one intent (``primary_intent``), so each ruling gets
        # the one addition the per-ruling sum would make.
        for intent in plan.intents:
            weight = weights.get(f"intent:{intent}", 0.0)
            gives = self._gives.get(intent)
            if weight and gives is not None:
                ranking.scores[best] += np.where(gives[best], weight * 1.0, 0.0)

    def _weigh_siblings(self, ranking: Ranking, plan: QueryPlan) -> None:
        """Add ``weight x log P(ruling | question)`` to the rulings of the question's card.

        The card is the question's subject when it has a classifier, else the
        card of the best ruling so far (a question may not name its card:
        "how many curses in a 2 player game").  Only that card's rulings move:
        the classifier decides between siblings, not between cards.

        When the best ruling is a general rule, the group is every general
        rule (:data:`GENERAL_RULES`), and the rulings gain
        ``GENERAL_SIBLINGS x P(ruling | question)`` instead: over 159 classes
        the log-probabilities of all but a few rulings are far below zero and
        would push the general rules under any card's ruling, while the
        probability only lifts the few the classifier believes in.
        """
        weight = self.weights.siblings
        if not weight or not self.siblings or not ranking.present.any():
            return
        slug = plan.subject if plan.subject in self.siblings else None
        if slug is None:
            best = self._rulings[self._best(ranking, 1)[0]]
            slug = GENERAL_RULES if is_general(best) else best.get("card_slug")
        model = self.siblings.get(slug) if slug is not None else None
        if slug is None or model is None:
            return
        docs = self._sibling_docs[slug]
        shown = (docs >= 0) & ranking.present[np.maximum(docs, 0)]
        if shown.any():
            log_probs = model.log_probs_of(plan.free_terms)
            if slug == GENERAL_RULES:
                ranking.scores[docs[shown]] += GENERAL_SIBLINGS * np.exp(log_probs[shown])
            else:
                ranking.scores[docs[shown]] += weight * log_probs[shown]

    @staticmethod
    def _best(ranking: Ranking, n: int) -> list[int]:
        """The ``n`` best results, ties in document order (a stable sort's first ``n``).

        Only the results scoring at least the ``n``-th best are sorted.
        """
        docs = ranking.docs()
        values = ranking.scores[docs]
        if len(docs) > n:
            kth = np.partition(values, len(values) - n)[len(values) - n]
            near = values >= kth
            docs, values = docs[near], values[near]
        return docs[np.argsort(-values, kind="stable")[:n]].tolist()

    def cue_features(self, d: int, plan: QueryPlan) -> dict[str, float]:
        """Interpretable 0/1 features of ruling ``d`` for the question.

        ``intent:X``: the question asks for answer kind X ("where", "how many",
        "can I", "must I", "even if", "when", a negative case) and the ruling's
        text gives that kind.  Tried and left out: a number-in-range feature
        (numbers are now matched in the text score, ``_match_numbers``, with no
        weight to fit), and features that restate the text score (share of the
        question's words a ruling covers) or are priors whatever the question
        (worked examples) - their fitted weights came out negative,
        compensating the text score rather than adding evidence.
        """
        kinds = self._kinds[d]
        return {f"intent:{i}": 1.0 for i in plan.intents if i in kinds}

    def _self_pair_docs(self, plan: QueryPlan, allowed: frozenset[int]) -> frozenset[int]:
        """Rulings naming a repeated card twice within a few words.

        A question that names one card twice ("KC a KC", "can Conclave play a
        Conclave") asks about the card acting on itself, which rulings say the
        same way: "If you King's Court a King's Court", "Conclave cannot play a
        Conclave", "First Mate can play First Mates".
        """
        found: set[int] = set()
        postings = self.scorer.postings["text"]
        for slug in plan.repeated:
            words = analyse(self.names.cards[slug]["name"])
            if not words:
                continue
            last = postings.get(words[-1], {})
            for d, positions in postings.get(words[0], {}).items():
                ends = last.get(d, ())
                starts = sorted(positions)
                if any(
                    0 < b - a <= len(words) + SELF_PAIR_WINDOW
                    for a in starts
                    for b in starts
                ) and len(ends) >= 2:
                    found.add(d)
        return frozenset(found) & allowed

    def _name_weights(self, plan: QueryPlan) -> tuple[dict[str, float], dict[str, float]]:
        """Per named card: its weight as a mention, and as an owner (context cards scaled).

        Both depend on the question only, so they are worked out once per query
        rather than once per candidate ruling in :meth:`_bonuses`.
        """
        weights = {slug: self._weight(slug, plan) for slug in plan.names}
        owning = dict(weights)
        # A named card other than the subject is context: its own rulings count less.
        for slug in owning:
            if plan.subject and slug != plan.subject and len(owning) > 1:
                owning[slug] *= self.weights.context_card
        return weights, owning

    def _bonuses(self, docs: np.ndarray, plan: QueryPlan) -> np.ndarray:
        """Owner, mention and pair bonuses of each of ``docs`` for the named cards.

        Per ruling: ``MENTION_BONUS`` times the summed weights of the named
        cards it mentions but does not own, plus ``OWNER_BONUS`` times the
        largest owning weight among the named cards it owns, plus, when it
        does both, ``PAIR_BONUS`` times the smaller of that owning weight and
        the largest mention weight.  So a ruling that brings together more of
        the question's cards ranks higher; a basic card (Copper, Gold...) named
        beside other cards counts for less (``_weight``), because such
        questions are about the other card acting on it.  Computed per named
        card over all of ``docs`` at once; where the per-ruling rule would skip
        a term, 0.0 is added, which changes no float
        (``test_vectorised_bonuses_equal_the_per_ruling_rule`` holds them equal).
        """
        weights, owning = self._name_weights(plan)
        n = len(docs)
        # Name weights are positive, so 0.0 can stand for "none" in the maxima.
        others_sum, others_max, owned = np.zeros(n), np.zeros(n), np.zeros(n)
        has_other = np.zeros(n, dtype=bool)
        for slug, w in weights.items():
            other = self._mentioning(slug)[docs] & ~self._owning(slug)[docs]
            others_sum += np.where(other, w, 0.0)
            others_max = np.maximum(others_max, np.where(other, w, 0.0))
            has_other |= other
        for slug, w in owning.items():
            owned = np.maximum(owned, np.where(self._owning(slug)[docs], w, 0.0))
        bonus = MENTION_BONUS * others_sum
        is_owned = owned != 0
        bonus += np.where(is_owned, OWNER_BONUS * owned, 0.0)
        bonus += np.where(is_owned & has_other, PAIR_BONUS * np.minimum(owned, others_max), 0.0)
        return bonus

    def _owning(self, slug: str) -> np.ndarray:
        """Rulings owned by card ``slug``, as a mask (kept per card)."""
        return self._card_mask(self._owner_masks, self._owners, slug)

    def _mentioning(self, slug: str) -> np.ndarray:
        """Rulings mentioning card ``slug``, as a mask (kept per card)."""
        return self._card_mask(self._mention_masks, self._mentions, slug)

    def _card_mask(self, kept: dict[str, np.ndarray], cards: dict[int, frozenset[str]],
                   slug: str) -> np.ndarray:
        found = kept.get(slug)
        if found is None:
            found = kept[slug] = self.scorer.mask(
                d for d in self._by_card.get(slug, ()) if slug in cards[d])
        return found

    def _weight(self, slug: str, plan: QueryPlan) -> float:
        weight = plan.names[slug]
        if (
            slug in self._basic
            and slug != plan.subject
            and any(s not in self._basic for s in plan.names)
        ):
            weight *= BASIC_FACTOR
        return weight

    # -- output --------------------------------------------------------------------

    def _hit(self, d: int, score: float, plan: QueryPlan) -> SearchHit:
        ruling_id, card, card_slug, text = self._shown[d]
        return SearchHit(ruling_id, card, card_slug, text, score,
                         snippet_html(text, plan.highlight))

    def _facet_counts(self, docnums: Collection[int] | np.ndarray) -> dict[str, dict[str, int]]:
        """Facet value counts over ``docnums``, by way of their facet signatures."""
        docs = docnums if isinstance(docnums, np.ndarray) else np.fromiter(docnums, dtype=np.intp)
        per_signature = np.bincount(self._signature_array[docs],
                                    minlength=len(self._signature_keys))
        counts = (per_signature @ self._signature_pairs).astype(np.int64).tolist()
        out: dict[str, dict[str, int]] = {}
        for facet, start, end, values in self._facet_spans:
            found = {v: n for v, n in zip(values, counts[start:end], strict=True) if n}
            if found:
                out[facet] = found
        return out


def _clamp_limit(limit: object, warnings: list[str]) -> int:
    try:
        value = int(limit)  # type: ignore[call-overload]  # anything int() refuses warns
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
