"""Cornucopia (first edition): the 13 Kingdom cards and Tournament's five Prizes.

Bonuses printed as ``+N`` are data; hooks implement the rest. Where the FAQ
settles a question the hook could answer either way, a comment says which
ruling it follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.registry import register

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.primitives import GameBase as Game
    from engine.primitives import Play
    from engine.state import Player

SET = "cornucopia"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _reveal_until(g: Game, p: Player, source: str, found: Callable[[Card], bool]) -> Card | None:
    """Reveal cards off ``p``'s deck until one matches ``found``; it goes to hand, the
    others are discarded. The revealed cards wait in set-aside, so a shuffle part
    way does not take them in (FAQ of Farming Village and Hunting Party); with no
    match at all, every revealed card is discarded. Returns the card found."""
    hit: Card | None = None
    while hit is None:
        one = g.reveal_from_deck(p, 1, source)
        if not one:
            break
        if found(one[0]):
            hit = one[0]
    if hit is not None:
        g.to_hand(p, hit, p.set_aside)
    for c in [c for c in p.set_aside]:
        g.discard_card(p, c, p.set_aside, source)
    return hit


# --- Fairgrounds: 2 VP per 5 differently named cards the player owns (rounded down).
def _fairgrounds_vp(p: Player) -> int:
    return 2 * (len({c.name for c in p.all_cards()}) // 5)


FAIRGROUNDS = _k("Fairgrounds", 6, ("Victory",), vp_fn=_fairgrounds_vp)


# --- Farming Village: +2 Actions; reveal until an Action or a Treasure (whichever
# comes first, any card with either type: Diadem), to hand; discard the others.
def _farming_village(g: Game, p: Player, card: Card, play: Play) -> None:
    _reveal_until(g, p, card.name, lambda c: c.defn.is_action or c.defn.is_treasure)


FARMING_VILLAGE = _k("Farming Village", 4, ("Action",), actions=2, on_play=_farming_village)


# --- Hamlet: +1 Card +1 Action; two separate optional discards, one for +1 Action,
# one for +1 Buy (a bonus only for a card actually discarded, each at most once).
def _discard_one(g: Game, p: Player, source: str, prompt: str) -> bool:
    """``p`` may discard one card from hand; True if they did."""
    picked = g.choose_from_hand(p, source, prompt, min=0)
    if picked:
        g.discard_card(p, picked[0], p.hand, source)
    return bool(picked)


def _hamlet(g: Game, p: Player, card: Card, play: Play) -> None:
    if _discard_one(g, p, card.name, "You may discard a card for +1 Action"):
        g.actions += 1
    if _discard_one(g, p, card.name, "You may discard a card for +1 Buy"):
        g.buys += 1


HAMLET = _k("Hamlet", 2, ("Action",), cards=1, actions=1, on_play=_hamlet)


# --- Harvest: reveal the top 4 (shuffling if needed, fewer if there are not 4),
# discard them, +1 coin per differently named card.
def _harvest(g: Game, p: Player, card: Card, play: Play) -> None:
    revealed = g.reveal_from_deck(p, 4, card.name)
    for c in revealed:
        g.discard_card(p, c, p.set_aside, card.name)
    g.coins += len({c.name for c in revealed})


HARVEST = _k("Harvest", 5, ("Action",), on_play=_harvest)


# --- Hunting Party: +1 Card +1 Action; reveal the hand, then reveal from the deck
# until a card whose name is not in hand; it goes to hand, the others are discarded.
def _hunting_party(g: Game, p: Player, card: Card, play: Play) -> None:
    g.reveal(p, list(p.hand), card.name)
    held = {c.name for c in p.hand}
    _reveal_until(g, p, card.name, lambda c: c.name not in held)


HUNTING_PARTY = _k("Hunting Party", 5, ("Action",), cards=1, actions=1, on_play=_hunting_party)


# --- Menagerie: +1 Action; reveal the hand: no two cards of one name (an empty
# hand included) +3 Cards, else +1 Card.
def _menagerie(g: Game, p: Player, card: Card, play: Play) -> None:
    g.reveal(p, list(p.hand), card.name)
    g.draw(p, 3 if len({c.name for c in p.hand}) == len(p.hand) else 1)


MENAGERIE = _k("Menagerie", 3, ("Action",), actions=1, on_play=_menagerie)


# --- Remake: twice, trash a card from hand and gain one costing exactly 1 more
# (nothing gained if no pile has that cost; nothing at all with an empty hand).
def _remake_once(g: Game, p: Player, card: Card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    target = g.cost(picked[0]).plus_coins(1)
    g.trash_card(p, picked[0], p.hand, card.name)
    name = g.choose_supply(p, card.name, f"Gain a card costing exactly {target.coins}",
                           pred=lambda d: g.cost(d).exactly(target))
    if name:
        g.gain(p, name, source=card.name)


def _remake(g: Game, p: Player, card: Card, play: Play) -> None:
    _remake_once(g, p, card)
    _remake_once(g, p, card)


REMAKE = _k("Remake", 4, ("Action",), on_play=_remake)
