"""Plunder Kingdom cards (first edition), including the FAQ interactions."""

from __future__ import annotations

from engine_helpers import deck, hand, make, names


def test_longship_two_actions_now_two_cards_next_turn_then_discarded() -> None:
    g, _ = make(["Longship"], {"hand": ["Longship"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10})
    g.play_action("Longship")
    assert g.actions == 2 and g.players[0].hand == []
    g.end_turn()
    assert names(g.players[0].in_play) == ["Longship"]
    g.end_turn()  # player 2
    assert len(g.players[0].hand) == 7
    g.end_turn()
    assert g.players[0].in_play == [] and "Longship" in names(g.players[0].discard)


def test_crew_draws_three_then_goes_onto_the_deck_next_turn() -> None:
    g, _ = make(["Crew"], {"hand": ["Crew"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10})
    g.play_action("Crew")
    assert len(g.players[0].hand) == 3
    g.end_turn()
    g.end_turn()
    assert g.players[0].in_play == [] and deck(g, 0)[0] == "Crew"


def test_swamp_shacks_counts_itself_and_rounds_down() -> None:
    g, _ = make(["Swamp Shacks", "Village"],
                {"hand": ["Village", "Swamp Shacks"], "in_play": ["Copper"] * 6,
                 "deck": ["Silver"] * 5}, {})
    g.play_action("Village")
    g.play_action("Swamp Shacks")  # 8 cards in play: +2 Cards
    assert hand(g, 0) == ["Silver"] * 3 and g.actions == 3


def test_swamp_shacks_alone_draws_nothing() -> None:
    g, _ = make(["Swamp Shacks"], {"hand": ["Swamp Shacks"], "deck": ["Silver"] * 5}, {})
    g.play_action("Swamp Shacks")
    assert g.players[0].hand == [] and g.actions == 2


def test_pilgrim_may_put_back_a_card_not_just_drawn() -> None:
    g, _ = make(["Pilgrim"], {"hand": ["Pilgrim", "Gold"], "deck": ["Copper"] * 5}, {},
                answers=["Gold"])
    g.play_action("Pilgrim")
    assert hand(g, 0) == ["Copper"] * 4 and deck(g, 0) == ["Gold", "Copper"]


def test_maroon_draws_two_per_type() -> None:
    g, _ = make(["Maroon", "Rope"], {"hand": ["Maroon", "Rope", "Estate"],
                                     "deck": ["Copper"] * 6}, {}, answers=["Rope"])
    g.play_action("Maroon")
    assert names(g.trash) == ["Rope"] and hand(g, 0) == ["Copper"] * 4 + ["Estate"]


def test_maroon_with_empty_hand_does_nothing() -> None:
    g, _ = make(["Maroon"], {"hand": ["Maroon"], "deck": ["Copper"] * 6}, {})
    g.play_action("Maroon")
    assert g.trash == [] and g.players[0].hand == []


def test_pendant_counts_differently_named_treasures_including_itself() -> None:
    g, _ = make(["Pendant", "Rope"], {"hand": ["Copper", "Copper", "Copper", "Pendant"],
                                      "in_play": ["Rope"], "durations": ["Rope"]}, {})
    g.play_treasure("Copper")
    g.play_treasure("Copper")
    g.play_treasure("Copper")
    g.play_treasure("Pendant")  # 3 Coppers + one per name: Copper, Rope, Pendant
    assert g.coins == 6


def test_silver_mine_gains_a_cheaper_treasure_to_hand() -> None:
    g, s = make(["Silver Mine", "Rope"], {"hand": ["Silver Mine"]}, {}, answers=["Rope"])
    g.play_treasure("Silver Mine")
    assert hand(g, 0) == ["Rope"] and g.coins == 0
    opts = {o.id for o in s.asked[0].options}
    assert opts == {"Copper", "Silver", "Rope"}  # not Silver Mine (5), Gold, Potion...


def test_figurine_may_discard_an_action_for_buy_and_coin() -> None:
    g, _ = make(["Figurine", "Village"], {"hand": ["Figurine"], "deck": ["Village", "Copper"]},
                {}, answers=["Village"])
    g.play_treasure("Figurine")
    assert hand(g, 0) == ["Copper"] and g.coins == 1 and g.buys == 2
    assert names(g.players[0].discard) == ["Village"]


def test_figurine_decline_keeps_the_action() -> None:
    g, _ = make(["Figurine", "Village"], {"hand": ["Figurine"], "deck": ["Village", "Copper"]},
                {}, answers=[[]])
    g.play_treasure("Figurine")
    assert hand(g, 0) == ["Copper", "Village"] and g.coins == 0 and g.buys == 1


def test_rope_draws_then_may_trash_next_turn() -> None:
    g, _ = make(["Rope"], {"hand": ["Rope"], "deck": ["Copper"] * 5 + ["Estate"]},
                {"deck": ["Estate"] * 10}, answers=["Estate"])
    g.play_treasure("Rope")
    assert g.coins == 1 and g.buys == 2
    g.end_turn()
    g.end_turn()
    assert names(g.trash) == ["Estate"] and hand(g, 0) == ["Copper"] * 5


def test_tools_gains_a_copy_of_any_card_in_play_including_itself() -> None:
    g, _ = make(["Tools", "Longship"], {"hand": ["Tools"]},
                {"in_play": ["Longship"], "durations": ["Longship"]}, answers=["Longship"])
    g.play_treasure("Tools")
    assert names(g.players[0].discard) == ["Longship"]
    g2, _ = make(["Tools"], {"hand": ["Tools"]}, {}, answers=["Tools"])
    g2.play_treasure("Tools")
    assert names(g2.players[0].discard) == ["Tools"]


def test_crucible_coins_equal_the_trashed_cards_cost() -> None:
    g, _ = make(["Crucible"], {"hand": ["Crucible", "Estate", "Gold"]}, {}, answers=["Gold"])
    g.play_treasure("Crucible")
    assert g.coins == 6 and names(g.trash) == ["Gold"]


def test_crucible_potion_in_cost_gives_nothing_for_it() -> None:
    g, _ = make(["Crucible", "Familiar"], {"hand": ["Crucible", "Familiar"]}, {})
    g.play_treasure("Crucible")
    assert g.coins == 3 and names(g.trash) == ["Familiar"]


def test_cabin_boy_coins_or_trash_for_a_duration() -> None:
    g, _ = make(["Cabin Boy", "Longship"], {"hand": ["Cabin Boy"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10}, answers=["trash", "Cabin Boy"])
    g.play_action("Cabin Boy")
    assert g.actions == 1 and len(g.players[0].hand) == 1
    g.end_turn()
    g.end_turn()
    assert names(g.trash) == ["Cabin Boy"] and names(g.players[0].discard)[-1] == "Cabin Boy"
    g2, _ = make(["Cabin Boy"], {"hand": ["Cabin Boy"], "deck": ["Copper"] * 20},
                 {"deck": ["Estate"] * 10}, answers=["coins"])
    g2.play_action("Cabin Boy")
    g2.end_turn()
    g2.end_turn()
    assert g2.coins == 2 and names(g2.players[0].in_play) == ["Cabin Boy"]


def test_buried_treasure_is_played_when_gained() -> None:
    g, _ = make(["Buried Treasure"], {"deck": ["Copper"] * 20}, {"deck": ["Estate"] * 10},
                phase="buy", coins=5)
    g.buy("Buried Treasure")
    assert names(g.players[0].in_play) == ["Buried Treasure"] and g.coins == 0
    g.end_turn()
    assert names(g.players[0].in_play) == ["Buried Treasure"]
    g.end_turn()
    assert g.coins == 3 and g.buys == 2


def test_enlarge_now_and_next_turn() -> None:
    g, _ = make(["Enlarge"], {"hand": ["Enlarge", "Estate"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10}, answers=["Silver", "Copper", "Estate"])
    g.play_action("Enlarge")
    assert names(g.players[0].discard) == ["Silver"]
    g.end_turn()
    g.end_turn()
    assert names(g.trash) == ["Estate", "Copper"]


def test_first_mate_plays_same_name_copies_then_draws_to_six() -> None:
    g, _ = make(["First Mate", "Village"],
                {"hand": ["First Mate", "Village", "Village", "Smithy"],
                 "deck": ["Copper"] * 10}, {}, answers=["Village", "Village", []])
    g.play_action("First Mate")
    assert g.actions == 4 and len(g.players[0].hand) == 6
    assert names(g.players[0].in_play) == ["First Mate", "Village", "Village"]


def test_first_mate_without_actions_still_draws() -> None:
    g, _ = make(["First Mate"], {"hand": ["First Mate", "Estate"], "deck": ["Copper"] * 10}, {})
    g.play_action("First Mate")
    assert len(g.players[0].hand) == 6


def test_kings_cache_plays_a_treasure_three_times() -> None:
    g, _ = make(["King's Cache"], {"hand": ["King's Cache", "Gold"]}, {}, answers=["Gold"])
    g.play_treasure("King's Cache")
    assert g.coins == 9


def test_fortune_hunter_plays_a_treasure_from_the_top_three() -> None:
    g, _ = make(["Fortune Hunter"], {"hand": ["Fortune Hunter"],
                                     "deck": ["Estate", "Gold", "Copper", "Duchy"]}, {},
                answers=["Gold", ["Copper", "Estate"]])
    g.play_action("Fortune Hunter")
    assert g.coins == 5 and deck(g, 0) == ["Copper", "Estate", "Duchy"]
    assert names(g.players[0].in_play) == ["Fortune Hunter", "Gold"]


def test_gondola_now_or_next_turn_and_play_action_on_gain() -> None:
    g, _ = make(["Gondola", "Village"], {"hand": ["Gondola", "Gondola"],
                                         "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10}, answers=["now", "next"])
    g.play_treasure("Gondola")
    g.play_treasure("Gondola")
    assert g.coins == 2
    g.end_turn()
    assert names(g.players[0].in_play) == ["Gondola"]
    g.end_turn()
    assert g.coins == 2
    g2, _ = make(["Gondola", "Village"], {"hand": ["Village"], "deck": ["Copper"] * 5}, {},
                 answers=["Village"], phase="buy", coins=4)
    g2.buy("Gondola")
    assert names(g2.players[0].in_play) == ["Village"] and g2.actions == 3


def test_secluded_shrine_waits_for_a_treasure_gain_then_is_discarded() -> None:
    g, _ = make(["Secluded Shrine"], {"hand": ["Secluded Shrine", "Estate", "Estate", "Copper"],
                                      "deck": ["Copper"] * 20}, {"deck": ["Estate"] * 10},
                answers=[["Estate", "Estate"]])
    g.play_action("Secluded Shrine")
    assert g.coins == 1
    g.gain_card(0, "Silver")
    assert names(g.trash) == ["Estate", "Estate"]
    g.end_turn()
    assert "Secluded Shrine" in names(g.players[0].discard)


def test_secluded_shrine_stays_in_play_until_it_fires() -> None:
    g, _ = make(["Secluded Shrine"], {"hand": ["Secluded Shrine"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10})
    g.play_action("Secluded Shrine")
    g.end_turn()
    g.end_turn()
    g.end_turn()
    assert names(g.players[0].in_play) == ["Secluded Shrine"]


def test_abundance_on_next_action_gain() -> None:
    g, _ = make(["Abundance", "Village"], {"hand": ["Abundance"]}, {})
    g.play_treasure("Abundance")
    assert g.coins == 0
    g.gain_card(0, "Silver")
    assert g.coins == 0
    g.gain_card(0, "Village")
    assert (g.coins, g.buys) == (3, 2)
    g.gain_card(0, "Village")
    assert (g.coins, g.buys) == (3, 2)


def test_taskmaster_repeats_after_a_five_cost_gain() -> None:
    g, _ = make(["Taskmaster", "Laboratory"], {"hand": ["Taskmaster"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10})
    g.play_action("Taskmaster")
    assert (g.actions, g.coins) == (1, 1)
    g.gain_card(0, "Laboratory")
    g.end_turn()
    assert names(g.players[0].in_play) == ["Taskmaster"]
    g.end_turn()
    assert (g.actions, g.coins) == (2, 1)
    g.end_turn()  # no 5-cost gain: discarded
    assert g.players[0].in_play == []


def test_taskmaster_ignores_gains_before_it_was_played() -> None:
    g, _ = make(["Taskmaster", "Laboratory"], {"hand": ["Taskmaster"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10})
    g.gain_card(0, "Laboratory")
    g.play_action("Taskmaster")
    g.end_turn()
    assert g.players[0].in_play == []


def test_mining_road_plays_a_gained_treasure_once() -> None:
    g, _ = make(["Mining Road"], {"hand": ["Mining Road"]}, {}, answers=["yes"])
    g.play_action("Mining Road")
    g.gain_card(0, "Gold")
    assert g.coins == 5 and names(g.players[0].in_play) == ["Mining Road", "Gold"]
    g.gain_card(0, "Gold")
    assert g.coins == 5 and names(g.players[0].discard) == ["Gold"]


def test_siren_curses_and_draws_to_eight_and_is_trashed_on_gain_without_action() -> None:
    g, _ = make(["Siren"], {"hand": ["Siren"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10})
    g.play_action("Siren")
    assert names(g.players[1].discard) == ["Curse"]
    g.end_turn()
    g.end_turn()
    assert len(g.players[0].hand) == 8
    g.gain_card(0, "Siren")
    assert names(g.trash) == ["Siren"]


def test_siren_kept_by_trashing_an_action() -> None:
    g, _ = make(["Siren", "Village"], {"hand": ["Village"]}, {}, answers=["Village"])
    g.gain_card(0, "Siren")
    assert names(g.trash) == ["Village"] and names(g.players[0].discard) == ["Siren"]


# ------------------------------------------------------------------------ Loot
def test_loot_pile_is_shuffled_non_supply_two_of_each_when_a_card_uses_it() -> None:
    from engine import new_game

    g = new_game(["Sack of Loot", "Village", "Smithy", "Market", "Festival", "Moat", "Cellar",
                  "Chapel", "Witch", "Mine"], 2, seed=3)
    pile = g.piles["Loot"]
    assert not pile.supply and len(pile.cards) == 30
    assert sorted(set(names(pile.cards))) == sorted(
        n for n, d in __import__("engine").registry.all_cards().items() if d.kind == "loot")
    assert "Loot" not in new_game(["Village", "Smithy", "Market", "Festival", "Moat", "Cellar",
                                   "Chapel", "Witch", "Mine", "Moneylender"], 2).piles


def test_sack_of_loot_gains_the_top_loot_revealed() -> None:
    g, _ = make(["Sack of Loot"], {"hand": ["Sack of Loot"]}, {},
                supply={"Loot": ["Hammer", "Sword"]}, log=True)
    g.play_treasure("Sack of Loot")
    assert names(g.players[0].discard) == ["Hammer"] and (g.coins, g.buys) == (1, 2)
    assert g.can_buy("Loot") is not None


def test_doubloons_gains_a_gold() -> None:
    g, _ = make(["Sack of Loot"], {"hand": ["Sack of Loot"]}, {}, supply={"Loot": ["Doubloons"]})
    g.play_treasure("Sack of Loot")
    assert names(g.players[0].discard) == ["Doubloons", "Gold"]


def test_jewelled_egg_trasher_gets_the_loot() -> None:
    g, _ = make(["Jewelled Egg", "Chapel"], {"hand": ["Chapel"]}, {"hand": ["Jewelled Egg"]},
                supply={"Loot": ["Hammer"]})
    g.trash_from_hand(1, "Jewelled Egg")
    assert names(g.players[1].discard) == ["Hammer"]


def test_pickaxe_loot_to_hand_only_for_cost_three_or_more() -> None:
    g, _ = make(["Pickaxe"], {"hand": ["Pickaxe", "Silver", "Estate"]}, {},
                supply={"Loot": ["Hammer", "Sword"]}, answers=["Silver"])
    g.play_treasure("Pickaxe")
    assert hand(g, 0) == ["Estate", "Hammer"]
    g2, _ = make(["Pickaxe"], {"hand": ["Pickaxe", "Estate"]}, {},
                 supply={"Loot": ["Hammer"]})
    g2.play_treasure("Pickaxe")
    assert hand(g2, 0) == [] and names(g2.trash) == ["Estate"]


def test_wealthy_village_needs_three_treasure_names_in_play() -> None:
    g, _ = make(["Wealthy Village"], {"hand": ["Copper", "Silver", "Gold"]}, {},
                supply={"Loot": ["Hammer"]})
    g.play_all_treasures()
    g.buy("Wealthy Village")
    assert names(g.players[0].discard) == ["Wealthy Village", "Hammer"]


def test_cutthroat_loot_fires_another_cutthroat() -> None:
    g, _ = make(["Cutthroat"], {"hand": ["Cutthroat"], "deck": ["Copper"] * 10},
                {"hand": ["Copper"] * 5, "in_play": ["Cutthroat"], "durations": ["Cutthroat"]},
                supply={"Loot": ["Hammer", "Sword", "Orb"]}, answers=[["Copper", "Copper"]])
    g.play_action("Cutthroat")
    assert len(g.players[1].hand) == 3
    g.gain_card(1, "Gold")  # both fire: player 2's, then player 1's Loot fires nothing more
    assert sorted(names(g.players[0].discard) + names(g.players[1].discard)) == sorted(
        ["Copper", "Copper", "Gold", "Hammer", "Sword"])


def test_search_trashes_itself_and_gains_loot_when_a_pile_empties() -> None:
    g, _ = make(["Search", "Village"], {"hand": ["Search"]}, {},
                supply={"Loot": ["Hammer"], "Village": 1})
    g.play_action("Search")
    assert g.coins == 2
    g.gain_card(1, "Village")
    assert names(g.trash) == ["Search"] and names(g.players[0].discard) == ["Hammer"]


def test_endless_chalice_stays_in_play_giving_a_buy_each_turn() -> None:
    g, _ = make(["Sack of Loot"], {"hand": ["Endless Chalice"], "deck": ["Copper"] * 30},
                {"deck": ["Estate"] * 30})
    g.play_treasure("Endless Chalice")
    assert (g.coins, g.buys) == (1, 2)
    for _ in range(4):
        g.end_turn()
    assert g.buys == 2 and names(g.players[0].in_play) == ["Endless Chalice"]


def test_puzzle_box_card_returns_after_the_new_hand() -> None:
    g, _ = make(["Sack of Loot"], {"hand": ["Puzzle Box", "Gold"], "deck": ["Copper"] * 10},
                {}, answers=["Gold"])
    g.play_treasure("Puzzle Box")
    g.end_turn()
    assert hand(g, 0) == ["Copper"] * 5 + ["Gold"]


def test_spell_scroll_trashes_itself_gains_cheaper_and_may_play_it() -> None:
    g, _ = make(["Sack of Loot", "Village"], {"hand": ["Spell Scroll"], "deck": ["Copper"]},
                {}, answers=["Village", "yes"])
    g.play_action("Spell Scroll")
    assert names(g.trash) == ["Spell Scroll"] and g.actions == 2
    assert names(g.players[0].in_play) == ["Village"]


def test_shield_blocks_sword() -> None:
    g, _ = make(["Sack of Loot"], {"hand": ["Sword"]},
                {"hand": ["Shield", "Copper", "Copper", "Copper", "Copper"]}, answers=["Shield"])
    g.play_treasure("Sword")
    assert len(g.players[1].hand) == 5 and (g.coins, g.buys) == (3, 2)


# ---------------------------------------------------------------------- Events
def test_events_needing_loot_set_up_the_loot_pile() -> None:
    g, _ = make(["Village"], {}, {}, events=["Looting"])
    assert "Loot" in g.piles and not g.piles["Loot"].supply


def test_looting_and_peril_gain_loot() -> None:
    g, _ = make(["Village"], {"hand": ["Village"]}, {}, events=["Looting", "Peril"],
                supply={"Loot": ["Hammer", "Sword"]}, coins=8, buys=2, answers=["Village"])
    g.buy_event("Looting")
    g.buy_event("Peril")
    assert names(g.players[0].discard) == ["Hammer", "Sword"] and names(g.trash) == ["Village"]


def test_foray_needs_three_different_names() -> None:
    g, _ = make(["Village"], {"hand": ["Copper", "Copper", "Estate"]}, {}, events=["Foray"],
                supply={"Loot": ["Hammer"]}, coins=3)
    g.buy_event("Foray")
    assert sorted(names(g.players[0].discard)) == ["Copper", "Copper", "Estate"]


def test_scrounge_estate_from_trash_then_a_card() -> None:
    g, _ = make(["Village"], {}, {}, events=["Scrounge"], trash=["Estate"], coins=3,
                answers=["estate", "Village"])
    g.buy_event("Scrounge")
    assert names(g.players[0].discard) == ["Estate", "Village"] and g.trash == []


def test_bury_puts_a_discarded_card_on_the_bottom() -> None:
    g, _ = make(["Village"], {"discard": ["Gold", "Estate"], "deck": ["Copper"]}, {},
                events=["Bury"], coins=1, answers=["Gold"])
    g.buy_event("Bury")
    assert deck(g, 0) == ["Copper", "Gold"] and g.buys == 1


def test_maelstrom_others_with_five_trash_one() -> None:
    g, _ = make(["Village"], {"hand": ["Copper", "Estate", "Estate", "Curse"]},
                {"hand": ["Copper"] * 5}, {"hand": ["Copper"] * 4}, events=["Maelstrom"],
                coins=4, answers=[["Estate", "Estate", "Curse"], "Copper"])
    g.buy_event("Maelstrom")
    assert len(g.players[1].hand) == 4 and len(g.players[2].hand) == 4
    assert sorted(names(g.trash)) == ["Copper", "Curse", "Estate", "Estate"]


def test_prosper_loot_then_differently_named_treasures() -> None:
    g, _ = make(["Village"], {}, {}, events=["Prosper"], supply={"Loot": ["Hammer"]},
                coins=10, answers=["Gold", "Silver", None])
    g.buy_event("Prosper")
    assert names(g.players[0].discard) == ["Hammer", "Gold", "Silver"]


def test_mirror_and_rush() -> None:
    # Both wait for the same gain: their owner orders them (Mirror's copy first here).
    g, _ = make(["Village"], {"deck": ["Copper"] * 3}, {}, events=["Mirror", "Rush"],
                coins=8, buys=3, answers=["Mirror"])
    g.buy_event("Mirror")
    g.buy_event("Rush")
    g.buy("Village")
    assert names(g.players[0].in_play) == ["Village"]
    assert names(g.players[0].discard) == ["Village"]


def test_deliver_sets_gains_aside_until_end_of_turn() -> None:
    g, _ = make(["Village"], {"deck": ["Copper"] * 5}, {}, events=["Deliver"], coins=5)
    g.buy_event("Deliver")
    g.buy("Silver")
    assert names(g.players[0].set_aside) == ["Silver"]
    g.end_turn()
    assert hand(g, 0) == ["Copper"] * 5 + ["Silver"]


def test_invasion_in_order() -> None:
    g, _ = make(["Village", "Militia"], {"hand": ["Militia"], "deck": ["Copper"]},
                {"hand": ["Copper"] * 5}, events=["Invasion"], supply={"Loot": ["Hammer"]},
                coins=10, answers=["Militia", ["Copper", "Copper"], "Village", "Estate"])
    g.buy_event("Invasion")
    assert deck(g, 0) == ["Village", "Copper"]
    assert names(g.players[0].discard) == ["Duchy", "Estate"]
    assert names(g.players[0].in_play) == ["Militia", "Hammer"] and g.coins == 5


# ---------------------------------------------------------------------- Traits
def test_cheap_costs_one_less_not_below_zero_and_not_potion() -> None:
    g, _ = make(["Village", "Familiar", "Cellar"], {}, {},
                traits={"Cheap": "Village"})
    assert g.cost(g.piles["Village"].top).coins == 2
    g2, _ = make(["Familiar"], {}, {}, traits={"Cheap": "Familiar"})
    fam = g2.cost(g2.piles["Familiar"].top)
    assert (fam.coins, fam.potion) == (2, 1)


def test_traits_on_gain() -> None:
    g, _ = make(["Village", "Smithy"], {}, {}, traits={"Rich": "Village", "Nearby": "Smithy"})
    g.gain_card(0, "Village")
    g.gain_card(0, "Smithy")
    assert names(g.players[0].discard) == ["Village", "Silver", "Smithy"] and g.buys == 2


def test_cursed_gains_loot_and_curse_and_fawning_follows_province() -> None:
    g, _ = make(["Village", "Smithy"], {}, {}, traits={"Cursed": "Village", "Fawning": "Smithy"},
                supply={"Loot": ["Hammer"]})
    g.gain_card(0, "Village")
    g.gain_card(0, "Province")
    assert names(g.players[0].discard) == ["Village", "Hammer", "Curse", "Province", "Smithy"]


def test_trait_setup_rules() -> None:
    import pytest

    from engine import SetupError, new_game

    with pytest.raises(SetupError):
        new_game(["Village", "Smithy"], 2, traits={"Rich": "Village", "Cheap": "Village"})
    with pytest.raises(SetupError):
        new_game(["Village", "Smithy"], 2, traits={"Rich": "Silver"})
    g = new_game(["Village", "Gardens"], 2, traits={"Rich": "random"})
    assert g.traits == {"Rich": "Village"}


# ------------------------------------------------------------- play watchers
def test_harbor_village_bonus_after_next_action_with_coins() -> None:
    g, _ = make(["Harbor Village", "Woodcutter"],
                {"hand": ["Harbor Village", "Woodcutter"], "deck": ["Copper"]}, {})
    g.play_action("Harbor Village")
    g.play_action("Woodcutter")
    assert g.coins == 3


def test_flagship_replays_the_next_non_command_action() -> None:
    g, _ = make(["Flagship", "Smithy"], {"hand": ["Flagship", "Smithy"], "deck": ["Copper"] * 8},
                {}, actions=2)
    g.play_action("Flagship")
    g.play_action("Smithy")
    assert len(g.players[0].hand) == 6 and g.coins == 2


def test_landing_party_goes_on_deck_after_first_treasure() -> None:
    g, _ = make(["Landing Party"], {"hand": ["Landing Party"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10})
    g.play_action("Landing Party")
    g.end_turn()
    g.end_turn()
    assert names(g.players[0].in_play) == ["Landing Party"]
    g.play_treasure("Copper")
    assert deck(g, 0)[0] == "Landing Party"


def test_frigate_until_next_turn() -> None:
    g, _ = make(["Frigate", "Village"], {"hand": ["Frigate"], "deck": ["Copper"] * 20},
                {"hand": ["Village", "Copper", "Copper", "Copper", "Copper", "Estate"],
                 "deck": ["Copper"] * 10}, answers=[["Estate", "Copper"]])
    g.play_action("Frigate")
    g.end_turn()
    g.play_action("Village")
    assert len(g.players[1].hand) == 4
    g.end_turn()
    assert g.play_watchers == []


def test_treasures_with_plus_buy_keep_it_when_all_treasures_are_played_at_once() -> None:
    g, _ = make(["Jewelled Egg"], {"hand": ["Jewelled Egg", "Copper", "Shield"]}, {})
    g.play_all_treasures()
    assert (g.coins, g.buys) == (5, 3)


def test_shaman_trashes_and_every_turn_gains_from_the_trash() -> None:
    g, _ = make(["Shaman"], {"hand": ["Shaman", "Estate"], "deck": ["Copper"] * 10},
                {"deck": ["Copper"] * 10}, answers=["Estate"])
    g.play_action("Shaman")
    assert (g.actions, g.coins) == (1, 1) and names(g.trash) == ["Estate"]
    g.end_turn()
    assert names(g.players[1].discard) == ["Estate"] and g.trash == []


# ------------------------------------------------------------ set aside on this
def test_grotto_and_cage_and_quartermaster_keep_their_own_cards() -> None:
    g, _ = make(["Grotto"], {"hand": ["Grotto", "Grotto", "Estate", "Curse"],
                             "deck": ["Copper"] * 20}, {"deck": ["Estate"] * 10},
                answers=[["Estate"], ["Curse"]])
    g.play_action("Grotto")
    g.play_action("Grotto")
    assert names(g.players[0].mats["Grotto"]) == ["Estate", "Curse"]
    g.end_turn()
    g.end_turn()
    assert len(g.players[0].hand) == 7 and g.players[0].mats["Grotto"] == []
    g2, _ = make(["Quartermaster"], {"hand": ["Quartermaster"], "deck": ["Copper"] * 20},
                 {"deck": ["Estate"] * 20}, answers=["Silver", "take"])
    g2.play_action("Quartermaster")
    for _ in range(4):
        g2.end_turn()
    assert "Silver" in names(g2.players[0].hand)


def test_mapmaker_and_stowaway_played_from_hand_on_anyones_gain() -> None:
    g, _ = make(["Mapmaker", "Stowaway", "Longship"], {},
                {"hand": ["Mapmaker", "Stowaway"], "deck": ["Copper"] * 6},
                answers=["Mapmaker", ["Copper", "Copper"], "Stowaway"])
    g.gain_card(0, "Estate")
    g.gain_card(0, "Longship")
    assert names(g.players[1].in_play) == ["Mapmaker", "Stowaway"]
    assert hand(g, 1) == ["Copper", "Copper"]


def test_journey_keeps_play_and_gives_an_extra_turn_once() -> None:
    g, _ = make(["Village"], {"hand": ["Copper", "Copper", "Copper", "Copper"],
                              "deck": ["Copper"] * 20}, {"deck": ["Estate"] * 10},
                events=["Journey"])
    g.play_all_treasures()
    g.buy_event("Journey")
    g.end_turn()
    assert g.current == 0 and g.is_extra_turn and len(g.players[0].in_play) == 4
    g.end_turn()
    assert g.current == 1 and g.players[0].in_play == []


def test_avoid_keeps_cards_out_of_one_shuffle_only() -> None:
    g, _ = make(["Village"], {"hand": ["Estate"], "discard": ["Copper", "Copper"]}, {},
                events=["Avoid"], coins=2, answers=[["Estate"]])
    g.buy_event("Avoid")
    g.end_turn()
    assert names(g.players[0].discard) == ["Estate"] and len(g.players[0].hand) == 2


def test_reckless_hasty_and_tireless() -> None:
    g, _ = make(["Smithy", "Village"], {"hand": ["Smithy"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10}, traits={"Reckless": "Smithy", "Hasty": "Village"})
    g.play_action("Smithy")
    assert len(g.players[0].hand) == 6
    g.gain_card(0, "Village")
    assert names(g.players[0].set_aside) == ["Village"]
    g.end_turn()
    assert g.piles["Smithy"].cards[-1].name == "Smithy" and len(g.piles["Smithy"].cards) == 11
    g.end_turn()
    assert names(g.players[0].in_play) == ["Village"] and g.actions == 3


def test_fated_cards_go_on_top_or_bottom_at_a_shuffle() -> None:
    g, _ = make(["Village"], {"discard": ["Copper", "Village", "Copper"]}, {},
                traits={"Fated": "Village"}, answers=["bottom"])
    g.draw_cards(0, 1)
    assert deck(g, 0)[-1] == "Village" and hand(g, 0) == ["Copper"]


def test_inherited_replaces_a_starting_card_in_turn_order() -> None:
    from engine import ScriptedProvider, new_game

    script = ScriptedProvider(["Estate", "Copper"])
    g = new_game(["Village", "Smithy"], 2, traits={"Inherited": "Smithy"}, providers=[script])
    assert [d.player for d in script.asked] == [0, 1]
    assert len(g.piles["Smithy"].cards) == 8 and len(g.piles["Copper"].cards) == 47
    assert sum(c.name == "Smithy" for c in g.players[0].all_cards()) == 1
    assert sum(c.name == "Estate" for c in g.players[0].all_cards()) == 2


def test_a_reckless_card_with_no_pile_in_the_game_stays_to_be_discarded() -> None:
    """Band of Misfits from the Black Market (no pile of its own) played as a Reckless
    Village: Reckless would return it to its pile, there is none, so it stays in play
    and Clean-up discards it (random game 84070 of the fuzz's seed 0 crashed here)."""
    g, _ = make(["Village"], {"hand": ["Band of Misfits"], "deck": ["Copper"] * 10},
                {"deck": ["Estate"] * 10}, traits={"Reckless": "Village"},
                answers=["Village"])
    assert "Band of Misfits" not in g.piles
    g.play_action("Band of Misfits")
    assert g.actions == 4  # Village's +2 Actions, twice
    g.end_turn()
    assert "Band of Misfits" in names(g.players[0].discard)
    assert len(g.piles["Village"].cards) == 10
