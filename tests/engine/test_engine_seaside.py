"""Seaside (first edition) Kingdom cards, including the FAQ interactions."""

from __future__ import annotations

from engine_helpers import deck, hand, make, names

COPPERS = ["Copper"] * 20


def test_bazaar_card_two_actions_coin() -> None:
    g, _ = make(["Bazaar"], {"hand": ["Bazaar"], "deck": ["Silver"]}, {})
    g.play_action("Bazaar")
    assert (g.actions, g.coins, hand(g, 0)) == (2, 1, ["Silver"])


def test_caravan_draws_now_and_at_next_turn_start_then_leaves_play() -> None:
    g, _ = make(["Caravan"], {"hand": ["Caravan"], "deck": ["Gold"] + COPPERS},
                {"deck": ["Estate"] * 10})
    g.play_action("Caravan")
    assert hand(g, 0) == ["Gold"] and g.actions == 1
    g.end_turn()
    assert names(g.players[0].in_play) == ["Caravan"]
    assert len(g.players[0].hand) == 5
    g.end_turn()
    assert len(g.players[0].hand) == 6
    g.end_turn()
    assert g.players[0].in_play == [] and "Caravan" in names(g.players[0].discard)


def test_fishing_village_two_actions_now_one_next_turn() -> None:
    g, _ = make(["Fishing Village"], {"hand": ["Fishing Village"], "deck": COPPERS},
                {"deck": ["Estate"] * 10})
    g.play_action("Fishing Village")
    assert (g.actions, g.coins) == (2, 1)
    g.end_turn()
    g.end_turn()
    assert (g.actions, g.coins) == (2, 1)
    assert names(g.players[0].in_play) == ["Fishing Village"]


def test_merchant_ship_two_coins_now_and_next_turn() -> None:
    g, _ = make(["Merchant Ship"], {"hand": ["Merchant Ship"], "deck": COPPERS},
                {"deck": ["Estate"] * 10})
    g.play_action("Merchant Ship")
    assert g.coins == 2
    g.end_turn()
    g.end_turn()
    assert g.coins == 2


def test_warehouse_discards_three_of_whole_hand() -> None:
    g, s = make(["Warehouse"], {"hand": ["Warehouse", "Estate", "Estate"],
                                "deck": ["Gold", "Copper", "Copper"]}, {},
                answers=[["Estate", "Estate", "Copper"]])
    g.play_action("Warehouse")
    assert hand(g, 0) == ["Copper", "Gold"] and g.actions == 1
    assert {o for o in s.asked[0].option_ids()} == {"Estate", "Gold", "Copper"}


def test_warehouse_short_deck_still_discards_three() -> None:
    g, _ = make(["Warehouse"], {"hand": ["Warehouse", "Estate", "Estate"],
                                "deck": ["Gold"]}, {})
    g.play_action("Warehouse")
    assert hand(g, 0) == [] and sorted(names(g.players[0].discard)) == [
        "Estate", "Estate", "Gold"]


def test_salvager_trash_gives_cost_and_buy_empty_hand_only_buy() -> None:
    g, _ = make(["Salvager"], {"hand": ["Salvager", "Gold", "Estate"]}, {}, answers=["Gold"])
    g.play_action("Salvager")
    assert (g.coins, g.buys, names(g.trash)) == (6, 2, ["Gold"])
    g, _ = make(["Salvager"], {"hand": ["Salvager"]}, {})
    g.play_action("Salvager")
    assert (g.coins, g.buys, g.trash) == (0, 2, [])


def test_cutpurse_discards_one_copper_or_reveals_hand() -> None:
    g, _ = make(["Cutpurse"], {"hand": ["Cutpurse"]},
                {"hand": ["Copper", "Copper", "Estate"]}, {"hand": ["Estate", "Silver"]},
                log=True)
    g.play_action("Cutpurse")
    assert g.coins == 2
    assert hand(g, 1) == ["Copper", "Estate"] and names(g.players[1].discard) == ["Copper"]
    assert hand(g, 2) == ["Estate", "Silver"] and g.players[2].discard == []


def test_explorer_province_optional_gold_or_silver_to_hand() -> None:
    g, _ = make(["Explorer"], {"hand": ["Explorer", "Province"]}, {}, answers=["yes"])
    g.play_action("Explorer")
    assert hand(g, 0) == ["Gold", "Province"]
    g, _ = make(["Explorer"], {"hand": ["Explorer", "Province"]}, {}, answers=["no"])
    g.play_action("Explorer")
    assert hand(g, 0) == ["Province", "Silver"]
    g, s = make(["Explorer"], {"hand": ["Explorer"]}, {})
    g.play_action("Explorer")
    assert hand(g, 0) == ["Silver"] and s.asked == []
    assert deck(g, 0) == []


def test_sea_hag_discards_top_then_curse_on_deck_in_turn_order() -> None:
    g, _ = make(["Sea Hag"], {"hand": ["Sea Hag"]}, {"deck": ["Gold", "Copper"]},
                {"discard": ["Silver"]}, {}, supply={"Curse": 2})
    g.play_action("Sea Hag")
    assert deck(g, 1) == ["Curse", "Copper"] and names(g.players[1].discard) == ["Gold"]
    # Player 3 shuffled to find a card to discard; the Curse is now their whole deck.
    assert deck(g, 2) == ["Curse"] and names(g.players[2].discard) == ["Silver"]
    # Player 4 has no card to discard and no Curse is left.
    assert deck(g, 3) == [] and g.players[3].discard == []


def test_ghost_ship_victims_choose_and_order_and_three_card_hands_untouched() -> None:
    g, s = make(["Ghost Ship"], {"hand": ["Ghost Ship"], "deck": ["Copper", "Copper"]},
                {"hand": ["Copper", "Estate", "Silver", "Gold", "Duchy"]},
                {"hand": ["Estate", "Estate", "Estate"]},
                answers=[["Estate", "Duchy"], ["Duchy", "Estate"]])
    g.play_action("Ghost Ship")
    assert len(g.players[0].hand) == 2
    assert hand(g, 1) == ["Copper", "Gold", "Silver"]
    assert deck(g, 1) == ["Estate", "Duchy"]
    assert hand(g, 2) == ["Estate"] * 3 and len(s.asked) == 2


def test_lighthouse_blocks_attacks_while_in_play_and_coin_next_turn() -> None:
    g, _ = make(["Lighthouse", "Militia"],
                {"hand": ["Lighthouse"], "deck": COPPERS},
                {"hand": ["Militia"], "deck": ["Copper"] * 10})
    g.play_action("Lighthouse")
    assert (g.actions, g.coins) == (1, 1)
    g.end_turn()
    g.play_action("Militia")
    assert len(g.players[0].hand) == 5  # not affected
    g.end_turn()
    assert g.coins == 1 and names(g.players[0].in_play) == ["Lighthouse"]


def test_own_lighthouse_does_not_block_own_attack_bonuses() -> None:
    g, _ = make(["Lighthouse", "Militia"], {"hand": ["Lighthouse", "Militia"]},
                {"hand": ["Copper"] * 5}, answers=[["Copper", "Copper"]])
    g.play_action("Lighthouse")
    g.play_action("Militia")
    assert g.coins == 3 and len(g.players[1].hand) == 3


def test_haven_sets_aside_after_drawing_and_returns_next_turn() -> None:
    g, s = make(["Haven"], {"hand": ["Haven", "Estate"], "deck": ["Gold"] + COPPERS},
                {"deck": ["Estate"] * 10}, answers=["Gold"])
    g.play_action("Haven")
    assert "Gold" in s.asked[0].option_ids()
    assert names(g.players[0].mats["Haven"]) == ["Gold"] and hand(g, 0) == ["Estate"]
    g.end_turn()
    g.end_turn()
    assert "Gold" in hand(g, 0) and len(g.players[0].hand) == 6
    assert g.players[0].mats["Haven"] == [] and names(g.players[0].in_play) == ["Haven"]


def test_pearl_diver_draws_then_may_move_bottom_to_top() -> None:
    g, _ = make(["Pearl Diver"], {"hand": ["Pearl Diver"],
                                  "deck": ["Copper", "Estate", "Silver", "Gold"]}, {},
                answers=["yes"])
    g.play_action("Pearl Diver")
    assert hand(g, 0) == ["Copper"] and deck(g, 0) == ["Gold", "Estate", "Silver"]


def test_pearl_diver_shuffles_when_deck_empty() -> None:
    g, _ = make(["Pearl Diver"], {"hand": ["Pearl Diver"], "deck": ["Copper"],
                                  "discard": ["Gold", "Estate"]}, {}, answers=["yes"])
    g.dictate_shuffle(0, ["Estate", "Gold"])
    g.play_action("Pearl Diver")
    assert deck(g, 0) == ["Gold", "Estate"]


def test_navigator_discards_all_or_reorders() -> None:
    g, _ = make(["Navigator"], {"hand": ["Navigator"],
                                "deck": ["Copper", "Estate", "Silver", "Gold", "Duchy", "Curse"]},
                {}, answers=["discard"])
    g.play_action("Navigator")
    assert g.coins == 2 and deck(g, 0) == ["Curse"] and len(g.players[0].discard) == 5
    g, _ = make(["Navigator"], {"hand": ["Navigator"], "deck": ["Copper", "Estate", "Gold"]},
                {}, answers=["back", ["Copper", "Estate", "Gold"]])
    g.play_action("Navigator")
    assert deck(g, 0) == ["Gold", "Estate", "Copper"]


def test_lookout_trash_discard_topdeck_and_short_decks() -> None:
    g, _ = make(["Lookout"], {"hand": ["Lookout"], "deck": ["Estate", "Copper", "Gold", "Silver"]},
                {}, answers=["Estate", "Copper"])
    g.play_action("Lookout")
    assert names(g.trash) == ["Estate"] and names(g.players[0].discard) == ["Copper"]
    assert deck(g, 0) == ["Gold", "Silver"] and g.actions == 1
    g, s = make(["Lookout"], {"hand": ["Lookout"], "deck": ["Gold"]}, {})
    g.play_action("Lookout")
    assert names(g.trash) == ["Gold"] and s.asked == []


def test_tactician_discards_hand_and_gives_bonus_next_turn_only_if_discarded() -> None:
    g, _ = make(["Tactician"], {"hand": ["Tactician", "Copper", "Estate"], "deck": COPPERS},
                {"deck": ["Estate"] * 10})
    g.play_action("Tactician")
    assert g.players[0].hand == [] and len(g.players[0].discard) == 2
    g.end_turn()
    g.end_turn()
    assert len(g.players[0].hand) == 10 and (g.actions, g.buys) == (2, 2)
    g, _ = make(["Tactician"], {"hand": ["Tactician"], "deck": COPPERS}, {})
    g.play_action("Tactician")
    assert g.players[0].durations == []


def test_treasure_map_needs_two_maps_and_throne_room_gains_once() -> None:
    g, _ = make(["Treasure Map"], {"hand": ["Treasure Map", "Treasure Map"], "deck": ["Copper"]},
                {}, supply={"Gold": 3})
    g.play_action("Treasure Map")
    assert deck(g, 0) == ["Gold", "Gold", "Gold", "Copper"] and len(g.trash) == 2
    g, _ = make(["Treasure Map"], {"hand": ["Treasure Map"]}, {})
    g.play_action("Treasure Map")
    assert names(g.trash) == ["Treasure Map"] and deck(g, 0) == []
    g, _ = make(["Treasure Map", "Throne Room"],
                {"hand": ["Throne Room", "Treasure Map", "Treasure Map", "Treasure Map"]}, {},
                answers=["Treasure Map"])
    g.play_action("Throne Room")
    assert deck(g, 0) == ["Gold"] * 4 and len(g.trash) == 3


def test_island_sets_itself_and_a_card_aside_scores_and_is_not_shuffled() -> None:
    g, _ = make(["Island"], {"hand": ["Island", "Province", "Copper"], "discard": ["Copper"]},
                {}, answers=["Province"])
    g.play_action("Island")
    assert names(g.players[0].mats["Island"]) == ["Island", "Province"]
    assert g.victory_points(g.players[0]) == 8
    g.draw(g.players[0], 2)
    assert names(g.players[0].mats["Island"]) == ["Island", "Province"]


def test_island_alone_and_throne_room_sets_aside_two_cards() -> None:
    g, _ = make(["Island"], {"hand": ["Island"]}, {})
    g.play_action("Island")
    assert names(g.players[0].mats["Island"]) == ["Island"]
    g, _ = make(["Island", "Throne Room"],
                {"hand": ["Throne Room", "Island", "Estate", "Copper"]}, {},
                answers=["Estate", "Copper"])
    g.play_action("Throne Room")
    assert names(g.players[0].mats["Island"]) == ["Island", "Estate", "Copper"]


def test_native_village_sets_aside_top_card_then_takes_mat() -> None:
    g, _ = make(["Native Village"], {"hand": ["Native Village", "Native Village"],
                                     "deck": ["Gold", "Copper"]}, {},
                answers=["set_aside", "take"])
    g.play_action("Native Village")
    assert names(g.players[0].mats["Native Village"]) == ["Gold"] and g.actions == 2
    g.play_action("Native Village")
    assert hand(g, 0) == ["Gold"] and g.players[0].mats["Native Village"] == []
    assert g.actions == 3 and deck(g, 0) == ["Copper"]


def test_ambassador_returns_up_to_two_then_others_gain_in_turn_order() -> None:
    g, s = make(["Ambassador"], {"hand": ["Ambassador", "Estate", "Estate", "Copper"]}, {}, {},
                answers=["Estate", "two"], supply={"Estate": 0})
    g.play_action("Ambassador")
    assert hand(g, 0) == ["Copper"]
    assert names(g.players[1].discard) == ["Estate"] and names(g.players[2].discard) == ["Estate"]
    assert len(g.piles["Estate"]) == 0
    assert [o for o in s.asked[1].option_ids()] == ["zero", "one", "two"]


def test_ambassador_may_return_none_and_empty_hand_does_nothing() -> None:
    g, _ = make(["Ambassador"], {"hand": ["Ambassador", "Curse"]}, {}, answers=["zero"])
    g.play_action("Ambassador")
    assert hand(g, 0) == ["Curse"] and names(g.players[1].discard) == ["Curse"]
    g, s = make(["Ambassador"], {"hand": ["Ambassador"]}, {})
    g.play_action("Ambassador")
    assert s.asked == [] and g.players[1].discard == []


def test_pirate_ship_attack_takes_one_token_then_coins() -> None:
    g, _ = make(["Pirate Ship", "Village"],
                {"hand": ["Village", "Pirate Ship", "Pirate Ship"], "deck": ["Copper"]},
                {"deck": ["Silver", "Gold"]}, {"deck": ["Estate", "Copper"]},
                answers=["attack", "Gold", "coins"])
    g.play_action("Village")
    g.play_action("Pirate Ship")
    assert names(g.trash) == ["Gold", "Copper"]
    assert names(g.players[1].discard) == ["Silver"] and g.players[0].tokens["Pirate Ship"] == 1
    g.play_action("Pirate Ship")
    assert g.coins == 1


def test_treasury_may_go_on_deck_unless_a_victory_card_was_bought() -> None:
    g, _ = make(["Treasury"], {"hand": ["Treasury", "Treasury", "Copper"], "deck": COPPERS},
                {"deck": ["Estate"] * 10}, answers=["yes", "no"])
    g.play_action("Treasury")
    g.play_action("Treasury")
    g.end_turn()
    assert "Treasury" in hand(g, 0) and names(g.players[0].discard).count("Treasury") == 1
    g, s = make(["Treasury"], {"hand": ["Treasury", "Copper", "Copper"], "deck": COPPERS},
                {"deck": ["Estate"] * 10})
    g.play_action("Treasury")
    g.play_all_treasures()
    g.buy("Estate")
    g.end_turn()
    assert s.asked == [] and "Treasury" in names(g.players[0].discard)


def test_treasury_gaining_a_victory_card_without_buying_allows_topdeck() -> None:
    g, _ = make(["Treasury", "Workshop", "Village"],
                {"hand": ["Village", "Treasury", "Workshop"], "deck": COPPERS},
                {"deck": ["Estate"] * 10}, answers=["Estate", "yes"])
    g.play_action("Village")
    g.play_action("Treasury")
    g.play_action("Workshop")
    g.end_turn()
    assert "Treasury" in hand(g, 0)


def test_embargo_trashes_itself_and_buying_gains_curses_per_token() -> None:
    g, _ = make(["Embargo", "Village"], {"hand": ["Village", "Embargo", "Embargo"]}, {},
                answers=["Silver", "Silver"])
    g.play_action("Village")
    g.play_action("Embargo")
    g.play_action("Embargo")
    assert names(g.trash) == ["Embargo", "Embargo"] and g.coins == 4
    g.buy("Silver")
    assert sorted(names(g.players[0].discard)) == ["Curse", "Curse", "Silver"]
    g.gain_card(1, "Silver")
    assert names(g.players[1].discard) == ["Silver"]


def test_embargo_on_empty_pile_and_no_curses_left() -> None:
    g, s = make(["Embargo"], {"hand": ["Embargo"]}, {}, answers=["Estate"],
                supply={"Province": 0, "Curse": 0})
    g.play_action("Embargo")
    assert "Province" in s.asked[0].option_ids()
    g.buy("Estate")
    assert names(g.players[0].discard) == ["Estate"]


def test_smugglers_copies_right_players_last_turn_gain_up_to_six() -> None:
    g, s = make(["Smugglers", "Familiar"], {"deck": COPPERS, "hand": ["Smugglers"]},
                {"hand": ["Gold", "Gold", "Gold"], "deck": ["Estate"] * 10},
                current_player=1)
    g.play_all_treasures()
    g.buy("Province")
    g.gain_card(1, "Gold")
    g.gain_card(1, "Familiar")
    g.end_turn()
    g.play_action("Smugglers")
    assert names(g.players[0].discard) == ["Gold"] and s.asked == []


def test_smugglers_nothing_when_no_gain() -> None:
    g, s = make(["Smugglers"], {"hand": ["Smugglers"]}, {})
    g.play_action("Smugglers")
    assert g.players[0].discard == [] and s.asked == []
