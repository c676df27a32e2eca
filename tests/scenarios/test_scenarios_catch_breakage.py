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
from rulings_service.scenarios.loader import find_scenario
from rulings_service.scenarios.runner import run_scenario

Patch = Callable[[pytest.MonkeyPatch], None]


def hook(card: str, attr: str, value: Any) -> Patch:
    """Replace one attribute (hook or bonus) of a card or Event definition."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        defn = registry.event(card) if registry.is_event(card) else registry.card(card)
        mp.setattr(defn, attr, value)

    return apply


def both(*patches: Patch) -> Patch:
    """Apply several patches together (a hook and the bonus it replaces)."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        for patch in patches:
            patch(mp)

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


# --- Dark Ages ----------------------------------------------------------------------------
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
    # Dark Ages
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
