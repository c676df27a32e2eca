"""Every scenario under corpus/scenarios/ is its own test, named by its id.

``pytest -q tests/scenarios`` (or the README's full test command) therefore
replays them all; a failure prints the strict runner's error or each
expectation with its expected and actual value. Invalid files are collected
as failing tests too, so a typo cannot silently remove a scenario.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings_service.scenarios.loader import scan_scenarios
from rulings_service.scenarios.runner import run_scenario

SCENARIOS, FILE_ERRORS = scan_scenarios()


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.id for s in SCENARIOS])
def test_scenario(scenario) -> None:
    result = run_scenario(scenario)
    lines = [f"{scenario.id}: {scenario.title}"]
    if result.error:
        lines.append(f"error: {result.error}")
    lines += [
        f"{m['field']}: expected {m['expected']!r}, actual {m['actual']!r}"
        for m in result.mismatches
    ]
    assert result.passed, "\n".join(lines)


def test_every_scenario_file_is_valid() -> None:
    assert not FILE_ERRORS, "\n".join(str(error) for error in FILE_ERRORS)


def test_there_are_scenarios() -> None:
    assert SCENARIOS, "no scenario files found in corpus/scenarios/"


@pytest.mark.slow
def test_the_whole_corpus_is_accounted_for(shipped_build: Path) -> None:
    """Every shipped ruling of every set is demonstrated or informational, once: the
    audit of the whole corpus passes, with at most a tenth informational.

    The audit loads the default build, which the run points at ``shipped_build``."""
    from rulings_service.scenarios.audit import run_audit

    report = run_audit(max_informational=0.10)
    assert report["unclassified"] == [] and report["conflicts"] == []
    assert report["failures"] == [] and report["unknown_ruling_ids"] == []
    assert report["file_errors"] == [] and report["ok"]
