"""The all-or-nothing checkpoint puts back what a move changed, including the parts it
copies only when in use (landscape decks) and the piles a move saves as it changes them."""

from __future__ import annotations

from engine import new_game
from engine.transaction import checkpoint, rollback


def test_rollback_empties_a_landscape_deck_that_was_empty_and_restores_one_in_use() -> None:
    game = new_game(["Village"], 2, seed=3)
    game.hexes.cards = ["Delusion", "Envy"]
    saved = checkpoint(game)
    game.boons.cards.append("The Sea's Gift")  # unused at the checkpoint
    game.boons.held.append((0, "The Sea's Gift"))
    game.hexes.discard.append(game.hexes.cards.pop())
    rollback(game, saved)
    assert (game.boons.cards, game.boons.held) == ([], [])
    assert (game.hexes.cards, game.hexes.discard) == (["Delusion", "Envy"], [])


def test_rollback_restores_pile_cards_and_tokens() -> None:
    game = new_game(["Village"], 2, seed=3)
    village = game.piles["Village"]
    before = list(village.cards)
    saved = checkpoint(game)
    game.gain(game.players[0], "Village")
    game.note_pile_change(village)  # as Embargo does before placing its token
    village.tokens["Embargo"] = 1
    rollback(game, saved)
    assert village.cards == before and village.tokens == {}


def test_a_pile_changed_without_being_noted_is_not_restored() -> None:
    """The piles are saved by the move that changes them, not by the checkpoint: the
    reason every change of a pile goes through ``note_pile_change``."""
    game = new_game(["Village"], 2, seed=3)
    village = game.piles["Village"]
    saved = checkpoint(game)
    village.cards.pop()
    rollback(game, saved)
    assert len(village.cards) == 9
