"""Many full games in a row, for fuzzing and speed measurement (no I/O here).

:func:`simulate` plays ``games`` games with random or Big Money providers,
checks the invariants after every decision and every turn (unless told not
to), and reports games per second, crashes, violations and turn-limit hits.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from engine.decisions import Answer, Decision, DecisionProvider
from engine.errors import StepLimitExceeded
from engine.game import Game
from engine.invariants import check_invariants
from engine.providers import providers_for
from engine.registry import all_cards, all_events, all_traits
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
    """What :func:`simulate` found. ``failures`` keeps the first few messages; a hang is
    a turn that reached the engine's step limit (a runaway loop)."""

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
    hangs: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``games``, ``games_per_second``, ``crashes``, ``violations``,
        ``turn_limit_hits`` first)."""
        return asdict(self)


@dataclass(frozen=True)
class GameSetup:
    """One simulated game's table, drawn from the master seed: replayable on its own
    with :func:`play_setup` (the fuzz script prints these for failing games)."""

    game: int
    seed: int
    kingdom: list[str]
    events: list[str]
    shelters: bool
    colonies: bool | str
    traits: dict[str, str] = field(default_factory=dict)


def game_setups(games: int, *, seed: int = 0, kingdom: Sequence[str] | None = None,
                random_kingdoms: bool = False, events: Sequence[str] = (),
                traits: bool = False) -> Iterator[GameSetup]:
    """The tables :func:`simulate` plays, in order, from the master ``seed``.

    With ``random_kingdoms`` each game also gets, at random, every implemented
    Event (half the games, unless ``events`` are given) and Shelters (30%);
    Platinum and Colony follow the Prosperity setup rule. ``traits`` puts one or
    two random Traits on random Action or Treasure piles in 40% of random games;
    they are drawn from the game's own seed, so the master sequence (and every
    other game of a seed) is the same with or without them.
    """
    master = random.Random(seed)
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
        yield GameSetup(i, game_seed, cards, game_events, shelters, colonies,
                        _random_traits(game_seed, cards) if traits and random_kingdoms else {})


def _random_traits(game_seed: int, kingdom: list[str]) -> dict[str, str]:
    """0 (60%), 1 or 2 Traits, each on a different random Action or Treasure pile."""
    rng = random.Random(game_seed ^ 0x7A17)
    if rng.random() < 0.6:
        return {}
    eligible = [n for n in kingdom if (d := all_cards().get(n)) is not None
                and (d.is_action or d.is_treasure)]
    count = min(rng.choice((1, 2)), len(eligible))
    names = rng.sample(sorted(all_traits()), count)
    piles = rng.sample(sorted(eligible), count)
    return dict(zip(names, piles, strict=True))


def play_setup(table: GameSetup, players: int, *, bots: str = "random", max_turns: int = 250,
               checks: bool = True, atomic: bool = True, log: bool = False,
               providers: Sequence[DecisionProvider] | None = None) -> Game:
    """Play one game to its end or to ``max_turns`` per player and return it.

    ``checks`` checks the invariants before every decision and after every turn
    (raising :class:`InvariantViolation`); ``atomic`` and ``log`` switch the
    all-or-nothing moves and the event log. None of the three may change what
    happens in the game: the one-semantics tests compare the final states.
    Engine errors (crashes, :class:`~engine.errors.StepLimitExceeded`) propagate.
    ``providers`` replaces the bots (the tests wrap them to record decisions).
    """
    provs: list[Any] = list(providers or providers_for(bots, players, table.seed))
    if checks:
        provs = [_Checking(p) for p in provs]
    game = new_game(table.kingdom, players, seed=table.seed, providers=provs,
                    events=table.events, shelters=table.shelters, colonies=table.colonies,
                    traits=table.traits)
    game.atomic = atomic
    if log:
        game.attach_log()
    limit = max_turns * players
    while not game.over and game.turn_number <= limit:
        game.play_turn()
        if checks:
            problems = check_invariants(game)
            if problems:
                raise InvariantViolation("; ".join(problems))
    return game


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
    traits: bool = False,
) -> SimulationReport:
    """Play ``games`` games; ``max_turns`` is per player (a game stops at players x that).

    The tables come from :func:`game_setups` (``traits`` as there); each is played
    by :func:`play_setup`.
    """
    if games < 0:
        raise ValueError("games must be >= 0")
    if kingdom is None and not random_kingdoms:
        raise ValueError("give a kingdom or ask for random kingdoms")
    if kingdom is not None and not random_kingdoms:
        new_game(list(kingdom), players, events=events)  # a bad setup is an error, not a crash
    crashes = violations = hits = hangs = 0
    total_turns = 0
    failures: list[dict[str, Any]] = []
    start = time.perf_counter()
    for table in game_setups(games, seed=seed, kingdom=kingdom,
                             random_kingdoms=random_kingdoms, events=events, traits=traits):
        about = {"game": table.game, "seed": table.seed, "kingdom": table.kingdom,
                 "events": table.events, "traits": table.traits}
        try:
            game = play_setup(table, players, bots=bots, max_turns=max_turns, checks=checks,
                              atomic=atomic)
            total_turns += game.turn_number
            if not game.over:
                hits += 1
        except InvariantViolation as exc:
            violations += 1
            if len(failures) < keep_failures:
                failures.append({**about, "violation": str(exc)})
        except StepLimitExceeded as exc:
            hangs += 1
            if len(failures) < keep_failures:
                failures.append({**about, "hang": str(exc)})
        except Exception as exc:  # a crash is any other error, reported, never raised
            crashes += 1
            if len(failures) < keep_failures:
                failures.append({**about, "crash": f"{type(exc).__name__}: {exc}"})
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
        hangs=hangs,
    )
