"""Prosperity Kingdom cards (first edition), including the FAQ interactions."""

from __future__ import annotations

import pytest
from engine_helpers import deck, hand, make, names

from engine import IllegalMove, InvalidAnswer
from engine.cards.prosperity import TradeRouteMat


def test_monument_coins_and_vp_token_counted_in_score() -> None:
    g, _ = make(["Monument"], {"hand": ["Monument"]}, {})
    g.play_action("Monument")
    assert (g.coins, g.players[0].vp_tokens, g.victory_points(g.players[0])) == (2, 1, 1)


def test_workers_village_bonuses() -> None:
    g, _ = make(["Worker's Village"], {"hand": ["Worker's Village"], "deck": ["Gold"]}, {})
    g.play_action("Worker's Village")
    assert (g.actions, g.buys, hand(g, 0)) == (2, 2, ["Gold"])


@pytest.mark.parametrize(("empty", "cards", "coins", "buys"),
                         [((), 1, 0, 1), (("Estate",), 2, 0, 1),
                          (("Estate", "Curse"), 2, 1, 2), (("Estate", "Curse", "Duchy"), 2, 1, 2)])
def test_city_bonuses_by_empty_supply_piles(empty: tuple[str, ...], cards: int, coins: int,
                                            buys: int) -> None:
    g, _ = make(["City"], {"hand": ["City"], "deck": ["Copper"] * 5}, {},
                supply={n: 0 for n in empty}, trash=[])
    g.play_action("City")
    assert (len(g.players[0].hand), g.coins, g.buys, g.actions) == (cards, coins, buys, 2)


def test_bishop_tokens_half_cost_rounded_down_and_others_optional() -> None:
    g, s = make(["Bishop"], {"hand": ["Bishop", "Duchy"]}, {"hand": ["Estate"]},
                {"hand": ["Copper"]}, answers=[[], "Copper"])
    g.play_action("Bishop")
    assert g.players[0].vp_tokens == 1 + 2  # Duchy costs 5: 2 tokens
    assert names(g.trash) == ["Duchy", "Copper"]
    assert g.players[2].vp_tokens == 0 and hand(g, 1) == ["Estate"]
    assert s.asked[0].player == 1 and s.asked[0].min == 0


def test_bishop_empty_hand_still_token_and_coin() -> None:
    g, _ = make(["Bishop"], {"hand": ["Bishop"]}, {})
    g.play_action("Bishop")
    assert (g.coins, g.players[0].vp_tokens) == (1, 1)


def test_counting_house_takes_chosen_coppers_only() -> None:
    g, s = make(["Counting House"], {"hand": ["Counting House"],
                                     "discard": ["Copper", "Estate", "Copper"]}, {},
                answers=[["Copper"]])
    g.play_action("Counting House")
    assert hand(g, 0) == ["Copper"]
    assert sorted(names(g.players[0].discard)) == ["Copper", "Estate"]
    assert {o.id for o in s.asked[0].options} == {"Copper"}


def test_expand_limit_and_no_trash_no_gain() -> None:
    g, s = make(["Expand"], {"hand": ["Expand", "Silver"]}, {}, answers=["Gold"])
    g.play_action("Expand")
    assert names(g.players[0].discard) == ["Gold"] and names(g.trash) == ["Silver"]
    ids = s.asked[0].option_ids()
    assert "Province" not in ids and "Gold" in ids
    g2, _ = make(["Expand"], {"hand": ["Expand"]}, {})
    g2.play_action("Expand")
    assert g2.players[0].discard == []


def test_forge_exact_total_and_zero() -> None:
    g, s = make(["Forge", "Smithy"], {"hand": ["Forge", "Estate", "Estate", "Copper"]}, {},
                answers=[["Estate", "Estate", "Copper"], "Smithy"])
    g.play_action("Forge")
    assert names(g.players[0].discard) == ["Smithy"]
    assert s.asked[1].option_ids() == ["Smithy"]
    g, _ = make(["Forge"], {"hand": ["Forge"]}, {}, answers=["Curse"])
    g.play_action("Forge")
    assert names(g.players[0].discard) == ["Curse"]


def test_cards_not_buyable_errors_are_clear() -> None:
    g, _ = make(["Monument"], {"hand": []}, {}, phase="buy")
    with pytest.raises(IllegalMove):
        g.buy("Monument")
    assert deck(g, 0) == []


def test_mountebank_choice_and_gains() -> None:
    g, _ = make(["Mountebank"], {"hand": ["Mountebank"]}, {"hand": ["Curse"]}, {"hand": []},
                answers=["no"])
    g.play_action("Mountebank")
    assert sorted(names(g.players[1].discard)) == ["Copper", "Curse"]
    assert sorted(names(g.players[2].discard)) == ["Copper", "Curse"]
    assert g.coins == 2


def test_rabble_puts_back_in_chosen_order() -> None:
    g, _ = make(["Rabble"], {"hand": ["Rabble"], "deck": ["Copper"] * 3},
                {"deck": ["Estate", "Village", "Duchy", "Gold"]}, answers=[["Estate", "Duchy"]])
    g.play_action("Rabble")
    assert deck(g, 1) == ["Duchy", "Estate", "Gold"]
    assert names(g.players[1].discard) == ["Village"]
    assert len(g.players[0].hand) == 3


def test_vault_coins_and_other_player_draw() -> None:
    g, _ = make(["Vault"], {"hand": ["Vault", "Estate"], "deck": ["Copper", "Curse"]},
                {"hand": ["Estate", "Estate"], "deck": ["Gold"]},
                answers=[["Estate", "Curse"], "yes"])
    g.play_action("Vault")
    assert (g.coins, hand(g, 0)) == (2, ["Copper"])
    assert hand(g, 1) == ["Gold"]


def test_goons_tokens_on_buys_only() -> None:
    g, _ = make(["Goons"], {"hand": ["Goons"]}, {"hand": ["Copper"] * 4}, answers=[["Copper"]])
    g.play_action("Goons")
    assert (g.buys, g.coins, len(g.players[1].hand)) == (2, 2, 3)
    g.gain_card(0, "Silver")
    assert g.players[0].vp_tokens == 0
    g.buy("Copper")
    g.buy("Copper")
    assert g.players[0].vp_tokens == 2


def test_bank_value_depends_on_order() -> None:
    g, _ = make(["Bank"], {"hand": ["Bank", "Copper", "Copper"]}, {}, phase="buy")
    g.play_treasure("Copper")
    g.play_treasure("Bank")
    assert g.coins == 3
    g.play_treasure("Copper")
    assert g.coins == 4


def test_loan_discard_option_and_venture_plays_treasure() -> None:
    g, _ = make(["Loan"], {"hand": ["Loan"], "deck": ["Estate", "Gold"]}, {}, answers=["discard"],
                phase="buy")
    g.play_treasure("Loan")
    assert names(g.players[0].discard) == ["Gold", "Estate"] and g.coins == 1
    g, _ = make(["Venture"], {"hand": ["Venture"], "deck": ["Estate", "Gold"]}, {}, phase="buy")
    g.play_treasure("Venture")
    assert (g.coins, names(g.players[0].in_play)) == (4, ["Venture", "Gold"])
    assert names(g.players[0].discard) == ["Estate"]


def test_grand_market_buy_restriction_and_buy_options() -> None:
    g, _ = make(["Grand Market"], {"hand": ["Gold", "Silver", "Copper"]}, {}, phase="buy")
    g.play_all_treasures()
    assert g.can_buy("Grand Market") and "Copper" in str(g.can_buy("Grand Market"))
    assert "buy:Grand Market" not in [o.id for o in g.buy_options()]
    with pytest.raises(IllegalMove, match="Copper in play"):
        g.buy("Grand Market")


def test_talisman_copies_cheap_non_victory_buys() -> None:
    g, _ = make(["Talisman"], {"hand": ["Talisman", "Gold", "Copper"]}, {}, phase="buy",
                buys=2)
    g.play_all_treasures()
    g.buy("Silver")
    g.buy("Estate")
    assert sorted(names(g.players[0].discard)) == ["Estate", "Silver", "Silver"]


def test_quarry_and_peddler_cost_modifiers() -> None:
    g, _ = make(["Quarry", "Peddler", "Village"], {"hand": ["Quarry", "Quarry"],
                                                    "in_play": ["Village"]}, {}, phase="buy")
    pedd = g.piles["Peddler"].top
    assert pedd is not None
    assert g.cost(pedd).coins == 6  # one Action in play, Buy phase
    g.play_all_treasures()
    assert g.cost(pedd).coins == 2 and g.cost(g.piles["Village"].top).coins == 0
    assert g.cost(g.piles["Silver"].top).coins == 3
    g.phase = "action"
    assert g.cost(pedd).coins == 4  # Quarries still count; Peddler's own discount does not


def test_royal_seal_topdecks_then_watchtower_sees_it_on_deck() -> None:
    g, _ = make(["Royal Seal", "Watchtower"], {"hand": ["Royal Seal", "Watchtower", "Copper"]},
                {}, phase="buy", answers=["yes", "Watchtower", "trash"])
    g.play_all_treasures()
    g.buy("Silver")
    assert deck(g, 0) == [] and names(g.trash) == ["Silver"]


def test_mint_gains_copy_and_buy_trashes_played_treasures() -> None:
    g, _ = make(["Mint"], {"hand": ["Mint", "Gold", "Silver"]}, {}, answers=["Gold"])
    g.play_action("Mint")
    assert hand(g, 0) == ["Gold", "Silver"] and names(g.players[0].discard) == ["Gold"]
    g.play_all_treasures()
    g.buy("Mint")
    assert names(g.trash) == ["Gold", "Silver"] and g.players[0].in_play[0].name == "Mint"


def test_contraband_names_any_card_and_resets_next_turn() -> None:
    g, s = make(["Contraband"], {"hand": ["Contraband", "Gold"]}, {}, answers=["Gold"],
                phase="buy")
    g.play_treasure("Contraband")
    assert s.asked[0].player == 1 and "Platinum" in s.asked[0].option_ids()
    g.play_all_treasures()
    assert g.can_buy("Gold") and g.buys == 2
    g.end_turn()
    assert g.cannot_buy == []


def test_trade_route_tokens_setup_and_move_once_per_pile() -> None:
    from engine.setup import new_game

    g = new_game(["Trade Route", "Gardens"], 2)
    tokened = sorted(n for n, p in g.piles.items() if p.tokens.get("Trade Route"))
    assert tokened == ["Duchy", "Estate", "Gardens", "Province"]
    g2 = new_game(["Village"], 2, black_market=["Trade Route"])
    assert g2.piles["Estate"].tokens.get("Trade Route") == 1
    assert not new_game(["Village"], 2).piles["Estate"].tokens
    g.gain(g.players[0], "Estate")
    g.gain(g.players[1], "Estate")
    g.gain(g.players[1], "Curse")
    assert g.state(TradeRouteMat).tokens == 1


def test_trade_route_mat_rolls_back_with_a_failed_move() -> None:
    # Throne Room on Workshop: the first play gains an Estate (its token goes to the
    # mat), the second is answered with no legal card, so the whole move is undone.
    g, _ = make(["Trade Route", "Workshop", "Throne Room"],
                {"hand": ["Throne Room", "Workshop"]}, {}, answers=["Estate", "Nope"])
    estates = len(g.piles["Estate"].cards)
    with pytest.raises(InvalidAnswer):
        g.play_action("Throne Room")
    assert g.existing_state(TradeRouteMat) is None
    assert g.piles["Estate"].tokens == {"Trade Route": 1}
    assert len(g.piles["Estate"].cards) == estates


def test_peddler_bought_straight_from_the_action_phase_costs_the_buy_phase_price() -> None:
    g, _ = make(["Peddler", "Village"], {"hand": [], "in_play": ["Village"]}, {}, coins=6)
    g.buy("Peddler")
    assert (g.phase, g.coins) == ("buy", 0)
    g2, _ = make(["Peddler", "Village"], {"hand": [], "in_play": ["Village"]}, {}, coins=5)
    with pytest.raises(IllegalMove, match="costs 6"):
        g2.buy("Peddler")
    assert g2.phase == "action"
