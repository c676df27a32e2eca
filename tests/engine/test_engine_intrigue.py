"""Intrigue (first edition) Kingdom cards, including the FAQ interactions."""

from __future__ import annotations

import pytest
from engine_helpers import deck, hand, make, names

from engine import IllegalMove
from engine.cards.intrigue import CopperBonus
from engine.errors import InvalidAnswer


def test_great_hall_is_action_and_victory() -> None:
    g, _ = make(["Great Hall"], {"hand": ["Great Hall"], "deck": ["Gold"]}, {})
    g.play_action("Great Hall")
    assert (g.actions, hand(g, 0)) == (1, ["Gold"])
    assert g.victory_points(g.players[0]) == 1


def test_harem_plays_for_two_and_scores_two() -> None:
    g, _ = make(["Harem"], {"hand": ["Harem"]}, {})
    with pytest.raises(IllegalMove):
        g.play_action("Harem")
    g.play_all_treasures()
    assert g.coins == 2 and g.victory_points(g.players[0]) == 2


def test_duke_counts_duchies_in_every_zone() -> None:
    g, _ = make(["Duke"], {"hand": ["Duke", "Duchy"], "deck": ["Duchy"],
                           "discard": ["Duke", "Duchy"]}, {})
    assert g.victory_points(g.players[0]) == 3 * 3 + 2 * 3


def test_victory_kingdom_piles_by_player_count() -> None:
    from engine.registry import card
    from engine.setup import pile_size

    for name in ("Duke", "Great Hall", "Harem", "Nobles"):
        assert pile_size(card(name), 2) == 8
        assert pile_size(card(name), 4) == 12


def test_nobles_one_choice_only() -> None:
    g, s = make(["Nobles"], {"hand": ["Nobles", "Nobles"], "deck": ["Copper"] * 4}, {},
                answers=["actions", "cards"])
    g.play_action("Nobles")
    assert (g.actions, len(g.players[0].hand)) == (2, 1)
    g.play_action("Nobles")
    assert (g.actions, len(g.players[0].hand)) == (1, 3)
    assert s.asked[0].option_ids() == ["cards", "actions"]
    assert g.victory_points(g.players[0]) == 4


def test_pawn_two_different_choices_in_one_decision() -> None:
    g, s = make(["Pawn"], {"hand": ["Pawn"], "deck": ["Gold"]}, {},
                answers=[["buy", "card"]])
    g.play_action("Pawn")
    assert (g.actions, g.buys, g.coins, hand(g, 0)) == (0, 2, 0, ["Gold"])
    assert (s.asked[0].min, s.asked[0].max) == (2, 2)
    g2, _ = make(["Pawn"], {"hand": ["Pawn"]}, {}, answers=[["coin", "coin"]])
    with pytest.raises(InvalidAnswer):
        g2.play_action("Pawn")


def test_steward_three_options() -> None:
    g, _ = make(["Steward"], {"hand": ["Steward", "Steward", "Steward", "Estate", "Copper",
                                        "Estate"], "deck": ["Gold", "Silver"]}, {},
                answers=["cards", "coins", "trash", ["Estate", "Estate"]], actions=3)
    g.play_action("Steward")
    assert hand(g, 0) == ["Copper", "Estate", "Estate", "Gold", "Silver", "Steward", "Steward"]
    g.play_action("Steward")
    assert g.coins == 2
    g.play_action("Steward")
    assert names(g.trash) == ["Estate", "Estate"]
    assert hand(g, 0) == ["Copper", "Gold", "Silver"]


def test_steward_trashes_the_only_card_left() -> None:
    g, _ = make(["Steward"], {"hand": ["Steward", "Copper"]}, {}, answers=["trash"])
    g.play_action("Steward")
    assert names(g.trash) == ["Copper"] and hand(g, 0) == []


def test_shanty_town_draws_only_without_actions_in_hand() -> None:
    g, _ = make(["Shanty Town", "Great Hall"],
                {"hand": ["Shanty Town", "Shanty Town", "Great Hall"],
                 "deck": ["Silver", "Village"]}, {})
    g.play_action("Shanty Town")
    assert (g.actions, len(g.players[0].hand)) == (2, 2)
    g2, _ = make(["Shanty Town"], {"hand": ["Shanty Town", "Copper"],
                                   "deck": ["Silver", "Village"]}, {})
    g2.play_action("Shanty Town")
    assert hand(g2, 0) == ["Copper", "Silver", "Village"] and g2.actions == 2


def test_conspirator_counts_actions_played_including_throne_room_replays() -> None:
    g, _ = make(["Conspirator", "Throne Room"],
                {"hand": ["Throne Room", "Conspirator"], "deck": ["Gold", "Silver"]}, {})
    g.play_action("Throne Room")
    assert (g.coins, g.actions, hand(g, 0)) == (4, 1, ["Gold"])


def test_conspirator_alone_gives_only_coins() -> None:
    g, _ = make(["Conspirator"], {"hand": ["Conspirator"], "deck": ["Gold"]}, {})
    g.play_action("Conspirator")
    assert (g.coins, g.actions, hand(g, 0)) == (2, 0, [])


def test_coppersmith_cumulative_and_copper_only() -> None:
    g, _ = make(["Coppersmith", "Throne Room"],
                {"hand": ["Throne Room", "Coppersmith", "Copper", "Copper", "Silver"]}, {})
    g.play_action("Throne Room")
    assert g.coins == 0
    g.play_all_treasures()
    assert g.coins == 3 + 3 + 2


def test_coppersmith_bonus_ends_with_the_turn_and_rolls_back() -> None:
    g, _ = make(["Coppersmith", "Procession", "Market"],
                {"hand": ["Coppersmith", "Procession", "Coppersmith"], "deck": ["Copper"] * 5},
                {}, answers=["Coppersmith", "Gold"], actions=2)
    g.play_action("Coppersmith")
    assert g.state(CopperBonus).bonus == 1
    # Procession plays the other Coppersmith twice, then the gain is refused (Gold does
    # not cost exactly 5): the move is rolled back, bonus and all.
    with pytest.raises(InvalidAnswer):
        g.play_action("Procession")
    assert g.state(CopperBonus).bonus == 1 and hand(g, 0) == ["Coppersmith", "Procession"]
    g.end_turn()
    assert g.existing_state(CopperBonus) is None


def test_courtyard_draws_then_topdecks_any_card() -> None:
    g, s = make(["Courtyard"], {"hand": ["Courtyard", "Gold"],
                                "deck": ["Copper", "Estate", "Silver", "Duchy"]}, {},
                answers=["Gold"])
    g.play_action("Courtyard")
    assert sorted(s.asked[0].option_ids()) == ["Copper", "Estate", "Gold", "Silver"]
    assert deck(g, 0) == ["Gold", "Duchy"]


def test_baron_optional_discard_else_gain_estate() -> None:
    g, _ = make(["Baron"], {"hand": ["Baron", "Estate"]}, {}, answers=["Estate"])
    g.play_action("Baron")
    assert (g.coins, g.buys, names(g.players[0].discard)) == (4, 2, ["Estate"])
    assert len(g.piles["Estate"]) == 8
    g2, _ = make(["Baron"], {"hand": ["Baron", "Estate"]}, {}, answers=[[]])
    g2.play_action("Baron")
    assert (g2.coins, hand(g2, 0), names(g2.players[0].discard)) == (0, ["Estate"], ["Estate"])
    g3, _ = make(["Baron"], {"hand": ["Baron"]}, {}, supply={"Estate": 0})
    g3.play_action("Baron")
    assert (g3.buys, g3.players[0].discard) == (2, [])


def test_mining_village_trashes_once_under_throne_room() -> None:
    g, s = make(["Mining Village", "Throne Room"],
                {"hand": ["Throne Room", "Mining Village"], "deck": ["Copper", "Silver"]}, {},
                answers=["yes"])
    g.play_action("Throne Room")
    assert (g.actions, g.coins, names(g.trash)) == (4, 2, ["Mining Village"])
    assert len(s.asked) == 1 and len(g.players[0].hand) == 2


def test_wishing_well_named_card_to_hand_else_stays() -> None:
    g, _ = make(["Wishing Well"], {"hand": ["Wishing Well", "Wishing Well"],
                                   "deck": ["Copper", "Gold", "Silver", "Estate"]}, {},
                answers=["Silver", "Gold"])
    g.play_action("Wishing Well")  # draws Copper, names Silver, Gold stays
    assert deck(g, 0) == ["Gold", "Silver", "Estate"]
    g.play_action("Wishing Well")  # draws Gold, names Gold, reveals Silver: stays
    assert hand(g, 0) == ["Copper", "Gold"] and deck(g, 0) == ["Silver", "Estate"]


def test_ironworks_bonus_by_types() -> None:
    g, _ = make(["Ironworks", "Great Hall", "Village"],
                {"hand": ["Ironworks", "Ironworks", "Village"], "deck": ["Copper"] * 3}, {},
                answers=["Great Hall", "Silver"], actions=2)
    g.play_action("Ironworks")
    assert (g.actions, len(g.players[0].hand)) == (2, 3)
    g.play_action("Ironworks")
    assert (g.actions, g.coins) == (1, 1)
    assert names(g.players[0].discard) == ["Great Hall", "Silver"]


def test_trading_post_cases() -> None:
    g, _ = make(["Trading Post"], {"hand": ["Trading Post", "Estate", "Copper", "Curse"]}, {},
                answers=[["Estate", "Curse"]])
    g.play_action("Trading Post")
    assert hand(g, 0) == ["Copper", "Silver"] and names(g.trash) == ["Estate", "Curse"]
    g2, _ = make(["Trading Post"], {"hand": ["Trading Post", "Estate"]}, {})
    g2.play_action("Trading Post")
    assert hand(g2, 0) == [] and len(g2.piles["Silver"]) == 40


def test_upgrade_exact_cost_and_bridge() -> None:
    g, s = make(["Upgrade", "Bridge", "Pawn"], {"hand": ["Bridge", "Upgrade", "Copper"],
                                                "deck": ["Estate"]}, {},
                answers=["Copper", "Pawn"], actions=2)
    g.play_action("Bridge")
    g.play_action("Upgrade")
    assert sorted(s.asked[1].option_ids()) == ["Estate", "Pawn"]
    assert names(g.players[0].discard) == ["Pawn"] and names(g.trash) == ["Copper"]


def test_upgrade_nothing_at_cost_still_trashes() -> None:
    g, _ = make(["Upgrade"], {"hand": ["Upgrade", "Gold"]}, {})
    g.play_action("Upgrade")
    assert names(g.trash) == ["Gold"] and g.players[0].discard == []


def test_secret_chamber_action_discards_for_coins() -> None:
    g, _ = make(["Secret Chamber"], {"hand": ["Secret Chamber", "Estate", "Curse", "Copper"]},
                {}, answers=[["Estate", "Curse"]])
    g.play_action("Secret Chamber")
    assert (g.coins, hand(g, 0)) == (2, ["Copper"])


def test_secret_chamber_reaction_then_attack_resolves() -> None:
    g, _ = make(["Secret Chamber", "Militia"], {"hand": ["Militia"]},
                {"hand": ["Secret Chamber", "Copper", "Copper", "Estate"],
                 "deck": ["Gold", "Silver"]},
                answers=["Secret Chamber", ["Secret Chamber", "Estate"], ["Copper"]])
    g.play_action("Militia")
    assert hand(g, 1) == ["Copper", "Gold", "Silver"]
    assert deck(g, 1) == ["Estate", "Secret Chamber"]


def test_scout_takes_all_victory_cards_and_orders_the_rest() -> None:
    g, s = make(["Scout", "Great Hall"], {"hand": ["Scout"],
                                          "deck": ["Estate", "Curse", "Great Hall", "Gold",
                                                   "Silver"]}, {},
                answers=[["Gold", "Curse"]])
    g.play_action("Scout")
    assert hand(g, 0) == ["Estate", "Great Hall"] and g.actions == 1
    assert deck(g, 0) == ["Curse", "Gold", "Silver"]
    assert s.asked[0].kind == "order_cards"


def test_tribute_distinct_names_and_types() -> None:
    g, _ = make(["Tribute", "Great Hall"], {"hand": ["Tribute"], "deck": ["Copper"] * 4},
                {"deck": ["Great Hall", "Great Hall", "Gold"]})
    g.play_action("Tribute")
    assert (g.actions, len(g.players[0].hand)) == (2, 2)
    assert names(g.players[1].discard) == ["Great Hall", "Great Hall"]
    g2, _ = make(["Tribute"], {"hand": ["Tribute"]}, {"deck": ["Curse", "Silver"]})
    g2.play_action("Tribute")
    assert (g2.coins, g2.actions) == (2, 0)


def test_tribute_with_no_cards_to_reveal() -> None:
    g, _ = make(["Tribute"], {"hand": ["Tribute"]}, {})
    g.play_action("Tribute")
    assert (g.coins, g.actions, g.players[0].hand) == (0, 0, [])


def test_masquerade_passes_simultaneously_and_only_player_trashes() -> None:
    g, s = make(["Masquerade"], {"hand": ["Masquerade", "Estate"], "deck": ["Copper", "Gold"]},
                {"hand": ["Curse", "Silver"]},
                answers=["Estate", "Curse", "Curse"])
    g.play_action("Masquerade")
    assert hand(g, 0) == ["Copper", "Gold"] and hand(g, 1) == ["Estate", "Silver"]
    assert names(g.trash) == ["Curse"]
    assert [d.player for d in s.asked] == [0, 1, 0]
    assert "Curse" not in s.asked[0].option_ids()


def test_minion_options() -> None:
    g, _ = make(["Minion"], {"hand": ["Minion", "Estate"], "deck": ["Copper"] * 4},
                {"hand": ["Copper"] * 5, "deck": ["Silver"] * 4},
                {"hand": ["Copper"] * 4}, answers=["attack"])
    g.play_action("Minion")
    assert g.actions == 1 and hand(g, 0) == ["Copper"] * 4
    assert hand(g, 1) == ["Silver"] * 4 and len(g.players[1].discard) == 5
    assert hand(g, 2) == ["Copper"] * 4
    g2, _ = make(["Minion"], {"hand": ["Minion", "Estate"]}, {}, answers=["coins"])
    g2.play_action("Minion")
    assert (g2.coins, g2.actions, hand(g2, 0)) == (2, 1, ["Estate"])


def test_torturer_victims_choose_in_turn_order() -> None:
    g, s = make(["Torturer"], {"hand": ["Torturer"]}, {"hand": ["Copper", "Estate", "Gold"]},
                {"hand": ["Gold"]}, answers=["discard", ["Copper", "Estate"], "curse"],
                supply={"Curse": 5})
    g.play_action("Torturer")
    assert hand(g, 1) == ["Gold"] and hand(g, 2) == ["Curse", "Gold"]
    assert [d.player for d in s.asked] == [1, 1, 2]


def test_swindler_gives_same_cost_card() -> None:
    g, s = make(["Swindler", "Village"], {"hand": ["Swindler"]}, {"deck": ["Silver"]},
                answers=["Village"])
    g.play_action("Swindler")
    assert names(g.trash) == ["Silver"] and names(g.players[1].discard) == ["Village"]
    assert sorted(s.asked[0].option_ids()) == ["Silver", "Swindler", "Village"]
    assert s.asked[0].player == 0 and g.coins == 2


def test_saboteur_trashes_first_three_cost_card() -> None:
    g, _ = make(["Saboteur"], {"hand": ["Saboteur"]},
                {"deck": ["Estate", "Duchy", "Copper"]}, answers=["Estate"])
    g.play_action("Saboteur")
    assert names(g.trash) == ["Duchy"]
    assert names(g.players[1].discard) == ["Estate", "Estate"]
    assert deck(g, 1) == ["Copper"] and g.players[1].set_aside == []


def test_secret_chamber_with_two_cards_orders_them() -> None:
    g, s = make(["Secret Chamber", "Militia"], {"hand": ["Militia"]},
                {"hand": ["Secret Chamber"], "deck": ["Gold"]},
                answers=["Secret Chamber", ["Gold", "Secret Chamber"]])
    g.play_action("Militia")
    assert deck(g, 1) == ["Secret Chamber", "Gold"] and hand(g, 1) == []
    assert s.asked[-1].kind == "order_cards"


def test_wishing_well_can_name_a_card_from_an_empty_pile_held_by_a_player() -> None:
    g, s = make(["Wishing Well"], {"hand": ["Wishing Well", "Province"],
                                   "deck": ["Copper", "Province"]}, {},
                answers=["Province"], supply={"Province": 0})
    g.play_action("Wishing Well")
    assert "Province" in s.asked[0].option_ids()
    assert hand(g, 0) == ["Copper", "Province", "Province"]
