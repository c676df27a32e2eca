"""Card-name recognition against the catalogue.

Card names are ordinary words more often than not (Village, Market, Search,
Rush...), so recognition is case-sensitive and prefers the longest name
("Overgrown Estate" before "Estate", "Cursed Gold" before "Curse"). Plurals
("Festivals", "Duchies", "Dens of Sin") and possessives ("Young Witch's") map
back to the card. Names that are also common English words are not taken from
the very start of a sentence, where capitalisation says nothing. References
such as "Nobles (from Dominion: Intrigue)" or "the Seaside card Ambassador" are
also read as cross-references carrying the other card's set.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from parsers.catalogue import Catalogue

#: Set names as the sources write them in cross-references -> catalogue set id.
SET_NAMES = {
    "Dominion": "base", "Base": "base", "Intrigue": "intrigue", "Seaside": "seaside",
    "Alchemy": "alchemy", "Prosperity": "prosperity", "Cornucopia": "cornucopia",
    "Hinterlands": "hinterlands", "Dark Ages": "dark-ages", "Guilds": "guilds",
    "Adventures": "adventures", "Empires": "empires", "Nocturne": "nocturne",
    "Renaissance": "renaissance", "Menagerie": "menagerie", "Allies": "allies",
    "Plunder": "plunder",
}

#: Names that are everyday words; not recognised as the first word of a sentence.
COMMON_WORDS = frozenset({
    "Avoid", "Bury", "Cheap", "Count", "Deliver", "Fear", "Friendly", "Launch", "Mine",
    "Prepare", "Rich", "Rush", "Search", "Shy", "Patient", "Nearby", "Fated", "Cursed",
    "Reckless", "Tireless", "Pious", "Inherited", "Hasty", "Inspiring", "Fawning", "Greed",
    "War", "Misery", "Famine", "Plague", "Poverty", "Envy", "Delusion", "Haunting", "Locusts",
    "Tools", "Rope", "Crew", "Cage", "Wish", "Peril", "Mirror", "Journey", "Foray", "Invasion",
    "Looting", "Prosper", "Scrounge", "Maelstrom", "Trash", "Storeroom", "Forge", "Expand",
    "Harvest", "Loan", "Vault", "Venture", "Hoard", "Bank", "Quarry", "Idol", "Fool", "Ghost",
    "Imp", "Bat", "Goat", "Pouch", "Pasture", "Shield", "Staff", "Sword", "Orb", "Jewels",
    "Hammer", "Rats", "Spoils", "Knights", "Ruins", "Shelters",
})


_WORD_START = re.compile(r"(?<![\w'\u2019])[A-Z]")


def _continues_word(text: str, pos: int) -> bool:
    return pos < len(text) and (text[pos].isalnum() or text[pos] == "_")


@dataclass(frozen=True)
class Mention:
    name: str  # canonical catalogue name
    start: int
    end: int


@dataclass(frozen=True)
class CrossRef:
    name: str
    set: str
    start: int


def _plural_forms(name: str) -> set[str]:
    forms = {name + "s", name + "es", name + "'s", name + "\u2019s", name + "s'"}
    if name.endswith("y") and not name.endswith(("ey", "ay", "oy")):
        forms.add(name[:-1] + "ies")
    words = name.split(" ")
    if len(words) == 3 and words[1] == "of":  # Den of Sin -> Dens of Sin
        forms.add(f"{words[0]}s of {words[2]}")
    return forms


class NameIndex:
    """Finds catalogue card names (and their plural/possessive forms) in text."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self._canonical: dict[str, str] = {}
        for card in catalogue.cards:
            for spelling in (card.name, *card.aliases):
                self._canonical.setdefault(spelling, card.name)
                self._canonical.setdefault(spelling.lower(), card.name)
                for form in _plural_forms(spelling):
                    self._canonical.setdefault(form, card.name)
        exact = sorted({s for s in self._canonical if any(ch.isupper() for ch in s)},
                       key=len, reverse=True)
        # Candidates by their first three characters: one big alternation regex of ~3000
        # spellings made recognition the slowest step of the whole build.
        self._by_prefix: dict[str, list[str]] = {}
        for spelling in exact:
            self._by_prefix.setdefault(spelling[:3], []).append(spelling)
        set_alt = "|".join(re.escape(s) for s in sorted(SET_NAMES, key=len, reverse=True))
        self._xref_paren = re.compile(
            rf"\((?:from |an? [^()]*? in |in )?(?:the )?(?:Dominion: )?({set_alt})\)")
        self._xref_card = re.compile(rf"\b(?:Dominion: )?({set_alt}) card ")
        self._xref_from = re.compile(rf",? from (?:Dominion: )?({set_alt})\b")

    def canonical(self, spelling: str) -> str | None:
        """The catalogue name for an exact spelling (case-insensitive fallback)."""
        return self._canonical.get(spelling) or self._canonical.get(spelling.lower())

    def mentions(self, text: str) -> list[Mention]:
        """Every card name in ``text``, in order, longest match first."""
        found: list[Mention] = []
        skip_to = 0
        for start_match in _WORD_START.finditer(text):
            start = start_match.start()
            if start < skip_to:
                continue
            spelling = next((s for s in self._by_prefix.get(text[start:start + 3], ())
                             if text.startswith(s, start)
                             and not _continues_word(text, start + len(s))), None)
            if spelling is None:
                continue
            end = start + len(spelling)
            if spelling.rstrip("s'\u2019") in COMMON_WORDS or spelling in COMMON_WORDS:
                before = text[:start].rstrip()
                if not before or before[-1] in ".!?:;\"(" or before.endswith("- "):
                    continue
            found.append(Mention(self._canonical[spelling], start, end))
            skip_to = end
        return found

    def mentioned_names(self, text: str, exclude: Iterable[str] = ()) -> list[str]:
        """Distinct mentioned names in order of first appearance, minus ``exclude``."""
        skip = set(exclude)
        out: list[str] = []
        for m in self.mentions(text):
            if m.name not in skip and m.name not in out:
                out.append(m.name)
        return out

    def cross_references(self, text: str) -> list[CrossRef]:
        """Cards named with their set: "Harem (from Intrigue)", "the Seaside card Ambassador"."""
        refs: list[CrossRef] = []
        mentions = self.mentions(text)
        ends = {m.end: m for m in mentions}
        for m in self._xref_paren.finditer(text):
            gap = len(text[:m.start()]) - len(text[:m.start()].rstrip())
            named = ends.get(m.start() - gap)
            if named is not None:
                refs.append(CrossRef(named.name, SET_NAMES[m.group(1)], named.start))
        for m in self._xref_from.finditer(text):
            named = ends.get(m.start())
            if named is not None:
                refs.append(CrossRef(named.name, SET_NAMES[m.group(1)], named.start))
        for m in self._xref_card.finditer(text):
            after = [x for x in mentions if x.start == m.end()]
            if after:
                refs.append(CrossRef(after[0].name, SET_NAMES[m.group(1)], after[0].start))
        return sorted(set(refs), key=lambda r: (r.start, r.name, r.set))

    def name_at(self, text: str, pos: int, end: int | None = None) -> str | None:
        """The longest catalogue name (exact spelling, any case) starting at ``pos``."""
        end = len(text) if end is None else end
        best: str | None = None
        window = text[pos: min(end, pos + 60)]
        for i in range(len(window), 0, -1):
            if i < len(window) and (window[i].isalnum() or window[i] == "'"):
                continue
            candidate = window[:i]
            if candidate in self._canonical or candidate.lower() in self._canonical:
                if candidate.rstrip().endswith(("s", "'s")) and self._is_plural_only(candidate):
                    continue
                best = candidate
                break
        return best

    def _is_plural_only(self, spelling: str) -> bool:
        name = self.canonical(spelling)
        if name is None:
            return True
        card = self.catalogue.get(name)
        spellings = {name.lower()} | {a.lower() for a in (card.aliases if card else ())}
        return spelling.lower() not in spellings
