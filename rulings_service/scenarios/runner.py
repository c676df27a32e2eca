"""The strict scenario runner: build the table, play the steps, compare, transcribe.

Strictness is what makes a passing scenario mean something. The runner is the
decision provider and the shuffler of the game it builds, so:

- a decision with no scripted answer left, an answer that is not a legal
  option, or an answer asked of the wrong player/kind/card is a
  :class:`ScenarioError` naming the step, the decision and its options;
- answers left unused when their move finishes are an error;
- a shuffle ``setup.shuffles`` does not dictate (or one that does not match
  the cards being shuffled) is an error, and so is a dictated shuffle that
  never happened;
- a move the engine refuses is an error unless the step says ``error:``, in
  which case the refusal must happen and the state must be untouched.

Everything the engine is asked goes through :mod:`~rulings_service.scenarios.bridge`,
so this module only knows scenarios.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rulings_service.scenarios import bridge
from rulings_service.scenarios.loader import Scenario
from rulings_service.scenarios.schema import ANSWER_VERBS, CHECK_VERBS


class ScenarioError(Exception):
    """The scenario cannot run as written (strictness violations, setup errors)."""


@dataclass
class ScenarioResult:
    """What happened when a scenario ran; :meth:`as_dict` is the transcript."""

    scenario: Scenario
    error: str | None = None
    mismatches: list[dict[str, Any]] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    initial: dict[str, Any] = field(default_factory=dict)
    seconds: float = 0.0
    #: Expectations not compared in this run mode (log facts when run without the log).
    unchecked: list[str] = field(default_factory=list)
    #: The canonical final state (:mod:`engine.canonical`), when asked for.
    final_state: dict[str, Any] | None = None
    #: Why the run stopped early: None, or "time budget" (``run_scenario(budget=...)``).
    stopped: str | None = None

    @property
    def passed(self) -> bool:
        return self.error is None and not self.mismatches

    def as_dict(self, with_steps: bool = True) -> dict[str, Any]:
        out: dict[str, Any] = {
            **self.scenario.summary(),
            "passed": self.passed,
            "error": self.error,
            "mismatches": self.mismatches,
            "seconds": round(self.seconds, 5),
        }
        if self.unchecked:
            out["unchecked"] = self.unchecked
        if self.stopped:
            out["stopped"] = self.stopped
        if with_steps:
            out["setup"] = self.scenario.setup
            out["expect"] = self.scenario.expect
            out["initial"] = self.initial
            out["steps"] = self.steps
        return out


def describe_step(step: dict[str, Any]) -> str:
    """A step as a short phrase ("player 2 gains Silver to hand")."""
    verb, value = step["verb"], step["value"]
    who = f"player {step['player']} " if "player" in step else ""
    if verb in ANSWER_VERBS:
        return f"{who}{verb} {value!r}".strip()
    if verb in CHECK_VERBS:
        return "check " + ", ".join(sorted(value))
    if value is True or value is None:
        return f"{who}{verb.replace('_', ' ')}".strip()
    extra = f" to {step['to']}" if "to" in step else ""
    extra += f" from {step['from']}" if "from" in step else ""
    return f"{who}{verb.replace('_', ' ')} {value}{extra}".strip()


class Script:
    """The scripted side of the table: answers decisions and dictates shuffles, strictly."""

    def __init__(self, shuffles: list[dict[str, Any]]) -> None:
        self.answers: list[dict[str, Any]] = []
        self.where = "setup"
        self.shuffles = [dict(s, index=i) for i, s in enumerate(shuffles)]
        self.asked: list[str] = []
        self.refused: list[str] = []
        #: The decisions answered in this move, with their options (the replay words them).
        self.decisions: list[dict[str, Any]] = []
        #: Expectations on the decisions' options that did not hold (``options:``).
        self.mismatches: list[dict[str, Any]] = []

    def begin(self, where: str, answers: list[dict[str, Any]]) -> None:
        self.where = where
        self.answers = list(answers)
        self.asked = []
        self.refused = []
        self.decisions = []

    def finish(self) -> None:
        if self.answers:
            left = ", ".join(describe_step(a) for a in self.answers)
            asked = "; ".join(self.asked) or "none"
            raise ScenarioError(
                f"{self.where}: scripted answer(s) left unused: {left} (decisions asked: {asked})"
            )

    def answer(self, decision: bridge.DecisionView) -> Any:
        self.asked.append(decision.summary())
        if not self.answers:
            raise ScenarioError(
                f"{self.where}: {decision.summary()} — no scripted answer left for it"
            )
        step = self.answers.pop(0)
        checks = (
            ("player", step.get("player"), decision.player),
            ("decision", step.get("decision"), decision.kind),
            ("card", step.get("card"), decision.source),
        )
        for label, wanted, actual in checks:
            if wanted is not None and wanted != actual:
                raise ScenarioError(
                    f"{self.where}: answer {describe_step(step)} expects {label} {wanted!r}, "
                    f"but the decision asked is {decision.summary()}"
                )
        self._check_options(step, decision)
        if step["verb"] == "react" and decision.kind != "react":
            raise ScenarioError(
                f"{self.where}: 'react' answers a reaction, but the decision asked is "
                f"{decision.summary()}"
            )
        problem = decision.check(step["value"])
        if "error" in step:
            # The answer demonstrates an illegal choice: it must be refused,
            # and the next scripted answer then answers the same decision.
            if problem is None:
                raise ScenarioError(
                    f"{self.where}: answer {step['value']!r} should be refused "
                    f"({step['error']}), but it is legal: {decision.summary()}"
                )
            if step["error"].lower() not in problem.lower():
                raise ScenarioError(
                    f"{self.where}: answer {step['value']!r} was refused with {problem!r}, "
                    f"expected a message containing {step['error']!r}"
                )
            self.refused.append(f"{step['value']!r}: {problem}")
            self.asked.pop()
            return self.answer(decision)
        if problem:
            raise ScenarioError(f"{self.where}: answer {step['value']!r} refused: {problem}")
        self.decisions.append(decision.record(step["value"]))
        return decision.translate(step["value"])

    def _check_options(self, step: dict[str, Any], decision: bridge.DecisionView) -> None:
        """``options`` (exactly these, any order) and ``options_include`` (at least these)
        on an answer: what the decision offers is an expectation, so a missing option
        is a mismatch of the scenario, not an error of its script."""
        offered = list(decision.options)
        field_name = f"{self.where}: options of {decision.kind!r}" + (
            f" for {decision.source}" if decision.source else "")
        if "options" in step and Counter(step["options"]) != Counter(offered):
            self.mismatches.append({"field": field_name, "expected": sorted(step["options"]),
                                    "actual": sorted(offered)})
        missing = [o for o in step.get("options_include", ()) if o not in offered]
        if missing:
            self.mismatches.append({"field": field_name,
                                    "expected": f"offers {', '.join(missing)}",
                                    "actual": sorted(offered)})

    def shuffle(self, player: int, names: list[str]) -> list[str]:
        """The dictated order (top first) for this player's shuffle of ``names``."""
        position = next(
            (i for i, dictated in enumerate(self.shuffles) if dictated["player"] == player), None
        )
        if position is None:
            raise ScenarioError(
                f"{self.where}: unscripted shuffle: player {player} shuffles "
                f"{sorted(names)}; add it to setup.shuffles"
            )
        dictated = self.shuffles[position]
        produced = list(dictated["produces"])
        if Counter(produced) != Counter(names):
            raise ScenarioError(
                f"{self.where}: setup.shuffles[{dictated['index']}] produces {produced}, "
                f"but player {player} is shuffling {sorted(names)}"
            )
        del self.shuffles[position]
        return produced


def _group_steps(steps: tuple[dict[str, Any], ...]) -> list[tuple[int, dict, list[dict]]]:
    """Pair each move with the answer steps that follow it."""
    groups: list[tuple[int, dict, list[dict]]] = []
    for number, step in enumerate(steps, start=1):
        if step["verb"] in ANSWER_VERBS:
            groups[-1][2].append(step)
        else:
            groups.append((number, step, []))
    return groups


def run_scenario(scenario: Scenario, *, log: bool = True, atomic: bool = True,
                 checks: bool = True, final_state: bool = False,
                 budget: float | None = None) -> ScenarioResult:
    """Run a scenario; never raises for problems of the scenario or the engine.

    ``log=False`` runs it with no event log attached: log facts (``log``,
    ``log_absent``) are then not compared but listed in ``unchecked``, and
    everything else is. ``atomic=False`` turns off all-or-nothing moves, which
    a step with ``error:`` needs (the refused move must leave the state
    untouched), so such scenarios always run atomic. ``checks`` checks the
    engine's invariants (:func:`engine.invariants.check_invariants`) after the
    setup and after every move: a broken one is an error naming the step.
    ``final_state`` keeps the canonical final state in
    :attr:`ScenarioResult.final_state`.

    ``budget`` (seconds of wall clock) stops a run that takes longer, checked
    at every engine step and between moves: the sandbox runs strangers'
    scenarios and must not let one hold a worker. The shipped scenarios run
    without one, so their outcome never depends on the machine's speed.
    """
    started = time.perf_counter()
    result = ScenarioResult(scenario)
    deadline = None if budget is None else started + budget
    try:
        _run(scenario, result, log=log, atomic=atomic or _has_error_steps(scenario),
             checks=checks, final_state=final_state, deadline=deadline)
    except bridge.OutOfTime:
        result.stopped = "time budget"
        result.error = (
            f"stopped after {time.perf_counter() - started:.2f} s: the run passed its "
            f"{budget:g} s time budget"
        )
    except ScenarioError as exc:
        result.error = str(exc)
    except bridge.EngineProblem as exc:
        result.error = f"engine error: {exc}"
    except Exception as exc:  # noqa: BLE001 - an engine crash is a failing scenario
        result.error = f"engine crashed: {type(exc).__name__}: {exc}"
    result.seconds = time.perf_counter() - started
    return result


def _has_error_steps(scenario: Scenario) -> bool:
    return any("error" in step for step in scenario.steps)


def _check_invariants(table: bridge.Table, where: str) -> None:
    problems = table.invariant_problems()
    if problems:
        raise ScenarioError(f"{where}: the engine broke its invariants: {'; '.join(problems)}")


def _run(scenario: Scenario, result: ScenarioResult, *, log: bool, atomic: bool,
         checks: bool, final_state: bool, deadline: float | None = None) -> None:
    script = Script(scenario.setup.get("shuffles", []))
    script.begin("setup", list(scenario.setup.get("choices", [])))
    try:
        table = bridge.Table.build(scenario.setup, script, log=log, atomic=atomic,
                                   deadline=deadline)
    except bridge.EngineProblem as exc:
        raise ScenarioError(f"setup: {exc}") from None
    script.finish()
    if checks:
        _check_invariants(table, "setup")
    result.initial = table.snapshot()
    for number, step, answers in _group_steps(scenario.steps):
        if deadline is not None and time.perf_counter() > deadline:
            raise bridge.OutOfTime(f"before step {number}")
        where = f"step {number} ({describe_step(step)})"
        if step["verb"] in CHECK_VERBS:
            found = compare(step["value"], table, unchecked=result.unchecked)
            for mismatch in found:
                mismatch["field"] = f"step {number} check: {mismatch['field']}"
            result.mismatches.extend(found)
            result.steps.append(
                {"index": number, "step": "check", "check": step["value"],
                 "passed": not found, "log": [], "zones": table.snapshot()}
            )
            continue
        script.begin(where, answers)
        mark = table.log_mark()
        before = table.snapshot() if "error" in step else None
        record: dict[str, Any] = {
            "index": number,
            "step": describe_step(step),
            "answers": [a["value"] for a in answers],
        }
        try:
            table.move(step)
        except bridge.EngineProblem as exc:
            raise ScenarioError(f"{where}: {exc}") from None
        except bridge.Refused as exc:
            if "error" not in step:
                raise ScenarioError(f"{where}: the engine refused the move: {exc}") from None
            if step["error"].lower() not in str(exc).lower():
                result.mismatches.append(
                    {"field": f"{where} error", "expected": step["error"], "actual": str(exc)}
                )
            after = table.snapshot()
            if after != before:
                result.mismatches.append(
                    {"field": f"{where} state after refusal", "expected": before, "actual": after}
                )
            record["error"] = str(exc)
        else:
            if "error" in step:
                result.mismatches.append(
                    {
                        "field": f"{where} error",
                        "expected": f"the move is refused ({step['error']})",
                        "actual": "the move was allowed",
                    }
                )
        script.finish()
        if checks:
            _check_invariants(table, where)
        if script.refused:
            record["refused_answers"] = list(script.refused)
        if script.decisions:
            record["decisions"] = list(script.decisions)
        record["log"] = table.log_since(mark)
        record["zones"] = table.snapshot()
        result.steps.append(record)
    script.where = "end of scenario"
    if script.shuffles:
        unused = [s["index"] for s in script.shuffles]
        raise ScenarioError(f"setup.shuffles{unused} never happened (unused dictated shuffles)")
    result.mismatches.extend(script.mismatches)
    result.mismatches.extend(compare(scenario.expect, table, unchecked=result.unchecked))
    if final_state:
        result.final_state = table.canonical()


class _Comparison:
    """One comparison of expectations with a table: what it found wrong so far."""

    def __init__(self, table: bridge.Table, unchecked: list[str] | None) -> None:
        self.table = table
        self.snap = table.snapshot()
        self.unchecked = unchecked
        self.out: list[dict[str, Any]] = []

    def check(self, name: str, expected: Any, actual: Any) -> None:
        if expected != actual:
            self.out.append({"field": name, "expected": expected, "actual": actual})


#: How one expectation key is checked: ``(comparison, key, expected value)``.
Checker = Callable[[_Comparison, str, Any], None]


def _check_player(c: _Comparison, key: str, wanted: dict[str, Any]) -> None:
    number = int(key[len("player"):])
    player = c.snap["players"][number - 1]
    for item, value in wanted.items():
        name = f"{key}.{item}"
        if item in bridge.ZONES or item == "mats":
            c.check(name, value, player.get(item, [] if item != "mats" else {}))
        elif item.endswith("_any_order"):
            c.check(name, sorted(value), sorted(player[item[: -len("_any_order")]]))
        elif item.endswith("_size"):
            c.check(name, value, len(player[item[: -len("_size")]]))
        elif item in ("vp_tokens", "coffers", "turns_taken"):
            c.check(name, value, player[item])
        elif item == "tokens":
            held = player.get("tokens", {})
            c.check(name, value, {token: held.get(token, 0) for token in value})
        elif item in ("states", "durations"):
            c.check(name, value, player.get(item, []))
        elif item == "score":
            c.check(name, value, c.table.score(number))
        else:  # a turn counter: only the player whose turn it is has them
            turn = c.snap["turn"]
            if turn.get("player") != number:
                c.out.append({"field": name, "expected": value,
                              "actual": f"not player {number}'s turn (player "
                                        f"{turn.get('player')}'s)"})
            else:
                c.check(name, value, turn.get(item))


def _check_turn(c: _Comparison, key: str, wanted: dict[str, Any]) -> None:
    for item, value in wanted.items():
        default = False if item == "extra_turn" else None
        if item == "controller":
            default = c.snap["turn"]["player"]  # nobody possesses the turn
        c.check(f"turn.{item}", value, c.snap["turn"].get(item, default))


def _check_pile_tokens(c: _Comparison, key: str, wanted: dict[str, dict[str, int]]) -> None:
    held = c.snap.get("pile_tokens", {})
    for pile, tokens in wanted.items():
        c.check(f"pile_tokens.{pile}", dict(tokens),
                {t: held.get(pile, {}).get(t, 0) for t in tokens})


def _check_supply(c: _Comparison, key: str, wanted: dict[str, int]) -> None:
    for pile, count in wanted.items():
        c.check(f"supply.{pile}", count, c.snap["supply"].get(pile, "no such pile"))


def _check_log(c: _Comparison, key: str, wanted: list[dict[str, Any]]) -> None:
    """``log`` / ``log_absent``; on a table run without its log, noted as unchecked."""
    if not c.table.logged:
        if c.unchecked is not None:
            c.unchecked.append(key)
        return
    events = list(_flatten(c.table.log_since(0)))
    for fact in wanted:
        hits = sum(1 for e in events if _matches(fact, e))
        label = f"{key}: {_fact_text(fact)}"
        if key == "log_absent":
            c.check(label, 0, hits)
        elif "count" in fact:
            c.check(label, fact["count"], hits)
        elif not hits:
            c.out.append({"field": label, "expected": "at least 1", "actual": 0})


def _equal(actual: Callable[[_Comparison, str], Any], order_free: bool = False) -> Checker:
    """A checker comparing the expected value with ``actual(comparison, key)``."""
    def checker(c: _Comparison, key: str, wanted: Any) -> None:
        got = actual(c, key)
        c.check(key, sorted(wanted) if order_free else wanted,
                sorted(got) if order_free else got)
    return checker


def _snapped(field: str, default: Any = None) -> Callable[[_Comparison, str], Any]:
    return lambda c, key: c.snap.get(field, default)


#: Every expectation key of ``schema.ExpectSchema`` and how it is checked (the
#: ``player<N>`` keys share one entry, ``player``). A key the schema accepts but
#: this table lacked would hold vacuously; a test keeps the two the same.
EXPECT_CHECKS: dict[str, Checker] = {
    "player": _check_player,
    "turn": _check_turn,
    "pile_tokens": _check_pile_tokens,
    "supply": _check_supply,
    "log": _check_log,
    "log_absent": _check_log,
    "trade_route_mat": _equal(_snapped("trade_route_mat", 0)),
    "supply_piles": _equal(lambda c, key: c.table.pile_names(kingdom_only=False), True),
    "kingdom_piles": _equal(lambda c, key: c.table.pile_names(kingdom_only=True), True),
    "trash": _equal(_snapped("trash")),
    "black_market_deck": _equal(_snapped("black_market", [])),
    "black_market_deck_any_order": _equal(_snapped("black_market", []), True),
    "black_market_deck_size": _equal(lambda c, key: len(c.snap.get("black_market", []))),
    **{key: _equal(lambda c, key: c.snap[key])
       for key in ("boons_discard", "boons_held", "hexes_discard", "boons_saved",
                   "boons_deck_size", "hexes_deck_size")},
    "game_over": _equal(lambda c, key: c.table.game_over()),
    "winner": _equal(lambda c, key: c.table.winners()),
    "turn_number": _equal(lambda c, key: c.snap["turn"].get("number")),
}


def compare(expect: dict[str, Any], table: bridge.Table,
            unchecked: list[str] | None = None) -> list[dict[str, Any]]:
    """Every expectation that does not hold, as ``{field, expected, actual}``.

    Log facts cannot be compared on a table without the event log; they are
    appended to ``unchecked`` instead (by name) and skipped.
    """
    comparison = _Comparison(table, unchecked)
    for key, wanted in expect.items():
        EXPECT_CHECKS["player" if key.startswith("player") else key](comparison, key, wanted)
    return comparison.out


def _flatten(events: list[dict[str, Any]], depth: int = 0):
    for event in events:
        yield {**event, "depth": depth}
        yield from _flatten(event.get("children", []), depth + 1)


def _matches(fact: dict[str, Any], event: dict[str, Any]) -> bool:
    if fact["event"] != event.get("event"):
        return False
    if "player" in fact and fact["player"] != event.get("player"):
        return False
    if "card" in fact and fact["card"] not in event.get("cards", []):
        return False
    if "source" in fact and fact["source"] != event.get("source"):
        return False
    if "data" in fact:
        data = event.get("data", {})
        if any(key not in data or data[key] != value for key, value in fact["data"].items()):
            return False
    return "depth" not in fact or fact["depth"] == event["depth"]


def _fact_text(fact: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v}" for k, v in fact.items() if k != "count")


__all__ = ["ScenarioError", "ScenarioResult", "compare", "run_scenario"]
