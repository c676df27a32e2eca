"""The status of every ruling: demonstrated by scenarios, informational, or unclassified.

A ruling is *demonstrated* when at least one scenario lists its id, and
*informational* when ``corpus/scenarios/informational.yaml`` gives a reason
from the fixed vocabulary in :data:`~rulings_service.scenarios.schema.INFORMATIONAL_REASONS`.
Anything else is *unclassified*, which the audit treats as a failure: the point
of the status is that nothing slips through silently. A ruling both
demonstrated and marked informational is a contradiction and is reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from marshmallow import ValidationError

from rulings_service.paths import SCENARIOS_DIR
from rulings_service.scenarios.loader import Scenario, ScenarioFileError, read_yaml
from rulings_service.scenarios.schema import (
    INFORMATIONAL_REASONS,
    InformationalFileSchema,
    flatten_messages,
)

INFORMATIONAL_FILE = SCENARIOS_DIR / "informational.yaml"


@dataclass(frozen=True)
class Informational:
    ruling_id: str
    reason: str
    note: str
    card: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "reason_text": INFORMATIONAL_REASONS[self.reason],
            "note": self.note,
            "card": self.card,
        }


def load_informational(path: Path | None = None) -> dict[str, Informational]:
    """The informational rulings by id; an invalid file raises :class:`ScenarioFileError`."""
    target = path or INFORMATIONAL_FILE
    if not target.exists():
        return {}
    raw = read_yaml(target)
    try:
        data = InformationalFileSchema().load(raw if raw is not None else {})
    except ValidationError as exc:
        raise ScenarioFileError(target, flatten_messages(exc.messages)) from None
    return {
        rid: Informational(rid, entry["reason"], entry["note"], entry.get("card"))
        for rid, entry in data["rulings"].items()
    }


@lru_cache(maxsize=4)
def _cached_informational(path: Path, mtime: float) -> dict[str, Informational]:
    return load_informational(path)


def informational() -> dict[str, Informational]:
    """The shipped informational file, re-read only when it changes."""
    mtime = INFORMATIONAL_FILE.stat().st_mtime if INFORMATIONAL_FILE.exists() else 0.0
    return _cached_informational(INFORMATIONAL_FILE, mtime)


def scenarios_by_ruling(scenarios: list[Scenario]) -> dict[str, list[str]]:
    """Ruling id -> ids of the scenarios that demonstrate it."""
    index: dict[str, list[str]] = {}
    for scenario in scenarios:
        for ruling_id in scenario.rulings:
            index.setdefault(ruling_id, []).append(scenario.id)
    return index


def classify(
    ruling_id: str,
    by_ruling: dict[str, list[str]],
    info: dict[str, Informational],
) -> dict[str, Any]:
    """The status record of one ruling (without replaying anything)."""
    demonstrated_by = by_ruling.get(ruling_id, [])
    entry = info.get(ruling_id)
    if demonstrated_by:
        status = "demonstrated"
    elif entry:
        status = "informational"
    else:
        status = "unclassified"
    record: dict[str, Any] = {
        "ruling_id": ruling_id,
        "status": status,
        "scenarios": list(demonstrated_by),
        "informational": entry.as_dict() if entry else None,
    }
    if demonstrated_by and entry:
        record["conflict"] = "listed as informational but also demonstrated by a scenario"
    return record
