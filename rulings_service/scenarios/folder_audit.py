"""Audit a folder of scenario files from anywhere: an auditor's own cases.

``rulings audit`` accounts for every ruling of the corpus; an auditor with a
folder of their own cases wants something else: did each file load, did each
run pass under the same strict runner, and do the ruling ids it cites exist.
Files outside ``corpus/scenarios/`` may cite no ruling (see
:func:`~rulings_service.scenarios.loader.load_any_scenario_file`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from rulings_service.scenarios.loader import (
    ScenarioFileError,
    load_any_scenario_file,
    scenario_paths,
)


def audit_folder(
    directory: Path,
    known_rulings: Iterable[str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Load and replay every ``*.yaml`` of ``directory``; JSON-serialisable report.

    ``known_rulings`` (the corpus's ids), when given, turns a cited id the
    corpus lacks into a problem, as the corpus audit does.
    """
    from rulings_service.scenarios.runner import run_scenario

    known = set(known_rulings) if known_rulings is not None else None
    scenarios: list[dict[str, Any]] = []
    file_errors: list[str] = []
    unknown: list[dict[str, str]] = []
    for path in scenario_paths(directory):
        try:
            scenario = load_any_scenario_file(path)
        except ScenarioFileError as exc:
            file_errors.append(str(exc))
            continue
        result = run_scenario(scenario)
        scenarios.append(result.as_dict(with_steps=False))
        if known is not None:
            unknown += [{"scenario": scenario.id, "ruling": rid}
                        for rid in scenario.rulings if rid not in known]
        if progress:
            progress(scenario.id)
    failing = [s for s in scenarios if not s["passed"]]
    return {
        "directory": str(directory),
        "totals": {"files": len(scenarios) + len(file_errors), "scenarios": len(scenarios),
                   "passing": len(scenarios) - len(failing), "failing": len(failing),
                   "invalid": len(file_errors)},
        "scenarios": scenarios,
        "file_errors": file_errors,
        "unknown_rulings": unknown,
        "ok": bool(scenarios or file_errors) and not (failing or file_errors or unknown),
    }


def format_folder_audit(report: dict[str, Any]) -> Iterator[str]:
    """The report as lines: one per scenario, then every problem, then the verdict."""
    totals = report["totals"]
    yield (f"{report['directory']}: {totals['files']} files, {totals['passing']} passing, "
           f"{totals['failing']} failing, {totals['invalid']} invalid")
    for scenario in report["scenarios"]:
        yield f"  {'PASS' if scenario['passed'] else 'FAIL'} {scenario['id']}: {scenario['title']}"
        if scenario.get("error"):
            yield f"       error: {scenario['error']}"
        for mm in scenario.get("mismatches", []):
            yield (f"       {mm['field']}: expected {mm['expected']!r}, "
                   f"actual {mm['actual']!r}")
    for error in report["file_errors"]:
        yield f"  INVALID {error}"
    for item in report["unknown_rulings"]:
        yield f"  UNKNOWN RULING {item['ruling']} (cited by {item['scenario']})"
    if not totals["files"]:
        yield "  no scenario files (*.yaml) in this folder"
    yield "OK" if report["ok"] else "NOT OK"
