"""Every hand-written data file the build and the CLI read, checked before the build starts.

Why: each file used to be read by the code that needed it, at whatever moment
it needed it, and checked (if at all) there. A damaged ``corpus/vocabulary.yaml``
was read when ``rulings`` was imported, so every command failed, ``--help``
included; a damaged ``abbreviations.yaml`` passed ``rulings build`` and then
crashed ``rulings serve``; a deleted catalogue file gave an error about a card,
not about a file. Checking all of them at the start of ``rulings build``, with
one marshmallow schema per kind of file, means a damaged one fails the build
with the file and the field (or the YAML line) before anything is written, so
the previous build stays current and keeps being served.

The build then copies the files the server reads at run time (the paraphrase
lexicon and the abbreviations) into the build (``data/``), and the search of
that build reads the copies: a later edit cannot break, or silently change,
the build being served.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from marshmallow import RAISE, Schema, ValidationError, fields, validate

from rulings_service.paths import CATALOGUE_DIR, CORPUS_DIR, SOURCES_DIR

#: Where the build keeps its copies of the data files the server reads.
DATA_COPY_DIR = "data"
VOCABULARY = "vocabulary.yaml"
ABBREVIATIONS = "abbreviations.yaml"
#: The parsers ``rulings build`` knows (``build.FORMATS`` re-exports it).
FORMATS = ("colon-dump", "titled-faq", "titled-faq-html", "rulebook")


class DataFileError(ValueError):
    """A data file is missing or damaged; the message names the file and the field or line."""


def _words() -> fields.List:
    return fields.List(fields.String(validate=validate.Length(min=1)), required=True)


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class SourceSchema(_Strict):
    id = fields.String(required=True, validate=validate.Regexp(r"^[a-z0-9][a-z0-9-]*$"))
    file = fields.String(required=True, validate=validate.Regexp(r"^[^/\\]+$"))
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    title = fields.String(required=True, validate=validate.Length(min=1))
    sets = _words()
    # The pin is checked as a unit, with messages of its own, by ``build.load_manifest``.
    sha256 = fields.Raw()
    chars = fields.Raw()
    pinned = fields.Raw()


class ManifestSchema(_Strict):
    sources = fields.List(fields.Nested(SourceSchema), required=True,
                          validate=validate.Length(min=1))


class CatalogueCardSchema(Schema):
    """The fields every entry has; ``parsers.catalogue`` checks the rest of a card."""

    class Meta:
        unknown = "include"

    name = fields.String(required=True, validate=validate.Length(min=1))


class CatalogueFileSchema(_Strict):
    set = fields.String(required=True, validate=validate.Length(min=1))
    title = fields.String(required=True)
    in_scope = fields.Boolean(required=True)
    cards = fields.List(fields.Nested(CatalogueCardSchema), required=True)


class ParaphraseSchema(_Strict):
    say = _words()
    rules = _words()


class VocabularySchema(_Strict):
    paraphrases = fields.Dict(keys=fields.String(), values=fields.Nested(ParaphraseSchema),
                              required=True)


class AbbreviationSchema(_Strict):
    abbr = fields.String(required=True, validate=validate.Length(min=1))
    card = fields.String(required=True, validate=validate.Length(min=1))
    case_sensitive = fields.Boolean()


class AbbreviationsSchema(_Strict):
    abbreviations = fields.List(fields.Nested(AbbreviationSchema), required=True)


class ExpansionsSchema(_Strict):
    sets = _words()
    rulings = fields.Dict(keys=fields.String(validate=validate.Length(min=1)),
                          values=fields.List(fields.String(validate=validate.Length(min=1))),
                          required=True)


@dataclass(frozen=True)
class DataFile:
    """One file to check: where it is and the schema its YAML must satisfy."""

    path: Path
    schema: Schema

    def load(self) -> Any:
        """The file's data, valid by its schema; ``DataFileError`` naming what is wrong."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise DataFileError(f"{self.path}: missing") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise DataFileError(f"{self.path}: unreadable ({exc})") from exc
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f"line {mark.line + 1}: " if mark is not None else ""
            problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            raise DataFileError(f"{self.path}: {where}not valid YAML ({problem})") from exc
        if not isinstance(data, dict):
            raise DataFileError(f"{self.path}: expected a mapping at the top, "
                                f"found {type(data).__name__}")
        try:
            return self.schema.load(data)
        except ValidationError as exc:
            field, message = first_error(exc.messages)
            raise DataFileError(f"{self.path}: {field}: {message}") from exc


def first_error(messages: Any, prefix: str = "") -> tuple[str, str]:
    """The dotted path and text of the first leaf of marshmallow's error tree."""
    if isinstance(messages, Mapping):
        key, value = next(iter(sorted(messages.items(), key=lambda kv: str(kv[0]))))
        # A Dict field reports a bad value as {key: {"value": ...}}: the key is the path.
        step = "" if key in ("value", "_schema") else str(key)
        path = f"{prefix}.{step}" if prefix and step else prefix or step
        return first_error(value, path)
    if isinstance(messages, list) and messages:
        return prefix or "(file)", "; ".join(str(m) for m in messages)
    return prefix or "(file)", str(messages)


def data_files(corpus_dir: Path = CORPUS_DIR, sources_dir: Path = SOURCES_DIR,
               catalogue_dir: Path = CATALOGUE_DIR) -> list[DataFile]:
    """Every data file a build reads, with its schema (the catalogue's files by name)."""
    from rulings_service.scenarios.schema import InformationalFileSchema

    class _InformationalFile(InformationalFileSchema):
        class Meta:
            unknown = RAISE

    files = [DataFile(sources_dir / "manifest.yaml", ManifestSchema()),
             DataFile(corpus_dir / VOCABULARY, VocabularySchema()),
             DataFile(corpus_dir / ABBREVIATIONS, AbbreviationsSchema()),
             DataFile(corpus_dir / "scenarios" / "informational.yaml", _InformationalFile())]
    files += [DataFile(path, CatalogueFileSchema())
              for path in sorted(catalogue_dir.glob("*.yaml"))]
    files += [DataFile(path, ExpansionsSchema())
              for path in sorted((corpus_dir / "expansions").glob("*.yaml"))]
    return files


def validate_all(corpus_dir: Path = CORPUS_DIR, sources_dir: Path = SOURCES_DIR,
                 catalogue_dir: Path = CATALOGUE_DIR) -> None:
    """Check every data file; ``DataFileError`` for the first that is missing or damaged.

    Besides each file's own shape: every set a source covers needs its
    catalogue file (``catalogue/<set>.yaml``), so a deleted one is named as
    missing rather than surfacing as unknown cards.
    """
    loaded = {f.path: f.load() for f in data_files(corpus_dir, sources_dir, catalogue_dir)}
    manifest = loaded[sources_dir / "manifest.yaml"]
    catalogued = {data["set"] for path, data in loaded.items() if path.parent == catalogue_dir}
    for source in manifest["sources"]:
        for set_id in source["sets"]:
            if set_id not in catalogued:
                raise DataFileError(f"{catalogue_dir / (set_id + '.yaml')}: missing (the "
                                    f"catalogue of set {set_id!r}, which source "
                                    f"{source['id']!r} covers)")


def copy_runtime_files(staging: Path, corpus_dir: Path = CORPUS_DIR) -> None:
    """Copy the data files the server reads into a build (``data/``)."""
    target = staging / DATA_COPY_DIR
    target.mkdir(exist_ok=True)
    for name in runtime_file_names():
        source = corpus_dir / name
        if source.is_file():
            shutil.copyfile(source, target / name)


def runtime_file_names() -> Iterable[str]:
    return (VOCABULARY, ABBREVIATIONS)
