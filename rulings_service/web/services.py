"""The back ends a running app talks to: corpus, search index and scenarios.

They are gathered in one object stored on the app (``app.extensions``) so
tests can inject a small corpus and the production factory can load the real
build once per process, instead of views importing modules with global state.
The scenarios are whatever satisfies :class:`ScenarioBackend`: the
``rulings_service.scenarios`` package in production, a fixture directory in
tests. ``scenarios=None`` serves the corpus alone; then the replay and audit
routes are not registered at all rather than answering with made-up data.
"""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from flask import current_app

from rulings_service import scenarios as scenario_package
from rulings_service.corpus_store import Corpus, current_dir, index_dir
from rulings_service.coverage import Coverage, build_coverage
from rulings_service.datafiles import ABBREVIATIONS, DATA_COPY_DIR, VOCABULARY
from rulings_service.ensure import ensure_built
from rulings_service.scenarios.audit import AuditMemo
from rulings_service.scenarios.loader import Scenario
from rulings_service.scenarios.status import classify, informational
from rulings_service.search import Searcher, build_index

logger = logging.getLogger(__name__)


class ScenarioBackend(Protocol):
    """What the views ask of the scenarios (``rulings_service.scenarios`` offers it)."""

    def load_scenarios(self) -> list[Scenario]: ...

    def replay(self, scenario_id: str) -> dict[str, Any]: ...

    def run_audit(self, set: str | None = None, card: str | None = None, *,  # noqa: A002
                  corpus: Corpus | None = None, memo: AuditMemo | None = None
                  ) -> dict[str, Any]: ...

    def ruling_status(self, ruling_id: str) -> dict[str, Any]: ...


@dataclass
class Services:
    """What the views need; ``scenarios`` is None to serve the corpus without replays."""

    corpus: Corpus
    searcher: Searcher
    scenarios: ScenarioBackend | None = None
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
    #: The ``AuditMemo`` of this process: scenario files read and replayed once (``audit``).
    _audit_memo: AuditMemo | None = field(default=None, repr=False)
    _audit_lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _coverage: Coverage | None = field(default=None, repr=False)
    _memo: dict[str, Any] = field(default_factory=dict, repr=False)

    def cached(self, name: str, compute: Callable[[], Any]) -> Any:
        """A value derived from the build, computed on first use (the build never changes)."""
        if name not in self._memo:
            self._memo[name] = compute()
        return self._memo[name]

    def coverage(self) -> Coverage:
        """The build's :class:`~rulings_service.coverage.Coverage`, computed on first use."""
        if self._coverage is None:
            self._coverage = build_coverage(self.corpus, self.status, self.card_text_scenarios)
        return self._coverage

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

    def _backend(self) -> ScenarioBackend:
        """The scenarios; the replay and audit routes exist only when there are some."""
        if self.scenarios is None:
            raise LookupError("this app serves no scenarios")
        return self.scenarios

    def replay(self, scenario_id: str) -> dict[str, Any]:
        """A scenario's transcript; scenarios and engine are fixed for a process's life."""
        backend = self._backend()
        if scenario_id not in self._replays:
            try:
                self._replays[scenario_id] = backend.replay(scenario_id)
            except Exception as exc:  # noqa: BLE001 - show the failure on the page, not a 500
                logger.warning("replay of %s failed: %s", scenario_id, exc)
                return {"id": scenario_id, "title": self.scenario_titles.get(scenario_id),
                        "passed": False, "error": f"the replay could not run: {exc}", "steps": []}
        return self._replays[scenario_id]

    def audit(self, set_id: str | None, card: str | None) -> dict[str, Any]:
        """The audit of a scope, counted from one replay of every scenario per process.

        The scenarios, the engine and the corpus are fixed for a process's life,
        so each scenario's result is too: the first audit (``prime_audit``, run
        at load by ``load_default_services``) reads and replays them all, and
        every scope is then counted from that memo without replaying. ``card``
        must already be the catalogue's name (``views.audit`` normalises
        spellings), so ``Throne room`` and ``throne-room`` share one entry.
        Only scopes that exist are cached, so the cache stays small.
        """
        key = (set_id, card)
        report = self._audits.get(key)
        if report is not None:
            return report
        report = self._backend().run_audit(set=set_id, card=card, corpus=self.corpus,
                                           memo=self.prime_audit())
        self._audits[key] = report
        return report

    def prime_audit(self) -> AuditMemo:
        """The memo, filled by one whole audit (under a lock: concurrent first calls wait)."""
        backend = self._backend()
        with self._audit_lock:
            if self._audit_memo is None:
                memo = AuditMemo()
                self._audits[(None, None)] = backend.run_audit(corpus=self.corpus, memo=memo)
                self._audit_memo = memo
            return self._audit_memo

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
            sid = scenario.id
            self.scenario_titles[sid] = scenario.title or sid
            for ruling_id in scenario.rulings:
                self.scenarios_by_ruling.setdefault(ruling_id, []).append(sid)
            if scenario.card_text:
                self.card_text_scenarios.setdefault(scenario.card_text, []).append(sid)
        self._classify_all()

    def _classify_all(self) -> None:
        """Every ruling's status at once, from one read of the scenario files.

        ``ruling_status`` re-reads the scenario files on each call, which is
        fine for one page but not for a card with thirty rulings under load,
        so the classifier runs once here over what ``index_scenarios`` found.
        """
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


def services() -> Services:
    """The services of the app handling the current request."""
    found: Services = current_app.extensions["rulings"]
    return found


def load_default_services(build_dir: Path | None = None, prime_audit: bool = True) -> Services:
    """Load the built corpus (building it if missing), open its index, find the scenarios.

    The audit is computed here too (``prime_audit``), once per process that loads
    the build, so no request pays for replaying the scenarios.
    """
    corpus = ensure_built(build_dir)
    index_path = index_dir(build_dir)
    if not (index_path.is_dir() and any(index_path.iterdir())):
        build_index(corpus, index_path)
    data = current_dir(build_dir).resolve() / DATA_COPY_DIR
    # The build's copies of the lexicon and abbreviations (datafiles.py): what the
    # build checked, whatever has happened to corpus/ since.
    searcher = Searcher.open(
        index_path, corpus,
        abbreviations_file=present(data / ABBREVIATIONS), lexicon_file=present(data / VOCABULARY))
    found = Services(corpus=corpus, searcher=searcher, scenarios=scenario_package)
    found.index_scenarios()
    if prime_audit:
        # Before gunicorn forks its workers (``preload_app``), so each inherits it.
        try:
            found.prime_audit()
        except Exception as exc:  # noqa: BLE001 - serve the corpus; the audit retries on use
            logger.warning("the audit could not be computed at load: %s", exc)
    # What was loaded lives as long as the process and never changes: freezing it keeps
    # the collector from walking it again (a full collection over the loaded build and
    # the audit took ~100 ms, in the middle of some request) and keeps the pages of a
    # forked gunicorn worker shared with the master.
    gc.collect()
    gc.freeze()
    return found


def present(path: Path) -> Path | None:
    """``path`` if the file exists (a build made before builds copied it has none)."""
    return path if path.is_file() else None
