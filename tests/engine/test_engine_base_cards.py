"""Every first-edition base Kingdom card, including the FAQ interactions."""

from __future__ import annotations

import pytest
from engine_helpers import deck, hand, make, names

from engine import IllegalMove

K = ["Village", "Smithy"]


def test_village_smithy_market_festival_lab_woodcutter_counters() -> None:
    g, _ = make(["Village", "Smithy", "Market", "Festival", "Laboratory", "Woodcutter"],
                {"hand": ["Village", "Market", "Festival", "Laboratory", "Woodcutter", "Smithy"],
                 "deck": ["Copper"] * 10}, {})
    g.play_action("Village")
    assert (g.actions, len(g.players[0].hand)) == (2, 6)
    g.play_action("Market")
    assert (g.actions, g.buys, g.coins, len(g.players[0].hand)) == (2, 2, 1, 6)
    g.play_action("Festival")
    assert (g.actions, g.buys, g.coins) == (3, 3, 3)
    g.play_action("Laboratory")
    assert (g.actions, len(g.players[0].hand)) == (3, 6)
    g.play_action("Woodcutter")
    assert (g.actions, g.buys, g.coins) == (2, 4, 5)
    g.play_action("Smithy")
    assert (g.actions, len(g.players[0].hand)) == (1, 7)
    assert deck(g, 0) == ["Copper"] * 3


def test_adventurer_reveals_until_two_treasures_and_discards_the_rest() -> None:
    g, _ = make(["Adventurer"], {"hand": ["Adventurer"],
                                 "deck": ["Estate", "Copper", "Duchy", "Silver", "Gold"]}, {})
    g.play_action("Adventurer")
    assert hand(g, 0) == ["Copper", "Silver"]
    assert sorted(names(g.players[0].discard)) == ["Duchy", "Estate"]
    assert deck(g, 0) == ["Gold"]


def test_adventurer_shuffle_does_not_include_revealed_cards_and_short_deck_gives_one() -> None:
    # Deck: Estate, Copper; discard: Duchy only. After the shuffle there is no
    # second Treasure: Adventurer gives just the one, and the revealed Estate is
    # not shuffled into the new deck (it is discarded afterwards).
    g, _ = make(["Adventurer"], {"hand": ["Adventurer"], "deck": ["Estate", "Copper"],
                                 "discard": ["Duchy"]}, {})
    g.play_action("Adventurer")
    assert hand(g, 0) == ["Copper"]
    assert sorted(names(g.players[0].discard)) == ["Duchy", "Estate"]
    assert deck(g, 0) == []


def test_bureaucrat_silver_becomes_only_card_of_empty_deck_and_victims_topdeck() -> None:
    g, s = make(["Bureaucrat"], {"hand": ["Bureaucrat"]},
                {"hand": ["Estate", "Duchy", "Copper"], "deck": ["Gold"]},
                {"hand": ["Copper", "Copper"]}, answers=["Duchy"])
    g.play_action("Bureaucrat")
    assert deck(g, 0) == ["Silver"]
    assert deck(g, 1) == ["Duchy", "Gold"]
    assert hand(g, 1) == ["Copper", "Estate"]
    assert deck(g, 2) == [] and hand(g, 2) == ["Copper", "Copper"]
    assert s.asked[0].kind == "choose_card_from_hand" and s.asked[0].player == 1


def test_cellar_cannot_discard_itself_and_draws_after_discarding() -> None:
    g, s = make(["Cellar"], {"hand": ["Cellar", "Estate", "Estate", "Copper"],
                             "deck": ["Gold"], "discard": ["Silver"]}, {},
                answers=[["Estate", "Estate"]])
    g.dictate_shuffle(0, ["Estate", "Silver", "Estate"])
    g.play_action("Cellar")
    assert "Cellar" not in s.asked[0].option_ids()
    # Drew Gold, then shuffled (the discarded Estates with the Silver) to draw one more.
    assert hand(g, 0) == ["Copper", "Estate", "Gold"]
    assert sorted(deck(g, 0)) == ["Estate", "Silver"]
    assert g.actions == 1


def test_chancellor_puts_deck_into_discard_only_if_chosen() -> None:
    g, _ = make(["Chancellor"], {"hand": ["Chancellor", "Chancellor"],
                                 "deck": ["Gold", "Silver"]}, {},
                answers=[{"kind": "yes_no", "choose": "no"}])
    g.play_action("Chancellor")
    assert deck(g, 0) == ["Gold", "Silver"] and g.coins == 2
    g2, _ = make(["Chancellor"], {"hand": ["Chancellor"], "deck": ["Gold", "Silver"]}, {},
                 answers=[{"kind": "yes_no", "choose": "yes"}])
    g2.play_action("Chancellor")
    assert deck(g2, 0) == [] and sorted(names(g2.players[0].discard)) == ["Gold", "Silver"]


def test_chapel_trashes_up_to_four_but_not_itself() -> None:
    g, s = make(["Chapel"], {"hand": ["Chapel", "Chapel", "Copper", "Estate", "Estate", "Copper"]},
                {}, answers=[["Chapel", "Copper", "Estate", "Estate"]])
    g.play_action("Chapel")
    assert sorted(names(g.trash)) == ["Chapel", "Copper", "Estate", "Estate"]
    assert hand(g, 0) == ["Copper"]
    assert names(g.players[0].in_play) == ["Chapel"]
    assert s.asked[0].max == 4
    g2, _ = make(["Chapel"], {"hand": ["Chapel", "Copper"] * 3}, {},
                 answers=[["Copper"] * 5])
    with pytest.raises(IllegalMove):
        g2.play_action("Chapel")


def test_council_room_others_draw_too() -> None:
    g, _ = make(["Council Room"], {"hand": ["Council Room"], "deck": ["Copper"] * 5},
                {"deck": ["Gold"]}, {"deck": [], "discard": ["Silver"]})
    g.play_action("Council Room")
    assert len(g.players[0].hand) == 4 and g.buys == 2
    assert hand(g, 1) == ["Gold"] and hand(g, 2) == ["Silver"]


def test_feast_trashes_itself_and_gains_up_to_five_from_supply() -> None:
    g, s = make(["Feast", "Laboratory", "Adventurer"], {"hand": ["Feast"]}, {},
                answers=[{"kind": "choose_supply_card", "choose": "Laboratory"}])
    g.play_action("Feast")
    assert names(g.trash) == ["Feast"]
    assert names(g.players[0].discard) == ["Laboratory"]
    opts = s.asked[0].option_ids()
    assert "Adventurer" not in opts and "Duchy" in opts and "Gold" not in opts


def test_throne_room_on_feast_gains_two_cards_trashing_feast_once() -> None:
    g, _ = make(["Feast", "Throne Room", "Market"], {"hand": ["Throne Room", "Feast"]}, {},
                answers=["Market", "Duchy"])
    g.play_action("Throne Room")
    assert names(g.trash) == ["Feast"]
    assert sorted(names(g.players[0].discard)) == ["Duchy", "Market"]


def test_gardens_counts_every_card_rounding_down() -> None:
    g, _ = make(["Gardens"], {"hand": ["Gardens"] + ["Copper"] * 9, "deck": ["Copper"] * 20,
                              "discard": ["Copper"] * 9}, {})
    assert g.victory_points(g.players[0]) == 3  # 39 cards
    g.players[0].discard.append(g.new_card(g.players[0].hand[1].defn))
    assert g.victory_points(g.players[0]) == 4


def test_library_sets_aside_actions_not_shuffled_in_and_discards_them() -> None:
    g, s = make(["Library", "Village"], {"hand": ["Library", "Copper", "Copper", "Copper"],
                                         "deck": ["Village", "Copper"],
                                         "discard": ["Silver", "Gold"]}, {},
                answers=[{"kind": "yes_no", "choose": "yes"}])
    g.play_action("Library")
    # Village set aside; Copper drawn; shuffle of Silver, Gold (not Village); drew both.
    assert hand(g, 0) == ["Copper"] * 4 + ["Gold", "Silver"]
    assert names(g.players[0].discard) == ["Village"]
    assert s.asked[0].kind == "yes_no" and s.asked[0].context == {"card": "Village"}


def test_library_with_seven_cards_draws_nothing_and_keeps_declined_actions() -> None:
    g, _ = make(["Library", "Village"], {"hand": ["Library"] + ["Copper"] * 7,
                                         "deck": ["Gold"]}, {})
    g.play_action("Library")
    assert deck(g, 0) == ["Gold"]
    g2, _ = make(["Library", "Village"], {"hand": ["Library", "Copper"],
                                          "deck": ["Village"] + ["Copper"] * 5}, {},
                 answers=["no"])
    g2.play_action("Library")
    assert hand(g2, 0) == ["Copper"] * 6 + ["Village"]


def test_library_runs_out_of_cards() -> None:
    g, _ = make(["Library"], {"hand": ["Library"], "deck": ["Copper", "Copper"]}, {})
    g.play_action("Library")
    assert hand(g, 0) == ["Copper", "Copper"]


def test_militia_discards_down_to_three_only_those_above() -> None:
    g, s = make(["Militia"], {"hand": ["Militia"]},
                {"hand": ["Copper", "Copper", "Estate", "Estate", "Silver"]},
                {"hand": ["Copper", "Copper", "Copper"]}, answers=[["Estate", "Estate"]])
    g.play_action("Militia")
    assert hand(g, 1) == ["Copper", "Copper", "Silver"] and g.coins == 2
    assert hand(g, 2) == ["Copper"] * 3
    assert len(s.asked) == 1 and s.asked[0].min == s.asked[0].max == 2


def test_mine_gains_treasure_to_hand_up_to_three_more() -> None:
    g, s = make(["Mine"], {"hand": ["Mine", "Copper", "Silver", "Estate"]}, {},
                answers=["Copper", "Silver"])
    g.play_action("Mine")
    assert hand(g, 0) == ["Estate", "Silver", "Silver"] and names(g.trash) == ["Copper"]
    assert s.asked[0].option_ids() == ["Copper", "Silver"]
    assert set(s.asked[1].option_ids()) == {"Copper", "Silver"}  # Gold costs 6 > 0 + 3


def test_forced_choices_are_not_asked() -> None:
    # A single Treasure to trash is a forced choice: only the gain is asked.
    g, s = make(["Mine"], {"hand": ["Mine", "Silver", "Estate"]}, {}, answers=["Gold"])
    g.play_action("Mine")
    assert hand(g, 0) == ["Estate", "Gold"] and len(s.asked) == 1


def test_mine_without_treasure_does_nothing() -> None:
    g, s = make(["Mine"], {"hand": ["Mine", "Estate"]}, {})
    g.play_action("Mine")
    assert hand(g, 0) == ["Estate"] and s.asked == []


def test_moat_against_witch_blocks_curse_but_witch_still_draws() -> None:
    g, s = make(["Witch", "Moat"], {"hand": ["Witch"], "deck": ["Copper", "Copper"]},
                {"hand": ["Moat"]}, {"hand": ["Copper"]},
                answers=[{"kind": "react", "choose": "Moat", "player": 1}])
    g.play_action("Witch")
    assert hand(g, 0) == ["Copper", "Copper"]
    assert names(g.players[1].discard) == [] and hand(g, 1) == ["Moat"]
    assert names(g.players[2].discard) == ["Curse"]
    assert g.snapshot()["supply"]["Curse"] == 19


def test_moat_declined_and_moat_played_as_action() -> None:
    g, _ = make(["Witch", "Moat"], {"hand": ["Witch", "Moat"], "deck": ["Copper"] * 4},
                {"hand": ["Moat"]}, answers=["no"])
    g.play_action("Witch")
    assert names(g.players[1].discard) == ["Curse"]
    g2, _ = make(["Moat"], {"hand": ["Moat"], "deck": ["Copper"] * 3}, {})
    g2.play_action("Moat")
    assert len(g2.players[0].hand) == 2 and g2.actions == 0


def test_witch_deals_remaining_curses_in_turn_order_from_the_left() -> None:
    g, _ = make(["Witch"], {}, {}, {"hand": ["Witch"]}, {}, supply={"Curse": 1},
                current_player=2)
    g.play_action("Witch")
    assert names(g.players[3].discard) == ["Curse"]
    assert names(g.players[0].discard) == [] and names(g.players[1].discard) == []
    g.players[2].hand.append(g.players[2].in_play.pop())
    g.actions = 1
    g.play_action("Witch")  # no Curses left: still fine
    assert g.piles["Curse"].top is None


def test_moneylender_needs_a_copper() -> None:
    g, _ = make(["Moneylender"], {"hand": ["Moneylender", "Copper", "Estate"]}, {})
    g.play_action("Moneylender")
    assert g.coins == 3 and names(g.trash) == ["Copper"]
    g2, _ = make(["Moneylender"], {"hand": ["Moneylender", "Silver"]}, {})
    g2.play_action("Moneylender")
    assert g2.coins == 0 and g2.trash == []


def test_remodel_gains_up_to_two_more_and_cannot_trash_itself() -> None:
    g, s = make(["Remodel", "Smithy"], {"hand": ["Remodel", "Estate"]}, {},
                answers=["Smithy"])
    g.play_action("Remodel")  # the only card to trash is the Estate: no question
    assert names(g.trash) == ["Estate"] and names(g.players[0].discard) == ["Smithy"]
    assert "Silver" in s.asked[0].option_ids() and "Duchy" not in s.asked[0].option_ids()


def test_remodel_with_empty_hand_gains_nothing() -> None:
    g, s = make(["Remodel"], {"hand": ["Remodel"]}, {})
    g.play_action("Remodel")
    assert s.asked == [] and g.players[0].discard == []


def test_spy_reveals_self_first_then_others_and_shuffles_if_needed() -> None:
    g, s = make(["Spy"], {"hand": ["Spy"], "deck": ["Copper", "Gold"]},
                {"deck": [], "discard": ["Province"]}, {"deck": [], "discard": []},
                answers=["keep", "discard"])
    g.play_action("Spy")
    assert hand(g, 0) == ["Copper"] and deck(g, 0) == ["Gold"]
    assert deck(g, 1) == [] and names(g.players[1].discard) == ["Province"]
    assert [d.context["target"] for d in s.asked] == [0, 1]


def test_thief_on_a_short_deck_shuffles_without_the_revealed_card() -> None:
    g, s = make(["Thief"], {"hand": ["Thief"]},
                {"deck": ["Silver"], "discard": ["Estate"]},
                answers=[{"kind": "choose_cards", "choose": "Silver"},
                         {"kind": "choose_cards", "choose": ["Silver"]}])
    g.play_action("Thief")
    assert names(g.players[0].discard) == ["Silver"]
    assert g.trash == [] and names(g.players[1].discard) == ["Estate"]
    assert s.asked[0].option_ids() == ["Silver"]


def test_thief_may_decline_to_gain_and_victim_with_no_cards_reveals_nothing() -> None:
    g, s = make(["Thief"], {"hand": ["Thief"]}, {"deck": ["Copper", "Gold"]}, {},
                answers=["Gold", []])
    g.play_action("Thief")
    assert names(g.trash) == ["Gold"] and names(g.players[1].discard) == ["Copper"]
    assert g.players[0].discard == []


def test_throne_room_on_market_leaves_two_actions() -> None:
    g, _ = make(["Throne Room", "Market"], {"hand": ["Throne Room", "Market"],
                                            "deck": ["Copper"] * 3}, {}, answers=["Market"])
    g.play_action("Throne Room")
    assert (g.actions, g.buys, g.coins, len(g.players[0].hand)) == (2, 3, 2, 2)


def test_throne_room_on_throne_room_plays_two_actions_twice_each() -> None:
    g, _ = make(["Throne Room", "Village", "Smithy"],
                {"hand": ["Throne Room", "Throne Room", "Village", "Smithy"],
                 "deck": ["Copper"] * 20}, {},
                answers=["Throne Room", "Village", "Smithy"])
    g.play_action("Throne Room")
    assert g.actions == 4
    assert len(g.players[0].hand) == 2 + 6


def test_throne_room_must_choose_an_action_if_there_is_one() -> None:
    g, s = make(["Throne Room", "Village", "Smithy"],
                {"hand": ["Throne Room", "Village", "Smithy"]}, {}, answers=[[]])
    with pytest.raises(IllegalMove):
        g.play_action("Throne Room")
    assert s.asked[0].min == 1


def test_workshop_gains_up_to_four() -> None:
    g, s = make(["Workshop", "Smithy", "Festival"], {"hand": ["Workshop"]}, {},
                answers=["Smithy"])
    g.play_action("Workshop")
    assert names(g.players[0].discard) == ["Smithy"]
    assert "Festival" not in s.asked[0].option_ids()
