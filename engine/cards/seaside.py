"""Seaside: Wharf (a Duration) and Outpost (an extra turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.registry import register

if TYPE_CHECKING:
    from engine.primitives import GameBase as Game
    from engine.primitives import Play
    from engine.state import Player


# Wharf: now and at the start of your next turn, +2 Cards and +1 Buy.
def _wharf(g: Game, p: Player, card: Card, play: Play) -> None:
    g.schedule_duration(p, card)


def _wharf_next(g: Game, p: Player, card: Card) -> None:
    g.draw(p, 2)
    g.buys += 1


WHARF = register(CardDef("Wharf", 5, ("Action", "Duration"), set_name="seaside", cards=2,
                         buys=1, on_play=_wharf, next_turn=_wharf_next))


# Outpost (first edition): "You only draw 3 cards (instead of 5) in this turn's
# Clean-up phase. Take an extra turn after this one. This can't cause you to
# take more than two consecutive turns." So several Outposts give one extra
# turn; one played in an extra turn still means a 3-card hand but no further
# turn. It stays in play until the extra turn is over (its duration effect is
# that turn starting), and only when it actually grants the turn.
def _outpost(g: Game, p: Player, card: Card, play: Play) -> None:
    first = not g.outpost_played
    g.outpost_played = True  # Clean-up draws 3 (engine.turn)
    if first and not g.is_extra_turn:
        g.schedule_duration(p, card)


def _outpost_next(g: Game, p: Player, card: Card) -> None:
    """Nothing happens: the extra turn itself is the effect."""


OUTPOST = register(CardDef("Outpost", 5, ("Action", "Duration"), set_name="seaside",
                           on_play=_outpost, next_turn=_outpost_next))


SET = "seaside"


def _s(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _stay(g: Game, p: Player, card: Card, play: Play) -> None:
    """A Duration whose only on-play effect is to wait for its next-turn effect."""
    g.schedule_duration(p, card)


BAZAAR = _s("Bazaar", 5, ("Action",), cards=1, actions=2, coins=1)


# --- Caravan: +1 Card, +1 Action; the next-turn card is drawn then, not before (FAQ).
def _caravan_next(g: Game, p: Player, card: Card) -> None:
    g.draw(p, 1)


CARAVAN = _s("Caravan", 4, ("Action", "Duration"), cards=1, actions=1, on_play=_stay,
             next_turn=_caravan_next)


# --- Fishing Village: next turn only +1 Action (2 in all with the turn's own) and +1 coin.
def _fishing_village_next(g: Game, p: Player, card: Card) -> None:
    g.actions += 1
    g.coins += 1


FISHING_VILLAGE = _s("Fishing Village", 3, ("Action", "Duration"), actions=2, coins=1,
                     on_play=_stay, next_turn=_fishing_village_next)


# --- Merchant Ship: now and at the start of your next turn, +2 coins.
def _merchant_ship_next(g: Game, p: Player, card: Card) -> None:
    g.coins += 2


MERCHANT_SHIP = _s("Merchant Ship", 5, ("Action", "Duration"), coins=2, on_play=_stay,
                   next_turn=_merchant_ship_next)


# --- Warehouse: +3 Cards, +1 Action, then discard 3 (as many as you can, FAQ), chosen
# among the whole hand, drawn or not.
def _warehouse(g: Game, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard 3 cards", min=3, max=3):
        g.discard_card(p, c, p.hand, card.name)


WAREHOUSE = _s("Warehouse", 3, ("Action",), cards=3, actions=1, on_play=_warehouse)


# --- Salvager: +1 Buy; trash a card from hand (not optional, FAQ), +coins equal to its
# cost now (a Potion in the cost gives nothing).
def _salvager(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        value = g.cost(picked[0]).coins
        g.trash_card(p, picked[0], p.hand, card.name)
        g.coins += value


SALVAGER = _s("Salvager", 4, ("Action",), buys=1, on_play=_salvager)


# --- Cutpurse: +2 coins; each other player discards exactly one Copper, or reveals a
# hand without one (FAQ). Coppers are alike, so nothing is asked.
def _cutpurse(g: Game, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        copper = next((c for c in q.hand if c.name == "Copper"), None)
        if copper is not None:
            g.discard_card(q, copper, q.hand, card.name)
        else:
            g.reveal(q, list(q.hand), card.name)


CUTPURSE = _s("Cutpurse", 4, ("Action", "Attack"), coins=2, on_play=_cutpurse)


# --- Explorer: revealing a Province is optional (FAQ); Gold if revealed, else Silver,
# gained from the Supply into the hand.
def _explorer(g: Game, p: Player, card: Card, play: Play) -> None:
    province = next((c for c in p.hand if c.name == "Province"), None)
    if province is not None and g.yes_no(p, card.name, "Reveal a Province?"):
        g.reveal(p, (province,), card.name)
        g.gain(p, "Gold", to="hand", source=card.name)
    else:
        g.gain(p, "Silver", to="hand", source=card.name)


EXPLORER = _s("Explorer", 5, ("Action",), on_play=_explorer)
