"""A turn that fails part way leaves no trace, whatever it had done before failing.

``play_turn`` is all-or-nothing: if anything raises during the turn (here, a
provider that gives up at its k-th decision, after cards were played, drawn,
gained and trashed), the whole rules state must be the one the turn started
from. The comparison is :func:`engine.canonical.canonical_state`, every attribute
of the game by reflection, so a zone or counter the checkpoint forgets to save
(or a journal forgets to note) shows up here, across random kingdoms of every set.
"""

from __future__ import annotations

import random

import pytest

from engine.canonical import canonical_state, state_differences
from engine.decisions import Answer, Decision
from engine.game import Game
from engine.providers import RandomProvider
from engine.setup import new_game
from engine.simulate import GameSetup, game_setups


class GiveUp(Exception):
    """The provider's refusal: raised inside the turn, after part of it happened."""


class GivesUpAt:
    """A random bot that raises at its ``at``-th decision (counting from the first)."""

    def __init__(self, seed: int, at: int) -> None:
        self.inner = RandomProvider(seed)
        self.at = at
        self.asked = 0

    def decide(self, game: Game, decision: Decision) -> Answer | None:
        self.asked += 1
        if self.asked == self.at:
            raise GiveUp
        return self.inner.decide(game, decision)


def _failed_turns(seed: int, games: int) -> int:
    """Play random games; in some turns, fail at a random decision and compare states.
    Returns how many turns failed part way (so the test can tell it really tested)."""
    failed = 0
    for table in game_setups(games, seed=seed, random_kingdoms=True, traits=True):
        rng = random.Random(table.seed)
        game = new_game(table.kingdom, 2, seed=table.seed, events=table.events,
                        shelters=table.shelters, colonies=table.colonies, traits=table.traits,
                        providers=[RandomProvider(table.seed)])
        while not game.over and game.turn_number <= 60:
            if rng.random() < 0.3:
                before = canonical_state(game)
                game.providers = [GivesUpAt(table.seed + game.turn_number, rng.randint(2, 12))]
                try:
                    game.play_turn()
                except GiveUp:
                    failed += 1
                    after = canonical_state(game)
                    assert after == before, (table, state_differences(before, after))
                game.providers = [RandomProvider(table.seed + game.turn_number)]
            else:
                game.play_turn()
    return failed


def test_a_turn_that_fails_midway_is_undone_in_every_attribute() -> None:
    assert _failed_turns(seed=5, games=12) > 50


@pytest.mark.slow
def test_many_turns_that_fail_midway_are_undone() -> None:
    assert _failed_turns(seed=11, games=120) > 500


def _three_turns_in(table: GameSetup) -> Game:
    """A fresh game of ``table`` after three turns of a random bot."""
    game = new_game(table.kingdom, 2, seed=table.seed, events=table.events,
                    shelters=table.shelters, colonies=table.colonies, traits=table.traits,
                    providers=[RandomProvider(table.seed)])
    for _ in range(3):
        game.play_turn()
    return game


def test_a_game_that_fails_late_is_put_back_where_play_game_found_it() -> None:
    """``play_game`` is one move: a failure many turns in undoes the whole call,
    the RNG and every pile included, and the game then plays on as if never tried."""
    failed = 0
    for table in game_setups(6, seed=23, random_kingdoms=True, traits=True):
        game = _three_turns_in(table)
        before = canonical_state(game)
        # Decision 40 or later: several turns of shuffles, buys and gains have happened.
        game.providers = [GivesUpAt(table.seed, 40 + table.seed % 20)]
        try:
            game.play_game(max_turns=60)
        except GiveUp:
            failed += 1
            after = canonical_state(game)
            assert after == before, (table, state_differences(before, after))
        # The undone call leaves a game that plays on exactly like an untouched one.
        twin = _three_turns_in(table)
        game.providers = [RandomProvider(table.seed + 1)]
        twin.providers = [RandomProvider(table.seed + 1)]
        assert game.play_game(max_turns=60).to_dict() == twin.play_game(max_turns=60).to_dict()
        assert canonical_state(game) == canonical_state(twin)
    assert failed >= 5
