"""One semantics: the rules never depend on whether a log, a bot or a checker is attached.

Every scenario is replayed with the event log and all-or-nothing moves and
again without either, and random games (random kingdoms with Events, Shelters
and Traits, 2 to 6 players, the random bots of ``rulings simulate``) are played
from the same seed fully instrumented (log, atomic moves, invariant checks, a
decision recorder) and bare. The whole canonical state must be the same
(:mod:`engine.canonical`), and so must the result and the bots' random draws.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from semantics import game_differences, scenario_differences

from engine import registry
from engine.canonical import canonical_state, state_differences
from engine.simulate import GameSetup, game_setups
from rulings_service.scenarios.loader import find_scenario, scan_scenarios


def test_every_scenario_ends_the_same_with_and_without_the_log() -> None:
    scenarios, errors = scan_scenarios()
    assert scenarios and not errors
    different = {s.id: d for s in scenarios if (d := scenario_differences(s))}
    assert not different, "\n".join(f"{k}: {v[:3]}" for k, v in different.items())


def test_a_rule_that_depends_on_the_log_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison can fail: an engine that draws one card too many when no log is
    attached is reported, with the place where the states part."""
    from engine.primitives import GameBase

    honest = GameBase.draw

    def draw_differently(self, p, n=1):  # type: ignore[no-untyped-def]
        return honest(self, p, n if self._logging else n + 1)

    smithy = find_scenario("reckless--twice-then-returned")
    assert scenario_differences(smithy) == []
    monkeypatch.setattr(GameBase, "draw", draw_differently)
    assert scenario_differences(smithy)
    table = _tables(1, seed=1)[0]
    assert any("players" in line for line in game_differences(table, 2, max_turns=3))


def _tables(games: int, seed: int):
    return list(game_setups(games, seed=seed, random_kingdoms=True, traits=True))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_end_the_same_with_and_without_instrumentation(players: int) -> None:
    different = {}
    for table in _tables(5, seed=100 + players):
        if d := game_differences(table, players, max_turns=25):
            different[table.seed] = (table.kingdom, table.traits, d[:4])
    assert not different, different


def _treasure_trait_tables(games: int, seed: int) -> list[GameSetup]:
    """Random kingdoms that include a Kingdom Treasure that only makes coins, with a
    random Trait that changes plays (Reckless, Inspiring) on its pile: where a
    play-all-Treasures shortcut could forget the Trait."""
    rng = random.Random(seed)
    kingdom_cards = set(registry.kingdom_names())
    treasures = sorted(n for n, d in registry.all_cards().items()
                       if d.is_treasure and d.plain and n in kingdom_cards)
    traits = sorted(n for n, t in registry.all_traits().items() if t.after_play or t.plays_twice)
    tables = []
    for base in _tables(games, seed):
        treasure = rng.choice(treasures)
        kingdom = [n for n in base.kingdom if n != treasure][:9] + [treasure]
        trait = rng.choice(traits)
        tables.append(replace(base, kingdom=kingdom, traits={trait: treasure}))
    return tables


def test_random_games_with_a_trait_on_a_treasure_end_the_same() -> None:
    different = {}
    for table in _treasure_trait_tables(10, seed=7):
        if d := game_differences(table, 2 + table.game % 5, max_turns=20):
            different[table.seed] = (table.kingdom, table.traits, d[:4])
    assert not different, different


def test_some_random_games_have_traits() -> None:
    """The property test exercises Traits (the play-all-Treasures bug was in them)."""
    assert sum(bool(t.traits) for t in _tables(25, seed=102)) >= 5


@pytest.mark.slow
def test_many_random_games_end_the_same_with_and_without_instrumentation() -> None:
    """The benchmark-sized variant: 150 full-length games over 2 to 6 players."""
    different = {}
    for table in _tables(150, seed=2026):
        players = 2 + table.game % 5
        if d := game_differences(table, players, max_turns=250):
            different[(table.seed, players)] = (table.kingdom, table.traits, d[:4])
    assert not different, different


def test_canonical_state_compares_card_identity() -> None:
    """Two states with the same names but different physical cards are different."""
    from engine_helpers import make

    g, _ = make(["Smithy"], {"hand": ["Copper", "Copper"]}, {})
    before = canonical_state(g)
    hand = g.players[0].hand
    hand.reverse()
    assert state_differences(before, canonical_state(g))
