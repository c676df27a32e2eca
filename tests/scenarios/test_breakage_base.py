"""Each sampled Dominion scenario fails when the card behaviour it demonstrates is broken.

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
from engine.cost import Cost


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


def workshop_compares_coins_only(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", pred=lambda d: d.cost.coins <= 4)
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
    ("province--pile-sizes-three-players", curses_always_ten),
    ("gardens--pile-size-three-players", victory_kingdom_piles_of_ten),
    ("workshop--cannot-gain-potion-cost", hook("Workshop", "on_play",
                                               workshop_compares_coins_only)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
