"""Fixture data for the web tests: a small corpus and a scenario directory.

The corpus follows the corpus JSON contract exactly (``fixture_corpus.json``;
its citations are real positions in the shipped source documents) and is
loaded into the real ``Corpus`` class. The scenarios are fixture files run by
the real loader, runner and engine; only their directory differs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rulings_service.corpus_store import Corpus

FIXTURE = Path(__file__).with_name("fixture_corpus.json")


def load_fixture_corpus(path: Path = FIXTURE) -> Corpus:
    """The fixture in the real class, keeping the fixture's own ``implemented`` flags.

    (``Corpus.from_dict`` would read them from the engine registry of the day.)
    """
    data = json.loads(path.read_text(encoding="utf-8"))
    return Corpus(data["build_id"], data["sources"], data["cards"], data["rulings"],
                  data["kingdoms"])


SCENARIO_FIXTURES = Path(__file__).with_name("fixture_scenarios")


class FixtureScenarios:
    """The scenario contract over a fixture directory, using the real loader and runner.

    Only the directory differs from ``rulings_service.scenarios``: the
    transcripts and audit numbers come from the real engine.
    """

    def __init__(self, directory: Path = SCENARIO_FIXTURES) -> None:
        self.directory = directory

    def load_scenarios(self) -> list:
        from rulings_service.scenarios import load_scenarios

        return load_scenarios(self.directory)

    def replay(self, scenario_id: str) -> dict[str, Any]:
        from rulings_service.scenarios.loader import find_scenario
        from rulings_service.scenarios.runner import run_scenario

        return run_scenario(find_scenario(scenario_id, self.directory)).as_dict(with_steps=True)

    def run_audit(self, set: str | None = None, card: str | None = None,  # noqa: A002
                  corpus: Any = None, memo: Any = None) -> dict[str, Any]:
        from rulings_service.scenarios import run_audit

        return run_audit(set=set, card=card, corpus=corpus, scenarios=self.load_scenarios(),
                         memo=memo)

    def ruling_status(self, ruling_id: str) -> dict[str, Any]:
        from rulings_service.scenarios.status import classify, informational, scenarios_by_ruling

        return classify(ruling_id, scenarios_by_ruling(self.load_scenarios()), informational())
