"""One card per mechanism family: reactions, cost modifiers, durations, extra turns,
multi-play, while-in-play, when-trashed, Night, non-Supply piles and Events."""

from __future__ import annotations

import pytest
from engine_helpers import deck, hand, make, names

from engine import IllegalMove


def test_watchtower_draws_to_six() -> None:
    g, _ = make(["Watchtower"], {"hand": ["Watchtower", "Copper"], "deck": ["Silver"] * 9}, {})
    g.play_action("Watchtower")
    assert len(g.players[0].hand) == 6
    g2, _ = make(["Watchtower"], {"hand": ["Watchtower"] + ["Copper"] * 7,
                                  "deck": ["Silver"]}, {})
    g2.play_action("Watchtower")
    assert deck(g2, 0) == ["Silver"]


def test_watchtower_trashes_a_curse_gained_on_another_players_turn() -> None:
    g, s = make(["Witch", "Watchtower"], {"hand": ["Witch"], "deck": ["Copper"] * 2},
                {"hand": ["Watchtower"]},
                answers=[{"kind": "react", "choose": "Watchtower", "player": 1},
                         {"kind": "choose_option", "choose": "trash"}])
    g.play_action("Witch")
    assert names(g.trash) == ["Curse"] and g.players[1].discard == []
    assert g.piles["Curse"].cards.__len__() == 9
    assert hand(g, 1) == ["Watchtower"]


def test_watchtower_topdecks_a_bought_card_on_own_turn() -> None:
    g, _ = make(["Watchtower"], {"hand": ["Watchtower", "Gold"], "deck": ["Estate"]}, {},
                answers=["Watchtower", "topdeck"], phase="buy")
    g.play_treasure("Gold")
    g.buy("Silver")
    assert deck(g, 0) == ["Silver", "Estate"] and g.players[0].discard == []


def test_watchtower_in_play_does_not_react() -> None:
    g, s = make(["Watchtower"], {"hand": ["Watchtower"], "deck": ["Estate"] * 3}, {})
    g.play_action("Watchtower")
    g.gain_card(0, "Silver")
    assert s.asked == [] and names(g.players[0].discard) == ["Silver"]


def test_bridge_lowers_costs_for_the_turn_cumulatively_never_below_zero() -> None:
    g, s = make(["Bridge", "Throne Room", "Workshop"],
                {"hand": ["Throne Room", "Bridge", "Workshop", "Copper"]}, {},
                answers=["Bridge"], actions=2)
    g.play_action("Throne Room")
    assert (g.buys, g.coins, g.cost_reduction) == (3, 2, 2)
    assert g.cost(g.piles["Province"].top).coins == 6
    assert g.cost(g.piles["Copper"].top).coins == 0
    s.add("Gold")
    g.play_action("Workshop")  # Gold costs 4 now
    assert names(g.players[0].discard) == ["Gold"]
    g.play_treasure("Copper")
    g.buy("Silver")
    g.buy("Estate")
    g.buy("Curse")
    assert g.coins == 2 and g.buys == 0  # 3 coins: Silver 1, Estate 0, Curse 0


def test_bridge_reduction_ends_with_the_turn() -> None:
    g, _ = make(["Bridge"], {"hand": ["Bridge"]}, {})
    g.play_action("Bridge")
    g.end_turn()
    assert g.cost(g.piles["Gold"].top).coins == 6


def test_wharf_now_and_next_turn_and_leaves_play_after_next_cleanup() -> None:
    g, _ = make(["Wharf"], {"hand": ["Wharf"], "deck": ["Copper"] * 30},
                {"deck": ["Estate"] * 10})
    g.play_action("Wharf")
    assert len(g.players[0].hand) == 2 and g.buys == 2
    g.end_turn()
    assert names(g.players[0].in_play) == ["Wharf"]
    g.end_turn()  # player 2
    assert len(g.players[0].hand) == 7 and g.buys == 2
    g.end_turn()
    assert g.players[0].in_play == [] and "Wharf" in names(g.players[0].discard)


def test_throne_room_on_wharf_stays_in_play_and_doubles_next_turn() -> None:
    g, _ = make(["Wharf", "Throne Room"], {"hand": ["Throne Room", "Wharf"],
                                           "deck": ["Copper"] * 20}, {"deck": ["Estate"] * 10})
    g.play_action("Throne Room")
    assert len(g.players[0].hand) == 4 and g.buys == 3
    g.end_turn()
    assert sorted(names(g.players[0].in_play)) == ["Throne Room", "Wharf"]
    g.end_turn()
    assert len(g.players[0].hand) == 9 and g.buys == 3
    g.end_turn()
    assert g.players[0].in_play == []


def test_kings_court_on_kings_court_plays_three_actions_three_times() -> None:
    g, _ = make(["King's Court", "Market", "Village", "Smithy"],
                {"hand": ["King's Court", "King's Court", "Market", "Village", "Smithy"],
                 "deck": ["Copper"] * 30}, {},
                answers=["King's Court", "Market", "Village", "Smithy"])
    g.play_action("King's Court")
    assert g.actions == 3 + 6
    assert (g.buys, g.coins) == (4, 3)
    assert len(g.players[0].hand) == 3 + 3 + 9


def test_kings_court_is_optional_and_gives_three_actions_on_market() -> None:
    g, _ = make(["King's Court", "Market"], {"hand": ["King's Court", "Market", "Market"],
                                             "deck": ["Copper"] * 5}, {}, answers=[[]])
    g.play_action("King's Court")
    assert g.actions == 0 and hand(g, 0) == ["Market", "Market"]
    g2, _ = make(["King's Court", "Market"], {"hand": ["King's Court", "Market"],
                                              "deck": ["Copper"] * 5}, {}, answers=["Market"])
    g2.play_action("King's Court")
    assert g2.actions == 3


def test_hoard_gains_gold_per_hoard_when_buying_victory_even_if_watchtowered() -> None:
    g, _ = make(["Hoard", "Watchtower"], {"hand": ["Hoard", "Hoard", "Watchtower"]}, {},
                phase="buy", buys=2,
                answers=["no", "no", "Watchtower", "trash", "no", "no"])
    g.play_all_treasures()
    g.buy("Estate")
    assert names(g.players[0].discard) == ["Gold", "Gold"] and names(g.trash) == ["Estate"]
    g.buy("Copper")
    assert names(g.players[0].discard) == ["Gold", "Gold", "Copper"]


def test_hoard_ignores_victory_cards_gained_without_buying() -> None:
    g, _ = make(["Hoard"], {"hand": ["Hoard"]}, {}, phase="buy")
    g.play_treasure("Hoard")
    g.gain_card(0, "Duchy")
    assert names(g.players[0].discard) == ["Duchy"]


def test_fortress_returns_to_hand_when_trashed_on_any_turn() -> None:
    g, _ = make(["Fortress", "Chapel"], {"hand": ["Chapel", "Fortress", "Estate"]}, {},
                answers=[["Fortress", "Estate"]])
    g.play_action("Chapel")
    assert names(g.trash) == ["Estate"] and hand(g, 0) == ["Fortress"]
    g.trash_from_hand(0, "Fortress")
    assert hand(g, 0) == ["Fortress"]
    g2, _ = make(["Fortress"], {"hand": ["Fortress"], "deck": ["Copper"] * 3}, {})
    g2.play_action("Fortress")
    assert g2.actions == 2 and len(g2.players[0].hand) == 1


def test_den_of_sin_is_gained_to_hand_played_at_night_and_draws_next_turn() -> None:
    g, _ = make(["Den of Sin"], {"hand": ["Gold", "Silver"], "deck": ["Copper"] * 12},
                {"deck": ["Estate"] * 10}, phase="buy")
    g.play_all_treasures()
    g.buy("Den of Sin")
    assert hand(g, 0) == ["Den of Sin"]
    with pytest.raises(IllegalMove):
        g.play_action("Den of Sin")
    g.play_night("Den of Sin")
    assert g.phase == "night" and g.actions == 1
    g.end_phase()
    assert names(g.players[0].in_play) == ["Den of Sin"]
    g.end_turn()
    assert len(g.players[0].hand) == 7


def test_bandit_camp_gains_spoils_which_returns_to_its_pile_when_played() -> None:
    g, _ = make(["Bandit Camp"], {"hand": ["Bandit Camp"], "deck": ["Spoils", "Copper"]}, {})
    assert not g.piles["Spoils"].supply and len(g.piles["Spoils"]) == 15
    g.play_action("Bandit Camp")
    assert g.actions == 2 and names(g.players[0].discard) == ["Spoils"]
    assert len(g.piles["Spoils"]) == 14
    g.play_treasure("Spoils")
    assert g.coins == 3 and g.players[0].in_play[-1].name == "Bandit Camp"
    assert len(g.piles["Spoils"]) == 15
    with pytest.raises(IllegalMove):
        g.buy("Spoils")


def test_bandit_camp_with_spoils_pile_empty_gains_nothing() -> None:
    g, _ = make(["Bandit Camp"], {"hand": ["Bandit Camp"]}, {}, supply={"Spoils": 0})
    g.play_action("Bandit Camp")
    assert g.players[0].discard == []


def test_launch_returns_to_action_phase_once_per_turn() -> None:
    g, _ = make(["Village"], {"hand": ["Gold", "Gold"], "deck": ["Village", "Copper"]}, {},
                events=["Launch"], phase="buy")
    g.play_all_treasures()
    g.buy_event("Launch")
    assert (g.phase, g.actions, g.buys, g.coins) == ("action", 2, 1, 3)
    assert hand(g, 0) == ["Village"] and len(g.piles["Village"]) == 10
    with pytest.raises(IllegalMove, match="once per turn"):
        g.buy_event("Launch")
    g.play_action("Village")
    g.play_all_treasures()
    assert g.coins == 4
    g.buy("Silver")
    assert g.buys == 0


def test_outpost_gives_one_extra_turn_with_three_cards_not_counted_for_ties() -> None:
    g, _ = make(["Outpost"], {"hand": ["Outpost", "Outpost"], "deck": ["Copper"] * 20},
                {"deck": ["Estate"] * 10}, actions=2)
    g.play_action("Outpost")
    g.play_action("Outpost")
    g.end_turn()
    assert g.current == 0 and g.is_extra_turn and len(g.players[0].hand) == 3
    assert g.players[0].turns_taken == 1 and "Outpost" in names(g.players[0].in_play)
    g.players[0].hand.append(g.players[0].in_play.pop())
    g.actions = 1
    g.play_action("Outpost")  # in the extra turn: a 3-card hand, but no third turn
    g.end_turn()
    assert g.current == 1 and not g.is_extra_turn
    assert len(g.players[0].hand) == 3 and g.players[0].in_play == []


def test_different_start_of_turn_effects_are_ordered_by_their_player() -> None:
    g, s = make(["Wharf", "Den of Sin"],
                {"in_play": ["Wharf", "Den of Sin"], "durations": ["Den of Sin", "Wharf"],
                 "deck": ["Copper"] * 12}, {"deck": ["Estate"] * 5}, current_player=1,
                answers=[{"kind": "order_cards", "choose": ["Wharf", "Den of Sin"],
                          "player": 0}], log=True)
    g.end_turn()
    assert len(g.players[0].hand) == 4 and g.buys == 2
    sources = [e.cards for e in g._listeners[0].of_kind("duration")]
    assert sources == [("Wharf",), ("Den of Sin",)]


def test_the_same_card_twice_needs_no_ordering() -> None:
    g, s = make(["Wharf", "Throne Room"], {"hand": ["Throne Room", "Wharf"],
                                           "deck": ["Copper"] * 20}, {"deck": ["Estate"] * 10})
    g.play_action("Throne Room")
    g.end_turn()
    g.end_turn()
    assert s.asked == [] and len(g.players[0].hand) == 9
