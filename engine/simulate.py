"""Many full games in a row, for fuzzing and speed measurement (no I/O here).

:func:`simulate` plays ``games`` games with random or Big Money providers,
checks the invariants after every decision and every turn (unless told not
to), and reports games per second, crashes, violations and turn-limit hits.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.decisions import Answer, Decision, DecisionProvider
from engine.game import Game
from engine.invariants import check_invariants
from engine.providers import providers_for
from engine.registry import all_events
from engine.setup import new_game, random_kingdom


class InvariantViolation(AssertionError):
    """Raised inside a simulated game when an invariant breaks."""


class _Checking:
    """Wraps a provider: checks the invariants before each decision."""

    __slots__ = ("inner",)

    def __init__(self, inner: DecisionProvider) -> None:
        self.inner = inner

    def decide(self, game: Game, decision: Decision) -> Answer | None:
        problems = check_invariants(game)
        if problems:
            raise InvariantViolation("; ".join(problems))
        return self.inner.decide(game, decision)


@dataclass
class SimulationReport:
    """What :func:`simulate` found. ``failures`` keeps the first few messages."""

    games: int
    games_per_second: float
    crashes: int
    violations: int
    turn_limit_hits: int
    seconds: float
    players: int
    bots: str
    checks: bool
    average_turns: float
    failures: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``games``, ``games_per_second``, ``crashes``, ``violations``,
        ``turn_limit_hits`` first)."""
        return asdict(self)


def simulate(
    games: int,
    *,
    seed: int = 0,
    players: int = 2,
    kingdom: Sequence[str] | None = None,
    random_kingdoms: bool = False,
    bots: str = "random",
    events: Sequence[str] = (),
    max_turns: int = 250,
    checks: bool = True,
    atomic: bool = True,
    keep_failures: int = 5,
) -> SimulationReport:
    """Play ``games`` games; ``max_turns`` is per player (a game stops at players x that).

    With ``random_kingdoms`` each game also gets, at random, every implemented
    Event (half the games) and Shelters (30%); Platinum and Colony follow the
    Prosperity setup rule (a random Kingdom card from Prosperity brings them).
    """
    if games < 0:
        raise ValueError("games must be >= 0")
    if kingdom is None and not random_kingdoms:
        raise ValueError("give a kingdom or ask for random kingdoms")
    if kingdom is not None and not random_kingdoms:
        new_game(list(kingdom), players, events=events)  # a bad setup is an error, not a crash
    master = random.Random(seed)
    crashes = violations = hits = 0
    total_turns = 0
    failures: list[dict[str, Any]] = []
    start = time.perf_counter()
    for i in range(games):
        game_seed = master.randrange(2**32)
        cards = random_kingdom(master) if random_kingdoms else list(kingdom or ())
        game_events = list(events)
        shelters = False
        colonies: bool | str = False
        if random_kingdoms:
            colonies = "random"
            # Random setups also exercise the landscape and setup-rule spine.
            if not game_events and master.random() < 0.5:
                game_events = sorted(all_events())
            shelters = master.random() < 0.3
        provs = list(providers_for(bots, players, game_seed))
        if checks:
            provs = [_Checking(p) for p in provs]
        try:
            game = new_game(cards, players, seed=game_seed, providers=provs,
                            events=game_events, shelters=shelters, colonies=colonies)
            game.atomic = atomic
            limit = max_turns * players
            while not game.over and game.turn_number <= limit:
                game.play_turn()
                if checks:
                    problems = check_invariants(game)
                    if problems:
                        raise InvariantViolation("; ".join(problems))
            total_turns += game.turn_number
            if not game.over:
                hits += 1
        except InvariantViolation as exc:
            violations += 1
            if len(failures) < keep_failures:
                failures.append({"game": i, "seed": game_seed, "kingdom": cards,
                                 "events": game_events, "violation": str(exc)})
        except Exception as exc:  # a crash is any other error, reported, never raised
            crashes += 1
            if len(failures) < keep_failures:
                failures.append({"game": i, "seed": game_seed, "kingdom": cards,
                                 "events": game_events,
                                 "crash": f"{type(exc).__name__}: {exc}"})
    seconds = time.perf_counter() - start
    return SimulationReport(
        games=games,
        games_per_second=round(games / seconds, 1) if seconds > 0 else 0.0,
        crashes=crashes,
        violations=violations,
        turn_limit_hits=hits,
        seconds=round(seconds, 3),
        players=players,
        bots=bots,
        checks=checks,
        average_turns=round(total_turns / games, 1) if games else 0.0,
        failures=failures,
    )
