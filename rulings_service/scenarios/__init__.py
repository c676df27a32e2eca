"""Scenarios: executable demonstrations of rulings, the strict runner, and the audit.

Public API (used by the CLI and the web service):

- :func:`load_scenarios` -> list of :class:`Scenario` (validated files);
- :func:`replay` (scenario id) -> transcript dict: every step with its nested
  log and every zone after it, plus pass/fail and mismatches (the terminal
  rendering shows only changed zones unless asked for all);
- :func:`run_audit` (``set=None, card=None, max_informational=None``) -> totals
  and per set/card counts; an unknown set or card raises :class:`UnknownScope`
  (a ``ValueError`` with ``kind``, ``value``, ``choices`` and ``candidates``);
- :func:`ruling_status` (ruling id) -> demonstrated / informational / unclassified.

Everything returned is a JSON-serialisable dict.
"""

from __future__ import annotations

from typing import Any

from rulings_service.scenarios.audit import UnknownScope, run_audit
from rulings_service.scenarios.loader import (
    Scenario,
    ScenarioFileError,
    find_scenario,
    load_scenarios,
)
from rulings_service.scenarios.runner import run_scenario
from rulings_service.scenarios.status import classify, informational, scenarios_by_ruling

__all__ = [
    "Scenario",
    "ScenarioFileError",
    "UnknownScope",
    "load_scenarios",
    "replay",
    "run_audit",
    "ruling_status",
]


def replay(scenario_id: str, *, log: bool = True) -> dict[str, Any]:
    """Run one scenario and return its transcript; ``KeyError`` if there is no such id.
    ``log=False`` runs it without the event log (log facts are then listed unchecked)."""
    return run_scenario(find_scenario(scenario_id), log=log).as_dict(with_steps=True)


def ruling_status(ruling_id: str) -> dict[str, Any]:
    """How a ruling is covered: its scenarios (ids and titles) or its informational reason.

    Cheap (nothing is replayed), so pages can show it for every ruling; call
    :func:`replay` for a scenario's outcome.
    """
    scenarios = load_scenarios()
    record = classify(ruling_id, scenarios_by_ruling(scenarios), informational())
    titles = {s.id: s.title for s in scenarios}
    record["scenarios"] = [{"id": sid, "title": titles[sid]} for sid in record["scenarios"]]
    return record
