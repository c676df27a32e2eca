"""Hinterlands (first edition): many abilities trigger on gaining or buying a card.

The sources hold no FAQ for the set, so each card is written from its printed
text (``corpus/catalogue/hinterlands.yaml``) and demonstrated by card-text
scenarios, not rulings. The hooks used: ``on_gain`` (the gained card itself:
Border Village, Embassy, Ill-Gotten Gains, Inn, Cache), ``on_buy`` (Farmland),
``while_in_play_buy`` (Haggler), ``cost_modifier`` (Highway), a
:class:`~engine.triggers.GainRule` ("in games using this": Duchess) and
``on_any_gain`` for a Reaction to another player's gain (Fool's Gold).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.cost import Cost
from engine.decisions import Decision, DecisionKind, Option
from engine.registry import register
from engine.triggers import GainRule

if TYPE_CHECKING:
    from engine.primitives import GameBase as Game
    from engine.primitives import Play
    from engine.state import Player

SET = "hinterlands"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _others_from_left(g: Game, p: Player) -> list[Player]:
    """The other players in turn order, starting with the one to ``p``'s left."""
    n = len(g.players)
    return [g.players[(p.index + k) % n] for k in range(1, n)]


def _cheaper(g: Game, limit: Cost) -> Callable[[CardDef], bool]:
    """A Supply test: costs less than ``limit`` (up to it in every part, and not equal)."""
    return lambda d: g.cost(d).at_most(limit) and g.cost(d) != limit


def _plays_of(g: Game, name: str) -> int:
    """How many times a card of this name was played this turn (this play included)."""
    return sum(1 for c in g.played_this_turn if c.name == name)


def _cache_gained(g: Game, p: Player, card: Card) -> None:
    """However it was gained (bought or not), gain two Coppers."""
    for _ in range(2):
        g.gain(p, "Copper", source=card.name)


CACHE = register(CardDef("Cache", 5, ("Treasure",), set_name=SET, coins=3,
                         on_gain=_cache_gained))


# --- Border Village: when gained, gain a card costing less than Border Village costs
# now (Highway, Bridge lower both); not optional, so a forced choice is not asked.
def _border_village_gained(g: Game, p: Player, card: Card) -> None:
    name = g.choose_supply(p, card.name, "Gain a card costing less than Border Village",
                           pred=_cheaper(g, g.cost(card)))
    if name:
        g.gain(p, name, source=card.name)


BORDER_VILLAGE = _k("Border Village", 6, ("Action",), cards=1, actions=2,
                    on_gain=_border_village_gained)


# --- Cartographer: look at the top 4 (shuffling for the rest, without the cards looked
# at), discard any of them, put the others back in any order.
def _cartographer(g: Game, p: Player, card: Card, play: Play) -> None:
    seen = g.reveal_from_deck(p, 4, card.name, look=True)
    if not seen:
        return
    for c in g.choose_cards(p, card.name, "Discard any number of them", seen,
                            min=0, max=len(seen)):
        g.discard_card(p, c, p.set_aside, card.name)
    rest = [c for c in seen if c in p.set_aside]
    for c in g.order_cards(p, card.name, "Order to put back (last is the new top)", rest):
        g.topdeck(p, c, p.set_aside, card.name)


CARTOGRAPHER = _k("Cartographer", 5, ("Action",), cards=1, actions=1, on_play=_cartographer)


# --- Crossroads: reveal the hand, +1 Card per Victory card in it; +3 Actions only for
# the first Crossroads play of the turn (a Throne Room's second play is not the first).
def _crossroads(g: Game, p: Player, card: Card, play: Play) -> None:
    g.reveal(p, list(p.hand), card.name)
    victories = sum(1 for c in p.hand if c.defn.is_victory)
    if victories:
        g.draw(p, victories)
    if _plays_of(g, card.name) == 1:
        g.actions += 3


CROSSROADS = _k("Crossroads", 2, ("Action",), on_play=_crossroads)


# --- Develop: trash a card from hand (not optional); gain one costing exactly 1 more
# and one exactly 1 less, onto the deck, in the order the player picks (the second
# gained ends on top). A card costing 0 has nothing costing 1 less.
def _develop(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    base = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    targets = {"more": base.plus_coins(1)}
    if base.coins >= 1:
        targets["less"] = Cost(base.coins - 1, base.potion, base.debt)
    able = [k for k, cost in targets.items() if _supply_has(g, cost)]
    if len(able) == 2 and g.choose_option(
        p, card.name, "Which card do you gain first (the second ends on top)?",
        [("more", "the card costing 1 more"), ("less", "the card costing 1 less")],
    ) == "less":
        able.reverse()
    for key in able:
        target = targets[key]
        name = g.choose_supply(p, card.name, f"Gain a card costing exactly {target.coins}",
                               pred=lambda d, t=target: g.cost(d) == t)
        if name:
            g.gain(p, name, to="deck", source=card.name)


def _supply_has(g: Game, cost: Cost) -> bool:
    return any(pile.supply and pile.top is not None and g.cost(pile.top) == cost
               for pile in g.piles.values())


DEVELOP = _k("Develop", 3, ("Action",), on_play=_develop)


# --- Duchess: +2 coins; each player, from its player on, looks at their own top card
# and decides for themselves to discard it or put it back. In games using Duchess,
# whoever gains a Duchy may gain a Duchess (one of that gain's when-gain effects).
def _duchess(g: Game, p: Player, card: Card, play: Play) -> None:
    for q in [p, *_others_from_left(g, p)]:
        top = g.peek_top(q)
        if top is None:
            continue
        g.log("look", q, (top,), card.name)
        if g.choose_option(q, card.name, f"Your top card is {top.name}",
                           [("discard", "discard it"), ("keep", "put it back")],
                           context={"card": top.name}) == "discard":
            g.discard_card(q, top, q.deck, card.name)


def _duchy_gained(g: Game, gainer: Player, gained: Card) -> bool:
    pile = g.piles.get("Duchess")
    return gained.name == "Duchy" and pile is not None and pile.top is not None


def _gain_duchess(g: Game, gainer: Player, gained: Card) -> None:
    if g.yes_no(gainer, "Duchess", "You gained a Duchy: gain a Duchess?"):
        g.gain(gainer, "Duchess", source="Duchess")


DUCHESS = _k("Duchess", 2, ("Action",), coins=2, on_play=_duchess,
             gain_rule=GainRule(_duchy_gained, _gain_duchess))


# --- Embassy: +5 Cards, discard 3 (as many as possible); when gained, each other
# player gains a Silver, in turn order from the gainer's left.
def _embassy(g: Game, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard 3 cards", min=3, max=3):
        g.discard_card(p, c, p.hand, card.name)


def _embassy_gained(g: Game, p: Player, card: Card) -> None:
    for q in _others_from_left(g, p):
        g.gain(q, "Silver", source=card.name)


EMBASSY = _k("Embassy", 5, ("Action",), cards=5, on_play=_embassy, on_gain=_embassy_gained)


# --- Farmland: 2 VP; when bought (not otherwise gained), trash a card from hand (not
# optional) and gain one costing exactly 2 more than it (costs read now).
def _farmland_bought(g: Game, p: Player, card: Card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    target = g.cost(picked[0]).plus_coins(2)
    g.trash_card(p, picked[0], p.hand, card.name)
    name = g.choose_supply(p, card.name, "Gain a card costing exactly 2 more",
                           pred=lambda d: g.cost(d) == target)
    if name:
        g.gain(p, name, source=card.name)


FARMLAND = _k("Farmland", 6, ("Victory",), vp=2, on_buy=_farmland_bought)


# --- Fool's Gold: worth 1 for the turn's first Fool's Gold play, 4 for each later one.
# When another player gains a Province, its holder may trash it from hand to gain a Gold
# onto their deck (each Fool's Gold separately), players from the gainer's left.
def _fools_gold(g: Game, p: Player, card: Card, play: Play) -> None:
    g.coins += 1 if _plays_of(g, card.name) == 1 else 4


def _fools_gold_react(g: Game, gainer: Player, gained: Card, zone: list[Card]) -> None:
    if gained.name != "Province":
        return
    for q in _others_from_left(g, gainer):
        while True:
            golds = [c for c in q.hand if c.name == "Fool's Gold"]
            if not golds:
                break
            [choice] = g.decide(Decision(
                DecisionKind.REACT, q.index, gained.name,
                f"{gainer.name} gained a Province: trash a Fool's Gold to gain a Gold "
                "onto your deck?",
                [Option(golds[0].name, "trash it", golds[0]), Option("no", "keep it")],
                context={"event": "gain"},
            ))
            if choice.card is None:
                break
            g.log("react", q, (choice.card,), gained.name)
            g.trash_card(q, choice.card, q.hand, choice.card.name)
            g.gain(q, "Gold", to="deck", source=choice.card.name)


FOOLS_GOLD = _k("Fool's Gold", 2, ("Treasure", "Reaction"), on_play=_fools_gold,
                on_any_gain=_fools_gold_react)


# --- Haggler: +2 coins; while in play, each card its owner buys gains them a
# non-Victory card costing less than the bought card (its cost then). Each Haggler in
# play does it; a Throne Room on one Haggler still leaves one in play.
def _haggler_buy(g: Game, p: Player, haggler: Card, bought: Card) -> None:
    limit = g.cost(bought)
    cheaper = _cheaper(g, limit)
    name = g.choose_supply(p, haggler.name, f"Gain a non-Victory card costing less than "
                           f"{bought.name}",
                           pred=lambda d: not d.is_victory and cheaper(d))
    if name:
        g.gain(p, name, source=haggler.name)


HAGGLER = _k("Haggler", 5, ("Action",), coins=2, while_in_play_buy=_haggler_buy)


# --- Highway: +1 Card +1 Action; each Highway in play lowers every card's cost by 1
# (not below 0: GameBase.cost clamps). A Throne Room on one Highway is still one in play.
def _highway_discount(g: Game, d: CardDef, cost: Cost) -> Cost:
    highways = sum(1 for q in g.players for c in q.in_play if c.name == "Highway")
    if not highways:
        return cost
    return Cost(max(0, cost.coins - highways), cost.potion, cost.debt)


HIGHWAY = _k("Highway", 5, ("Action",), cards=1, actions=1, cost_modifier=_highway_discount)


# --- Ill-Gotten Gains: worth 1, and may gain a Copper to hand when played; when gained,
# each other player gains a Curse, in turn order from the gainer's left.
def _ill_gotten_gains(g: Game, p: Player, card: Card, play: Play) -> None:
    pile = g.piles.get("Copper")
    if pile is None or pile.top is None:
        return
    if g.yes_no(p, card.name, "Gain a Copper, putting it into your hand?"):
        g.gain(p, "Copper", to="hand", source=card.name)


def _ill_gotten_gains_gained(g: Game, p: Player, card: Card) -> None:
    for q in _others_from_left(g, p):
        g.gain(q, "Curse", source=card.name)


ILL_GOTTEN_GAINS = _k("Ill-Gotten Gains", 5, ("Treasure",), coins=1,
                      on_play=_ill_gotten_gains, on_gain=_ill_gotten_gains_gained)


# --- Inn: +2 Cards +2 Actions, discard 2; when gained, reveal any number of Action
# cards from the discard pile (Inn itself included, if it is there) and shuffle them
# into the deck.
def _inn(g: Game, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard 2 cards", min=2, max=2):
        g.discard_card(p, c, p.hand, card.name)


def _inn_gained(g: Game, p: Player, card: Card) -> None:
    actions = [c for c in p.discard if c.defn.is_action]
    picked = g.choose_cards(p, card.name, "Reveal Actions to shuffle into your deck",
                            actions, min=0, max=len(actions))
    if picked:
        g.reveal(p, picked, card.name)
        g.shuffle_into_deck(p, picked, p.discard, card.name)


INN = _k("Inn", 5, ("Action",), cards=2, actions=2, on_play=_inn, on_gain=_inn_gained)
