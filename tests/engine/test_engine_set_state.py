"""Set-owned state (engine.set_state): created on first use, copied by the checkpoint
only when it exists, put back by the rollback, dropped at the next turn when it lasts
one turn, and seen whole by the canonical snapshot."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from engine_helpers import make

from engine import new_game
from engine.canonical import canonical_state, state_differences
from engine.cards.core import Card, CardDef
from engine.cards.intrigue import CopperBonus
from engine.cards.prosperity import TradeRouteMat
from engine.cards.seaside import OutpostPlayed
from engine.primitives import GameBase
from engine.set_state import SetState
from engine.transaction import checkpoint, rollback

KINGDOM = ["Cellar", "Festival", "Market", "Militia", "Mine", "Moat", "Remodel", "Smithy",
           "Village", "Workshop"]


@dataclass(slots=True)
class Mat(SetState):
    """A game-long toy state: a counter and a list of cards."""

    tokens: int = 0
    cards: list[Card] = field(default_factory=list)


@dataclass(slots=True)
class ThisTurn(SetState):
    """A toy state that lasts one turn."""

    per_turn: ClassVar[bool] = True
    count: int = 0


@dataclass(slots=True)
class DoubleCopper(SetState):
    """A toy state that changes what Copper makes."""

    per_turn: ClassVar[bool] = True

    def coins_made(self, game: GameBase, defn: CardDef, coins: int) -> int:
        return coins * 2 if defn.name == "Copper" else coins


def test_a_game_without_set_state_carries_and_copies_none() -> None:
    game = new_game(KINGDOM, 2, seed=1)
    assert game._set_states == {} and game._coin_states == ()
    assert checkpoint(game)[-1] is None
    assert game.existing_state(Mat) is None and game._set_states == {}


def test_state_is_created_once_and_looked_up_after() -> None:
    game = new_game(KINGDOM, 2, seed=1)
    mat = game.state(Mat)
    mat.tokens += 2
    assert game.state(Mat) is mat and game.existing_state(Mat) is mat
    assert game.state(Mat).tokens == 2


def test_copy_copies_the_containers_and_shares_their_items() -> None:
    game = new_game(KINGDOM, 2, seed=1)
    mat = game.state(Mat)
    card = game.players[0].hand[0]
    mat.cards.append(card)
    copy = mat.copy()
    copy.cards.append(card)
    copy.tokens = 5
    assert (mat.tokens, len(mat.cards), len(copy.cards)) == (0, 1, 2)
    assert copy.cards[0] is card


def test_rollback_restores_changed_states_and_drops_created_ones() -> None:
    game = new_game(KINGDOM, 2, seed=1)
    game.state(Mat).tokens = 1
    before = canonical_state(game)
    saved = checkpoint(game)
    game.state(Mat).tokens += 3
    game.state(Mat).cards.append(game.players[0].hand[0])
    game.state(ThisTurn).count = 7
    game.state(DoubleCopper)
    assert state_differences(before, canonical_state(game))  # the snapshot sees them
    rollback(game, saved)
    assert state_differences(before, canonical_state(game)) == []
    assert game.state(Mat).tokens == 1 and game.state(Mat).cards == []
    assert game.existing_state(ThisTurn) is None and game._coin_states == ()


def test_rollback_twice_from_one_checkpoint_starts_from_the_same_copy() -> None:
    game = new_game(KINGDOM, 2, seed=1)
    game.state(Mat)
    saved = checkpoint(game)
    game.state(Mat).tokens = 4
    rollback(game, saved)
    game.state(Mat).tokens = 9  # changes the live state, not the checkpoint's copy
    rollback(game, saved)
    assert game.state(Mat).tokens == 0


def test_canonical_state_includes_every_field_of_every_state() -> None:
    game = new_game(KINGDOM, 2, seed=1)
    game.state(Mat).tokens = 3
    game.state(ThisTurn).count = 2
    states = dict(canonical_state(game)["_set_states"])
    assert states["<class Mat>"] == {"type": "Mat", "cards": [], "tokens": 3}
    assert states["<class ThisTurn>"] == {"type": "ThisTurn", "count": 2}


def test_a_per_turn_state_lapses_at_the_next_turn_and_a_game_long_one_stays() -> None:
    game = new_game(KINGDOM, 2, seed=1)
    game.state(Mat).tokens = 1
    game.state(ThisTurn).count = 1
    game.state(DoubleCopper)
    game.end_turn()
    assert game.existing_state(ThisTurn) is None and game.existing_state(DoubleCopper) is None
    assert game.state(Mat).tokens == 1 and game._coin_states == ()


def test_a_state_that_changes_coins_applies_to_the_treasures_played() -> None:
    game = new_game(KINGDOM, 2, seed=1)
    coppers = sum(c.name == "Copper" for c in game.players[0].hand)
    others = sum(c.defn.coins for c in game.players[0].hand if c.name != "Copper")
    game.state(DoubleCopper)
    assert len(game._coin_states) == 1
    game.play_all_treasures()
    assert game.coins == 2 * coppers + others and coppers > 0


def test_the_sets_states_are_in_the_snapshot_and_lapse_as_their_rules_say() -> None:
    """Real cards: Trade Route's mat lasts the game, Outpost's and Coppersmith's states
    the turn; the canonical snapshot shows each while it exists."""
    g, _ = make(["Trade Route", "Outpost", "Coppersmith", "Workshop"],
                {"hand": ["Outpost", "Coppersmith", "Copper"], "deck": ["Copper"] * 8},
                {"deck": ["Copper"] * 8}, actions=2)
    g.gain(g.players[0], "Estate")
    g.play_action("Outpost")
    g.play_action("Coppersmith")
    states = dict(canonical_state(g)["_set_states"])
    assert states["<class TradeRouteMat>"] == {"type": "TradeRouteMat", "tokens": 1}
    assert states["<class OutpostPlayed>"] == {"type": "OutpostPlayed"}
    assert states["<class CopperBonus>"] == {"type": "CopperBonus", "bonus": 1}
    g.play_all_treasures()
    assert g.coins == 2
    g.end_turn()  # Outpost's extra turn: a 3-card hand, the turn's states gone
    assert (g.current, g.is_extra_turn, len(g.players[0].hand)) == (0, True, 3)
    assert g.existing_state(OutpostPlayed) is None and g.existing_state(CopperBonus) is None
    assert g.state(TradeRouteMat).tokens == 1
