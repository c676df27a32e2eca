"""Setup rules for later sets: Ruins (with Marauder), Shelters, Heirloom-free decks,
Bane and Traits on piles, Potion; and the Dark Ages cards that prove them."""

from __future__ import annotations

import pytest
from engine_helpers import deck, hand, make, names

from engine import SetupError, new_game
from engine.setup import RUINS


def test_a_looter_brings_a_shuffled_ruins_pile_ten_per_other_player() -> None:
    g = new_game(["Marauder", "Village"], 3, seed=4)
    ruins = g.piles["Ruins"]
    assert ruins.supply and len(ruins) == 20
    assert {c.name for c in ruins.cards} <= set(RUINS) and len({c.name for c in ruins.cards}) > 1
    assert "Spoils" in g.piles and not g.piles["Spoils"].supply
    assert "Ruins" not in new_game(["Village"], 3).piles


def test_marauder_gives_spoils_and_ruins_in_turn_order_from_the_top() -> None:
    g, _ = make(["Marauder"], {"hand": ["Marauder"]}, {}, {},
                supply={"Ruins": ["Survivors", "Ruined Market"]})
    g.play_action("Marauder")
    assert names(g.players[0].discard) == ["Spoils"]
    assert names(g.players[1].discard) == ["Survivors"]
    assert names(g.players[2].discard) == ["Ruined Market"]
    assert len(g.piles["Ruins"]) == 0


def test_ruins_cards_and_survivors_order() -> None:
    g, _ = make(["Marauder"], {"hand": ["Abandoned Mine", "Ruined Library", "Ruined Market",
                                        "Ruined Village", "Survivors"],
                               "deck": ["Copper", "Estate", "Gold"]}, {}, actions=5,
                answers=["back", ["Gold", "Estate"]])
    for name in ("Ruined Village", "Abandoned Mine", "Ruined Library", "Ruined Market"):
        g.play_action(name)
    assert (g.actions, g.coins, g.buys) == (2, 1, 2) and "Copper" in hand(g, 0)
    g.play_action("Survivors")
    assert deck(g, 0) == ["Estate", "Gold"]  # Gold placed first, Estate on top


def test_a_ruin_returns_to_the_ruins_pile() -> None:
    g, _ = make(["Marauder"], {"hand": ["Survivors"]}, {})
    ruin = g.players[0].hand[0]
    g.return_to_pile(g.players[0], ruin, g.players[0].hand)
    assert g.piles["Ruins"].top is ruin


def test_shelters_replace_the_starting_estates() -> None:
    g = new_game(["Village"], 2, seed=1, shelters=True)
    for p in g.players:
        assert sorted(c.name for c in p.all_cards()) == (
            ["Copper"] * 7 + ["Hovel", "Necropolis", "Overgrown Estate"])


def test_hovel_may_be_trashed_when_buying_a_victory_card() -> None:
    g, s = make(["Village"], {"hand": ["Hovel", "Gold"]}, {}, answers=["Hovel"])
    g.play_treasure("Gold")
    g.buy("Estate")
    assert names(g.trash) == ["Hovel"] and s.asked[0].kind == "react"
    g.buys = 1
    g.buy("Copper")  # not a Victory card: no question
    assert len(s.asked) == 1


def test_overgrown_estate_draws_when_trashed_and_necropolis_gives_actions() -> None:
    g, _ = make(["Village"], {"hand": ["Overgrown Estate", "Necropolis"], "deck": ["Gold"]}, {})
    g.trash_from_hand(0, "Overgrown Estate")
    assert hand(g, 0) == ["Gold", "Necropolis"]
    g.play_action("Necropolis")
    assert g.actions == 2
    assert g.victory_points(g.players[0]) == 0


def test_bane_and_traits_are_recorded_on_piles() -> None:
    g = new_game(["Village", "Smithy"], 2, bane="Moat", traits={"Cheap": "Smithy"})
    assert g.bane == "Moat" and len(g.piles["Moat"]) == 10 and g.piles["Moat"].supply
    assert g.piles["Smithy"].trait == "Cheap" and g.traits == {"Cheap": "Smithy"}
    with pytest.raises(SetupError, match="not a pile"):
        new_game(["Village"], 2, traits={"Cheap": "Smithy"})


def test_platinum_and_colony() -> None:
    g, _ = make(["Village"], {"hand": ["Platinum", "Gold", "Gold"]}, {}, colonies=True)
    g.play_all_treasures()
    g.buy("Colony")
    assert g.coins == 0 and g.victory_points(g.players[0]) == 10
    assert g.snapshot()["supply"]["Colony"] == 7


def test_potion_pile_only_for_potion_costs_and_potion_buys() -> None:
    assert "Potion" not in new_game(["Village"], 2).piles
    g, _ = make(["Village"], {"hand": ["Potion", "Gold", "Gold"]}, {}, supply={"Potion": 16})
    g.play_all_treasures()
    assert (g.coins, g.potions) == (6, 1)
    g.buy("Potion")
    assert (g.coins, g.potions) == (2, 1)


def test_debt_blocks_buying_until_paid() -> None:
    g, _ = make(["Village"], {"hand": ["Gold", "Gold"], "debt": 2}, {}, buys=2)
    g.play_all_treasures()
    with pytest.raises(Exception, match="debt"):
        g.buy("Silver")
    g.pay_debt()
    assert g.players[0].debt == 0 and g.coins == 4
    g.buy("Silver")


def test_black_market_deck_is_made_of_distinct_physical_cards_outside_the_supply() -> None:
    g = new_game(["Village"], 2, seed=2, black_market=["Smithy", "Witch", "Moat"])
    assert sorted(c.name for c in g.black_market) == ["Moat", "Smithy", "Witch"]
    # No card of this Black Market deck has Potion in its cost: no Potion pile.
    assert "Smithy" not in g.piles and "Potion" not in g.piles
    with pytest.raises(SetupError, match="in the Supply"):
        new_game(["Village"], 2, black_market=["Village"])


def test_cost_modifiers_apply_in_order_and_never_go_below_zero() -> None:
    g, _ = make(["Village", "Smithy"], {}, {})

    def actions_cost_two_less(game, defn, cost):  # type: ignore[no-untyped-def]
        return cost.plus_coins(-2) if defn.is_action else cost

    g.cost_modifiers.append(actions_cost_two_less)
    g.cost_reduction = 1
    assert g.cost(g.piles["Village"].top).coins == 0  # 3 - 1 - 2
    assert g.cost(g.piles["Smithy"].top).coins == 1
    assert g.cost(g.piles["Gold"].top).coins == 5


def test_exchange_swaps_without_gaining_or_trashing() -> None:
    g, _ = make(["Village", "Smithy"], {"hand": ["Village"]}, {}, log=True)
    p = g.players[0]
    old = p.hand[0]
    new = g.exchange(p, old, p.hand, "Smithy")
    assert hand(g, 0) == ["Smithy"] and g.piles["Village"].top is old and new is not None
    assert g.gained_this_turn == [] and g.trash == []
    assert [e.kind for e in g._listeners[0].walk()] == ["exchange"]


def test_an_heirloom_replaces_a_starting_copper() -> None:
    g = new_game(["Shepherd"], 2, seed=5)
    for p in g.players:
        assert sorted(c.name for c in p.all_cards()) == (
            ["Copper"] * 6 + ["Estate"] * 3 + ["Pasture"])
    # The replaced Coppers go to the pile: 60 - 7 x 2 + 2.
    assert "Pasture" not in g.piles and len(g.piles["Copper"]) == 48


def test_shepherd_discards_victory_cards_for_two_cards_each_and_pasture_scores() -> None:
    g, s = make(["Shepherd"], {"hand": ["Shepherd", "Estate", "Pasture", "Copper"],
                               "deck": ["Silver"] * 6}, {}, answers=[["Estate", "Pasture"]])
    g.play_action("Shepherd")
    assert g.actions == 1 and hand(g, 0) == ["Copper"] + ["Silver"] * 4
    assert set(s.asked[0].option_ids()) == {"Estate", "Pasture"}
    g.play_treasure("Copper")
    assert g.victory_points(g.players[0]) == 1 + 1  # Estate 1, Pasture 1 per Estate


def test_cache_gains_two_coppers_whenever_it_is_gained() -> None:
    g, _ = make(["Cache"], {"hand": ["Gold", "Gold"]}, {})
    g.play_all_treasures()
    g.buy("Cache")
    assert sorted(names(g.players[0].discard)) == ["Cache", "Copper", "Copper"]
    g.gain_card(1, "Cache", to="hand")
    assert hand(g, 1) == ["Cache"] and names(g.players[1].discard) == ["Copper", "Copper"]
