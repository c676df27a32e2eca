"""Hinterlands part 2 (Jack of All Trades ... Tunnel) and the promos Walled Village and
Governor, each against its printed first-edition text (the sources hold no FAQ)."""

from __future__ import annotations

from engine_helpers import deck, hand, make, names

from engine.invariants import check_invariants


def test_jack_of_all_trades_every_clause() -> None:
    g, s = make(["Jack of All Trades"],
                {"hand": ["Jack of All Trades", "Estate", "Copper"],
                 "deck": ["Curse", "Gold", "Silver", "Copper"]}, {},
                answers=["discard", ["Estate"]])
    g.play_action("Jack of All Trades")
    assert names(g.players[0].discard) == ["Silver", "Curse"]
    assert hand(g, 0) == ["Copper", "Copper", "Gold", "Silver"]
    assert names(g.trash) == ["Estate"]
    # The trash is optional and offers only non-Treasures.
    assert s.asked[1].min == 0 and s.asked[1].option_ids() == ["Estate"]


def test_jack_of_all_trades_keeps_top_card_and_may_trash_nothing() -> None:
    g, _ = make(["Jack of All Trades"], {"hand": ["Jack of All Trades"],
                                         "deck": ["Gold", "Estate"] + ["Copper"] * 3}, {},
                answers=["keep", []])
    g.play_action("Jack of All Trades")
    assert hand(g, 0) == ["Copper", "Copper", "Copper", "Estate", "Gold"] and g.trash == []


def test_mandarin_topdecks_a_card_and_on_gain_topdecks_treasures_in_order() -> None:
    g, _ = make(["Mandarin"], {"hand": ["Mandarin", "Estate"]}, {})
    g.play_action("Mandarin")
    assert g.coins == 3 and deck(g, 0) == ["Estate"] and g.players[0].hand == []
    g, _ = make(["Mandarin"], {"hand": ["Gold", "Silver", "Copper"]}, {},
                answers=[["Silver", "Copper", "Gold"]])
    g.play_all_treasures()
    g.buy("Mandarin")
    assert deck(g, 0) == ["Gold", "Copper", "Silver"]
    assert g.players[0].in_play == [] and g.coins == 1


def test_margrave_others_draw_then_discard_to_three() -> None:
    g, _ = make(["Margrave"], {"hand": ["Margrave"], "deck": ["Copper"] * 3},
                {"hand": ["Estate", "Copper", "Copper", "Silver"], "deck": ["Gold"]},
                answers=[["Estate", "Copper"]])
    g.play_action("Margrave")
    assert len(g.players[0].hand) == 3 and g.buys == 2
    assert hand(g, 1) == ["Copper", "Gold", "Silver"]


def test_noble_brigand_play_and_buy() -> None:
    g, _ = make(["Noble Brigand"], {"hand": ["Noble Brigand"]},
                {"deck": ["Silver", "Gold"]}, {"deck": ["Estate", "Estate"]},
                answers=[["Gold"]])
    g.play_action("Noble Brigand")
    assert g.coins == 1 and names(g.players[0].discard) == ["Gold"]
    assert names(g.players[1].discard) == ["Silver"]
    assert names(g.players[2].discard) == ["Estate", "Estate", "Copper"]
    # Bought: the attack happens too, and a Moat in hand is not asked.
    g, s = make(["Noble Brigand", "Moat"], {}, {"hand": ["Moat"], "deck": ["Silver", "Copper"]},
                phase="buy", coins=4)
    g.buy("Noble Brigand")
    assert names(g.players[0].discard) == ["Silver", "Noble Brigand"]
    assert names(g.players[1].discard) == ["Copper"] and s.asked == []


def test_nomad_camp_gained_onto_deck() -> None:
    g, _ = make(["Nomad Camp"], {"deck": ["Copper"]}, {}, phase="buy", coins=4)
    g.buy("Nomad Camp")
    assert deck(g, 0) == ["Nomad Camp", "Copper"] and g.players[0].discard == []


def test_oasis_discards_a_card() -> None:
    g, _ = make(["Oasis"], {"hand": ["Oasis", "Estate"], "deck": ["Copper"]}, {},
                answers=[["Estate"]])
    g.play_action("Oasis")
    assert (g.actions, g.coins, hand(g, 0)) == (1, 1, ["Copper"])


def test_oracle_each_player_and_then_draws() -> None:
    g, _ = make(["Oracle"], {"hand": ["Oracle"], "deck": ["Estate", "Curse", "Gold", "Copper"]},
                {"deck": ["Gold", "Silver"]},
                answers=["discard", "back", {"choose": ["Gold", "Silver"], "player": 1}])
    g.play_action("Oracle")
    assert names(g.players[0].discard) == ["Estate", "Curse"] and hand(g, 0) == ["Copper", "Gold"]
    assert deck(g, 1) == ["Silver", "Gold"]


def test_scheme_chosen_action_goes_on_deck_and_is_drawn() -> None:
    g, _ = make(["Scheme", "Smithy"], {"hand": ["Scheme", "Smithy"],
                                       "deck": ["Copper"] * 9}, {},
                answers=[["Smithy"]])
    g.play_action("Scheme")
    g.play_action("Smithy")
    g.end_turn()
    assert "Smithy" in hand(g, 0) and names(g.players[0].discard).count("Scheme") == 1
    assert check_invariants(g) == []


def test_silk_road_counts_victory_cards_round_down() -> None:
    g, _ = make(["Silk Road", "Tunnel"], {"hand": ["Silk Road", "Estate", "Estate"],
                                          "deck": ["Duchy", "Tunnel", "Silk Road", "Copper"]},
                {"hand": ["Silk Road", "Estate", "Estate"]})
    # 6 Victory cards: each Silk Road is worth 1 (6 // 4); Estates 2, Duchy 3, Tunnel 2.
    assert g.victory_points(g.players[0]) == 1 + 1 + 2 + 3 + 2
    # 3 Victory cards: worth nothing (3 // 4).
    assert g.victory_points(g.players[1]) == 2


def test_spice_merchant_both_modes_and_optional() -> None:
    g, _ = make(["Spice Merchant"], {"hand": ["Spice Merchant", "Copper"],
                                     "deck": ["Gold", "Gold"]}, {},
                answers=[["Copper"], "cards"])
    g.play_action("Spice Merchant")
    assert (g.actions, hand(g, 0)) == (1, ["Gold", "Gold"])
    g, _ = make(["Spice Merchant"], {"hand": ["Spice Merchant", "Copper"]}, {},
                answers=[["Copper"], "coins"])
    g.play_action("Spice Merchant")
    assert (g.coins, g.buys) == (2, 2)
    g, _ = make(["Spice Merchant"], {"hand": ["Spice Merchant", "Copper"]}, {}, answers=[[]])
    g.play_action("Spice Merchant")
    assert (g.coins, g.buys, g.trash) == (0, 1, [])


def test_stables_discard_treasure_or_nothing() -> None:
    g, _ = make(["Stables"], {"hand": ["Stables", "Silver", "Estate"],
                              "deck": ["Gold"] * 3}, {}, answers=[["Silver"]])
    g.play_action("Stables")
    assert (g.actions, hand(g, 0)) == (1, ["Estate", "Gold", "Gold", "Gold"])
    g, s = make(["Stables"], {"hand": ["Stables", "Estate"], "deck": ["Gold"] * 3}, {})
    g.play_action("Stables")
    assert (g.actions, hand(g, 0), s.asked) == (0, ["Estate"], [])


def test_trader_play_and_reaction_on_another_players_turn() -> None:
    g, _ = make(["Trader"], {"hand": ["Trader", "Estate"]}, {}, answers=[["Estate"]])
    g.play_action("Trader")
    assert names(g.players[0].discard) == ["Silver", "Silver"]
    g, _ = make(["Trader", "Witch"], {"hand": ["Witch"]}, {"hand": ["Trader"]},
                answers=[{"choose": "Trader", "player": 1}])
    g.play_action("Witch")
    assert names(g.players[1].discard) == ["Silver"] and g.piles["Curse"].cards
    assert len(g.piles["Curse"]) == 10


def test_trader_not_asked_for_a_silver() -> None:
    g, s = make(["Trader"], {}, {"hand": ["Trader"]})
    g.gain_card(1, "Silver")
    assert s.asked == [] and names(g.players[1].discard) == ["Silver"]


def test_tunnel_discarded_to_militia_gains_gold_not_in_cleanup() -> None:
    g, _ = make(["Tunnel", "Militia"], {"hand": ["Militia"]},
                {"hand": ["Tunnel", "Copper", "Copper", "Copper", "Estate"]},
                answers=[{"choose": ["Tunnel", "Estate"]},
                         {"choose": "yes", "player": 1}])
    g.play_action("Militia")
    # Both cards are discarded at once; then Tunnel reacts (its Gold comes after them).
    assert names(g.players[1].discard) == ["Tunnel", "Estate", "Gold"]
    g, s = make(["Tunnel"], {"hand": ["Tunnel"]}, {})
    g.end_turn()
    assert s.asked == [] and "Gold" not in names(g.players[0].discard + g.players[0].hand)


def test_walled_village_condition_at_cleanup() -> None:
    g, _ = make(["Walled Village", "Village"],
                {"hand": ["Walled Village", "Village"], "deck": ["Copper"] * 8}, {},
                answers=["yes"])
    g.play_action("Walled Village")
    g.play_action("Village")
    g.end_turn()
    assert "Walled Village" in hand(g, 0)
    g, s = make(["Walled Village", "Village"],
                {"hand": ["Walled Village", "Village", "Village"], "deck": ["Copper"] * 8}, {})
    g.play_action("Walled Village")
    g.play_action("Village")
    g.play_action("Village")
    g.end_turn()
    assert s.asked == [] and "Walled Village" not in hand(g, 0)


def test_governor_three_modes() -> None:
    g, _ = make(["Governor"], {"hand": ["Governor"], "deck": ["Copper"] * 3},
                {"deck": ["Copper"] * 3}, answers=["cards"])
    g.play_action("Governor")
    assert (len(g.players[0].hand), len(g.players[1].hand), g.actions) == (3, 1, 1)
    g, _ = make(["Governor"], {"hand": ["Governor"]}, {}, answers=["treasure"])
    g.play_action("Governor")
    assert names(g.players[0].discard) == ["Gold"] and names(g.players[1].discard) == ["Silver"]
    g, _ = make(["Governor", "Village"], {"hand": ["Governor", "Copper"]}, {"hand": ["Estate"]},
                answers=["remodel", ["Copper"], "Estate", ["Estate"], "Village"])
    g.play_action("Governor")
    assert names(g.trash) == ["Copper", "Estate"]
    assert names(g.players[0].discard) == ["Estate"] and names(g.players[1].discard) == ["Village"]


def test_noble_brigand_two_golds_not_asked_and_trader_leaves_one_in_trash() -> None:
    g, s = make(["Noble Brigand", "Trader"], {"hand": ["Noble Brigand", "Trader"]},
                {"deck": ["Gold", "Gold"]},
                answers=[{"choose": "Trader", "player": 0, "source": "Gold"}])
    g.play_action("Noble Brigand")
    # One Gold trashed without a question; the attacker's Trader turns gaining it from
    # the trash into gaining a Silver from the Supply: the trashed Gold stays there.
    assert names(g.trash) == ["Gold"] and names(g.players[1].discard) == ["Gold"]
    assert names(g.players[0].discard) == ["Silver"] and len(g.piles["Silver"]) == 39
    assert [d.kind.value for d in s.asked] == ["react"] and s.answers == []


def test_walled_village_played_twice_asks_once() -> None:
    g, s = make(["Walled Village", "Throne Room"],
                {"hand": ["Throne Room", "Walled Village"], "deck": ["Copper"] * 9}, {},
                answers=[{"choose": "no", "source": "Walled Village"}])
    g.play_action("Throne Room")
    g.end_turn()  # declined once: not asked again for the second play
    assert "Walled Village" in names(g.players[0].discard) and len(s.asked) == 1
