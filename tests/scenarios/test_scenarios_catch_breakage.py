"""Each sampled scenario fails when the card behaviour it demonstrates is broken.

A scenario that still passes with the card broken proves nothing. For each
case below we monkeypatch the relevant card's hook (or bonus, or the setup
rule) with a plausible *wrong* reading of the card — the kind of bug an engine
really has (gain to the wrong zone, count coins towards Feast, discard down to
4, shuffle the set-aside cards in) — and check the scenario now fails. Every
case first checks that the scenario passes unbroken, so a failure here is
attributable to the break alone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import registry
from engine import setup as engine_setup
from engine.cost import Cost
from engine.primitives import NextTime
from rulings_service.scenarios.loader import find_scenario
from rulings_service.scenarios.runner import run_scenario

Patch = Callable[[pytest.MonkeyPatch], None]


def hook(card: str, attr: str, value: Any) -> Patch:
    """Replace one attribute (hook or bonus) of a card or Event definition."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        defn = registry.event(card) if registry.is_event(card) else registry.card(card)
        mp.setattr(defn, attr, value)

    return apply


# --- wrong readings of cards, written with the engine's primitives ------------------------
def feast_gains_only_if_trashed(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(5))
        if name:
            g.gain(p, name, source=card.name)


def feast_counts_coins(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(5 + g.coins))
    if name:
        g.gain(p, name, source=card.name)


def adventurer_discards_as_it_goes(g, p, card, play) -> None:
    found = 0
    while found < 2:
        c = g.take_top(p)
        if c is None:
            break
        if c.defn.is_treasure:
            p.hand.append(c)
            found += 1
        else:
            p.discard.append(c)


def cellar_draws_first(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard", min=0, max=len(p.hand))
    g.draw(p, len(picked))
    for c in picked:
        g.discard_card(p, c, p.hand, card.name)


def chapel_trashes_one(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash", min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)


def library_discards_at_once(g, p, card, play) -> None:
    while len(p.hand) < 7:
        c = g.take_top(p)
        if c is None:
            break
        p.hand.append(c)
        if c.defn.is_action and g.yes_no(p, card.name, "Set aside?"):
            g.discard_card(p, c, p.hand, card.name)


def library_draws_to_eight(g, p, card, play) -> None:
    while len(p.hand) < 8:
        c = g.take_top(p)
        if c is None:
            break
        p.hand.append(c)


def militia_down_to_four(g, p, card, play) -> None:
    for q in play.victims(g):
        excess = len(q.hand) - 4
        if excess > 0:
            for c in g.choose_from_hand(q, card.name, "Discard", min=excess, max=excess):
                g.discard_card(q, c, q.hand, card.name)


def mine_gains_to_discard(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", pred=lambda c: c.defn.is_treasure)
    if picked:
        limit = g.cost(picked[0]).plus_coins(3)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit, pred=lambda d: d.is_treasure)
        if name:
            g.gain(p, name, source=card.name)


def mine_gains_anything(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", pred=lambda c: c.defn.is_treasure)
    if picked:
        limit = g.cost(picked[0]).plus_coins(3)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
        if name:
            g.gain(p, name, to="hand", source=card.name)


def moneylender_always_pays(g, p, card, play) -> None:
    for c in p.hand:
        if c.name == "Copper":
            g.trash_card(p, c, p.hand, card.name)
            break
    g.coins += 3


def remodel_up_to_three_more(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        limit = g.cost(picked[0]).plus_coins(3)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
        if name:
            g.gain(p, name, source=card.name)


def spy_others_first(g, p, card, play) -> None:
    for q in [*play.victims(g), p]:
        top = g.peek_top(q)
        if top is None:
            continue
        choice = g.choose_option(p, card.name, "?", [("discard", "d"), ("keep", "k")])
        if choice == "discard":
            g.discard_card(q, top, q.deck, card.name)


def thief_takes_all(g, p, card, play) -> None:
    for q in play.victims(g):
        for _ in range(2):
            c = g.take_top(q)
            if c is None:
                break
            if c.defn.is_treasure:
                p.discard.append(c)
            else:
                q.discard.append(c)


def throne_room_costs_an_action(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Play twice", pred=lambda c: c.defn.is_action)
    if picked:
        g.play_card(p, picked[0], p.hand, by=card)
        g.actions -= 1
        g.play_card(p, picked[0], None, by=card, again=True)


def witch_from_the_right(g, p, card, play) -> None:
    for q in reversed(play.victims(g)):
        g.gain(q, "Curse", source=card.name)


def workshop_up_to_five(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(5))
    if name:
        g.gain(p, name, source=card.name)


def bureaucrat_silver_to_discard(g, p, card, play) -> None:
    g.gain(p, "Silver", source=card.name)


def gardens_deck_only(p) -> int:
    return len(p.deck) // 10


def wharf_next_turn_one_card(g, p, card) -> None:
    g.draw(p, 1)
    g.buys += 1


def kings_court_twice(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Play", min=0, pred=lambda c: c.defn.is_action)
    if picked:
        g.play_card(p, picked[0], p.hand, by=card)
        g.play_card(p, picked[0], None, by=card, again=True)


def outpost_every_time(g, p, card, play) -> None:
    g.schedule_duration(p, card)


def hoard_once_per_turn(g, p, hoard, bought) -> None:
    if bought.defn.is_victory and not any(c.name == "Gold" for c in p.discard):
        g.gain(p, "Gold", source=hoard.name)


def fortress_only_on_own_turn(g, p, card) -> None:
    if card in g.trash and g.current == p.index:
        g.to_hand(p, card, g.trash)


def watchtower_draws_to_five(g, p, card, play) -> None:
    if len(p.hand) < 5:
        g.draw(p, 5 - len(p.hand))


def cellar_may_discard_itself(g, p, card, play) -> None:
    picked = g.choose_cards(p, card.name, "Discard", [*p.hand, card], min=0, max=len(p.hand) + 1)
    for c in picked:
        g.discard_card(p, c, p.in_play if c is card else p.hand, card.name)
    g.draw(p, len(picked))


def chapel_may_trash_itself(g, p, card, play) -> None:
    for c in g.choose_cards(p, card.name, "Trash", [*p.hand, card], min=0, max=4):
        g.trash_card(p, c, p.in_play if c is card else p.hand, card.name)


def adventurer_never_shuffles(g, p, card, play) -> None:
    found = 0
    while found < 2 and p.deck:
        c = p.deck.pop()
        if c.defn.is_treasure:
            p.hand.append(c)
            found += 1
        else:
            p.discard.append(c)


def chancellor_always_discards(g, p, card, play) -> None:
    p.discard.extend(reversed(p.deck))
    p.deck = []


def library_always_sets_aside(g, p, card, play) -> None:
    aside = []
    while len(p.hand) < 7:
        c = g.take_top(p)
        if c is None:
            break
        (aside if c.defn.is_action else p.hand).append(c)
    p.discard.extend(aside)


def mine_gains_without_trashing(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(3), pred=lambda d: d.is_treasure)
    if name:
        g.gain(p, name, to="hand", source=card.name)


def remodel_gains_without_trashing(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(2))
    if name:
        g.gain(p, name, source=card.name)


def throne_room_three_times(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Play", pred=lambda c: c.defn.is_action)
    if picked:
        g.play_card(p, picked[0], p.hand, by=card)
        for _ in range(2):
            g.play_card(p, picked[0], None, by=card, again=True)


def curses_always_ten(mp: pytest.MonkeyPatch) -> None:
    original = engine_setup.pile_size
    mp.setattr(
        engine_setup,
        "pile_size",
        lambda defn, players: 10 if defn.name == "Curse" else original(defn, players),
    )


def victory_kingdom_piles_of_ten(mp: pytest.MonkeyPatch) -> None:
    original = engine_setup.pile_size
    mp.setattr(
        engine_setup,
        "pile_size",
        lambda defn, players: 10 if defn.name == "Gardens" else original(defn, players),
    )


def no_op(*_args: Any) -> None:
    return None


def provinces_always_twelve(mp: pytest.MonkeyPatch) -> None:
    original = engine_setup.pile_size

    def wrong(defn, players):
        return 12 if defn.name == "Province" else original(defn, players)

    mp.setattr(engine_setup, "pile_size", wrong)


def starting_coppers_on_top(mp: pytest.MonkeyPatch) -> None:
    original = engine_setup.pile_size

    def wrong(defn, players):
        return 60 if defn.name == "Copper" else original(defn, players)

    mp.setattr(engine_setup, "pile_size", wrong)


# --- wrong readings of the basic cards outside the base set (Potion, Platinum, Colony) --
def replace_setup_rule(original: Callable[..., None], wrong: Callable[..., None]) -> Patch:
    """Swap one of the engine's setup rules for a wrong version of it."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        rules = [wrong if rule is original else rule for rule in engine_setup.SETUP_RULES]
        assert wrong in rules, "the rule to replace is not a setup rule"
        mp.setattr(engine_setup, "SETUP_RULES", rules)

    return apply


def potion_pile_for_any_black_market(ctx) -> None:
    if any(d.cost.potion for d in ctx.defs()) or ctx.options.get("black_market"):
        ctx.add_pile("Potion", 16, supply=True, kingdom=False)


def potion_pile_ignores_black_market(ctx) -> None:
    if any(d.cost.potion for d in ctx.defs()):
        ctx.add_pile("Potion", 16, supply=True, kingdom=False)


def potion_pile_of_ten(ctx) -> None:
    if any(d.cost.potion for d in ctx.defs()):
        ctx.add_pile("Potion", 10, supply=True, kingdom=False)


def potion_pile_is_kingdom(ctx) -> None:
    if any(d.cost.potion for d in ctx.defs()):
        ctx.add_pile("Potion", 16, supply=True, kingdom=True)


def colonies_platinum_by_players(ctx) -> None:
    if ctx.options.get("colonies"):
        ctx.add_pile("Platinum", 24 if ctx.players >= 5 else 12, supply=True, kingdom=False)
        ctx.add_pile("Colony", 8 if ctx.players <= 2 else 12, supply=True, kingdom=False)


def colonies_as_kingdom_piles(ctx) -> None:
    if ctx.options.get("colonies"):
        ctx.add_pile("Platinum", 12, supply=True, kingdom=True)
        ctx.add_pile("Colony", 8 if ctx.players <= 2 else 12, supply=True, kingdom=True)


def colonies_platinum_always(ctx) -> None:
    """Colony by the randomizer, Platinum in every random game (not both-or-neither)."""
    choice = ctx.options.get("colonies")
    if choice == "random":
        ctx.add_pile("Platinum", 12, supply=True, kingdom=False)
        choice = engine_setup.colonies_by_randomizer(
            ctx.defs(), ctx.rng, ctx.options.get("colony_randomizer"))
    if choice:
        ctx.add_pile("Colony", 8 if ctx.players <= 2 else 12, supply=True, kingdom=False)


def colony_count(count: int) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        original = engine_setup.pile_size
        mp.setattr(engine_setup, "pile_size",
                   lambda defn, players: count if defn.name == "Colony"
                   else original(defn, players))

    return apply


def randomizer(wrong: Callable[..., bool]) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(engine_setup, "colonies_by_randomizer", wrong)

    return apply


def never_colonies(kingdom, rng, randomizer=None) -> bool:
    return False


def colonies_only_if_all_prosperity(kingdom, rng, randomizer=None) -> bool:
    return all(d.set_name == "prosperity" for d in kingdom)


def colonies_if_any_prosperity(kingdom, rng, randomizer=None) -> bool:
    return any(d.set_name == "prosperity" for d in kingdom)


def game_end_ignoring(pile_name: str) -> Patch:
    """The game-end check skips one pile (as if it did not count)."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        from engine.game import Game

        def wrong(game) -> bool:
            empty = 0
            for name, pile in game.piles.items():
                if name == pile_name or not pile.supply or pile.cards:
                    continue
                if name in ("Province", "Colony"):
                    return True
                empty += 1
            return empty >= 3

        mp.setattr(Game, "game_should_end", wrong)

    return apply


def workshop_compares_coins_only(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", pred=lambda d: d.cost.coins <= 4)
    if name:
        g.gain(p, name, source=card.name)


# --- wrong readings of the Alchemy Kingdom cards ------------------------------------------
def transmute_gains_to_hand(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        for flag, name in (("is_action", "Duchy"), ("is_treasure", "Transmute"),
                           ("is_victory", "Gold")):
            if getattr(picked[0].defn, flag):
                g.gain(p, name, to="hand", source=card.name)


def transmute_first_type_only(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        d = picked[0].defn
        g.trash_card(p, picked[0], p.hand, card.name)
        name = "Duchy" if d.is_action else "Transmute" if d.is_treasure else "Gold"
        g.gain(p, name, source=card.name)


def transmute_needs_a_card_and_gold(g, p, card, play) -> None:
    """Curses count as Victory cards, and an empty hand still gains a Gold."""
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
    g.gain(p, "Gold", source=card.name)


def transmute_gains_silver_when_no_gold(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.gain(p, "Gold" if g.piles["Gold"].cards else "Silver", source=card.name)


def familiar_curses_from_the_right(g, p, card, play) -> None:
    for q in reversed(play.victims(g)):
        g.gain(q, "Curse", source=card.name)


def university_must_gain(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(5), pred=lambda d: d.is_action)
    if name:
        g.gain(p, name, source=card.name)


def university_coins_only(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", optional=True,
                           pred=lambda d: d.is_action and d.cost.coins <= 5)
    if name:
        g.gain(p, name, source=card.name)


def university_pure_actions(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(5), optional=True,
                           pred=lambda d: d.types == frozenset({"Action"}))
    if name:
        g.gain(p, name, source=card.name)



# --- Intrigue: wrong readings --------------------------------------------------------------
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
    g.copper_bonus = 1


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


# --- Plunder: wrong readings ---------------------------------------------------------------
def longship_draws_now(g, p, card, play) -> None:
    g.draw(p, 2)


def crew_may_stay(g, p, card) -> None:
    if card in p.in_play and g.yes_no(p, card.name, "Put Crew onto your deck?"):
        g.topdeck(p, card, p.in_play, card.name)


def swamp_shacks_counts_others(g, p, card, play) -> None:
    g.draw(p, len([c for c in p.in_play if c is not card and not c.defn.is_duration]) // 3)


def pilgrim_puts_back_a_drawn_card(g, p, card, play) -> None:
    drawn = p.hand[-4:]
    picked = g.choose_from_hand(p, card.name, "Put back", pred=lambda c: c in drawn)
    if picked:
        g.topdeck(p, picked[0], p.hand, card.name)


def maroon_draws_two(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.draw(p, 2)


def pendant_counts_others(g, p, card, play) -> None:
    g.coins += len({c.name for c in p.in_play if c.defn.is_treasure and c is not card})


def silver_mine_up_to_its_cost(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=g.cost(card),
                           pred=lambda d: d.is_treasure)
    if name:
        g.gain(p, name, to="hand", source=card.name)


def figurine_coin_only(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard an Action", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.coins += 1


def rope_trashes_before_drawing(g, p, card) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash", min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)
    g.draw(p, 1)


def tools_own_cards_only(g, p, card, play) -> None:
    mine = {c.name for c in p.in_play if c is not card}
    name = g.choose_supply(p, card.name, "Gain a copy", pred=lambda d: d.name in mine)
    if name:
        g.gain(p, name, source=card.name)


def launch_restarts_the_turn(g, p) -> None:
    g.return_to_action_phase()
    for c in list(p.in_play):
        if c.defn.is_duration and c.defn.next_turn is not None:
            c.defn.next_turn(g, p, c)
    g.draw(p, 1)
    g.actions += 1
    g.buys += 1


def crucible_counts_potion(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        cost = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        g.coins += cost.coins + cost.potion


def cabin_boy_other_durations_only(g, p, card) -> None:
    if card in p.in_play and g.choose_option(p, card.name, "Choose",
                                             [("coins", "+2"), ("trash", "trash")]) == "trash":
        g.trash_card(p, card, p.in_play, card.name)
        name = g.choose_supply(p, card.name, "Gain a Duration",
                               pred=lambda d: d.is_duration and d.name != card.name)
        if name:
            g.gain(p, name, source=card.name)
    else:
        g.coins += 2


def buried_treasure_may_play(g, p, card) -> None:
    if card in p.discard and g.yes_no(p, card.name, "Play it?"):
        g.play_card(p, card, p.discard)


def enlarge_next_turn_optional(g, p, card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card", min=0, max=1)
    if picked:
        limit = g.cost(picked[0]).plus_coins(2)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
        if name:
            g.gain(p, name, source=card.name)


def first_mate_plays_from_first_hand_only(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Play", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        same = [c for c in p.hand if c.name == picked[0].name]
        for c in same:
            g.play_card(p, c, p.hand)
    g.draw(p, max(0, 6 - len(p.hand)))


def kings_cache_twice(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Play", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure)
    if picked:
        g.play_card(p, picked[0], p.hand, by=card)
        g.play_card(p, picked[0], None, by=card, again=True)


def fortune_hunter_puts_back_first(g, p, card, play) -> None:
    looked = g.reveal_from_deck(p, 3, card.name, look=True)
    treasures = [c for c in looked if c.defn.is_treasure]
    chosen = g.choose_cards(p, card.name, "Play", treasures, min=0, max=1)
    rest = [c for c in looked if c not in chosen]
    for c in reversed(g.order_cards(p, card.name, "Put back", rest)):
        g.topdeck(p, c, p.set_aside, card.name)
    for c in chosen:
        g.play_card(p, c, p.set_aside)


def gondola_always_now(g, p, card, play) -> None:
    g.choose_option(p, card.name, "When?", [("now", "now"), ("next", "next")])
    g.coins += 2


def shrine_own_turn_only(g, owner, card, gainer, gained) -> bool:
    return gainer is owner and gained.defn.is_treasure and g.current == owner.index


def shrine_trash(g, owner, card, gainer, gained) -> None:
    for c in g.choose_from_hand(owner, card.name, "Trash up to 2", min=0, max=2):
        g.trash_card(owner, c, owner.hand, card.name)


def abundance_when(g, owner, card, gainer, gained) -> bool:
    return gainer is owner and gained.defn.is_action


def abundance_bonus_to_current_player(g, owner, card, gainer, gained) -> None:
    g.buys += 1
    g.coins += 3


def taskmaster_printed_cost(g, p, card, play) -> None:
    def when(g, owner, c, gainer, gained) -> bool:
        return gainer is owner and gained.defn.cost == Cost(5)

    def then(g, owner, c, gainer, gained) -> None:
        if c in owner.in_play:
            g.schedule_duration(owner, c)

    g.watch_gains_this_turn(p, card, when, then)


def mining_road_spent_by_any_treasure(g, p, card, play) -> None:
    def when(g, owner, c, gainer, gained) -> bool:
        return gainer is owner and gained.defn.is_treasure

    def then(g, owner, c, gainer, gained) -> None:
        if gained in owner.discard and g.yes_no(owner, c.name, "Play it?"):
            g.play_card(owner, gained, owner.discard)

    g.watch_gains_this_turn(p, card, when, then)


def siren_never_trashed(g, p, card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash an Action", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)


def amphora_always_now(g, p, card, play) -> None:
    g.choose_option(p, card.name, "When?", [("now", "now"), ("next", "next")])
    g.buys += 1
    g.coins += 3


def chalice_once(g, p, card) -> None:
    g.buys += 1


def figurehead_one_card(g, p, card) -> None:
    g.draw(p, 1)


def hammer_optional(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(4), optional=True)
    if name:
        g.gain(p, name, source=card.name)


def insignia_first_gain_only(g, p, card, play) -> None:
    def when(g, owner, c, gainer, gained) -> bool:
        return gainer is owner

    def then(g, owner, c, gainer, gained) -> None:
        if gained in owner.discard and g.yes_no(owner, c.name, "Onto your deck?"):
            g.topdeck(owner, gained, owner.discard, c.name)

    g.watch_gains_this_turn(p, card, when, then)


def jewels_to_top(g, p, card) -> None:
    if card in p.in_play:
        g.topdeck(p, card, p.in_play, card.name)


def orb_coins_only(g, p, card, play) -> None:
    g.buys += 1
    g.coins += 3


def prize_goat_must_trash(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash a card"):
        g.trash_card(p, c, p.hand, card.name)


def puzzle_box_back_at_once(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Set aside", min=0, max=1)
    if picked:
        g.set_aside(p, picked[0], p.hand, card.name)
        g.to_hand(p, picked[0], p.set_aside)


def sextant_four(g, p, card, play) -> None:
    looked = g.reveal_from_deck(p, 5, card.name, look=True)
    for c in g.choose_cards(p, card.name, "Discard", looked, min=0, max=4):
        g.discard_card(p, c, p.set_aside, card.name)
    rest = [c for c in looked if c in p.set_aside]
    for c in reversed(g.order_cards(p, card.name, "Put back", rest)):
        g.topdeck(p, c, p.set_aside, card.name)


def shield_does_not_protect(g, p, shield, attack) -> bool:
    return False


def spell_scroll_play_uses_action(g, p, card, play) -> None:
    if card not in p.in_play:
        return
    g.trash_card(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(6))
    gained = g.gain(p, name, source=card.name) if name else None
    if gained is not None and (gained.defn.is_action or gained.defn.is_treasure) \
            and g.yes_no(p, card.name, "Play it?"):
        if gained.defn.is_action:
            g.actions -= 1
        g.play_card(p, gained, p.discard)


def sword_down_to_three(g, p, card, play) -> None:
    for q in play.victims(g):
        excess = len(q.hand) - 3
        if excess > 0:
            for c in g.choose_from_hand(q, card.name, "Discard", min=excess, max=excess):
                g.discard_card(q, c, q.hand, card.name)


def sack_of_loot_unrevealed(g, p, card, play) -> None:
    g.gain(p, "Loot", source=card.name)


def egg_loot_to_current_player(g, p, card) -> None:
    g.gain(g.current_player, "Loot", source=card.name)


def pickaxe_optional(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=1)
    if picked:
        cost = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        if cost.coins >= 3:
            g.gain(p, "Loot", to="hand", source=card.name)


def wealthy_village_this_turn_only(g, p, card) -> None:
    if len({c.name for c in g.played_this_turn if c.defn.is_treasure}) >= 3:
        g.gain(p, "Loot", source=card.name)


def cutthroat_ignores_loot(g, owner, card, gainer, gained) -> bool:
    return gained.defn.is_treasure and g.cost(gained).coins >= 5 and gained.defn.kind != "loot"


def cutthroat_loot(g, owner, card, gainer, gained) -> None:
    g.gain(owner, "Loot", source=card.name)


def search_when(g, owner, card, emptier, last) -> bool:
    return True


def search_gains_only_if_trashed(g, owner, card, emptier, last) -> None:
    if card in owner.in_play:
        g.trash_card(owner, card, owner.in_play, card.name)
        g.gain(owner, "Loot", source=card.name)


def siren_trashed_wherever_it_is(g, p, card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash an Action", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        return
    for zone in (p.discard, p.hand, p.deck):
        if card in zone:
            g.trash_card(p, card, zone, card.name)
            return


def peril_loot_anyway(g, p) -> None:
    for c in g.choose_from_hand(p, "Peril", "Trash an Action", min=0, max=1,
                                pred=lambda c: c.defn.is_action):
        g.trash_card(p, c, p.hand, "Peril")
    g.gain(p, "Loot", source="Peril")


def foray_distinct_names_only(g, p) -> None:
    picked = g.choose_from_hand(p, "Foray", "Discard 3", min=3, max=3)
    for c in picked:
        g.discard_card(p, c, p.hand, "Foray")
    if len({c.name for c in picked}) == len(picked):
        g.gain(p, "Loot", source="Foray")


def scrounge_card_without_estate(g, p) -> None:
    if g.choose_option(p, "Scrounge", "Choose", [("trash", "trash"), ("estate", "estate")]) \
            == "trash":
        for c in g.choose_from_hand(p, "Scrounge", "Trash"):
            g.trash_card(p, c, p.hand, "Scrounge")
        return
    name = g.choose_supply(p, "Scrounge", "Gain", max_cost=Cost(5))
    if name:
        g.gain(p, name, source="Scrounge")


def bury_optional(g, p) -> None:
    g.buys += 1
    for c in g.choose_cards(p, "Bury", "Bury", list(p.discard), min=0, max=1):
        p.discard.remove(c)
        p.deck.insert(0, c)


def maelstrom_optional_for_others(g, p) -> None:
    for c in g.choose_from_hand(p, "Maelstrom", "Trash 3", min=3, max=3):
        g.trash_card(p, c, p.hand, "Maelstrom")
    for q in g.players:
        if q is not p and len(q.hand) >= 5:
            for c in g.choose_from_hand(q, "Maelstrom", "Trash", min=0, max=1):
                g.trash_card(q, c, q.hand, "Maelstrom")


def prosper_loot_last(g, p) -> None:
    taken: set[str] = set()
    while True:
        name = g.choose_supply(p, "Prosper", "Gain", pred=lambda d: d.is_treasure
                               and d.name not in taken, optional=True)
        if not name:
            break
        taken.add(name)
        g.gain(p, name, source="Prosper")
    g.gain(p, "Loot", source="Prosper")


def mirror_once_per_turn(g, p) -> None:
    g.buys += 1
    if g.events_bought.get("Mirror", 0) <= 1:
        g.watch_gains_this_turn(p, None, lambda g, o, c, gainer, gained: gainer is o
                                and gained.defn.is_action,
                                lambda g, o, c, gainer, gained: g.gain(o, gained.name))


def rush_every_action(g, p) -> None:
    def when(g, o, c, gainer, gained) -> bool:
        return gainer is o and gained.defn.is_action

    def then(g, o, c, gainer, gained) -> None:
        g.watch_gains_this_turn(o, None, when, then)
        if gained in o.discard:
            g.play_card(o, gained, o.discard)

    g.buys += 1
    g.watch_gains_this_turn(p, None, when, then)


def deliver_to_hand_at_once(g, p) -> None:
    def when(g, o, c, gainer, gained) -> bool:
        return gainer is o

    def then(g, o, c, gainer, gained) -> None:
        if gained in o.discard:
            g.to_hand(o, gained, o.discard)

    g.buys += 1
    g.watch_gains_this_turn(p, None, when, then)


def invasion_attack_mandatory(g, p) -> None:
    for c in g.choose_from_hand(p, "Invasion", "Play an Attack", pred=lambda c: c.defn.is_attack):
        g.play_card(p, c, p.hand)
    g.gain(p, "Duchy", source="Invasion")
    name = g.choose_supply(p, "Invasion", "Action", pred=lambda d: d.is_action)
    if name:
        g.gain(p, name, to="deck", source="Invasion")
    loot = g.gain(p, "Loot", source="Invasion")
    if loot is not None:
        g.play_card(p, loot, p.discard)


def trait_hook(name: str, attr: str, value: Any) -> Patch:
    """Replace one attribute of a Trait definition."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(registry.trait(name), attr, value)

    return apply


def cursed_loot_only_with_curse(g, p, card, pile) -> None:
    if g.pile_name_of(card) == pile and g.gain(p, "Curse", source="Cursed") is not None:
        g.gain(p, "Loot", source="Cursed")


def fawning_optional(g, p, card, pile) -> None:
    if card.name == "Province" and g.yes_no(p, "Fawning", "Gain a Fawning card?"):
        g.gain(p, pile, source="Fawning")


def nearby_once_per_turn(g, p, card, pile) -> None:
    if g.pile_name_of(card) == pile and not any(
            c.name == card.name for i, c in g.gained_this_turn[:-1] if i == p.index):
        g.buys += 1


def pious_must_trash(g, p, card, pile) -> None:
    if g.pile_name_of(card) == pile:
        for c in g.choose_from_hand(p, "Pious", "Trash a card"):
            g.trash_card(p, c, p.hand, "Pious")


def rich_silver_to_hand(g, p, card, pile) -> None:
    if g.pile_name_of(card) == pile:
        g.gain(p, "Silver", to="hand", source="Rich")


def harbor_village_any_coins(g, p, card, play) -> None:
    def when(g, owner, c, player, played) -> bool:
        return player is owner and played.defn.is_action

    def then(g, owner, c, player, played, coins_before) -> None:
        g.coins += 1

    g.watch_plays(p, card, when, then)


def flagship_replays_commands(g, owner, card, player, played) -> bool:
    return player is owner and played.defn.is_action


def flagship_replay(g, owner, card, player, played) -> None:
    g.play_card(owner, played, None, by=card, again=True)


def landing_party_actions_too(g, owner, card, player, played) -> bool:
    return player is owner and played.defn.is_treasure and not played.defn.is_action \
        and g.played_this_turn[:1] == [played]


def landing_party_topdeck(g, owner, card, player, played) -> None:
    if card in owner.in_play:
        g.topdeck(owner, card, owner.in_play, card.name)


def frigate_discards_before(g, p, card, play) -> None:
    victims = {q.index for q in play.victims(g)}

    def when(g, owner, c, player, played) -> bool:
        if player.index in victims and played.defn.is_action:
            excess = len(player.hand) - 5
            for x in g.choose_from_hand(player, c.name, "Discard", min=excess, max=excess):
                g.discard_card(player, x, player.hand, c.name)
        return False

    g.watch_plays(p, card, when, lambda *a: None, once=False)
    g.schedule_duration(p, card)


def shaman_optional(g, p) -> None:
    eligible = [c for c in g.trash if g.cost(c).at_most(Cost(6))]
    for c in g.choose_cards(p, "Shaman", "Gain", eligible, min=0, max=1):
        g.gain_card_object(p, c, g.trash, source="Shaman")


def shaman_needs_a_shaman(g, p) -> None:
    if any(c.name == "Shaman" for c in p.all_cards()):
        shaman_optional(g, p)


def grotto_draws_four(g, p, card) -> None:
    for c in g.set_aside_on(p, card):
        g.discard_card(p, c, p.mats[card.name], card.name)
    g.draw(p, 4)


def cage_cards_to_hand_at_once(g, owner, card, gainer, gained) -> None:
    if card in owner.in_play:
        g.trash_card(owner, card, owner.in_play, card.name)
    for c in g.set_aside_on(owner, card):
        g.to_hand(owner, c, owner.mats[card.name])


def cage_when(g, owner, card, gainer, gained) -> bool:
    return gainer is owner and gained.defn.is_victory


def quartermaster_shares_the_mat(g, p, card) -> None:
    if card not in p.in_play:
        return
    g.schedule_duration(p, card)
    kept = list(p.mats.get(card.name, []))
    choice = g.choose_option(p, card.name, "Choose", [("gain", "gain"), ("take", "take")]) \
        if kept else "gain"
    if choice == "take":
        [c] = g.choose_cards(p, card.name, "Take", kept)
        g.to_hand(p, c, p.mats[card.name])
        return
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(4))
    gained = g.gain(p, name, source=card.name) if name else None
    if gained is not None and gained in p.discard:
        g.put_on(p, card, gained, p.discard, card.name)


def mapmaker_others_only(g, holder, card, gainer, gained) -> bool:
    return gained.defn.is_victory and holder is not gainer


def mapmaker_no_shuffle(g, p, card, play) -> None:
    looked = []
    for _ in range(4):
        if not p.deck:
            break
        c = p.deck.pop()
        p.set_aside.append(c)
        looked.append(c)
    for c in g.choose_cards(p, card.name, "Keep 2", looked, min=2, max=2):
        g.to_hand(p, c, p.set_aside)
    for c in [c for c in looked if c in p.set_aside]:
        g.discard_card(p, c, p.set_aside, card.name)


def stowaway_own_gains_only(g, holder, card, gainer, gained) -> bool:
    return gained.defn.is_duration and holder is gainer


def trickster_once_per_turn(g, p, card, play) -> None:
    for q in play.victims(g):
        g.gain(q, "Curse", source=card.name)
    if g.cleanup_hooks:
        return

    def at_cleanup(game) -> None:
        treasures = [c for c in p.in_play if c.defn.is_treasure]
        for c in game.choose_cards(p, card.name, "Set aside", treasures, min=0, max=1):
            game.set_aside(p, c, p.in_play, card.name)
            game.at_end_of_turn(lambda g2, c=c: g2.to_hand(p, c, p.set_aside))

    g.cleanup_hooks.append(at_cleanup)


def prepare_optional(g, p) -> None:
    cards = list(p.hand)
    for c in cards:
        g.set_aside(p, c, p.hand, "Prepare")

    def next_turn(game, q) -> None:
        while True:
            playable = [c for c in cards if c in q.set_aside
                        and (c.defn.is_action or c.defn.is_treasure)]
            picked = game.choose_cards(q, "Prepare", "Play", playable, min=0, max=1)
            if not picked:
                break
            game.play_card(q, picked[0], q.set_aside)
        for c in [c for c in cards if c in q.set_aside]:
            game.discard_card(q, c, q.set_aside, "Prepare")

    g.next_turn_effects.append((p.index, next_turn))


def avoid_not_cumulative(g, p) -> None:
    g.buys += 1
    if not any(h[0] is p for h in g.shuffle_hooks):
        g.shuffle_hooks.append((p, lambda game, q, cards: game.choose_cards(
            q, "Avoid", "Keep out", cards, min=0, max=3)))


def journey_extra_turn_only(g, p) -> None:
    if g.last_turn_player != p.index:
        g.extra_turns.appendleft(p.index)


def inspiring_any_action(g, p, card, pile) -> None:
    picked = g.choose_from_hand(p, "Inspiring", "Play", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.play_card(p, picked[0], p.hand)


def patient_one_card(g, p, pile) -> None:
    picked = g.choose_from_hand(p, "Patient", "Set aside", min=0, max=1,
                                pred=lambda c: g.pile_name_of(c) == pile)
    for c in picked:
        g.set_aside(p, c, p.hand, "Patient")
        g.next_turn_effects.append((p.index, lambda game, q, c=c: game.play_card(
            q, c, q.set_aside)))


def shy_any_number(g, p, pile) -> None:
    while True:
        picked = g.choose_from_hand(p, "Shy", "Discard", min=0, max=1,
                                    pred=lambda c: g.pile_name_of(c) == pile)
        if not picked:
            return
        g.discard_card(p, picked[0], p.hand, "Shy")
        g.draw(p, 2)


def friendly_any_number(g, p, pile) -> None:
    while True:
        picked = g.choose_from_hand(p, "Friendly", "Discard", min=0, max=1,
                                    pred=lambda c: g.pile_name_of(c) == pile)
        if not picked:
            return
        g.discard_card(p, picked[0], p.hand, "Friendly")
        g.gain(p, pile, source="Friendly")


def tireless_onto_deck_at_once(g, p, pile) -> None:
    for c in list(p.in_play):
        if g.pile_name_of(c) == pile:
            g.topdeck(p, c, p.in_play, "Tireless")


def fated_top_only(g, p, cards, pile):
    top = []
    for c in [c for c in cards if g.pile_name_of(c) == pile]:
        if g.choose_option(p, "Fated", "Where?", [("shuffle", "s"), ("top", "t"),
                                                   ("bottom", "b")]) != "shuffle":
            top.append(c)
    return top, []


def inherited_gained(g, pile) -> None:
    for p in g.players:
        names = sorted({c.name for c in p.discard})
        name = g.choose_option(p, "Inherited", "Replace", [(n, n) for n in names])
        old = next(c for c in p.discard if c.name == name)
        p.discard.remove(old)
        g.piles[g.pile_name_of(old)].cards.append(old)
        g.gain(p, pile, source="Inherited")


CASES: list[tuple[str, Patch]] = [
    ("gardens--pile-size-by-players", victory_kingdom_piles_of_ten),
    ("province--pile-sizes-four-players", curses_always_ten),
    ("province--pile-sizes-six-players", provinces_always_twelve),
    ("thief--short-deck", hook("Thief", "on_play", thief_takes_all)),
    ("feast--throne-room-gains-two", hook("Feast", "on_play", feast_gains_only_if_trashed)),
    ("feast--gain-from-supply-up-to-five", hook("Feast", "on_play", feast_counts_coins)),
    (
        "adventurer--shuffle-excludes-revealed",
        hook("Adventurer", "on_play", adventurer_discards_as_it_goes),
    ),
    ("bureaucrat--empty-decks", hook("Bureaucrat", "on_play", bureaucrat_silver_to_discard)),
    ("cellar--discard-then-draw-reshuffled", hook("Cellar", "on_play", cellar_draws_first)),
    ("chancellor--deck-into-discard", hook("Chancellor", "on_play", no_op)),
    ("chapel--cannot-trash-itself", hook("Chapel", "on_play", chapel_trashes_one)),
    ("council-room--others-must-draw", hook("Council Room", "on_play", no_op)),
    ("gardens--counts-every-card-rounds-down", hook("Gardens", "vp_fn", gardens_deck_only)),
    ("laboratory--draw-two-and-action", hook("Laboratory", "actions", 0)),
    ("library--set-aside-not-shuffled", hook("Library", "on_play", library_discards_at_once)),
    ("library--seven-cards-draws-nothing", hook("Library", "on_play", library_draws_to_eight)),
    ("market--plus-card-action-buy-coin", hook("Market", "buys", 0)),
    ("militia--discard-down-to-three", hook("Militia", "on_play", militia_down_to_four)),
    ("mine--treasure-to-hand", hook("Mine", "on_play", mine_gains_to_discard)),
    ("mine--same-or-cheaper-treasure", hook("Mine", "on_play", mine_gains_anything)),
    ("moat--blocks-witch", hook("Moat", "react_attack", lambda *a: False)),
    ("moat--played-as-action", hook("Moat", "cards", 1)),
    ("moneylender--no-copper-no-coins", hook("Moneylender", "on_play", moneylender_always_pays)),
    ("remodel--up-to-two-more", hook("Remodel", "on_play", remodel_up_to_three_more)),
    ("smithy--draw-three", hook("Smithy", "cards", 2)),
    ("spy--reveal-order-and-shuffle", hook("Spy", "on_play", spy_others_first)),
    ("thief--only-just-trashed", hook("Thief", "on_play", thief_takes_all)),
    (
        "throne-room--market-two-actions",
        hook("Throne Room", "on_play", throne_room_costs_an_action),
    ),
    ("witch--curses-in-turn-order", hook("Witch", "on_play", witch_from_the_right)),
    ("woodcutter--plus-buy-two-coins", hook("Woodcutter", "coins", 1)),
    ("workshop--gain-up-to-four", hook("Workshop", "on_play", workshop_up_to_five)),
    ("province--pile-sizes-five-players", provinces_always_twelve),
    ("copper--pile-sizes-two-players", starting_coppers_on_top),
    ("watchtower--trash-gained-card", hook("Watchtower", "react_gain", None)),
    ("bridge--throne-room-cumulative", hook("Bridge", "on_play", no_op)),
    ("wharf--throne-room-stays-in-play", hook("Wharf", "next_turn", wharf_next_turn_one_card)),
    ("outpost--extra-turn-three-cards", hook("Outpost", "on_play", no_op)),
    ("kings-court--village-three-times", hook("King's Court", "on_play", kings_court_twice)),
    ("hoard--gold-on-victory-buy", hook("Hoard", "while_in_play_buy", None)),
    ("fortress--trashed-returns-to-hand", hook("Fortress", "on_trash", None)),
    ("den-of-sin--gained-to-hand-night", hook("Den of Sin", "gain_to", None)),
    ("bandit-camp--spoils-returns", hook("Spoils", "on_play", None)),
    ("launch--back-to-action-phase", hook("Launch", "once_per_turn", False)),
    ("outpost--twice-one-extra-turn", hook("Outpost", "on_play", outpost_every_time)),
    ("hoard--one-gold-per-victory-buy", hook("Hoard", "while_in_play_buy", hoard_once_per_turn)),
    ("fortress--trashed-on-another-turn", hook("Fortress", "on_trash", fortress_only_on_own_turn)),
    ("watchtower--draw-to-six", hook("Watchtower", "on_play", watchtower_draws_to_five)),
    ("kings-court--market-three-actions", hook("King's Court", "on_play", kings_court_twice)),
    ("bridge--workshop-gains-duchy", hook("Bridge", "on_play", no_op)),
    ("cellar--cannot-discard-itself", hook("Cellar", "on_play", cellar_may_discard_itself)),
    ("chapel--cannot-trash-itself", hook("Chapel", "on_play", chapel_may_trash_itself)),
    (
        "adventurer--only-one-treasure-left",
        hook("Adventurer", "on_play", adventurer_never_shuffles),
    ),
    ("chancellor--decline", hook("Chancellor", "on_play", chancellor_always_discards)),
    ("library--may-keep-actions", hook("Library", "on_play", library_always_sets_aside)),
    ("mine--no-treasure-no-gain", hook("Mine", "on_play", mine_gains_without_trashing)),
    ("remodel--nothing-to-trash", hook("Remodel", "on_play", remodel_gains_without_trashing)),
    ("remodel--cannot-trash-itself", hook("Remodel", "on_play", chapel_may_trash_itself)),
    ("moat--only-attacks", hook("Council Room", "is_attack", True)),
    ("moat--blocks-spy", hook("Moat", "react_attack", lambda *a: False)),
    ("witch--no-curses-still-draws", hook("Witch", "cards", 0)),
    (
        "throne-room--throne-room-on-throne-room",
        hook("Throne Room", "on_play", throne_room_three_times),
    ),
    (
        "throne-room--resolve-first-play-first",
        hook("Throne Room", "on_play", throne_room_three_times),
    ),
    ("watchtower--trash-after-mine", hook("Watchtower", "react_gain", None)),
    ("watchtower--topdeck-gained-card", hook("Watchtower", "react_gain", None)),
    ("bandit-camp--no-spoils-left", hook("Bandit Camp", "cards", 0)),
    ("province--pile-sizes-three-players", curses_always_ten),
    ("gardens--pile-size-three-players", victory_kingdom_piles_of_ten),
    ("kings-court--kings-court-on-kings-court", hook("King's Court", "on_play", kings_court_twice)),
    ("potion--buy-and-play", hook("Potion", "potions", 0)),
    ("potion--buy-and-play", replace_setup_rule(engine_setup._rule_potion,
                                                potion_pile_is_kingdom)),
    ("potion--sixteen-whatever-players", replace_setup_rule(engine_setup._rule_potion,
                                                            potion_pile_of_ten)),
    ("potion--sixteen-whatever-players", replace_setup_rule(engine_setup._rule_potion,
                                                            potion_pile_is_kingdom)),
    ("potion--sixteen-two-players", replace_setup_rule(engine_setup._rule_potion,
                                                       potion_pile_of_ten)),
    ("potion--no-pile-without-potion-costs", replace_setup_rule(
        engine_setup._rule_potion, potion_pile_for_any_black_market)),
    ("potion--black-market-deck", replace_setup_rule(engine_setup._rule_potion,
                                                     potion_pile_ignores_black_market)),
    ("potion--empty-pile-ends-game", game_end_ignoring("Potion")),
    ("platinum--colonies-two-players", colony_count(12)),
    ("platinum--colonies-two-players", replace_setup_rule(engine_setup._rule_colonies,
                                                          colonies_as_kingdom_piles)),
    ("platinum--colonies-three-players", colony_count(8)),
    ("platinum--colonies-six-players", replace_setup_rule(engine_setup._rule_colonies,
                                                          colonies_platinum_by_players)),
    ("platinum--all-prosperity-kingdom", randomizer(never_colonies)),
    ("platinum--mixed-kingdom-prosperity-randomizer",
     randomizer(colonies_only_if_all_prosperity)),
    ("platinum--mixed-kingdom-other-randomizer", randomizer(colonies_if_any_prosperity)),
    ("platinum--mixed-kingdom-other-randomizer", replace_setup_rule(
        engine_setup._rule_colonies, colonies_platinum_always)),
    ("platinum--worth-five-coins", hook("Platinum", "coins", 4)),
    ("colony--ten-vp-last-colony-ends-game", hook("Colony", "vp", 6)),
    ("colony--ten-vp-last-colony-ends-game", game_end_ignoring("Colony")),
    ("workshop--cannot-gain-potion-cost", hook("Workshop", "on_play",
                                               workshop_compares_coins_only)),
    ("transmute--gains-by-type-throne-room", hook("Transmute", "on_play",
                                                  transmute_gains_to_hand)),
    ("transmute--two-types-two-gains", hook("Transmute", "on_play", transmute_first_type_only)),
    ("transmute--curse-gives-nothing", hook("Transmute", "on_play",
                                            transmute_needs_a_card_and_gold)),
    ("transmute--no-gold-left", hook("Transmute", "on_play",
                                     transmute_gains_silver_when_no_gold)),
    ("familiar--curses-in-turn-order", hook("Familiar", "on_play",
                                            familiar_curses_from_the_right)),
    ("familiar--curses-in-turn-order", hook("Familiar", "actions", 0)),
    ("familiar--no-curses-still-draws", hook("Familiar", "cards", 0)),
    ("university--gain-is-optional", hook("University", "on_play", university_must_gain)),
    ("university--action-up-to-five", hook("University", "on_play", university_coins_only)),
    ("university--gains-action-reaction", hook("University", "on_play",
                                               university_pure_actions)),
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
    # Plunder
    ("longship--two-actions-now-two-cards-next-turn", hook("Longship", "on_play",
                                                           longship_draws_now)),
    ("crew--onto-deck-not-optional", hook("Crew", "next_turn", crew_may_stay)),
    ("swamp-shacks--counts-itself-durations-treasures", hook("Swamp Shacks", "on_play",
                                                             swamp_shacks_counts_others)),
    ("pilgrim--put-back-any-card", hook("Pilgrim", "on_play", pilgrim_puts_back_a_drawn_card)),
    ("maroon--two-types-draw-four", hook("Maroon", "on_play", maroon_draws_two)),
    ("pendant--counts-itself", hook("Pendant", "on_play", pendant_counts_others)),
    ("silver-mine--cheaper-treasure-to-hand", hook("Silver Mine", "on_play",
                                                   silver_mine_up_to_its_cost)),
    ("figurine--treasure-that-draws", hook("Figurine", "on_play", figurine_coin_only)),
    ("rope--draw-then-trash", hook("Rope", "next_turn", rope_trashes_before_drawing)),
    ("tools--other-players-durations", hook("Tools", "on_play", tools_own_cards_only)),
    ("launch--no-start-of-turn-again", hook("Launch", "on_buy", launch_restarts_the_turn)),
    ("crucible--potion-cost-gives-nothing", hook("Crucible", "on_play", crucible_counts_potion)),
    ("cabin-boy--trash-to-gain-cabin-boy", hook("Cabin Boy", "next_turn",
                                                cabin_boy_other_durations_only)),
    ("buried-treasure--played-when-gained", hook("Buried Treasure", "on_gain",
                                                 buried_treasure_may_play)),
    ("enlarge--next-turn-trash-mandatory", hook("Enlarge", "next_turn",
                                                enlarge_next_turn_optional)),
    ("first-mate--plays-drawn-copy", hook("First Mate", "on_play",
                                          first_mate_plays_from_first_hand_only)),
    ("kings-cache--kings-cache-on-kings-cache", hook("King's Cache", "on_play", kings_cache_twice)),
    ("fortune-hunter--figurine-draws-below", hook("Fortune Hunter", "on_play",
                                                  fortune_hunter_puts_back_first)),
    ("gondola--kings-cache-each-play", hook("Gondola", "on_play", gondola_always_now)),
    ("gondola--now-or-next-turn", hook("Gondola", "on_play", gondola_always_now)),
    ("secluded-shrine--on-another-players-turn", hook(
        "Secluded Shrine", "next_turn", NextTime("gain", shrine_own_turn_only, shrine_trash))),
    ("abundance--other-players-turn", hook(
        "Abundance", "next_turn",
        NextTime("gain", abundance_when, abundance_bonus_to_current_player))),
    ("taskmaster--cost-when-gained", hook("Taskmaster", "on_play", taskmaster_printed_cost)),
    ("mining-road--two-roads-two-treasures", hook("Mining Road", "on_play",
                                                  mining_road_spent_by_any_treasure)),
    ("siren--trashed-unless-action", hook("Siren", "on_gain", siren_never_trashed)),
    ("amphora--now-or-next-turn", hook("Amphora", "on_play", amphora_always_now)),
    ("amphora--kings-cache-each-play", hook("Amphora", "on_play", amphora_always_now)),
    ("doubloons--gain-a-gold", hook("Doubloons", "on_gain", None)),
    ("endless-chalice--stays-for-the-game", hook("Endless Chalice", "next_turn", chalice_once)),
    ("figurehead--coins-now-cards-next-turn", hook("Figurehead", "next_turn",
                                                   figurehead_one_card)),
    ("hammer--gain-each-play-not-optional", hook("Hammer", "on_play", hammer_optional)),
    ("insignia--each-gain", hook("Insignia", "on_play", insignia_first_gain_only)),
    ("jewels--bottom-of-deck-next-turn", hook("Jewels", "next_turn", jewels_to_top)),
    ("orb--play-from-discard-or-coins", hook("Orb", "on_play", orb_coins_only)),
    ("prize-goat--trash-optional", hook("Prize Goat", "on_play", prize_goat_must_trash)),
    ("puzzle-box--card-back-after-drawing", hook("Puzzle Box", "on_play",
                                                 puzzle_box_back_at_once)),
    ("sextant--discard-any-number", hook("Sextant", "on_play", sextant_four)),
    ("shield--blocks-attacks-and-stays", hook("Shield", "react_attack", shield_does_not_protect)),
    ("spell-scroll--action-or-buy-phase", hook("Spell Scroll", "on_play",
                                               spell_scroll_play_uses_action)),
    ("sword--moat-protects", hook("Sword", "on_play", sword_down_to_three)),
    ("sack-of-loot--gains-top-loot-revealed", hook("Sack of Loot", "on_play",
                                                   sack_of_loot_unrevealed)),
    ("jewelled-egg--trashing-player-gets-loot", hook("Jewelled Egg", "on_trash",
                                                     egg_loot_to_current_player)),
    ("pickaxe--trash-mandatory-loot-revealed", hook("Pickaxe", "on_play", pickaxe_optional)),
    ("wealthy-village--duration-treasure-counts", hook("Wealthy Village", "on_gain",
                                                       wealthy_village_this_turn_only)),
    ("cutthroat--loot-fires-cutthroat", hook(
        "Cutthroat", "next_turn", NextTime("gain", cutthroat_ignores_loot, cutthroat_loot))),
    ("search--throne-room-two-loots", hook(
        "Search", "next_turn", NextTime("pile_empty", search_when,
                                        search_gains_only_if_trashed))),
    ("siren--moved-before-trash", hook("Siren", "on_gain", siren_trashed_wherever_it_is)),
    ("looting--gain-a-loot", hook("Looting", "on_buy", no_op)),
    ("peril--loot-only-for-an-action", hook("Peril", "on_buy", peril_loot_anyway)),
    ("foray--fewer-than-three-no-loot", hook("Foray", "on_buy", foray_distinct_names_only)),
    ("scrounge--no-estate-no-card", hook("Scrounge", "on_buy", scrounge_card_without_estate)),
    ("bury--mandatory", hook("Bury", "on_buy", bury_optional)),
    ("maelstrom--others-must-trash", hook("Maelstrom", "on_buy", maelstrom_optional_for_others)),
    ("prosper--loot-then-treasures", hook("Prosper", "on_buy", prosper_loot_last)),
    ("mirror--cumulative", hook("Mirror", "on_buy", mirror_once_per_turn)),
    ("rush--twice-plays-once", hook("Rush", "on_buy", rush_every_action)),
    ("deliver--once-and-after-drawing", hook("Deliver", "on_buy", deliver_to_hand_at_once)),
    ("invasion--in-order-attack-optional", hook("Invasion", "on_buy", invasion_attack_mandatory)),
    ("cheap--lowers-cost-all-game", trait_hook("Cheap", "cost_coins", 0)),
    ("cursed--loot-and-curse", trait_hook("Cursed", "on_gain", cursed_loot_only_with_curse)),
    ("fawning--gain-with-province", trait_hook("Fawning", "on_gain", fawning_optional)),
    ("nearby--each-gain-a-buy", trait_hook("Nearby", "on_gain", nearby_once_per_turn)),
    ("pious--optional-trash-each-gain", trait_hook("Pious", "on_gain", pious_must_trash)),
    ("rich--silver-each-gain", trait_hook("Rich", "on_gain", rich_silver_to_hand)),
    ("harbor-village--throne-room-militia", hook("Harbor Village", "on_play",
                                                 harbor_village_any_coins)),
    ("flagship--replays-next-action", hook(
        "Flagship", "next_turn", NextTime("play", flagship_replays_commands, flagship_replay))),
    ("landing-party--action-treasure-counts", hook(
        "Landing Party", "next_turn",
        NextTime("play", landing_party_actions_too, landing_party_topdeck))),
    ("frigate--each-action-afterwards", hook("Frigate", "on_play", frigate_discards_before)),
    ("shaman--every-turn-from-trash", lambda mp: (
        mp.setattr(registry.card("Shaman"), "each_turn", shaman_optional))),
    ("shaman--gain-triggers", lambda mp: (
        mp.setattr(registry.card("Shaman"), "each_turn", shaman_needs_a_shaman))),
    ("grotto--discard-then-draw-as-many", hook("Grotto", "next_turn", grotto_draws_four)),
    ("cage--cards-back-after-drawing", hook(
        "Cage", "next_turn", NextTime("gain", cage_when, cage_cards_to_hand_at_once))),
    ("quartermaster--two-have-own-sets", hook("Quartermaster", "next_turn",
                                              quartermaster_shares_the_mat)),
    ("mapmaker--on-anyones-victory-gain", hook("Mapmaker", "react_any_gain",
                                               mapmaker_others_only)),
    ("mapmaker--fewer-than-four", hook("Mapmaker", "on_play", mapmaker_no_shuffle)),
    ("stowaway--another-players-gain", hook("Stowaway", "react_any_gain",
                                            stowaway_own_gains_only)),
    ("trickster--two-treasures-after-drawing", hook("Trickster", "on_play",
                                                    trickster_once_per_turn)),
    ("prepare--play-next-turn-mandatory", hook("Prepare", "on_buy", prepare_optional)),
    ("avoid--cumulative", hook("Avoid", "on_buy", avoid_not_cumulative)),
    ("journey--keep-play-extra-turn", hook("Journey", "on_buy", journey_extra_turn_only)),
    ("reckless--twice-then-returned", trait_hook("Reckless", "plays_twice", False)),
    ("inspiring--action-not-in-play", trait_hook("Inspiring", "after_play",
                                                 inspiring_any_action)),
    ("patient--several-next-turn", trait_hook("Patient", "on_cleanup", patient_one_card)),
    ("shy--one-per-turn", trait_hook("Shy", "on_turn_start", shy_any_number)),
    ("friendly--one-per-turn", trait_hook("Friendly", "on_cleanup", friendly_any_number)),
    ("tireless--onto-deck-after-drawing", trait_hook("Tireless", "on_cleanup",
                                                     tireless_onto_deck_at_once)),
    ("fated--top-bottom-or-shuffled", trait_hook("Fated", "on_shuffle", fated_top_only)),
    ("inherited--replace-a-starting-card", trait_hook("Inherited", "at_setup", inherited_gained)),
]


def test_sample_is_large_enough() -> None:
    assert len({sid for sid, _ in CASES}) >= 20


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    scenario = find_scenario(scenario_id)
    assert run_scenario(scenario).passed, "the scenario must pass before the card is broken"
    breaks(monkeypatch)
    broken = run_scenario(scenario)
    assert not broken.passed, f"{scenario_id} still passes with the card broken"
