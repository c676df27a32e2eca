"""Read and validate scenario files from ``corpus/scenarios/``.

A bad file never produces a traceback: YAML syntax errors, duplicate keys and
schema errors all become a :class:`ScenarioFileError` whose message names the
file, the field (a dotted path) and what was expected. Duplicate keys are
rejected because PyYAML would otherwise keep the last one silently, and a
scenario that quietly drops half of its expectations could pass by accident.
Card names are checked against the engine here too
(:mod:`~rulings_service.scenarios.names`), so a misspelt card is a load error
naming its field rather than a replay failure or a check that holds vacuously.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from marshmallow import ValidationError

from rulings_service.paths import SCENARIOS_DIR
from rulings_service.scenarios.names import card_problems
from rulings_service.scenarios.schema import ScenarioSchema, flatten_messages

#: Files in the scenarios folder that are not scenarios.
NON_SCENARIO_FILES = frozenset({"informational.yaml"})
#: What a scenario id looks like; anything else cannot name a file here.
SCENARIO_ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*--[a-z0-9]+(-[a-z0-9]+)*")


class ScenarioFileError(ValueError):
    """A scenario file is unreadable or invalid; ``problems`` lists (field, expected)."""

    def __init__(self, path: Path, problems: list[tuple[str, str]]):
        self.path = path
        self.problems = problems
        lines = [f"{_display(path)}: {where}: {what}" for where, what in problems]
        super().__init__("\n".join(lines))


@dataclass(frozen=True)
class Scenario:
    """One validated scenario. ``setup``, ``steps`` and ``expect`` are the loaded data."""

    id: str
    title: str
    rulings: tuple[str, ...]
    setup: dict[str, Any]
    steps: tuple[dict[str, Any], ...]
    expect: dict[str, Any]
    path: Path
    cards: tuple[str, ...] = ()
    notes: str = ""
    #: The card whose printed text this scenario demonstrates (no official ruling behind it).
    card_text: str | None = None
    raw: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    def summary(self) -> dict[str, Any]:
        """JSON-serialisable header, for listings and the web pages."""
        return {
            "id": self.id,
            "title": self.title,
            "rulings": list(self.rulings),
            "cards": list(self.cards),
            "notes": self.notes,
            "card_text": self.card_text,
            "file": _display(self.path),
        }


def _display(path: Path) -> str:
    try:
        return str(path.relative_to(SCENARIOS_DIR.parent.parent))
    except ValueError:
        return str(path)


class _StrictLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """SafeLoader that refuses duplicate keys in a mapping."""


def _mapping_without_duplicates(loader: _StrictLoader, node: yaml.MappingNode) -> dict:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        seen.add(key)
    return loader.construct_mapping(node, deep=True)


_StrictLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _mapping_without_duplicates
)


def read_yaml(path: Path) -> Any:
    """Parse one YAML file strictly; errors name the file, line and column."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioFileError(path, [("(file)", f"cannot be read: {exc}")]) from None
    try:
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "(file)"
        problem = getattr(exc, "problem", None) or str(exc)
        raise ScenarioFileError(path, [(where, f"invalid YAML: {problem}")]) from None


def load_scenario_file(path: Path) -> Scenario:
    """Load and validate one scenario file."""
    raw = read_yaml(path)
    if not isinstance(raw, dict):
        raise ScenarioFileError(path, [("(file)", "expected a mapping with id, title, ...")])
    try:
        data = ScenarioSchema().load(raw)
    except ValidationError as exc:
        raise ScenarioFileError(path, flatten_messages(exc.messages)) from None
    if data["id"] != path.stem:
        raise ScenarioFileError(
            path,
            [("id", f"expected the file name without .yaml ({path.stem!r}), got {data['id']!r}")],
        )
    unknown_cards = card_problems(data)
    if unknown_cards:
        raise ScenarioFileError(path, unknown_cards)
    return Scenario(
        id=data["id"],
        title=data["title"],
        rulings=tuple(data.get("rulings", ())),
        setup=data["setup"],
        steps=tuple(data["steps"]),
        expect=data["expect"],
        path=path,
        cards=tuple(data.get("cards", ())),
        notes=data.get("notes", ""),
        card_text=data.get("card_text"),
        raw=raw,
    )


def scenario_paths(directory: Path | None = None) -> list[Path]:
    """Every scenario file of the folder, sorted by name."""
    folder = directory or SCENARIOS_DIR
    return sorted(p for p in folder.glob("*.yaml") if p.name not in NON_SCENARIO_FILES)


def scan_scenarios(directory: Path | None = None) -> tuple[list[Scenario], list[ScenarioFileError]]:
    """Load every file, collecting errors instead of stopping at the first."""
    scenarios: list[Scenario] = []
    errors: list[ScenarioFileError] = []
    for path in scenario_paths(directory):
        try:
            scenarios.append(load_scenario_file(path))
        except ScenarioFileError as exc:
            errors.append(exc)
    return scenarios, errors


_CACHE: dict[Path, tuple[tuple, tuple[list[Scenario], list[ScenarioFileError]]]] = {}


def scan_scenarios_cached(
    directory: Path | None = None,
) -> tuple[list[Scenario], list[ScenarioFileError]]:
    """:func:`scan_scenarios`, re-reading the folder only when a file changed.

    The web service asks for statuses on every page; statting ~100 files is
    cheap, parsing them is not. The key is every file's name, size and mtime.
    """
    folder = directory or SCENARIOS_DIR
    paths = scenario_paths(folder)
    key = tuple((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in paths)
    cached = _CACHE.get(folder)
    if cached is None or cached[0] != key:
        cached = (key, scan_scenarios(folder))
        _CACHE[folder] = cached
    scenarios, errors = cached[1]
    return list(scenarios), list(errors)


def load_scenarios(directory: Path | None = None) -> list[Scenario]:
    """All scenarios; raises one :class:`ScenarioFileError` listing every bad file."""
    scenarios, errors = scan_scenarios_cached(directory)
    if errors:
        problems = [p for err in errors for p in err.problems]
        merged = ScenarioFileError(errors[0].path, problems)
        merged.args = ("\n".join(str(err) for err in errors),)
        raise merged
    return scenarios


def find_scenario(scenario_id: str, directory: Path | None = None) -> Scenario:
    """The scenario with this id (its file is ``<id>.yaml``)."""
    if not SCENARIO_ID.fullmatch(scenario_id or ""):
        raise KeyError(scenario_id)
    folder = directory or SCENARIOS_DIR
    path = folder / f"{scenario_id}.yaml"
    if not path.is_file() or path.name in NON_SCENARIO_FILES:
        raise KeyError(scenario_id)
    return load_scenario_file(path)
