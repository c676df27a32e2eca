"""The one card-name matcher: what a typed name means, for every caller.

The API (``cards/named``), ``resolve`` (``[[Card]]``), the CLI (``rulings
card``, ``rulings audit --card``), the scenario loader's "did you mean" and the
search's name recognition all ask this module, so the same typo gets the same
answer everywhere.

It knows every catalogue name and every published Dominion name outside our
sets (``corpus/published_names.yaml``), and answers in four ways:

* ``card``: a card of the sets our sources cover;
* ``not_covered``: a real card (or landscape) outside them, with its set;
  ``overlord`` is Overlord from Empires, never a card of ours spelled alike;
* ``ambiguous``: several names fit about equally; the candidates, best first;
* ``none``: nothing fits; the few plausible candidates, if any.

Tiers run from surest to loosest, and a tier that answers stops the lookup:
exact name (case and punctuation ignored, aliases and later printings'
names included), community abbreviation, plural or possessive, unique prefix,
then a typo (rapidfuzz ``ratio`` over the folded names) with a clear lead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from rapidfuzz import fuzz, process

from parsers.catalogue import slugify
from rulings_service.cardnames.data import Abbreviation, PublishedName, Rename
from rulings_service.cardnames.keys import exact_key, name_key, name_words

CARD, NOT_COVERED, AMBIGUOUS, NONE = "card", "not_covered", "ambiguous", "none"

#: Typo thresholds (rapidfuzz ratio, 0-100): a typo is answered only with a good
#: score *and* a clear lead over the next name; candidates need a fair score.
FUZZY_ACCEPT, FUZZY_LEAD, FUZZY_CANDIDATE = 75.0, 8.0, 60.0
#: A typo candidate offered next to names that begin with the typed text needs this score.
PREFIX_COMPANION = 85.0
#: Candidates offered for an unclear name: few, so that each is plausible.
MAX_CANDIDATES = 6
#: A candidate this much less similar than the best one is not offered.
CANDIDATE_SPREAD = 20.0
#: Shortest typed prefix that may stand for a whole name ("an" is too short).
MIN_PREFIX = 3
AUTOCOMPLETE_LIMIT = 20


@dataclass(frozen=True)
class KnownName:
    """A name the matcher knows: its card, set, and whether our sources cover it."""

    slug: str
    name: str
    set_id: str | None
    set_title: str | None
    covered: bool  # a card of the sets our sources cover
    in_corpus: bool  # the corpus holds a card (and a page) for it
    kind: str = "card"

    @property
    def coverage_note(self) -> str | None:
        """Why there is nothing of ours about it, in words ("a card from Empires, ...")."""
        if self.covered:
            return None
        what = "a card" if self.kind == "card" else f"a{'n' if self.kind[0] in 'aeio' else ''} " \
            f"{self.kind.capitalize()}"
        where = self.set_title or self.set_id or "another set"
        return f"{self.name} is {what} from {where}, which our sources do not cover."


@dataclass(frozen=True)
class NameAnswer:
    """What a typed name means: a status, the name known, candidates, which tier."""

    status: str  # CARD, NOT_COVERED, AMBIGUOUS or NONE
    known: KnownName | None = None
    candidates: tuple[str, ...] = ()
    how: str = ""  # "name", "abbreviation", "plural or possessive", "prefix", "typo"

    @property
    def found(self) -> bool:
        """Whether the answer names one card (covered or not)."""
        return self.known is not None


class CardNames:
    """Every way of writing every known name, and the lookups over them."""

    def __init__(
        self,
        cards: Iterable[Mapping[str, Any]],
        aliases: Mapping[str, Iterable[str]] | None = None,
        abbreviations: Iterable[Abbreviation] = (),
        published: Iterable[PublishedName] = (),
        renames: Iterable[Rename] = (),
        set_name: Callable[[str], str] | None = None,
    ) -> None:
        self.entries: dict[str, KnownName] = {}
        self.exact: dict[str, str] = {}  # exact key -> slug
        self.folded: dict[str, str] = {}  # folded key -> slug
        self.key_words: dict[str, int] = {}  # folded key -> words in the longest such name
        self.abbr: dict[str, str] = {}  # lower-case abbreviation -> slug
        self.abbr_cs: dict[str, str] = {}  # case-sensitive abbreviation -> slug
        def title(set_id: str | None) -> str | None:
            return set_name(set_id) if set_name and set_id else set_id

        for card in cards:
            slug, name = card.get("slug"), card.get("name")
            if not slug or not name or slug in self.entries:
                continue
            set_id = card.get("set")
            self.entries[slug] = KnownName(
                slug, name, set_id, title(set_id),
                covered=card.get("in_scope") is not False, in_corpus=True,
                kind=_landscape_kind(card),
            )
            extra = (aliases or {}).get(slug, card.get("aliases") or ())
            self._add_spellings(slug, (name, *_bare(name), *extra))
        by_name = {exact_key(e.name): s for s, e in self.entries.items()}
        for rename in renames:
            slug = by_name.get(exact_key(rename.card))
            if slug:
                self._add_spellings(slug, (rename.name,))
        for pub in published:
            if exact_key(pub.name) in self.exact:
                continue  # the catalogue has it (an out-of-scope entry): one card
            slug = slugify(pub.name)
            if slug in self.entries:
                continue
            self.entries[slug] = KnownName(slug, pub.name, pub.set_id, title(pub.set_id),
                                           covered=False, in_corpus=False, kind=pub.kind)
            self._add_spellings(slug, (pub.name, *_bare(pub.name)))
        for abbr in abbreviations:
            slug = by_name.get(exact_key(abbr.card))
            if slug is None:
                continue
            if abbr.case_sensitive:
                self.abbr_cs.setdefault(abbr.abbr, slug)
            else:
                self.abbr.setdefault(abbr.abbr.lower(), slug)
        self._fuzzy_keys = list(self.folded)
        self._display = sorted(
            ((exact_key(e.name), e.name, e) for e in self.entries.values() if e.in_corpus),
            key=lambda item: (item[1].lower(), item[1]),
        )

    def _add_spellings(self, slug: str, spellings: Iterable[str]) -> None:
        for variant in spellings:
            if not exact_key(variant):
                continue
            self.exact.setdefault(exact_key(variant), slug)
            key = name_key(variant)
            self.folded.setdefault(key, slug)
            self.key_words[key] = max(self.key_words.get(key, 0), len(name_words(variant)))

    # -- the lookups -------------------------------------------------------------

    def known(self, slug: str) -> KnownName | None:
        return self.entries.get(slug)

    def exact_name(self, text: object) -> KnownName | None:
        """The name ``text`` spells (case and punctuation ignored, aliases included)."""
        if not isinstance(text, str):
            return None
        slug = self.exact.get(exact_key(text))
        return self.entries[slug] if slug else None

    def coverage(self, text: object) -> KnownName | None:
        """The known name ``text`` stands for without guessing (no typo tier), or None.

        Its ``covered`` says whether our sources cover it, ``set_id`` in which
        set it was printed, ``coverage_note`` why there is nothing of ours.
        """
        answer = self.lookup(text, guess=False)
        return answer.known

    def lookup(self, text: object, guess: bool = True) -> NameAnswer:
        """What ``text`` names; ``guess=False`` stops before prefixes and typos."""
        if not isinstance(text, str) or not exact_key(text):
            return NameAnswer(NONE)
        ekey, fkey = exact_key(text), name_key(text)
        for slug, how in ((self.exact.get(ekey), "name"),
                          (self.abbr_cs.get(text.strip()) or self.abbr.get(ekey), "abbreviation"),
                          (self.folded.get(fkey), "plural or possessive")):
            if slug:
                return self._answer(slug, how)
        if not guess:
            return NameAnswer(NONE)
        prefixed = self._prefixed(ekey) if len(ekey) >= MIN_PREFIX else []
        if len(prefixed) == 1:
            return self._answer(prefixed[0], "prefix")
        ranked = self._ranked(fkey)
        # Several names begin with what was typed ("zombie"): picking the one spelled
        # closest would be a guess, so they are the candidates.
        if ranked and not prefixed:
            best, score = ranked[0]
            runner_up = ranked[1][1] if len(ranked) > 1 else 0.0
            if score >= FUZZY_ACCEPT and score - runner_up >= FUZZY_LEAD:
                return self._answer(best, "typo")
        names = self._candidates(prefixed, ranked)
        # Ambiguous: several names fit well. Otherwise nothing fits; the candidates
        # are only a "did you mean".
        close = len(prefixed) > 1 or sum(score >= FUZZY_ACCEPT for _, score in ranked) > 1
        return NameAnswer(AMBIGUOUS if names and close else NONE, None, tuple(names))

    def suggest(self, text: str, pool: Iterable[str] | None = None, limit: int = 3) -> list[str]:
        """Names of ``pool`` (default: every known name) that ``text`` may have meant.

        One answer when the lookup is sure and the pool has it; else the pool's
        names ranked by the same similarity as the lookup, only those about as
        close as the best, so a plain typo gets one suggestion, not a list.
        """
        names = list(pool) if pool is not None else [e.name for e in self.entries.values()]
        by_key = {exact_key(n): n for n in names}
        answer = self.lookup(text)
        if answer.known and exact_key(answer.known.name) in by_key:
            return [by_key[exact_key(answer.known.name)]]
        if answer.known and answer.how in ("name", "abbreviation", "plural or possessive"):
            return []  # a name we know for sure, just not one of these: no look-alikes
        wanted = name_key(text)
        if not wanted:
            return []
        folded = {name_key(n): n for n in names}
        scored = process.extract(wanted, list(folded), scorer=fuzz.ratio, limit=limit * 3)
        prefixed = [n for n in names if exact_key(n).startswith(exact_key(text))
                    and len(exact_key(text)) >= MIN_PREFIX - 1]
        good = [(folded[k], s) for k, s, _ in scored if s >= FUZZY_CANDIDATE]
        top = good[0][1] if good else 0.0
        out = [n for n, s in good if s >= top - CANDIDATE_SPREAD / 2]
        out += [n for n in sorted(prefixed, key=len) if n not in out]
        return out[:limit]

    def autocomplete(self, prefix: object) -> list[str]:
        """Up to 20 names with a page, for a typed prefix: whole-name prefixes first."""
        if not isinstance(prefix, str):
            return []
        ekey = "".join(name_words(prefix))
        if not ekey:
            return []
        first = [e for key, _, e in self._display if key.startswith(ekey)]
        first.sort(key=lambda e: not e.covered)  # stable: covered cards first
        if len(first) < AUTOCOMPLETE_LIMIT:
            # Then names with a later word starting with the prefix ("room" -> Throne Room).
            later = [e for _, name, e in self._display if e not in first and any(
                "".join(w[i:]).startswith(ekey) for w in [name_words(name)]
                for i in range(1, len(w)))]
            later.sort(key=lambda e: not e.covered)
            first += later
        return [e.name for e in first[:AUTOCOMPLETE_LIMIT]]

    def closest(self, fkey: str, accept: float) -> KnownName | None:
        """The name a misspelt folded key means, when one is clearly meant (for free text).

        May answer a name the corpus does not hold: a caller recognising cards
        in text then knows the word is a real card outside our sets, not a typo
        of one of ours.
        """
        best = process.extract(fkey, self._fuzzy_keys, scorer=fuzz.ratio, limit=3)
        ranked = [(self.folded[k], s) for k, s, _ in best]
        if not ranked or ranked[0][1] < accept:
            return None
        rivals = [s for slug, s in ranked[1:] if slug != ranked[0][0]]
        if rivals and ranked[0][1] - rivals[0] < FUZZY_LEAD:
            return None
        return self.entries[ranked[0][0]]

    # -- helpers -----------------------------------------------------------------

    def _answer(self, slug: str, how: str) -> NameAnswer:
        known = self.entries[slug]
        return NameAnswer(CARD if known.covered else NOT_COVERED, known, (known.name,), how)

    def _prefixed(self, ekey: str) -> list[str]:
        """Slugs of names (or aliases) beginning with ``ekey``, covered ones first."""
        slugs = list(dict.fromkeys(s for k, s in self.exact.items() if k.startswith(ekey)))
        return sorted(slugs, key=lambda s: (not self.entries[s].covered, len(self.entries[s].name)))

    def _ranked(self, fkey: str) -> list[tuple[str, float]]:
        """Known names by spelling similarity to ``fkey``, best first, one row per name."""
        found = process.extract(fkey, self._fuzzy_keys, scorer=fuzz.ratio, limit=20)
        ranked: dict[str, float] = {}
        for key, score, _ in found:
            slug = self.folded[key]
            ranked[slug] = max(ranked.get(slug, 0.0), score)
        # Equal scores: a covered card first (it has rulings to show).
        return sorted(ranked.items(),
                      key=lambda item: (-item[1], not self.entries[item[0]].covered))

    def _candidates(self, prefixed: list[str], ranked: list[tuple[str, float]]) -> list[str]:
        top = ranked[0][1] if ranked else 0.0
        # Names that begin with what was typed are the likelier meaning; a spelling
        # merely close to it joins them only when very close ("king" ~ Kiln does not).
        floor = PREFIX_COMPANION if prefixed else FUZZY_CANDIDATE
        close = [s for s, score in ranked if score >= floor and score >= top - CANDIDATE_SPREAD]
        slugs = list(dict.fromkeys([*prefixed, *close]))
        return [self.entries[s].name for s in slugs[:MAX_CANDIDATES]]


def _bare(name: str) -> tuple[str, ...]:
    """"The Sky's Gift" is said "sky's gift": a leading article is optional."""
    return (name[4:],) if name.lower().startswith("the ") and len(name) > 8 else ()


def _landscape_kind(card: Mapping[str, Any]) -> str:
    """``card`` for cards, else the landscape's kind (event, trait, landmark, ...)."""
    if card.get("kind") in ("event", "trait"):
        return str(card["kind"])
    for type_ in card.get("types") or ():
        if type_ in ("Event", "Landmark", "Project", "Way", "Ally"):
            return type_.lower()
    return "card"
