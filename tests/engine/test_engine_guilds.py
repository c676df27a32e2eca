"""Guilds (first edition): Coin tokens, overpaying, and the Kingdom cards."""

from __future__ import annotations

import pytest
from engine_helpers import deck, hand, make, names

from engine import IllegalMove
from engine.setup import new_game
from engine.simulate import simulate

GUILDS_DONE = ["Candlestick Maker", "Baker", "Plaza", "Merchant Guild", "Masterpiece",
               "Soothsayer", "Advisor", "Journeyman", "Taxman", "Stonemason", "Butcher",
               "Doctor", "Herald"]


# --- Coin tokens and overpaying (the shared rules) ------------------------------------
def test_coin_tokens_are_spent_in_the_buy_phase_before_buying() -> None:
    g, _ = make(["Baker"], {"hand": ["Copper"], "coffers": 3}, {})
    g.spend_coffers(2)
    assert (g.phase, g.coins, g.players[0].coffers) == ("buy", 2, 1)
    with pytest.raises(IllegalMove, match="only 1"):
        g.spend_coffers(2)
    g.play_all_treasures()  # Treasures may still be played after spending tokens
    g.buy("Estate")
    with pytest.raises(IllegalMove, match="before buying"):
        g.spend_coffers(1)
    assert g.players[0].coffers == 1


def test_spend_coffer_is_a_buy_phase_option_for_bots() -> None:
    g, _ = make(["Baker"], {"hand": ["Copper"], "coffers": 1}, {}, phase="buy")
    assert "spend_coffer" in [o.id for o in g.buy_options()]
    g.buy("Copper")
    assert "spend_coffer" not in [o.id for o in g.buy_options()]


def test_overpay_is_asked_only_for_overpay_cards_and_only_with_coins_left() -> None:
    g, s = make(["Masterpiece"], {}, {}, phase="buy", coins=3, buys=2)
    g.buy("Masterpiece")  # nothing left to overpay with: nothing asked
    assert s.asked == []
    g.coins = 5
    g.buy("Silver")
    assert s.asked == []


def test_overpay_options_include_a_potion() -> None:
    g, s = make(["Masterpiece", "Transmute"], {}, {}, phase="buy", coins=4, potions=1,
                answers=["1P"])
    g.buy("Masterpiece")
    assert s.asked[0].option_ids() == ["0", "1", "P", "1P"]
    assert (g.coins, g.potions) == (0, 0)
    assert names(g.players[0].discard) == ["Silver", "Masterpiece"]


def test_baker_setup_gives_each_player_a_token() -> None:
    g = new_game(["Baker", "Village"], 3)
    assert [p.coffers for p in g.players] == [1, 1, 1]
    assert [p.coffers for p in new_game(["Village"], 2).players] == [0, 0]
    bm = new_game(["Village"], 2, black_market=["Baker"])
    assert [p.coffers for p in bm.players] == [1, 1]


def test_random_games_with_the_guilds_cards_run_clean() -> None:
    rep = simulate(15, seed=3, players=3, kingdom=GUILDS_DONE + ["Village", "Watchtower"])
    assert (rep.crashes, rep.violations) == (0, 0)
    bm = simulate(5, seed=2, kingdom=GUILDS_DONE, bots="big-money")
    assert bm.crashes == 0


# --- the cards ---------------------------------------------------------------------------
def test_candlestick_maker() -> None:
    g, _ = make(["Candlestick Maker"], {"hand": ["Candlestick Maker"]}, {})
    g.play_action("Candlestick Maker")
    assert (g.actions, g.buys, g.coins, g.players[0].coffers) == (1, 2, 0, 1)


def test_baker_draws_and_takes_a_token() -> None:
    g, _ = make(["Baker"], {"hand": ["Baker"], "deck": ["Gold"], "coffers": 1}, {})
    g.play_action("Baker")
    assert (hand(g, 0), g.actions, g.players[0].coffers) == (["Gold"], 1, 2)


def test_plaza_may_discard_the_drawn_treasure() -> None:
    g, s = make(["Plaza"], {"hand": ["Plaza", "Estate"], "deck": ["Silver"]}, {},
                answers=["Silver"])
    g.play_action("Plaza")
    assert s.asked[0].option_ids() == ["Silver"]
    assert (hand(g, 0), names(g.players[0].discard), g.players[0].coffers) == (
        ["Estate"], ["Silver"], 1)
    assert g.actions == 2


def test_plaza_decline_and_no_treasure() -> None:
    g, _ = make(["Plaza"], {"hand": ["Plaza", "Copper"], "deck": ["Estate"]}, {},
                answers=[[]])
    g.play_action("Plaza")
    assert g.players[0].coffers == 0
    g2, s2 = make(["Plaza"], {"hand": ["Plaza"], "deck": ["Estate"]}, {})
    g2.play_action("Plaza")
    assert s2.asked == [] and g2.players[0].coffers == 0


def test_merchant_guild_one_token_per_copy_in_play() -> None:
    g, _ = make(["Merchant Guild", "Throne Room"], {"hand": ["Throne Room", "Merchant Guild"]},
                {})
    g.play_action("Throne Room")
    assert (g.buys, g.coins) == (3, 2)
    g.buy("Copper")
    g.buy("Copper")
    assert g.players[0].coffers == 2


def test_masterpiece_silvers_per_coin_overpaid() -> None:
    g, _ = make(["Masterpiece"], {"hand": ["Masterpiece", "Gold", "Gold"]}, {},
                answers=["4"])
    g.play_all_treasures()
    assert g.coins == 7
    g.buy("Masterpiece")
    assert names(g.players[0].discard) == ["Silver"] * 4 + ["Masterpiece"]
    assert g.coins == 0


def test_masterpiece_silvers_run_out() -> None:
    g, _ = make(["Masterpiece"], {}, {}, phase="buy", coins=6, supply={"Silver": 1},
                answers=["3"])
    g.buy("Masterpiece")
    assert names(g.players[0].discard) == ["Silver", "Masterpiece"]


def test_soothsayer_only_curse_gainers_draw() -> None:
    g, _ = make(["Soothsayer"], {"hand": ["Soothsayer"]}, {"deck": ["Gold"]}, {"deck": ["Gold"]},
                supply={"Curse": 1})
    g.play_action("Soothsayer")
    assert names(g.players[0].discard) == ["Gold"]
    assert (hand(g, 1), hand(g, 2)) == (["Gold"], [])
    assert deck(g, 2) == ["Gold"]


def test_advisor_left_player_picks_the_discard() -> None:
    g, s = make(["Advisor"], {"hand": ["Advisor"], "deck": ["Gold", "Silver", "Copper"]}, {},
                answers=[{"choose": ["Gold"], "player": 1}])
    g.play_action("Advisor")
    assert s.asked[0].player == 1
    assert (hand(g, 0), names(g.players[0].discard)) == (["Copper", "Silver"], ["Gold"])
    assert g.actions == 1


def test_advisor_empty_deck_reveals_nothing() -> None:
    g, s = make(["Advisor"], {"hand": ["Advisor"]}, {})
    g.play_action("Advisor")
    assert s.asked == [] and hand(g, 0) == []


def test_journeyman_names_any_card_and_skips_it() -> None:
    g, s = make(["Journeyman"], {"hand": ["Journeyman"],
                                 "deck": ["Estate", "Copper", "Estate", "Estate", "Gold"]}, {},
                answers=["Estate"])
    g.play_action("Journeyman")
    assert "Witch" in s.asked[0].option_ids()  # not in this game, still nameable
    assert hand(g, 0) == ["Copper", "Gold"]
    assert names(g.players[0].discard) == ["Estate"] * 3


def test_taxman_hits_only_five_card_hands_and_topdecks_the_gain() -> None:
    g, _ = make(["Taxman"], {"hand": ["Taxman", "Copper"], "deck": ["Estate"]},
                {"hand": ["Copper"] * 5}, {"hand": ["Copper"] * 4},
                answers=["Copper", "Silver"])
    g.play_action("Taxman")
    assert deck(g, 0) == ["Silver", "Estate"]
    assert (len(g.players[1].hand), names(g.players[1].discard)) == (4, ["Copper"])
    assert len(g.players[2].hand) == 4


def test_taxman_moat_blocks_the_discard_not_the_gain() -> None:
    g, _ = make(["Taxman", "Moat"], {"hand": ["Taxman", "Silver"]},
                {"hand": ["Moat", "Silver", "Silver", "Copper", "Copper"]},
                answers=["Moat", "Silver", "Gold"])
    g.play_action("Taxman")
    assert deck(g, 0) == ["Gold"] and g.players[1].discard == []


def test_stonemason_costs_strictly_less_and_potion_costs() -> None:
    g, s = make(["Stonemason", "University", "Transmute"], {"hand": ["Stonemason", "University"]},
                {}, answers=["Transmute", "Copper"])
    g.play_action("Stonemason")
    opts = s.asked[0].option_ids()
    assert "Transmute" in opts and "University" not in opts and "Silver" not in opts
    assert names(g.players[0].discard) == ["Transmute", "Copper"]


def test_stonemason_overpay_exact_cost() -> None:
    g, s = make(["Stonemason", "Village", "Smithy"], {}, {}, phase="buy", coins=5,
                answers=["3", "Village", "Village"])
    g.buy("Stonemason")
    assert s.asked[1].option_ids() == ["Village"]
    assert names(g.players[0].discard) == ["Village", "Village", "Stonemason"]


def test_butcher_pays_new_tokens_for_the_gain_not_for_coins() -> None:
    g, s = make(["Butcher"], {"hand": ["Butcher", "Estate"], "coffers": 1}, {},
                answers=["Estate", "3", "Duchy"])
    g.play_action("Butcher")
    assert s.asked[1].option_ids() == ["0", "1", "2", "3"]
    assert (g.players[0].coffers, g.coins) == (0, 0)
    assert names(g.players[0].discard) == ["Duchy"]


def test_butcher_without_a_card_to_trash_still_takes_tokens() -> None:
    g, s = make(["Butcher"], {"hand": ["Butcher"]}, {})
    g.play_action("Butcher")
    assert s.asked == [] and g.players[0].coffers == 2


def test_doctor_trashes_every_match_and_reorders_the_rest() -> None:
    g, s = make(["Doctor"], {"hand": ["Doctor"], "deck": ["Copper", "Silver", "Copper", "Gold"]},
                {}, answers=["Estate", ["Copper", "Silver", "Copper"]])
    g.play_action("Doctor")
    assert deck(g, 0) == ["Copper", "Silver", "Copper", "Gold"] and g.trash == []
    g2, _ = make(["Doctor"], {"hand": ["Doctor"], "deck": ["Copper", "Copper", "Gold"]}, {},
                 answers=["Copper"])
    g2.play_action("Doctor")
    assert (deck(g2, 0), names(g2.trash)) == (["Gold"], ["Copper", "Copper"])


def test_doctor_overpay_per_coin() -> None:
    g, _ = make(["Doctor"], {"deck": ["Estate", "Gold"]}, {}, phase="buy", coins=5,
                answers=["2", "trash", "back"])
    g.buy("Doctor")
    assert deck(g, 0) == ["Gold"] and names(g.trash) == ["Estate"]


def test_herald_plays_an_action_from_the_deck_without_an_action() -> None:
    g, _ = make(["Herald", "Smithy"], {"hand": ["Herald"],
                                       "deck": ["Copper", "Smithy", "Gold", "Gold", "Gold"]}, {})
    g.play_action("Herald")
    assert g.actions == 1
    assert names(g.players[0].in_play) == ["Herald", "Smithy"]
    assert hand(g, 0) == ["Copper", "Gold", "Gold", "Gold"]


def test_herald_empty_deck_reveals_nothing() -> None:
    g, _ = make(["Herald"], {"hand": ["Herald"], "deck": ["Copper"]}, {})
    g.play_action("Herald")
    assert hand(g, 0) == ["Copper"] and g.actions == 1


def test_herald_overpay_topdecks_from_discard_before_herald_is_gained() -> None:
    g, s = make(["Herald"], {"discard": ["Gold", "Copper"]}, {}, phase="buy", coins=5,
                answers=["1", "Gold"])
    g.buy("Herald")
    assert "Herald" not in s.asked[1].option_ids()
    assert deck(g, 0) == ["Gold"] and names(g.players[0].discard) == ["Copper", "Herald"]
