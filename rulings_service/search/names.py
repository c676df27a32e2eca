"""Card names: exact, fuzzy and prefix lookup, and recognition inside questions.

Questions name cards in every way people type them: ``King's Court``,
``kings court``, ``KC``, ``wachtower``, ``Feasts``.  This module owns one table
of keys per card (name, catalogue aliases, community abbreviations) and the
rules that decide when a typed word means a card.  Two of those rules avoid
false hits, which hurt ranking more than a missed name:

* a word found in the corpus vocabulary is never fuzzily turned into a card
  (``treasure`` is a word, not a misspelt ``Treasury``);
* a card name the corpus mostly writes in lower case as an ordinary word
  (``count``) counts only weakly unless the question capitalises it.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from rulings_service.cardnames import AMBIGUOUS, NONE, CardNames, NameAnswer, load_common_words
from rulings_service.cardnames.data import Abbreviation
from rulings_service.cardnames.evidence import has_evidence, skip_joiners
from rulings_service.search.querylang import HEADING_MARKS
from rulings_service.search.text import ascii_fold, fold_word, name_key, name_words

#: Confidence of a recognised name; ranking multiplies its card boosts by it.
FULL, FUZZY, WEAK = 1.0, 0.8, 0.35

#: Typos inside a question are only corrected to a card name above this score
#: (rapidfuzz ratio, 0-100; the matcher's lookups use their own thresholds).
TEXT_FUZZY_ACCEPT = 84.0
#: Misspelt-name lookups kept (per key) before the table starts over.
MAX_FUZZY = 20_000

_WORD_RE = re.compile(r"[A-Za-z0-9']+")
#: A heading mark or colon right after a question's first words: they head it
#: ("avoid - ...", "count: ...").
_HEADING_MARK = re.compile(
    r"\s*(:|" + "|".join(map(re.escape, sorted(HEADING_MARKS, key=len, reverse=True))) + ")")
#: What ends a sentence, so that the next word's capital says nothing.
_SENTENCE_END = re.compile(r"[.!?:;\n\"(]")
#: An abbreviation used as a verb or plural: "TR'd", "KC'ed", "TRing", "KCs".
_ABBR_SUFFIX = re.compile(r"([A-Za-z]{2,6}?)'?(?:s|d|ed|ing)")


@dataclass
class NameMatch:
    """Answer of a name lookup for callers holding corpus cards.

    ``card`` is the corpus card named (covered or not), ``candidates`` the
    names offered when none is, and ``answer`` the matcher's full answer
    (status ``card``/``not_covered``/``ambiguous``/``none``, set, tier).
    """

    card: dict[str, Any] | None
    candidates: list[str] = field(default_factory=list)
    ambiguous: bool = False
    answer: NameAnswer = field(default_factory=lambda: NameAnswer(NONE))


class Recognised(NamedTuple):
    """A card name found in a question, with where and how sure."""

    slug: str
    name: str
    start: int  # character offsets into the analysed question
    end: int
    confidence: float
    how: str  # "name", "verb form", "abbreviation", "fuzzy"


class _Token(NamedTuple):
    """One word of a question (a named tuple: questions make many, and quickly)."""

    raw: str
    word: str
    key: str
    start: int
    end: int


class _Facts(NamedTuple):
    """What one spelling of a question word can begin, for :meth:`NameIndex.recognise`."""

    may_start_name: bool  # some name's key begins with the word's key (or a verb base's)
    abbreviation: str | None  # the card it abbreviates, if any
    known: bool  # a corpus word, so never fuzzily a card
    digit: bool
    verb_bases: tuple[str, ...]  # keys the word may be a verb form of (``verb_bases``)


class NameIndex:
    """Card names in questions, over the shared matcher's tables.

    The spellings (names, aliases, later printings' names, abbreviations) and
    every lookup by name are :class:`rulings_service.cardnames.CardNames`';
    this class adds what only the search needs: finding names inside free
    text, and how sure each find is.
    """

    MAX_NAME_WORDS = 5

    def __init__(
        self,
        cards: Iterable[Mapping[str, Any]],
        aliases: Mapping[str, Iterable[str]] | None = None,
        abbreviations: Iterable[Abbreviation] = (),
        texts: Iterable[str] = (),
        matcher: CardNames | None = None,
    ) -> None:
        cards = list(cards)
        self.matcher = matcher or CardNames(cards, aliases, abbreviations)
        self.cards: dict[str, dict[str, Any]] = {}
        for card in cards:
            slug = card.get("slug")
            if slug and card.get("name") and slug not in self.cards:
                self.cards[slug] = dict(card)
        # Free text is matched against the names the corpus holds cards for; the
        # other known names only stop a typo being read as a card of ours.
        ours = self.cards.keys()
        self._folded = {k: s for k, s in self.matcher.folded.items() if s in ours}
        self._key_words = self.matcher.key_words
        self._abbr = {k: s for k, s in self.matcher.abbr.items() if s in ours}
        self._abbr_cs = {k: s for k, s in self.matcher.abbr_cs.items() if s in ours}
        self._common_words = load_common_words()
        self._fuzzy: dict[str, str | None] = {}
        self._facts: dict[str, _Facts] = {}
        # Every beginning of a folded name: a run of words whose joined keys is not
        # one cannot grow into a name, so matching stops extending it there.
        self._key_prefixes = frozenset(k[:n] for k in self._folded for n in range(1, len(k) + 1))
        self._max_words = max(
            (len(name_words(c["name"])) for c in self.cards.values()), default=1
        )
        self._vocabulary, self._common = _vocabulary_stats(texts, self._folded)

    # -- lookups by name (the matcher's) ------------------------------------

    def card(self, slug: str) -> dict[str, Any] | None:
        return self.cards.get(slug)

    def named_exact(self, name: object) -> dict[str, Any] | None:
        """The corpus card whose name (or alias) equals ``name``, ignoring case and punctuation."""
        known = self.matcher.exact_name(name)
        return self.cards.get(known.slug) if known else None

    def lookup(self, name: object) -> NameAnswer:
        """The matcher's answer for a typed name (see :meth:`CardNames.lookup`)."""
        return self.matcher.lookup(name)

    def named_fuzzy(self, name: object) -> NameMatch:
        """One card when one is clearly meant, else the candidates (never raises)."""
        answer = self.matcher.lookup(name)
        card = self.cards.get(answer.known.slug) if answer.known else None
        return NameMatch(card, list(answer.candidates), answer.status == AMBIGUOUS, answer)

    def autocomplete(self, prefix: object) -> list[str]:
        """Up to 20 card names for a typed prefix: whole-name prefixes first, never raises."""
        return self.matcher.autocomplete(prefix)

    def _scope_rank(self, slug: str) -> int:
        """0 for a card of our sets, 1 for one outside them."""
        return 1 if self.cards[slug].get("in_scope") is False else 0

    # -- recognition inside free text --------------------------------------

    def vocabulary(self) -> frozenset[str]:
        """Every word the corpus texts use (lower case, ASCII, no apostrophes)."""
        return self._vocabulary

    def is_word(self, word: str) -> bool:
        """Whether the corpus uses ``word`` (any case), so it is not a typo."""
        return word in self._vocabulary or fold_word(word) in self._vocabulary

    def recognise(self, text: str) -> list[Recognised]:
        """Card names anywhere in ``text``: longest match first, then abbreviations, then typos."""
        tokens = _tokens(text)
        facts = [self._word_facts(tok) for tok in tokens]
        found: list[Recognised] = []
        i = 0
        while i < len(tokens):
            hit = self._match_at(tokens, facts, i)
            if hit is None:
                i += 1
                continue
            found.append(hit[0])
            i = hit[1]
        return self._with_evidence(text, tokens, found)

    def _is_common(self, rec: Recognised) -> bool:
        return rec.how != "abbreviation" and rec.name.lower() in self._common_words

    def _with_evidence(self, text: str, tokens: list[_Token],
                       found: list[Recognised]) -> list[Recognised]:
        """``found`` without the everyday words that nothing shows to be card names
        (the shared rule of :mod:`rulings_service.cardnames.evidence`)."""
        if not any(self._is_common(rec) for rec in found):
            return found
        words = [tok.word for tok in tokens]
        first = {tok.start: i for i, tok in enumerate(tokens)}
        last = {tok.end: i + 1 for i, tok in enumerate(tokens)}
        spans = [(first[rec.start], last[rec.end]) for rec in found]
        sure = {i for (s, e), rec in zip(spans, found, strict=True) if not self._is_common(rec)
                for i in range(s, e)}
        shouting = not any(ch.islower() for ch in text)
        kept = []
        for (s, e), rec in zip(spans, found, strict=True):
            if self._is_common(rec):
                beside = (skip_joiners(words, s - 1, -1) in sure
                          or skip_joiners(words, e, 1) in sure)
                opens = s == 0 or bool(_SENTENCE_END.search(text, tokens[s - 1].end,
                                                            tokens[s].start))
                if not has_evidence(words, s, e, tokens[s].raw[:1].isupper(), opens,
                                    shouting, beside, topic_ok=not self._scope_rank(rec.slug),
                                    trait=self.cards[rec.slug].get("kind") == "trait",
                                    headed=e < len(tokens) and bool(_HEADING_MARK.match(
                                        text, tokens[e - 1].end, tokens[e].start))):
                    continue
            kept.append(rec)
        return kept

    def _word_facts(self, tok: _Token) -> _Facts:
        """``tok``'s :class:`_Facts`, kept per spelling (bounded, like the fuzzy table):
        they depend on the word alone, and the same words come back in question after
        question."""
        facts = self._facts.get(tok.raw)
        if facts is None:
            if len(self._facts) >= MAX_FUZZY:
                self._facts.clear()
            bases = verb_bases(tok.word)
            facts = self._facts[tok.raw] = _Facts(
                not tok.key or tok.key in self._key_prefixes
                or any(b in self._key_prefixes for b in bases),
                self._abbreviation(tok),
                self.is_word(tok.word),
                tok.word.isdigit(),
                bases,
            )
        return facts

    def _match_at(self, tokens: list[_Token], facts: list[_Facts],
                  i: int) -> tuple[Recognised, int] | None:
        if facts[i].may_start_name:
            top = min(len(tokens), i + max(self._max_words, 1))
            # The longest run of words from ``i`` that is a name, grown word by word.
            key, longest, inflected = "", None, None
            for j in range(i + 1, top + 1):
                # The name's last word as a verb ("throne roomed", "chapelled").
                for base in facts[j - 1].verb_bases:
                    slug = self._folded.get(key + base)
                    if slug and j - i <= self._key_words.get(key + base, 0):
                        inflected = slug, j
                key += tokens[j - 1].key
                if key and key not in self._key_prefixes:
                    break
                slug = self._folded.get(key)
                # Words may run together ("throneroom") but not split a name ("go on" != Goons).
                if slug and j - i <= self._key_words.get(key, 0):
                    longest = slug, j
            if longest is None and inflected is not None:
                slug, j = inflected
                span = tokens[i:j]
                return self._recognised(slug, span, self._verb_confidence(span, slug),
                                        "verb form"), j
            if longest is not None:
                slug, j = longest
                span = tokens[i:j]
                exact = self._recognised(slug, span, self._confidence(span, slug), "name"), j
                if not self._scope_rank(slug):
                    return exact
                # A name outside our sets that starts a misspelt one of ours
                # ("fortune teler"): the misspelling is the card meant.
                fuzzy = self._fuzzy_at(tokens, facts, i, longer_than=j)
                if fuzzy and not self._scope_rank(fuzzy[0].slug):
                    return fuzzy
                return exact
        slug = facts[i].abbreviation
        if slug:
            return self._recognised(slug, [tokens[i]], FULL, "abbreviation"), i + 1
        return self._fuzzy_at(tokens, facts, i)

    def _fuzzy_at(self, tokens: list[_Token], facts: list[_Facts], i: int,
                  longer_than: int = 0) -> tuple[Recognised, int] | None:
        """A misspelt card name of one or two words starting at ``i``, longest first
        (only spans ending after ``longer_than``)."""
        for j in (i + 2, i + 1):
            if j > len(tokens) or j <= longer_than:
                continue
            said = facts[i:j]
            if all(f.known for f in said) or any(f.digit for f in said):
                continue
            span = tokens[i:j]
            if any(len(tok.key) == 1 for tok in span):
                continue  # "I count", "a rich": no name is misspelt with a lone letter
            joined = "".join(t.key for t in span)
            if len(joined) < 5:
                continue
            slug = self._fuzzy_slug(joined)
            # A name cut short by a syllable is a word of its own ("friend" is not
            # Friendly), though a dropped last letter is a typo ("heral").
            if slug and not _cut_short(name_key(self.cards[slug]["name"]), joined):
                return self._recognised(slug, span, FUZZY, "fuzzy"), j
        return None

    def capitalised_names(self, text: str) -> frozenset[str]:
        """Slugs of card names written capitalised in ``text`` (how rulings name cards).

        Used to complete a ruling's mentions; lower-case words are left out so that
        "avoid" or "count" in running text do not count as the cards Avoid or Count.
        """
        tokens = _tokens(text)
        found: set[str] = set()
        i = 0
        while i < len(tokens):
            top = min(len(tokens), i + max(self._max_words, 1))
            for j in range(top, i, -1):
                span = tokens[i:j]
                key = "".join(t.key for t in span)
                slug = self._folded.get(key)
                if slug and len(span) <= self._key_words.get(key, 0) and span[0].raw[:1].isupper():
                    found.add(slug)
                    i = j
                    break
            else:
                i += 1
        return frozenset(found)

    def _abbreviation(self, tok: _Token) -> str | None:
        """The card an abbreviation stands for, also as a verb or plural ("TR'd", "KCing")."""
        # A word with an apostrophe inside is a contraction ("I'm"), not an abbreviation.
        slug = self._abbr_cs.get(tok.raw) or (
            self._abbr.get(tok.word) if "'" not in tok.raw else None)
        if slug:
            return slug
        m = _ABBR_SUFFIX.fullmatch(tok.raw)
        if m:
            base = m.group(1)
            if base in self._abbr_cs:
                return self._abbr_cs[base]
            # Only when typed as an abbreviation ("TRs", "BoMs"), not in words ("dress").
            if sum(ch.isupper() for ch in base) >= 2:
                return self._abbr.get(base.lower())
        return None

    def _fuzzy_slug(self, key: str) -> str | None:
        """The card a misspelt name means, when one is clearly meant (kept per key)."""
        if key in self._fuzzy:
            return self._fuzzy[key]
        if len(self._fuzzy) >= MAX_FUZZY:
            self._fuzzy.clear()
        found = self._fuzzy[key] = self._closest_slug(key)
        return found

    def _closest_slug(self, key: str) -> str | None:
        """A corpus card a misspelt key means; None when the closest known name is a
        real card the corpus does not hold ("overlrd" is Overlord, not Governor)."""
        known = self.matcher.closest(key, TEXT_FUZZY_ACCEPT)
        return known.slug if known and known.slug in self.cards else None

    def _confidence(self, span: list[_Token], slug: str) -> float:
        if self.cards[slug].get("in_scope") is False:
            # Named in the sources but outside our sets (no rulings of its own):
            # far more likely an ordinary word ("supply" -> Supplies).
            return WEAK
        if len(span) > 1:
            return FULL
        tok = span[0]
        if tok.raw[:1].isupper():
            return FULL
        return WEAK if self._common.get(tok.key, 0.0) >= 0.5 else FULL

    def _verb_confidence(self, span: list[_Token], slug: str) -> float:
        """A verb form of a name: sure for a several-word name ("throne roomed"); for one
        word ("remodelled", "counted") no surer than a misspelling, and weak where the
        corpus mostly uses the word itself as a word."""
        confidence = self._confidence(span, slug)
        if len(span) > 1:
            return confidence
        common = any(self._common.get(b, 0.0) >= 0.5 for b in verb_bases(span[0].word))
        return min(confidence, WEAK if common else FUZZY)

    def _recognised(self, slug: str, span: list[_Token], conf: float, how: str) -> Recognised:
        return Recognised(slug, self.cards[slug]["name"], span[0].start, span[-1].end, conf, how)


def _cut_short(key: str, typed: str) -> bool:
    """Whether ``typed`` is ``key`` missing two or more final letters."""
    return len(key) - len(typed) >= 2 and key.startswith(typed)


def verb_bases(word: str) -> tuple[str, ...]:
    """The name keys a lower-case ``word`` may be a verb form of, most likely first.

    "roomed" -> room, "remodelled" -> remodel, "masquerading" -> masquerade,
    "smithied" -> smithy, "militiad" (typed "militia'd") -> militia; each folded
    like a name's words (:func:`fold_word`), so they look up the name table.
    Not real stemming: only a word whose base is a name's key can mean a card.
    """
    bases: list[str] = []
    if len(word) > 4 and word.endswith("ied"):
        bases.append(word[:-3] + "y")
    if len(word) > 4 and word.endswith("ed"):
        stem = word[:-2]
        bases += [stem, stem + "e"]
        if stem[-1] == stem[-2]:
            bases.append(stem[:-1])
    elif len(word) > 4 and word.endswith("d"):
        bases.append(word[:-1])
    if len(word) > 5 and word.endswith("ing"):
        stem = word[:-3]
        bases += [stem, stem + "e"]
        if stem[-1] == stem[-2]:
            bases.append(stem[:-1])
    return tuple(dict.fromkeys(fold_word(b) for b in bases if len(b) >= 3))


def _tokens(text: str) -> list[_Token]:
    plain = ascii_fold_keep_case(text)
    out = []
    for m in _WORD_RE.finditer(plain):
        raw, word, key = _spellings(m.group(0))
        if word:
            out.append(_Token(raw, word, key, m.start(), m.end()))
    return out


#: A matched word's three spellings, by the match (bounded like the other tables).
_SPELLINGS: dict[str, tuple[str, str, str]] = {}


def _spellings(matched: str) -> tuple[str, str, str]:
    """The word as typed (outer apostrophes off), lower case without apostrophes, folded."""
    found = _SPELLINGS.get(matched)
    if found is None:
        raw = matched.strip("'")
        word = raw.lower().replace("'", "")
        if len(_SPELLINGS) >= MAX_FUZZY:
            _SPELLINGS.clear()
        found = _SPELLINGS[matched] = (raw, word, fold_word(word))
    return found


def ascii_fold_keep_case(text: str) -> str:
    """Like :func:`ascii_fold` but keeps case and string length where possible."""
    if text.isascii():
        return text
    out = []
    for ch in text:
        if ord(ch) < 128:
            out.append(ch)
            continue
        base = unicodedata.normalize("NFKD", ch).encode("ascii", "ignore").decode()
        out.append(base[:1] if base else " ")
    return "".join(out)


def _vocabulary_stats(
    texts: Iterable[str], folded_names: Mapping[str, str]
) -> tuple[frozenset[str], dict[str, float]]:
    """Words the corpus uses, and for one-word names how often they appear in lower case."""
    vocab: set[str] = set()
    lower: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for text in texts:
        for m in _WORD_RE.finditer(text):
            raw = m.group(0).strip("'")
            word = ascii_fold(raw).replace("'", "")
            if not word:
                continue
            vocab.add(word)
            key = fold_word(word)
            if key in folded_names:
                total[key] += 1
                if raw[:1].islower():
                    lower[key] += 1
    common = {k: lower[k] / n for k, n in total.items() if n}
    return frozenset(vocab), common
