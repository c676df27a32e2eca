"""Nocturne cards: Night cards, Heirloom pairs, Spirits and Zombies, with their FAQ points."""

from __future__ import annotations

import pytest
from engine_helpers import deck, hand, make, names

from engine import IllegalMove, InvalidAnswer
from engine.cards.nocturne import EnviousThisTurn, FaceDownInTrash

E5 = ["Estate"] * 5


def test_night_watchman_is_gained_to_hand_and_reorders_the_rest() -> None:
    g, s = make(["Night Watchman"],
                {"deck": ["Estate", "Copper", "Curse", "Silver", "Gold", "Province"]}, {},
                answers=[["Estate", "Curse"], ["Silver", "Copper", "Gold"]],
                phase="buy", coins=3)
    g.buy("Night Watchman")
    assert hand(g, 0) == ["Night Watchman"]
    g.play_night("Night Watchman")
    assert deck(g, 0) == ["Gold", "Copper", "Silver", "Province"]
    assert sorted(names(g.players[0].discard)) == ["Curse", "Estate"]
    assert {o.id for o in s.asked[0].options} == {"Estate", "Copper", "Curse", "Silver", "Gold"}


def test_night_cards_are_not_actions() -> None:
    g, _ = make(["Night Watchman"], {"hand": ["Night Watchman"]}, {})
    with pytest.raises(IllegalMove, match="not an Action"):
        g.play_action("Night Watchman")


def test_ghost_town_gives_card_and_action_next_turn() -> None:
    g, _ = make(["Ghost Town"], {"hand": ["Ghost Town"], "deck": ["Copper"] * 6},
                {"deck": E5}, phase="night")
    g.play_night("Ghost Town")
    g.end_phase()
    assert names(g.players[0].in_play) == ["Ghost Town"]
    g.end_turn()
    assert (g.current, g.actions, len(g.players[0].hand)) == (0, 2, 6)
    g.end_turn()
    assert names(g.players[0].in_play) == []


def test_ghost_town_is_gained_to_hand() -> None:
    g, _ = make(["Ghost Town"], {}, {})
    g.gain_card(1, "Ghost Town")
    assert hand(g, 1) == ["Ghost Town"]


def test_monastery_trashes_per_gain_from_hand_and_coppers_in_play() -> None:
    g, s = make(["Monastery"], {"hand": ["Monastery", "Estate", "Curse"],
                                "in_play": ["Copper", "Copper"]}, {},
                answers=[["Curse"], ["Copper"]], phase="buy", buys=2)
    g.buy("Copper")
    g.buy("Copper")
    g.end_phase()
    g.play_night("Monastery")
    assert names(g.trash) == ["Curse", "Copper"]
    assert s.asked[1].max == 1  # one trashing left after the card from hand
    assert hand(g, 0) == ["Estate"]


def test_monastery_counts_only_its_players_gains() -> None:
    g, s = make(["Monastery"], {"hand": ["Monastery", "Estate"]}, {}, phase="night")
    g.gain_card(1, "Silver")
    g.play_night("Monastery")
    assert s.asked == [] and g.trash == []


@pytest.mark.parametrize(("gains", "answers", "expected"), [
    (0, [], "Gold"), (1, ["Smithy"], "Smithy"), (2, [], "Imp"), (3, [], "Imp")])
def test_devils_workshop_by_number_of_gains(gains: int, answers: list[str],
                                            expected: str) -> None:
    g, s = make(["Devil's Workshop", "Smithy"], {"hand": ["Devil's Workshop"]}, {},
                answers=answers, phase="night")
    for _ in range(gains):
        g.gain_card(0, "Copper")
    g.play_night("Devil's Workshop")
    assert names(g.players[0].discard)[-1] == expected
    assert not g.piles["Imp"].supply and len(g.piles["Imp"]) == 13 - (expected == "Imp")


def test_devils_workshop_one_gain_offers_up_to_four() -> None:
    g, s = make(["Devil's Workshop", "Smithy", "Laboratory"], {"hand": ["Devil's Workshop"]},
                {}, answers=["Smithy"], phase="night")
    g.gain_card(0, "Copper")
    g.play_night("Devil's Workshop")
    ids = set(s.asked[0].option_ids())
    assert "Smithy" in ids and "Laboratory" not in ids and "Gold" not in ids


def test_imp_plays_only_an_action_with_no_copy_in_play() -> None:
    g, s = make(["Village", "Smithy"], {"hand": ["Imp", "Imp", "Village", "Smithy"],
                                        "in_play": ["Village"], "deck": ["Copper"] * 5}, {},
                answers=["Smithy"])
    g.play_action("Imp")
    assert set(s.asked[0].option_ids()) == {"Smithy"}
    assert g.actions == 0 and len(g.players[0].hand) == 7  # Imp, Village, 2 + 3 drawn
    assert names(g.players[0].in_play) == ["Village", "Imp", "Smithy"]


def test_imp_may_decline() -> None:
    g, _ = make(["Smithy"], {"hand": ["Imp", "Smithy"], "deck": ["Copper"] * 2}, {},
                answers=[[]])
    g.play_action("Imp")
    assert hand(g, 0) == ["Copper", "Copper", "Smithy"]


def test_conclave_gives_action_only_if_it_plays_a_card() -> None:
    g, _ = make(["Conclave", "Smithy"], {"hand": ["Conclave", "Smithy"],
                                         "deck": ["Copper"] * 3}, {}, answers=["Smithy"])
    g.play_action("Conclave")
    assert (g.coins, g.actions, len(g.players[0].hand)) == (2, 1, 3)
    g2, _ = make(["Conclave", "Smithy"], {"hand": ["Conclave", "Smithy"]}, {}, answers=[[]])
    g2.play_action("Conclave")
    assert (g2.coins, g2.actions) == (2, 0)


def test_conclave_cannot_play_a_conclave() -> None:
    g, s = make(["Conclave"], {"hand": ["Conclave", "Conclave"]}, {})
    g.play_action("Conclave")
    assert s.asked == [] and g.actions == 0


def test_tragic_hero_needs_eight_cards_after_drawing() -> None:
    g, s = make(["Tragic Hero"], {"hand": ["Tragic Hero"] + E5, "deck": ["Copper"] * 3}, {},
                answers=["Gold"])
    g.play_action("Tragic Hero")
    assert names(g.trash) == ["Tragic Hero"] and names(g.players[0].discard) == ["Gold"]
    assert all(g.piles[o.id].top.defn.is_treasure for o in s.asked[0].options)
    assert g.buys == 2
    g2, _ = make(["Tragic Hero"], {"hand": ["Tragic Hero"] + E5[:4], "deck": ["Copper"] * 3},
                 {})
    g2.play_action("Tragic Hero")
    assert g2.trash == [] and names(g2.players[0].in_play) == ["Tragic Hero"]


def test_tragic_hero_throne_room_gains_twice_trashes_once() -> None:
    g, _ = make(["Tragic Hero", "Throne Room"],
                {"hand": ["Throne Room", "Tragic Hero"] + E5, "deck": ["Copper"] * 6}, {},
                answers=["Gold", "Silver"])
    g.play_action("Throne Room")
    assert names(g.trash) == ["Tragic Hero"]
    assert names(g.players[0].discard) == ["Gold", "Silver"]


def test_cobbler_gains_to_hand_at_start_of_next_turn() -> None:
    g, s = make(["Cobbler", "Smithy"], {"hand": ["Cobbler"], "deck": ["Copper"] * 5},
                {"deck": E5}, answers=["Smithy"], phase="night")
    g.play_night("Cobbler")
    g.end_phase()
    assert names(g.players[0].in_play) == ["Cobbler"]
    g.end_turn()
    assert "Smithy" in hand(g, 0)
    assert s.asked[0].context == {"max_coins": 4, "max_potion": 0, "max_debt": 0}
    g.end_turn()
    assert names(g.players[0].in_play) == []


def test_raider_hits_five_card_hands_with_copies_of_cards_in_play() -> None:
    g, s = make(["Raider"], {"hand": ["Raider"], "in_play": ["Copper", "Silver"]},
                {"hand": ["Silver", "Copper", "Estate", "Estate", "Estate"]},
                {"hand": ["Gold", "Estate", "Estate", "Estate", "Estate"]},
                {"hand": ["Copper", "Estate", "Estate", "Estate"]},
                answers=["Copper"], phase="night", log=True)
    g.play_night("Raider")
    assert set(s.asked[0].option_ids()) == {"Silver", "Copper"} and s.asked[0].player == 1
    assert names(g.players[1].discard) == ["Copper"]
    assert g.players[2].discard == [] and g.players[3].discard == []
    assert len(s.asked) == 1


def test_raider_gives_three_coins_next_turn_and_moat_blocks() -> None:
    g, s = make(["Raider", "Moat"], {"hand": ["Raider"], "deck": E5},
                {"hand": ["Moat", "Raider", "Estate", "Estate", "Estate"], "deck": E5},
                answers=["Moat"], phase="night")
    g.play_night("Raider")
    assert g.players[1].discard == []
    g.end_phase()
    g.end_turn()
    assert (g.current, g.coins) == (0, 3)


def test_zombies_are_not_in_the_supply() -> None:
    g, _ = make(["Village"], {}, {}, supply={"Zombie Mason": 1})
    assert not g.piles["Zombie Mason"].supply


def test_zombie_apprentice_draws_three_and_action_only_if_it_trashes() -> None:
    g, _ = make(["Village"], {"hand": ["Zombie Apprentice", "Village"],
                              "deck": ["Copper"] * 3}, {}, answers=["Village"])
    g.play_action("Zombie Apprentice")
    assert (g.actions, hand(g, 0)) == (1, ["Copper"] * 3)
    g2, _ = make(["Village"], {"hand": ["Zombie Apprentice", "Village"],
                               "deck": ["Copper"] * 3}, {}, answers=[[]])
    g2.play_action("Zombie Apprentice")
    assert (g2.actions, hand(g2, 0)) == (0, ["Village"])


def test_zombie_mason_trashes_top_card_and_may_gain_up_to_one_more() -> None:
    g, s = make(["Smithy", "Laboratory"], {"hand": ["Zombie Mason"], "deck": ["Smithy"]}, {},
                answers=["Laboratory"])
    g.play_action("Zombie Mason")
    assert names(g.trash) == ["Smithy"] and names(g.players[0].discard) == ["Laboratory"]
    assert "Gold" not in s.asked[0].option_ids() and s.asked[0].min == 0


def test_zombie_mason_with_no_cards_does_nothing() -> None:
    g, s = make(["Smithy"], {"hand": ["Zombie Mason"]}, {})
    g.play_action("Zombie Mason")
    assert s.asked == [] and g.trash == []


def test_zombie_spy_draws_then_looks() -> None:
    g, s = make(["Village"], {"hand": ["Zombie Spy"], "deck": ["Silver", "Estate"]}, {},
                answers=["discard"])
    g.play_action("Zombie Spy")
    assert hand(g, 0) == ["Silver"] and names(g.players[0].discard) == ["Estate"]
    assert s.asked[0].context == {"card": "Estate"} and g.actions == 1



def test_imp_cannot_play_an_imp() -> None:
    g, s = make(["Village"], {"hand": ["Imp", "Imp"], "deck": ["Copper"] * 2}, {})
    g.play_action("Imp")
    assert s.asked == [] and hand(g, 0) == ["Copper", "Copper", "Imp"]


def test_guardian_blocks_attacks_until_its_players_next_turn() -> None:
    g, _ = make(["Guardian", "Witch"], {"hand": ["Guardian"], "deck": ["Copper"] * 10},
                {"hand": ["Witch", "Witch"], "deck": ["Copper"] * 10}, phase="night")
    g.play_night("Guardian")
    g.end_phase()
    g.play_action("Witch")
    assert "Curse" not in names(g.players[0].discard)
    g.end_turn()
    assert (g.current, g.coins) == (0, 1)
    g.end_turn()
    g.players[1].hand.append(g.players[1].discard.pop(0))  # the Witch again
    g.play_action("Witch")
    assert "Curse" in names(g.players[0].discard)


def test_guardian_is_gained_to_hand() -> None:
    g, _ = make(["Guardian"], {}, {})
    g.gain_card(0, "Guardian")
    assert hand(g, 0) == ["Guardian"]


def test_crypt_returns_one_treasure_per_turn_then_leaves_play() -> None:
    g, s = make(["Crypt"], {"hand": ["Crypt"], "in_play": ["Silver", "Gold", "Copper"],
                            "deck": ["Estate"] * 20}, {"deck": ["Estate"] * 20},
                answers=[["Silver", "Gold"], "Gold"], phase="night")
    g.play_night("Crypt")
    assert names(g.players[0].mats["Crypt"]) == ["Silver", "Gold"]
    g.end_phase()
    assert names(g.players[0].in_play) == ["Crypt"]
    g.end_turn()
    assert "Gold" in hand(g, 0)
    g.end_turn()
    g.end_turn()
    assert "Silver" in hand(g, 0) and "Crypt" not in g.players[0].mats
    assert names(g.players[0].in_play) == ["Crypt"]
    g.end_turn()
    assert g.players[0].in_play == []


def test_crypt_setting_nothing_aside_is_discarded() -> None:
    g, _ = make(["Crypt"], {"hand": ["Crypt"], "in_play": ["Silver"], "deck": ["Estate"] * 5},
                {}, answers=[[]], phase="night")
    g.play_night("Crypt")
    g.end_phase()
    assert g.players[0].in_play == [] and g.players[0].durations == []


def test_two_crypts_keep_their_own_treasures() -> None:
    g, s = make(["Crypt"], {"hand": ["Crypt", "Crypt"], "in_play": ["Silver", "Gold"],
                            "deck": ["Estate"] * 20}, {"deck": ["Estate"] * 20},
                answers=[["Silver"], ["Gold"], ["Crypt"]], phase="night")
    g.play_night("Crypt")
    g.play_night("Crypt")
    g.end_phase()
    g.end_turn()
    assert {"Silver", "Gold"} <= set(hand(g, 0)) and "Crypt" not in g.players[0].mats


def test_faithful_hound_discarded_other_than_cleanup() -> None:
    g, s = make(["Faithful Hound", "Cellar"],
                {"hand": ["Cellar", "Faithful Hound"], "deck": ["Copper"] * 6}, {},
                answers=[["Faithful Hound"], "yes"])
    g.play_action("Cellar")
    assert names(g.players[0].mats["until end of turn"]) == ["Faithful Hound"]
    g.end_turn()
    assert names(g.players[0].hand)[-1] == "Faithful Hound" and len(g.players[0].hand) == 6


def test_faithful_hound_in_cleanup_asks_nothing() -> None:
    g, s = make(["Faithful Hound"], {"hand": ["Faithful Hound"], "deck": ["Copper"] * 5}, {})
    g.end_turn()
    assert s.asked == [] and names(g.players[0].discard) == ["Faithful Hound"]


def test_faithful_hound_plays_for_two_cards() -> None:
    g, _ = make(["Faithful Hound"], {"hand": ["Faithful Hound"], "deck": ["Copper"] * 2}, {})
    g.play_action("Faithful Hound")
    assert hand(g, 0) == ["Copper", "Copper"]


def test_will_o_wisp_takes_a_card_costing_two_or_less() -> None:
    g, _ = make(["Transmute"], {"hand": ["Will-o'-Wisp"], "deck": ["Copper", "Curse"]}, {})
    g.play_action("Will-o'-Wisp")
    assert hand(g, 0) == ["Copper", "Curse"] and g.actions == 1
    g2, _ = make(["Transmute"], {"hand": ["Will-o'-Wisp"], "deck": ["Copper", "Transmute"]}, {})
    g2.play_action("Will-o'-Wisp")
    assert hand(g2, 0) == ["Copper"] and deck(g2, 0) == ["Transmute"]


def test_ghost_plays_the_action_twice_next_turn() -> None:
    g, s = make(["Village"], {"hand": ["Ghost"], "deck": ["Estate", "Village"] + ["Copper"] * 9},
                {"deck": E5}, phase="night")
    g.play_night("Ghost")
    assert names(g.players[0].mats["Ghost"]) == ["Village"]
    g.end_phase()
    g.end_turn()
    assert g.actions == 1 + 2 + 2 and len(g.players[0].hand) == 5 + 2
    assert names(g.players[0].in_play) == ["Ghost", "Village"]


def test_exorcist_offers_only_strictly_cheaper_spirits() -> None:
    g, s = make(["Exorcist"], {"hand": ["Exorcist", "Gold"]}, {}, answers=["Ghost"],
                phase="night")
    g.play_night("Exorcist")
    assert set(s.asked[0].option_ids()) == {"Will-o'-Wisp", "Imp", "Ghost"}
    g2, s2 = make(["Exorcist"], {"hand": ["Exorcist", "Copper"]}, {}, phase="night")
    g2.play_night("Exorcist")
    assert s2.asked == [] and g2.players[0].discard == []  # nothing costs less than 0


def test_cemetery_trash_on_gain_and_two_vp() -> None:
    g, s = make(["Cemetery"], {"hand": ["Estate", "Curse", "Copper"]}, {},
                answers=[["Curse", "Estate"]])
    g.gain_card(0, "Cemetery")
    assert names(g.trash) == ["Curse", "Estate"] and g.victory_points(g.players[0]) == 2


def test_haunted_mirror_may_decline() -> None:
    g, s = make(["Cemetery", "Village"], {"hand": ["Haunted Mirror", "Village"]}, {},
                answers=[[]])
    g.trash_from_hand(0, "Haunted Mirror")
    assert hand(g, 0) == ["Village"] and g.players[0].discard == []


def test_secret_cave_bonus_only_for_three_discarded() -> None:
    g, s = make(["Secret Cave"], {"hand": ["Secret Cave", "Estate", "Estate", "Curse"],
                                  "deck": ["Copper"] * 11}, {"deck": E5},
                answers=["yes", ["Estate", "Estate", "Curse"]])
    g.play_action("Secret Cave")
    assert g.actions == 1 and hand(g, 0) == ["Copper"]
    g.end_turn()
    g.end_turn()
    assert (g.current, g.coins) == (0, 3)


def test_secret_cave_brings_wish_pile_and_magic_lamp() -> None:
    from engine import new_game

    g = new_game(["Secret Cave", "Village", "Smithy", "Market", "Festival", "Laboratory",
                  "Cellar", "Chapel", "Moat", "Mine"], 2, seed=3)
    assert not g.piles["Wish"].supply and len(g.piles["Wish"]) == 12
    assert sum(c.name == "Magic Lamp" for c in g.players[0].all_cards()) == 1


def test_magic_lamp_needs_six_single_copies() -> None:
    g, _ = make(["Secret Cave", "Village", "Smithy", "Market"],
                {"hand": ["Magic Lamp"], "in_play": ["Village", "Smithy", "Market", "Silver",
                                                     "Gold"]}, {}, phase="buy")
    g.play_treasure("Magic Lamp")
    assert names(g.trash) == ["Magic Lamp"] and names(g.players[0].discard) == ["Wish"] * 3
    assert g.coins == 1


def test_wish_gains_to_hand_up_to_six() -> None:
    g, s = make(["Secret Cave"], {"hand": ["Wish"]}, {}, answers=["Gold"])
    g.play_action("Wish")
    assert hand(g, 0) == ["Gold"] and g.actions == 1 and len(g.piles["Wish"]) == 13
    assert "Province" not in s.asked[0].option_ids()


def test_necromancer_setup_puts_zombies_in_trash() -> None:
    from engine import new_game

    g = new_game(["Necromancer", "Village", "Smithy", "Market", "Festival", "Laboratory",
                  "Cellar", "Chapel", "Moat", "Mine"], 2, seed=1)
    assert names(g.trash) == ["Zombie Apprentice", "Zombie Mason", "Zombie Spy"]


def test_necromancer_face_down_only_for_the_turn() -> None:
    g, s = make(["Necromancer", "Village"], {"hand": ["Necromancer"], "deck": ["Copper"] * 6,
                                             "discard": ["Necromancer"]},
                {"deck": E5}, trash=["Village", "Wharf"])
    g.play_action("Necromancer")  # Village is the only choice: not asked
    assert s.asked == [] and g.actions == 2 and names(g.trash) == ["Village", "Wharf"]
    assert names(g.state(FaceDownInTrash).cards) == ["Village"]
    g.end_turn()
    g.end_turn()
    assert g.existing_state(FaceDownInTrash) is None


def test_necromancer_with_nothing_to_play() -> None:
    g, s = make(["Necromancer"], {"hand": ["Necromancer"]}, {}, trash=["Wharf", "Copper"])
    g.play_action("Necromancer")
    assert s.asked == [] and g.actions == 0


def test_changeling_exchange_offered_to_any_player_for_three_or_more() -> None:
    g, s = make(["Changeling"], {}, {}, answers=["yes"])
    g.gain_card(1, "Copper")
    g.gain_card(1, "Silver")
    assert len(s.asked) == 1 and s.asked[0].player == 1
    assert names(g.players[1].discard) == ["Copper", "Changeling"]
    assert len(g.piles["Silver"]) == 40


def test_no_exchange_without_changeling_in_the_game() -> None:
    g, s = make(["Village"], {}, {})
    g.gain_card(0, "Gold")
    assert s.asked == []


def test_changeling_play_gains_copy_of_single_card_in_play_without_asking() -> None:
    g, s = make(["Changeling"], {"hand": ["Changeling"], "in_play": ["Gold", "Gold"]}, {},
                answers=["no"], phase="night")
    g.play_night("Changeling")
    assert names(g.trash) == ["Changeling"] and names(g.players[0].discard) == ["Gold"]
    assert [d.kind.value for d in s.asked] == ["yes_no"]  # only the exchange question


def test_changeling_with_nothing_in_play_gains_nothing() -> None:
    g, s = make(["Changeling"], {"hand": ["Changeling"], "in_play": ["Pasture"]}, {},
                phase="night")
    g.play_night("Changeling")
    assert names(g.trash) == ["Changeling"] and g.players[0].discard == []


def _boon_game(boon: str, p1: dict, answers: list | None = None, **kw):  # type: ignore[no-untyped-def]
    g, s = make(["Bard", "Smithy"], {"hand": ["Bard"], **p1}, {"deck": E5},
                answers=answers or [], **kw)
    g.boons.cards = [b for b in g.boons.cards if b != boon] + [boon]
    return g, s


def test_fate_card_brings_boons_deck_and_will_o_wisps() -> None:
    from engine import new_game

    g = new_game(["Bard", "Village", "Smithy", "Market", "Festival", "Laboratory",
                  "Cellar", "Chapel", "Moat", "Mine"], 2, seed=2)
    assert sorted(g.boons.cards) == sorted(registry_boons()) and len(g.boons.cards) == 12
    assert not g.piles["Will-o'-Wisp"].supply
    g2 = new_game(["Village", "Smithy", "Market", "Festival", "Laboratory",
                   "Cellar", "Chapel", "Moat", "Mine", "Witch"], 2, seed=2)
    assert g2.boons.cards == [] and "Will-o'-Wisp" not in g2.piles


def registry_boons() -> list[str]:
    from engine import registry

    return registry.landscapes("boon")


def test_boons_deck_reshuffles_its_discards_when_empty() -> None:
    g, _ = _boon_game("The Sea's Gift", {"deck": ["Copper"] * 3})
    g.boons.discard = g.boons.cards
    g.boons.cards = []
    g.play_action("Bard")
    assert len(g.boons.cards) == 11 and len(g.boons.discard) + len(g.boons.held) == 1


@pytest.mark.parametrize(("boon", "p1", "answers", "check"), [
    ("The Earth's Gift", {"hand": ["Bard", "Copper"]}, ["Copper", "Smithy"],
     lambda g: names(g.players[0].discard) == ["Copper", "Smithy"]),
    ("The Field's Gift", {}, [], lambda g: (g.actions, g.coins) == (1, 3)),
    ("The Flame's Gift", {"hand": ["Bard", "Curse"]}, [["Curse"]],
     lambda g: names(g.trash) == ["Curse"]),
    ("The Forest's Gift", {}, [], lambda g: (g.buys, g.coins) == (2, 3)),
    ("The Mountain's Gift", {}, [], lambda g: names(g.players[0].discard) == ["Silver"]),
    ("The Sea's Gift", {"deck": ["Gold"]}, [], lambda g: hand(g, 0) == ["Gold"]),
    ("The Swamp's Gift", {}, [], lambda g: names(g.players[0].discard) == ["Will-o'-Wisp"]),
    ("The Wind's Gift", {"hand": ["Bard", "Curse"], "deck": ["Gold", "Estate"]},
     [["Estate", "Curse"]], lambda g: hand(g, 0) == ["Gold"]),
    ("The Sun's Gift", {"deck": ["Curse", "Gold", "Silver", "Estate", "Copper"]},
     [["Curse", "Estate"], ["Silver", "Gold"]],
     lambda g: deck(g, 0) == ["Gold", "Silver", "Copper"]),
])
def test_each_boon(boon: str, p1: dict, answers: list, check) -> None:  # type: ignore[no-untyped-def]
    g, _ = _boon_game(boon, p1, answers)
    g.play_action("Bard")
    assert check(g)
    keep = boon in ("The Field's Gift", "The Forest's Gift")
    assert (boon in [n for _, n in g.boons.held]) == keep
    assert (boon in g.boons.discard) != keep


def test_tracker_only_while_in_play() -> None:
    g, s = make(["Tracker"], {"hand": ["Tracker"], "in_play": []}, {})
    g.gain_card(0, "Silver")
    assert s.asked == [] and names(g.players[0].discard) == ["Silver"]


def test_tracker_does_not_ask_for_other_players_gains() -> None:
    g, s = make(["Tracker"], {"in_play": ["Tracker"]}, {})
    g.gain_card(1, "Silver")
    assert s.asked == []


def test_idol_even_is_an_attack_moat_blocks() -> None:
    g, s = make(["Idol", "Moat"], {"hand": ["Idol"], "in_play": ["Idol"]},
                {"hand": ["Moat"]}, answers=["Moat"], phase="buy")
    g.play_treasure("Idol")
    assert g.players[1].discard == [] and g.coins == 2


def test_pixie_played_twice_river_gift_draws_twice() -> None:
    g, s = make(["Pixie"], {"hand": ["Pixie"], "deck": ["Copper"] * 8}, {"deck": E5},
                answers=["yes"])
    g.boons.cards = [b for b in g.boons.cards if b != "The River's Gift"] + ["The River's Gift"]
    g.play_action("Pixie")
    g.end_turn()
    assert len(g.players[0].hand) == 7 and g.boons.discard.count("The River's Gift") == 1


def test_sacred_grove_others_decline() -> None:
    g, s = make(["Sacred Grove"], {"hand": ["Sacred Grove"]}, {}, answers=["no"])
    g.boons.cards = [b for b in g.boons.cards if b != "The Mountain's Gift"] + [
        "The Mountain's Gift"]
    g.play_action("Sacred Grove")
    assert names(g.players[0].discard) == ["Silver"] and g.players[1].discard == []


def test_fool_takes_lost_in_the_woods_from_another_player() -> None:
    g, s = make(["Fool"], {"hand": ["Fool"], "deck": ["Copper"] * 5}, {"deck": E5},
                answers=["The Mountain's Gift", "The Field's Gift"])
    g.players[1].states.append("Lost in the Woods")
    g.boons.cards = [b for b in g.boons.cards if b not in (
        "The Mountain's Gift", "The Field's Gift", "The Forest's Gift")] + [
        "The Forest's Gift", "The Field's Gift", "The Mountain's Gift"]
    g.play_action("Fool")
    assert g.players[0].states == ["Lost in the Woods"] and g.players[1].states == []
    assert (g.actions, g.coins, g.buys) == (1, 2, 2)


def test_lost_in_the_woods_rolls_back_with_a_failed_move() -> None:
    g, _ = make(["Fool"], {"hand": ["Fool"]}, {}, answers=["not a boon"])
    with pytest.raises(InvalidAnswer):
        g.play_action("Fool")
    assert g.players[0].states == [] and len(g.boons.cards) == 12


def test_chapel_trashing_haunted_mirror_and_an_action_together() -> None:
    # Haunted Mirror's trigger comes after all four are trashed, so the Village it could
    # have discarded is already in the trash.
    g, s = make(["Chapel", "Cemetery", "Village"],
                {"hand": ["Chapel", "Haunted Mirror", "Village", "Smithy"]}, {},
                answers=[["Haunted Mirror", "Village"], ["Smithy"]])
    g.play_action("Chapel")
    assert names(g.trash) == ["Haunted Mirror", "Village"]
    assert names(g.players[0].discard) == ["Smithy", "Ghost"]


def test_pouch_gives_a_buy_on_the_fast_path_too() -> None:
    g, _ = make(["Tracker"], {"hand": ["Pouch", "Copper"]}, {}, phase="buy")
    g.play_all_treasures()
    assert (g.coins, g.buys) == (2, 2)


def _hex_game(hexname: str, p2: dict, answers: list | None = None, **kw):  # type: ignore[no-untyped-def]
    g, s = make(["Skulk", "Village", "Smithy"], {"hand": ["Skulk"]}, p2,
                answers=answers or [], **kw)
    g.hexes.cards = [h for h in g.hexes.cards if h != hexname] + [hexname]
    return g, s


def test_doom_card_brings_the_hexes_deck() -> None:
    from engine import new_game

    g = new_game(["Skulk", "Village", "Smithy", "Market", "Festival", "Laboratory",
                  "Cellar", "Chapel", "Moat", "Mine"], 2, seed=2)
    assert len(g.hexes.cards) == 12 and g.boons.cards == []


@pytest.mark.parametrize(("hexname", "p2", "answers", "check"), [
    ("Greed", {"deck": ["Estate"]}, [], lambda g: deck(g, 1) == ["Copper", "Estate"]),
    ("Haunting", {"hand": ["Gold", "Copper", "Copper", "Copper"]}, ["Gold"],
     lambda g: deck(g, 1) == ["Gold"]),
    ("Haunting", {"hand": ["Gold", "Copper", "Copper"]}, [], lambda g: deck(g, 1) == []),
    ("Plague", {}, [], lambda g: hand(g, 1) == ["Curse"]),
    ("Poverty", {"hand": ["Gold", "Copper", "Copper", "Estate", "Estate"]},
     [["Estate", "Estate"]], lambda g: hand(g, 1) == ["Copper", "Copper", "Gold"]),
    ("Delusion", {}, [], lambda g: g.players[1].states == ["Deluded"]),
    ("Envy", {}, [], lambda g: g.players[1].states == ["Envious"]),
    ("Misery", {}, [], lambda g: g.victory_points(g.players[1]) == -2),
])
def test_each_hex(hexname: str, p2: dict, answers: list, check) -> None:  # type: ignore[no-untyped-def]
    g, _ = _hex_game(hexname, p2, answers)
    g.play_action("Skulk")
    assert check(g)
    assert g.hexes.discard == [hexname]


def test_deluded_bot_buy_options_exclude_actions() -> None:
    g, _ = make(["Village"], {"hand": []}, {}, coins=5)
    g.players[0].states.append("Deluded")
    g.end_phase()
    ids = [o.id for o in g.buy_options()]
    assert "buy:Silver" in ids and "buy:Village" not in ids and g.players[0].states == []


def test_envious_only_in_buy_phase_and_only_this_turn() -> None:
    g, _ = make(["Village"], {"hand": ["Silver"], "deck": ["Silver"] * 5},
                {"deck": E5}, phase="buy")
    g.state(EnviousThisTurn)
    g.play_treasure("Silver")
    assert g.coins == 1
    g.end_turn()
    g.end_turn()
    assert g.existing_state(EnviousThisTurn) is None


def test_werewolf_is_action_and_night() -> None:
    g, _ = make(["Werewolf"], {"hand": ["Werewolf"], "deck": ["Copper"] * 3}, {})
    g.play_action("Werewolf")
    assert hand(g, 0) == ["Copper"] * 3


def test_blessed_village_saved_boon_survives_rollback_and_is_received_next_turn() -> None:
    g, s = make(["Blessed Village"], {"deck": ["Copper"] * 12}, {"deck": E5},
                answers=["no"], phase="buy", coins=4)
    g.boons.cards = [b for b in g.boons.cards if b != "The Forest's Gift"] + [
        "The Forest's Gift"]
    g.buy("Blessed Village")
    assert g.boons.saved == [(0, "The Forest's Gift")]
    g.end_turn()
    g.end_turn()
    assert (g.current, g.buys, g.coins) == (0, 2, 1) and g.boons.saved == []


def test_druid_setup_and_receive() -> None:
    from engine import new_game

    g = new_game(["Druid", "Village", "Smithy", "Market", "Festival", "Laboratory",
                  "Cellar", "Chapel", "Moat", "Mine"], 2, seed=4)
    assert len(g.boons.set_aside) == 3 and len(g.boons.cards) == 9
    assert not set(g.boons.set_aside) & set(g.boons.cards)
