"""Each sampled Cornucopia scenario fails when the card behaviour it demonstrates is broken.

The method, and the helpers more than one set uses, are in ``breakage_helpers``.
"""

from __future__ import annotations

import pytest
from breakage_helpers import (
    Patch,
    check_breaks,
    hook,
    replace_setup_rule,
)

from engine import setup as engine_setup
from engine.cost import Cost


def menagerie_compares_types(g, p, card, play) -> None:
    kinds = [c.defn.types for c in p.hand]
    g.draw(p, 3 if len(set(kinds)) == len(kinds) else 1)


def hamlet_bonus_without_discard(g, p, card, play) -> None:
    g.actions += 1
    picked = g.choose_from_hand(p, card.name, "Discard for +1 Action", min=0)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
    picked = g.choose_from_hand(p, card.name, "Discard for +1 Buy", min=0)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.buys += 1


def hamlet_one_bonus_per_card(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard for +1 Action", min=0, max=len(p.hand))
    for c in picked:
        g.discard_card(p, c, p.hand, card.name)
        g.actions += 1
    picked = g.choose_from_hand(p, card.name, "Discard for +1 Buy", min=0)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.buys += 1


def harvest_counts_every_card(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 4, card.name)
    for c in revealed:
        g.discard_card(p, c, p.set_aside, card.name)
    g.coins += len(revealed)


def harvest_never_shuffles(g, p, card, play) -> None:
    revealed = [p.deck.pop() for _ in range(min(4, len(p.deck)))]
    p.discard.extend(revealed)
    g.coins += len({c.name for c in revealed})


def fairgrounds_rounds_up(p) -> int:
    return 2 * -(-len({c.name for c in p.all_cards()}) // 5)


def farming_village_actions_only(g, p, card, play) -> None:
    from engine.cards.cornucopia import _reveal_until

    _reveal_until(g, p, card.name, lambda c: c.defn.is_action)


def farming_village_first_type_only(g, p, card, play) -> None:
    from engine.cards.cornucopia import _reveal_until

    # Stops only at a card that is nothing but an Action or a Treasure.
    _reveal_until(g, p, card.name, lambda c: len(c.defn.types) == 1
                  and (c.defn.is_action or c.defn.is_treasure))


def reveal_until_discarding_as_it_goes(g, p, card, play, found) -> None:
    while True:
        c = g.take_top(p)
        if c is None:
            return
        if found(c):
            p.hand.append(c)
            return
        p.discard.append(c)


def farming_village_discards_as_it_goes(g, p, card, play) -> None:
    reveal_until_discarding_as_it_goes(g, p, card, play,
                                       lambda c: c.defn.is_action or c.defn.is_treasure)


def hunting_party_discards_as_it_goes(g, p, card, play) -> None:
    held = {c.name for c in p.hand}
    reveal_until_discarding_as_it_goes(g, p, card, play, lambda c: c.name not in held)


def hunting_party_compares_with_last_revealed(g, p, card, play) -> None:
    from engine.cards.cornucopia import _reveal_until

    last = [p.hand[-1].name if p.hand else None]

    def new(c) -> bool:
        if c.name != last[0]:
            return True
        last[0] = c.name
        return False

    _reveal_until(g, p, card.name, new)


def remake_up_to_one_more(g, p, card, play) -> None:
    for _ in range(2):
        picked = g.choose_from_hand(p, card.name, "Trash a card")
        if not picked:
            return
        limit = g.cost(picked[0]).plus_coins(1)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
        if name:
            g.gain(p, name, source=card.name)


def remake_once(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        target = g.cost(picked[0]).plus_coins(1)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", pred=lambda d: g.cost(d).exactly(target))
        if name:
            g.gain(p, name, source=card.name)


def fortune_teller_victory_only(g, p, card, play) -> None:
    from engine.cards.cornucopia import _reveal_until

    for q in play.victims(g):
        _reveal_until(g, q, card.name, lambda c: c.defn.is_victory, to_deck=True)


def fortune_teller_discards_as_it_goes(g, p, card, play) -> None:
    for q in play.victims(g):
        while True:
            c = g.take_top(q)
            if c is None:
                break
            if c.defn.is_victory or c.defn.is_curse:
                q.deck.append(c)
                break
            q.discard.append(c)


def fortune_teller_keeps_card_in_hand(g, p, card, play) -> None:
    from engine.cards.cornucopia import _reveal_until

    for q in play.victims(g):
        _reveal_until(g, q, card.name, lambda c: c.defn.is_victory or c.defn.is_curse)


def jester_victim_always_gains(g, p, card, play) -> None:
    for q in play.victims(g):
        top = g.reveal_from_deck(q, 1, card.name)
        if top:
            g.discard_card(q, top[0], q.set_aside, card.name)
            g.gain(q, "Curse" if top[0].defn.is_victory else top[0].name, source=card.name)


def jester_pure_victory_only(g, p, card, play) -> None:
    from engine.cards import cornucopia

    for q in play.victims(g):
        top = g.reveal_from_deck(q, 1, card.name)
        if not top:
            continue
        g.discard_card(q, top[0], q.set_aside, card.name)
        if top[0].defn.types == {"Victory"}:
            g.gain(q, "Curse", source=card.name)
        elif cornucopia._supply_copy(g, top[0]):
            who = g.choose_option(p, card.name, "Who?", [("them", "them"), ("me", "me")])
            g.gain(q if who == "them" else p, top[0].name, source=card.name)


def jester_from_the_right(g, p, card, play) -> None:
    for q in reversed(play.victims(g)):
        top = g.reveal_from_deck(q, 1, card.name)
        if top:
            g.discard_card(q, top[0], q.set_aside, card.name)
            if top[0].defn.is_victory:
                g.gain(q, "Curse", source=card.name)


def jester_asks_without_a_copy(g, p, card, play) -> None:
    for q in play.victims(g):
        top = g.reveal_from_deck(q, 1, card.name)
        if top:
            g.discard_card(q, top[0], q.set_aside, card.name)
            g.choose_option(p, card.name, "Who?", [("them", "them"), ("me", "me")])


def horn_of_plenty_counts_cards(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(len(p.in_play)))
    if name:
        g.gain(p, name, source=card.name)


def horn_of_plenty_counts_played_this_turn(g, p, card, play) -> None:
    limit = Cost(len({c.name for c in g.played_this_turn}))
    name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
    if name and g.gain(p, name, source=card.name).defn.is_victory:
        g.trash_card(p, card, p.in_play, card.name)


def horn_of_plenty_pure_victory_only(g, p, card, play) -> None:
    limit = Cost(len({c.name for c in p.in_play}))
    name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
    if name and g.gain(p, name, source=card.name).defn.types == {"Victory"}:
        g.trash_card(p, card, p.in_play, card.name)


def horn_of_plenty_trashed_by_any_victory_buy(g, p, hoard, bought) -> None:
    if bought.defn.is_victory and hoard in p.in_play:
        g.trash_card(p, hoard, p.in_play, hoard.name)


def young_witch_ignores_bane(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard 2", min=2, max=2):
        g.discard_card(p, c, p.hand, card.name)
    for q in play.victims(g):
        g.gain(q, "Curse", source=card.name)


def young_witch_from_the_right(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard 2", min=2, max=2):
        g.discard_card(p, c, p.hand, card.name)
    for q in reversed(play.victims(g)):
        if not any(c.name == g.bane for c in q.hand):
            g.gain(q, "Curse", source=card.name)


def young_witch_ignores_reactions(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard 2", min=2, max=2):
        g.discard_card(p, c, p.hand, card.name)
    for q in [x for x in g.players if x is not p]:
        banes = [c for c in q.hand if c.name == g.bane]
        if not (banes and g.yes_no(q, card.name, "Reveal the Bane?")):
            g.gain(q, "Curse", source=card.name)


def bane_not_a_kingdom_pile(ctx) -> None:
    bane = ctx.options.get("bane")
    if bane:
        ctx.add_pile(bane, 10, supply=True, kingdom=False)
        ctx.landscape["bane"] = bane


def tournament_bonus_if_you_reveal(g, p, card, play) -> None:
    from engine.cards import cornucopia

    mine = cornucopia._reveal_province(g, p, card.name)
    others = [cornucopia._reveal_province(g, q, card.name) for q in g.players if q is not p]
    if mine is not None:
        g.discard_card(p, mine, p.hand, card.name)
        choice = g.choose_option(p, card.name, "Gain", [(n, n) for n in cornucopia.PRIZES
                                                         if g.piles[n].cards] + [("Duchy", "")])
        g.gain(p, choice, to="deck", source=card.name)
        if not any(others):
            g.draw(p, 1)
            g.coins += 1


def tournament_prize_to_discard(g, p, card, play) -> None:
    from engine.cards import cornucopia

    mine = cornucopia._reveal_province(g, p, card.name)
    others = [cornucopia._reveal_province(g, q, card.name) for q in g.players if q is not p]
    if mine is not None:
        g.discard_card(p, mine, p.hand, card.name)
        choice = g.choose_option(p, card.name, "Gain", [(n, n) for n in cornucopia.PRIZES
                                                         if g.piles[n].cards] + [("Duchy", "")])
        g.gain(p, choice, source=card.name)
    if not any(others):
        g.draw(p, 1)
        g.coins += 1


def tournament_duchy_only_when_prizes_are_gone(g, p, card, play) -> None:
    from engine.cards import cornucopia

    mine = cornucopia._reveal_province(g, p, card.name)
    others = [cornucopia._reveal_province(g, q, card.name) for q in g.players if q is not p]
    if mine is not None:
        g.discard_card(p, mine, p.hand, card.name)
        left = [(n, n) for n in cornucopia.PRIZES if g.piles[n].cards]
        if left:
            g.gain(p, g.choose_option(p, card.name, "Gain", left), to="deck", source=card.name)
        elif g.piles["Duchy"].cards:
            g.gain(p, "Duchy", to="deck", source=card.name)
    if not any(others):
        g.draw(p, 1)
        g.coins += 1


def tournament_top_prize_only(g, p, card, play) -> None:
    from engine.cards import cornucopia

    mine = cornucopia._reveal_province(g, p, card.name)
    others = [cornucopia._reveal_province(g, q, card.name) for q in g.players if q is not p]
    if mine is not None:
        g.discard_card(p, mine, p.hand, card.name)
        top = next((n for n in cornucopia.PRIZES if g.piles[n].cards), None)
        options = ([(top, top)] if top else []) + [("Duchy", "")]
        g.gain(p, g.choose_option(p, card.name, "Gain", options), to="deck", source=card.name)
    if not any(others):
        g.draw(p, 1)
        g.coins += 1


def extra_piles_in_the_supply(ctx) -> None:
    for defn in ctx.defs():
        for name in defn.extra_piles:
            ctx.add_pile(name, 1, supply=True, kingdom=False)


def fairgrounds_supply_cards_only(p) -> int:
    kinds = ("kingdom", "basic")
    return 2 * (len({c.name for c in p.all_cards() if c.defn.kind in kinds}) // 5)


def bag_of_gold_to_discard(g, p, card, play) -> None:
    g.gain(p, "Gold", source=card.name)


def diadem_counts_action_cards_in_hand(g, p, card, play) -> None:
    g.coins += sum(1 for c in p.hand if c.defn.is_action)


def diadem_no_bonus_without_actions_played(g, p, card, play) -> None:
    if any(c.defn.is_action for c in p.in_play):
        g.coins += g.actions


def followers_discard_before_curse(g, p, card, play) -> None:
    g.gain(p, "Estate", source=card.name)
    for q in play.victims(g):
        excess = len(q.hand) - 3
        if excess > 0:
            for c in g.choose_from_hand(q, card.name, "Discard", min=excess, max=excess):
                g.discard_card(q, c, q.hand, card.name)
        g.gain(q, "Curse", source=card.name)


def followers_from_the_right(g, p, card, play) -> None:
    g.gain(p, "Estate", source=card.name)
    for q in reversed(play.victims(g)):
        g.gain(q, "Curse", source=card.name)


def princess_discount_per_play(g, p, card, play) -> None:
    g.cost_reduction += 2


def princess_discount_for_the_turn(g, p, card, play) -> None:
    def discount(game, d, cost):
        return Cost(cost.coins - 2, cost.potion, cost.debt)

    g.cost_modifiers.append(discount)


def trusty_steed_in_choice_order(g, p, card, play) -> None:
    from engine.decisions import Decision, DecisionKind, Option

    picked = g.decide(Decision(DecisionKind.CHOOSE_OPTION, p.index, card.name, "Two",
                               [Option(i) for i in ("cards", "actions", "coins", "silvers")],
                               min=2, max=2))
    for o in picked:
        if o.id == "cards":
            g.draw(p, 2)
        elif o.id == "actions":
            g.actions += 2
        elif o.id == "coins":
            g.coins += 2
        else:
            for _ in range(4):
                g.gain(p, "Silver", source=card.name)
            p.discard.extend(reversed(p.deck))
            p.deck = []


def trusty_steed_needs_four_silvers(g, p, card, play) -> None:
    from engine.decisions import Decision, DecisionKind, Option

    picked = g.decide(Decision(DecisionKind.CHOOSE_OPTION, p.index, card.name, "Two",
                               [Option(i) for i in ("cards", "actions", "coins", "silvers")],
                               min=2, max=2))
    chosen = {o.id for o in picked}
    if "coins" in chosen:
        g.coins += 2
    if "silvers" in chosen and len(g.piles["Silver"]) >= 4:
        for _ in range(4):
            g.gain(p, "Silver", source=card.name)
        p.discard.extend(reversed(p.deck))
        p.deck = []


def horse_traders_needs_two_cards(g, p, card, play) -> None:
    if len(p.hand) >= 2:
        for c in g.choose_from_hand(p, card.name, "Discard 2", min=2, max=2):
            g.discard_card(p, c, p.hand, card.name)


def horse_traders_blocks_like_moat(g, p, card, attack) -> bool:
    g.to_mat(p, card, p.hand, "Horse Traders", card.name)
    g.schedule_duration(p, card)
    return True


def horse_traders_stays_in_hand(g, p, card, attack) -> bool:
    from engine.state import DurationEffect

    # Reads "set aside" as nothing but a reminder: the card stays in hand, a card next turn.
    p.durations.append(DurationEffect(card, lambda game, q, c: game.draw(q, 1)))
    return False


def horse_traders_returns_without_a_card(g, p, card) -> None:
    mat = p.mats.get("Horse Traders", [])
    if card in mat:
        g.to_hand(p, card, mat)


CASES: list[tuple[str, Patch]] = [
    ("menagerie--different-names-draw-three", hook("Menagerie", "on_play",
                                                   menagerie_compares_types)),
    ("hamlet--buy-only", hook("Hamlet", "on_play", hamlet_bonus_without_discard)),
    ("hamlet--one-card-per-bonus", hook("Hamlet", "on_play", hamlet_one_bonus_per_card)),
    ("harvest--three-names-three-coins", hook("Harvest", "on_play", harvest_counts_every_card)),
    ("harvest--short-deck-shuffle", hook("Harvest", "on_play", harvest_never_shuffles)),
    ("fairgrounds--two-vp-per-five-names", hook("Fairgrounds", "vp_fn", fairgrounds_rounds_up)),
    ("fairgrounds--pile-size-two-players", hook("Fairgrounds", "pile_size", 10)),
    ("farming-village--first-action-or-treasure", hook("Farming Village", "on_play",
                                                       farming_village_actions_only)),
    ("farming-village--shuffle-excludes-revealed", hook("Farming Village", "on_play",
                                                        farming_village_discards_as_it_goes)),
    ("farming-village--great-hall-counts", hook("Farming Village", "on_play",
                                                farming_village_first_type_only)),
    ("hunting-party--skips-duplicates", hook("Hunting Party", "on_play",
                                             hunting_party_compares_with_last_revealed)),
    ("hunting-party--shuffle-excludes-revealed", hook("Hunting Party", "on_play",
                                                      hunting_party_discards_as_it_goes)),
    ("remake--estate-silver-copper-nothing", hook("Remake", "on_play", remake_up_to_one_more)),
    ("remake--estate-silver-copper-nothing", hook("Remake", "on_play", remake_once)),
    ("fortune-teller--stops-at-victory-or-curse", hook("Fortune Teller", "on_play",
                                                       fortune_teller_victory_only)),
    ("fortune-teller--shuffle-only-card", hook("Fortune Teller", "on_play",
                                               fortune_teller_discards_as_it_goes)),
    ("fortune-teller--shuffle-only-card", hook("Fortune Teller", "on_play",
                                               fortune_teller_keeps_card_in_hand)),
    ("jester--curse-or-copy", hook("Jester", "on_play", jester_victim_always_gains)),
    ("jester--curse-or-copy", hook("Jester", "on_play", jester_pure_victory_only)),
    ("jester--curses-in-turn-order", hook("Jester", "on_play", jester_from_the_right)),
    ("jester--no-copy-in-supply", hook("Jester", "on_play", jester_asks_without_a_copy)),
    ("horn-of-plenty--counts-different-names-in-play", hook("Horn of Plenty", "on_play",
                                                            horn_of_plenty_counts_cards)),
    ("horn-of-plenty--feast-left-play", hook("Horn of Plenty", "on_play",
                                             horn_of_plenty_counts_played_this_turn)),
    ("horn-of-plenty--great-hall-is-victory", hook("Horn of Plenty", "on_play",
                                                   horn_of_plenty_pure_victory_only)),
    ("horn-of-plenty--played-last-bought-victory", hook(
        "Horn of Plenty", "while_in_play_buy", horn_of_plenty_trashed_by_any_victory_buy)),
    ("horn-of-plenty--counts-different-names-in-play", hook("Horn of Plenty", "coins", 1)),
    ("young-witch--discard-then-bane-or-curse", hook("Young Witch", "on_play",
                                                     young_witch_ignores_bane)),
    ("young-witch--secret-chamber-bane", hook("Young Witch", "on_play", young_witch_ignores_bane)),
    ("young-witch--curses-in-turn-order", hook("Young Witch", "on_play",
                                               young_witch_from_the_right)),
    ("young-witch--moat-before-bane", hook("Young Witch", "on_play",
                                           young_witch_ignores_reactions)),
    ("young-witch--bane-pile-in-supply", replace_setup_rule(engine_setup._rule_bane,
                                                            bane_not_a_kingdom_pile)),
    ("young-witch--discard-then-bane-or-curse", hook("Young Witch", "cards", 0)),
    ("tournament--prize-onto-empty-deck", hook("Tournament", "on_play",
                                               tournament_prize_to_discard)),
    ("tournament--nothing-left-gains-nothing", hook("Tournament", "on_play",
                                                    tournament_duchy_only_when_prizes_are_gone)),
    ("tournament--no-province-still-bonus", hook("Tournament", "on_play",
                                                 tournament_bonus_if_you_reveal)),
    ("tournament--other-reveals-duchy", hook("Tournament", "on_play",
                                             tournament_duchy_only_when_prizes_are_gone)),
    ("tournament--prize-onto-empty-deck", hook("Tournament", "on_play",
                                               tournament_top_prize_only)),
    ("tournament--prizes-set-out", hook("Tournament", "extra_piles", ())),
    ("tournament--prizes-cannot-be-bought", replace_setup_rule(engine_setup._rule_extra_piles,
                                                               extra_piles_in_the_supply)),
    ("bag-of-gold--gold-onto-deck", hook("Bag of Gold", "on_play", bag_of_gold_to_discard)),
    ("bag-of-gold--empty-deck-only-card", hook("Bag of Gold", "on_play", bag_of_gold_to_discard)),
    ("diadem--farming-village-actions", hook("Diadem", "on_play",
                                             diadem_counts_action_cards_in_hand)),
    ("diadem--no-actions-played", hook("Diadem", "on_play",
                                       diadem_no_bonus_without_actions_played)),
    ("followers--order-of-effects", hook("Followers", "on_play", followers_discard_before_curse)),
    ("followers--piles-low", hook("Followers", "on_play", followers_from_the_right)),
    ("princess--throne-room-once", hook("Princess", "on_play", princess_discount_per_play)),
    ("princess--leaves-play-at-cleanup", hook("Princess", "on_play",
                                              princess_discount_for_the_turn)),
    ("trusty-steed--cards-and-silvers", hook("Trusty Steed", "on_play",
                                             trusty_steed_in_choice_order)),
    ("trusty-steed--few-silvers-left", hook("Trusty Steed", "on_play",
                                            trusty_steed_needs_four_silvers)),
    ("fairgrounds--more-than-seventeen-names", hook("Fairgrounds", "vp_fn",
                                                    fairgrounds_supply_cards_only)),
    ("horse-traders--buy-coins-discard-two", hook("Horse Traders", "coins", 2)),
    ("horse-traders--short-hand", hook("Horse Traders", "on_play", horse_traders_needs_two_cards)),
    ("horse-traders--set-aside-before-militia", hook("Horse Traders", "react_attack",
                                                     horse_traders_blocks_like_moat)),
    ("horse-traders--set-aside-before-militia", hook("Horse Traders", "next_turn",
                                                     horse_traders_returns_without_a_card)),
    ("horse-traders--one-attack-per-round", hook("Horse Traders", "react_attack",
                                                 horse_traders_stays_in_hand)),
    ("horse-traders--two-against-followers", hook("Horse Traders", "react_attack",
                                                  horse_traders_blocks_like_moat)),
    ("horse-traders--play-it-next-turn", hook("Horse Traders", "next_turn",
                                              horse_traders_returns_without_a_card)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
