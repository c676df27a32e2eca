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
from pathlib import Path
from typing import Any, NamedTuple

import yaml
from rapidfuzz import fuzz, process

from rulings_service.search.text import ascii_fold, exact_key, fold_word, name_key, name_words

#: Where the community abbreviations are kept (data, not code).
ABBREVIATIONS_FILE = Path(__file__).resolve().parents[2] / "corpus" / "abbreviations.yaml"

#: Confidence of a recognised name; ranking multiplies its card boosts by it.
FULL, FUZZY, WEAK = 1.0, 0.8, 0.35

#: Fuzzy thresholds (rapidfuzz ratio, 0-100).  A fuzzy answer needs a good score
#: *and* a clear lead over the runner-up; otherwise the candidates are returned.
FUZZY_ACCEPT, FUZZY_LEAD, FUZZY_CANDIDATE = 75.0, 8.0, 60.0
#: Subtracted from the spelling score of a card outside our sets in fuzzy lookup.
OUT_OF_SCOPE_PENALTY = 10.0
#: Typos inside a question are only corrected to a card name above this score.
TEXT_FUZZY_ACCEPT = 84.0
#: Misspelt-name lookups kept (per key) before the table starts over.
MAX_FUZZY = 20_000
AUTOCOMPLETE_LIMIT = 20

_WORD_RE = re.compile(r"[A-Za-z0-9']+")
#: An abbreviation used as a verb or plural: "TR'd", "KC'ed", "TRing", "KCs".
_ABBR_SUFFIX = re.compile(r"([A-Za-z]{2,6}?)'?(?:s|d|ed|ing)")


@dataclass(frozen=True)
class Abbreviation:
    abbr: str
    card: str
    case_sensitive: bool = False


def load_abbreviations(path: Path = ABBREVIATIONS_FILE) -> list[Abbreviation]:
    """Read the abbreviations file; a missing file means no abbreviations."""
    if not path.exists():
        return []
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    entries = data.get("abbreviations", []) if isinstance(data, dict) else []
    out = []
    for entry in entries:
        if isinstance(entry, dict) and entry.get("abbr") and entry.get("card"):
            out.append(
                Abbreviation(
                    str(entry["abbr"]), str(entry["card"]), bool(entry.get("case_sensitive"))
                )
            )
    return out


@dataclass
class NameMatch:
    """Answer of the fuzzy tier: one card, or the candidates when unclear."""

    card: dict[str, Any] | None
    candidates: list[str] = field(default_factory=list)
    ambiguous: bool = False


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
    """Every way of writing every card name, and the lookups over them."""

    MAX_NAME_WORDS = 5

    def __init__(
        self,
        cards: Iterable[Mapping[str, Any]],
        aliases: Mapping[str, Iterable[str]] | None = None,
        abbreviations: Iterable[Abbreviation] = (),
        texts: Iterable[str] = (),
    ) -> None:
        self.cards: dict[str, dict[str, Any]] = {}
        self._exact: dict[str, str] = {}  # exact key -> slug
        self._folded: dict[str, str] = {}  # folded key -> slug
        self._key_words: dict[str, int] = {}  # folded key -> words in the name
        self._abbr: dict[str, str] = {}  # lower abbreviation -> slug
        self._abbr_cs: dict[str, str] = {}  # case-sensitive abbreviation -> slug
        self._display: list[tuple[str, str]] = []  # (exact key, name) for autocomplete
        for card in cards:
            slug, name = card.get("slug"), card.get("name")
            if not slug or not name or slug in self.cards:
                continue
            self.cards[slug] = dict(card)
            # "The Sky's Gift" is said "sky's gift": a leading article is optional.
            bare = (name[4:],) if name.lower().startswith("the ") and len(name) > 8 else ()
            for variant in (name, *bare, *((aliases or {}).get(slug, ()))):
                self._exact.setdefault(exact_key(variant), slug)
                self._folded.setdefault(name_key(variant), slug)
                key = name_key(variant)
                self._key_words[key] = max(self._key_words.get(key, 0), len(name_words(variant)))
            self._display.append((exact_key(name), name))
        self._display.sort(key=lambda item: (item[1].lower(), item[1]))
        by_name = {exact_key(c["name"]): s for s, c in self.cards.items()}
        for abbr in abbreviations:
            slug = by_name.get(exact_key(abbr.card))
            if slug is None:
                continue
            if abbr.case_sensitive:
                self._abbr_cs.setdefault(abbr.abbr, slug)
            else:
                self._abbr.setdefault(abbr.abbr.lower(), slug)
        self._folded_keys = list(self._folded)
        self._fuzzy: dict[str, str | None] = {}
        self._facts: dict[str, _Facts] = {}
        # Every beginning of a folded name: a run of words whose joined keys is not
        # one cannot grow into a name, so matching stops extending it there.
        self._key_prefixes = frozenset(k[:n] for k in self._folded for n in range(1, len(k) + 1))
        self._max_words = max(
            (len(name_words(c["name"])) for c in self.cards.values()), default=1
        )
        self._vocabulary, self._common = _vocabulary_stats(texts, self._folded)

    # -- lookups by name -------------------------------------------------

    def card(self, slug: str) -> dict[str, Any] | None:
        return self.cards.get(slug)

    def named_exact(self, name: object) -> dict[str, Any] | None:
        """The card whose name (or alias) equals ``name``, ignoring case and punctuation."""
        if not isinstance(name, str):
            return None
        slug = self._exact.get(exact_key(name))
        return self.cards[slug] if slug else None

    def named_fuzzy(self, name: object) -> NameMatch:
        """One card when one is clearly meant, else the candidates (never raises)."""
        if not isinstance(name, str) or not exact_key(name):
            return NameMatch(None)
        exact = self.named_exact(name)
        if exact is not None:
            return NameMatch(exact, [exact["name"]])
        key, ekey = name_key(name), exact_key(name)
        slug = self._folded.get(key) or self._abbr_cs.get(name.strip()) or self._abbr.get(ekey)
        if slug:
            return NameMatch(self.cards[slug], [self.cards[slug]["name"]])
        prefixed = self._prefix_slugs(ekey) if len(ekey) >= 3 else []
        prefixed.sort(key=self._scope_rank)  # stable: in-scope cards first
        in_scope_prefixed = [s for s in prefixed if not self._scope_rank(s)]
        if len(prefixed) == 1:
            card = self.cards[prefixed[0]]
            return NameMatch(card, [card["name"]])
        scored = process.extract(key, self._folded_keys, scorer=fuzz.ratio, limit=20)
        ranked: list[tuple[str, float]] = []
        for found, score, _ in scored:
            slug = self._folded[found]
            if all(slug != s for s, _ in ranked):
                # A card outside our sets is a worse guess than an in-scope one
                # spelled about as closely (it has no rulings to show).
                ranked.append((slug, score - OUT_OF_SCOPE_PENALTY * self._scope_rank(slug)))
        ranked.sort(key=lambda item: -item[1])
        # Several names begin with what was typed: a close spelling of some other
        # name ("vil" ~ Anvil) is no reason to pick one.
        if ranked and ranked[0][1] >= FUZZY_ACCEPT and (
            len(ranked) == 1 or ranked[0][1] - ranked[1][1] >= FUZZY_LEAD
        ) and (not prefixed or ranked[0][0] in prefixed):
            card = self.cards[ranked[0][0]]
            return NameMatch(card, [card["name"]])
        names = [self.cards[s]["name"] for s in in_scope_prefixed]
        names += [
            self.cards[s]["name"]
            for s, score in ranked
            if score >= FUZZY_CANDIDATE and self.cards[s]["name"] not in names
            and not self._scope_rank(s)
        ]
        names += [
            self.cards[s]["name"]
            for s, score in ranked
            if score >= FUZZY_CANDIDATE - OUT_OF_SCOPE_PENALTY
            and self.cards[s]["name"] not in names and self._scope_rank(s)
        ]
        names += [
            self.cards[s]["name"] for s in prefixed if self.cards[s]["name"] not in names
        ]
        return NameMatch(None, names[:AUTOCOMPLETE_LIMIT], ambiguous=bool(names))

    def _scope_rank(self, slug: str) -> int:
        """0 for a card of our sets, 1 for one outside them (sorted after, still found)."""
        return 1 if self.cards[slug].get("in_scope") is False else 0

    def _prefix_slugs(self, ekey: str) -> list[str]:
        slugs: list[str] = []
        for key, slug in self._exact.items():
            if key.startswith(ekey) and slug not in slugs:
                slugs.append(slug)
        return slugs

    def autocomplete(self, prefix: object) -> list[str]:
        """Up to 20 card names for a typed prefix: whole-name prefixes first, never raises."""
        if not isinstance(prefix, str):
            return []
        words = name_words(prefix)
        ekey = "".join(words)
        if not ekey:
            return []
        first = [name for key, name in self._display if key.startswith(ekey)]
        first.sort(key=self._name_scope_rank)  # stable: in-scope cards first
        if len(first) >= AUTOCOMPLETE_LIMIT:
            return first[:AUTOCOMPLETE_LIMIT]
        # Then names with a later word starting with the prefix ("room" -> Throne Room).
        later = []
        for _key, name in self._display:
            if name in first:
                continue
            nwords = name_words(name)
            if any("".join(nwords[i:]).startswith(ekey) for i in range(1, len(nwords))):
                later.append(name)
        later.sort(key=self._name_scope_rank)
        return (first + later)[:AUTOCOMPLETE_LIMIT]

    def _name_scope_rank(self, name: str) -> int:
        slug = self._exact.get(exact_key(name))
        return self._scope_rank(slug) if slug else 0

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
        return found

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
            joined = "".join(t.key for t in span)
            if len(joined) < 5:
                continue
            slug = self._fuzzy_slug(joined)
            if slug:
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
        slug = self._abbr_cs.get(tok.raw) or self._abbr.get(tok.word)
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
        best = process.extract(key, self._folded_keys, scorer=fuzz.ratio, limit=3)
        best = [(self._folded[k], s) for k, s, _ in best]
        if not best or best[0][1] < TEXT_FUZZY_ACCEPT:
            return None
        rivals = [s for slug, s in best[1:] if slug != best[0][0]]
        if rivals and best[0][1] - rivals[0] < FUZZY_LEAD:
            return None
        return best[0][0]

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
