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
