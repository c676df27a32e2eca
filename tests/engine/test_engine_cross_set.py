"""Rules that meet only when cards of different sets share a game.

Each case was found by random games over every set together (``rulings simulate
--random-kingdom``), after the sets had each passed their own.
"""

from __future__ import annotations

import random

import pytest
from engine_helpers import make, names

from engine import new_game, registry
from engine.errors import InvalidAnswer
from engine.invariants import check_invariants
from engine.setup import default_black_market


def test_a_bane_brings_the_piles_any_kingdom_card_brings() -> None:
    # Urchin (Dark Ages) as Young Witch's Bane (Cornucopia) needs its Mercenary pile.
    game = new_game(["Young Witch", "Village"], 2, bane="Urchin", seed=1)
    assert "Mercenary" in game.piles and not game.piles["Mercenary"].supply


def test_a_default_black_market_deck_holds_kingdom_cards_only() -> None:
    # Knights is a mixed pile, not a card; it cannot be one card of the Black Market deck.
    assert registry.card("Knights").kind == "pile"
    for seed in range(40):
        deck = default_black_market(["Black Market"], random.Random(seed))
        assert all(registry.card(n).kind == "kingdom" for n in deck)


def test_gaining_from_a_pile_the_game_does_not_have_gains_nothing() -> None:
    # A Rats bought from the Black Market deck: "gain a Rats" finds no Rats pile.
    game, _ = make(["Village"], {"hand": []}, {"hand": []})
    assert "Rats" not in game.piles
    assert game.gain(game.players[0], "Rats") is None
    assert game.players[0].discard == []


def test_a_random_bane_is_not_a_card_of_the_black_market_deck() -> None:
    # Young Witch's Bane is drawn after the Black Market deck: it must not repeat one.
    deck = [n for n in registry.kingdom_names()
            if registry.card(n).kind == "kingdom" and registry.card(n).cost.coins in (2, 3)
            and not registry.card(n).cost.potion and n != "Black Market"][:-1]
    for seed in range(20):
        game = new_game(["Young Witch", "Black Market"], 2, seed=seed, black_market=deck)
        assert game.bane not in deck


def test_herbalist_does_not_offer_a_duration_treasure_that_stays_in_play() -> None:
    # Rope (Plunder) waits for next turn; Herbalist (Alchemy) may put back only what
    # Clean-up discards: choosing Rope is refused, choosing the Copper works.
    for pick, refused in ((["Rope"], True), (["Copper"], False)):
        g, _ = make(["Herbalist", "Rope"],
                    {"hand": ["Herbalist", "Rope", "Copper"], "deck": ["Estate"] * 6}, {},
                    answers=[pick])
        g.play_action("Herbalist")
        g.play_treasure("Rope")
        g.play_treasure("Copper")
        if refused:
            with pytest.raises(InvalidAnswer):
                g.end_turn()
            continue
        g.end_turn()
        p1 = g.players[0]
        # Copper went onto the deck, so it is in the new hand; Rope stayed in play.
        assert names(p1.in_play) == ["Rope"]
        assert sorted(names(p1.hand)) == ["Copper"] + ["Estate"] * 4


def test_a_duration_treasure_trashed_from_play_keeps_its_next_turn_effect() -> None:
    # Mint (Prosperity, first edition) trashes every Treasure in play, Rope included;
    # Rope's next-turn effect still happens, and the game stays consistent.
    g, _ = make(["Mint", "Rope"],
                {"hand": ["Rope", "Gold", "Gold"], "deck": ["Estate"] * 12}, {},
                answers=[[]])
    g.play_treasure("Rope")
    g.play_treasure("Gold")
    g.play_treasure("Gold")
    g.buy("Mint")
    assert "Rope" in names(g.trash)
    assert check_invariants(g) == []


def test_a_shuffle_that_keeps_every_card_out_draws_nothing() -> None:
    # Avoid (Plunder) may keep all 3 shuffled cards out of the deck: Clean-up's draw
    # then finds an empty deck after its one shuffle, and stops.
    g, _ = make(["Village"], {"hand": ["Estate"], "discard": ["Estate", "Curse"]}, {},
                answers=[["Estate", "Estate", "Curse"]], events=["Avoid"], phase="buy",
                coins=2)
    g.buy_event("Avoid")
    g.end_turn()
    p1 = g.players[0]
    assert p1.hand == [] and p1.deck == [] and len(p1.discard) == 3


def test_crypt_leaves_a_duration_treasure_with_its_effect_waiting() -> None:
    # Crypt (Nocturne) sets aside Treasures in play, but not a Rope (Plunder) whose
    # next-turn effect still keeps it there.
    g, _ = make(["Crypt", "Rope"], {"hand": ["Crypt", "Rope", "Copper"]}, {},
                answers=[["Rope"]], phase="buy")
    g.play_treasure("Rope")
    g.play_treasure("Copper")
    g.end_phase()  # to Night
    with pytest.raises(InvalidAnswer):
        g.play_night("Crypt")


def test_a_gained_card_shuffled_away_is_not_exchanged_by_changeling() -> None:
    # Cemetery (Nocturne) trashes Overgrown Estate (Dark Ages) as it is gained; that
    # draws, the draw shuffles the discard pile - the new Cemetery too - into the deck.
    # Changeling's exchange has lost track of it: nothing is asked, nothing duplicated.
    g, _ = make(["Cemetery", "Changeling"], {"hand": ["Overgrown Estate", "Gold", "Gold"]},
                {}, answers=[["Overgrown Estate"]], phase="buy")
    g.play_treasure("Gold")
    g.play_treasure("Gold")
    pile = len(g.piles["Cemetery"].cards)
    g.buy("Cemetery")
    p1 = g.players[0]
    assert names(p1.hand) == ["Cemetery"] and p1.discard == []
    assert len(g.piles["Cemetery"].cards) == pile - 1
    assert check_invariants(g) == []
