"""Alchemy's Potion-cost Kingdom cards and the Potion, Platinum and Colony setup rules."""

from __future__ import annotations

import random

import pytest
from engine_helpers import hand, make, names

from engine import IllegalMove, SetupError, new_game, registry
from engine.cost import Cost
from engine.setup import colonies_by_randomizer

BASE10 = ["Village", "Smithy", "Market", "Festival", "Laboratory", "Cellar", "Chapel", "Moat",
          "Mine", "Library"]


def test_alchemy_cards_are_registered_with_a_potion_in_their_cost() -> None:
    for name, coins in (("Transmute", 0), ("Familiar", 3), ("University", 2)):
        defn = registry.card(name)
        assert defn.cost == Cost(coins, potion=1) and defn.set_name == "alchemy"
        assert name in registry.kingdom_names()


@pytest.mark.parametrize(("trashed", "gained"), [
    ("Village", ["Duchy"]), ("Silver", ["Transmute"]), ("Estate", ["Gold"]), ("Curse", []),
])
def test_transmute_gains_by_the_type_of_the_trashed_card(trashed: str, gained: list[str]) -> None:
    g, _ = make(["Transmute", "Village"], {"hand": ["Transmute", trashed]}, {})
    g.play_action("Transmute")
    assert names(g.trash) == [trashed]
    assert names(g.players[0].discard) == gained


def test_transmute_with_an_empty_hand_or_empty_pile_gains_nothing() -> None:
    g, _ = make(["Transmute"], {"hand": ["Transmute"]}, {})
    g.play_action("Transmute")
    assert g.trash == [] and g.players[0].discard == []
    g, _ = make(["Transmute"], {"hand": ["Transmute", "Estate"]}, {}, supply={"Gold": 0})
    g.play_action("Transmute")
    assert names(g.trash) == ["Estate"] and g.players[0].discard == []


def test_familiar_draws_gives_an_action_and_curses_the_others_in_turn_order() -> None:
    g, _ = make(["Familiar"], {"hand": ["Familiar"], "deck": ["Gold"]}, {}, {},
                supply={"Curse": 1})
    g.play_action("Familiar")
    assert hand(g, 0) == ["Gold"] and g.actions == 1
    assert names(g.players[1].discard) == ["Curse"] and g.players[2].discard == []


def test_university_gain_is_optional_and_excludes_potion_costs_and_non_actions() -> None:
    g, script = make(["University", "Transmute", "Laboratory", "Gardens"],
                     {"hand": ["University"]}, {}, answers=["Laboratory"])
    g.play_action("University")
    assert g.actions == 2 and names(g.players[0].discard) == ["Laboratory"]
    g, _ = make(["University", "Transmute", "Laboratory"], {"hand": ["University"]}, {},
                answers=[[]])
    g.play_action("University")
    assert g.players[0].discard == []
    for refused in ("Transmute", "Gardens", "University"):
        g, _ = make(["University", "Transmute", "Laboratory", "Gardens"],
                    {"hand": ["University"]}, {}, answers=[refused])
        with pytest.raises(Exception, match=refused):
            g.play_action("University")


def test_buying_a_potion_cost_card_needs_a_potion_and_spends_it() -> None:
    g, _ = make(["Familiar", "Transmute"], {"hand": ["Gold", "Copper", "Potion"]}, {}, buys=2)
    g.play_treasure("Gold")
    g.play_treasure("Copper")
    with pytest.raises(IllegalMove, match="Potion"):
        g.buy("Familiar")
    g.play_treasure("Potion")
    g.buy("Familiar")
    assert (g.coins, g.potions, g.buys) == (1, 0, 1)
    with pytest.raises(IllegalMove, match="Potion"):
        g.buy("Transmute")  # costs 0 coins, but the one Potion is spent


@pytest.mark.parametrize("players", [2, 3, 6])
def test_potion_pile_is_sixteen_whatever_the_player_count(players: int) -> None:
    g = new_game(["University", *BASE10[:9]], players)
    assert len(g.piles["Potion"]) == 16
    assert g.piles["Potion"].supply and not g.piles["Potion"].kingdom


def test_potion_pile_follows_the_black_market_deck_and_bane() -> None:
    assert "Potion" not in new_game(BASE10, 2).piles
    assert "Potion" in new_game(BASE10, 2, black_market=["Familiar", "Witch"]).piles
    assert "Potion" not in new_game(BASE10, 2, black_market=["Witch"]).piles


def test_empty_potion_pile_counts_toward_the_three_pile_ending() -> None:
    g, _ = make(["Transmute", "Village", "Smithy"], {"hand": ["Gold", "Copper"]}, {},
                supply={"Potion": 0, "Village": 0})
    g.play_all_treasures()
    g.buy("Smithy")
    g.end_turn()
    assert not g.over
    g, _ = make(["Transmute", "Village", "Smithy"], {"hand": ["Gold", "Copper"]}, {},
                supply={"Potion": 0, "Village": 0, "Smithy": 1})
    g.play_all_treasures()
    g.buy("Smithy")
    g.end_turn()
    assert g.over


@pytest.mark.parametrize(("players", "colonies"), [(2, 8), (3, 12), (6, 12)])
def test_colonies_by_players_and_twelve_platinum(players: int, colonies: int) -> None:
    g = new_game(BASE10, players, colonies=True)
    assert (len(g.piles["Platinum"]), len(g.piles["Colony"])) == (12, colonies)
    assert not g.piles["Colony"].kingdom and not g.piles["Platinum"].kingdom


def test_random_colonies_all_prosperity_always_and_by_the_randomizer_card() -> None:
    prosperity = ["Watchtower", "King's Court", "Hoard"]
    for seed in range(20):
        piles = new_game(prosperity, 2, seed=seed, colonies="random").piles
        assert "Platinum" in piles and "Colony" in piles
    mixed = [*BASE10[:9], "Hoard"]
    yes = new_game(mixed, 2, colonies="random", colony_randomizer="Hoard").piles
    no = new_game(mixed, 2, colonies="random", colony_randomizer="Smithy").piles
    assert {"Platinum", "Colony"} <= set(yes)
    assert not {"Platinum", "Colony"} & set(no)


def test_random_colonies_follow_the_share_of_prosperity_cards() -> None:
    defs = [registry.card(n) for n in [*BASE10[:7], "Hoard", "Watchtower", "King's Court"]]
    rng = random.Random(5)
    share = sum(colonies_by_randomizer(defs, rng) for _ in range(4000)) / 4000
    assert 0.26 < share < 0.34  # 3 of 10 cards are from Prosperity


def test_colony_options_refuse_bad_input() -> None:
    with pytest.raises(SetupError, match="true, false or 'random'"):
        new_game(BASE10, 2, colonies="sometimes")
    with pytest.raises(SetupError, match="true, false or 'random'"):
        new_game(BASE10, 2, colonies=1)  # type: ignore[arg-type]
    with pytest.raises(SetupError, match="not a Kingdom card in this game"):
        new_game(BASE10, 2, colonies="random", colony_randomizer="Hoard")
    with pytest.raises(SetupError, match="only used with"):
        new_game(BASE10, 2, colonies=True, colony_randomizer="Smithy")


def test_colony_pile_running_out_ends_the_game_and_colony_is_ten_vp() -> None:
    g, _ = make(["Village"], {"hand": ["Platinum", "Platinum", "Copper"]}, {"discard": ["Duchy"]},
                colonies=True, supply={"Colony": 1})
    g.play_all_treasures()
    g.buy("Colony")
    g.end_turn()
    assert g.over and g.victory_points(g.players[0]) == 10
    assert g.result().winners == [0]
