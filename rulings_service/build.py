"""``rulings build``: sources -> parsed records -> merged corpus -> ``corpus.json`` (+ index).

The build is deterministic: the same sources and catalogue give byte-identical
``corpus.json`` (sorted keys, stable order, no timestamps) and identical ruling
ids. It writes into a fresh directory next to the target and only then points
the ``current`` symlink at it with ``os.replace`` (atomic on POSIX), so a build
that fails at any step leaves the previous corpus and index untouched.

The sources are shipped byte-for-byte, so the manifest pins each one (``sha256``
and ``chars``) and a file that differs is refused before it is parsed: a
truncated or re-encoded copy can still parse into a plausible, smaller corpus.

Further steps (the search index) are added to ``default_steps()``: each step
gets the finished corpus and the staging directory, and writes its own files
there before the swap.

Each source the build parsed is copied into the build (``sources/``), so the
source pages quote the very text the corpus was made from; and the last file
written but one is ``checksums.sha256``, the hash of every other file (all but
``inputs.sha256``, the staleness fingerprint), which loading
verifies (``artefacts.py``). A build whose ruling count falls by more than
``COUNT_DROP_WARNING`` against the previous build warns, naming the sources
that lost rulings: an unpinned source cut short still parses.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from parsers.catalogue import Catalogue, CatalogueError, load_catalogue, slugify
from parsers.dump import parse_dump
from parsers.faq import parse_faq, parse_faq_html
from parsers.merge import merge_documents
from parsers.names import NameIndex
from parsers.records import CardLine, ParsedDocument, ParseError, Ruling, Span
from parsers.rulebook import parse_rulebook
from rulings_service.artefacts import record_checksums
from rulings_service.corpus_store import (
    CORPUS_FILE,
    CURRENT,
    INPUTS_FILE,
    SOURCES_COPY_DIR,
    Corpus,
    inputs_fingerprint,
)
from rulings_service.datafiles import FORMATS, DataFileError, copy_runtime_files, validate_all
from rulings_service.paths import CATALOGUE_DIR, CORPUS_DIR, SOURCES_DIR
from rulings_service.paths import build_dir as default_build_dir
from rulings_service.search.build_step import index_step

MANIFEST = "manifest.yaml"
#: How many finished builds to keep besides the current one (readers may still hold them).
KEEP_PREVIOUS = 1
#: A build directory younger than this may belong to a build still running elsewhere.
IN_PROGRESS_SECONDS = 600
#: A fall in rulings (overall or of one source) larger than this share warns.
COUNT_DROP_WARNING = 0.05


class BuildError(RuntimeError):
    """The build failed; the message names the file (and position, for parse errors)."""


@dataclass
class BuildContext:
    """What a build step gets: the corpus as built, and the directory to write into."""

    corpus: Corpus
    data: dict[str, Any]
    staging: Path
    progress: Callable[[str], None]


BuildStep = Callable[[BuildContext], None]


@dataclass
class BuildReport:
    build_id: str
    directory: Path
    seconds: float
    per_source: dict[str, int]
    per_set: dict[str, tuple[int, int]]  # set -> (cards, rulings)
    totals: dict[str, int] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)


def write_corpus_json(ctx: BuildContext) -> None:
    """The first step: the canonical corpus JSON."""
    (ctx.staging / CORPUS_FILE).write_text(canonical_json(ctx.data), encoding="utf-8")


def default_steps() -> list[tuple[str, BuildStep]]:
    """The build steps, in order. Each writes into the staging directory."""
    return [("corpus", write_corpus_json), ("search index", index_step)]


def canonical_json(data: Any) -> str:
    """Sorted keys, no whitespace, UTF-8 text: byte-identical for equal data.

    Compact on purpose: with ``indent`` the json module falls back to its pure-Python
    encoder, which took a third of the build time.
    """
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


# ---------------------------------------------------------------- reading sources


def load_manifest(sources_dir: Path) -> list[dict[str, Any]]:
    path = sources_dir / MANIFEST
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise BuildError(f"{path}: source manifest is missing") from exc
    except yaml.YAMLError as exc:
        raise BuildError(f"{path}: not valid YAML: {exc}") from exc
    sources = data.get("sources") if isinstance(data, dict) else None
    if not isinstance(sources, list) or not sources:
        raise BuildError(f"{path}: expected a 'sources' list")
    for i, src in enumerate(sources):
        missing = {"id", "file", "title", "format", "sets"} - set(src or {})
        if missing:
            raise BuildError(f"{path}: sources[{i}] lacks {sorted(missing)}")
        if src["format"] not in FORMATS:
            raise BuildError(f"{path}: sources[{i}] ({src['id']}): unknown format "
                             f"{src['format']!r}; expected one of {list(FORMATS)}")
        _check_pin_fields(path, i, src)
    return sources


def _check_pin_fields(path: Path, i: int, src: dict[str, Any]) -> None:
    """The pin is ``sha256`` and ``chars`` together (or neither), plus an optional
    ``pinned: false``; a malformed pin is an error rather than a silently unchecked file."""
    where = f"{path}: sources[{i}] ({src['id']})"
    has = [key for key in ("sha256", "chars") if key in src]
    if len(has) == 1:
        raise BuildError(f"{where}: 'sha256' and 'chars' pin a file together; only {has[0]!r} "
                         "is given")
    if "pinned" in src and not isinstance(src["pinned"], bool):
        raise BuildError(f"{where}: 'pinned' must be true or false, not {src['pinned']!r}")
    if src.get("pinned") is True and not has:
        raise BuildError(f"{where}: 'pinned: true' needs 'sha256' and 'chars'")
    if has:
        sha, chars = src["sha256"], src["chars"]
        if not (isinstance(sha, str) and len(sha) == 64
                and all(c in "0123456789abcdef" for c in sha)):
            raise BuildError(f"{where}: 'sha256' must be 64 lower-case hex digits, not {sha!r}")
        if isinstance(chars, bool) or not isinstance(chars, int) or chars < 0:
            raise BuildError(f"{where}: 'chars' must be a non-negative integer, not {chars!r}")


def is_pinned(src: dict[str, Any]) -> bool:
    """True if the manifest pins this source's content (``sha256`` and ``chars``)."""
    return "sha256" in src and src.get("pinned", True) is not False


def read_source(sources_dir: Path, src: dict[str, Any]) -> tuple[str, str]:
    """The text of a source and its sha256; errors name the file (and the byte position).

    A pinned source must match its manifest pin exactly: the sources are shipped
    byte-for-byte, so any difference is damage, even one that still parses.
    """
    path = sources_dir / src["file"]
    try:
        raw = path.read_bytes()
    except FileNotFoundError as exc:
        raise BuildError(f"{path}: source file {src['id']!r} is missing") from exc
    digest = hashlib.sha256(raw).hexdigest()
    if is_pinned(src) and digest != src["sha256"]:
        # Checked before decoding: a truncated or re-encoded copy may still parse cleanly.
        got = len(raw.decode("utf-8", errors="replace"))
        raise BuildError(f"{path}: content differs from the manifest (sha256 {digest[:16]}... "
                         f"instead of {src['sha256'][:16]}..., expected {src['chars']} "
                         f"characters, got {got})")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BuildError(f"{path}: at byte {exc.start}: not valid UTF-8 ({exc.reason})") from exc
    if "\x00" in text:
        raise BuildError(f"{path}: at character {text.index(chr(0))}: NUL byte in a text source")
    if is_pinned(src) and len(text) != src["chars"]:
        raise BuildError(f"{path}: the manifest's pin is inconsistent: the sha256 matches but "
                         f"it says {src['chars']} characters, the file has {len(text)}")
    return text, digest


def parse_source(text: str, src: dict[str, Any], names: NameIndex) -> ParsedDocument:
    fmt, doc_id = src["format"], src["id"]
    if fmt == "colon-dump":
        return parse_dump(text, names, doc_id)
    if fmt == "titled-faq":
        return parse_faq(text, names, doc_id)
    if fmt == "titled-faq-html":
        return parse_faq_html(text, names, doc_id)
    return parse_rulebook(text, names, doc_id, src["sets"][0])


# ---------------------------------------------------------------- assembling


def _topic_label(subject: str) -> str:
    return f"General rules: {subject}"


def _ruling_ids(rulings: list[Ruling]) -> list[str]:
    """``<card-or-topic slug>-<sha1 prefix of the normalised text>``, longer on collision.

    Collisions (same topic, same short sentence in two documents, such as "1 Rule
    booklet") are resolved in the order merging picks survivors (document id, then
    position), so the ruling that held an id while the two were merged keeps it and
    data keyed by ruling id (search expansions, scenarios) stays attached to it.
    """
    ids: dict[int, str] = {}
    taken: set[str] = set()
    by_survivor = sorted(range(len(rulings)),
                         key=lambda i: (rulings[i].span.document, rulings[i].span.start))
    for i in by_survivor:
        slug = slugify(rulings[i].subject)
        digest = hashlib.sha1(" ".join(rulings[i].text.lower().split()).encode()).hexdigest()
        width = 6
        while f"{slug}-{digest[:width]}" in taken:
            width += 2
        ids[i] = f"{slug}-{digest[:width]}"
        taken.add(ids[i])
    return [ids[i] for i in range(len(rulings))]


def assemble(manifest: list[dict[str, Any]], texts: dict[str, tuple[str, str]],
             docs: list[ParsedDocument], catalogue: Catalogue, names: NameIndex
             ) -> tuple[dict[str, Any], list[str]]:
    """The corpus JSON object (without build_id) and warnings."""
    warnings: list[str] = []
    merged = merge_documents(docs)
    doc_order = {src["id"]: i for i, src in enumerate(manifest)}
    ids = _ruling_ids(merged.rulings)
    rulings_json = []
    card_rulings: dict[str, list[str]] = {}
    related: dict[str, list[str]] = {}
    for rid, ruling in zip(ids, merged.rulings, strict=True):
        spans = sorted(set(ruling.spans()), key=lambda s: (doc_order[s.document], s.start))
        card = None if ruling.is_topic else catalogue.get(ruling.subject)
        if not ruling.is_topic and card is None:
            warnings.append(f"ruling {rid}: unknown card {ruling.subject!r}")
        for name in ruling.cards:
            target = related if ruling.is_topic else card_rulings
            target.setdefault(name, []).append(rid)
        own = set(ruling.cards) | {ruling.subject}
        rulings_json.append({
            "id": rid,
            "card": _topic_label(ruling.subject) if ruling.is_topic else ruling.subject,
            "card_slug": card.slug if card else None,
            "topic": slugify(ruling.subject) if ruling.is_topic else None,
            "cards": [] if ruling.is_topic else list(ruling.cards),
            "set": card.set if card else ruling.set,
            "text": ruling.text,
            "sources": [s.as_dict() for s in spans],
            "mentions": names.mentioned_names(ruling.text, exclude=own),
            "cross_references": [{"card": x.name, "set": x.set}
                                 for x in names.cross_references(ruling.text)],
            "kind": ruling.kind,
            "order": ruling.order,
            "icons_restored": ruling.icons_restored,
            "icon_gaps": len(ruling.icon_gaps),
        })
    card_lines: dict[str, list[CardLine]] = {}
    for doc in docs:
        for line in doc.card_lines:
            card_lines.setdefault(line.name, []).append(line)
        for raw, pos in doc.unknown_names:
            warnings.append(f"{doc.document}: at character {pos}: unknown name {raw!r}")
    notes_in = {src["id"] for src in manifest if src["format"] == "rulebook"}
    cards_json = [_card_json(c, card_rulings, related, merged.entries, card_lines, doc_order,
                             notes_in) for c in catalogue.cards]
    kingdoms_json = _kingdoms_json(docs)
    sources_json = [{
        "id": src["id"], "file": src["file"], "title": src["title"], "sets": list(src["sets"]),
        "format": src["format"], "sha256": texts[src["id"]][1],
        "chars": len(texts[src["id"]][0]),
    } for src in manifest]
    data = {"sources": sources_json, "cards": cards_json, "rulings": rulings_json,
            "kingdoms": kingdoms_json}
    return data, warnings


def _card_json(card: Any, card_rulings: dict[str, list[str]], related: dict[str, list[str]],
               entries: dict[str, list[tuple[Span, bool]]],
               card_lines: dict[str, list[CardLine]], doc_order: dict[str, int],
               notes_in: set[str]) -> dict[str, Any]:
    pile = card.pile_size
    if isinstance(pile, dict):
        pile = {str(k): v for k, v in sorted(pile.items())}
    lines = card_lines.get(card.name, [])
    printed: list[dict[str, Any]] = []
    for span, empty in entries.get(card.name, []):
        role = "note" if span.document in notes_in else "entry"
        printed.append({**span.as_dict(), "role": "empty-entry" if empty else role})
    for line in lines:
        printed.append({**line.span.as_dict(), "role": "card-line"})
    printed.sort(key=lambda p: (doc_order[p["document"]], p["start"]))
    return {
        "name": card.name, "slug": card.slug, "set": card.set, "sets": [card.set],
        "cost": card.cost.as_dict() if card.cost else None,
        "types": list(card.types), "kind": card.kind,
        "text": card.text or (lines[0].text if lines else ""),
        "pile_size": pile, "in_scope": card.in_scope,
        "members": list(card.members), "aliases": list(card.aliases),
        "ruling_ids": card_rulings.get(card.name, []),
        "related_ruling_ids": related.get(card.name, []),
        "printed_in": printed,
        "source_notes": [n.as_dict() for n in card.source_notes],
    }


def _kingdoms_json(docs: list[ParsedDocument]) -> list[dict[str, Any]]:
    out = []
    taken: set[str] = set()
    for doc in docs:
        for k in doc.kingdoms:
            kid = slugify(k.name)
            if kid in taken:
                kid = slugify(f"{k.source} {k.name}")
            taken.add(kid)
            out.append({
                "id": kid, "name": k.name, "source": k.source, "group": k.group,
                "sets": list(k.sets), "cards": list(k.cards),
                "landscapes": [{"name": x.name, "kind": x.kind, "pile": x.pile}
                               for x in k.landscapes],
                "druid_boons": list(k.druid_boons), "notes": k.notes,
                "span": k.span.as_dict(),
            })
    return out


# ---------------------------------------------------------------- the build


def build(build_dir: Path | None = None, *, sources_dir: Path = SOURCES_DIR,
          catalogue_dir: Path = CATALOGUE_DIR, steps: list[tuple[str, BuildStep]] | None = None,
          progress: Callable[[str], None] | None = None,
          corpus_dir: Path | None = None) -> BuildReport:
    """Parse every source, merge, write and swap in a new build. Raises ``BuildError``.

    ``corpus_dir`` holds the other data files (``datafiles.py``), checked before anything
    is read and copied into the build where the server reads them.
    """
    data_dir = corpus_dir or CORPUS_DIR
    began = time.perf_counter()
    say = progress or (lambda _msg: None)
    target = build_dir or default_build_dir()
    fingerprint = inputs_fingerprint(sources_dir, catalogue_dir)  # before reading: no race
    try:
        validate_all(data_dir, sources_dir, catalogue_dir)
    except DataFileError as exc:
        raise BuildError(str(exc)) from exc
    manifest = load_manifest(sources_dir)
    try:
        catalogue = load_catalogue(catalogue_dir)
    except CatalogueError as exc:
        raise BuildError(f"catalogue: {exc}") from exc
    names = NameIndex(catalogue)
    texts: dict[str, tuple[str, str]] = {}
    docs: list[ParsedDocument] = []
    for i, src in enumerate(manifest, 1):
        texts[src["id"]] = read_source(sources_dir, src)
        try:
            doc = parse_source(texts[src["id"]][0], src, names)
        except ParseError as exc:
            raise BuildError(f"{sources_dir / src['file']}: at character {exc.position}: "
                             f"{exc.detail}") from exc
        docs.append(doc)
        say(f"[{i}/{len(manifest)}] {src['id']} ({src['file']}): {len(doc.entries)} entries, "
            f"{len(doc.all_rulings())} rulings, {len(doc.card_lines)} card lines, "
            f"{len(doc.kingdoms)} kingdoms")
    data, warnings = assemble(manifest, texts, docs, catalogue, names)
    warnings.extend(count_drop_warnings(_previous_counts(target), _ruling_counts(data)))
    data["build_id"] = hashlib.sha256(canonical_json(data).encode()).hexdigest()
    say(f"merged: {len(data['rulings'])} rulings, {len(data['cards'])} cards, "
        f"{len(data['kingdoms'])} kingdoms")
    corpus = Corpus.from_dict(data, with_engine=False)
    target.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix="build-", dir=target))
    staging.chmod(0o755)
    try:
        for name, step in steps if steps is not None else default_steps():
            say(f"step {name}")
            step(BuildContext(corpus, data, staging, say))
        _copy_sources(staging, manifest, texts)
        copy_runtime_files(staging, data_dir)
        record_checksums(staging)
        # After the checksums: it says what the build was made from, not what it serves,
        # and rewriting it (to force a rebuild) must not make the build look damaged.
        (staging / INPUTS_FILE).write_text(fingerprint + "\n", encoding="utf-8")
        _swap(target, staging)
    except BaseException as exc:
        shutil.rmtree(staging, ignore_errors=True)
        if isinstance(exc, BuildError | KeyboardInterrupt):
            raise
        raise BuildError(f"build step failed, previous build kept: {exc}") from exc
    _prune(target, staging)
    report = _report(data, target / CURRENT, time.perf_counter() - began, warnings)
    say(f"build {data['build_id'][:12]} written to {staging} in {report.seconds:.2f} s")
    return report


def _copy_sources(staging: Path, manifest: list[dict[str, Any]],
                  texts: dict[str, tuple[str, str]]) -> None:
    """The text of every parsed source, as parsed, for the source pages to quote."""
    folder = staging / SOURCES_COPY_DIR
    folder.mkdir()
    for src in manifest:
        (folder / Path(src["file"]).name).write_bytes(texts[src["id"]][0].encode("utf-8"))


def _ruling_counts(data: dict[str, Any]) -> dict[str, int]:
    """Rulings in all (key ``""``) and per source id (a merged ruling counts for each)."""
    counts: Counter[str] = Counter()
    counts[""] = len(data["rulings"])
    for ruling in data["rulings"]:
        for doc in {s["document"] for s in ruling["sources"]}:
            counts[doc] += 1
    return dict(counts)


def _previous_counts(target: Path) -> dict[str, int] | None:
    """The counts of the current build, if there is a readable one."""
    try:
        previous = json.loads((target / CURRENT / CORPUS_FILE).read_text(encoding="utf-8"))
        return _ruling_counts(previous)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def count_drop_warnings(before: dict[str, int] | None, after: dict[str, int]) -> list[str]:
    """One warning per source that lost more than ``COUNT_DROP_WARNING`` of its rulings,
    then one for the total if it did, naming those sources."""
    if not before:
        return []

    def fell(key: str) -> bool:
        old = before.get(key, 0)
        return bool(old) and (old - after.get(key, 0)) / old > COUNT_DROP_WARNING

    def change(key: str) -> str:
        old, new = before[key], after.get(key, 0)
        return f"{new} rulings, {(old - new) / old:.0%} fewer than the previous build's {old}"

    sources = [key for key in before if key and fell(key)]
    out = [f"source {key!r} gives {change(key)}: check that the source is complete"
           for key in sources]
    if fell(""):
        named = ", ".join(repr(key) for key in sources) or "none alone past the threshold"
        out.append(f"the corpus has {change('')} (sources that fell: {named})")
    return out


def _swap(target: Path, staging: Path) -> None:
    link = target / CURRENT
    tmp = target / f".{CURRENT}-{os.getpid()}"
    if tmp.is_symlink() or tmp.exists():
        tmp.unlink()
    os.symlink(staging.name, tmp)
    os.replace(tmp, link)


def _prune(target: Path, keep: Path) -> None:
    """Remove old builds, but never the current one, the newest previous ones, or a
    directory young enough to be another process's build still in progress."""
    try:
        current = (target / CURRENT).resolve()
    except OSError:
        current = keep
    now = time.time()
    old = sorted((p for p in target.glob("build-*")
                  if p.is_dir() and p not in (keep, current)),
                 key=lambda p: p.stat().st_mtime, reverse=True)
    for path in old[KEEP_PREVIOUS:]:
        if now - path.stat().st_mtime > IN_PROGRESS_SECONDS:
            shutil.rmtree(path, ignore_errors=True)


def _report(data: dict[str, Any], directory: Path, seconds: float, warnings: list[str]
            ) -> BuildReport:
    per_source: Counter[str] = Counter()
    for ruling in data["rulings"]:
        for doc in {s["document"] for s in ruling["sources"]}:
            per_source[doc] += 1
    rulings_per_set = Counter(r["set"] for r in data["rulings"])
    cards_per_set = Counter(c["set"] for c in data["cards"] if c["in_scope"])
    sets = sorted(set(rulings_per_set) | set(cards_per_set))
    per_set = {s: (cards_per_set.get(s, 0), rulings_per_set.get(s, 0)) for s in sets}
    kinds = Counter(r["kind"] for r in data["rulings"])
    totals = {"rulings": len(data["rulings"]), "cards": len(data["cards"]),
              "kingdoms": len(data["kingdoms"]), **{f"kind:{k}": v for k, v in kinds.items()}}
    return BuildReport(data["build_id"], directory, seconds,
                       {s["id"]: per_source.get(s["id"], 0) for s in data["sources"]},
                       per_set, totals, warnings)
