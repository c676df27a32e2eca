"""Zone moves that several cards share are one primitive each, logged one way."""

from __future__ import annotations

from engine_helpers import deck, make, names


def test_deck_into_discard_moves_the_whole_deck_unseen_top_to_the_bottom() -> None:
    game, _ = make([], {"deck": ["Gold", "Silver", "Estate"], "discard": ["Copper"]}, {})
    p = game.players[0]
    log = game.attach_log()
    assert game.deck_into_discard(p, "Chancellor") == 3
    assert deck(game, 0) == []
    # The deck (top first: Gold, Silver, Estate) lands upside down: its top, Gold, lowest.
    assert names(p.discard) == ["Copper", "Gold", "Silver", "Estate"]
    [event] = log.of_kind("discard")
    assert (event.source, event.cards, event.data) == ("Chancellor", (), {"deck": 3})


def test_every_deck_into_discard_card_logs_the_same_way() -> None:
    for kingdom, answers in (("Chancellor", ["yes"]), ("Scavenger", ["yes", "Copper"])):
        game, _ = make([kingdom], {"hand": [kingdom], "deck": ["Gold", "Estate"],
                                   "discard": ["Copper"]}, {}, answers=answers)
        log = game.attach_log()
        game.play_action(kingdom)
        [event] = [e for e in log.of_kind("discard") if "deck" in e.data]
        assert (event.source, event.data) == (kingdom, {"deck": 2}), kingdom
