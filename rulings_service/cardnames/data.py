"""The name data the matcher reads: published names, renames, abbreviations, common words.

All of it is kept as data under ``corpus/`` (names and sets are facts; no card
texts), so that adding a set or a nickname is an edit to a YAML file, not to
code. Each loader answers plain records and tolerates a missing file (no
names of that kind), because a test corpus may ship without them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from rulings_service.paths import CORPUS_DIR

PUBLISHED_FILE = CORPUS_DIR / "published_names.yaml"
ABBREVIATIONS_FILE = CORPUS_DIR / "abbreviations.yaml"
COMMON_WORDS_FILE = CORPUS_DIR / "common_word_names.yaml"

#: What a published name is: a card (Kingdom, non-Supply, pile member) or a landscape.
NAME_KINDS = ("card", "event", "landmark", "project", "way", "ally", "trait", "prophecy")


@dataclass(frozen=True)
class PublishedName:
    """A printed Dominion name outside the catalogue's covered sets."""

    name: str
    set_id: str
    kind: str


@dataclass(frozen=True)
class Rename:
    """A later printing's name for a card of ours (``Farm`` is Harem)."""

    name: str
    card: str
    set_id: str


@dataclass(frozen=True)
class Abbreviation:
    """A community abbreviation or nickname (``TR`` is Throne Room)."""

    abbr: str
    card: str
    case_sensitive: bool = False


def _read(path: Path) -> Any:
    if not path.exists():
        return None
    return yaml.safe_load(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=4)
def load_published(path: Path = PUBLISHED_FILE) -> tuple[tuple[PublishedName, ...],
                                                          tuple[Rename, ...]]:
    """Every published name with its set, and the renames (read once)."""
    data = _read(path) or {}
    names: list[PublishedName] = []
    for entry in data.get("sets") or ():
        set_id = str(entry["id"])
        for kind in NAME_KINDS:
            names += [PublishedName(str(n), set_id, kind) for n in entry.get(kind) or ()]
    renames = tuple(Rename(str(r["name"]), str(r["card"]), str(r["set"]))
                    for r in data.get("renamed") or ())
    return tuple(names), renames


def published_by_set() -> dict[str, list[str]]:
    """Set id -> the published names of that set outside our catalogue, in file order."""
    out: dict[str, list[str]] = {}
    for name in load_published()[0]:
        out.setdefault(name.set_id, []).append(name.name)
    return out


def load_abbreviations(path: Path = ABBREVIATIONS_FILE) -> list[Abbreviation]:
    """Read the abbreviations file; a missing file means no abbreviations."""
    data = _read(path) or {}
    entries = data.get("abbreviations", []) if isinstance(data, dict) else []
    return [
        Abbreviation(str(e["abbr"]), str(e["card"]), bool(e.get("case_sensitive")))
        for e in entries
        if isinstance(e, dict) and e.get("abbr") and e.get("card")
    ]


@lru_cache(maxsize=4)
def load_common_words(path: Path = COMMON_WORDS_FILE) -> frozenset[str]:
    """Card names that are everyday words (lower case), read once."""
    data = _read(path) or {}
    return frozenset(str(n).lower() for n in data.get("names") or ())
