"""Helpers for the one-semantics tests: play the same game twice, differently instrumented.

Other tests (and a faster engine's tests) can call :func:`play_instrumented` and
:func:`play_bare` on a :class:`~engine.simulate.GameSetup` and compare the two
with :func:`assert_same_game`; scenarios compare with :func:`scenario_differences`.
The state compared is :func:`engine.canonical.canonical_state`, the whole rules
state by reflection, so a rule that depends on what is attached shows up
whatever field it touches.
"""

from __future__ import annotations

from typing import Any

from engine.canonical import canonical_state, state_differences
from engine.decisions import Answer, Decision, DecisionProvider
from engine.game import Game
from engine.providers import RandomProvider, providers_for
from engine.simulate import GameSetup, play_setup
from rulings_service.scenarios.loader import Scenario
from rulings_service.scenarios.runner import run_scenario


class DecisionRecorder:
    """A provider wrapper that writes down every decision asked and its answer (an
    observer: it must not change the game it watches)."""

    def __init__(self, inner: DecisionProvider, into: list[tuple[Any, ...]]) -> None:
        self.inner = inner
        self.into = into

    def decide(self, game: Game, decision: Decision) -> Answer | None:
        answer = self.inner.decide(game, decision)
        shown = [getattr(a, "uid", a) for a in answer] if isinstance(answer, list) else answer
        self.into.append((decision.player, decision.kind.value, decision.source,
                          tuple(decision.option_ids()), repr(shown)))
        return answer


def play_instrumented(table: GameSetup, players: int, max_turns: int
                      ) -> tuple[Game, list[RandomProvider], list[tuple[Any, ...]]]:
    """The game with everything attached: event log, all-or-nothing moves, invariant
    checks before each decision and after each turn, and a decision recorder."""
    bots = list(providers_for("random", players, table.seed))
    asked: list[tuple[Any, ...]] = []
    game = play_setup(table, players, max_turns=max_turns, checks=True, atomic=True, log=True,
                      providers=[DecisionRecorder(b, asked) for b in bots])
    return game, bots, asked  # type: ignore[return-value]


def play_bare(table: GameSetup, players: int, max_turns: int
              ) -> tuple[Game, list[RandomProvider]]:
    """The same game with nothing attached (how bots and ``rulings simulate`` run)."""
    bots = list(providers_for("random", players, table.seed))
    game = play_setup(table, players, max_turns=max_turns, checks=False, atomic=False,
                      log=False, providers=bots)
    return game, bots  # type: ignore[return-value]


def game_differences(table: GameSetup, players: int, max_turns: int = 40) -> list[str]:
    """Where the instrumented and the bare play of ``table`` end differently (empty: the
    same final state, the same result, and the bots drew the same random numbers,
    so they were offered and gave the same answers)."""
    full, full_bots, _ = play_instrumented(table, players, max_turns)
    bare, bare_bots = play_bare(table, players, max_turns)
    out = state_differences(canonical_state(full), canonical_state(bare))
    if full.result().to_dict() != bare.result().to_dict():
        out.append(f"result: {full.result()} != {bare.result()}")
    if [b.rng.getstate() for b in full_bots] != [b.rng.getstate() for b in bare_bots]:
        out.append("the bots' random draws differ (different decisions were offered)")
    return out


def scenario_differences(scenario: Scenario) -> list[str]:
    """Where a scenario run as usual (event log, atomic moves) and run bare (no log; no
    atomic moves unless a step demonstrates a refusal) differ: pass/fail, the state
    after every step, the final canonical state."""
    usual = run_scenario(scenario, final_state=True)
    bare = run_scenario(scenario, log=False, atomic=False, final_state=True)
    if (usual.passed, usual.error) != (bare.passed, bare.error) \
            or usual.mismatches != bare.mismatches:
        return [f"passes {usual.passed} ({usual.error or usual.mismatches}) with the log, "
                f"{bare.passed} ({bare.error or bare.mismatches}) without"]
    out = []
    for a, b in zip(usual.steps, bare.steps, strict=True):
        if a["zones"] != b["zones"]:
            out.append(f"after step {a['index']}: "
                       + "; ".join(state_differences(a["zones"], b["zones"], 3)))
    if usual.final_state is not None or bare.final_state is not None:
        out += state_differences(usual.final_state, bare.final_state)
    return out
