"""Property test: random games on random kingdoms keep every invariant at every step."""

from __future__ import annotations

import random

import pytest
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


@pytest.mark.slow
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
    assert set(all_events()) == {"Launch", "Looting", "Peril", "Foray", "Scrounge", "Bury",
                                 "Maelstrom", "Prosper", "Mirror", "Rush", "Deliver",
                                 "Invasion", "Prepare", "Avoid", "Journey"}


def test_listening_to_the_log_does_not_change_the_game() -> None:
    for seed in range(6):
        kingdom = random_kingdom(random.Random(seed))
        quiet = new_game(kingdom, 3, seed=seed, providers=[RandomProvider(seed)],
                         events=["Launch"])
        loud = new_game(kingdom, 3, seed=seed, providers=[RandomProvider(seed)],
                        events=["Launch"])
        log = loud.attach_log()
        quiet.play_game(max_turns=600)
        loud.play_game(max_turns=600)
        assert quiet.snapshot() == loud.snapshot()
        assert log.of_kind("turn") and log.lines()


def test_atomic_moves_do_not_change_the_game() -> None:
    kingdom = random_kingdom(random.Random(11))
    a = new_game(kingdom, 2, seed=11, providers=[RandomProvider(1)])
    b = new_game(kingdom, 2, seed=11, providers=[RandomProvider(1)])
    b.atomic = False
    a.play_game(max_turns=600)
    b.play_game(max_turns=600)
    assert a.snapshot() == b.snapshot()


MOVES = ["play_action", "play_treasure", "play_all_treasures", "play_night", "buy",
         "buy_event", "end_phase", "end_turn", "gain_card", "trash_from_hand"]


@pytest.mark.slow
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1),
       moves=st.lists(st.tuples(st.sampled_from(MOVES), st.integers(0, 40)), max_size=60))
def test_any_move_sequence_is_legal_or_refused_without_a_trace(
        seed: int, moves: list[tuple[str, int]]) -> None:
    """Throw arbitrary moves at a game: each one either happens or is refused
    with IllegalMove leaving the snapshot exactly as it was."""
    from engine import IllegalMove

    rng = random.Random(seed)
    kingdom = random_kingdom(rng)
    game = new_game(kingdom, rng.randint(2, 4), seed=seed, providers=[RandomProvider(seed)],
                    events=["Launch"])
    names = sorted(set(kingdom) | {"Copper", "Silver", "Gold", "Province", "Curse", "Launch"})
    for move, k in moves:
        if game.over:
            break
        target = names[k % len(names)]
        args: tuple[object, ...] = ()
        if move in ("play_action", "play_treasure", "play_night", "buy", "buy_event"):
            args = (target,)
        elif move in ("gain_card", "trash_from_hand"):
            args = (k % len(game.players), target)
        before = game.snapshot()
        try:
            getattr(game, move)(*args)
        except IllegalMove:
            assert game.snapshot() == before, (move, args)
        problems = check_invariants(game)
        assert problems == [], (move, args, problems)
