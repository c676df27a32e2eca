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
