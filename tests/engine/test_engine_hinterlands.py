"""Hinterlands (part 1) and the ordering of simultaneous when-gain effects.

The scenarios demonstrate each card's text; these tests pin the points a
scenario states less directly: who is asked and when, costs under several
reductions, and the cases where nothing may be asked at all.
"""

from __future__ import annotations

from engine_helpers import deck, hand, make, names

from engine.triggers import ORDER_EVENT, Pending, resolve


def _order_questions(script) -> list:
    return [d for d in script.asked if (d.context or {}).get("event") == ORDER_EVENT]


def test_two_effects_of_the_same_name_are_not_ordered() -> None:
    # Two Insignias in play: both want to move the gained Silver; same name, no question.
    g, s = make(["Sack of Loot"], {"hand": ["Insignia", "Insignia"]}, {}, phase="buy",
                answers=["yes"])
    g.play_all_treasures()
    g.buy("Silver")
    assert deck(g, 0) == ["Silver"]
    assert _order_questions(s) == []


def test_owner_picks_among_differently_named_effects_each_time() -> None:
    # Resolve directly: three effects of one owner, two names, then one name left.
    g, s = make(["Village"], {}, {}, answers=["B"])
    p = g.players[0]
    ran: list[str] = []
    pending = [Pending(p, "A", lambda: ran.append("A1")), Pending(p, "B", lambda: ran.append("B")),
               Pending(p, "A", lambda: ran.append("A2"))]
    resolve(g, pending, "Silver", "when-gain")
    assert ran == ["B", "A1", "A2"]
    [asked] = _order_questions(s)
    assert asked.option_ids() == ["A", "B"] and asked.player == 0


def test_current_player_resolves_first_then_turn_order() -> None:
    # Player 2 (index 1) is the current player of a 3-player game: 2, 3, then 1.
    g, s = make(["Village"], {}, {}, {}, current_player=1)
    ran: list[int] = []
    pending = [Pending(g.players[i], f"E{i}", lambda i=i: ran.append(i)) for i in (0, 2, 1)]
    resolve(g, pending, "Gold", "when-gain")
    assert ran == [1, 2, 0]
    assert _order_questions(s) == []  # one effect each: nothing to order


def test_duchess_rule_needs_a_duchess_left_and_only_duchies() -> None:
    g, s = make(["Duchess"], {}, {}, supply={"Duchess": 0}, phase="buy", coins=8, buys=2)
    g.buy("Duchy")
    g.buy("Silver")
    assert s.asked == []  # no Duchess left: the rule does not even ask
    assert names(g.players[0].discard) == ["Duchy", "Silver"]


def test_fools_gold_reactions_go_around_from_the_gainers_left() -> None:
    # Player 1 buys a Province; players 2 and 3 each hold one Fool's Gold.
    g, s = make(["Fool's Gold"], {}, {"hand": ["Fool's Gold"]}, {"hand": ["Fool's Gold"]},
                phase="buy", coins=8,
                answers=[{"choose": "Fool's Gold", "player": 1, "kind": "react"},
                         {"choose": "no", "player": 2, "kind": "react"}])
    g.buy("Province")
    assert [d.player for d in s.asked] == [1, 2]
    assert deck(g, 1) == ["Gold"] and hand(g, 2) == ["Fool's Gold"]
    assert names(g.trash) == ["Fool's Gold"]


def test_fools_gold_is_not_asked_for_own_province_or_other_cards() -> None:
    g, s = make(["Fool's Gold"], {"hand": ["Fool's Gold"]}, {"hand": ["Fool's Gold"]},
                phase="buy", coins=13, buys=2)
    g.buy("Gold")       # another card: player 2 is not asked
    g.gain(g.players[0], "Duchy")
    assert s.asked == []


def test_highway_never_lowers_below_zero_and_ends_when_it_leaves_play() -> None:
    g, _ = make(["Highway"], {"hand": ["Highway", "Highway"], "deck": ["Copper", "Copper"]}, {},
                actions=2)
    g.play_action("Highway")
    g.play_action("Highway")
    assert g.cost(g.piles["Copper"].top).coins == 0
    assert g.cost(g.piles["Silver"].top).coins == 1
    assert g.cost(g.piles["Province"].top).coins == 6
    p = g.players[0]
    p.discard.extend(p.in_play)
    p.in_play.clear()
    assert g.cost(g.piles["Province"].top).coins == 8


def test_develop_on_a_copper_gains_only_a_card_costing_one() -> None:
    # Nothing costs 1 here and nothing costs -1: trashed, nothing gained, nothing asked.
    g, s = make(["Develop"], {"hand": ["Develop", "Copper"]}, {})
    g.play_action("Develop")
    assert names(g.trash) == ["Copper"] and deck(g, 0) == [] and s.asked == []


def test_develop_asks_the_order_only_when_both_cards_exist() -> None:
    g, s = make(["Develop", "Smithy"], {"hand": ["Develop", "Silver"]}, {},
                supply={"Estate": 0}, answers=["Smithy"])
    g.play_action("Develop")
    assert deck(g, 0) == ["Smithy"]
    assert [d.kind.value for d in s.asked] == ["choose_supply_card"]


def test_crossroads_counts_victory_cards_of_several_types() -> None:
    # Harem is Treasure and Victory, so it counts; the Crossroads played does not.
    g, _ = make(["Crossroads", "Harem"], {"hand": ["Crossroads", "Harem", "Copper"],
                                          "deck": ["Gold", "Silver"]}, {})
    g.play_action("Crossroads")
    assert hand(g, 0) == ["Copper", "Gold", "Harem"] and g.actions == 3


def test_inn_gained_to_hand_is_not_in_the_discard_to_shuffle() -> None:
    g, s = make(["Inn", "Village"], {"discard": ["Village"]}, {}, answers=[["Village"]])
    g.gain(g.players[0], "Inn", to="hand")
    assert hand(g, 0) == ["Inn"] and deck(g, 0) == ["Village"]
    assert s.asked[0].option_ids() == ["Village"]


def test_ill_gotten_gains_with_no_copper_left_asks_nothing() -> None:
    g, s = make(["Ill-Gotten Gains"], {"hand": ["Ill-Gotten Gains"]}, {},
                supply={"Copper": 0}, phase="buy")
    g.play_all_treasures()
    assert g.coins == 1 and s.asked == []


def test_farmland_with_an_empty_hand_gains_nothing() -> None:
    g, s = make(["Farmland"], {}, {}, phase="buy", coins=6)
    g.buy("Farmland")
    assert names(g.players[0].discard) == ["Farmland"] and s.asked == []


def test_border_village_cost_is_read_when_gained() -> None:
    # Bridge played: Border Village costs 5, so Duchy (4 now) is fine, Gold (5 now) is not.
    g, s = make(["Border Village", "Bridge"], {"hand": ["Bridge"]}, {}, coins=5,
                answers=["Duchy"])
    g.play_action("Bridge")
    g.buy("Border Village")
    options = s.asked[0].option_ids()
    assert "Duchy" in options and "Gold" not in options and "Border Village" not in options

