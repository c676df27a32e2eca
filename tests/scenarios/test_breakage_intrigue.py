"""Each sampled Intrigue scenario fails when the card behaviour it demonstrates is broken.

The method, and the helpers more than one set uses, are in ``breakage_helpers``.
"""

from __future__ import annotations

import pytest
from breakage_helpers import (
    Patch,
    check_breaks,
    hook,
    no_op,
)

from engine import setup as engine_setup
from engine.cards.intrigue import CopperBonus
from engine.cost import Cost


def intrigue_victory_piles_of_ten(mp: pytest.MonkeyPatch) -> None:
    original = engine_setup.pile_size
    mp.setattr(engine_setup, "pile_size", lambda defn, players: 10 if defn.name in (
        "Duke", "Great Hall", "Harem", "Nobles") else original(defn, players))


def duke_deck_only(p) -> int:
    return sum(1 for c in p.deck if c.name == "Duchy")


def pawn_choices_one_at_a_time(g, p, card, play) -> None:
    opts = [("card", "+1 Card"), ("action", "+1 Action"), ("buy", "+1 Buy"), ("coin", "+1 coin")]
    for _ in range(2):
        choice = g.choose_option(p, card.name, "Choose", opts)
        opts = [o for o in opts if o[0] != choice]
        if choice == "card":
            g.draw(p, 1)
        elif choice == "coin":
            g.coins += 1


def steward_trash_up_to_two(g, p, card, play) -> None:
    choice = g.choose_option(p, card.name, "Choose", [("cards", ""), ("coins", ""), ("trash", "")])
    if choice == "trash":
        for c in g.choose_from_hand(p, card.name, "Trash", min=0, max=2):
            g.trash_card(p, c, p.hand, card.name)


def shanty_town_stops_at_action(g, p, card, play) -> None:
    if not any(c.defn.is_action for c in p.hand):
        drawn = g.draw(p, 1)
        if drawn and not drawn[0].defn.is_action:
            g.draw(p, 1)


def conspirator_counts_distinct_cards(g, p, card, play) -> None:
    if len({c.uid for c in g.played_this_turn if c.defn.is_action}) >= 3:
        g.draw(p, 1)
        g.actions += 1


def coppersmith_not_cumulative(g, p, card, play) -> None:
    g.state(CopperBonus).bonus = 1


def courtyard_puts_back_a_drawn_card_only(g, p, card, play) -> None:
    # the 3 cards are drawn by the bonus; this reading puts back one of the drawn ones only
    drawn = p.hand[-3:]
    for c in g.choose_cards(p, card.name, "Put back", drawn):
        g.topdeck(p, c, p.hand, card.name)


def baron_may_take_just_the_buy(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard", min=0, max=1,
                                pred=lambda c: c.name == "Estate")
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.coins += 4


def mining_village_trashes_each_play(g, p, card, play) -> None:
    if g.yes_no(p, card.name, "Trash?"):
        if card in p.in_play:
            g.trash_card(p, card, p.in_play, card.name)
        g.coins += 2


def wishing_well_discards_a_miss(g, p, card, play) -> None:
    named = g.choose_option(p, card.name, "Name", [(n, n) for n in sorted(g.piles)])
    top = g.peek_top(p)
    if top is not None:
        if top.name == named:
            g.to_hand(p, top, p.deck)
        else:
            g.discard_card(p, top, p.deck, card.name)


def ironworks_first_type_only(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(4))
    gained = g.gain(p, name, source=card.name) if name else None
    if gained is None:
        return
    if gained.defn.is_action:
        g.actions += 1
    elif gained.defn.is_treasure:
        g.coins += 1
    elif gained.defn.is_victory:
        g.draw(p, 1)


def trading_post_silver_to_discard(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash 2", min=2, max=2)
    for c in picked:
        g.trash_card(p, c, p.hand, card.name)
    if len(picked) == 2:
        g.gain(p, "Silver", source=card.name)


def trading_post_silver_for_one(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash 2", min=2, max=2)
    for c in picked:
        g.trash_card(p, c, p.hand, card.name)
    if picked:
        g.gain(p, "Silver", to="hand", source=card.name)


def upgrade_up_to_one_more(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        limit = g.cost(picked[0]).plus_coins(1)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
        if name:
            g.gain(p, name, source=card.name)


def upgrade_ignores_bridge(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        target = picked[0].defn.cost.plus_coins(1)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", pred=lambda d: d.cost == target)
        if name:
            g.gain(p, name, source=card.name)


def secret_chamber_puts_back_drawn(g, p, chamber, attack) -> bool:
    for c in g.draw(p, 2):
        g.topdeck(p, c, p.hand, chamber.name)
    return False


def scout_leaves_curses_and_great_halls(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 4, card.name)
    for c in revealed:
        if c.defn.types == frozenset({"Victory"}):
            g.to_hand(p, c, p.set_aside)
    for c in [c for c in revealed if c in p.set_aside]:
        g.topdeck(p, c, p.set_aside, card.name)


def scout_shuffles_revealed_in(g, p, card, play) -> None:
    revealed = []
    for _ in range(4):
        if not p.deck:
            p.discard.extend(p.set_aside)
            p.set_aside.clear()
            revealed.clear()
        c = g.take_top(p)
        if c is None:
            break
        p.set_aside.append(c)
        revealed.append(c)
    for c in revealed:
        if c.defn.is_victory:
            g.to_hand(p, c, p.set_aside)
    for c in g.order_cards(p, card.name, "Order", [c for c in revealed if c in p.set_aside]):
        g.topdeck(p, c, p.set_aside, card.name)


def tribute_counts_every_card(g, p, card, play) -> None:
    left = g.players[(p.index + 1) % len(g.players)]
    revealed = g.reveal_from_deck(left, 2, card.name)
    for c in revealed:
        g.discard_card(left, c, left.set_aside, card.name)
        if c.defn.is_action:
            g.actions += 2
        if c.defn.is_treasure:
            g.coins += 2
        if c.defn.is_victory:
            g.draw(p, 2)


def tribute_first_type_only(g, p, card, play) -> None:
    left = g.players[(p.index + 1) % len(g.players)]
    revealed = g.reveal_from_deck(left, 2, card.name)
    for c in revealed:
        g.discard_card(left, c, left.set_aside, card.name)
    for name in dict.fromkeys(c.name for c in revealed):
        d = next(c.defn for c in revealed if c.name == name)
        if d.is_action:
            g.actions += 2
        elif d.is_treasure:
            g.coins += 2
        elif d.is_victory:
            g.draw(p, 2)


def masquerade_passes_one_at_a_time(g, p, card, play) -> None:
    n = len(g.players)
    for k in range(n):
        q = g.players[(p.index + k) % n]
        for c in g.choose_from_hand(q, card.name, "Pass"):
            g.to_hand(g.players[(q.index + 1) % n], c, q.hand)
    for c in g.choose_from_hand(p, card.name, "Trash", min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)


def minion_hits_every_hand(g, p, card, play) -> None:
    if g.choose_option(p, card.name, "Choose", [("coins", ""), ("attack", "")]) == "coins":
        g.coins += 2
        return
    for q in [p, *play.victims(g)]:
        for c in list(q.hand):
            g.discard_card(q, c, q.hand, card.name)
        g.draw(q, 4)


def minion_ignores_moat(g, p, card, play) -> None:
    if g.choose_option(p, card.name, "Choose", [("coins", ""), ("attack", "")]) == "coins":
        g.coins += 2
        return
    n = len(g.players)
    for q in [g.players[(p.index + k) % n] for k in range(n)]:
        if q is p or len(q.hand) >= 5:
            for c in list(q.hand):
                g.discard_card(q, c, q.hand, card.name)
            g.draw(q, 4)


def torturer_curse_to_discard(g, p, card, play) -> None:
    for q in play.victims(g):
        if g.choose_option(q, card.name, "Choose", [("discard", ""), ("curse", "")]) == "curse":
            g.gain(q, "Curse", source=card.name)
        else:
            for c in g.choose_from_hand(q, card.name, "Discard", min=2, max=2):
                g.discard_card(q, c, q.hand, card.name)


def swindler_gives_cheaper_or_equal(g, p, card, play) -> None:
    for q in play.victims(g):
        top = g.peek_top(q)
        if top is None:
            continue
        cost = g.cost(top)
        g.trash_card(q, top, q.deck, card.name)
        name = g.choose_supply(p, card.name, "Give", max_cost=cost)
        if name:
            g.gain(q, name, source=card.name)


def swindler_from_the_right(g, p, card, play) -> None:
    n = len(g.players)
    for k in range(n - 1, 0, -1):
        q = g.players[(p.index + k) % n]
        top = g.peek_top(q)
        if top is None:
            continue
        cost = g.cost(top)
        g.trash_card(q, top, q.deck, card.name)
        name = g.choose_supply(p, card.name, "Give", max_cost=cost,
                               pred=lambda d, cost=cost: g.cost(d) == cost)
        if name:
            g.gain(q, name, source=card.name)


def saboteur_printed_costs(g, p, card, play) -> None:
    for q in play.victims(g):
        others, found = [], None
        while found is None:
            one = g.reveal_from_deck(q, 1, card.name)
            if not one:
                break
            if one[0].defn.cost.coins >= 3:
                found = one[0]
            else:
                others.append(one[0])
        if found is not None:
            limit = found.defn.cost.plus_coins(-2)
            g.trash_card(q, found, q.set_aside, card.name)
            name = g.choose_supply(q, card.name, "Gain", max_cost=limit, optional=True)
            if name:
                g.gain(q, name, source=card.name)
        for c in others:
            g.discard_card(q, c, q.set_aside, card.name)


def saboteur_up_to_same_cost(g, p, card, play) -> None:
    for q in play.victims(g):
        others, found = [], None
        while found is None:
            one = g.reveal_from_deck(q, 1, card.name)
            if not one:
                break
            if g.cost(one[0]).coins >= 3:
                found = one[0]
            else:
                others.append(one[0])
        if found is not None:
            limit = g.cost(found)
            g.trash_card(q, found, q.set_aside, card.name)
            name = g.choose_supply(q, card.name, "Gain", max_cost=limit, optional=True)
            if name:
                g.gain(q, name, source=card.name)
        for c in others:
            g.discard_card(q, c, q.set_aside, card.name)


def torturer_discard_needs_two_cards(g, p, card, play) -> None:
    for q in play.victims(g):
        if g.choose_option(q, card.name, "Choose", [("discard", ""), ("curse", "")]) == "curse":
            g.gain(q, "Curse", to="hand", source=card.name)
        elif len(q.hand) >= 2:
            for c in g.choose_from_hand(q, card.name, "Discard", min=2, max=2):
                g.discard_card(q, c, q.hand, card.name)


def upgrade_keeps_card_without_a_gain(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        target = g.cost(picked[0]).plus_coins(1)
        name = g.choose_supply(p, card.name, "Gain", max_cost=target,
                               pred=lambda d: g.cost(d) == target)
        if name:
            g.trash_card(p, picked[0], p.hand, card.name)
            g.gain(p, name, source=card.name)


def trading_post_needs_silver(g, p, card, play) -> None:
    if not g.piles["Silver"].cards:
        return
    picked = g.choose_from_hand(p, card.name, "Trash 2", min=2, max=2)
    for c in picked:
        g.trash_card(p, c, p.hand, card.name)
    if len(picked) == 2:
        g.gain(p, "Silver", to="hand", source=card.name)


def tribute_needs_two_cards(g, p, card, play) -> None:
    left = g.players[(p.index + 1) % len(g.players)]
    if len(left.deck) + len(left.discard) < 2:
        return
    revealed = g.reveal_from_deck(left, 2, card.name)
    for c in revealed:
        g.discard_card(left, c, left.set_aside, card.name)
    for name in dict.fromkeys(c.name for c in revealed):
        d = next(c.defn for c in revealed if c.name == name)
        if d.is_action:
            g.actions += 2
        if d.is_treasure:
            g.coins += 2
        if d.is_victory:
            g.draw(p, 2)


CASES: list[tuple[str, Patch]] = [
    ("bridge--throne-room-cumulative", hook("Bridge", "on_play", no_op)),
    ("bridge--workshop-gains-duchy", hook("Bridge", "on_play", no_op)),
    ("duke--pile-sizes-two-players", intrigue_victory_piles_of_ten),
    ("duke--pile-sizes-three-players", intrigue_victory_piles_of_ten),
    ("duke--one-vp-per-duchy-everywhere", hook("Duke", "vp_fn", duke_deck_only)),
    ("great-hall--action-and-victory", hook("Great Hall", "vp", 0)),
    ("great-hall--action-and-victory", hook("Great Hall", "actions", 0)),
    ("harem--treasure-and-victory", hook("Harem", "vp", 0)),
    ("nobles--cards-or-actions", hook("Nobles", "cards", 1)),
    ("pawn--choose-two-different", hook("Pawn", "on_play", pawn_choices_one_at_a_time)),
    ("steward--trash-exactly-two", hook("Steward", "on_play", steward_trash_up_to_two)),
    ("shanty-town--draws-both-cards", hook("Shanty Town", "on_play",
                                           shanty_town_stops_at_action)),
    ("shanty-town--action-victory-in-hand", hook("Great Hall", "is_action", False)),
    ("conspirator--throne-room-third-action", hook("Conspirator", "on_play",
                                                   conspirator_counts_distinct_cards)),
    ("coppersmith--throne-room-three-per-copper", hook("Coppersmith", "on_play",
                                                       coppersmith_not_cumulative)),
    ("courtyard--draw-then-put-back-any", hook("Courtyard", "on_play",
                                               courtyard_puts_back_a_drawn_card_only)),
    ("baron--keep-estate-gain-estate", hook("Baron", "on_play", baron_may_take_just_the_buy)),
    ("mining-village--throne-room-trash-once", hook("Mining Village", "on_play",
                                                    mining_village_trashes_each_play)),
    ("wishing-well--wrong-name-stays-on-top", hook("Wishing Well", "on_play",
                                                   wishing_well_discards_a_miss)),
    ("ironworks--great-hall-both-bonuses", hook("Ironworks", "on_play", ironworks_first_type_only)),
    ("trading-post--silver-to-hand", hook("Trading Post", "on_play",
                                          trading_post_silver_to_discard)),
    ("trading-post--one-card-then-none", hook("Trading Post", "on_play",
                                              trading_post_silver_for_one)),
    ("upgrade--exactly-one-more", hook("Upgrade", "on_play", upgrade_up_to_one_more)),
    ("upgrade--bridge-copper-to-one", hook("Upgrade", "on_play", upgrade_ignores_bridge)),
    ("secret-chamber--react-before-militia", hook("Secret Chamber", "react_attack",
                                                  secret_chamber_puts_back_drawn)),
    ("secret-chamber--discard-for-coins", hook("Secret Chamber", "on_play", no_op)),
    ("scout--victory-cards-to-hand", hook("Scout", "on_play", scout_leaves_curses_and_great_halls)),
    ("scout--short-deck-shuffle", hook("Scout", "on_play", scout_shuffles_revealed_in)),
    ("tribute--two-silvers", hook("Tribute", "on_play", tribute_counts_every_card)),
    ("tribute--copper-and-harem", hook("Tribute", "on_play", tribute_first_type_only)),
    ("tribute--short-deck-shuffle", hook("Tribute", "on_play", tribute_first_type_only)),
    ("masquerade--pass-left-then-trash", hook("Masquerade", "on_play",
                                              masquerade_passes_one_at_a_time)),
    ("masquerade--not-an-attack", hook("Masquerade", "is_attack", True)),
    ("minion--attack-five-cards-or-more", hook("Minion", "on_play", minion_hits_every_hand)),
    ("minion--reactions-first", hook("Minion", "on_play", minion_ignores_moat)),
    ("minion--coins", hook("Minion", "actions", 0)),
    ("torturer--curses-in-turn-order", hook("Torturer", "on_play", torturer_curse_to_discard)),
    ("swindler--same-cost-in-turn-order", hook("Swindler", "on_play",
                                               swindler_gives_cheaper_or_equal)),
    ("swindler--same-cost-in-turn-order", hook("Swindler", "on_play", swindler_from_the_right)),
    ("saboteur--bridge-lowers-deck-costs", hook("Saboteur", "on_play", saboteur_printed_costs)),
    ("saboteur--reveal-until-three", hook("Saboteur", "on_play", saboteur_up_to_same_cost)),
    ("torturer--discard-what-you-have", hook("Torturer", "on_play",
                                             torturer_discard_needs_two_cards)),
    ("upgrade--nothing-at-that-cost", hook("Upgrade", "on_play",
                                           upgrade_keeps_card_without_a_gain)),
    ("trading-post--no-silver-left", hook("Trading Post", "on_play", trading_post_needs_silver)),
    ("tribute--reveals-what-he-can", hook("Tribute", "on_play", tribute_needs_two_cards)),
    ("baron--no-estate-must-gain", hook("Baron", "on_play", baron_may_take_just_the_buy)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
