"""Loading the built corpus: one JSON file, read once, indexed for lookups.

Where builds live: ``<build dir>/current`` is a symlink to the directory of
the last successful build, which holds ``corpus.json`` and whatever further
build steps wrote (the search index in ``index/``). Readers always go through
``current``, so a build that fails half-way is never seen.

This module only reads; making a build (``build.py``) and rebuilding a
missing, stale or damaged one before reading it (``ensure.py``) depend on it,
never the other way round.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulings_service.paths import CATALOGUE_DIR, REPO_ROOT, SOURCES_DIR
from rulings_service.paths import build_dir as default_build_dir

CURRENT = "current"
CORPUS_FILE = "corpus.json"
INDEX_DIR = "index"
#: The build's copy of each source it parsed (the source pages quote it).
SOURCES_COPY_DIR = "sources"
#: Fingerprint of what the build read (sources, catalogue, parser and index code).
INPUTS_FILE = "inputs.sha256"
#: Code whose changes change the build output.
_CODE_GLOBS = ("parsers/*.py", "rulings_service/build.py", "rulings_service/search/*.py")
#: Data the index step reads (per-ruling questions for the search, written by hand),
#: and the lexicon and abbreviations, which the build checks and copies (datafiles.py).
_DATA_GLOBS = ("corpus/expansions/*.yaml", "corpus/vocabulary.yaml", "corpus/abbreviations.yaml")


class CorpusNotBuilt(FileNotFoundError):
    """No successful build exists yet in the build directory."""


def current_dir(build_dir: Path | None = None) -> Path:
    """The directory of the last successful build (through the ``current`` symlink)."""
    return (build_dir or default_build_dir()) / CURRENT


def corpus_file(build_dir: Path | None = None) -> Path:
    return current_dir(build_dir) / CORPUS_FILE


def index_dir(build_dir: Path | None = None) -> Path:
    """Where the search index of the current build lives."""
    return current_dir(build_dir) / INDEX_DIR


def inputs_fingerprint(sources_dir: Path = SOURCES_DIR,
                       catalogue_dir: Path = CATALOGUE_DIR) -> str:
    """sha256 over every file a build reads, so a stale build can be noticed cheaply."""
    files = [*sorted(sources_dir.glob("*")), *sorted(catalogue_dir.glob("*.yaml"))]
    for pattern in (*_CODE_GLOBS, *_DATA_GLOBS):
        files.extend(sorted(REPO_ROOT.glob(pattern)))
    digest = hashlib.sha256()
    for path in files:
        if path.is_file():
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def is_current(build_dir: Path | None = None, sources_dir: Path = SOURCES_DIR,
               catalogue_dir: Path = CATALOGUE_DIR) -> bool:
    """True if the current build was made from the inputs as they are now."""
    try:
        recorded = (current_dir(build_dir) / INPUTS_FILE).read_text(encoding="utf-8").strip()
    except OSError:
        return False
    return recorded == inputs_fingerprint(sources_dir, catalogue_dir)


def _implemented_names() -> frozenset[str]:
    """Card names the engine implements.

    Imported here, not at the top: loading every card module costs ~140 ms, which
    ``rulings build`` (``with_engine=False``) and the readers of paths never need.
    """
    from engine.registry import implemented_names

    return frozenset(implemented_names())


@dataclass
class Corpus:
    """The built corpus with lookup tables. Dicts follow the JSON contract in the README."""

    build_id: str
    sources: list[dict[str, Any]]
    cards: list[dict[str, Any]]
    rulings: list[dict[str, Any]]
    kingdoms: list[dict[str, Any]]
    #: Where the texts of ``sources`` are: the build's copy for a loaded build.
    sources_dir: Path = field(default=SOURCES_DIR, repr=False)
    card_by_slug: dict[str, dict[str, Any]] = field(init=False, repr=False)
    ruling_by_id: dict[str, dict[str, Any]] = field(init=False, repr=False)
    _card_by_name: dict[str, dict[str, Any]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.card_by_slug = {c["slug"]: c for c in self.cards}
        self.ruling_by_id = {r["id"]: r for r in self.rulings}
        self._card_by_name = {c["name"].lower(): c for c in self.cards}
        for card in self.cards:
            for alias in card.get("aliases", ()):
                self._card_by_name.setdefault(alias.lower(), card)

    @classmethod
    def from_dict(cls, data: dict[str, Any], with_engine: bool = True,
                  sources_dir: Path = SOURCES_DIR) -> Corpus:
        """Build from the corpus JSON object; adds each card's ``implemented`` flag."""
        implemented = _implemented_names() if with_engine else frozenset()
        cards = [dict(c) for c in data["cards"]]
        for card in cards:
            card["implemented"] = card["name"] in implemented
        return cls(data["build_id"], data["sources"], cards, data["rulings"], data["kingdoms"],
                   sources_dir)

    def source_text(self, file_name: str) -> str | None:
        """The text of one of ``sources`` (by its ``file``), or None if it is not there."""
        path = self.sources_dir / Path(file_name).name
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            return None

    def card_named(self, name: str) -> dict[str, Any] | None:
        """A card by name or alias, case-insensitively."""
        return self._card_by_name.get(name.lower())

    def rulings_for_card(self, slug: str) -> list[dict[str, Any]]:
        """The card's own rulings (including ones it shares with other cards), in order."""
        card = self.card_by_slug.get(slug)
        if card is None:
            return []
        return [self.ruling_by_id[i] for i in card["ruling_ids"]]

    def rulings_mentioning(self, card_name: str) -> list[dict[str, Any]]:
        """Rulings of other cards or topics that mention ``card_name``."""
        card = self.card_named(card_name)
        name = card["name"] if card else card_name
        return [r for r in self.rulings if name in r["mentions"]]

    def as_dict(self) -> dict[str, Any]:
        """The export object: the corpus JSON plus each card's ``implemented`` flag."""
        return {"build_id": self.build_id, "sources": self.sources, "cards": self.cards,
                "rulings": self.rulings, "kingdoms": self.kingdoms}


def load_corpus(build_dir: Path | None = None) -> Corpus:
    """Read the current build's corpus; ``CorpusNotBuilt`` if there is none.

    The ``current`` link is resolved once, so the corpus and the source copies
    it quotes come from one build even if another build is swapped in meanwhile.
    """
    try:
        directory = current_dir(build_dir).resolve(strict=True)
    except OSError as exc:
        raise CorpusNotBuilt(f"no corpus at {corpus_file(build_dir)}: run 'rulings build' "
                             f"first") from exc
    path = directory / CORPUS_FILE
    try:
        raw = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise CorpusNotBuilt(f"no corpus at {path}: run 'rulings build' first") from exc
    try:
        copies = directory / SOURCES_COPY_DIR
        return Corpus.from_dict(json.loads(raw),
                                sources_dir=copies if copies.is_dir() else SOURCES_DIR)
    except (ValueError, KeyError, TypeError) as exc:
        raise CorpusNotBuilt(f"{path}: not a readable corpus ({exc}); run 'rulings build'"
                             ) from exc
