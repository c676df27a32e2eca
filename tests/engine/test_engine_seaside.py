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
