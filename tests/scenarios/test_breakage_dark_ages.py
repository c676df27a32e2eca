"""Each sampled Dark Ages scenario fails when the card behaviour it demonstrates is broken.

The method, and the helpers more than one set uses, are in ``breakage_helpers``.
"""

from __future__ import annotations

import pytest
from breakage_helpers import (
    Patch,
    both,
    check_breaks,
    hook,
    replace_setup_rule,
)

from engine import registry
from engine import setup as engine_setup
from engine.cost import Cost
from engine.errors import SetupError


def fortress_only_on_own_turn(g, p, card) -> None:
    if card in g.trash and g.current == p.index:
        g.to_hand(p, card, g.trash)


def marauder_ruins_first(g, p, card, play) -> None:
    for q in play.victims(g):
        g.gain(q, "Ruins", source=card.name)
    g.gain(p, "Spoils", source=card.name)


def ruins_pile_of_ten(ctx) -> None:
    if any("Looter" in d.types for d in ctx.defs()):
        pool = [name for name in engine_setup.RUINS for _ in range(2)]
        ctx.add_pile("Ruins", pool, supply=True, kingdom=False)


def starting_decks_ignore_shelters(ctx) -> None:
    for _ in range(ctx.players):
        ctx.starting.append(["Copper"] * 7 + ["Estate"] * 3)


def survivors_discards_the_top_one(g, p, card, play) -> None:
    top = g.reveal_from_deck(p, 2, card.name, look=True)
    if top:
        g.discard_card(p, top[0], p.set_aside, card.name)
        for c in top[1:]:
            g.topdeck(p, c, p.set_aside, card.name)


def hovel_pays_a_coin(g, p, hovel, bought) -> None:
    if hovel in p.hand:
        g.trash_card(p, hovel, p.hand, hovel.name)
        g.coins += 1


def poor_house_goes_negative(g, p, card, play) -> None:
    g.coins -= sum(1 for c in p.hand if c.defn.is_treasure)


def poor_house_pure_treasures_only(g, p, card, play) -> None:
    g.coins = max(0, g.coins - sum(1 for c in p.hand if c.defn.types == {"Treasure"}))


def forager_counts_every_copy(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
    g.coins += sum(1 for c in g.trash if c.defn.is_treasure)


def forager_coins_only_if_trashed(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.coins += len({c.name for c in g.trash if c.defn.is_treasure})


def sage_discards_as_it_goes(g, p, card, play) -> None:
    while True:
        c = g.take_top(p)
        if c is None:
            return
        if g.cost(c).coins >= 3:
            p.hand.append(c)
            return
        p.discard.append(c)


def vagrant_victory_only(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is not None and top.defn.is_victory:
        g.to_hand(p, top, p.deck)


def minstrel_never_shuffles(g, p, card, play) -> None:
    revealed = []
    for _ in range(3):
        if not p.deck:
            break
        c = p.deck.pop()
        p.set_aside.append(c)
        revealed.append(c)
    for c in revealed:
        if c.defn.is_action:
            g.topdeck(p, c, p.set_aside, card.name)
        else:
            g.discard_card(p, c, p.set_aside, card.name)


def minstrel_keeps_reveal_order(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 3, card.name)
    for c in reversed(revealed):
        if c.defn.is_action:
            g.topdeck(p, c, p.set_aside, card.name)
        else:
            g.discard_card(p, c, p.set_aside, card.name)


def storeroom_second_discard_from_old_hand(g, p, card, play) -> None:
    first = g.choose_from_hand(p, card.name, "Discard", min=0, max=len(p.hand))
    old = [c for c in p.hand if c not in first]
    for c in first:
        g.discard_card(p, c, p.hand, card.name)
    g.draw(p, len(first))
    second = g.choose_from_hand(p, card.name, "Discard", min=0, max=len(old),
                                pred=lambda c: c in old)
    for c in second:
        g.discard_card(p, c, p.hand, card.name)
    g.coins += len(second)


def junk_dealer_trashes_before_drawing(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
    g.draw(p, 1)


def armory_gains_to_discard(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(4))
    if name:
        g.gain(p, name, source=card.name)


def altar_gains_only_if_trashed(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(5))
        if name:
            g.gain(p, name, source=card.name)


def hunting_grounds_needs_three_estates(g, p, card) -> None:
    choice = g.choose_option(p, card.name, "Duchy or Estates",
                             [("duchy", "Duchy"), ("estates", "3 Estates")])
    if choice == "duchy":
        g.gain(p, "Duchy", source=card.name)
    elif len(g.piles["Estate"].cards) >= 3:
        for _ in range(3):
            g.gain(p, "Estate", source=card.name)


def feodum_counts_deck_only(p) -> int:
    return sum(1 for c in p.deck if c.name == "Silver") // 3


def feodum_needs_three_silvers(g, p, card) -> None:
    if len(g.piles["Silver"].cards) >= 3:
        for _ in range(3):
            g.gain(p, "Silver", source=card.name)


def ironmonger_first_type_only(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    if g.yes_no(p, card.name, "Discard?"):
        g.discard_card(p, top, p.deck, card.name)
    if top.defn.is_action:
        g.actions += 1
    elif top.defn.is_treasure:
        g.coins += 1
    elif top.defn.is_victory:
        g.draw(p, 1)


def cultist_never_chains(g, p, card, play) -> None:
    for q in play.victims(g):
        g.gain(q, "Ruins", source=card.name)


def cultist_chain_uses_an_action(g, p, card, play) -> None:
    for q in play.victims(g):
        g.gain(q, "Ruins", source=card.name)
    picked = g.choose_from_hand(p, card.name, "Cultist?", min=0, max=1,
                                pred=lambda c: c.name == "Cultist")
    if picked:
        g.actions -= 1
        g.play_card(p, picked[0], p.hand)


def cultist_draws_the_revealed_cards(g, p, card) -> None:
    taken = list(p.set_aside)
    for c in taken:
        g.to_hand(p, c, p.set_aside)
    g.draw(p, 3 - len(taken))


def death_cart_must_trash_an_action(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash an Action", pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
    elif card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)


def death_cart_needs_the_action_to_stay_trashed(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash an Action", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
    if (not picked or picked[0] not in g.trash) and card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)


def masquerade_passes_by_gaining(g, p, card, play) -> None:
    n = len(g.players)
    order = [g.players[(p.index + k) % n] for k in range(n)]
    passing = [(q, g.choose_from_hand(q, card.name, "Pass")) for q in order]
    for q, picked in passing:
        for c in picked:
            g.gain_card_object(g.players[(q.index + 1) % n], c, q.hand, to="hand",
                               source=card.name)
    for c in g.choose_from_hand(p, card.name, "Trash", min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)


def rats_may_trash_rats(g, p, card, play) -> None:
    g.gain(p, "Rats", source=card.name)
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)


def rats_trashes_before_gaining(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", pred=lambda c: c.name != "Rats")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
    g.gain(p, "Rats", source=card.name)


def catacombs_draws_before_discarding(g, p, card, play) -> None:
    top = g.reveal_from_deck(p, 3, card.name, look=True)
    choice = g.choose_option(p, card.name, "?", [("hand", "hand"), ("discard", "discard")])
    if choice == "hand":
        for c in top:
            g.to_hand(p, c, p.set_aside)
        return
    g.draw(p, 3)
    for c in top:
        g.discard_card(p, c, p.set_aside, card.name)


def catacombs_gains_up_to_same_cost(g, p, card) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=g.cost(card))
    if name:
        g.gain(p, name, source=card.name)


def count_trashes_one_by_one(g, p, card, play) -> None:
    g.choose_option(p, card.name, "1", [("discard", ""), ("topdeck", ""), ("copper", "")])
    g.gain(p, "Copper", source=card.name)
    if g.choose_option(p, card.name, "2", [("coins", ""), ("trash", ""), ("duchy", "")]) == "trash":
        for c in list(p.hand):
            if c in p.hand:
                g.trash_card(p, c, p.hand, card.name)


def count_offers_only_possible_options(g, p, card, play) -> None:
    first = [("copper", "")] + ([("topdeck", "")] if p.hand else [])
    if g.choose_option(p, card.name, "1", first) == "topdeck":
        picked = g.choose_from_hand(p, card.name, "Topdeck")
        g.topdeck(p, picked[0], p.hand, card.name)
    else:
        g.gain(p, "Copper", source=card.name)
    second = [("coins", ""), ("duchy", "")] + ([("trash", "")] if p.hand else [])
    choice = g.choose_option(p, card.name, "2", second)
    if choice == "coins":
        g.coins += 3
    elif choice == "duchy":
        g.gain(p, "Duchy", source=card.name)


def scavenger_topdeck_optional(g, p, card, play) -> None:
    if p.deck and g.yes_no(p, card.name, "Deck?"):
        p.discard.extend(reversed(p.deck))
        p.deck = []
    picked = g.choose_cards(p, card.name, "Topdeck", list(p.discard), min=0, max=1)
    if picked:
        g.topdeck(p, picked[0], p.discard, card.name)


def mystic_names_cards_in_the_game(g, p, card, play) -> None:
    known = {c.name for pile in g.piles.values() if pile.supply for c in pile.cards}
    named = g.choose_option(p, card.name, "Name", [(n, n) for n in sorted(known)])
    top = g.peek_top(p)
    if top is not None and top.name == named:
        g.to_hand(p, top, p.deck)


def rebuild_ignores_the_name(g, p, card, play) -> None:
    g.choose_option(p, card.name, "Name", [("Province", ""), ("Copper", ""), ("Colony", "")])
    while True:
        c = g.take_top(p)
        if c is None:
            return
        if c.defn.is_victory:
            limit = g.cost(c).plus_coins(3)
            g.trash.append(c)
            name = g.choose_supply(p, card.name, "Gain", max_cost=limit,
                                   pred=lambda d: d.is_victory)
            if name:
                g.gain(p, name, source=card.name)
            return
        p.discard.append(c)


def pillage_trashes_itself_last(g, p, card, play) -> None:
    for q in play.victims(g):
        if len(q.hand) >= 5:
            [picked] = g.choose_cards(p, card.name, "Discard", list(q.hand))
            g.discard_card(q, picked, q.hand, card.name)
    for _ in range(2):
        g.gain(p, "Spoils", source=card.name)
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)


def pillage_needs_two_spoils(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    if len(g.piles["Spoils"].cards) >= 2:
        for _ in range(2):
            g.gain(p, "Spoils", source=card.name)


def graverobber_counts_coins_only(g, p, card, play) -> None:
    if g.choose_option(p, card.name, "?", [("trash", ""), ("upgrade", "")]) == "trash":
        eligible = [c for c in g.trash if 3 <= g.cost(c).coins <= 6]
        picked = g.choose_cards(p, card.name, "Gain", eligible)
        if picked:
            g.gain_card_object(p, picked[0], g.trash, to="deck", source=card.name)


def graverobber_gains_to_discard(g, p, card, play) -> None:
    if g.choose_option(p, card.name, "?", [("trash", ""), ("upgrade", "")]) == "trash":
        eligible = [c for c in g.trash if 3 <= g.cost(c).coins <= 6 and not g.cost(c).potion]
        picked = g.choose_cards(p, card.name, "Gain", eligible)
        if picked:
            g.gain_card_object(p, picked[0], g.trash, source=card.name)


def rogue_gain_optional(g, p, card, play) -> None:
    eligible = [c for c in g.trash if 3 <= g.cost(c).coins <= 6 and not g.cost(c).potion]
    for c in g.choose_cards(p, card.name, "Gain", eligible, min=0, max=1):
        g.gain_card_object(p, c, g.trash, source=card.name)


def rogue_attacker_chooses(g, p, card, play) -> None:
    if any(3 <= g.cost(c).coins <= 6 and not g.cost(c).potion for c in g.trash):
        return
    for q in play.victims(g):
        revealed = g.reveal_from_deck(q, 2, card.name)
        targets = [c for c in revealed if 3 <= g.cost(c).coins <= 6]
        for c in g.choose_cards(p, card.name, "Trash", targets):
            g.trash_card(q, c, q.set_aside, card.name)
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)


def procession_variant(*, up_to: bool = False, gain_first: bool = False, keep: bool = True,
                       extra_action: bool = False):  # type: ignore[no-untyped-def]
    def broken(g, p, card, play) -> None:
        picked = g.choose_from_hand(p, card.name, "Play twice", min=0, max=1,
                                    pred=lambda c: c.defn.is_action)
        if not picked:
            return
        target = picked[0]
        by = card if keep else None
        if extra_action:
            g.actions -= 1
        g.play_card(p, target, p.hand, by=by)
        g.play_card(p, target, None, by=by, again=True)
        want = g.cost(target).plus_coins(1)

        def ok(d):
            return d.is_action and (g.cost(d).at_most(want) if up_to else g.cost(d) == want)

        if not gain_first and target in p.in_play:
            g.trash_card(p, target, p.in_play, card.name)
        name = g.choose_supply(p, card.name, "Gain", pred=ok)
        if name:
            g.gain(p, name, source=card.name)
        if gain_first and target in p.in_play:
            g.trash_card(p, target, p.in_play, card.name)

    return broken


def counterfeit_keeps_the_treasure(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Twice", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure)
    if picked:
        g.play_card(p, picked[0], p.hand, by=card)
        g.play_card(p, picked[0], None, by=card, again=True)


def counterfeit_pure_treasures_only(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Twice", min=0, max=1,
                                pred=lambda c: c.defn.types == {"Treasure"})
    if picked:
        g.play_card(p, picked[0], p.hand, by=card)
        g.play_card(p, picked[0], None, by=card, again=True)
        if picked[0] in p.in_play:
            g.trash_card(p, picked[0], p.in_play, card.name)


def beggar_blocks_the_attack(g, p, beggar, attack) -> bool:
    g.discard_card(p, beggar, p.hand, beggar.name)
    g.gain(p, "Silver", to="deck", source=beggar.name)
    g.gain(p, "Silver", source=beggar.name)
    return True


def beggar_silvers_to_discard(g, p, beggar, attack) -> bool:
    g.discard_card(p, beggar, p.hand, beggar.name)
    g.gain(p, "Silver", source=beggar.name)
    g.gain(p, "Silver", to="deck", source=beggar.name)
    return False


def market_square_keeps_itself(g, p, square, trashed) -> None:
    g.gain(p, "Gold", source=square.name)


def urchin_down_to_three(g, p, card, play) -> None:
    for q in play.victims(g):
        excess = len(q.hand) - 3
        if excess > 0:
            for c in g.choose_from_hand(q, card.name, "Discard", min=excess, max=excess):
                g.discard_card(q, c, q.hand, card.name)


def urchin_trashes_itself_when_replayed(g, p, card, play) -> None:
    for q in play.victims(g):
        excess = len(q.hand) - 4
        if excess > 0:
            for c in g.choose_from_hand(q, card.name, "Discard", min=excess, max=excess):
                g.discard_card(q, c, q.hand, card.name)
    if play.again and card in p.in_play and g.yes_no(p, card.name, "Trash?"):
        g.trash_card(p, card, p.in_play, card.name)
        g.gain(p, "Mercenary", source=card.name)


def mercenary_trashes_one_by_one(g, p, card, play) -> None:
    if p.hand and g.yes_no(p, card.name, "Trash 2?"):
        picked = g.choose_from_hand(p, card.name, "Trash", min=2, max=2)
        for c in picked:
            g.trash_card(p, c, p.hand, card.name)
        if len(picked) == 2:
            g.draw(p, 2)
            g.coins += 2


def mercenary_one_card_is_enough(g, p, card, play) -> None:
    if p.hand and g.yes_no(p, card.name, "Trash 2?"):
        picked = g.choose_from_hand(p, card.name, "Trash", min=2, max=2)
        g.trash_cards(p, picked, p.hand, card.name)
        g.draw(p, 2)
        g.coins += 2


def hermit_counts_gains(g, p, card) -> None:
    if g.bought_this_turn or len(g.gained_this_turn) > 0:
        return
    g.trash_card(p, card, p.in_play, card.name)
    g.gain(p, "Madman", source=card.name)


def hermit_trashes_anything(g, p, card, play) -> None:
    picked = g.choose_cards(p, card.name, "Trash", p.hand + p.discard, min=0, max=1)
    if picked:
        g.trash_card(p, picked[0], p.hand if picked[0] in p.hand else p.discard, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(3))
    if name:
        g.gain(p, name, source=card.name)


def hermit_gain_optional(g, p, card, play) -> None:
    picked = g.choose_cards(p, card.name, "Trash", [c for c in p.hand + p.discard
                                                     if not c.defn.is_treasure], min=0, max=1)
    if picked:
        g.trash_card(p, picked[0], p.hand if picked[0] in p.hand else p.discard, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(3), optional=True)
    if name:
        g.gain(p, name, source=card.name)


def madman_always_draws(g, p, card, play) -> None:
    if card in p.in_play:
        g.return_to_pile(p, card, p.in_play, card.name)
    g.draw(p, len(p.hand))


def knight_attack_variant(*, from_right: bool = False, attacker_chooses: bool = False,
                          on_reveal: bool = False):  # type: ignore[no-untyped-def]
    def broken(g, p, card, play) -> None:
        victims = play.victims(g)
        for q in reversed(victims) if from_right else victims:
            revealed = g.reveal_from_deck(q, 2, card.name)
            targets = [c for c in revealed if 3 <= g.cost(c).coins <= 6 and not g.cost(c).potion]
            trashed = g.choose_cards(p if attacker_chooses else q, card.name, "Trash", targets)
            for c in trashed:
                g.trash_card(q, c, q.set_aside, card.name)
            for c in [c for c in revealed if c in q.set_aside]:
                g.discard_card(q, c, q.set_aside, card.name)
            knights = revealed if on_reveal else trashed
            if any("Knight" in c.defn.types for c in knights) and card in p.in_play:
                g.trash_card(p, card, p.in_play, card.name)

    return broken


def dame_anna_trashes_two(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash 2", min=2, max=2):
        g.trash_card(p, c, p.hand, card.name)


def knights_pile_like_victory(ctx) -> None:
    for defn in ctx.defs():
        if defn.name == "Knights":
            members = list(engine_setup.MIXED_KINGDOM_PILES["Knights"])[:8]
            ctx.add_pile("Knights", members, supply=True, kingdom=True)
        else:
            ctx.add_pile(defn.name, engine_setup.pile_size(defn, ctx.players), supply=True,
                         kingdom=True)


def bom_variant(*, same_cost: bool = False, no_mask: bool = False, no_keep: bool = False,
                forget: bool = False, any_pile: bool = False):  # type: ignore[no-untyped-def]
    def broken(g, p, card, play) -> None:
        cost = g.cost(card)
        limit = cost if same_cost else cost.plus_coins(-1)
        if any_pile:
            names = [n for n, pile in g.piles.items()
                     if pile.top is not None and pile.top.defn.is_action
                     and g.cost(pile.top).at_most(limit)]
            name = g.choose_option(p, card.name, "As", [(n, n) for n in names])
        else:
            name = g.choose_supply(p, card.name, "As", max_cost=limit,
                                   pred=lambda d: d.is_action and d.name != card.name)
        if not name:
            return
        defn = g.piles[name].top.defn
        if no_mask:
            g.draw(p, defn.cards)
            g.actions += defn.actions
            g.buys += defn.buys
            g.coins += defn.coins
            if defn.on_play is not None:
                defn.on_play(g, p, card, play)
            return
        g.play_as(p, card, defn, None if no_keep else play.by, play.again)
        if forget:
            g._unmask(card)

    return broken


def mystic_matches_by_pile(g, p, card, play) -> None:
    from engine.registry import implemented_names

    named = g.choose_option(p, card.name, "Name", [(n, n) for n in sorted(implemented_names())])
    top = g.peek_top(p)
    if top is not None and g.pile_name_of(top) == g._pile_of.get(named, named):
        g.to_hand(p, top, p.deck)


def tr_without_keeping(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Twice", pred=lambda c: c.defn.is_action)
    if picked:
        g.play_card(p, picked[0], p.hand)
        g.play_card(p, picked[0], None, again=True)


def death_cart_ruins_to_the_buyer(g, p, card) -> None:
    """The Ruins go to the player whose turn it is (who bought the Death Cart), even in a
    Possession turn, where the possessor is the one gaining it."""
    buyer = g.players[g.current]
    possessor, g.possessed_by = g.possessed_by, None
    try:
        for _ in range(2):
            g.gain(buyer, "Ruins", source=card.name)
    finally:
        g.possessed_by = possessor


def bom_without_duration(g, p, card, play) -> None:
    """Band of Misfits copies a Duration's play but, being no Duration itself, not its
    next turn: it is discarded in this turn's Clean-up."""
    bom_variant()(g, p, card, play)
    p.durations = [e for e in p.durations if e.card is not card]


def horn_of_plenty_counts_printed_names(g, p, card, play) -> None:
    """Horn of Plenty counts a Band of Misfits by its own name, not the card it copies."""
    names = {g._masks[c.uid][1].name if c.uid in g._masks else c.name for c in p.in_play}
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(len(names)))
    if name and g.gain(p, name, source=card.name).defn.is_victory:
        g.trash_card(p, card, p.in_play, card.name)


def black_market_knights_randomizer(ctx) -> None:
    """The Knights go into the Black Market deck as the Knights randomizer, not a Knight."""
    knights = engine_setup.MIXED_KINGDOM_PILES["Knights"]
    names = ["Knights" if n in knights else n for n in ctx.options.get("black_market") or ()]
    ctx.rng.shuffle(names)
    ctx.landscape["black_market"] = names


def black_market_refuses_knights(ctx) -> None:
    """Only cards of kind "kingdom" may be in the Black Market deck: a Knight is refused."""
    names = list(ctx.options.get("black_market") or ())
    for n in names:
        if registry.card(n).kind != "kingdom":
            raise SetupError(f"{n} cannot be in the Black Market deck")
    ctx.rng.shuffle(names)
    ctx.landscape["black_market"] = names


CASES: list[tuple[str, Patch]] = [
    ("fortress--trashed-returns-to-hand", hook("Fortress", "on_trash", None)),
    ("bandit-camp--spoils-returns", hook("Spoils", "on_play", None)),
    ("fortress--trashed-on-another-turn", hook("Fortress", "on_trash", fortress_only_on_own_turn)),
    ("bandit-camp--no-spoils-left", hook("Bandit Camp", "cards", 0)),
    ("death-cart--possession-possessor-gains-ruins",
     hook("Death Cart", "on_gain", death_cart_ruins_to_the_buyer)),
    ("band-of-misfits--as-fishing-village",
     hook("Band of Misfits", "on_play", bom_without_duration)),
    ("band-of-misfits--horn-of-plenty-counts-copied-names",
     hook("Horn of Plenty", "on_play", horn_of_plenty_counts_printed_names)),
    ("knights--black-market-deck-holds-a-knight", replace_setup_rule(
        engine_setup._rule_black_market, black_market_knights_randomizer)),
    ("knights--black-market-deck-holds-a-knight", replace_setup_rule(
        engine_setup._rule_black_market, black_market_refuses_knights)),
    ("knights--bought-from-black-market", replace_setup_rule(
        engine_setup._rule_black_market, black_market_refuses_knights)),
    ("marauder--spoils-then-ruins", hook("Marauder", "on_play", marauder_ruins_first)),
    ("ruins--pile-ten-per-other-player", replace_setup_rule(engine_setup._rule_ruins,
                                                            ruins_pile_of_ten)),
    ("shelters--replace-starting-estates", replace_setup_rule(
        engine_setup._rule_starting_decks, starting_decks_ignore_shelters)),
    ("ruins--each-bonus", hook("Ruined Village", "actions", 2)),
    ("ruins--each-bonus", hook("Abandoned Mine", "cards", 1)),
    ("ruins--ruined-market-buy", hook("Ruined Market", "coins", 1)),
    ("survivors--discard-both", hook("Survivors", "on_play", survivors_discards_the_top_one)),
    ("necropolis--two-actions", hook("Necropolis", "actions", 1)),
    ("hovel--trash-on-victory-buy", hook("Hovel", "react_buy", hovel_pays_a_coin)),
    ("hovel--trash-on-victory-buy", hook("Great Hall", "is_victory", False)),
    ("overgrown-estate--draw-mid-remodel", hook("Overgrown Estate", "on_trash", None)),
    ("overgrown-estate--zero-vp-victory", hook("Overgrown Estate", "is_victory", False)),
    ("fortress--card-and-two-actions", hook("Fortress", "cards", 0)),
    ("poor-house--not-below-zero", hook("Poor House", "on_play", poor_house_goes_negative)),
    ("poor-house--minus-one-per-treasure", hook("Poor House", "on_play",
                                                poor_house_pure_treasures_only)),
    ("forager--distinct-treasures-in-trash", hook("Forager", "on_play",
                                                  forager_counts_every_copy)),
    ("forager--nothing-to-trash", hook("Forager", "on_play", forager_coins_only_if_trashed)),
    ("sage--shuffle-excludes-revealed", hook("Sage", "on_play", sage_discards_as_it_goes)),
    ("vagrant--types-to-hand", hook("Vagrant", "on_play", vagrant_victory_only)),
    ("vagrant--curse-and-ruins", hook("Vagrant", "on_play", vagrant_victory_only)),
    ("wandering-minstrel--short-deck", hook("Wandering Minstrel", "on_play",
                                            minstrel_never_shuffles)),
    ("wandering-minstrel--actions-back-in-order", hook("Wandering Minstrel", "on_play",
                                                       minstrel_keeps_reveal_order)),
    ("squire--trashed-gains-attack", hook("Squire", "on_trash", None)),
    ("squire--three-choices", hook("Squire", "coins", 0)),
    ("storeroom--draw-then-coins", hook("Storeroom", "on_play",
                                        storeroom_second_discard_from_old_hand)),
    ("junk-dealer--draw-then-trash", both(hook("Junk Dealer", "cards", 0),
                                          hook("Junk Dealer", "on_play",
                                               junk_dealer_trashes_before_drawing))),
    ("armory--gain-onto-deck", hook("Armory", "on_play", armory_gains_to_discard)),
    ("altar--trash-then-gain", hook("Altar", "on_play", altar_gains_only_if_trashed)),
    ("hunting-grounds--draw-four", hook("Hunting Grounds", "cards", 3)),
    ("hunting-grounds--trashed-estates-or-duchy", hook("Hunting Grounds", "on_trash",
                                                       hunting_grounds_needs_three_estates)),
    ("feodum--one-vp-per-three-silvers", hook("Feodum", "vp_fn", feodum_counts_deck_only)),
    ("feodum--trashed-gains-silvers", hook("Feodum", "on_trash", feodum_needs_three_silvers)),
    ("feodum--pile-sizes-four-players", hook("Feodum", "pile_size", 8)),
    ("ironmonger--bonuses-by-type", hook("Ironmonger", "on_play", ironmonger_first_type_only)),
    ("cultist--chain-from-hand", hook("Cultist", "on_play", cultist_never_chains)),
    ("cultist--chain-from-hand", hook("Cultist", "on_play", cultist_chain_uses_an_action)),
    ("cultist--trashed-on-another-turn", hook("Cultist", "on_trash", None)),
    ("cultist--trashed-while-revealing", hook("Cultist", "on_trash",
                                              cultist_draws_the_revealed_cards)),
    ("death-cart--trash-action-or-itself", hook("Death Cart", "on_play",
                                                death_cart_must_trash_an_action)),
    ("fortress--death-cart-keeps-itself", hook("Death Cart", "on_play",
                                               death_cart_needs_the_action_to_stay_trashed)),
    ("death-cart--gain-two-ruins", hook("Death Cart", "on_gain", None)),
    ("death-cart--one-ruins-left", hook("Death Cart", "on_gain", None)),
    ("death-cart--gained-on-another-turn", hook("Death Cart", "on_gain", None)),
    ("death-cart--masquerade-pass-no-ruins", hook("Masquerade", "on_play",
                                                  masquerade_passes_by_gaining)),
    ("rats--draw-gain-trash", hook("Rats", "on_play", rats_may_trash_rats)),
    ("rats--all-rats-no-trash", hook("Rats", "on_play", rats_may_trash_rats)),
    ("rats--draw-gain-trash", hook("Rats", "on_play", rats_trashes_before_gaining)),
    ("rats--trashed-on-another-turn", hook("Rats", "on_trash", None)),
    ("rats--twenty-cards-five-players", hook("Rats", "pile_size", None)),
    ("catacombs--discard-then-draw-reshuffled", hook("Catacombs", "on_play",
                                                     catacombs_draws_before_discarding)),
    ("catacombs--trashed-gains-cheaper", hook("Catacombs", "on_trash",
                                              catacombs_gains_up_to_same_cost)),
    ("count--trash-hand-order-effects", hook("Count", "on_play", count_trashes_one_by_one)),
    ("count--option-that-does-nothing", hook("Count", "on_play",
                                             count_offers_only_possible_options)),
    ("scavenger--must-topdeck", hook("Scavenger", "on_play", scavenger_topdeck_optional)),
    ("mystic--name-card-not-in-supply", hook("Mystic", "on_play",
                                             mystic_names_cards_in_the_game)),
    ("mystic--named-card-to-hand", hook("Mystic", "coins", 1)),
    ("mystic--name-card-not-in-supply", hook("Mystic", "on_play", mystic_matches_by_pile)),
    ("rebuild--skips-named-victory", hook("Rebuild", "on_play", rebuild_ignores_the_name)),
    ("pillage--trash-discard-spoils", hook("Pillage", "on_play", pillage_trashes_itself_last)),
    ("pillage--one-spoils-left", hook("Pillage", "on_play", pillage_needs_two_spoils)),
    ("graverobber--gain-from-trash-to-deck", hook("Graverobber", "on_play",
                                                  graverobber_counts_coins_only)),
    ("graverobber--gain-from-trash-to-deck", hook("Graverobber", "on_play",
                                                  graverobber_gains_to_discard)),
    ("rogue--must-gain-from-trash", hook("Rogue", "on_play", rogue_gain_optional)),
    ("rogue--otherwise-attack", hook("Rogue", "on_play", rogue_attacker_chooses)),
    ("procession--no-exact-cost", hook("Procession", "on_play", procession_variant(up_to=True))),
    ("procession--trash-effect-before-gain", hook("Procession", "on_play",
                                                  procession_variant(gain_first=True))),
    ("procession--duration-twice", hook("Procession", "on_play",
                                        procession_variant(keep=False))),
    ("procession--fortress-actions", hook("Procession", "on_play",
                                          procession_variant(extra_action=True))),
    ("counterfeit--treasure-twice-then-trash", hook("Counterfeit", "on_play",
                                                    counterfeit_keeps_the_treasure)),
    ("counterfeit--counterfeit-and-harem", hook("Counterfeit", "on_play",
                                                counterfeit_pure_treasures_only)),
    ("beggar--react-to-attack", hook("Beggar", "react_attack", beggar_blocks_the_attack)),
    ("beggar--one-silver-left", hook("Beggar", "react_attack", beggar_silvers_to_discard)),
    ("beggar--three-coppers-to-hand", hook("Beggar", "on_play", None)),
    ("market-square--gold-when-trashed", hook("Market Square", "react_trash",
                                              market_square_keeps_itself)),
    ("market-square--no-gold-left", hook("Market Square", "react_trash", None)),
    ("urchin--others-discard-to-four", hook("Urchin", "on_play", urchin_down_to_three)),
    ("urchin--trash-for-mercenary", hook("Urchin", "while_in_play_attack", None)),
    ("urchin--second-urchin-trashes-first", hook("Urchin", "while_in_play_attack", None)),
    ("urchin--same-urchin-twice", hook("Urchin", "on_play", urchin_trashes_itself_when_replayed)),
    ("mercenary--trash-effects-in-order", hook("Mercenary", "on_play",
                                               mercenary_trashes_one_by_one)),
    ("mercenary--one-card-in-hand", hook("Mercenary", "on_play", mercenary_one_card_is_enough)),
    ("hermit--madman-without-buying", hook("Hermit", "on_discard_from_play", hermit_counts_gains)),
    ("hermit--madman-without-buying", hook("Hermit", "on_discard_from_play", None)),
    ("hermit--trash-from-discard", hook("Hermit", "on_play", hermit_trashes_anything)),
    ("hermit--trash-optional-gain-not", hook("Hermit", "on_play", hermit_gain_optional)),
    ("madman--procession", hook("Madman", "on_play", madman_always_draws)),
    ("madman--return-and-draw", hook("Madman", "actions", 1)),
    ("knights--attack-in-turn-order", hook("Dame Sylvia", "on_play",
                                           knight_attack_variant(from_right=True))),
    ("knights--attack-in-turn-order", hook("Dame Sylvia", "on_play",
                                           knight_attack_variant(attacker_chooses=True))),
    ("knights--spared-knight", hook("Dame Molly", "on_play",
                                    knight_attack_variant(on_reveal=True))),
    ("sir-vander--trashed-gains-gold", hook("Sir Vander", "on_trash", None)),
    ("dame-anna--trash-up-to-two", hook("Dame Anna", "on_play", dame_anna_trashes_two)),
    ("dame-josephine--two-vp", hook("Dame Josephine", "vp", 0)),
    ("sir-martin--costs-four", hook("Sir Martin", "cost", Cost(5))),
    ("knights--pile-of-ten", replace_setup_rule(engine_setup._rule_kingdom,
                                                knights_pile_like_victory)),
    ("knights--dame-natalie-gain", hook("Dame Natalie", "on_play",
                                        knight_attack_variant())),
    ("band-of-misfits--as-fortress", hook("Band of Misfits", "on_play",
                                          bom_variant(same_cost=True))),
    ("band-of-misfits--takes-name-and-types", hook("Band of Misfits", "on_play",
                                                   bom_variant(no_mask=True))),
    ("band-of-misfits--as-hermit-cleanup", hook("Band of Misfits", "on_play",
                                                bom_variant(no_mask=True))),
    ("band-of-misfits--procession-fortress", hook("Band of Misfits", "on_play",
                                                  bom_variant(forget=True))),
    ("band-of-misfits--throne-room-on-duration", hook("Throne Room", "on_play",
                                                      tr_without_keeping)),
    ("band-of-misfits--only-visible-tops", hook("Band of Misfits", "on_play",
                                                bom_variant(any_pile=True))),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
