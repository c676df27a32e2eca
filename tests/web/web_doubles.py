"""Small stand-ins for the corpus store and the searcher, for tests only.

They implement the shared contracts (``Corpus`` attributes and the
``Searcher`` methods) over the fixture corpus so the web layer can be tested
on its own. When the real modules are installed, ``conftest`` uses them
instead and these classes are not touched.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import escape

FIXTURE = Path(__file__).with_name("fixture_corpus.json")


class FixtureCorpus:
    """The ``Corpus`` contract over a corpus JSON document."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.build_id: str = data["build_id"]
        self.sources: list[dict] = data["sources"]
        self.cards: list[dict] = data["cards"]
        self.rulings: list[dict] = data["rulings"]
        self.kingdoms: list[dict] = data["kingdoms"]
        self.card_by_slug = {c["slug"]: c for c in self.cards}
        self.ruling_by_id = {r["id"]: r for r in self.rulings}

    @classmethod
    def load(cls, path: Path = FIXTURE) -> FixtureCorpus:
        return cls(json.loads(path.read_text(encoding="utf-8")))

    def rulings_for_card(self, slug: str) -> list[dict]:
        return [r for r in self.rulings if r["card_slug"] == slug]

    def rulings_mentioning(self, card_name: str) -> list[dict]:
        return [r for r in self.rulings if card_name in r["mentions"]]


@dataclass
class Hit:
    ruling_id: str
    card: str
    card_slug: str | None
    text: str
    score: float
    snippet_html: str


@dataclass
class Response:
    results: list[Hit]
    warnings: list[str] = field(default_factory=list)
    facets: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass
class NameMatch:
    card: dict | None
    candidates: list[str]
    ambiguous: bool


class FixtureSearcher:
    """Word-match search with the contract's outputs (escaped snippets with <mark>)."""

    def __init__(self, corpus: FixtureCorpus) -> None:
        self.corpus = corpus

    def search(self, query: str, limit: int = 10) -> Response:
        words = [w for w in re.findall(r"\w+", query.lower()) if len(w) > 1]
        hits = []
        for ruling in self.corpus.rulings:
            text = ruling["text"]
            score = sum(text.lower().count(w) for w in words)
            if score:
                hits.append(Hit(ruling["id"], ruling["card"], ruling["card_slug"], text,
                                float(score), self._snippet(text, words)))
        hits.sort(key=lambda h: -h.score)
        facets: dict[str, dict[str, int]] = {"set": {}, "kind": {}}
        for hit in hits:
            ruling = self.corpus.ruling_by_id[hit.ruling_id]
            facets["set"][ruling["set"]] = facets["set"].get(ruling["set"], 0) + 1
            facets["kind"][ruling["kind"]] = facets["kind"].get(ruling["kind"], 0) + 1
        warnings = [] if words else ["The query has no searchable words."]
        return Response(hits[:limit], warnings, facets)

    @staticmethod
    def _snippet(text: str, words: list[str]) -> str:
        escaped = str(escape(text))
        for word in words:
            escaped = re.sub(f"({re.escape(word)})", r"<mark>\1</mark>", escaped, flags=re.I)
        return escaped

    def named_exact(self, name: str) -> dict | None:
        return next((c for c in self.corpus.cards if c["name"].lower() == name.lower()), None)

    def named_fuzzy(self, name: str) -> NameMatch:
        exact = self.named_exact(name)
        if exact:
            return NameMatch(exact, [], False)
        found = [c for c in self.corpus.cards if name.lower() in c["name"].lower()]
        if len(found) == 1:
            return NameMatch(found[0], [], False)
        return NameMatch(None, [c["name"] for c in found], len(found) > 1)

    def autocomplete(self, prefix: str) -> list[str]:
        low = prefix.lower()
        return [c["name"] for c in self.corpus.cards if c["name"].lower().startswith(low)]


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
                  corpus: Any = None) -> dict[str, Any]:
        from rulings_service.scenarios import run_audit

        return run_audit(set=set, card=card, corpus=corpus, scenarios=self.load_scenarios())

    def ruling_status(self, ruling_id: str) -> dict[str, Any]:
        from rulings_service.scenarios.status import classify, informational, scenarios_by_ruling

        return classify(ruling_id, scenarios_by_ruling(self.load_scenarios()), informational())
