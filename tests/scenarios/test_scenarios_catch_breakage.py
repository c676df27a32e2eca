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

