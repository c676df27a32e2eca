"""Alchemy's Potion-cost Kingdom cards and the Potion, Platinum and Colony setup rules."""

from __future__ import annotations

import random

import pytest
from engine_helpers import deck, hand, make, names

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


# --- Vineyard, Apprentice, Philosopher's Stone ---------------------------------------------
def test_vineyard_counts_action_cards_of_every_type_and_zone_rounding_down() -> None:
    g, _ = make(["Vineyard", "Moat", "Familiar"],
                {"hand": ["Vineyard", "Moat", "Copper"], "deck": ["Familiar", "Village"],
                 "discard": ["Village", "Estate"], "in_play": ["Smithy"]}, {})
    assert g.victory_points(g.players[0]) == 1 + 1  # 5 Actions: 1 VP; the Estate: 1 VP
    g, _ = make(["Vineyard"], {"hand": ["Vineyard", "Vineyard"], "deck": ["Village"] * 8}, {})
    assert g.victory_points(g.players[0]) == 2 * 2  # 8 Actions: 2 VP per Vineyard
    vineyard = registry.card("Vineyard")
    assert vineyard.is_victory and not vineyard.is_action and vineyard.cost == Cost(0, potion=1)


@pytest.mark.parametrize(("players", "size"), [(2, 8), (3, 12), (5, 12)])
def test_vineyard_pile_is_a_victory_pile(players: int, size: int) -> None:
    assert len(new_game(["Vineyard", *BASE10[:9]], players).piles["Vineyard"]) == size


@pytest.mark.parametrize(("trashed", "drawn"), [
    ("Copper", 0), ("Curse", 0), ("Estate", 2), ("Silver", 3), ("Familiar", 5), ("Transmute", 2),
])
def test_apprentice_draws_per_coin_and_two_for_a_potion(trashed: str, drawn: int) -> None:
    g, _ = make(["Apprentice", "Familiar", "Transmute"],
                {"hand": ["Apprentice", trashed], "deck": ["Gold"] * 6}, {})
    g.play_action("Apprentice")
    assert names(g.trash) == [trashed]
    assert len(g.players[0].hand) == drawn and g.actions == 1


def test_apprentice_trash_is_mandatory_and_an_empty_hand_draws_nothing() -> None:
    g, script = make(["Apprentice"], {"hand": ["Apprentice", "Silver", "Estate"]}, {},
                     answers=["Estate"])
    g.play_action("Apprentice")
    assert script.asked[0].min == 1
    g, _ = make(["Apprentice"], {"hand": ["Apprentice"], "deck": ["Gold"]}, {})
    g.play_action("Apprentice")
    assert g.players[0].hand == [] and deck(g, 0) == ["Gold"] and g.actions == 1


def test_apprentice_uses_the_current_cost() -> None:
    g, _ = make(["Apprentice", "Bridge"], {"hand": ["Bridge", "Apprentice", "Silver"],
                                           "deck": ["Gold"] * 4}, {}, actions=2)
    g.play_action("Bridge")
    g.play_action("Apprentice")
    assert len(g.players[0].hand) == 2  # Silver costs 2 while Bridge is in play


def test_philosophers_stone_counts_deck_and_discard_when_played() -> None:
    g, _ = make(["Philosopher's Stone"],
                {"hand": ["Philosopher's Stone", "Philosopher's Stone", "Copper"],
                 "deck": ["Estate"] * 7, "discard": ["Copper"] * 7, "in_play": ["Village"]}, {},
                buys=2)
    before = deck(g, 0)
    g.play_treasure("Philosopher's Stone")
    assert g.coins == 2 and deck(g, 0) == before
    g.play_treasure("Philosopher's Stone")
    assert g.coins == 4
    g.buy("Copper")
    assert g.coins == 4  # the count is not redone when the discard pile grows
    with pytest.raises(IllegalMove, match="after buying"):
        g.play_treasure("Copper")


def test_philosophers_stone_is_a_potion_cost_kingdom_treasure() -> None:
    stone = registry.card("Philosopher's Stone")
    assert stone.is_treasure and not stone.plain and stone.cost == Cost(3, potion=1)
    assert "Philosopher's Stone" in registry.kingdom_names()
    g, _ = make(["Philosopher's Stone"], {"hand": ["Philosopher's Stone"]}, {})
    with pytest.raises(IllegalMove, match="not an Action"):
        g.play_action("Philosopher's Stone")


# --- Apothecary, Scrying Pool, Golem -------------------------------------------------------
def test_apothecary_draws_then_takes_coppers_and_potions_and_puts_back_in_order() -> None:
    g, script = make(["Apothecary"], {"hand": ["Apothecary"],
                                      "deck": ["Gold", "Copper", "Estate", "Potion", "Silver",
                                               "Copper"]}, {}, answers=[["Silver", "Estate"]])
    g.play_action("Apothecary")
    assert hand(g, 0) == ["Copper", "Gold", "Potion"] and g.actions == 1
    assert deck(g, 0) == ["Estate", "Silver", "Copper"]
    assert [d.kind.value for d in script.asked] == ["order_cards"]


def test_apothecary_reveals_what_there_is() -> None:
    g, _ = make(["Apothecary"], {"hand": ["Apothecary"], "deck": ["Estate", "Copper"]}, {})
    g.play_action("Apothecary")
    assert hand(g, 0) == ["Copper", "Estate"] and deck(g, 0) == [] and g.players[0].set_aside == []


def test_scrying_pool_you_first_then_others_and_actions_until_a_non_action() -> None:
    g, script = make(["Scrying Pool", "Moat"],
                     {"hand": ["Scrying Pool"], "deck": ["Gold", "Village", "Moat", "Copper",
                                                         "Silver"]},
                     {"deck": ["Curse", "Estate"]}, {"deck": ["Duchy"]},
                     answers=["discard", "keep", "discard"])
    g.play_action("Scrying Pool")
    assert [d.context["target"] for d in script.asked] == [0, 1, 2]
    assert hand(g, 0) == ["Copper", "Moat", "Village"] and deck(g, 0) == ["Silver"]
    assert names(g.players[0].discard) == ["Gold"] and g.actions == 1
    assert deck(g, 1) == ["Curse", "Estate"] and names(g.players[2].discard) == ["Duchy"]


def test_scrying_pool_skips_a_player_protected_by_moat() -> None:
    g, script = make(["Scrying Pool", "Moat"], {"hand": ["Scrying Pool"], "deck": ["Copper"]},
                     {"hand": ["Moat"], "deck": ["Gold"]}, answers=["Moat", "keep"])
    g.play_action("Scrying Pool")
    assert [d.kind.value for d in script.asked] == ["react", "choose_option"]
    assert deck(g, 1) == ["Gold"] and hand(g, 0) == ["Copper"]


def test_golem_plays_two_non_golem_actions_found_and_discards_the_rest() -> None:
    g, _ = make(["Golem", "Village", "Smithy"],
                {"hand": ["Golem"], "deck": ["Golem", "Copper", "Village", "Smithy", "Gold",
                                             "Silver", "Silver", "Silver", "Estate"]}, {},
                answers=[["Smithy", "Village"]])
    g.play_action("Golem")
    assert names(g.players[0].in_play) == ["Golem", "Smithy", "Village"]
    assert names(g.players[0].discard) == ["Golem", "Copper"]
    assert hand(g, 0) == ["Gold", "Silver", "Silver", "Silver"] and g.actions == 2
    assert deck(g, 0) == ["Estate"]
    assert g.players[0].set_aside == []


def test_golem_with_library_keeps_the_other_action_to_play() -> None:
    g, _ = make(["Golem", "Library", "Village"],
                {"hand": ["Golem"], "deck": ["Library", "Village", "Smithy", "Copper", "Copper",
                                             "Copper", "Copper", "Copper", "Copper", "Copper",
                                             "Estate"]}, {},
                answers=[["Library", "Village"], "yes"])
    g.play_action("Golem")
    p = g.players[0]
    assert names(p.in_play) == ["Golem", "Library", "Village"]
    assert names(p.discard) == ["Smithy"] and len(p.hand) == 8 and g.actions == 2


# --- Herbalist and Alchemist: when discarded from play in Clean-up -------------------------
def test_herbalist_gives_buy_and_coin_and_may_topdeck_a_treasure_from_play() -> None:
    g, script = make(["Herbalist"], {"hand": ["Herbalist", "Silver", "Copper"],
                                     "deck": ["Estate"] * 6}, {}, answers=[["Silver"]])
    g.play_action("Herbalist")
    assert (g.buys, g.coins) == (2, 1)
    g.play_all_treasures()
    g.end_turn()
    assert script.asked[0].min == 0 and script.asked[0].source == "Herbalist"
    assert hand(g, 0) == ["Estate"] * 4 + ["Silver"] and deck(g, 0) == ["Estate", "Estate"]
    assert "Silver" not in names(g.players[0].discard)


def test_herbalist_may_decline_and_is_not_asked_without_treasures_in_play() -> None:
    g, _ = make(["Herbalist"], {"hand": ["Herbalist", "Gold"], "deck": ["Estate"] * 5}, {},
                answers=[[]])
    g.play_action("Herbalist")
    g.play_all_treasures()
    g.end_turn()
    assert sorted(names(g.players[0].discard)) == ["Gold", "Herbalist"]
    g, script = make(["Herbalist"], {"hand": ["Herbalist", "Gold"], "deck": ["Estate"] * 5}, {})
    g.play_action("Herbalist")
    g.end_turn()
    assert script.asked == []


def test_alchemist_topdecks_only_with_a_potion_in_play_and_if_wanted() -> None:
    g, _ = make(["Alchemist"], {"hand": ["Alchemist", "Potion"], "deck": ["Estate"] * 7}, {},
                answers=["yes"])
    g.play_action("Alchemist")
    assert g.actions == 1 and len(g.players[0].hand) == 3
    g.play_all_treasures()
    g.end_turn()
    assert "Alchemist" in hand(g, 0) and deck(g, 0) == ["Estate"]
    g, _ = make(["Alchemist"], {"hand": ["Alchemist", "Potion"], "deck": ["Estate"] * 7}, {},
                answers=["no"])
    g.play_action("Alchemist")
    g.play_all_treasures()
    g.end_turn()
    assert "Alchemist" in names(g.players[0].discard)
    g, script = make(["Alchemist"], {"hand": ["Alchemist", "Potion"], "deck": ["Estate"] * 7},
                     {})
    g.play_action("Alchemist")
    g.end_turn()  # the Potion stayed in hand: nothing is asked
    assert script.asked == [] and "Alchemist" in names(g.players[0].discard)


def test_herbalist_and_alchemist_discard_order_is_the_players() -> None:
    # Herbalist first takes the Potion, so Alchemist is not even asked.
    g, script = make(["Herbalist", "Alchemist"],
                     {"hand": ["Herbalist", "Alchemist", "Potion"], "deck": ["Estate"] * 8}, {},
                     actions=2, answers=[["Herbalist", "Alchemist"], ["Potion"]])
    g.play_action("Herbalist")
    g.play_action("Alchemist")
    g.play_all_treasures()
    g.end_turn()
    assert [d.kind.value for d in script.asked] == ["order_cards", "choose_cards"]
    assert "Potion" in hand(g, 0) and "Alchemist" in names(g.players[0].discard)


# --- Possession -----------------------------------------------------------------------------
def test_possession_turn_is_decided_by_the_possessor_who_gains_instead() -> None:
    g, script = make(["Possession", "Workshop", "Bureaucrat"],
                     {"hand": ["Possession"], "deck": ["Estate"] * 5},
                     {"hand": ["Workshop", "Copper", "Copper", "Copper"], "deck": ["Estate"] * 5},
                     answers=["Silver"])
    g.play_action("Possession")
    g.end_turn()
    assert (g.current, g.possessed_by, g.is_extra_turn) == (1, 0, True)
    assert g.players[1].turns_taken == 0
    g.play_action("Workshop")
    assert script.asked[-1].player == 0  # the possessor decides
    g.play_all_treasures()
    g.buy("Silver")
    assert names(g.players[0].discard) == ["Possession", "Silver", "Silver"]
    assert g.players[1].discard == []
    g.end_turn()
    assert (g.current, g.possessed_by, g.is_extra_turn) == (1, None, False)
    assert g.players[1].turns_taken == 1 and g.consecutive_turns == 2  # the normal turn only


def test_possession_gains_to_the_possessors_discard_whatever_the_destination() -> None:
    g, _ = make(["Possession", "Bureaucrat"], {"hand": ["Possession"], "deck": ["Estate"] * 5},
                {"hand": ["Bureaucrat"], "deck": ["Copper"] * 5}, answers=["Estate"])
    g.play_action("Possession")
    g.end_turn()
    g.play_action("Bureaucrat")  # "gain a Silver onto your deck"
    assert names(g.players[0].discard) == ["Possession", "Silver"]
    assert deck(g, 1) == ["Copper"] * 5


def test_possession_sets_trashed_cards_aside_until_after_cleanup() -> None:
    g, _ = make(["Possession", "Chapel"], {"hand": ["Possession"], "deck": ["Estate"] * 5},
                {"hand": ["Chapel", "Curse", "Estate"], "deck": ["Copper"] * 5},
                answers=[["Curse", "Estate"]])
    g.play_action("Possession")
    g.end_turn()
    g.play_action("Chapel")
    assert g.trash == [] and names(g.players[1].mats["Possession"]) == ["Curse", "Estate"]
    g.end_turn()
    assert names(g.players[1].discard) == ["Chapel", "Curse", "Estate"]
    assert "Possession" not in g.players[1].mats and hand(g, 1) == ["Copper"] * 5


def test_possession_of_the_possessor_player_and_other_players_decide_for_themselves() -> None:
    g, script = make(["Possession", "Militia"], {"hand": ["Possession"], "deck": ["Estate"] * 5},
                     {"hand": ["Militia"], "deck": ["Copper"] * 5}, answers=[["Estate"] * 2])
    g.play_action("Possession")
    g.end_turn()
    g.play_action("Militia")  # hits the possessor, who discards for themself
    assert script.asked[-1].player == 0 and len(g.players[0].hand) == 3


def test_possession_is_not_a_duration_and_is_cumulative() -> None:
    g, _ = make(["Possession", "Throne Room"],
                {"hand": ["Throne Room", "Possession"], "deck": ["Estate"] * 5},
                {"deck": ["Copper"] * 15})
    g.play_action("Throne Room")
    assert list(g.extra_turns) == [(1, 0), (1, 0)]
    g.end_turn()
    assert names(g.players[0].discard) == ["Throne Room", "Possession"]
    seen = []
    for _ in range(3):
        seen.append((g.current, g.possessed_by))
        g.end_turn()
    assert seen == [(1, 0), (1, 0), (1, None)]
    assert g.current == 0


def test_possession_with_random_bots_keeps_every_card() -> None:
    from engine import new_game
    from engine.invariants import check_invariants
    from engine.providers import providers_for

    kingdom = ["Possession", "Outpost", "Chapel", "Feast", "Thief", "Witch", "Moat", "Mine",
               "Watchtower", "Transmute"]
    for seed in range(3):
        g = new_game(kingdom, 3, seed=seed, providers=providers_for("random", 3, seed))
        while not g.over and g.turn_number < 150:
            g.play_turn()
            assert check_invariants(g) == []


def test_possession_trashed_cards_survive_cards_that_empty_set_aside() -> None:
    """Lookout trashes from the cards it set aside, then puts the rest back: a possessed
    player's trashed card must not be among them (it waits on the Possession mat)."""
    # Lookout reveals Estate, Copper, Silver: trash Estate, discard Copper, Silver back.
    g, _ = make(["Possession", "Lookout"], {"hand": ["Possession"], "deck": ["Estate"] * 5},
                {"hand": ["Lookout"], "deck": ["Estate", "Copper", "Silver", "Gold"]},
                answers=["Estate", "Copper"])
    g.play_action("Possession")
    g.end_turn()
    g.play_action("Lookout")
    p2 = g.players[1]
    assert names(p2.mats["Possession"]) == ["Estate"] and p2.set_aside == []
    assert deck(g, 1) == ["Silver", "Gold"] and names(p2.discard) == ["Copper"]
    g.end_turn()
    assert "Estate" in names(p2.discard) and g.trash == []
