"""Which card a question describes without naming it.

Players who do not remember a name describe the card: "the Hinterlands
treasure that answers when someone gains a Province", "the 5-cost village
from Prosperity", "nocturne night card costing 2 that protects from attacks".
The catalogue holds what such descriptions are made of - every card's set,
types, cost and text - so at searcher load time this module builds a small
model over it and, per question, gives each card a score:

* a set the question names (``plunder``, ``dark ages``, a misspelling of
  one): cards of other sets are nearly ruled out;
* a cost it states (``costs 5``, ``5-cost``, ``$5``, ``potion cost``): other
  costs lose, less surely (a stated cost may be what the card *gains*);
* the types it uses as words (``treasure``, ``night``, ``duration``) and the
  players' words for what a card does (``village`` is +2 Actions, ``cantrip``
  +1 Card +1 Action, ``trasher``, ``curser``, ``gainer``);
* BM25 of the question's other words over the card's text, and, lighter,
  over its rulings (a description often says what a ruling says).

The scores go through a softmax that includes a "no card" option, so the
confidence of the best card is low when the question fits many cards equally
(``are there treasure durations in plunder``) or none well.  Nothing is
inferred for a question without a description cue, or while it names, as its
subject, a card the description fits (see :meth:`CardDescriber.describe`): an
ordinary named question is never read as another card.
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from rapidfuzz import fuzz

from rulings_service.search.names import FUZZY, Recognised
from rulings_service.search.text import analyse, query_terms
from rulings_service.search.vocabulary import SYNONYMS

#: Card kinds a question may describe (basic cards are always named; piles are
#: their members).
DESCRIBED_KINDS = frozenset({
    "kingdom", "event", "trait", "loot", "boon", "hex", "knight", "heirloom", "prize",
    "ruins", "non-supply", "state", "shelter", "spirit", "zombie",
})


@dataclass(frozen=True)
class Weights:
    """The model's constants (logit units), fitted on the fitting question sets."""

    text: float = 0.35  # per unit of card-text BM25
    rulings: float = 0.12  # per unit of the card's rulings' BM25
    set_miss: float = 6.0  # the question names another set
    cost_hit: float = 1.0
    cost_miss: float = 1.5
    type_hit: float = 1.2
    type_miss: float = 1.2
    role_hit: float = 1.5
    role_miss: float = 1.2
    none: float = 2.5  # logit of "no card is described"
    weak_cue: float = 1.5  # added to ``none`` when only a phrase says a card is described


#: Least confidence for a card to be inferred at all, and most cards inferred.
MIN_CONFIDENCE = 0.15
MAX_INFERRED = 3
#: Synonyms of the question's words (``vocabulary.SYNONYMS``: "cheaper" -> cost less)
#: count this much in the card-text match.
SYNONYM_WEIGHT = 0.5
#: A card the question names is context when the description fits the best card
#: this many times better than it.
CONTEXT_RATIO = 4.0

#: Players' words for what a card does, and the card text that does it.
ROLES: dict[str, tuple[re.Pattern[str], tuple[str, ...]]] = {
    "village": (re.compile(r"\+[2-9] actions", re.I), ("village", "villages")),
    "cantrip": (re.compile(r"\+1 card\b.*\+1 action", re.I), ("cantrip", "cantrips")),
    "trasher": (re.compile(r"\btrash\b", re.I), ("trasher", "trashing")),
    "curser": (re.compile(r"\bcurse\b", re.I), ("curser", "cursing", "curses")),
    "gainer": (re.compile(r"\bgain an? (?:card|action|treasure)", re.I), ("gainer",)),
    "drawer": (re.compile(r"\+[2-9] cards", re.I), ("drawer",)),
}
_ROLE_OF = {word: role for role, (_, words) in ROLES.items() for word in words}
#: Types that say nothing as words ("curse" is the basic card, an "action" most cards).
UNTOLD_TYPES = frozenset({"curse"})
_NUMBER = r"(\d{1,2})"
_COSTS = [
    re.compile(rf"(?<![+\w]){_NUMBER}\s*-?\s*cost(?:er|ing)?\b"),
    re.compile(rf"\bcost(?:s|ing)?\s+(?:exactly\s+)?\$?{_NUMBER}\b(?!\s*(?:more|less|or))"),
    re.compile(rf"(?<![+\w])\${_NUMBER}\b"),
]
_POTION_COST = re.compile(
    r"\bpotion[- ]cost|\bcosts? (?:a |1 )?potion|\bpotion in (?:its|the) cost")
_WORD = re.compile(r"[a-z0-9']+")
#: Words and punctuation marks, in order (a mark ends the description's head).
_PIECE = re.compile(r"[a-z0-9$+'-]+|[,.;:?!()]")
#: Words that start a clause: the head of a description ends before them.
_CLAUSE = frozenset({
    "that", "which", "where", "who", "whose", "with", "when", "if", "does", "do", "did", "can",
    "could", "is", "are", "was", "will", "would", "should", "must", "may", "might", "i", "you",
    "me", "my", "he", "she", "they", "it", "its"})
#: What a described card is called: "the card", "the one", a type or a role word.
_HEAD_WORDS = frozenset({"card", "one"})
#: Plural heads: "the plunder cards that ..." asks about a kind of card, not one card.
_PLURAL_HEADS = frozenset({"cards", "ones"})
#: Words after a head that say what the card does ("the attack that", "a card where").
_RELATIVE = frozenset({"that", "which", "where", "whose", "who"})
_MARKERS = _RELATIVE | {"with", "you", "i"}
#: Words of questions about a set's box or setup, not about one of its cards.
_GAME_WORDS = re.compile(
    r"\b(?:setup|set(?:ting)? up|randomizers?|rule ?book|(?:sample|example) turn|walkthrough"
    r"|box|kingdom|components|insert|tray)\b")
#: "draws 2", "+3 cards": what a card drawing that many says ("+2 Cards").
_DRAWS = re.compile(r"\bdraws?\s+(\d)\b|\+(\d)\s*cards?\b")
#: Where a description ends and the question about the card begins ("..., can I").
_BOUNDARY = re.compile(r"[,?;!:]|\s-+\s|\.(?:\s|$)")
#: How far (in words) a set or cost may stand from the word naming the card.
NEAR = 4
SET_FUZZY = 85.0


@dataclass
class Cues:
    """What a question says about the card it describes."""

    sets: set[int] = field(default_factory=set)  # set indexes
    cost: int | None = None
    draws: int | None = None
    potion: bool = False
    types: set[int] = field(default_factory=set)  # type indexes
    roles: set[str] = field(default_factory=set)
    #: How surely a card is described: 2 when a set or cost stands by the word
    #: naming it ("plunder card", "5-cost village"), 1 for a bare phrase ("an
    #: attack that..."), 0 for none (a set or type word alone describes nothing).
    strength: int = 0
    words: set[str] = field(default_factory=set)  # the question words the cues used
    start: int = 0  # where the description starts in the question

    @property
    def structured(self) -> bool:
        return bool(self.sets or self.cost is not None or self.potion)

    def __bool__(self) -> bool:
        return self.strength > 0


@dataclass(frozen=True)
class Inferred:
    slug: str
    confidence: float


@dataclass
class Description:
    """The cards a question describes (best first) and the words that described them."""

    inferred: list[Inferred] = field(default_factory=list)
    cue_words: frozenset[str] = frozenset()
    #: Named cards the description shows to be context, not the card asked about.
    context: frozenset[str] = frozenset()
    #: Where the description stands in the question (start, end): the rest asks.
    span: tuple[int, int] = (0, 0)


class _Bm25:
    """BM25 of a few query terms over a fixed list of short documents, by arrays."""

    def __init__(self, docs: Sequence[Sequence[str]]) -> None:
        self.size = len(docs)
        postings: dict[str, dict[int, int]] = defaultdict(dict)
        for i, terms in enumerate(docs):
            for term in terms:
                postings[term][i] = postings[term].get(i, 0) + 1
        avg = (sum(map(len, docs)) / max(self.size, 1)) or 1.0
        k1, b = 1.2, 0.75
        self.shares: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for term, tfs in postings.items():
            idf = math.log(1 + (self.size - len(tfs) + 0.5) / (len(tfs) + 0.5))
            idx = np.fromiter(tfs, dtype=np.intp, count=len(tfs))
            vals = np.array([idf * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len(docs[i]) / avg))
                             for i, tf in tfs.items()])
            self.shares[term] = (idx, vals)

    def score(self, terms: Mapping[str, float]) -> np.ndarray:
        """Each document's BM25 against ``terms`` (term -> query weight)."""
        out = np.zeros(self.size)
        for term, weight in terms.items():
            found = self.shares.get(term)
            if found is not None:
                out[found[0]] += weight * found[1]
        return out


class CardDescriber:
    """The description model over the catalogue's cards (built once per searcher)."""

    def __init__(self, cards: Iterable[Mapping[str, Any]],
                 rulings: Mapping[str, Sequence[str]] | None = None,
                 mentions: Mapping[str, frozenset[str]] | None = None,
                 weights: Weights | None = None) -> None:
        self.weights = weights or Weights()
        rulings = rulings or {}
        mentions = mentions or {}
        chosen = [c for c in cards if c.get("kind") in DESCRIBED_KINDS
                  and c.get("in_scope", True) and c.get("text") and c.get("slug")]
        self.slugs = [c["slug"] for c in chosen]
        self.cards = {c["slug"]: c for c in chosen}
        self._index = {slug: i for i, slug in enumerate(self.slugs)}
        set_ids = sorted({c.get("set") or "" for c in chosen} - {""})
        self.set_ids = set_ids
        self._set_words = {i: tuple(s.replace("-", " ").split()) for i, s in enumerate(set_ids)}
        self._set_first = {words[0]: i for i, words in self._set_words.items()}
        self._set_fuzzy: dict[str, int | None] = {}
        types = sorted({t.lower() for c in chosen for t in c.get("types") or ()} - UNTOLD_TYPES)
        self._type_of = {t: i for i, t in enumerate(types)}
        n = len(chosen)
        self._set = np.array([set_ids.index(c["set"]) if c.get("set") else -1 for c in chosen])
        self._types = np.zeros((n, len(types)), dtype=bool)
        self._roles = {role: np.zeros(n, dtype=bool) for role in ROLES}
        self._coins = np.full(n, -1)
        self._potion = np.zeros(n, dtype=bool)
        #: Bit n set: the card's text says "+n Cards".
        self._draws = np.zeros(n, dtype=np.int64)
        for i, card in enumerate(chosen):
            for t in card.get("types") or ():
                if t.lower() in self._type_of:
                    self._types[i, self._type_of[t.lower()]] = True
            for role, (pattern, _) in ROLES.items():
                self._roles[role][i] = bool(pattern.search(card["text"]))
            for drawn in re.findall(r"\+(\d) Cards?\b", card["text"]):
                self._draws[i] |= 1 << int(drawn)
            cost = card.get("cost")
            if isinstance(cost, Mapping):
                self._coins[i] = int(cost.get("coins") or 0)
                self._potion[i] = bool(cost.get("potion"))
            elif isinstance(cost, int):
                self._coins[i] = cost
        self._text = _Bm25([analyse(c["text"]) for c in chosen])
        self._rulings = _Bm25([analyse(" ".join(rulings.get(c["slug"], ()))) for c in chosen])
        #: Per card, the cards its text names (a card named in the description is context).
        self._mentions = {slug: mentions.get(slug, frozenset()) for slug in self.slugs}

    # -- cues ----------------------------------------------------------------------

    def cues(self, text: str) -> Cues:
        """The description cues in ``text`` (lower-cased inside).

        Sets and costs count anywhere; types and roles only in the description's
        head, before its first clause ("the plunder card that lets you play a
        treasure": the treasure is what the card acts on, not what it is).
        """
        lowered = text.lower().replace("\u2019", "'")
        if _GAME_WORDS.search(lowered):
            return Cues()
        pieces = list(_PIECE.finditer(lowered))
        words = [(_WORD.findall(p.group()) or [""])[0] for p in pieces]
        cues = Cues()
        anchors: list[int] = []  # pieces naming a set or a cost
        heads: list[int] = []  # pieces naming the card (a type, a role, "card")
        cost_chars = self._cost(lowered, cues)
        in_head = True
        plurals: list[int] = []  # "plunder durations", "night cards": a kind, not a card
        for i, (piece, word) in enumerate(zip(pieces, words, strict=True)):
            if word in _PLURAL_HEADS or word.endswith("s") and word[:-1] in self._type_of:
                plurals.append(i)
            if not word:
                in_head = in_head and piece.group() in "$+-"
                continue
            if word in _CLAUSE:
                in_head = False
            if any(a <= piece.start() < b for a, b in cost_chars):
                anchors.append(i)
                continue
            s = self._set_at(lowered, piece.start(), word)
            if s is not None:
                cues.sets.add(s)
                cues.words.update(self._set_words[s])
                anchors.append(i)
                continue
            t, role = self._type_of.get(word), _ROLE_OF.get(word)
            if word in _HEAD_WORDS or t is not None or role in ROLES and not word.endswith("s"):
                heads.append(i)
            if in_head and t is not None:
                cues.types.add(t)
                cues.words.add(word)
            if in_head and role:
                cues.roles.add(role)
                cues.words.add(word)
        drawn = _DRAWS.search(lowered)
        cues.draws = int(drawn.group(1) or drawn.group(2)) if drawn else None
        markers = [i for i, word in enumerate(words) if word in _MARKERS]
        strong = [min(a, h) for a in anchors for h in (*heads, *markers)
                  if (h in heads or h > a) and _near(pieces, a, h)
                  and not any(min(a, h) <= p <= max(a, h) + 1 for p in plurals)]
        weak = [h for h in heads for m in markers if m - h == 1 and words[m] in _RELATIVE]
        if strong or weak:
            cues.strength = 2 if strong else 1
            cues.start = pieces[min(strong or weak)].start()
        return cues

    @staticmethod
    def _cost(lowered: str, cues: Cues) -> list[tuple[int, int]]:
        """Set the stated cost on ``cues``; the character spans that stated it."""
        spans = []
        for pattern in _COSTS:
            found = pattern.search(lowered)
            if found:
                cues.cost = int(found.group(1))
                cues.words.update(w for w in _WORD.findall(found.group(0)) if not w.isdigit())
                spans.append(found.span())
                break
        potion = _POTION_COST.search(lowered)
        if potion:
            cues.potion = True
            spans.append(potion.span())
        return spans

    def _set_at(self, lowered: str, start: int, word: str) -> int | None:
        """The set whose name starts at ``lowered[start:]`` (``word``), misspelt or not."""
        s = self._set_first.get(word)
        if s is None and len(word) >= 6:
            s = self._fuzzy_set(word)
        if s is None:
            return None
        name = self._set_words[s]
        following = _WORD.findall(lowered[start:start + 40])
        if len(name) > 1 and tuple(following[: len(name)]) != name:
            return None
        if name == ("base",):
            nxt = following[1] if len(following) > 1 else ""
            # "base" is also a word ("base cost"): a set only as "base set", "base attack"...
            if nxt not in {"set", "game", "dominion", "card", "cards"} | self._type_of.keys() \
                    | _ROLE_OF.keys() and not nxt.isdigit():
                return None
        return s

    def _fuzzy_set(self, word: str) -> int | None:
        if word not in self._set_fuzzy:
            best = max(((fuzz.ratio(word, w[0]), s) for s, w in self._set_words.items()
                        if len(w[0]) >= 6), default=(0.0, None))
            self._set_fuzzy[word] = best[1] if best[0] >= SET_FUZZY else None
        return self._set_fuzzy[word]

    # -- inference ----------------------------------------------------------------

    def probabilities(self, text: str, cues: Cues) -> tuple[np.ndarray, float]:
        """Each card's probability of being the one described, and that of "none"."""
        w = self.weights
        used = _analysed(cues.words)
        terms = {t: 1.0 for t in query_terms(text) if t not in used}
        for word in _WORD.findall(text.lower()):
            for synonym in analyse(" ".join(SYNONYMS.get(word, ()))):
                terms.setdefault(synonym, SYNONYM_WEIGHT)
        logit = w.text * self._text.score(terms) + w.rulings * self._rulings.score(terms)
        if cues.draws is not None:
            logit += np.where(self._draws & (1 << cues.draws), w.role_hit, 0.0)
        if cues.sets:
            logit -= w.set_miss * ~np.isin(self._set, list(cues.sets))
        if cues.cost is not None:
            logit += np.where(self._coins == cues.cost, w.cost_hit, -w.cost_miss)
        if cues.potion:
            logit += np.where(self._potion, w.cost_hit, -w.cost_miss)
        for t in cues.types:
            logit += np.where(self._types[:, t], w.type_hit, -w.type_miss)
        for role in cues.roles:
            logit += np.where(self._roles[role], w.role_hit, -w.role_miss)
        none = w.none + (0.0 if cues.strength > 1 else w.weak_cue)
        top = max(float(logit.max(initial=none)), none)
        exp = np.exp(logit - top)
        rest = math.exp(none - top)
        total = float(exp.sum()) + rest
        return exp / total, rest / total

    def describe(self, text: str, recognised: Sequence[Recognised],
                 basic: frozenset[str] = frozenset()) -> Description:
        """The cards ``text`` describes, unless it names the card it asks about.

        A card the question names surely stops the inference if it comes
        first ("jester makes them discard a card that...": the card described
        is Jester's object), or unless the description shows it to be context:
        the question names a set or cost the card does not have (``the nocturne
        witch``), the card is named in the inferred card's own text (``gives a
        gold whenever...``: Hoard), or the description fits the inferred card
        far better.  Basic cards never stop it ("gains a Province").
        """
        cues = self.cues(text)
        if not cues or not self.slugs:
            return Description()
        first = min((rec.start for rec in recognised
                     if rec.confidence >= FUZZY and rec.slug not in basic), default=None)
        if first is not None and first < cues.start:
            return Description()
        probs, _ = self.probabilities(text, cues)
        order = np.argsort(-probs, kind="stable")[:MAX_INFERRED]
        inferred = [Inferred(self.slugs[i], float(probs[i])) for i in order
                    if probs[i] >= MIN_CONFIDENCE]
        if not inferred:
            return Description()
        best = inferred[0]
        named = {rec.slug for rec in recognised if rec.confidence >= FUZZY}
        if best.slug in named:
            return Description()  # the card named is the card described
        inferred = [i for i in inferred if i.slug not in named]
        context = frozenset(
            slug for slug in named
            if slug in basic or slug in self._mentions.get(best.slug, ())
            or (cues.structured and not self._fits(slug, cues))
            or (slug in self._index
                and probs[self._index[slug]] * CONTEXT_RATIO < best.confidence))
        if named - context:
            return Description()
        end = _BOUNDARY.search(text, cues.start)
        span = (cues.start, end.start() if end else len(text))
        return Description(inferred, frozenset(_analysed(cues.words)), context, span)

    def _fits(self, slug: str, cues: Cues) -> bool:
        """Whether card ``slug`` has the set and cost the question states."""
        if slug not in self.cards:
            return False
        i = self._index[slug]
        if cues.sets and self._set[i] not in cues.sets:
            return False
        if cues.cost is not None and self._coins[i] != cues.cost:
            return False
        return not (cues.potion and not self._potion[i])


def _near(pieces: Sequence[re.Match[str]], a: int, b: int) -> bool:
    """Whether pieces ``a`` and ``b`` stand within ``NEAR`` words, no mark between."""
    lo, hi = min(a, b), max(a, b)
    return hi - lo <= NEAR and not any(
        p.group() in ",.;:?!()-" for p in pieces[lo + 1 : hi])


def _analysed(words: Iterable[str]) -> frozenset[str]:
    return frozenset(t for w in words for t in analyse(w))
