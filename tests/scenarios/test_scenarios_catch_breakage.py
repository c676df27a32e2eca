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
from engine.errors import SetupError
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


def replace_pile_size(card: str, count: int) -> Patch:
    """Set one card's pile size whatever the player count."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        original = engine_setup.pile_size
        mp.setattr(engine_setup, "pile_size",
                   lambda defn, players: count if defn.name == card else original(defn, players))

    return apply


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
# --- wrong readings of the Seaside Kingdom cards --------------------------------------------
def patches(*parts: Patch) -> Patch:
    """Apply several patches together (a bug spread over a bonus and a hook)."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        for part in parts:
            part(mp)

    return apply


def caravan_draws_both_now(g, p, card, play) -> None:
    g.draw(p, 1)
    g.schedule_duration(p, card)


def fishing_village_two_actions_next(g, p, card) -> None:
    g.actions += 2
    g.coins += 1


def warehouse_no_shuffle_discards_drawn(g, p, card, play) -> None:
    drawn = 0
    while drawn < 3 and p.deck:
        p.hand.append(p.deck.pop())
        drawn += 1
    for c in g.choose_from_hand(p, card.name, "Discard", min=drawn, max=drawn):
        g.discard_card(p, c, p.hand, card.name)


def salvager_optional(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0)
    if picked:
        g.coins += g.cost(picked[0]).coins
        g.trash_card(p, picked[0], p.hand, card.name)


def cutpurse_all_coppers(g, p, card, play) -> None:
    for q in play.victims(g):
        for c in [c for c in q.hand if c.name == "Copper"]:
            g.discard_card(q, c, q.hand, card.name)


def explorer_always_reveals(g, p, card, play) -> None:
    has = any(c.name == "Province" for c in p.hand)
    g.gain(p, "Gold" if has else "Silver", to="hand", source=card.name)


def explorer_gains_to_discard(g, p, card, play) -> None:
    has = any(c.name == "Province" for c in p.hand)
    if has and g.yes_no(p, card.name, "Reveal?"):
        g.gain(p, "Gold", source=card.name)
    else:
        g.gain(p, "Silver", source=card.name)


def extra_turns_skip_durations(mp: pytest.MonkeyPatch) -> None:
    from engine.game import Game

    original = Game._start_turn

    def wrong(game, idx, extra) -> None:
        p = game.players[idx]
        waiting = p.durations if extra else []
        if extra:
            p.durations = []
        original(game, idx, extra)
        p.durations[:0] = waiting

    mp.setattr(Game, "_start_turn", wrong)


def sea_hag_never_shuffles(g, p, card, play) -> None:
    for q in play.victims(g):
        if q.deck:
            g.discard_card(q, q.deck[-1], q.deck, card.name)
        g.gain(q, "Curse", to="deck", source=card.name)


def sea_hag_from_the_right(g, p, card, play) -> None:
    for q in reversed(play.victims(g)):
        top = g.peek_top(q)
        if top is not None:
            g.discard_card(q, top, q.deck, card.name)
        g.gain(q, "Curse", to="deck", source=card.name)


def ghost_ship_no_ordering(g, p, card, play) -> None:
    for q in play.victims(g):
        excess = len(q.hand) - 3
        if excess > 0:
            for c in g.choose_from_hand(q, card.name, "Put back", min=excess, max=excess):
                g.topdeck(q, c, q.hand, card.name)


def lighthouse_shields_everyone(mp: pytest.MonkeyPatch) -> None:
    from engine.primitives import GameBase

    def wrong(game, attacker) -> frozenset[int]:
        if any(c.defn.while_in_play_immune for q in game.players for c in q.in_play):
            return frozenset(range(len(game.players)))
        return frozenset()

    mp.setattr(GameBase, "_immune_in_play", wrong)


def haven_optional(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Set aside", min=0)
    if picked:
        g.to_mat(p, picked[0], p.hand, "Haven", card.name)
        g.schedule_duration(p, card)


def pearl_diver_looks_then_draws(g, p, card, play) -> None:
    if p.deck and len(p.deck) > 1 and g.yes_no(p, card.name, "Top?"):
        g.topdeck(p, p.deck[0], p.deck, card.name)
    g.draw(p, 1)


def pearl_diver_never_shuffles(g, p, card, play) -> None:
    if len(p.deck) > 1 and g.yes_no(p, card.name, "Top?"):
        g.topdeck(p, p.deck[0], p.deck, card.name)


def navigator_picks_which(g, p, card, play) -> None:
    seen = g.reveal_from_deck(p, 5, card.name, look=True)
    for c in g.choose_cards(p, card.name, "Discard", seen, min=0, max=len(seen)):
        g.discard_card(p, c, p.set_aside, card.name)
    for c in [c for c in seen if c in p.set_aside]:
        g.topdeck(p, c, p.set_aside, card.name)


def navigator_deck_only(g, p, card, play) -> None:
    seen = []
    while len(seen) < 5 and p.deck:
        c = p.deck.pop()
        p.set_aside.append(c)
        seen.append(c)
    if seen and g.choose_option(p, card.name, "?", [("discard", "d"), ("back", "b")]) == "discard":
        for c in seen:
            g.discard_card(p, c, p.set_aside, card.name)
        return
    for c in g.order_cards(p, card.name, "Order", seen):
        g.topdeck(p, c, p.set_aside, card.name)


def lookout_trashes_top(g, p, card, play) -> None:
    seen = g.reveal_from_deck(p, 3, card.name, look=True)
    if seen:
        g.trash_card(p, seen[0], p.set_aside, card.name)
    rest = [c for c in seen if c in p.set_aside]
    if rest:
        [c] = g.choose_cards(p, card.name, "Discard", rest)
        g.discard_card(p, c, p.set_aside, card.name)
    for c in [c for c in seen if c in p.set_aside]:
        g.topdeck(p, c, p.set_aside, card.name)


def lookout_short_puts_back(g, p, card, play) -> None:
    seen = g.reveal_from_deck(p, 3, card.name, look=True)
    if len(seen) < 3:
        for c in seen:
            g.topdeck(p, c, p.set_aside, card.name)
        return
    [t] = g.choose_cards(p, card.name, "Trash", seen)
    g.trash_card(p, t, p.set_aside, card.name)
    [d] = g.choose_cards(p, card.name, "Discard", [c for c in seen if c in p.set_aside])
    g.discard_card(p, d, p.set_aside, card.name)
    for c in [c for c in seen if c in p.set_aside]:
        g.topdeck(p, c, p.set_aside, card.name)


def lookout_deck_only(g, p, card, play) -> None:
    seen = []
    while len(seen) < 3 and p.deck:
        c = p.deck.pop()
        p.set_aside.append(c)
        seen.append(c)
    for verb in ("trash", "discard"):
        left = [c for c in seen if c in p.set_aside]
        if not left:
            return
        [c] = g.choose_cards(p, card.name, verb, left)
        if verb == "trash":
            g.trash_card(p, c, p.set_aside, card.name)
        else:
            g.discard_card(p, c, p.set_aside, card.name)
    for c in [c for c in seen if c in p.set_aside]:
        g.topdeck(p, c, p.set_aside, card.name)


def tactician_draws_now(g, p, card, play) -> None:
    for c in list(p.hand):
        g.discard_card(p, c, p.hand, card.name)
    g.draw(p, 5)
    g.buys += 1
    g.actions += 1


def tactician_always_waits(g, p, card, play) -> None:
    for c in list(p.hand):
        g.discard_card(p, c, p.hand, card.name)
    g.schedule_duration(p, card)


def treasure_map_any_trash_gains(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    other = next((c for c in p.hand if c.name == card.name), None)
    if other is not None:
        g.trash_card(p, other, p.hand, card.name)
    for _ in range(4):
        g.gain(p, "Gold", to="deck", source=card.name)


def treasure_map_other_is_enough(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    other = next((c for c in p.hand if c.name == card.name), None)
    if other is not None:
        g.trash_card(p, other, p.hand, card.name)
        for _ in range(4):
            g.gain(p, "Gold", to="deck", source=card.name)


def treasure_map_golds_to_discard(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
        other = next((c for c in p.hand if c.name == card.name), None)
        if other is not None:
            g.trash_card(p, other, p.hand, card.name)
            for _ in range(4):
                g.gain(p, "Gold", source=card.name)


def island_sets_aside_other_only(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Set aside")
    if picked:
        g.to_mat(p, picked[0], p.hand, "Island", card.name)


def island_needs_another_card(g, p, card, play) -> None:
    if card not in p.in_play or not p.hand:
        return
    g.to_mat(p, card, p.in_play, "Island", card.name)
    picked = g.choose_from_hand(p, card.name, "Set aside")
    g.to_mat(p, picked[0], p.hand, "Island", card.name)


def native_village_no_shuffle(g, p, card, play) -> None:
    choice = g.choose_option(p, card.name, "?", [("set_aside", "s"), ("take", "t")])
    mat = p.mats.setdefault("Native Village", [])
    if choice == "set_aside":
        if p.deck:
            mat.append(p.deck.pop())
        return
    for c in list(mat):
        g.to_hand(p, c, mat)


def native_village_takes_when_deck_empty(g, p, card, play) -> None:
    mat = p.mats.setdefault("Native Village", [])
    if p.deck or p.discard:
        choice = g.choose_option(p, card.name, "?", [("set_aside", "s"), ("take", "t")])
        if choice == "set_aside":
            top = g.take_top(p)
            if top is not None:
                mat.append(top)
            return
    for c in list(mat):
        g.to_hand(p, c, mat)


def mats_not_scored(mp: pytest.MonkeyPatch) -> None:
    from engine.state import Player

    mp.setattr(Player, "all_cards",
               lambda p: p.deck + p.hand + p.discard + p.in_play + p.set_aside)


def ambassador_variant(order: str, least: int, itself: bool):  # type: ignore[no-untyped-def]
    """Ambassador read wrongly: from the right, at least ``least`` returned, or revealing itself."""

    def wrong(g, p, card, play) -> None:
        picked = g.choose_from_hand(p, card.name, "Reveal")
        if not picked and itself:
            picked = [card]
        if not picked:
            return
        shown = picked[0]
        copies = [c for c in p.hand if c.name == shown.name]
        opts = [("zero", "0"), ("one", "1"), ("two", "2")][least: min(2, len(copies)) + 1]
        if opts:
            n = [o[0] for o in opts].index(g.choose_option(p, card.name, "?", opts)) + least
            for c in copies[:n]:
                g.return_to_pile(p, c, p.hand, card.name)
        victims = play.victims(g)
        for q in reversed(victims) if order == "right" else victims:
            g.gain(q, shown.name, source=card.name)

    return wrong


def pirate_ship_token_per_treasure(g, p, card, play) -> None:
    tokens = p.tokens.get("Pirate Ship", 0)
    if g.choose_option(p, card.name, "?", [("attack", "a"), ("coins", "c")]) == "coins":
        g.coins += tokens
        return
    for q in play.victims(g):
        revealed = g.reveal_from_deck(q, 2, card.name)
        treasures = [c for c in revealed if c.defn.is_treasure]
        if treasures:
            [victim] = g.choose_cards(p, card.name, "Trash", treasures)
            g.trash_card(q, victim, q.set_aside, card.name)
            p.tokens["Pirate Ship"] = p.tokens.get("Pirate Ship", 0) + 1
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)


def pirate_ship_flat_coin(g, p, card, play) -> None:
    if g.choose_option(p, card.name, "?", [("attack", "a"), ("coins", "c")]) == "coins":
        g.coins += min(1, p.tokens.get("Pirate Ship", 0))


def pirate_ship_deck_only(g, p, card, play) -> None:
    g.choose_option(p, card.name, "?", [("attack", "a"), ("coins", "c")])
    for q in play.victims(g):
        revealed = [q.deck.pop() for _ in range(min(2, len(q.deck)))]
        q.set_aside.extend(revealed)
        treasures = [c for c in revealed if c.defn.is_treasure]
        if treasures:
            [victim] = g.choose_cards(p, card.name, "Trash", treasures)
            g.trash_card(q, victim, q.set_aside, card.name)
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)


def treasury_always_asks(g, p, card) -> None:
    if card in p.discard and g.yes_no(p, card.name, "Top?"):
        g.topdeck(p, card, p.discard, card.name)


def treasury_no_victory_gained(g, p, card) -> None:
    if any(i == p.index and c.defn.is_victory for i, c in g.gained_this_turn):
        return
    if card in p.discard and g.yes_no(p, card.name, "Top?"):
        g.topdeck(p, card, p.discard, card.name)


def embargo_one_token_per_pile(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Embargo")
    if name:
        g.piles[name].tokens["Embargo"] = 1


def embargo_nonempty_piles(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Embargo")
    if name:
        tokens = g.piles[name].tokens
        tokens["Embargo"] = tokens.get("Embargo", 0) + 1


def embargo_on_every_gain(mp: pytest.MonkeyPatch) -> None:
    from engine.primitives import GameBase

    original = GameBase.gain

    def wrong(game, p, name, to=None, source=None):
        pile = game.piles[name]
        if source != "buy" and name != "Curse":
            for _ in range(pile.tokens.get("Embargo", 0)):
                original(game, p, "Curse", source="Embargo")
        return original(game, p, name, to, source)

    mp.setattr(GameBase, "gain", wrong)


def smugglers_variant(limit: Any, supply_only: bool, own_in_extra: bool,
                      choose: bool):  # type: ignore[no-untyped-def]
    """Smugglers read wrongly: a cost limit in coins only (or none), non-Supply
    cards allowed, the previous turn (not the right-hand player's), or no choice."""

    def wrong(g, p, card, play) -> None:
        right = (p.index - 1) % len(g.players)
        if own_in_extra and g.is_extra_turn:
            right = p.index
        names = []
        for c in g.gained_last_turn.get(right, []):
            pile = g.piles.get(c.name)
            if pile is None or not pile.cards or (supply_only and not pile.supply):
                continue
            if limit is not None and c.defn.cost.coins > limit:
                continue
            names.append(c.name)
        if not names:
            return
        name = names[-1]
        if choose and len(set(names)) > 1:
            name = g.choose_supply(p, card.name, "Gain", pred=lambda d: d.name in names)
        g.gain(p, name, source=card.name)

    return wrong


def vineyard_pure_actions_only(p) -> int:
    return sum(1 for c in p.all_cards() if c.defn.types == frozenset({"Action"})) // 3


def vineyard_rounds_up(p) -> int:
    return -(-sum(1 for c in p.all_cards() if c.defn.is_action) // 3)


def apprentice_ignores_potion(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        coins = g.cost(picked[0]).coins
        g.trash_card(p, picked[0], p.hand, card.name)
        g.draw(p, coins)


def apprentice_draws_one_anyway(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    n = 1
    if picked:
        cost = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        n = max(1, cost.coins + 2 * cost.potion)
    g.draw(p, n)


def apprentice_may_not_trash(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash a card", min=0):
        cost = g.cost(c)
        g.trash_card(p, c, p.hand, card.name)
        g.draw(p, cost.coins + 2 * cost.potion)


def stone_counts_all_cards(g, p, card, play) -> None:
    g.coins += len(p.all_cards()) // 5


def stone_recounts_on_buy(g, p, stone, bought) -> None:
    g.coins += 1  # as if each played Stone were worth more once the bought card arrives


def stone_shuffles_deck(g, p, card, play) -> None:
    g.coins += (len(p.deck) + len(p.discard)) // 5
    p.deck.reverse()


def apothecary_reveals_then_draws(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 4, card.name)
    for c in revealed:
        if c.name in ("Copper", "Potion"):
            g.to_hand(p, c, p.set_aside)
    for c in g.order_cards(p, card.name, "Put back", [c for c in revealed if c in p.set_aside]):
        g.topdeck(p, c, p.set_aside, card.name)
    g.draw(p, 1)


def apothecary_no_shuffle(g, p, card, play) -> None:
    revealed = [p.deck.pop() for _ in range(min(4, len(p.deck)))]
    p.set_aside.extend(revealed)
    for c in revealed:
        if c.name in ("Copper", "Potion"):
            g.to_hand(p, c, p.set_aside)
    for c in g.order_cards(p, card.name, "Put back", [c for c in revealed if c in p.set_aside]):
        g.topdeck(p, c, p.set_aside, card.name)


def apothecary_back_in_revealed_order(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 4, card.name)
    for c in revealed:
        if c.name in ("Copper", "Potion"):
            g.to_hand(p, c, p.set_aside)
    for c in reversed([c for c in revealed if c in p.set_aside]):
        g.topdeck(p, c, p.set_aside, card.name)


def scrying_pool_core(first: Callable[..., list], take_non_action: bool = True,
                      shuffle: bool = True) -> Callable[..., None]:
    """Scrying Pool with a wrong order of players, a lost non-Action, or no shuffle."""

    def wrong(g, p, card, play) -> None:
        for q in first(g, p, play):
            top = g.peek_top(q)
            if top is not None and g.choose_option(
                    p, card.name, "?", [("discard", "d"), ("keep", "k")]) == "discard":
                g.discard_card(q, top, q.deck, card.name)
        while p.deck or (shuffle and p.discard):
            [c] = g.reveal_from_deck(p, 1, card.name)
            if c.defn.is_action or take_non_action:
                g.to_hand(p, c, p.set_aside)
            else:
                g.discard_card(p, c, p.set_aside, card.name)
            if not c.defn.is_action:
                break

    return wrong


def golem_skips_no_golem(g, p, card, play) -> None:
    found: list = []
    while len(found) < 2:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        if one[0].defn.is_action:
            found += one
        else:
            g.discard_card(p, one[0], p.set_aside, card.name)
    for c in found:
        g.play_card(p, c, p.set_aside)


def golem_discards_as_it_goes(g, p, card, play) -> None:
    found: list = []
    while len(found) < 2:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        if one[0].defn.is_action and one[0].name != "Golem":
            found += one
        else:
            g.discard_card(p, one[0], p.set_aside, card.name)
    for c in found:
        g.play_card(p, c, p.set_aside)


def golem_found_cards_to_hand(g, p, card, play) -> None:
    found: list = []
    while len(found) < 2:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        if one[0].defn.is_action and one[0].name != "Golem":
            found += one
            g.to_hand(p, one[0], p.set_aside)
        else:
            g.discard_card(p, one[0], p.set_aside, card.name)
    for c in g.order_cards(p, card.name, "Order", found):
        if c in p.hand:
            g.play_card(p, c, p.hand)


def alchemist_without_potion(g, p, card) -> None:
    if card in p.discard and g.yes_no(p, card.name, "Put Alchemist on your deck?"):
        g.topdeck(p, card, p.discard, card.name)


def alchemist_one_per_potion(g, p, card) -> None:
    if any(c.name == "Alchemist" for c in p.deck) or not any(
            c.name == "Potion" for c in p.in_play):
        return
    if g.yes_no(p, card.name, "Put Alchemist on your deck?"):
        g.topdeck(p, card, p.discard, card.name)


def herbalist_one_per_turn(g, p, card) -> None:
    if sum(c.name == "Herbalist" for c in p.discard) > 1:
        return
    treasures = [c for c in p.in_play if c.defn.is_treasure]
    for c in g.choose_cards(p, card.name, "Topdeck", treasures, min=0, max=1):
        g.topdeck(p, c, p.in_play, card.name)


def cleanup_in_play_order(mp: pytest.MonkeyPatch) -> None:
    """Clean-up discards Herbalist and Alchemist in the order they were played, unasked."""
    from engine.game import Game

    def wrong(game, p, keep_ids) -> None:
        for c in [c for c in p.in_play if c.defn.on_discard_from_play is not None]:
            if c in p.in_play:
                game.discard_card(p, c, p.in_play)
                c.defn.on_discard_from_play(game, p, c)

    mp.setattr(Game, "_discard_hooked_from_play", wrong)


def possession_plain_extra_turn(g, p, card, play) -> None:
    """An Outpost-like extra turn for the left neighbour, nobody possessing it."""
    g.extra_turns.append((p.index + 1) % len(g.players))


def possession_not_cumulative(g, p, card, play) -> None:
    target = ((p.index + 1) % len(g.players), p.index)
    if target not in g.possessions:
        g.possessions.append(target)


def possession_stays_with_possessor(g, p, card, play) -> None:
    g.possessions.append(((p.index + 1) % len(g.players), g.controller(p.index)))


def turn_patch(attr: str, make: Callable[[Any], Callable[..., Any]]) -> Patch:
    """Replace a method of the Game with a wrong version built from the original."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        from engine.game import Game

        mp.setattr(Game, attr, make(getattr(Game, attr)))

    return apply


def possession_before_outpost(original):
    def wrong(game) -> None:
        if game.possessions and not game.game_should_end():
            idx, possessor = game.possessions.popleft()
            game._start_turn(idx, True, possessor)
            return
        original(game)

    return wrong


def turns_after_game_end(original):
    def wrong(game) -> None:
        if game.possessions:
            idx, possessor = game.possessions.popleft()
            game._start_turn(idx, True, possessor)
            return
        original(game)

    return wrong


def only_extra_turns_are_consecutive(original):
    def wrong(game, idx, extra, possessor=None) -> None:
        original(game, idx, extra, possessor)
        game.consecutive_turns = 2 if extra else 1

    return wrong


def possession_turns_counted(original):
    def wrong(game, idx, extra, possessor=None) -> None:
        original(game, idx, extra, possessor)
        if possessor is not None:
            game.players[idx].turns_taken += 1

    return wrong


def possessor_cannot_react(original):
    """The possessor is taken for the player of the Attack: never offered a Reaction."""

    def wrong(game, attacker, attack) -> frozenset:
        if game.possessed_by is None:
            return original(game, attacker, attack)
        return frozenset()

    return wrong


def possessed_passes_are_gains(original):
    """A card leaving the possessed player's hand for another hand is taken for a gain:
    the possessor gets it, in their discard pile (Masquerade's pass, wrongly)."""

    def wrong(game, p, card, from_zone) -> None:
        passer = game.players[game.current]
        if game.possessed_by is not None and from_zone is passer.hand and p is not passer:
            from_zone.remove(card)
            game.players[game.possessed_by].discard.append(card)
            return
        original(game, p, card, from_zone)

    return wrong


def possessed_returns_are_trashes(original):
    """A card the possessed player returns to the Supply is taken for a trashed one."""

    def wrong(game, p, card, from_zone, source=None) -> None:
        if game.possessed_by is not None and p.index == game.current:
            game.trash_card(p, card, from_zone, source)
            return
        original(game, p, card, from_zone, source)

    return wrong


def pirate_ship_token_to_possessor(g, p, card, play) -> None:
    """Pirate Ship as printed, but its Coin token goes to whoever controls the turn."""
    before = p.tokens.get("Pirate Ship", 0)
    PIRATE_SHIP_PLAY(g, p, card, play)
    taken = p.tokens.get("Pirate Ship", 0) - before
    if taken and g.possessed_by is not None:
        p.tokens["Pirate Ship"] = before
        owner = g.players[g.possessed_by]
        owner.tokens["Pirate Ship"] = owner.tokens.get("Pirate Ship", 0) + taken


PIRATE_SHIP_PLAY = registry.card("Pirate Ship").on_play

# --- wrong readings of rulings that involve cards of other sets --------------------------
def city_counts_piles_that_ran_out(mp: pytest.MonkeyPatch) -> None:
    """City counts every Supply pile that has run out, as a tally that cards returned to
    a pile (Ambassador) never lower."""
    from engine.game import Game

    ran_out: set[str] = set()
    original = Game.return_to_pile

    def return_to_pile(game, p, card, from_zone, source=None) -> None:
        name = game.pile_name_of(card)
        if not game.piles[name].cards:
            ran_out.add(name)
        original(game, p, card, from_zone, source)

    def city(g, p, card, play) -> None:
        empty = sum(1 for name, pile in g.piles.items()
                    if pile.supply and (not pile.cards or name in ran_out))
        if empty >= 1:
            g.draw(p, 1)
        if empty >= 2:
            g.coins += 1
            g.buys += 1

    mp.setattr(Game, "return_to_pile", return_to_pile)
    hook("City", "on_play", city)(mp)


def talisman_skips_only_pure_victory(g, p, talisman, bought) -> None:
    """Talisman taking "Victory card" to mean a card whose only type is Victory."""
    if bought.defn.types == {"Victory"} or not g.cost(bought).at_most(Cost(4)):
        return
    pile = g.piles[g.pile_name_of(bought)]
    if len(pile.cards) >= 2:
        g.gain(p, pile.name, source=talisman.name)


def hoard_pure_victory_only(g, p, hoard, bought) -> None:
    """Hoard giving Gold only for cards whose only type is Victory."""
    if bought.defn.types == {"Victory"}:
        g.gain(p, "Gold", source=hoard.name)


def mint_pure_treasures_only(g, p, card, play) -> None:
    """Mint offering only cards whose only type is Treasure."""
    picked = g.choose_from_hand(p, card.name, "Reveal a Treasure", min=0, max=1,
                                pred=lambda c: c.defn.types == {"Treasure"})
    if picked:
        g.reveal(p, picked, card.name)
        g.gain(p, picked[0].name, source=card.name)


def possessed_players_gain_hooks_fire(original):
    """The possessed player's "while in play, when you gain" cards (Royal Seal) still act
    on what the possessor gains in their place."""
    def wrong(game, p, card, to, source) -> None:
        possessed = game.possessed_by is not None and p.index == game.current
        original(game, p, card, to, source)
        gainer = game.players[game.possessed_by] if possessed else None
        if gainer is not None and p.in_play and card in gainer.discard:
            game._while_in_play_gain(p, card, gainer.discard)
    return wrong


def possessed_player_reacts_to_gains(original):
    """Reactions to a card gained in a Possession turn offered to the possessed player,
    whose turn it is, rather than to the possessor who gains it."""
    def wrong(game, p, card, zone) -> None:
        if game.possessed_by is not None and p.index == game.possessed_by:
            p = game.players[game.current]
        original(game, p, card, zone)
    return wrong


def trade_route_counts_short_victory_piles(g, p, card, play) -> None:
    """Trade Route without tokens: +1 coin per Victory pile smaller than at the start."""
    start = 8 if len(g.players) == 2 else 12
    g.coins += sum(1 for name, pile in g.piles.items()
                   if pile.supply and name in registry.all_cards()
                   and registry.card(name).is_victory and len(pile.cards) < start)
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)


# --- Guilds -------------------------------------------------------------------------------
def setup_coffers_ignore_black_market(mp: pytest.MonkeyPatch) -> None:
    """Baker's setup token read from the Kingdom only, not from the Black Market deck."""

    def rule(ctx: Any) -> None:
        if any(d.setup_coffers for d in ctx.defs()):
            ctx.landscape["coffers"] = 1

    rules = [rule if r is engine_setup._rule_starting_coffers else r
             for r in engine_setup.SETUP_RULES]
    mp.setattr(engine_setup, "SETUP_RULES", rules)


def plaza_token_anyway(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard a Treasure", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure):
        g.discard_card(p, c, p.hand, card.name)
    g.take_coffers(p, 1)


def plaza_pure_treasures_only(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard a Treasure", min=0, max=1,
                                pred=lambda c: c.defn.types == {"Treasure"}):
        g.discard_card(p, c, p.hand, card.name)
        g.take_coffers(p, 1)


def plaza_discards_before_drawing(mp: pytest.MonkeyPatch) -> None:
    """Plaza's choice made before its +1 Card, so the drawn card cannot be discarded."""

    def hook_(g, p, card, play) -> None:
        for c in g.choose_from_hand(p, card.name, "Discard a Treasure", min=0, max=1,
                                    pred=lambda c: c.defn.is_treasure):
            g.discard_card(p, c, p.hand, card.name)
            g.take_coffers(p, 1)
        g.draw(p, 1)

    hook("Plaza", "cards", 0)(mp)
    hook("Plaza", "on_play", hook_)(mp)


def merchant_guild_token_per_play(g, p, guild, bought) -> None:
    g.take_coffers(p, sum(1 for c in g.played_this_turn if c is guild))


def masterpiece_one_silver(g, p, card, paid) -> None:
    g.gain(p, "Silver", source=card.name)


def soothsayer_everyone_draws(g, p, card, play) -> None:
    g.gain(p, "Gold", source=card.name)
    for q in play.victims(g):
        g.gain(q, "Curse", source=card.name)
        g.draw(q, 1)


def soothsayer_kept_curse_only(g, p, card, play) -> None:
    g.gain(p, "Gold", source=card.name)
    for q in play.victims(g):
        curse = g.gain(q, "Curse", source=card.name)
        if curse is not None and curse in q.discard:
            g.draw(q, 1)


def soothsayer_optional_gold(g, p, card, play) -> None:
    if g.yes_no(p, card.name, "Gain a Gold?"):
        g.gain(p, "Gold", source=card.name)
    for q in play.victims(g):
        if g.gain(q, "Curse", source=card.name) is not None:
            g.draw(q, 1)


def advisor_self_chooses(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 3, card.name)
    if revealed:
        [out] = g.choose_cards(p, card.name, "Discard one", revealed)
        g.discard_card(p, out, p.set_aside, card.name)
        for c in [c for c in revealed if c is not out]:
            g.to_hand(p, c, p.set_aside)


def advisor_no_shuffle(g, p, card, play) -> None:
    revealed = list(p.deck[-3:])
    for c in revealed:
        g.set_aside(p, c, p.deck)
    if revealed:
        left = g.players[(p.index + 1) % len(g.players)]
        [out] = g.choose_cards(left, card.name, "Discard one", revealed)
        g.discard_card(p, out, p.set_aside, card.name)
        for c in [c for c in revealed if c is not out]:
            g.to_hand(p, c, p.set_aside)


def journeyman_reveals_three(g, p, card, play) -> None:
    from engine.registry import all_cards

    named = g.choose_option(p, card.name, "Name", [(n, n) for n in sorted(all_cards())])
    for c in g.reveal_from_deck(p, 3, card.name):
        if c.name == named:
            g.discard_card(p, c, p.set_aside, card.name)
        else:
            g.to_hand(p, c, p.set_aside)


def journeyman_no_shuffle(g, p, card, play) -> None:
    from engine.registry import all_cards

    named = g.choose_option(p, card.name, "Name", [(n, n) for n in sorted(all_cards())])
    found = 0
    while found < 3 and p.deck:
        c = p.deck[-1]
        if c.name == named:
            g.discard_card(p, c, p.deck, card.name)
        else:
            g.to_hand(p, c, p.deck)
            found += 1


def _taxman_variant(*, min_hand: int = 5, to: str = "deck", optional_gain: bool = False,
                    pure: bool = False):  # type: ignore[no-untyped-def]
    def hook_(g, p, card, play) -> None:
        picked = g.choose_from_hand(
            p, card.name, "Trash a Treasure", min=0, max=1,
            pred=(lambda c: c.defn.types == {"Treasure"}) if pure else
            (lambda c: c.defn.is_treasure))
        if not picked:
            return
        limit = g.cost(picked[0]).plus_coins(3)
        g.trash_card(p, picked[0], p.hand, card.name)
        for q in play.victims(g):
            copy = next((c for c in q.hand if c.name == picked[0].name), None)
            if len(q.hand) >= min_hand and copy is not None:
                g.discard_card(q, copy, q.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit,
                               pred=lambda d: d.is_treasure, optional=optional_gain)
        if name:
            g.gain(p, name, to=to, source=card.name)
    return hook_


def stonemason_up_to(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        limit = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        for _ in range(2):
            name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
            if name:
                g.gain(p, name, source=card.name)


def stonemason_chooses_both_first(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        limit = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        names = [g.choose_supply(p, card.name, "Gain",
                                 pred=lambda d: g.cost(d).at_most(limit) and g.cost(d) != limit)
                 for _ in range(2)]
        for name in names:
            if name:
                g.gain(p, name, source=card.name)


def stonemason_overpay_up_to(g, p, card, paid) -> None:
    for _ in range(2):
        name = g.choose_supply(p, card.name, "Gain", max_cost=paid, pred=lambda d: d.is_action)
        if name:
            g.gain(p, name, source=card.name)


def stonemason_overpay_coins_only(g, p, card, paid) -> None:
    for _ in range(2):
        name = g.choose_supply(p, card.name, "Gain",
                               pred=lambda d: d.is_action and g.cost(d) == Cost(paid.coins))
        if name:
            g.gain(p, name, source=card.name)


def overpay_hook_even_without_overpay(mp: pytest.MonkeyPatch) -> None:
    """The engine runs the when-buy overpay ability for an overpay of 0 as well."""
    from engine.turn import Game

    def _overpay(self, p, bought) -> None:
        answer = self.choose_option(p, bought.name, "Overpay?",
                                    [(str(n), str(n)) for n in range(self.coins + 1)])
        self.coins -= int(answer)
        bought.defn.on_overpay(self, p, bought, Cost(int(answer)))

    mp.setattr(Game, "_overpay", _overpay)


def _butcher_variant(*, pay_first: bool = False, coins: bool = False,
                     tokens_only_if_trashed: bool = False):  # type: ignore[no-untyped-def]
    def hook_(g, p, card, play) -> None:
        if not pay_first and not tokens_only_if_trashed:
            g.take_coffers(p, 2)
        picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=1)
        if not picked:
            return
        if tokens_only_if_trashed:
            g.take_coffers(p, 2)
        limit = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        paid = int(g.choose_option(p, card.name, "Pay",
                                   [(str(n), str(n)) for n in range(p.coffers + 1)]))
        p.coffers -= paid
        if coins:
            g.coins += paid
        if pay_first:
            g.take_coffers(p, 2)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit.plus_coins(paid))
        if name:
            g.gain(p, name, source=card.name)
    return hook_


def _doctor_named(g, p, card) -> str:
    from engine.registry import all_cards

    return g.choose_option(p, card.name, "Name", [(n, n) for n in sorted(all_cards())])


def doctor_trashes_one_match(g, p, card, play) -> None:
    named = _doctor_named(g, p, card)
    revealed = g.reveal_from_deck(p, 3, card.name)
    match = next((c for c in revealed if c.name == named), None)
    if match is not None:
        g.trash_card(p, match, p.set_aside, card.name)
    for c in [c for c in revealed if c in p.set_aside][::-1]:
        g.topdeck(p, c, p.set_aside, card.name)


def doctor_keeps_order(g, p, card, play) -> None:
    named = _doctor_named(g, p, card)
    revealed = g.reveal_from_deck(p, 3, card.name)
    for c in revealed:
        if c.name == named:
            g.trash_card(p, c, p.set_aside, card.name)
    for c in [c for c in revealed if c in p.set_aside][::-1]:
        g.topdeck(p, c, p.set_aside, card.name)


def doctor_overpay_looks_at_n_cards(g, p, card, paid) -> None:
    looked = g.reveal_from_deck(p, paid.coins, card.name, look=True)
    for c in looked:
        choice = g.choose_option(p, card.name, "What?", [("trash", "t"), ("discard", "d"),
                                                          ("back", "b")])
        if choice == "trash":
            g.trash_card(p, c, p.set_aside, card.name)
        elif choice == "discard":
            g.discard_card(p, c, p.set_aside, card.name)
    for c in [c for c in looked if c in p.set_aside][::-1]:
        g.topdeck(p, c, p.set_aside, card.name)


def doctor_overpay_no_shuffle(g, p, card, paid) -> None:
    for _ in range(paid.coins):
        if not p.deck:
            return
        c = p.deck[-1]
        g.log("look", p, (c,), card.name)
        choice = g.choose_option(p, card.name, "What?", [("trash", "t"), ("discard", "d"),
                                                          ("back", "b")])
        if choice == "trash":
            g.trash_card(p, c, p.deck, card.name)
        elif choice == "discard":
            g.discard_card(p, c, p.deck, card.name)


def _herald_variant(*, optional: bool = False, uses_action: bool = False,
                    kept_by_herald: bool = False):  # type: ignore[no-untyped-def]
    def hook_(g, p, card, play) -> None:
        top = g.reveal_from_deck(p, 1, card.name)
        if not top:
            return
        c = top[0]
        if c.defn.is_action and (not optional or g.yes_no(p, card.name, "Play it?")):
            if uses_action:
                g.actions -= 1
            g.play_card(p, c, p.set_aside)
            if kept_by_herald:  # the wrong reading: Herald, too, stays to track the Duration
                for effect in p.durations:
                    if effect.card is c and card not in effect.keepers:
                        effect.keepers.append(card)
        else:
            g.topdeck(p, c, p.set_aside, card.name)
    return hook_


def herald_overpay_optional(g, p, card, paid) -> None:
    for _ in range(paid.coins):
        picked = g.choose_cards(p, card.name, "Topdeck", list(p.discard), min=0, max=1)
        if not picked:
            return
        g.topdeck(p, picked[0], p.discard, card.name)


# --- Cornucopia -------------------------------------------------------------------------
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


# --- Nocturne ----------------------------------------------------------------------------
def shepherd_draws_two_flat(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard", min=0, max=len(p.hand),
                                pred=lambda c: c.defn.is_victory)
    for c in picked:
        g.discard_card(p, c, p.hand, card.name)
    if picked:
        g.draw(p, 2)


def pasture_counts_estates_in_deck(p) -> int:
    return sum(1 for c in p.deck if c.name == "Estate")


def night_watchman_keeps_order(g, p, card, play) -> None:
    looked = g.reveal_from_deck(p, 5, card.name, look=True)
    for c in g.choose_cards(p, card.name, "Discard", looked, min=0, max=len(looked)):
        g.discard_card(p, c, p.set_aside, card.name)
    for c in reversed([c for c in looked if c in p.set_aside]):
        g.topdeck(p, c, p.set_aside, card.name)


def ghost_town_card_only(g, p, card) -> None:
    g.draw(p, 1)


def monastery_hand_only(g, p, card, play) -> None:
    allowed = sum(1 for who, _ in g.gained_this_turn if who == p.index)
    for c in g.choose_from_hand(p, card.name, "Trash", min=0, max=allowed):
        g.trash_card(p, c, p.hand, card.name)


def _devils_workshop_by(count):  # type: ignore[no-untyped-def]
    def hook_(g, p, card, play) -> None:
        n = count(g, p)
        if n >= 2:
            g.gain(p, "Imp", source=card.name)
        elif n == 1:
            name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(4))
            if name:
                g.gain(p, name, source=card.name)
        else:
            g.gain(p, "Gold", source=card.name)
    return hook_


devils_workshop_counts_buys_only = _devils_workshop_by(lambda g, p: len(g.bought_this_turn))
devils_workshop_ignores_buys = _devils_workshop_by(
    lambda g, p: sum(1 for who, _ in g.gained_this_turn if who == p.index)
    - len(g.bought_this_turn))


def _unique_action_played_this_turn(g, p, card) -> bool:
    played = {c.name for c in g.played_this_turn}
    picked = g.choose_from_hand(p, card.name, "Play", min=0, max=1,
                                pred=lambda c: c.defn.is_action and c.name not in played)
    if picked:
        g.play_card(p, picked[0], p.hand)
    return bool(picked)


def imp_excludes_cards_played_this_turn(g, p, card, play) -> None:
    _unique_action_played_this_turn(g, p, card)


def conclave_no_action(g, p, card, play) -> None:
    in_play = {c.name for c in p.in_play}
    picked = g.choose_from_hand(p, card.name, "Play", min=0, max=1,
                                pred=lambda c: c.defn.is_action and c.name not in in_play)
    if picked:
        g.play_card(p, picked[0], p.hand)


def tragic_hero_gains_only_if_trashed(g, p, card, play) -> None:
    if len(p.hand) >= 8 and card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
        name = g.choose_supply(p, card.name, "Gain", pred=lambda d: d.is_treasure)
        if name:
            g.gain(p, name, source=card.name)


def tragic_hero_counts_before_drawing(g, p, card, play) -> None:
    if len(p.hand) - 3 >= 8:
        tragic_hero_gains_only_if_trashed(g, p, card, play)


def cobbler_gains_to_discard(g, p, card) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(4))
    if name:
        g.gain(p, name, source=card.name)


def raider_hits_every_hand(g, p, card, play) -> None:
    in_play = {c.name for c in p.in_play}
    for q in play.victims(g):
        picked = g.choose_from_hand(q, card.name, "Discard", pred=lambda c: c.name in in_play)
        if picked:
            g.discard_card(q, picked[0], q.hand, card.name)
        else:
            g.reveal(q, list(q.hand), card.name)
    g.schedule_duration(p, card)


def zombie_apprentice_action_anyway(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.draw(p, 3)
    g.actions += 1


def zombie_mason_must_gain(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.trash_card(p, top, p.deck, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=g.cost(top).plus_coins(1))
    if name:
        g.gain(p, name, source=card.name)


def zombie_mason_strictly_cheaper(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.trash_card(p, top, p.deck, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=g.cost(top).plus_coins(1),
                           pred=lambda d: d.name != top.name, optional=True)
    if name:
        g.gain(p, name, source=card.name)


def _zombie_spy_look_then_draw(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is not None:
        choice = g.choose_option(p, card.name, "Top", [("discard", "d"), ("keep", "k")])
        if choice == "discard":
            g.discard_card(p, top, p.deck, card.name)
    g.draw(p, 1)


def zombie_spy_looks_before_drawing(mp: pytest.MonkeyPatch) -> None:
    defn = registry.card("Zombie Spy")
    mp.setattr(defn, "cards", 0)
    mp.setattr(defn, "on_play", _zombie_spy_look_then_draw)

def crypt_returns_everything_at_once(g, p, card, play) -> None:
    treasures = [c for c in p.in_play if c.defn.is_treasure]
    picked = g.choose_cards(p, card.name, "Set aside", treasures, min=0, max=len(treasures))
    for c in picked:
        g.to_mat(p, c, p.in_play, "Crypt", card.name)
    if picked:
        g.schedule_duration(p, card)


def _crypt_all_to_hand(g, p, card) -> None:
    for c in list(p.mats.get("Crypt", [])):
        g.to_hand(p, c, p.mats["Crypt"])
    p.mats.pop("Crypt", None)


def crypt_all_at_once(mp: pytest.MonkeyPatch) -> None:
    """Every Treasure comes back at the next turn (wrong: one per turn)."""
    defn = registry.card("Crypt")
    mp.setattr(defn, "on_play", crypt_returns_everything_at_once)
    mp.setattr(defn, "next_turn", _crypt_all_to_hand)


def hound_set_aside_to_discard_at_end(g, p, card) -> None:
    if card in p.discard and g.yes_no(p, card.name, "Set aside?"):
        g.to_mat(p, card, p.discard, "until end of turn", card.name)
        p.mats["until end of turn"].remove(card)
        p.hand.append(card)  # back at once, before Clean-up (wrong: it belongs after)


def hound_only_from_hand(mp: pytest.MonkeyPatch) -> None:
    """The reaction fires only for discards from hand (wrong: from anywhere)."""
    from engine import primitives

    original = primitives.GameBase.discard_card

    def discard_card(self, p, card, from_zone, source=None):  # type: ignore[no-untyped-def]
        if from_zone is p.hand:
            return original(self, p, card, from_zone, source)
        from_zone.remove(card)
        p.discard.append(card)
        return None

    mp.setattr(primitives.GameBase, "discard_card", discard_card)


def _ghost_plays_once(g, p, card) -> None:
    mat = p.mats.get("Ghost", [])
    if mat:
        g.play_card(p, mat[0], mat, by=card)
        if not mat:
            del p.mats["Ghost"]


def ghost_plays_once(mp: pytest.MonkeyPatch) -> None:
    """Ghost's set-aside card is played once (wrong: twice)."""
    from engine.cards import nocturne

    mp.setattr(nocturne, "_ghost_effect", lambda mine: _ghost_plays_once)
    mp.setattr(registry.card("Ghost"), "next_turn", _ghost_plays_once)


def ghost_second_play_needs_the_card(mp: pytest.MonkeyPatch) -> None:
    """The second play is skipped once the card left play (wrong: it still happens)."""
    def effect(g, p, card) -> None:
        mat = p.mats.get("Ghost", [])
        if mat:
            target = mat[0]
            g.play_card(p, target, mat, by=card)
            if not mat:
                del p.mats["Ghost"]
            if target in p.in_play:
                g.play_card(p, target, None, by=card, again=True)

    mp.setattr(registry.card("Ghost"), "next_turn", effect)


def will_o_wisp_compares_coins_only(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is not None and g.cost(top).coins <= 2:
        g.to_hand(p, top, p.deck)


def exorcist_same_or_cheaper(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if not picked:
        return
    limit = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    options = [(n, n) for n in ("Will-o'-Wisp", "Imp", "Ghost")
               if g.piles[n].top is not None
               and g.cost(g.piles[n].top).at_most(limit.plus_coins(1))]
    if options:
        g.gain(p, g.choose_option(p, card.name, "Gain", options), source=card.name)


def cemetery_trashes_up_to_two(g, p, card) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash", min=0, max=2):
        g.trash_card(p, c, p.hand, card.name)


def secret_cave_bonus_for_any_discard(g, p, card, play) -> None:
    if g.yes_no(p, card.name, "Discard 3?"):
        for c in g.choose_from_hand(p, card.name, "Discard", min=3, max=3):
            g.discard_card(p, c, p.hand, card.name)
        g.schedule_duration(p, card)


def magic_lamp_counts_card_names(g, p, card, play) -> None:
    if len({c.name for c in p.in_play}) >= 6 and card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
        for _ in range(3):
            g.gain(p, "Wish", source=card.name)


def wish_gains_every_play(g, p, card, play) -> None:
    if card in p.in_play:
        g.return_to_pile(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(6))
    if name:
        g.gain(p, name, to="hand", source=card.name)


def necromancer_ignores_face_down(g, p, card, play) -> None:
    eligible = [c for c in g.trash if c.defn.is_action and not c.defn.is_duration]
    picked = g.choose_cards(p, card.name, "Play", eligible)
    if picked:
        g.play_card(p, picked[0], None, by=card)


def necromancer_moves_it_into_play(g, p, card, play) -> None:
    eligible = [c for c in g.trash if c.defn.is_action and not c.defn.is_duration
                and c not in g.face_down]
    picked = g.choose_cards(p, card.name, "Play", eligible)
    if picked:
        g.face_down.append(picked[0])
        g.play_card(p, picked[0], g.trash, by=card)


def tracker_counts_the_trash(g, p, gained, zone) -> None:
    if gained in zone and (any(c.name == "Tracker" for c in p.in_play)
                           or any(c.name == "Tracker" for c in g.face_down)) \
            and g.yes_no(p, "Tracker", "Deck?"):
        g.topdeck(p, gained, zone, "Tracker")


def no_zombies(ctx) -> None:
    pass


def changeling_exchange_in_place(g, p, gained, zone) -> None:
    pile = g.piles.get("Changeling")
    if pile and pile.cards and gained in zone and Cost(3).at_most(g.cost(gained)) \
            and gained.name != "Changeling" and g.yes_no(p, "Changeling", "Exchange?"):
        g.exchange(p, gained, zone, "Changeling")


def changeling_printed_cost(g, p, gained, zone) -> None:
    pile = g.piles.get("Changeling")
    if pile and pile.cards and gained in zone and gained.defn.cost.coins >= 3 \
            and gained.name != "Changeling" and g.yes_no(p, "Changeling", "Exchange?"):
        g.exchange(p, gained, zone, "Changeling", to_zone=p.discard)


def changeling_copies_this_turns_cards(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    names = [n for n in dict.fromkeys(c.name for c in g.played_this_turn if c in p.in_play)
             if n in g.piles and g.piles[n].cards]
    if names:
        g.gain(p, names[0] if len(names) == 1 else g.choose_option(
            p, card.name, "Gain", [(n, n) for n in names]), source=card.name)


def _boon_patch(name: str, **attrs: Any) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        defn = registry.landscape(name)
        for attr, value in attrs.items():
            mp.setattr(defn, attr, value)
    return apply


def skys_gift_gold_per_card(g, p, name) -> None:
    if g.yes_no(p, name, "Discard 3?"):
        for c in g.choose_from_hand(p, name, "Discard", min=3, max=3):
            g.discard_card(p, c, p.hand, name)
            g.gain(p, "Gold", source=name)


def skys_gift_gold_for_any_discard(g, p, name) -> None:
    if g.yes_no(p, name, "Discard 3?"):
        for c in g.choose_from_hand(p, name, "Discard", min=3, max=3):
            g.discard_card(p, c, p.hand, name)
        g.gain(p, "Gold", source=name)


def moons_gift_asks_even_when_empty(g, p, name) -> None:
    g.choose_option(p, name, "Put a card back?", [("none", "nothing")])


def rivers_gift_draws_at_once(g, p, name) -> None:
    g.draw(p, 1)


def sacred_grove_shares_everything(g, p, card, play) -> None:
    name = g.receive_boon(p, card.name)
    for q in play.victims(g):
        if name and g.yes_no(q, card.name, "Receive?"):
            g.receive_boon(q, card.name, name=name, shared=True)


def sacred_grove_others_must_receive(g, p, card, play) -> None:
    name = g.receive_boon(p, card.name)
    if name and name not in ("The Field's Gift", "The Forest's Gift"):
        for q in play.victims(g):
            g.receive_boon(q, card.name, name=name, shared=True)


def idol_counts_idols_played(g, p, card, play) -> None:
    if sum(1 for c in g.played_this_turn if c.name == "Idol") >= 2:
        for q in play.victims(g):
            g.gain(q, "Curse", source=card.name)
    else:
        g.receive_boon(p, card.name)


def pixie_receives_once(g, p, card, play) -> None:
    name = g.next_landscape(g.boons)
    g.boons.discard.append(name)
    if card in p.in_play and g.yes_no(p, card.name, "Trash?"):
        g.trash_card(p, card, p.in_play, card.name)
        g.boons.discard.remove(name)
        g.receive_boon(p, card.name, name=name)


def goat_must_trash(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash", min=1, max=1):
        g.trash_card(p, c, p.hand, card.name)


def tracker_only_bought(g, p, gained, zone) -> None:
    if gained in zone and any(c.name == "Tracker" for c in p.in_play) \
            and gained.name in g.bought_this_turn and g.yes_no(p, "Tracker", "Deck?"):
        g.topdeck(p, gained, zone, "Tracker")


def fool_even_with_lost_in_the_woods(g, p, card, play) -> None:
    from engine.cards.nocturne import take_state

    take_state(g, p, "Lost in the Woods")
    taken = [g.next_landscape(g.boons) for _ in range(3)]
    while taken:
        name = taken[0] if len(taken) == 1 else g.choose_option(
            p, card.name, "Next?", [(n, n) for n in taken])
        taken.remove(name)
        g.receive_boon(p, card.name, name=name)


def fool_leaves_the_state_with_its_holder(g, p, card, play) -> None:
    if any("Lost in the Woods" in q.states for q in g.players):
        return
    fool_even_with_lost_in_the_woods(g, p, card, play)


def lost_in_the_woods_must_discard(g, p, name) -> None:
    picked = g.choose_from_hand(p, name, "Discard", min=1, max=1)
    if picked:
        g.discard_card(p, picked[0], p.hand, name)
        g.receive_boon(p, name)


def skulk_hex_per_player(g, p, card, play) -> None:
    for q in play.victims(g):
        g.receive_hex(q, card.name)


def deluded_returned_but_harmless(g, p, name) -> None:
    p.states.remove(name)


def envious_all_treasures(mp: pytest.MonkeyPatch) -> None:
    """Envious makes every Treasure make 1 coin (wrong: only Silver and Gold)."""
    def start(g, p, name) -> None:
        p.states.remove(name)
        g.envious = True
        for d in registry.all_cards().values():
            if d.is_treasure and d.coins > 1 and d.name not in ("Silver", "Gold"):
                mp.setattr(d, "coins", 1)

    mp.setattr(registry.landscape("Envious"), "start_of_buy", start)


def envy_replaces_deluded(g, p, name) -> None:
    for s in ("Deluded", "Envious"):
        if s in p.states:
            p.states.remove(s)
    p.states.append("Envious")


def famine_discards_everything(g, p, name) -> None:
    for c in g.reveal_from_deck(p, 3, name):
        g.discard_card(p, c, p.set_aside, name)


def fear_reveal_if_no_action(g, p, name) -> None:
    if len(p.hand) < 5:
        return
    picked = g.choose_from_hand(p, name, "Discard an Action", pred=lambda c: c.defn.is_action)
    if picked:
        g.discard_card(p, picked[0], p.hand, name)
    else:
        g.reveal(p, list(p.hand), name)


def locusts_same_cost_any_type(g, p, name) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.trash_card(p, top, p.deck, name)
    if top.name in ("Copper", "Estate"):
        g.gain(p, "Curse", source=name)
        return
    gain = g.choose_supply(p, name, "Gain", max_cost=g.cost(top))
    if gain:
        g.gain(p, gain, source=name)


def misery_always_flips(g, p, name) -> None:
    if "Twice Miserable" in p.states:
        p.states.remove("Twice Miserable")
        p.states.append("Miserable")
    elif "Miserable" in p.states:
        p.states[p.states.index("Miserable")] = "Twice Miserable"
    else:
        p.states.append("Miserable")


def war_trashes_first_non_copper(g, p, name) -> None:
    one = g.reveal_from_deck(p, 5, name)
    for c in one:
        if c.name != "Copper" and c in p.set_aside:
            g.trash_card(p, c, p.set_aside, name)
            break
    for c in [c for c in one if c in p.set_aside]:
        g.discard_card(p, c, p.set_aside, name)


def bad_omens_keeps_the_deck(g, p, name) -> None:
    coppers = [c for c in p.discard if c.name == "Copper"][:2]
    for c in coppers:
        g.topdeck(p, c, p.discard, name)


def cursed_village_draws_six(g, p, card, play) -> None:
    g.draw(p, 6 - len(p.hand) if len(p.hand) < 6 else 1)


def tormentor_counts_played_cards(g, p, card, play) -> None:
    if all(c is card for c in g.played_this_turn):
        g.gain(p, "Imp", source=card.name)
    else:
        g.hex_each_other(play.victims(g), card.name)


def tormentor_ignores_old_durations(g, p, card, play) -> None:
    if all(c is card or c not in g.played_this_turn for c in p.in_play):
        g.gain(p, "Imp", source=card.name)
    else:
        g.hex_each_other(play.victims(g), card.name)


def vampire_bat_in_place(g, p, card, play) -> None:
    g.hex_each_other(play.victims(g), card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(5),
                           pred=lambda d: d.name != "Vampire")
    if name:
        g.gain(p, name, source=card.name)
    if card in p.in_play:
        g.exchange(p, card, p.in_play, "Bat")


def bat_needs_a_vampire_to_trash(g, p, card, play) -> None:
    if not g.piles["Vampire"].cards:
        return
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=2)
    g.trash_cards(p, picked, p.hand, card.name)
    if picked and card in p.in_play:
        g.exchange(p, card, p.in_play, "Vampire", to_zone=p.discard)


def werewolf_always_draws(g, p, card, play) -> None:
    g.draw(p, 3)


def pooka_any_treasure(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.draw(p, 4)


def leprechaun_counts_played(g, p, card, play) -> None:
    """Counts cards played this turn that left play too (wrong: only what is in play)."""
    g.gain(p, "Gold", source=card.name)
    gone = sum(1 for c in g.played_this_turn if c not in p.in_play)
    if len(p.in_play) + gone == 7:
        g.gain(p, "Wish", source=card.name)
    else:
        g.receive_hex(p, card.name)


def blessed_village_always_now(g, p, card) -> None:
    name = g.next_landscape(g.boons)
    if name is not None:
        g.receive_boon(p, card.name, name=name)


def druid_discards_its_boon(g, p, card, play) -> None:
    name = g.choose_option(p, card.name, "Receive", [(n, n) for n in g.druid_boons])
    g.druid_boons.remove(name)
    g.receive_boon(p, card.name, name=name)


def no_druid_set_aside(ctx) -> None:
    from engine import registry as reg

    if any("Fate" in d.types for d in ctx.defs()):
        boons = reg.landscapes("boon")
        ctx.rng.shuffle(boons)
        ctx.landscape["boons"] = boons


def landscape_decks_never_reshuffle(mp: pytest.MonkeyPatch) -> None:
    """An empty Boons or Hexes deck gives nothing (wrong: its discards are reshuffled)."""
    from engine import primitives

    def next_landscape(self, deck):  # type: ignore[no-untyped-def]
        return deck.cards.pop() if deck.cards else None

    mp.setattr(primitives.GameBase, "next_landscape", next_landscape)


def throne_room_leaves_play_at_once(mp: pytest.MonkeyPatch) -> None:
    """Throne Room is discarded in Clean-up though its Duration waits (wrong)."""
    from engine import primitives

    original = primitives.GameBase.play_card

    def play_card(self, p, card, from_zone=None, by=None, again=False):  # type: ignore[no-untyped-def]
        return original(self, p, card, from_zone, None, again)

    mp.setattr(primitives.GameBase, "play_card", play_card)


def delusion_takes_envious(g, p, name) -> None:
    if "Deluded" not in p.states and "Envious" not in p.states:
        p.states.append("Envious")


def exchange_counts_as_gain(mp: pytest.MonkeyPatch) -> None:
    """Exchanging records the new card as gained (wrong: it is not a gain)."""
    from engine import primitives

    original = primitives.GameBase.exchange

    def exchange(self, p, card, from_zone, pile_name, to_zone=None):  # type: ignore[no-untyped-def]
        new = original(self, p, card, from_zone, pile_name, to_zone)
        if new is not None:
            self.gained_this_turn.append((p.index, new))
        return new

    mp.setattr(primitives.GameBase, "exchange", exchange)



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


def idol_counts_plays_this_turn(g, p, card, play) -> None:
    """Idol counting the Idols played this turn instead of those in play."""
    if sum(1 for c in g.played_this_turn if c.name == "Idol") % 2:
        g.receive_boon(p, card.name)
    else:
        for q in play.victims(g):
            g.gain(q, "Curse", source=card.name)



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



def harbor_village_counts_coffers(g, p, card, play) -> None:
    held: dict[str, int] = {}

    def when(g, owner, c, player, played) -> bool:
        held["coffers"] = owner.coffers
        return player is owner and played.defn.is_action

    def then(g, owner, c, player, played, coins_before) -> None:
        if g.coins > coins_before or owner.coffers > held["coffers"]:
            g.coins += 1

    g.watch_plays(p, card, when, then)


def shaman_not_on_first_turn(g, p) -> None:
    if p.turns_taken <= 1:
        return
    eligible = [c for c in g.trash if g.cost(c).at_most(Cost(6))]
    for c in g.choose_cards(p, "Shaman", "Gain", eligible):
        g.gain_card_object(p, c, g.trash, source="Shaman")


def extra_turns_counted(original):
    """Every turn counted for the tiebreaker, Journey's extra turn too."""

    def wrong(game, idx, extra, possessor=None) -> None:
        original(game, idx, extra, possessor)
        if extra:
            game.players[idx].turns_taken += 1

    return wrong

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
    ("necromancer--tracker-from-trash-not-in-play", hook("Tracker", "on_any_gain",
                                                         tracker_counts_the_trash)),
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
    ("bazaar--card-actions-coin", hook("Bazaar", "actions", 1)),
    ("merchant-ship--two-coins-twice", hook("Merchant Ship", "next_turn", no_op)),
    ("caravan--draws-at-next-turn-start", hook("Caravan", "on_play", caravan_draws_both_now)),
    (
        "fishing-village--actions-now-and-next-turn",
        hook("Fishing Village", "next_turn", fishing_village_two_actions_next),
    ),
    (
        "warehouse--short-deck-still-discards-three",
        patches(hook("Warehouse", "cards", 0),
                hook("Warehouse", "on_play", warehouse_no_shuffle_discards_drawn)),
    ),
    ("salvager--trash-for-coins", hook("Salvager", "on_play", salvager_optional)),
    ("salvager--empty-hand-still-buy", hook("Salvager", "buys", 0)),
    ("cutpurse--one-copper-or-reveal", hook("Cutpurse", "on_play", cutpurse_all_coppers)),
    ("explorer--province-optional", hook("Explorer", "on_play", explorer_always_reveals)),
    (
        "explorer--gold-to-hand-spent-same-turn",
        hook("Explorer", "on_play", explorer_gains_to_discard),
    ),
    ("outpost--merchant-ship-in-extra-turn", extra_turns_skip_durations),
    ("sea-hag--shuffle-discard-curse-on-top", hook("Sea Hag", "on_play", sea_hag_never_shuffles)),
    ("sea-hag--curses-run-out-in-turn-order", hook("Sea Hag", "on_play", sea_hag_from_the_right)),
    ("ghost-ship--victims-choose-order", hook("Ghost Ship", "on_play", ghost_ship_no_ordering)),
    ("lighthouse--blocks-attack-coin-next-turn", hook("Lighthouse", "while_in_play_immune", False)),
    ("lighthouse--blocks-attack-coin-next-turn", hook("Lighthouse", "next_turn", no_op)),
    ("lighthouse--own-attack-still-works", lighthouse_shields_everyone),
    ("lighthouse--secret-chamber-still-revealed",
     hook("Lighthouse", "while_in_play_immune", False)),
    ("haven--set-aside-returns-next-turn", hook("Haven", "on_play", haven_optional)),
    ("haven--set-aside-returns-next-turn", hook("Haven", "next_turn", no_op)),
    (
        "pearl-diver--draw-then-bottom-to-top",
        patches(hook("Pearl Diver", "cards", 0),
                hook("Pearl Diver", "on_play", pearl_diver_looks_then_draws)),
    ),
    ("pearl-diver--shuffle-when-empty", hook("Pearl Diver", "on_play", pearl_diver_never_shuffles)),
    ("navigator--all-or-none", hook("Navigator", "on_play", navigator_picks_which)),
    ("navigator--short-deck-reorder", hook("Navigator", "on_play", navigator_deck_only)),
    ("navigator--fewer-than-five", hook("Navigator", "on_play", navigator_deck_only)),
    ("lookout--last-three-cards", hook("Lookout", "on_play", lookout_trashes_top)),
    ("lookout--one-card-trashed", hook("Lookout", "on_play", lookout_short_puts_back)),
    ("lookout--two-cards-trash-and-discard", hook("Lookout", "on_play", lookout_short_puts_back)),
    ("lookout--shuffle-for-the-rest", hook("Lookout", "on_play", lookout_deck_only)),
    ("tactician--bonus-at-next-turn", hook("Tactician", "on_play", tactician_draws_now)),
    ("tactician--throne-room-bonus-once", hook("Tactician", "on_play", tactician_always_waits)),
    (
        "treasure-map--alone-trashes-itself",
        hook("Treasure Map", "on_play", treasure_map_any_trash_gains),
    ),
    (
        "treasure-map--throne-room-one-gain",
        hook("Treasure Map", "on_play", treasure_map_other_is_enough),
    ),
    (
        "treasure-map--golds-onto-empty-deck",
        hook("Treasure Map", "on_play", treasure_map_golds_to_discard),
    ),
    ("island--mat-not-shuffled", hook("Island", "on_play", island_sets_aside_other_only)),
    ("island--counts-at-game-end", hook("Island", "vp", 0)),
    ("island--counts-at-game-end", mats_not_scored),
    ("island--alone", hook("Island", "on_play", island_needs_another_card)),
    ("island--throne-room-two-cards", hook("Island", "on_play", island_needs_another_card)),
    ("island--pile-eight-two-players", hook("Island", "pile_size", 10)),
    (
        "native-village--set-aside-then-take",
        hook("Native Village", "on_play", native_village_no_shuffle),
    ),
    (
        "native-village--either-option-when-empty",
        hook("Native Village", "on_play", native_village_takes_when_deck_empty),
    ),
    ("native-village--mat-counts-at-game-end", mats_not_scored),
    (
        "ambassador--return-two-others-gain",
        hook("Ambassador", "on_play", ambassador_variant("right", 0, False)),
    ),
    (
        "ambassador--return-none",
        hook("Ambassador", "on_play", ambassador_variant("left", 1, False)),
    ),
    (
        "ambassador--empty-hand-nothing",
        hook("Ambassador", "on_play", ambassador_variant("left", 0, True)),
    ),
    (
        "pirate-ship--attack-one-token",
        hook("Pirate Ship", "on_play", pirate_ship_token_per_treasure),
    ),
    ("pirate-ship--tokens-cumulative", hook("Pirate Ship", "on_play", pirate_ship_flat_coin)),
    ("pirate-ship--short-deck-shuffle", hook("Pirate Ship", "on_play", pirate_ship_deck_only)),
    ("pirate-ship--choice-after-reactions", hook("Pirate Ship", "is_attack", False)),
    ("treasury--victory-buy-blocks-all",
     hook("Treasury", "on_discard_from_play", treasury_always_asks)),
    ("treasury--any-or-all-on-deck", hook("Treasury", "on_discard_from_play", None)),
    ("treasury--gained-victory-still-topdecks",
     hook("Treasury", "on_discard_from_play", treasury_no_victory_gained)),
    ("embargo--tokens-stack", hook("Embargo", "on_play", embargo_one_token_per_pile)),
    ("embargo--throne-room-two-piles", hook("Embargo", "on_play", embargo_nonempty_piles)),
    ("embargo--gain-without-buying", embargo_on_every_gain),
    ("smugglers--choose-among-gains",
     hook("Smugglers", "on_play", smugglers_variant(6, True, False, False))),
    ("smugglers--nothing-over-six",
     hook("Smugglers", "on_play", smugglers_variant(None, True, False, True))),
    ("smugglers--no-potion-costs",
     hook("Smugglers", "on_play", smugglers_variant(6, True, False, True))),
    ("smugglers--only-from-supply",
     hook("Smugglers", "on_play", smugglers_variant(6, False, False, True))),
    ("smugglers--after-extra-turn",
     hook("Smugglers", "on_play", smugglers_variant(6, True, True, True))),
    ("vineyard--multi-type-actions-count", hook("Vineyard", "vp_fn",
                                                vineyard_pure_actions_only)),
    ("vineyard--eleven-actions-three-vp", hook("Vineyard", "vp_fn", vineyard_rounds_up)),
    ("vineyard--pile-size-two-players", replace_pile_size("Vineyard", 12)),
    ("vineyard--pile-size-three-players", replace_pile_size("Vineyard", 8)),
    ("apprentice--potion-cost-draws-two-more", hook("Apprentice", "on_play",
                                                    apprentice_ignores_potion)),
    ("apprentice--zero-cost-or-empty-hand-draws-nothing", hook("Apprentice", "on_play",
                                                               apprentice_draws_one_anyway)),
    ("apprentice--silver-draws-three", hook("Apprentice", "on_play", apprentice_may_not_trash)),
    ("apprentice--silver-draws-three", hook("Apprentice", "actions", 0)),
    ("philosophers-stone--counts-deck-and-discard", hook("Philosopher's Stone", "on_play",
                                                         stone_counts_all_cards)),
    ("philosophers-stone--counts-deck-and-discard", hook("Philosopher's Stone", "on_play",
                                                         stone_shuffles_deck)),
    ("philosophers-stone--fixed-once-played", hook("Philosopher's Stone", "while_in_play_buy",
                                                   stone_recounts_on_buy)),
    ("philosophers-stone--counts-again-next-turn", hook("Philosopher's Stone", "on_play",
                                                        stone_counts_all_cards)),
    ("philosophers-stone--kingdom-pile", hook("Philosopher's Stone", "kind", "basic")),
    ("apothecary--draw-then-reveal-four", hook("Apothecary", "on_play",
                                               apothecary_reveals_then_draws)),
    ("apothecary--draw-then-reveal-four", hook("Apothecary", "on_play",
                                               apothecary_back_in_revealed_order)),
    ("apothecary--shuffle-for-the-rest", hook("Apothecary", "on_play", apothecary_no_shuffle)),
    ("apothecary--fewer-than-four", hook("Apothecary", "cards", 0)),
    ("scrying-pool--each-player-then-your-actions", hook(
        "Scrying Pool", "on_play", scrying_pool_core(lambda g, p, play: [*play.victims(g), p]))),
    ("scrying-pool--first-card-not-action", hook(
        "Scrying Pool", "on_play",
        scrying_pool_core(lambda g, p, play: [p, *play.victims(g)], take_non_action=False))),
    ("scrying-pool--shuffle-then-run-out", hook(
        "Scrying Pool", "on_play",
        scrying_pool_core(lambda g, p, play: [p, *play.victims(g)], shuffle=False))),
    ("golem--reveal-until-two-actions", hook("Golem", "on_play", golem_skips_no_golem)),
    ("golem--shuffle-excludes-revealed", hook("Golem", "on_play", golem_discards_as_it_goes)),
    ("golem--no-actions-found", hook("Golem", "on_play", golem_skips_no_golem)),
    ("golem--throne-room-not-from-hand", hook("Golem", "on_play", golem_found_cards_to_hand)),
    ("alchemist--topdeck-with-potion-before-drawing", hook("Alchemist", "on_discard_from_play",
                                                           None)),
    ("alchemist--topdeck-with-potion-before-drawing", hook("Alchemist", "actions", 0)),
    ("alchemist--needs-potion-in-play", hook("Alchemist", "on_discard_from_play",
                                             alchemist_without_potion)),
    ("alchemist--several-any-or-all", hook("Alchemist", "on_discard_from_play",
                                           alchemist_one_per_potion)),
    ("herbalist--buy-coin-and-topdeck-treasure", hook("Herbalist", "on_discard_from_play",
                                                      None)),
    ("herbalist--buy-coin-and-topdeck-treasure", hook("Herbalist", "buys", 0)),
    ("herbalist--alchemist-discarded-first", cleanup_in_play_order),
    ("herbalist--two-herbalists-two-treasures", hook("Herbalist", "on_discard_from_play",
                                                     herbalist_one_per_turn)),
    ("possession--possessor-decides-and-gains", hook("Possession", "on_play",
                                                     possession_plain_extra_turn)),
    ("possession--trashed-cards-return-after-cleanup", hook("Possession", "on_play",
                                                            possession_plain_extra_turn)),
    ("possession--attack-hits-possessor", hook("Possession", "on_play",
                                               possession_plain_extra_turn)),
    ("possession--possessor-reveals-moat", turn_patch("_react_to_attack",
                                                      possessor_cannot_react)),
    ("possession--outpost-turn-first", turn_patch("_next_turn", possession_before_outpost)),
    ("possession--twice-two-extra-turns", hook("Possession", "on_play",
                                               possession_not_cumulative)),
    ("possession--outpost-in-possessed-turn", turn_patch("_start_turn",
                                                         only_extra_turns_are_consecutive)),
    ("possession--outpost-after-possession-turn", turn_patch("_start_turn",
                                                             only_extra_turns_are_consecutive)),
    ("possession--possessed-player-possesses", hook("Possession", "on_play",
                                                    possession_stays_with_possessor)),
    ("possession--game-over-no-more-turns", turn_patch("_next_turn", turns_after_game_end)),
    ("possession--masquerade-passes-normally",
     turn_patch("to_hand", possessed_passes_are_gains)),
    ("possession--ambassador-returns-normally",
     turn_patch("return_to_pile", possessed_returns_are_trashes)),
    ("possession--pirate-ship-token-stays",
     hook("Pirate Ship", "on_play", pirate_ship_token_to_possessor)),
    ("possession--turns-not-counted-for-ties", turn_patch("_start_turn",
                                                          possession_turns_counted)),
    ("city--returned-pile-not-empty", city_counts_piles_that_ran_out),
    ("talisman--action-victory-no-copy", hook("Talisman", "while_in_play_buy",
                                              talisman_skips_only_pure_victory)),
    ("hoard--victory-with-other-types", hook("Hoard", "while_in_play_buy",
                                             hoard_pure_victory_only)),
    ("mint--treasure-with-other-type", hook("Mint", "on_play", mint_pure_treasures_only)),
    ("royal-seal--possessed-player-cannot-topdeck",
     turn_patch("_receive", possessed_players_gain_hooks_fire)),
    ("watchtower--possessor-reacts",
     turn_patch("_react_to_gain", possessed_player_reacts_to_gains)),
    ("trade-route--returned-cards-keep-token-on-mat",
     hook("Trade Route", "on_play", trade_route_counts_short_victory_piles)),
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
    ("harbor-village--coffers-not-coins", hook("Harbor Village", "on_play",
                                               harbor_village_counts_coffers)),
    ("shaman--first-turn-zombies", lambda mp: (
        mp.setattr(registry.card("Shaman"), "each_turn", shaman_not_on_first_turn))),
]


# --- wrong readings of the Prosperity Kingdom cards ---------------------------------------
def city_coin_for_one_empty(g, p, card, play) -> None:
    empty = sum(1 for pile in g.piles.values() if pile.supply and not pile.cards)
    if empty >= 1:
        g.draw(p, 1)
        g.coins += 1
        g.buys += 1


def bishop_others_trash_first_and_score(g, p, card, play) -> None:
    n = len(g.players)
    for k in range(1, n):
        q = g.players[(p.index + k) % n]
        for c in g.choose_from_hand(q, card.name, "Trash", min=0, max=1):
            q.vp_tokens += g.cost(c).coins // 2
            g.trash_card(q, c, q.hand, card.name)
    p.vp_tokens += 1
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        p.vp_tokens += g.cost(picked[0]).coins // 2
        g.trash_card(p, picked[0], p.hand, card.name)


def counting_house_takes_all(g, p, card, play) -> None:
    for c in [c for c in p.discard if c.name == "Copper"]:
        g.to_hand(p, c, p.discard)


def expand_up_to_four_more(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        limit = g.cost(picked[0]).plus_coins(4)
        g.trash_card(p, picked[0], p.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
        if name:
            g.gain(p, name, source=card.name)


def forge_up_to_total(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=len(p.hand))
    total = sum(g.cost(c).coins for c in picked)
    for c in picked:
        g.trash_card(p, c, p.hand, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(total))
    if name:
        g.gain(p, name, source=card.name)


def forge_needs_a_trashed_card(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=len(p.hand))
    if not picked:
        return
    forge_up_to_total(g, p, card, play)


def mountebank_always_discards_curse(g, p, card, play) -> None:
    for q in play.victims(g):
        curse = next((c for c in q.hand if c.defn.is_curse), None)
        if curse is not None:
            g.discard_card(q, curse, q.hand, card.name)
        else:
            g.gain(q, "Curse", source=card.name)
            g.gain(q, "Copper", source=card.name)


def rabble_discards_everything(g, p, card, play) -> None:
    for q in play.victims(g):
        for c in g.reveal_from_deck(q, 3, card.name):
            g.discard_card(q, c, q.set_aside, card.name)


def vault_draw_for_any_discard(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard", min=0, max=len(p.hand))
    for c in picked:
        g.discard_card(p, c, p.hand, card.name)
    g.coins += len(picked)
    n = len(g.players)
    for k in range(1, n):
        q = g.players[(p.index + k) % n]
        if q.hand and g.yes_no(q, card.name, "Discard 2?"):
            m = min(2, len(q.hand))
            for c in g.choose_from_hand(q, card.name, "Discard", min=m, max=m):
                g.discard_card(q, c, q.hand, card.name)
            g.draw(q, 1)


def bank_counts_other_treasures(g, p, card, play) -> None:
    g.coins += sum(1 for c in p.in_play if c.defn.is_treasure and c is not card)


def loan_always_discards(g, p, card, play) -> None:
    while True:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        g.discard_card(p, one[0], p.set_aside, card.name)
        if one[0].defn.is_treasure:
            break


def venture_adds_coins_only(g, p, card, play) -> None:
    while True:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            return
        if one[0].defn.is_treasure:
            g.coins += one[0].defn.coins
            p.set_aside.remove(one[0])
            p.in_play.append(one[0])
            return
        g.discard_card(p, one[0], p.set_aside, card.name)


def grand_market_copper_in_hand(g, p) -> str | None:
    if any(c.name == "Copper" for c in p.in_play + p.hand):
        return "Copper"
    return None


def talisman_copies_victory_too(g, p, talisman, bought) -> None:
    if g.cost(bought).at_most(Cost(4)):
        g.gain(p, bought.name, source=talisman.name)


def talisman_gains_before_the_bought_card(g, p, talisman, bought) -> None:
    if not bought.defn.is_victory and g.cost(bought).at_most(Cost(4)):
        g.gain(p, bought.name, source=talisman.name)


def quarry_not_cumulative(g, d, c):
    if d.is_action and any(x.name == "Quarry" for x in g.players[g.current].in_play):
        return c.plus_coins(-2)
    return c


def peddler_counts_plays(g, d, c):
    if d.name != "Peddler" or g.phase != "buy":
        return c
    return c.plus_coins(-2 * sum(1 for x in g.played_this_turn if x.defn.is_action))


def mint_trashes_hand_treasures_too(g, p, card) -> None:
    for zone in (p.in_play, p.hand):
        for c in [c for c in zone if c.defn.is_treasure]:
            g.trash_card(p, c, zone, card.name)


def trade_route_per_victory_card(g, p, card, play) -> None:
    g.coins += sum(1 for _, c in g.gained_this_turn if c.defn.is_victory)
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)


CASES += [
    ("monument--vp-token-and-coins", hook("Monument", "on_play", no_op)),
    ("workers-village--card-actions-buy", hook("Worker's Village", "buys", 0)),
    ("city--one-empty-pile", hook("City", "on_play", city_coin_for_one_empty)),
    ("city--three-empty-piles", hook("City", "on_play", no_op)),
    ("bishop--trash-then-others-may", hook("Bishop", "on_play",
                                           bishop_others_trash_first_and_score)),
    ("counting-house--coppers-from-discard", hook("Counting House", "on_play",
                                                  counting_house_takes_all)),
    ("expand--up-to-three-more", hook("Expand", "on_play", expand_up_to_four_more)),
    ("forge--exact-total", hook("Forge", "on_play", forge_up_to_total)),
    ("forge--trash-nothing", hook("Forge", "on_play", forge_needs_a_trashed_card)),
    ("mountebank--curse-or-curse-and-copper", hook("Mountebank", "on_play",
                                                    mountebank_always_discards_curse)),
    ("rabble--discard-actions-treasures", hook("Rabble", "on_play", rabble_discards_everything)),
    ("vault--others-discard-two-draw-one", hook("Vault", "on_play", vault_draw_for_any_discard)),
    ("goons--token-per-buy", hook("Goons", "while_in_play_buy", None)),
    ("bank--played-first-worth-one", hook("Bank", "on_play", bank_counts_other_treasures)),
    ("loan--trash-found-treasure", hook("Loan", "on_play", loan_always_discards)),
    ("venture--plays-found-treasure", hook("Venture", "on_play", venture_adds_coins_only)),
    ("grand-market--copper-in-play-forbids", hook("Grand Market", "buy_forbidden", None)),
    ("grand-market--copper-in-hand-is-fine", hook("Grand Market", "buy_forbidden",
                                                   grand_market_copper_in_hand)),
    ("talisman--victory-or-expensive-no-copy", hook("Talisman", "while_in_play_buy",
                                                     talisman_copies_victory_too)),
    ("talisman--last-copy", hook("Talisman", "while_in_play_buy",
                                 talisman_gains_before_the_bought_card)),
    ("quarry--cumulative-any-action", hook("Quarry", "cost_modifier", quarry_not_cumulative)),
    ("peddler--kings-court-two-actions", hook("Peddler", "cost_modifier", peddler_counts_plays)),
    ("royal-seal--topdeck-each-gain", hook("Royal Seal", "while_in_play_gain", None)),
    ("mint--buy-trashes-treasures-in-play", hook("Mint", "on_buy",
                                                 mint_trashes_hand_treasures_too)),
    ("mint--royal-seal-gone", hook("Mint", "on_buy", None)),
    ("contraband--named-card-not-buyable", hook("Contraband", "on_play", no_op)),
    ("trade-route--tokens-and-coins", hook("Trade Route", "on_play",
                                           trade_route_per_victory_card)),
    # Guilds
    ("candlestick-maker--action-buy-token", hook("Candlestick Maker", "on_play", no_op)),
    ("baker--draw-action-token", hook("Baker", "on_play", no_op)),
    ("baker--setup-coin-token", hook("Baker", "setup_coffers", 0)),
    ("baker--black-market-setup-token", setup_coffers_ignore_black_market),
    ("plaza--discard-drawn-treasure", plaza_discards_before_drawing),
    ("plaza--no-discard-no-token", hook("Plaza", "on_play", plaza_token_anyway)),
    ("plaza--harem-is-treasure", hook("Plaza", "on_play", plaza_pure_treasures_only)),
    ("merchant-guild--throne-room-one-token", hook("Merchant Guild", "while_in_play_buy",
                                                   merchant_guild_token_per_play)),
    ("merchant-guild--two-in-play", hook("Merchant Guild", "while_in_play_buy", no_op)),
    ("masterpiece--overpay-silvers", hook("Masterpiece", "on_overpay", masterpiece_one_silver)),
    ("soothsayer--curses-run-out", hook("Soothsayer", "on_play", soothsayer_everyone_draws)),
    ("soothsayer--curses-run-out", hook("Soothsayer", "on_play", soothsayer_optional_gold)),
    ("soothsayer--watchtower-still-draws", hook("Soothsayer", "on_play",
                                                soothsayer_kept_curse_only)),
    ("advisor--left-player-chooses", hook("Advisor", "on_play", advisor_self_chooses)),
    ("advisor--short-deck-shuffle", hook("Advisor", "on_play", advisor_no_shuffle)),
    ("journeyman--skip-named-card", hook("Journeyman", "on_play", journeyman_reveals_three)),
    ("journeyman--shuffle-then-stop", hook("Journeyman", "on_play", journeyman_no_shuffle)),
    ("taxman--silver-to-gold-on-deck", hook("Taxman", "on_play", _taxman_variant(min_hand=0))),
    ("taxman--silver-to-gold-on-deck", hook("Taxman", "on_play", _taxman_variant(to="discard"))),
    ("taxman--harem-is-treasure", hook("Taxman", "on_play", _taxman_variant(pure=True))),
    ("taxman--cheaper-treasure-must-gain", hook("Taxman", "on_play",
                                                _taxman_variant(optional_gain=True))),
    ("stonemason--gold-to-duchy-and-silver", hook("Stonemason", "on_play", stonemason_up_to)),
    ("stonemason--gains-one-at-a-time", hook("Stonemason", "on_play",
                                             stonemason_chooses_both_first)),
    ("stonemason--overpay-two-actions", hook("Stonemason", "on_overpay",
                                             stonemason_overpay_up_to)),
    ("stonemason--overpay-with-potion", hook("Stonemason", "on_overpay",
                                             stonemason_overpay_coins_only)),
    ("stonemason--no-overpay-no-ruins", overpay_hook_even_without_overpay),
    ("butcher--estate-to-province", hook("Butcher", "on_play", _butcher_variant(pay_first=True))),
    ("butcher--estate-to-province", hook("Butcher", "on_play", _butcher_variant(coins=True))),
    ("butcher--no-trash-keeps-tokens", hook("Butcher", "on_play",
                                            _butcher_variant(tokens_only_if_trashed=True))),
    ("doctor--short-deck-shuffle", hook("Doctor", "on_play", doctor_trashes_one_match)),
    ("doctor--trash-matches-reorder", hook("Doctor", "on_play", doctor_keeps_order)),
    ("doctor--overpay-look-each-time", hook("Doctor", "on_overpay",
                                            doctor_overpay_looks_at_n_cards)),
    ("doctor--overpay-shuffle-includes-discarded", hook("Doctor", "on_overpay",
                                                        doctor_overpay_no_shuffle)),
    ("herald--plays-revealed-action", hook("Herald", "on_play", _herald_variant(optional=True))),
    ("herald--plays-revealed-action", hook("Herald", "on_play",
                                           _herald_variant(uses_action=True))),
    ("herald--plays-wharf-herald-discarded", hook("Herald", "on_play",
                                                  _herald_variant(kept_by_herald=True))),
    ("herald--overpay-topdeck-any-order", hook("Herald", "on_overpay", herald_overpay_optional)),
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


# --- Promos --------------------------------------------------------------------------------
def envoy_self_chooses(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 5, card.name)
    if revealed:
        [out] = g.choose_cards(p, card.name, "Discard one", revealed)
        g.discard_card(p, out, p.set_aside, card.name)
        for c in [c for c in revealed if c is not out]:
            g.to_hand(p, c, p.set_aside)


def envoy_no_shuffle(g, p, card, play) -> None:
    revealed = list(reversed(p.deck[-5:]))
    for c in revealed:
        g.set_aside(p, c, p.deck)
    if revealed:
        left = g.players[(p.index + 1) % len(g.players)]
        [out] = g.choose_cards(left, card.name, "Discard one", revealed)
        g.discard_card(p, out, p.set_aside, card.name)
        for c in [c for c in revealed if c is not out]:
            g.to_hand(p, c, p.set_aside)


def envoy_discards_only_from_five(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 5, card.name)
    if len(revealed) == 5:
        left = g.players[(p.index + 1) % len(g.players)]
        [out] = g.choose_cards(left, card.name, "Discard one", revealed)
        g.discard_card(p, out, p.set_aside, card.name)
    for c in [c for c in revealed if c in p.set_aside]:
        g.to_hand(p, c, p.set_aside)


def stash_copies_placed_together(g, p, cards) -> None:
    stashes = [c for c in cards if c.name == "Stash"]
    rest = [c for c in cards if c.name != "Stash"]
    if stashes and rest:
        size = len(rest) + 1
        where = g.choose_option(p, "Stash", "Where?", [(str(i), str(i))
                                                       for i in range(1, size + 1)])
        cards[:] = rest[:size - int(where)] + stashes + rest[size - int(where):]


def _black_market_variant(*, uses_buy: bool = False, treasures: bool = True,
                          keeps_leftover: bool = True, coins_if_bought: bool = False,
                          unbought_on_top: bool = False):  # type: ignore[no-untyped-def]
    """Black Market read wrongly: the buy takes a Buy and the Buy phase, Treasures may
    not be played for it, leftover coins are lost, +2 coins only with a buy, or the
    unbought cards go back on top. (Played with the card's +2 coins set to 0.)"""

    def on_play(g, p, card, play) -> None:
        if not coins_if_bought:
            g.coins += 2
        revealed = g.black_market[:3]
        bought = None
        while revealed:
            opts = [("no", "no")] + [(f"buy:{c.name}", c.name) for c in revealed
                                     if g.buy_refusal(p, c) is None]
            names_ = sorted({c.name for c in p.hand if c.defn.is_treasure}) if treasures else []
            if names_:
                opts += [("play_all_treasures", "all")] + [(f"play:{n}", n) for n in names_]
            if len(opts) == 1:
                break
            answer = g.choose_option(p, card.name, "Buy?", opts)
            if answer == "no":
                break
            if answer.startswith("buy:"):
                bought = next(c for c in revealed if c.name == answer[4:])
                g.buy_card_object(p, bought, g.black_market, card.name)
                if uses_buy:
                    g.buys -= 1
                    g._set_phase("buy")
                if not keeps_leftover:
                    g.coins = 0
                break
            playing = [c for c in p.hand if c.defn.is_treasure
                       and (answer == "play_all_treasures" or c.name == answer[5:])]
            for c in playing[: None if answer == "play_all_treasures" else 1]:
                g.play_card(p, c, p.hand)
        if coins_if_bought and bought is not None:
            g.coins += 2
        rest = [c for c in revealed if c is not bought]
        rest = g.order_cards(p, card.name, "Bottom", rest) if rest else []
        for c in rest:
            g.black_market.remove(c)
            if unbought_on_top:
                g.black_market.insert(0, c)
            else:
                g.black_market.append(c)

    def apply(mp: pytest.MonkeyPatch) -> None:
        hook("Black Market", "coins", 0)(mp)
        hook("Black Market", "on_play", on_play)(mp)

    return apply


def black_market_deck_also_in_supply(ctx) -> None:
    names = list(ctx.options.get("black_market") or ())
    for n in names:
        ctx.add_pile(n, 10, supply=True, kingdom=True)
    ctx.landscape["black_market"] = names


def trade_route_kingdom_only(ctx) -> None:
    if "Trade Route" in ctx.kingdom:
        ctx.landscape["trade_route"] = sorted(
            name for name, (cards, supply, _) in ctx.piles.items()
            if supply and cards and registry.card(cards[-1]).is_victory)


def black_market_deck_counts_for_game_end(mp: pytest.MonkeyPatch) -> None:
    from engine.game import Game

    def wrong(game) -> bool:
        empty = sum(1 for p in game.piles.values() if p.supply and not p.cards)
        if not game.black_market and "Black Market" in game.piles:
            empty += 1
        return not game.piles["Province"].cards or empty >= 3

    mp.setattr(Game, "game_should_end", wrong)


def peddler_cheaper_in_any_phase(g, d, c):
    if d.name != "Peddler":
        return c
    n = sum(1 for x in g.players[g.current].in_play if x.defn.is_action)
    return c.plus_coins(-2 * n)


def smugglers_takes_the_gained_card(g, p, card, play) -> None:
    right = g.players[(p.index - 1) % len(g.players)]
    for c in g.gained_last_turn.get(right.index, []):
        for zone in (right.discard, right.hand, right.deck):
            if c in zone and g.cost(c).at_most(Cost(6)):
                g.gain_card_object(p, c, zone, source=card.name)
                return


CASES += [
    ("black-market--buy-in-action-phase", _black_market_variant(uses_buy=True)),
    ("black-market--buy-in-action-phase", _black_market_variant(treasures=False)),
    ("black-market--extra-coins-to-buy-phase", _black_market_variant(keeps_leftover=False)),
    ("black-market--treasures-without-buying", _black_market_variant(coins_if_bought=True)),
    ("black-market--treasures-without-buying", _black_market_variant(unbought_on_top=True)),
    ("black-market--empty-deck", _black_market_variant(coins_if_bought=True)),
    ("black-market--deck-not-a-supply-pile", black_market_deck_counts_for_game_end),
    ("black-market--agreed-deck-outside-supply", replace_setup_rule(
        engine_setup._rule_black_market, black_market_deck_also_in_supply)),
    ("black-market--default-deck-fifteen", lambda mp: mp.setattr(
        engine_setup, "BLACK_MARKET_SIZE", 10)),
    ("peddler--black-market-costs-eight", hook("Peddler", "cost_modifier",
                                               peddler_cheaper_in_any_phase)),
    ("smugglers--black-market-gain-no-copy", hook("Smugglers", "on_play",
                                                  smugglers_takes_the_gained_card)),
    ("trade-route--black-market-victory-not-counted", hook("Trade Route", "on_play",
                                                           trade_route_per_victory_card)),
    ("trade-route--in-black-market-deck-tokens", replace_setup_rule(
        engine_setup._rule_trade_route, trade_route_kingdom_only)),
    ("stash--placed-on-shuffle", hook("Stash", "on_shuffle", None)),
    ("stash--cleanup-shuffle-to-bottom", hook("Stash", "on_shuffle", None)),
    ("stash--two-copies-spread", hook("Stash", "on_shuffle", stash_copies_placed_together)),
    ("stash--worth-two-coins", hook("Stash", "coins", 1)),
    ("envoy--left-player-chooses", hook("Envoy", "on_play", envoy_self_chooses)),
    ("envoy--short-deck-shuffle", hook("Envoy", "on_play", envoy_no_shuffle)),
    ("envoy--fewer-than-five", hook("Envoy", "on_play", envoy_discards_only_from_five)),
    ("shepherd--discard-three-draw-six", hook("Shepherd", "on_play", shepherd_draws_two_flat)),
    ("shepherd--pasture-replaces-a-copper", hook("Shepherd", "heirloom", None)),
    ("pasture--one-vp-per-estate", hook("Pasture", "vp_fn", pasture_counts_estates_in_deck)),
    ("night-watchman--look-five-discard-reorder", hook("Night Watchman", "on_play",
                                                       night_watchman_keeps_order)),
    ("night-watchman--look-five-discard-reorder", hook("Night Watchman", "gain_to", None)),
    ("ghost-town--next-turn-card-and-action", hook("Ghost Town", "next_turn",
                                                   ghost_town_card_only)),
    ("monastery--three-gains-any-combination", hook("Monastery", "on_play",
                                                    monastery_hand_only)),
    ("devils-workshop--counts-night-gains", hook("Devil's Workshop", "on_play",
                                                 devils_workshop_counts_buys_only)),
    ("devils-workshop--bought-cards-count", hook("Devil's Workshop", "on_play",
                                                 devils_workshop_ignores_buys)),
    ("imp--plays-action-not-in-play", hook("Imp", "on_play",
                                           imp_excludes_cards_played_this_turn)),
    ("conclave--plays-action-not-in-play", hook("Conclave", "on_play", conclave_no_action)),
    ("tragic-hero--eight-cards-trash-and-gain", hook("Tragic Hero", "on_play",
                                                     tragic_hero_gains_only_if_trashed)),
    ("tragic-hero--eight-cards-trash-and-gain", hook("Tragic Hero", "on_play",
                                                     tragic_hero_counts_before_drawing)),
    ("cobbler--gain-to-hand-next-turn", hook("Cobbler", "next_turn", cobbler_gains_to_discard)),
    ("raider--discard-a-copy-or-reveal", hook("Raider", "on_play", raider_hits_every_hand)),
    ("zombie-apprentice--trash-action-for-cards", hook("Zombie Apprentice", "on_play",
                                                       zombie_apprentice_action_anyway)),
    ("zombie-mason--optional-gain-up-to-one-more", hook("Zombie Mason", "on_play",
                                                        zombie_mason_must_gain)),
    ("zombie-mason--optional-gain-up-to-one-more", hook("Zombie Mason", "on_play",
                                                        zombie_mason_strictly_cheaper)),
    ("zombie-spy--draw-then-look", zombie_spy_looks_before_drawing),
    ("guardian--attacks-miss-until-next-turn", hook("Guardian", "shields", False)),
    ("crypt--one-treasure-each-turn", crypt_all_at_once),
    ("faithful-hound--cellar-then-end-of-turn", hook("Faithful Hound", "on_discard",
                                                     hound_set_aside_to_discard_at_end)),
    ("faithful-hound--discarded-from-deck", hound_only_from_hand),
    ("faithful-hound--discarded-to-militia", hook("Faithful Hound", "on_discard", None)),
    ("ghost--plays-action-twice-next-turn", ghost_plays_once),
    ("ghost--duration-and-self-trashing", ghost_second_play_needs_the_card),
    ("will-o-wisp--cheap-card-to-hand", hook("Will-o'-Wisp", "on_play",
                                             will_o_wisp_compares_coins_only)),
    ("exorcist--cheaper-spirit", hook("Exorcist", "on_play", exorcist_same_or_cheaper)),
    ("cemetery--gain-trashes-haunted-mirror", hook("Cemetery", "on_gain",
                                                   cemetery_trashes_up_to_two)),
    ("cemetery--gain-trashes-haunted-mirror", hook("Haunted Mirror", "on_trash", None)),
    ("cemetery--haunted-mirror-and-pasture-replace-coppers", hook("Cemetery", "heirloom", None)),
    ("secret-cave--fewer-than-three-cards", hook("Secret Cave", "on_play",
                                                 secret_cave_bonus_for_any_discard)),
    ("secret-cave--discard-three-for-coins-next-turn", hook("Secret Cave", "next_turn",
                                                            lambda g, p, card: None)),
    ("secret-cave--magic-lamp-replaces-copper", hook("Secret Cave", "heirloom", None)),
    ("magic-lamp--copies-do-not-count", hook("Magic Lamp", "on_play",
                                             magic_lamp_counts_card_names)),
    ("magic-lamp--six-single-copies", hook("Magic Lamp", "coins", 0)),
    ("wish--return-then-gain-to-hand", hook("Wish", "on_play", wish_gains_every_play)),
    ("necromancer--plays-from-trash-face-down", hook("Necromancer", "on_play",
                                                     necromancer_ignores_face_down)),
    ("necromancer--cards-that-move-themselves", hook("Necromancer", "on_play",
                                                     necromancer_moves_it_into_play)),
    ("changeling--goes-to-discard-after-gain-effects", hook("Changeling", "on_any_gain",
                                                            changeling_exchange_in_place)),
    ("changeling--cost-three-or-more-now", hook("Changeling", "on_any_gain",
                                                changeling_printed_cost)),
    ("changeling--exchange-a-bought-card", hook("Changeling", "on_any_gain", None)),
    ("changeling--copy-of-a-card-in-play", hook("Changeling", "on_play",
                                                changeling_copies_this_turns_cards)),
    ("bard--receives-the-top-boon", hook("Bard", "coins", 0)),
    ("bard--receives-the-top-boon", hook("Bard", "on_play", no_op)),
    ("the-skys-gift--three-cards-one-gold", _boon_patch("The Sky's Gift",
                                                        on_receive=skys_gift_gold_per_card)),
    ("the-skys-gift--fewer-than-three", _boon_patch("The Sky's Gift",
                                                    on_receive=skys_gift_gold_for_any_discard)),
    ("the-moons-gift--empty-discard", _boon_patch("The Moon's Gift",
                                                  on_receive=moons_gift_asks_even_when_empty)),
    ("the-rivers-gift--draw-after-new-hand", _boon_patch("The River's Gift",
                                                         on_receive=rivers_gift_draws_at_once)),
    ("the-rivers-gift--draw-after-new-hand", _boon_patch("The River's Gift", keep=False)),
    ("sample-turn--averys-turn", _boon_patch("The Forest's Gift", keep=False)),
    ("sacred-grove--coin-boons-not-shared", hook("Sacred Grove", "on_play",
                                                 sacred_grove_shares_everything)),
    ("sacred-grove--others-may-receive", hook("Sacred Grove", "on_play",
                                              sacred_grove_others_must_receive)),
    ("sacred-grove--rivers-gift-shared", hook("Sacred Grove", "on_play",
                                              sacred_grove_others_must_receive)),
    ("idol--odd-boon-even-curse", hook("Idol", "on_play", idol_counts_idols_played)),
    ("pixie--trash-to-receive-twice", hook("Pixie", "on_play", pixie_receives_once)),
    ("pixie--goat-replaces-copper", hook("Pixie", "heirloom", None)),
    ("goat--trash-is-optional", hook("Goat", "on_play", goat_must_trash)),
    ("tracker--gains-onto-deck", hook("Tracker", "on_any_gain", tracker_only_bought)),
    ("tracker--pouch-replaces-copper", hook("Tracker", "heirloom", None)),
    ("pouch--coin-and-buy", hook("Pouch", "buys", 0)),
    ("fool--takes-lost-in-the-woods-and-three-boons", hook(
        "Fool", "on_play", fool_even_with_lost_in_the_woods)),
    ("lost-in-the-woods--optional-each-turn-until-taken", hook(
        "Fool", "on_play", fool_leaves_the_state_with_its_holder)),
    ("lost-in-the-woods--optional-each-turn-until-taken", _boon_patch(
        "Lost in the Woods", start_of_turn=lost_in_the_woods_must_discard)),
    ("fool--lucky-coin-replaces-copper", hook("Fool", "heirloom", None)),
    ("lucky-coin--gain-silver-if-played", hook("Lucky Coin", "on_play", no_op)),
    ("skulk--each-other-player-same-hex", hook("Skulk", "on_play", skulk_hex_per_player)),
    ("skulk--gold-however-gained", hook("Skulk", "on_gain", None)),
    ("deluded--no-action-buys-this-turn", _boon_patch(
        "Deluded", start_of_buy=deluded_returned_but_harmless)),
    ("leprechaun--hex-before-buy-phase", _boon_patch(
        "Deluded", start_of_buy=deluded_returned_but_harmless)),
    ("leprechaun--seven-in-play-gains-a-wish", hook("Leprechaun", "on_play",
                                                    leprechaun_counts_played)),
    ("envious--silver-and-gold-make-one", envious_all_treasures),
    ("envy--not-if-already-deluded", _boon_patch("Envy", on_receive=envy_replaces_deluded)),
    ("famine--actions-discarded-rest-shuffled-in", _boon_patch(
        "Famine", on_receive=famine_discards_everything)),
    ("fear--action-or-treasure-else-reveal", _boon_patch(
        "Fear", on_receive=fear_reveal_if_no_action)),
    ("locusts--cheaper-card-sharing-a-type", _boon_patch(
        "Locusts", on_receive=locusts_same_cost_any_type)),
    ("misery--miserable-then-twice", _boon_patch("Misery", on_receive=misery_always_flips)),
    ("misery--miserable-then-twice", _boon_patch("Twice Miserable", vp=-2)),
    ("war--trash-three-or-four", _boon_patch("War", on_receive=war_trashes_first_non_copper)),
    ("bad-omens--two-coppers-on-deck", _boon_patch("Bad Omens",
                                                   on_receive=bad_omens_keeps_the_deck)),
    ("cursed-village--draw-to-six", hook("Cursed Village", "on_play",
                                         cursed_village_draws_six)),
    ("cursed-village--hex-when-gained", hook("Cursed Village", "on_gain", None)),
    ("tormentor--imp-or-hex", hook("Tormentor", "on_play", tormentor_counts_played_cards)),
    ("tormentor--previous-turn-duration-counts", hook("Tormentor", "on_play",
                                                      tormentor_ignores_old_durations)),
    ("vampire--hex-gain-then-bat", hook("Vampire", "on_play", vampire_bat_in_place)),
    ("bat--trash-then-vampire", hook("Bat", "on_play", bat_needs_a_vampire_to_trash)),
    ("werewolf--action-or-night", hook("Werewolf", "on_play", werewolf_always_draws)),
    ("pooka--cursed-gold-heirloom", hook("Pooka", "on_play", pooka_any_treasure)),
    ("pooka--cursed-gold-heirloom", hook("Cursed Gold", "on_play", no_op)),
    ("pooka--cursed-gold-replaces-copper", hook("Pooka", "heirloom", None)),
    ("blessed-village--boon-now-or-next-turn", hook("Blessed Village", "on_gain",
                                                    blessed_village_always_now)),
    ("druid--three-set-aside-boons", hook("Druid", "on_play", druid_discards_its_boon)),
    ("druid--set-aside-at-setup", replace_setup_rule(engine_setup._rule_boons,
                                                     no_druid_set_aside)),
    ("hexes--reshuffle-when-empty", landscape_decks_never_reshuffle),
    ("boons--reshuffle-when-empty", landscape_decks_never_reshuffle),
    ("durations--throne-room-on-secret-cave", throne_room_leaves_play_at_once),
    ("components--piles-and-decks", hook("Imp", "pile_size", 10)),
    ("components--all-heirlooms-six-players", hook("Pooka", "heirloom", None)),
    ("den-of-sin--gained-to-hand-night", hook("Den of Sin", "gain_to", None)),
    ("necromancer--tracker-from-trash-not-in-play", hook("Tracker", "on_any_gain",
                                                         tracker_counts_the_trash)),
    ("leprechaun--hex-before-buy-phase", _boon_patch("Delusion",
                                                     on_receive=delusion_takes_envious)),
    ("vampire--hex-gain-then-bat", exchange_counts_as_gain),
    ("necromancer--zombies-start-in-trash", replace_setup_rule(engine_setup._rule_zombies,
                                                               no_zombies)),
    ("idol--counterfeit-counts-idols-in-play",
     hook("Idol", "on_play", idol_counts_plays_this_turn)),
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
    ("journey--extra-turn-not-for-tiebreaker", turn_patch("_start_turn", extra_turns_counted)),
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


