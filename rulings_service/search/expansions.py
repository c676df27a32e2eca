"""Per-ruling "asked as" questions: document expansion data for the search.

Questions paraphrase a ruling with few of its words ("can I skip the Estate"
for "You are never obligated to discard an Estate"), so the text score often
prefers a sibling ruling of the right card.  ``corpus/expansions/*.yaml`` holds,
for each ruling, a few questions players might ask that the ruling answers
(written per ruling, by writers who never saw the evaluation questions or the
ranking code).  The index stores them in a field of their own (``asks``) that
only ranks: they are never shown as ruling text or snippets.

File format::

    sets: [base, intrigue]          # optional: what the file covers
    rulings:
      <ruling id>: ["question", ...]    # [] when no question fits

Ruling ids are content hashes, so a corpus change can orphan keys: unknown
ids are dropped with a warning, never a crash.  Malformed data is an error
naming the file and the key, because a silently skipped file would quietly
change the ranking.
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from rulings_service.paths import CORPUS_DIR

EXPANSIONS_DIR = CORPUS_DIR / "expansions"
#: Longest question kept (characters); longer ones are data errors, not questions.
MAX_QUESTION_CHARS = 500
#: Unknown ids listed by name in one warning; the rest are counted.
_LISTED = 5

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class ExpansionError(ValueError):
    """An expansion file is malformed; the message names the file (and key)."""


@dataclass(frozen=True)
class Expansions:
    """Questions by ruling id, and what loading them had to say."""

    questions: dict[str, tuple[str, ...]] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()
    files: tuple[str, ...] = ()

    def fingerprint(self) -> str:
        """sha256 of the questions used, so index metadata can say what it indexed."""
        digest = hashlib.sha256()
        for rid in sorted(self.questions):
            digest.update(rid.encode() + b"\0" + "\n".join(self.questions[rid]).encode() + b"\0")
        return digest.hexdigest()


def read_expansion_file(path: Path) -> dict[str, tuple[str, ...]]:
    """The questions of one file, by ruling id; ``ExpansionError`` if it is malformed."""
    name = path.name
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)  # noqa: S506 - safe loader
    except OSError as exc:
        raise ExpansionError(f"{name}: cannot read: {exc}") from exc
    except UnicodeDecodeError as exc:
        raise ExpansionError(f"{name}: not UTF-8 text: {exc}") from exc
    except yaml.YAMLError as exc:
        raise ExpansionError(f"{name}: not valid YAML: {exc}") from exc
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise ExpansionError(f"{name}: expected a mapping with 'rulings', got "
                             f"{type(data).__name__}")
    unknown = set(data) - {"sets", "rulings"}
    if unknown:
        raise ExpansionError(f"{name}: unknown top-level key(s) {sorted(map(str, unknown))}; "
                             f"expected 'sets' and 'rulings'")
    sets = data.get("sets")
    if sets is not None and not (
        isinstance(sets, list) and all(isinstance(s, str) for s in sets)
    ):
        raise ExpansionError(f"{name}: 'sets' must be a list of set names")
    rulings = data.get("rulings")
    if rulings is None:
        return {}
    if not isinstance(rulings, dict):
        raise ExpansionError(f"{name}: 'rulings' must map ruling ids to lists of questions, "
                             f"got {type(rulings).__name__}")
    out: dict[str, tuple[str, ...]] = {}
    for key, questions in rulings.items():
        if not isinstance(key, str) or not key.strip():
            raise ExpansionError(f"{name}: ruling id {key!r} is not a non-empty string")
        if not isinstance(questions, list):
            raise ExpansionError(f"{name}: {key}: expected a list of questions, "
                                 f"got {type(questions).__name__}")
        for i, q in enumerate(questions, 1):
            if not isinstance(q, str) or not q.strip():
                raise ExpansionError(f"{name}: {key}: question {i} is not a non-empty string "
                                     f"({q!r})")
            if len(q) > MAX_QUESTION_CHARS:
                raise ExpansionError(f"{name}: {key}: question {i} is {len(q)} characters "
                                     f"long (at most {MAX_QUESTION_CHARS})")
        if questions:  # an empty list: the writer found no question worth adding
            out[key.strip()] = tuple(q.strip() for q in questions)
    return out


def load_expansions(
    directory: Path | None = None, known_ids: Collection[str] | None = None
) -> Expansions:
    """Every ``*.yaml`` file of ``directory``, merged; ids not in ``known_ids`` dropped.

    A missing directory means no expansions (the search works without them).
    A ruling listed in two files gets the questions of both, with a warning.
    """
    directory = EXPANSIONS_DIR if directory is None else Path(directory)
    if not directory.is_dir():
        return Expansions()
    merged: dict[str, tuple[str, ...]] = {}
    warnings: list[str] = []
    files = sorted(directory.glob("*.yaml"))
    for path in files:
        found = read_expansion_file(path)
        orphans = sorted(k for k in found if known_ids is not None and k not in known_ids)
        if orphans:
            listed = ", ".join(orphans[:_LISTED])
            more = f" and {len(orphans) - _LISTED} more" if len(orphans) > _LISTED else ""
            warnings.append(f"expansions {path.name}: {len(orphans)} ruling id(s) not in the "
                            f"corpus, ignored: {listed}{more}")
        for key, questions in found.items():
            if key in orphans:
                continue
            if key in merged:
                warnings.append(f"expansions {path.name}: {key} also listed in another file; "
                                f"questions merged")
                questions = tuple(dict.fromkeys(merged[key] + questions))
            merged[key] = questions
    return Expansions(merged, tuple(warnings), tuple(p.name for p in files))


def as_expansions(value: Mapping[str, Collection[str]] | Expansions | None,
                  known_ids: Collection[str]) -> Expansions:
    """Normalise what ``build_index`` was given: files (None), a mapping, or loaded data."""
    if value is None:
        return load_expansions(known_ids=known_ids)
    if isinstance(value, Expansions):
        return value
    kept = {str(k): tuple(v) for k, v in value.items() if k in known_ids}
    orphans = sorted(set(value) - set(kept))
    warnings = (f"expansions: {len(orphans)} ruling id(s) not in the corpus, ignored",
                ) if orphans else ()
    return Expansions(kept, warnings)
