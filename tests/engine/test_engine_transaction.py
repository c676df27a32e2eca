"""The all-or-nothing checkpoint puts back what a move changed, including the parts it
copies only when in use (landscape decks) and the piles it copies in bulk."""

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
    village.cards.pop()
    village.tokens["Embargo"] = 1
    rollback(game, saved)
    assert village.cards == before and village.tokens == {}
