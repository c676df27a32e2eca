"""Property test: random games on random kingdoms keep every invariant at every step."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Decision, Game, RandomProvider, check_invariants, new_game, random_kingdom
from engine.registry import all_events


class CheckingProvider:
    """A random provider that checks the invariants each time it is asked."""

    def __init__(self, seed: int) -> None:
        self.inner = RandomProvider(seed)
        self.checks = 0

    def decide(self, game: Game, decision: Decision):  # type: ignore[no-untyped-def]
        problems = check_invariants(game)
        assert problems == [], problems
        self.checks += 1
        return self.inner.decide(game, decision)


@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6), launch=st.booleans(),
       shelters=st.booleans())
def test_random_games_keep_invariants_and_end(seed: int, players: int, launch: bool,
                                              shelters: bool) -> None:
    rng = random.Random(seed)
    kingdom = random_kingdom(rng)
    provider = CheckingProvider(seed)
    game = new_game(kingdom, players, seed=seed, providers=[provider],
                    events=["Launch"] if launch else (), shelters=shelters)
    start_count = game.card_count
    while not game.over and game.turn_number <= 300 * players:
        game.play_turn()
        problems = check_invariants(game)
        assert problems == [], problems
        assert game.card_count == start_count
    assert game.over, f"no end after {game.turn_number} turns on {kingdom}"
    assert provider.checks > 0
    result = game.result()
    assert result.winners and all(0 <= w < players for w in result.winners)


def test_the_events_table_lists_launch() -> None:
    assert set(all_events()) == {"Launch"}
