"""Dark Ages (first edition) cards, including the FAQ interactions."""

from __future__ import annotations

import pytest
from engine_helpers import deck, hand, make, names

from engine import IllegalMove


def test_marauder_gains_spoils_then_ruins_for_each_other_player() -> None:
    g, _ = make(["Marauder"], {"hand": ["Marauder"]}, {}, {},
                supply={"Ruins": ["Survivors", "Ruined Market"]})
    g.play_action("Marauder")
    assert names(g.players[0].discard) == ["Spoils"]
    assert names(g.players[1].discard) == ["Survivors"]
    assert names(g.players[2].discard) == ["Ruined Market"]
    assert len(g.piles["Ruins"].cards) == 0


def test_ruins_pile_needs_a_looter_and_has_ten_per_other_player() -> None:
    from engine.setup import new_game

    assert "Ruins" not in new_game(["Village"] * 1, 2, seed=0).piles
    g = new_game(["Marauder"], 4, seed=0)
    assert len(g.piles["Ruins"].cards) == 30 and not g.piles["Ruins"].kingdom


def test_shelters_replace_starting_estates() -> None:
    from engine.setup import new_game

    g = new_game(["Village"], 2, seed=0, shelters=True)
    cards = sorted(names(g.players[0].all_cards()))
    assert cards == sorted(["Copper"] * 7 + ["Hovel", "Necropolis", "Overgrown Estate"])
    assert not {"Hovel", "Necropolis", "Overgrown Estate"} & set(g.piles)


def test_survivors_discard_or_put_back() -> None:
    g, _ = make(["Marauder"], {"hand": ["Survivors"], "deck": ["Copper", "Gold", "Silver"]}, {},
                answers=["back", ["Copper", "Gold"]])
    g.play_action("Survivors")
    assert deck(g, 0) == ["Gold", "Copper", "Silver"]


def test_hovel_trashed_on_victory_buy_only() -> None:
    g, s = make(["Village"], {"hand": ["Hovel", "Gold", "Gold", "Gold"]}, {},
                answers=["no", "Hovel"],
                buys=3)
    g.play_all_treasures()
    g.buy("Silver")
    assert not s.asked
    g.buy("Estate")
    assert names(g.trash) == []
    g.buy("Estate")
    assert names(g.trash) == ["Hovel"] and hand(g, 0) == [] and g.coins == 2


def test_overgrown_estate_draws_when_trashed_and_scores_zero() -> None:
    g, _ = make(["Chapel"], {"hand": ["Chapel", "Overgrown Estate"], "deck": ["Gold"]}, {},
                answers=[["Overgrown Estate"]])
    g.play_action("Chapel")
    assert hand(g, 0) == ["Gold"]
    assert g.victory_points(g.players[0]) == 0
    with pytest.raises(IllegalMove):
        g2, _ = make(["Chapel"], {"hand": ["Overgrown Estate"]}, {})
        g2.play_action("Overgrown Estate")


def test_necropolis_two_actions() -> None:
    g, _ = make(["Village"], {"hand": ["Necropolis"]}, {})
    g.play_action("Necropolis")
    assert g.actions == 2


def test_poor_house_loses_per_treasure_not_below_zero() -> None:
    g, _ = make(["Poor House", "Harem"], {"hand": ["Poor House", "Copper", "Harem"]}, {})
    g.play_action("Poor House")
    assert g.coins == 2
    g2, _ = make(["Poor House"], {"hand": ["Poor House"] + ["Copper"] * 6}, {}, coins=1)
    g2.play_action("Poor House")
    assert g2.coins == 0


def test_forager_counts_distinct_treasure_names() -> None:
    g, _ = make(["Forager"], {"hand": ["Forager", "Estate"]}, {},
                trash=["Copper", "Copper", "Silver", "Harem", "Estate"])
    g.play_action("Forager")
    assert (g.coins, g.actions, g.buys) == (3, 1, 2)
    assert names(g.trash)[-1] == "Estate"


def test_sage_finds_a_card_costing_three_or_more() -> None:
    g, _ = make(["Sage"], {"hand": ["Sage"], "deck": ["Copper", "Estate", "Silver", "Gold"]}, {})
    g.play_action("Sage")
    assert hand(g, 0) == ["Silver"] and deck(g, 0) == ["Gold"]
    assert sorted(names(g.players[0].discard)) == ["Copper", "Estate"] and g.actions == 1


def test_vagrant_takes_victory_curse_ruins_shelter() -> None:
    for top, taken in (("Estate", True), ("Curse", True), ("Survivors", True),
                       ("Hovel", True), ("Great Hall", True), ("Silver", False)):
        g, _ = make(["Vagrant", "Marauder"], {"hand": ["Vagrant"], "deck": ["Copper", top]}, {})
        g.play_action("Vagrant")
        assert (top in hand(g, 0)) is taken, top
        assert g.actions == 1


def test_wandering_minstrel_puts_actions_back() -> None:
    g, _ = make(["Wandering Minstrel", "Village"],
                {"hand": ["Wandering Minstrel"],
                 "deck": ["Copper", "Village", "Gold", "Smithy", "Estate"]}, {},
                answers=[["Village", "Smithy"]])
    g.play_action("Wandering Minstrel")
    assert deck(g, 0) == ["Smithy", "Village", "Estate"]
    assert names(g.players[0].discard) == ["Gold"] and g.actions == 2


def test_squire_modes_and_trash_gain() -> None:
    g, _ = make(["Squire", "Militia", "Chapel"],
                {"hand": ["Squire", "Squire", "Chapel", "Squire"]}, {},
                answers=["actions", "silver", ["Squire"], "Militia"])
    g.play_action("Squire")
    assert (g.actions, g.coins) == (2, 1)
    g.play_action("Squire")
    assert names(g.players[0].discard) == ["Silver"]
    g.play_action("Chapel")
    assert names(g.players[0].discard) == ["Silver", "Militia"]


def test_storeroom_two_discards() -> None:
    g, _ = make(["Storeroom"], {"hand": ["Storeroom", "Estate", "Copper"],
                                "deck": ["Curse", "Gold"]}, {},
                answers=[["Estate"], ["Curse", "Copper"]])
    g.play_action("Storeroom")
    assert (g.coins, g.buys, hand(g, 0)) == (2, 2, [])


def test_junk_dealer_and_altar_and_armory() -> None:
    g, _ = make(["Junk Dealer"], {"hand": ["Junk Dealer"], "deck": ["Estate"]}, {})
    g.play_action("Junk Dealer")
    assert names(g.trash) == ["Estate"] and (g.actions, g.coins) == (1, 1)
    g, _ = make(["Altar"], {"hand": ["Altar"]}, {}, answers=["Duchy"])
    g.play_action("Altar")
    assert names(g.players[0].discard) == ["Duchy"]
    g, _ = make(["Armory"], {"hand": ["Armory"], "deck": ["Copper"]}, {}, answers=["Silver"])
    g.play_action("Armory")
    assert deck(g, 0) == ["Silver", "Copper"]


def test_hunting_grounds_and_feodum_when_trashed() -> None:
    # Chapel trashes both at once; their when-trashed effects follow in the order chosen.
    g, _ = make(["Hunting Grounds", "Feodum", "Chapel"],
                {"hand": ["Chapel", "Hunting Grounds", "Feodum"]}, {},
                answers=[["Hunting Grounds", "Feodum"], ["Feodum", "Hunting Grounds"],
                         "estates"], supply={"Silver": 2})
    g.play_action("Chapel")
    assert sorted(names(g.players[0].discard)) == ["Estate"] * 3 + ["Silver"] * 2


def test_feodum_scores_per_three_silvers() -> None:
    g, _ = make(["Feodum"], {"hand": ["Feodum", "Feodum"], "deck": ["Silver"] * 7}, {})
    assert g.victory_points(g.players[0]) == 4


def test_ironmonger_bonus_per_type() -> None:
    g, _ = make(["Ironmonger", "Harem"], {"hand": ["Ironmonger"],
                                          "deck": ["Copper", "Harem", "Gold"]}, {},
                answers=["yes"])
    g.play_action("Ironmonger")
    assert (g.coins, g.actions) == (1, 1)
    assert hand(g, 0) == ["Copper", "Gold"] and names(g.players[0].discard) == ["Harem"]


def test_cultist_chains_without_an_action_and_draws_three_when_trashed() -> None:
    g, _ = make(["Cultist"], {"hand": ["Cultist", "Cultist"], "deck": ["Copper"] * 4}, {},
                answers=[["Cultist"]], supply={"Ruins": ["Survivors"]})
    g.play_action("Cultist")
    assert g.actions == 0 and len(g.players[0].hand) == 4
    assert names(g.players[1].discard) == ["Survivors"]
    g2, _ = make(["Cultist", "Chapel"], {"hand": ["Chapel", "Cultist"], "deck": ["Gold"] * 3},
                 {}, answers=[["Cultist"]])
    g2.play_action("Chapel")
    assert hand(g2, 0) == ["Gold"] * 3


def test_death_cart_trashes_an_action_or_itself_and_brings_ruins() -> None:
    g, _ = make(["Death Cart"], {"hand": ["Death Cart", "Village"]}, {}, answers=[[]])
    g.play_action("Death Cart")
    assert g.coins == 5 and names(g.trash) == ["Death Cart"] and hand(g, 0) == ["Village"]
    g, _ = make(["Death Cart"], {"hand": ["Death Cart", "Village"]}, {}, answers=["Village"])
    g.play_action("Death Cart")
    assert names(g.trash) == ["Village"] and names(g.players[0].in_play) == ["Death Cart"]
    g, _ = make(["Death Cart"], {}, {}, supply={"Ruins": ["Survivors", "Ruined Market"]})
    g.gain_card(1, "Death Cart")
    assert names(g.players[1].discard) == ["Death Cart", "Survivors", "Ruined Market"]


def test_rats_gains_rats_and_trashes_a_non_rats() -> None:
    g, _ = make(["Rats"], {"hand": ["Rats", "Rats"], "deck": ["Estate"]}, {})
    g.play_action("Rats")
    assert names(g.trash) == ["Estate"] and names(g.players[0].discard) == ["Rats"]
    from engine.registry import card
    from engine.setup import pile_size

    assert pile_size(card("Rats"), 2) == pile_size(card("Rats"), 6) == 20


def test_catacombs_both_modes_and_cheaper_gain() -> None:
    g, _ = make(["Catacombs"], {"hand": ["Catacombs"], "deck": ["Copper", "Estate", "Gold",
                                                                 "Silver", "Duchy", "Curse"]},
                {}, answers=["discard"])
    g.play_action("Catacombs")
    assert hand(g, 0) == ["Curse", "Duchy", "Silver"]
    g, s = make(["Catacombs", "Chapel"], {"hand": ["Chapel", "Catacombs"]}, {},
                answers=[["Catacombs"], "Silver"])
    g.play_action("Chapel")
    assert names(g.players[0].discard) == ["Silver"]
    assert s.asked[-1].context["max_coins"] == 4


def test_count_choices_and_trash_hand_at_once() -> None:
    g, _ = make(["Count"], {"hand": ["Count", "Copper", "Estate"]}, {},
                answers=["topdeck", "Estate", "coins"])
    g.play_action("Count")
    assert deck(g, 0) == ["Estate"] and g.coins == 3
    g, s = make(["Count"], {"hand": ["Count", "Rats", "Overgrown Estate", "Copper"],
                            "deck": ["Gold", "Silver"]}, {},
                answers=["copper", "trash", ["Rats", "Overgrown Estate"]])
    g.play_action("Count")
    assert sorted(names(g.trash)) == ["Copper", "Overgrown Estate", "Rats"]
    assert hand(g, 0) == ["Gold", "Silver"]


def test_scavenger_mystic_rebuild() -> None:
    g, _ = make(["Scavenger"], {"hand": ["Scavenger"], "deck": ["Copper"], "discard": ["Gold"]},
                {}, answers=["yes", "Gold"])
    g.play_action("Scavenger")
    assert deck(g, 0) == ["Gold"] and names(g.players[0].discard) == ["Copper"]
    g, _ = make(["Mystic"], {"hand": ["Mystic"], "deck": ["Gold"]}, {}, answers=["Gold"])
    g.play_action("Mystic")
    assert hand(g, 0) == ["Gold"] and (g.actions, g.coins) == (1, 2)
    g, _ = make(["Rebuild"], {"hand": ["Rebuild"], "deck": ["Province", "Duchy"]}, {},
                answers=["Province", "Province"])
    g.play_action("Rebuild")
    assert names(g.trash) == ["Duchy"]
    assert sorted(names(g.players[0].discard)) == ["Province", "Province"]


def test_pillage_trashes_itself_and_gains_two_spoils() -> None:
    g, _ = make(["Pillage"], {"hand": ["Pillage"]},
                {"hand": ["Copper", "Copper", "Gold", "Estate", "Silver"]}, answers=["Gold"])
    g.play_action("Pillage")
    assert names(g.trash) == ["Pillage"] and names(g.players[1].discard) == ["Gold"]
    assert names(g.players[0].discard) == ["Spoils", "Spoils"]


def test_graverobber_both_options() -> None:
    g, _ = make(["Graverobber"], {"hand": ["Graverobber"], "deck": ["Copper"]}, {},
                answers=["trash", "Gold"], trash=["Gold", "Province", "Copper"])
    g.play_action("Graverobber")
    assert deck(g, 0) == ["Gold", "Copper"] and names(g.trash) == ["Province", "Copper"]
    g, _ = make(["Graverobber", "Village"], {"hand": ["Graverobber", "Village"]}, {},
                answers=["upgrade", "Gold"])
    g.play_action("Graverobber")
    assert names(g.trash) == ["Village"] and names(g.players[0].discard) == ["Gold"]


def test_rogue_gains_from_trash_or_attacks() -> None:
    g, _ = make(["Rogue"], {"hand": ["Rogue"]}, {"deck": ["Gold"]}, trash=["Silver"])
    g.play_action("Rogue")
    assert names(g.players[0].discard) == ["Silver"] and g.coins == 2 and deck(g, 1) == ["Gold"]
    g, _ = make(["Rogue"], {"hand": ["Rogue"]}, {"deck": ["Gold", "Copper"]})
    g.play_action("Rogue")
    assert names(g.trash) == ["Gold"] and names(g.players[1].discard) == ["Copper"]


def test_procession_plays_twice_trashes_and_gains_exactly_one_more() -> None:
    g, s = make(["Procession", "Village", "Smithy"],
                {"hand": ["Procession", "Village"], "deck": ["Copper"] * 3}, {},
                answers=["Village", "Smithy"])
    g.play_action("Procession")
    assert g.actions == 4 and names(g.trash) == ["Village"]
    assert names(g.players[0].discard) == ["Smithy"]
    assert "Procession" in s.asked[-1].option_ids()  # Procession costs 4 too


def test_counterfeit_plays_a_treasure_twice_and_trashes_it() -> None:
    g, _ = make(["Counterfeit"], {"hand": ["Counterfeit", "Gold"]}, {}, answers=["Gold"])
    g.play_all_treasures()
    assert (g.coins, g.buys) == (7, 2) and names(g.trash) == ["Gold"]


def test_beggar_coppers_and_reaction() -> None:
    g, _ = make(["Beggar", "Witch"], {"hand": ["Witch"]}, {"hand": ["Beggar"]},
                answers=["Beggar"])
    g.play_action("Witch")
    assert deck(g, 1) == ["Silver"]
    assert names(g.players[1].discard) == ["Beggar", "Silver", "Curse"]
    g, _ = make(["Beggar"], {"hand": ["Beggar"]}, {})
    g.play_action("Beggar")
    assert hand(g, 0) == ["Copper"] * 3


def test_market_square_gold_when_own_card_trashed() -> None:
    g, _ = make(["Market Square", "Chapel"], {"hand": ["Chapel", "Estate", "Market Square"]},
                {"hand": ["Market Square"]}, answers=[["Estate"], "Market Square"])
    g.play_action("Chapel")
    assert names(g.players[0].discard) == ["Market Square", "Gold"]
    assert hand(g, 1) == ["Market Square"]


def test_urchin_trashed_for_mercenary_by_another_attack() -> None:
    g, _ = make(["Urchin", "Witch"], {"hand": ["Urchin", "Witch"], "deck": ["Copper"] * 3},
                {"hand": ["Copper"] * 5}, answers=[["Copper"], "yes"])
    g.play_action("Urchin")
    assert len(g.players[1].hand) == 4
    g.play_action("Witch")
    assert names(g.trash) == ["Urchin"] and names(g.players[0].discard) == ["Mercenary"]
    assert names(g.players[1].discard) == ["Copper", "Curse"]


def test_mercenary_trashes_two_for_its_bonus() -> None:
    g, _ = make(["Urchin"], {"hand": ["Mercenary", "Estate", "Estate"], "deck": ["Gold"] * 2},
                {"hand": ["Copper"] * 4}, answers=["yes", ["Copper"]])
    g.play_action("Mercenary")
    assert hand(g, 0) == ["Gold", "Gold"] and g.coins == 2 and len(g.players[1].hand) == 3


def test_hermit_and_madman() -> None:
    g, _ = make(["Hermit"], {"hand": ["Hermit"], "discard": ["Estate"],
                             "deck": ["Copper"] * 5}, {}, answers=["Estate", "Silver"])
    g.play_action("Hermit")
    g.end_turn()
    assert names(g.trash) == ["Estate", "Hermit"]
    assert names(g.players[0].discard) == ["Silver", "Madman"]
    g, _ = make(["Hermit"], {"hand": ["Madman", "Copper"], "deck": ["Gold"]}, {})
    g.play_action("Madman")
    assert g.actions == 2 and hand(g, 0) == ["Copper", "Gold"]
    assert len(g.piles["Madman"].cards) == 11


def test_knights_pile_is_ten_different_knights() -> None:
    from engine.setup import new_game

    g = new_game(["Knights"], 2, seed=0)
    pile = g.piles["Knights"]
    assert pile.kingdom and pile.supply
    assert len({c.name for c in pile.cards}) == 10


def test_each_knight_bonus_then_attack() -> None:
    for name, check in (("Dame Molly", lambda g: g.actions == 2),
                        ("Dame Sylvia", lambda g: g.coins == 2),
                        ("Sir Bailey", lambda g: g.actions == 1 and len(g.players[0].hand) == 1),
                        ("Sir Destry", lambda g: len(g.players[0].hand) == 2),
                        ("Sir Martin", lambda g: g.buys == 3)):
        g, _ = make(["Knights"], {"hand": [name], "deck": ["Copper"] * 2},
                    {"deck": ["Estate", "Silver"]})
        g.play_action(name)
        assert check(g), name
        assert names(g.trash) == ["Silver"], name


def test_knight_trashing_a_knight_trashes_itself() -> None:
    g, _ = make(["Knights"], {"hand": ["Sir Michael"]},
                {"hand": ["Copper"] * 4, "deck": ["Sir Vander", "Copper"]}, answers=[["Copper"]])
    g.play_action("Sir Michael")
    assert names(g.trash) == ["Sir Vander", "Sir Michael"]
    assert names(g.players[1].discard) == ["Copper", "Gold", "Copper"]


def test_dame_natalie_and_josephine() -> None:
    g, _ = make(["Knights"], {"hand": ["Dame Natalie", "Dame Josephine"]}, {},
                answers=["Silver"])
    g.play_action("Dame Natalie")
    assert names(g.players[0].discard) == ["Silver"]
    assert g.victory_points(g.players[0]) == 2


def test_band_of_misfits_is_the_copied_card_until_it_leaves_play() -> None:
    g, _ = make(["Band of Misfits", "Fortress", "Militia"],
                {"hand": ["Band of Misfits"], "deck": ["Copper"] * 6}, {"hand": ["Copper"] * 4},
                answers=["Militia", ["Copper"]])
    g.play_action("Band of Misfits")
    bom = g.players[0].in_play[0]
    assert bom.name == "Militia" and bom.defn.is_attack and g.coins == 2
    assert g.cost(bom).coins == 4
    g.end_turn()
    assert bom.name == "Band of Misfits" and bom in g.players[0].discard


def test_band_of_misfits_rolled_back_with_a_failed_move() -> None:
    from engine.errors import InvalidAnswer

    g, _ = make(["Band of Misfits", "Workshop"], {"hand": ["Band of Misfits"]}, {},
                answers=["Workshop", "Province"])
    with pytest.raises(InvalidAnswer):
        g.play_action("Band of Misfits")
    bom = g.players[0].hand[0]
    assert bom.name == "Band of Misfits" and bom.defn.name == "Band of Misfits"
    assert not g._masks
