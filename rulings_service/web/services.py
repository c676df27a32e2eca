"""The back ends a running app talks to: corpus, search index and scenarios.

They are gathered in one object stored on the app (``app.extensions``) so
tests can inject a small corpus and the production factory can load the real
build once per process, instead of views importing modules with global state.
The scenario runner is optional: when it is absent, replay and audit routes
are not registered at all rather than answering with made-up data.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from flask import current_app

logger = logging.getLogger(__name__)


@dataclass
class Services:
    """What the views need; ``scenarios`` is the ``rulings_service.scenarios`` module or None."""

    corpus: Any
    searcher: Any
    scenarios: ModuleType | Any | None = None
    #: ruling id -> ids of the scenarios demonstrating it (filled by ``index_scenarios``).
    scenarios_by_ruling: dict[str, list[str]] = field(default_factory=dict)
    scenario_titles: dict[str, str] = field(default_factory=dict)
    #: card name -> ids of the scenarios demonstrating its printed text (``card_text``).
    card_text_scenarios: dict[str, list[str]] = field(default_factory=dict)

    _status: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)
    _replays: dict[str, dict[str, Any]] = field(default_factory=dict, repr=False)
    _audits: dict[tuple[str | None, str | None], dict[str, Any]] = field(
        default_factory=dict, repr=False
    )

    def status(self, ruling_id: str) -> dict[str, Any] | None:
        """A ruling's demonstrated/informational record, computed once per process."""
        if self.scenarios is None:
            return None
        if ruling_id not in self._status:
            try:
                self._status[ruling_id] = self.scenarios.ruling_status(ruling_id)
            except Exception as exc:  # noqa: BLE001 - a bad scenario file must not take pages down
                logger.warning("ruling status unavailable: %s", exc)
                return {"ruling_id": ruling_id, "status": "unavailable", "error": str(exc)}
        return self._status[ruling_id]

    def replay(self, scenario_id: str) -> dict[str, Any]:
        """A scenario's transcript; scenarios and engine are fixed for a process's life."""
        if scenario_id not in self._replays:
            try:
                self._replays[scenario_id] = self.scenarios.replay(scenario_id)
            except Exception as exc:  # noqa: BLE001 - show the failure on the page, not a 500
                logger.warning("replay of %s failed: %s", scenario_id, exc)
                return {"id": scenario_id, "title": self.scenario_titles.get(scenario_id),
                        "passed": False, "error": f"the replay could not run: {exc}", "steps": []}
        return self._replays[scenario_id]

    def audit(self, set_id: str | None, card: str | None) -> dict[str, Any]:
        """The audit of a scope; only scopes that exist are cached, so the cache stays small."""
        key = (set_id, card)
        if key in self._audits:
            return self._audits[key]
        report = self.scenarios.run_audit(set=set_id, card=card, corpus=self.corpus)
        if report.get("totals", {}).get("rulings") or key == (None, None):
            self._audits[key] = report
        return report

    def index_scenarios(self) -> None:
        """Map rulings to their scenarios once, so a ruling page needs no scan."""
        if self.scenarios is None:
            return
        try:
            found = self.scenarios.load_scenarios()
        except Exception as exc:  # noqa: BLE001 - serve the corpus even if a scenario is broken
            logger.warning("scenarios could not be loaded; pages show no replays: %s", exc)
            return
        for scenario in found:
            sid = _attr(scenario, "id")
            self.scenario_titles[sid] = _attr(scenario, "title") or sid
            for ruling_id in _attr(scenario, "rulings") or ():
                self.scenarios_by_ruling.setdefault(ruling_id, []).append(sid)
            if _attr(scenario, "card_text"):
                self.card_text_scenarios.setdefault(_attr(scenario, "card_text"), []).append(sid)
        self._classify_all()

    def _classify_all(self) -> None:
        """Every ruling's status at once, from one read of the scenario files.

        ``ruling_status`` re-reads the scenario files on each call, which is
        fine for one page but not for a card with thirty rulings under load;
        when the scenario package offers its classifier, use it once here.
        """
        try:
            from rulings_service.scenarios.status import classify, informational
        except ImportError:
            return
        try:
            info = informational()
        except Exception as exc:  # noqa: BLE001 - fall back to per-ruling ruling_status
            logger.warning("informational rulings unavailable: %s", exc)
            return
        for ruling in self.corpus.rulings:
            record = classify(ruling["id"], self.scenarios_by_ruling, info)
            record["scenarios"] = [
                {"id": sid, "title": self.scenario_titles.get(sid, sid)}
                for sid in record["scenarios"]
            ]
            self._status[ruling["id"]] = record


def _attr(obj: Any, name: str) -> Any:
    """Read a field from a dataclass-like object or a mapping."""
    if isinstance(obj, dict):
        return obj.get(name)
    return getattr(obj, name, None)


def services() -> Services:
    """The services of the app handling the current request."""
    return current_app.extensions["rulings"]


def load_default_services(build_dir: Path | None = None) -> Services:
    """Load the built corpus (building it if missing), open its index, find the scenarios.

    Imports happen here, not at module level, so the web package can be
    imported (and tested with an injected corpus) without a build on disk.
    """
    from rulings_service import corpus_store
    from rulings_service.search import Searcher, build_index

    corpus = corpus_store.ensure_built(build_dir)
    index_path = corpus_store.index_dir(build_dir)
    if not (index_path.is_dir() and any(index_path.iterdir())):
        build_index(corpus, index_path)
    searcher = Searcher.open(index_path, corpus)
    found = Services(corpus=corpus, searcher=searcher, scenarios=load_scenario_module())
    found.index_scenarios()
    return found


def load_scenario_module() -> ModuleType | None:
    """The scenario runner if it is installed and offers the agreed functions."""
    try:
        from rulings_service import scenarios
    except ImportError:
        return None
    needed = ("load_scenarios", "replay", "run_audit", "ruling_status")
    return scenarios if all(hasattr(scenarios, n) for n in needed) else None
