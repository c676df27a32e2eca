"""Prosperity: Watchtower (when-gain reaction), King's Court, Hoard (while in play, on buy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.base import _multi_play
from engine.cards.core import Card, CardDef
from engine.cost import Cost
from engine.registry import register

if TYPE_CHECKING:
    from engine.primitives import GameBase as Game
    from engine.primitives import Play
    from engine.state import Player

SET = "prosperity"


def _watchtower(g: Game, p: Player, card: Card, play: Play) -> None:
    missing = 6 - len(p.hand)
    if missing > 0:
        g.draw(p, missing)


def _watchtower_react(g: Game, p: Player, tower: Card, gained: Card, zone: list[Card]) -> None:
    """Trash the gained card or put it on the deck, if it is still where it was gained."""
    choice = g.choose_option(p, tower.name, f"What to do with {gained.name}?",
                             [("trash", "trash it"), ("topdeck", "put it on your deck")],
                             context={"card": gained.name})
    if gained not in zone:
        return
    if choice == "trash":
        g.trash_card(p, gained, zone, tower.name)
    elif zone is not p.deck or p.deck[-1] is not gained:
        g.topdeck(p, gained, zone, tower.name)


WATCHTOWER = register(CardDef("Watchtower", 3, ("Action", "Reaction"), set_name=SET,
                              on_play=_watchtower, react_gain=_watchtower_react))

KINGS_COURT = register(CardDef("King's Court", 7, ("Action",), set_name=SET,
                               on_play=_multi_play(3, optional=True)))


# Hoard (first edition): while in play, when you buy a Victory card, gain a Gold.
def _hoard_buy(g: Game, p: Player, hoard: Card, bought: Card) -> None:
    if bought.defn.is_victory:
        g.gain(p, "Gold", source=hoard.name)


HOARD = register(CardDef("Hoard", 6, ("Treasure",), set_name=SET, coins=2,
                         while_in_play_buy=_hoard_buy))


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _others(g: Game, p: Player) -> list[Player]:
    """The other players in turn order from ``p``'s left (for non-Attack effects)."""
    n = len(g.players)
    return [g.players[(p.index + k) % n] for k in range(1, n)]


# --- Monument: +2 coins, +1 VP token.
def _monument(g: Game, p: Player, card: Card, play: Play) -> None:
    p.vp_tokens += 1


MONUMENT = _k("Monument", 4, ("Action",), coins=2, on_play=_monument)
WORKERS_VILLAGE = _k("Worker's Village", 4, ("Action",), cards=1, actions=2, buys=1)


# --- City: the bonuses look at the empty Supply piles when it is played (FAQ:
# no bonus later if a pile empties; three or more empty piles give nothing more;
# the trash is not a Supply pile).
def _city(g: Game, p: Player, card: Card, play: Play) -> None:
    empty = sum(1 for pile in g.piles.values() if pile.supply and not pile.cards)
    if empty >= 1:
        g.draw(p, 1)
    if empty >= 2:
        g.coins += 1
        g.buys += 1


CITY = _k("City", 5, ("Action",), cards=1, actions=2, on_play=_city)


# --- Bishop: +1 coin, +1 VP token; trash a card (mandatory) for half its coin cost
# in VP tokens (FAQ: Potion ignored); then each other player may trash a card, in turn
# order (FAQ), and gets no tokens.
def _bishop(g: Game, p: Player, card: Card, play: Play) -> None:
    p.vp_tokens += 1
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        p.vp_tokens += g.cost(picked[0]).coins // 2
        g.trash_card(p, picked[0], p.hand, card.name)
    for q in _others(g, p):
        for c in g.choose_from_hand(q, card.name, "You may trash a card", min=0, max=1):
            g.trash_card(q, c, q.hand, card.name)


BISHOP = _k("Bishop", 4, ("Action",), coins=1, on_play=_bishop)


# --- Counting House: put any number of Coppers from your discard pile into your hand.
def _counting_house(g: Game, p: Player, card: Card, play: Play) -> None:
    coppers = [c for c in p.discard if c.name == "Copper"]
    picked = g.choose_cards(p, card.name, "Put Coppers from your discard pile into your hand",
                            coppers, min=0, max=len(coppers))
    if picked:
        g.reveal(p, picked, card.name)
    for c in picked:
        g.to_hand(p, c, p.discard)


COUNTING_HOUSE = _k("Counting House", 5, ("Action",), on_play=_counting_house)


# --- Expand: trash a card from hand, gain one costing up to 3 more (FAQ: nothing to
# trash, nothing gained).
def _expand(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    limit = g.cost(picked[0]).plus_coins(3)
    g.trash_card(p, picked[0], p.hand, card.name)
    name = g.choose_supply(p, card.name, "Gain a card", max_cost=limit)
    if name:
        g.gain(p, name, source=card.name)


EXPAND = _k("Expand", 7, ("Action",), on_play=_expand)


# --- Forge: trash any number (zero too), gain a card costing exactly their total in
# coins (FAQ: Potions are not added and the gained card cannot cost a Potion; trashing
# nothing means gaining a card costing 0; none at that cost, none gained).
def _forge(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash any number of cards", min=0,
                                max=len(p.hand))
    total = sum(g.cost(c).coins for c in picked)
    for c in picked:
        g.trash_card(p, c, p.hand, card.name)
    name = g.choose_supply(p, card.name, f"Gain a card costing exactly {total}",
                           pred=lambda d: g.cost(d).exactly(Cost(total)))
    if name:
        g.gain(p, name, source=card.name)


FORGE = _k("Forge", 7, ("Action",), on_play=_forge)
