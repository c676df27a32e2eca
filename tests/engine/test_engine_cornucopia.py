"""Cornucopia (first edition): the Kingdom cards and Tournament's Prizes."""

from __future__ import annotations

from engine_helpers import deck, hand, make, names

from engine import new_game


def test_fairgrounds_two_vp_per_five_different_names_everywhere() -> None:
    g, _ = make(["Fairgrounds", "Village"],
                {"deck": ["Fairgrounds", "Copper", "Copper"], "hand": ["Silver", "Gold"]},
                {"deck": ["Fairgrounds", "Copper"], "hand": ["Silver"],
                 "discard": ["Gold", "Estate"], "in_play": ["Village"]})
    assert g.victory_points(g.players[0]) == 0  # 4 names
    assert g.victory_points(g.players[1]) == 2 + 1  # 6 names, and the Estate
    assert len(new_game(["Fairgrounds"], 2).piles["Fairgrounds"]) == 8
    assert len(new_game(["Fairgrounds"], 4).piles["Fairgrounds"]) == 12


def test_farming_village_takes_first_action_or_treasure_and_discards_the_rest() -> None:
    g, _ = make(["Farming Village"], {"hand": ["Farming Village"],
                                      "deck": ["Estate", "Curse", "Copper", "Gold"]}, {})
    g.play_action("Farming Village")
    assert hand(g, 0) == ["Copper"] and deck(g, 0) == ["Gold"]
    assert names(g.players[0].discard) == ["Estate", "Curse"]
    assert g.actions == 2


def test_farming_village_shuffles_without_revealed_cards_and_may_find_nothing() -> None:
    g, _ = make(["Farming Village"], {"hand": ["Farming Village"], "deck": ["Estate"],
                                      "discard": ["Duchy"]}, {})
    g.play_action("Farming Village")
    assert hand(g, 0) == [] and deck(g, 0) == []
    assert sorted(names(g.players[0].discard)) == ["Duchy", "Estate"]


def test_hamlet_each_discard_gives_its_own_bonus_once() -> None:
    g, s = make(["Hamlet"], {"hand": ["Hamlet", "Estate", "Curse"], "deck": ["Copper"]}, {},
                answers=[["Estate"], ["Curse"]])
    g.play_action("Hamlet")
    assert (g.actions, g.buys) == (2, 2)
    assert hand(g, 0) == ["Copper"]
    assert all(d.max == 1 and d.min == 0 for d in s.asked)
    g, _ = make(["Hamlet"], {"hand": ["Hamlet", "Estate"], "deck": ["Copper"]}, {},
                answers=[[], []])
    g.play_action("Hamlet")
    assert (g.actions, g.buys) == (1, 1)


def test_harvest_counts_different_names_and_reveals_what_it_can() -> None:
    g, _ = make(["Harvest"], {"hand": ["Harvest"],
                              "deck": ["Copper", "Silver", "Copper", "Estate", "Gold"]}, {})
    g.play_action("Harvest")
    assert g.coins == 3 and deck(g, 0) == ["Gold"] and len(g.players[0].discard) == 4
    g, _ = make(["Harvest"], {"hand": ["Harvest"], "deck": ["Gold"], "discard": ["Gold"]}, {})
    g.play_action("Harvest")
    assert g.coins == 1 and names(g.players[0].discard) == ["Gold", "Gold"]


def test_hunting_party_reveals_past_duplicates() -> None:
    g, _ = make(["Hunting Party"], {"hand": ["Hunting Party", "Copper"],
                                    "deck": ["Estate", "Copper", "Estate", "Gold", "Silver"]}, {})
    g.play_action("Hunting Party")
    assert hand(g, 0) == ["Copper", "Estate", "Gold"]
    assert names(g.players[0].discard) == ["Copper", "Estate"]
    assert deck(g, 0) == ["Silver"] and g.actions == 1


def test_menagerie_three_cards_without_duplicates_else_one() -> None:
    g, _ = make(["Menagerie"], {"hand": ["Menagerie", "Copper", "Silver"],
                                "deck": ["Estate"] * 4}, {})
    g.play_action("Menagerie")
    assert len(g.players[0].hand) == 5 and g.actions == 1
    g, _ = make(["Menagerie"], {"hand": ["Menagerie", "Copper", "Copper"],
                                "deck": ["Estate"] * 4}, {})
    g.play_action("Menagerie")
    assert len(g.players[0].hand) == 3
    g, _ = make(["Menagerie"], {"hand": ["Menagerie"], "deck": ["Estate"] * 4}, {})
    g.play_action("Menagerie")
    assert len(g.players[0].hand) == 3


def test_remake_gains_exactly_one_more_twice_or_nothing() -> None:
    g, s = make(["Remake", "Village"], {"hand": ["Remake", "Estate", "Copper"]}, {},
                answers=["Estate", "Silver"])
    g.play_action("Remake")
    assert sorted(s.asked[1].option_ids()) == ["Silver", "Village"]
    assert names(g.players[0].discard) == ["Silver"]
    assert names(g.trash) == ["Estate", "Copper"]
    g, _ = make(["Remake"], {"hand": ["Remake"]}, {})
    g.play_action("Remake")
    assert g.trash == []


def test_fortune_teller_puts_first_victory_or_curse_on_top() -> None:
    g, _ = make(["Fortune Teller"], {"hand": ["Fortune Teller"]},
                {"deck": ["Copper", "Curse", "Estate"]}, {"deck": ["Silver"]})
    g.play_action("Fortune Teller")
    assert g.coins == 2
    assert deck(g, 1) == ["Curse", "Estate"] and names(g.players[1].discard) == ["Copper"]
    assert deck(g, 2) == [] and names(g.players[2].discard) == ["Silver"]


def test_jester_curse_for_victory_copy_for_the_rest() -> None:
    g, s = make(["Jester"], {"hand": ["Jester"]}, {"deck": ["Estate"]}, {"deck": ["Silver"]},
                {"deck": ["Gold"]}, answers=["me", "them"])
    g.play_action("Jester")
    assert names(g.players[1].discard) == ["Estate", "Curse"]
    assert names(g.players[0].discard) == ["Silver"]
    assert names(g.players[3].discard) == ["Gold", "Gold"]
    assert [d.context["target"] for d in s.asked] == [2, 3]


def test_jester_no_copy_no_question() -> None:
    g, s = make(["Jester"], {"hand": ["Jester"]}, {"deck": ["Spoils"]})
    g.play_action("Jester")
    assert s.asked == [] and names(g.players[1].discard) == ["Spoils"]


def test_horn_of_plenty_counts_names_in_play_and_trashes_on_victory_gain() -> None:
    g, s = make(["Horn of Plenty"], {"hand": ["Copper", "Copper", "Horn of Plenty"]}, {},
                answers=["Estate"], phase="buy")
    g.play_all_treasures()
    assert s.asked[0].context["max_coins"] == 2
    assert g.coins == 2 and names(g.trash) == ["Horn of Plenty"]
    g, _ = make(["Horn of Plenty"], {"hand": ["Silver", "Horn of Plenty"]}, {},
                answers=["Copper"], phase="buy")
    g.play_all_treasures()
    g.buy("Estate")
    assert g.trash == [] and names(g.players[0].in_play) == ["Silver", "Horn of Plenty"]


def test_young_witch_setup_draws_a_bane_costing_two_or_three() -> None:
    g = new_game(["Young Witch", "Village", "Smithy"], 2, seed=3)
    assert g.bane is not None and g.bane not in ("Village", "Smithy")
    assert g.cost(g.piles[g.bane].cards[0]) in (2, 3)
    assert g.piles[g.bane].supply and g.piles[g.bane].kingdom
    assert new_game(["Young Witch"], 2, bane="Moat").bane == "Moat"
    assert new_game(["Village"], 2).bane is None


def test_young_witch_discards_two_and_bane_saves_from_curse() -> None:
    g, s = make(["Young Witch"], {"hand": ["Young Witch", "Estate"], "deck": ["Copper", "Gold"]},
                {"hand": ["Moat"]}, {"hand": ["Copper"]},
                answers=["no", ["Estate", "Copper"], "yes"], bane="Moat")
    g.play_action("Young Witch")
    assert hand(g, 0) == ["Gold"]
    assert names(g.players[1].discard) == [] and names(g.players[2].discard) == ["Curse"]
    assert s.asked[2].kind == "yes_no" and s.asked[2].player == 1


def test_tournament_sets_out_five_prizes_outside_the_supply() -> None:
    g = new_game(["Tournament", "Village"], 2)
    for prize in ("Bag of Gold", "Diadem", "Followers", "Princess", "Trusty Steed"):
        assert len(g.piles[prize]) == 1 and not g.piles[prize].supply
    assert g.can_buy("Diadem") is not None


def test_tournament_prize_onto_deck_and_bonus_only_if_no_one_else_reveals() -> None:
    g, s = make(["Tournament"], {"hand": ["Tournament", "Province"], "deck": ["Copper"]},
                {"hand": ["Province"]}, answers=["yes", "no", "Followers"])
    g.play_action("Tournament")
    assert "Duchy" in s.asked[2].option_ids() and "Followers" in s.asked[2].option_ids()
    assert hand(g, 0) == ["Followers"] and deck(g, 0) == ["Copper"]
    assert (g.actions, g.coins) == (1, 1)
    g, _ = make(["Tournament"], {"hand": ["Tournament", "Province"], "deck": ["Copper"]},
                {"hand": ["Province"]}, answers=["yes", "yes", "Duchy"])
    g.play_action("Tournament")
    assert deck(g, 0) == ["Duchy", "Copper"] and (g.coins, hand(g, 0)) == (0, [])
    g, _ = make(["Tournament"], {"hand": ["Tournament"], "deck": ["Copper"]}, {})
    g.play_action("Tournament")  # nobody has a Province: nothing is asked
    assert hand(g, 0) == ["Copper"] and g.coins == 1


def test_bag_of_gold_diadem_followers() -> None:
    g, _ = make(["Tournament"], {"hand": ["Bag of Gold", "Diadem"], "deck": ["Copper"]}, {})
    g.play_action("Bag of Gold")
    assert deck(g, 0) == ["Gold", "Copper"] and g.actions == 1
    g.play_treasure("Diadem")
    assert g.coins == 3
    g, _ = make(["Tournament"], {"hand": ["Followers"], "deck": ["Copper", "Copper"]},
                {"hand": ["Copper"] * 5}, answers=[["Copper", "Copper"]])
    g.play_action("Followers")
    assert names(g.players[0].discard) == ["Estate"]
    assert names(g.players[1].discard) == ["Curse", "Copper", "Copper"]


def test_princess_discount_while_in_play_only_once() -> None:
    g, _ = make(["Tournament", "Throne Room"], {"hand": ["Throne Room", "Princess"]}, {})
    g.play_action("Throne Room")
    assert g.buys == 3
    assert g.cost(g.piles["Gold"].cards[0]) == 4 and g.cost(g.piles["Copper"].cards[0]) == 0
    g.end_turn()
    assert g.cost(g.piles["Gold"].cards[0]) == 6


def test_trusty_steed_two_different_choices_in_printed_order() -> None:
    g, s = make(["Tournament"], {"hand": ["Trusty Steed"], "deck": ["Gold", "Gold", "Estate"]},
                {}, answers=[["silvers", "cards"]])
    g.play_action("Trusty Steed")
    assert s.asked[0].min == s.asked[0].max == 2
    assert hand(g, 0) == ["Gold", "Gold"] and deck(g, 0) == []
    assert sorted(names(g.players[0].discard)) == ["Estate"] + ["Silver"] * 4


def test_horse_traders_play_discards_what_it_can() -> None:
    g, _ = make(["Horse Traders"], {"hand": ["Horse Traders", "Estate"]}, {})
    g.play_action("Horse Traders")
    assert (g.buys, g.coins) == (2, 3) and names(g.players[0].discard) == ["Estate"]


def test_horse_traders_reaction_sets_aside_until_next_turn() -> None:
    g, s = make(["Horse Traders", "Militia"],
                {"hand": ["Militia"], "deck": ["Copper"] * 5},
                {"hand": ["Horse Traders", "Copper", "Copper", "Copper", "Estate"],
                 "deck": ["Gold"]}, answers=["Horse Traders", ["Estate"]])
    g.play_action("Militia")
    q = g.players[1]
    assert names(q.mats["Horse Traders"]) == ["Horse Traders"] and "Horse Traders" not in hand(g, 1)
    assert hand(g, 1) == ["Copper"] * 3  # not immune: discarded down to 3
    assert s.asked[0].kind == "react"
    g.end_turn()
    assert hand(g, 1) == ["Copper", "Copper", "Copper", "Gold", "Horse Traders"]
    assert q.mats["Horse Traders"] == [] and q.durations == []


def test_horse_traders_waiting_on_its_mat_breaks_no_invariant() -> None:
    from engine import check_invariants

    g, _ = make(["Horse Traders", "Witch"], {"hand": ["Witch"], "deck": ["Copper"] * 7},
                {"hand": ["Horse Traders"]}, answers=["Horse Traders"])
    g.play_action("Witch")
    assert g.players[1].durations and check_invariants(g) == []
    g.end_turn()
    assert check_invariants(g) == [] and hand(g, 1) == ["Curse", "Horse Traders"]
