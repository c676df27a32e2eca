"""The promotional cards: Envoy, Stash and Black Market, with their FAQ points."""

from __future__ import annotations

from engine_helpers import deck, hand, make, names


def test_envoy_left_player_discards_one_of_five_and_the_rest_are_drawn() -> None:
    g, s = make(["Envoy"], {"hand": ["Envoy"],
                            "deck": ["Gold", "Silver", "Copper", "Estate", "Duchy", "Curse"]},
                {}, {}, answers=[{"choose": ["Gold"], "player": 1, "source": "Envoy"}])
    g.play_action("Envoy")
    assert hand(g, 0) == ["Copper", "Duchy", "Estate", "Silver"]
    assert names(g.players[0].discard) == ["Gold"]
    assert deck(g, 0) == ["Curse"]
    assert g.players[0].set_aside == [] and g.actions == 0
    assert s.asked[0].option_ids() == ["Gold", "Silver", "Copper", "Estate", "Duchy"]


def test_envoy_shuffles_for_the_rest_and_reveals_what_there_is() -> None:
    g, _ = make(["Envoy"], {"hand": ["Envoy"], "deck": ["Gold"], "discard": ["Copper", "Copper"]},
                {}, answers=[["Gold"]])
    g.play_action("Envoy")
    assert hand(g, 0) == ["Copper", "Copper"]
    assert names(g.players[0].discard) == ["Gold"]
    assert deck(g, 0) == []


def test_envoy_one_card_is_discarded_without_asking_and_empty_deck_does_nothing() -> None:
    g, s = make(["Envoy"], {"hand": ["Envoy", "Envoy"], "deck": ["Gold"]}, {}, actions=2)
    g.play_action("Envoy")
    assert names(g.players[0].discard) == ["Gold"] and hand(g, 0) == ["Envoy"]
    g.play_action("Envoy")
    assert names(g.players[0].discard) == ["Gold"] and hand(g, 0) == []
    assert s.asked == []


def test_stash_is_a_two_coin_treasure() -> None:
    g, _ = make(["Stash"], {"hand": ["Stash"]}, {})
    g.play_all_treasures()
    assert g.coins == 2 and names(g.players[0].in_play) == ["Stash"]


def test_stash_placed_by_position_when_its_owner_shuffles() -> None:
    g, s = make(["Stash"], {"discard": ["Stash", "Copper", "Estate"]}, {}, answers=["3"])
    g.shuffle(g.players[0])
    assert deck(g, 0)[2] == "Stash" and len(deck(g, 0)) == 3
    assert s.asked[0].option_ids() == ["1", "2", "3"]
    assert s.asked[0].source == "Stash" and s.asked[0].player == 0


def test_stash_copies_can_be_clumped_and_other_players_shuffle_unasked() -> None:
    g, s = make(["Stash"], {"discard": ["Stash", "Stash", "Copper", "Estate", "Silver"]},
                {"discard": ["Copper", "Estate"]}, answers=["2", "2"])
    g.shuffle(g.players[0])
    assert deck(g, 0)[1:3] == ["Stash", "Stash"]
    assert sorted(deck(g, 0)) == ["Copper", "Estate", "Silver", "Stash", "Stash"]
    g.shuffle(g.players[1])
    assert len(s.asked) == 2


def test_stash_alone_in_a_shuffle_asks_nothing() -> None:
    g, s = make(["Stash"], {"hand": [], "discard": ["Stash"]}, {})
    g.draw(g.players[0], 1)
    assert hand(g, 0) == ["Stash"] and s.asked == []


def test_stash_placement_keeps_the_shuffled_order_of_the_others() -> None:
    g, s = make(["Stash"], {"discard": ["Stash", "Copper", "Estate", "Silver"]}, {},
                answers=["4"])
    g.dictate_shuffle(0, ["Silver", "Stash", "Estate", "Copper"])
    g.shuffle(g.players[0])
    assert deck(g, 0) == ["Silver", "Estate", "Copper", "Stash"]


def test_black_market_buys_in_the_action_phase_without_a_buy() -> None:
    g, s = make(["Black Market"], {"hand": ["Black Market", "Silver", "Copper"]}, {},
                black_market=["Witch", "Moat", "Smithy", "Wharf"],
                answers=["play:Silver", "buy:Smithy", ["Witch", "Moat"]])
    g.play_action("Black Market")
    assert (g.phase, g.buys, g.coins, g.actions) == ("action", 1, 0, 0)
    assert names(g.players[0].discard) == ["Smithy"]
    assert names(g.players[0].in_play) == ["Black Market", "Silver"]
    assert names(g.black_market) == ["Wharf", "Witch", "Moat"]
    assert g.bought_this_turn == ["Smithy"]
    first = s.asked[0]
    assert first.option_ids() == ["no", "buy:Moat", "play_all_treasures", "play:Copper",
                                  "play:Silver"]
    g.play_all_treasures()
    g.buy("Copper")
    assert g.buys == 0


def test_black_market_asks_nothing_with_nothing_to_buy_or_play() -> None:
    g, s = make(["Black Market"], {"hand": ["Black Market"]}, {},
                black_market=["Witch", "Wharf"], answers=[["Wharf", "Witch"]])
    g.play_action("Black Market")
    assert g.coins == 2 and names(g.black_market) == ["Wharf", "Witch"]
    assert [d.kind.value for d in s.asked] == ["order_cards"]


def test_black_market_respects_buy_restrictions_and_talisman_copies_nothing() -> None:
    g, s = make(["Black Market", "Talisman"],
                {"hand": ["Black Market", "Talisman", "Copper", "Gold"]}, {},
                black_market=["Grand Market", "Moat"],
                answers=["play:Copper", "play:Talisman", "buy:Moat"])
    g.play_action("Black Market")
    # Copper in play: Grand Market may not be bought; Talisman finds no Moat pile.
    assert "buy:Grand Market" not in s.asked[-1].option_ids()
    assert names(g.players[0].discard) == ["Moat"]
    assert names(g.black_market) == ["Grand Market"]


def test_black_market_deck_of_an_explicit_state_keeps_its_order_and_setup_sees_it() -> None:
    g, _ = make(["Black Market"], {}, {}, black_market=["Trade Route", "Familiar", "Moat"])
    assert names(g.black_market) == ["Trade Route", "Familiar", "Moat"]
    assert "Potion" in g.piles and g.piles["Estate"].tokens.get("Trade Route") == 1


def test_default_black_market_deck_is_fifteen_distinct_cards_outside_the_supply() -> None:
    from engine import new_game

    g = new_game(["Black Market", "Village", "Smithy"], 2, seed=3)
    deck_names = names(g.black_market)
    assert len(deck_names) == 15 and len(set(deck_names)) == 15
    assert not set(deck_names) & set(g.piles)
    assert not {"Bandit Camp", "Marauder", "Shepherd"} & set(deck_names)
    given = new_game(["Black Market"], 2, black_market=["Moat"])
    assert names(given.black_market) == ["Moat"]
    assert new_game(["Village"], 2).black_market == []


def test_black_market_deck_takes_one_knight_for_the_knights() -> None:
    """Knights FAQ: with Black Market, a Knight goes into its deck, not the randomizer;
    one Knight (one copy of the Knights pile), and not while the Knights are in the Supply."""
    import pytest

    from engine import new_game
    from engine.errors import SetupError

    g = new_game(["Black Market", "Village"], 2, black_market=["Sir Martin", "Moat"])
    assert sorted(names(g.black_market)) == ["Moat", "Sir Martin"]
    assert "Knights" not in g.piles
    with pytest.raises(SetupError, match="one Knight"):
        new_game(["Black Market"], 2, black_market=["Sir Martin", "Dame Anna"])
    with pytest.raises(SetupError, match="in the Supply"):
        new_game(["Black Market", "Knights"], 2, black_market=["Sir Martin"])
    with pytest.raises(SetupError, match="not a Kingdom card"):
        new_game(["Black Market"], 2, black_market=["Knights"])
    with pytest.raises(SetupError, match="not a Kingdom card"):
        new_game(["Black Market"], 2, black_market=["Spoils"])
