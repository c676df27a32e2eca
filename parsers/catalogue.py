"""The card catalogue: every card name the sources use, with its facts.

The catalogue is data (``corpus/catalogue/*.yaml``, one file per set) rather
than code, so that a reader can check a card's cost or text without reading
Python, and so that parsers, engine registry and search all agree on one list
of names. ``out_of_scope.yaml`` lists names the sources mention that belong to
sets outside the engine's scope (second-edition cards, Adventures, ...): they
are recognised as names and flagged, never silently dropped.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

#: The kinds a catalogue entry may have. "pile" is a pile or randomizer name
#: whose members are separate cards (Ruins, Knights).
KINDS = frozenset(
    {
        "kingdom", "basic", "non-supply", "event", "trait", "boon", "hex", "state",
        "heirloom", "prize", "loot", "ruins", "shelter", "knight", "spirit", "zombie",
        "pile", "out-of-scope",
    }
)


#: Types that mark a landscape card (not gained, sits on the table).
LANDSCAPE_TYPES = frozenset({"Event", "Trait", "Landmark", "Project", "Way", "Ally"})


#: libyaml's loader when available: the pure-Python one takes about a second for the catalogue,
#: most of a corpus build.
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class CatalogueError(ValueError):
    """A catalogue file is malformed; the message names the file and the entry."""


@dataclass(frozen=True)
class Cost:
    coins: int | None = 0  # None: the card has no coin cost printed (Events never, but e.g. "?")
    potion: int = 0
    debt: int = 0

    def as_dict(self) -> dict[str, int | None]:
        return {"coins": self.coins, "potion": self.potion, "debt": self.debt}


@dataclass(frozen=True)
class SourceNote:
    """Where a source document gives a card fact other than the printed card's.

    The catalogue keeps the printed value; ``says`` is the source's own words
    (found verbatim in ``document``: a test checks it), ``note`` says it for
    people ("the Plunder rulebook lists this at 3").
    """

    document: str  # source id (corpus/sources/manifest.yaml)
    field: str  # "cost", "text" or "types"
    says: str
    note: str

    def as_dict(self) -> dict[str, str]:
        return {"document": self.document, "field": self.field, "says": self.says,
                "note": self.note}


@dataclass(frozen=True)
class Card:
    name: str
    slug: str
    set: str
    kind: str
    types: tuple[str, ...] = ()
    cost: Cost | None = None
    text: str = ""
    #: None: not a pile of its own. int: fixed size. dict: size by player count.
    #: Left out of the hash (a dict is unhashable) so cards can sit in sets.
    pile_size: int | dict[int, int] | None = field(default=None, hash=False)
    #: For kind "pile": the member cards' names.
    members: tuple[str, ...] = ()
    #: Other spellings the sources use ("Bag of Gold" vs "Bag o' Gold"...).
    aliases: tuple[str, ...] = ()
    in_scope: bool = True
    notes: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    #: Facts a source document gives otherwise than the printed card (which we keep).
    source_notes: tuple[SourceNote, ...] = field(default=(), compare=False, hash=False)

    @property
    def landscape_kind(self) -> str | None:
        """``"event"``, ``"trait"``, ``"landmark"``, ``"project"``, ``"way"`` or ``"ally"``.

        Suggested kingdoms list landscapes next to Kingdom cards; in-scope ones
        say so by their kind, out-of-scope ones (kind ``out-of-scope``) by their
        type, so callers need one question rather than two. None otherwise.
        """
        if self.kind in ("event", "trait"):
            return self.kind
        for type_ in self.types:
            if type_ in LANDSCAPE_TYPES:
                return type_.lower()
        return None


def slugify(name: str) -> str:
    """Lower-case, hyphenated, ASCII slug: ``King's Court`` -> ``kings-court``."""
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    text = text.lower().replace("'", "").replace("\u2019", "")
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def _count_or_none(raw: Any, where: str, what: str) -> int | None:
    """A non-negative integer field that may be left empty (``None``)."""
    return None if raw is None else _count(raw, where, what)


def _count(raw: Any, where: str, what: str) -> int:
    """A non-negative integer field; YAML gives bools as ints, so they are refused too."""
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 0:
        raise CatalogueError(f"{where}: {what} must be a non-negative integer, got {raw!r}")
    return raw


def _parse_cost(raw: Any, where: str) -> Cost | None:
    if raw is None:
        return None
    if isinstance(raw, int) and not isinstance(raw, bool):
        return Cost(coins=_count(raw, where, "cost"))
    if isinstance(raw, dict):
        unknown = set(raw) - {"coins", "potion", "debt"}
        if unknown:
            raise CatalogueError(f"{where}: unknown cost fields {sorted(unknown)}")
        return Cost(
            coins=_count_or_none(raw.get("coins", 0), where, "cost coins"),
            potion=_count(raw.get("potion", 0), where, "cost potion"),
            debt=_count(raw.get("debt", 0), where, "cost debt"),
        )
    raise CatalogueError(f"{where}: cost must be an integer or a mapping, got {raw!r}")


def _parse_pile(raw: Any, where: str) -> int | dict[int, int] | None:
    if raw is None or (isinstance(raw, int) and not isinstance(raw, bool)):
        return raw
    if isinstance(raw, dict):
        try:
            return {int(k): int(v) for k, v in raw.items()}
        except (TypeError, ValueError) as exc:
            raise CatalogueError(f"{where}: pile_size mapping must be players -> count") from exc
    raise CatalogueError(f"{where}: pile_size must be an integer or a mapping, got {raw!r}")


def _strings(raw: Any, where: str, what: str) -> tuple[str, ...]:
    """A list of strings (types, members, aliases); a bare string is a likely typo, refused."""
    if raw is None:
        return ()
    if not isinstance(raw, list) or not all(isinstance(x, str) for x in raw):
        raise CatalogueError(f"{where}: {what} must be a list of strings, got {raw!r}")
    return tuple(raw)


def _text(raw: Any, where: str, what: str) -> str:
    if raw is None:
        return ""
    if not isinstance(raw, str):
        raise CatalogueError(f"{where}: {what} must be a string, got {raw!r}")
    return raw


def _card_from_entry(entry: Any, set_id: str, in_scope: bool, where: str) -> Card:
    if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
        raise CatalogueError(f"{where}: each card needs a 'name' string, got {entry!r}")
    name = entry["name"]
    where = f"{where} ({name})"
    kind = entry.get("kind", "kingdom" if in_scope else "out-of-scope")
    if kind not in KINDS:
        raise CatalogueError(f"{where}: unknown kind {kind!r}; expected one of {sorted(KINDS)}")
    known = {
        "name", "kind", "types", "cost", "text", "pile_size", "members", "aliases",
        "notes", "set", "extra", "source_notes",
    }
    unknown = set(entry) - known
    if unknown:
        raise CatalogueError(f"{where}: unknown fields {sorted(unknown)}")
    return Card(
        name=name,
        slug=slugify(name),
        set=entry.get("set", set_id),
        kind=kind,
        types=_strings(entry.get("types"), where, "types"),
        cost=_parse_cost(entry.get("cost"), where),
        text=_text(entry.get("text"), where, "text"),
        pile_size=_parse_pile(entry.get("pile_size"), where),
        members=_strings(entry.get("members"), where, "members"),
        aliases=_strings(entry.get("aliases"), where, "aliases"),
        in_scope=in_scope,
        notes=_text(entry.get("notes"), where, "notes"),
        extra=_extra(entry.get("extra"), where),
        source_notes=_source_notes(entry.get("source_notes"), where),
    )


def _source_notes(raw: Any, where: str) -> tuple[SourceNote, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise CatalogueError(f"{where}: source_notes must be a list, got {raw!r}")
    notes = []
    for i, item in enumerate(raw):
        at = f"{where}: source_notes[{i}]"
        if not isinstance(item, dict) or set(item) != {"document", "field", "says", "note"}:
            raise CatalogueError(f"{at}: expected document, field, says and note")
        if item["field"] not in ("cost", "text", "types"):
            raise CatalogueError(f"{at}: field must be cost, text or types")
        notes.append(SourceNote(*(_text(item[k], at, k) for k in
                                  ("document", "field", "says", "note"))))
    return tuple(notes)


def _extra(raw: Any, where: str) -> dict[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        raise CatalogueError(f"{where}: extra must be a mapping, got {raw!r}")
    return dict(raw)


@dataclass
class Catalogue:
    """All known card names, in scope or not, with lookup by name and slug."""

    cards: list[Card]
    sets: dict[str, str]  # set id -> title
    _by_name: dict[str, Card] = field(init=False, repr=False)
    _by_slug: dict[str, Card] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._by_name = {}
        self._by_slug = {}
        for card in self.cards:
            for key in (card.name, *card.aliases):
                # An alias may differ from its own name only in case ("Jack of all
                # Trades"): case-sensitive recognisers need the spelling listed.
                if self._by_name.get(key.lower(), card) is not card:
                    raise CatalogueError(f"duplicate card name {key!r} in the catalogue")
                self._by_name[key.lower()] = card
            self._by_slug.setdefault(card.slug, card)

    def get(self, name: str) -> Card | None:
        return self._by_name.get(name.lower())

    def by_slug(self, slug: str) -> Card | None:
        return self._by_slug.get(slug)

    def names(self) -> Iterable[str]:
        """Every name and alias, for name recognition."""
        return self._by_name.keys()

    def in_scope(self) -> list[Card]:
        return [c for c in self.cards if c.in_scope]


def load_catalogue(directory: Path) -> Catalogue:
    """Read every ``*.yaml`` file of the catalogue directory, in name order.

    Raises :class:`CatalogueError` (naming the file and entry) for anything
    malformed, so a bad edit to the data fails loudly at load time rather than
    as a wrong answer later.
    """
    if not directory.is_dir():
        raise CatalogueError(f"catalogue directory {directory} does not exist")
    cards: list[Card] = []
    sets: dict[str, str] = {}
    for path in sorted(directory.glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_YAML_LOADER)
        except (yaml.YAMLError, UnicodeDecodeError) as exc:
            raise CatalogueError(f"{path.name}: not valid YAML: {exc}") from exc
        if not isinstance(data, dict) or "set" not in data or "cards" not in data:
            raise CatalogueError(f"{path.name}: expected a mapping with 'set' and 'cards'")
        set_id = data["set"]
        in_scope = data.get("in_scope", True)
        if not isinstance(set_id, str) or not isinstance(in_scope, bool):
            raise CatalogueError(f"{path.name}: 'set' must be a string and 'in_scope' a boolean")
        if not isinstance(data["cards"] or [], list):
            raise CatalogueError(f"{path.name}: 'cards' must be a list")
        sets[set_id] = data.get("title", set_id)
        for i, entry in enumerate(data["cards"] or []):
            cards.append(_card_from_entry(entry, set_id, in_scope, f"{path.name}: cards[{i}]"))
    return Catalogue(cards=cards, sets=sets)
