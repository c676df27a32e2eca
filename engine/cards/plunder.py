"""Plunder: Kingdom cards (first edition) and the Event Launch.

FAQ points a hook honours are noted where the code makes a choice because of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef, EventDef
from engine.cost import Cost
from engine.registry import register, register_event

if TYPE_CHECKING:
    from engine.game import Game
    from engine.primitives import Play
    from engine.state import Player


def _launch(g: Game, p: Player) -> None:
    g.return_to_action_phase()
    g.draw(p, 1)
    g.actions += 1
    g.buys += 1


LAUNCH = register_event(EventDef("Launch", 3, set_name="plunder", on_buy=_launch,
                                 once_per_turn=True))


# ----------------------------------------------------------------- Kingdom cards
SET = "plunder"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _schedule(g: Game, p: Player, card: Card, play: Play) -> None:
    """A Duration whose whole "now" part is data: just wait for the next turn."""
    g.schedule_duration(p, card)


# --- Longship: +2 Actions now, +2 Cards at the start of your next turn.
def _longship_next(g: Game, p: Player, card: Card) -> None:
    g.draw(p, 2)


LONGSHIP = _k("Longship", 5, ("Action", "Duration"), actions=2, on_play=_schedule,
              next_turn=_longship_next)


# --- Crew: +3 Cards; at the start of your next turn, put this onto your deck.
# FAQ: putting it onto the deck is not optional (no question is asked). If it
# has left play meanwhile, there is nothing to move.
def _crew_next(g: Game, p: Player, card: Card) -> None:
    if card in p.in_play:
        g.topdeck(p, card, p.in_play, card.name)


CREW = _k("Crew", 5, ("Action", "Duration"), cards=3, on_play=_schedule, next_turn=_crew_next)


# --- Swamp Shacks: +2 Actions, +1 Card per 3 cards you have in play (round down).
# FAQ: it counts itself and Durations still in play from earlier turns (and
# Treasures in play), but not set-aside cards; 8 cards in play draw 2.
def _swamp_shacks(g: Game, p: Player, card: Card, play: Play) -> None:
    n = len(p.in_play) // 3
    if n:
        g.draw(p, n)


SWAMP_SHACKS = _k("Swamp Shacks", 4, ("Action",), actions=2, on_play=_swamp_shacks)


# --- Pilgrim: +4 Cards; put a card from your hand onto your deck.
# FAQ: the card put back may be any card in hand, not only one just drawn.
def _pilgrim(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Put a card onto your deck")
    if picked:
        g.topdeck(p, picked[0], p.hand, card.name)


PILGRIM = _k("Pilgrim", 5, ("Action",), cards=4, on_play=_pilgrim)


# --- Maroon: trash a card from your hand; +2 Cards per type it has.
# FAQ: types are the words of the type line (Cage, Treasure - Duration, draws 4).
def _maroon(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    trashed = picked[0]
    g.trash_card(p, trashed, p.hand, card.name)
    g.draw(p, 2 * len(trashed.defn.types))


MAROON = _k("Maroon", 4, ("Action",), on_play=_maroon)


# --- Pendant: worth 2 coins (catalogue text); +1 coin per differently named
# Treasure you have in play. FAQ: it counts itself, and Treasure Durations
# still in play from an earlier turn.
def _pendant(g: Game, p: Player, card: Card, play: Play) -> None:
    g.coins += len({c.name for c in p.in_play if c.defn.is_treasure})


PENDANT = _k("Pendant", 5, ("Treasure",), coins=2, on_play=_pendant)


# --- Silver Mine: gain a Treasure costing less than this to your hand.
# FAQ: any Treasure in the Supply cheaper than Silver Mine, not only Silver.
def _silver_mine(g: Game, p: Player, card: Card, play: Play) -> None:
    own = g.cost(card)
    if own.coins == 0:
        return  # nothing costs less than 0 coins
    # "Less than" a coin cost: one coin less at most, and no Potion.
    limit = Cost(own.coins - 1, 0, own.debt)
    name = g.choose_supply(p, card.name, "Gain a Treasure to your hand", max_cost=limit,
                           pred=lambda d: d.is_treasure)
    if name:
        g.gain(p, name, to="hand", source=card.name)


SILVER_MINE = _k("Silver Mine", 5, ("Treasure",), on_play=_silver_mine)


# --- Figurine: worth 2 coins, +2 Cards; you may discard an Action for +1 Buy, +1 coin.
def _figurine(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard an Action card for +1 Buy and +1 coin?",
                                min=0, max=1, pred=lambda c: c.defn.is_action)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.buys += 1
        g.coins += 1


FIGURINE = _k("Figurine", 5, ("Treasure",), coins=2, cards=2, on_play=_figurine)


# --- Rope: worth 1 coin, +1 Buy; at the start of your next turn, +1 Card,
# then you may trash a card from your hand (FAQ: draw first, then trash).
def _rope_next(g: Game, p: Player, card: Card) -> None:
    g.draw(p, 1)
    for c in g.choose_from_hand(p, card.name, "You may trash a card", min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)


ROPE = _k("Rope", 4, ("Treasure", "Duration"), coins=1, buys=1, on_play=_schedule,
          next_turn=_rope_next)


# --- Tools: gain a copy of a card anyone has in play.
# FAQ: any player's cards in play count (Durations of other players, and
# Tools itself). A copy comes from its Supply pile, so it must be on top there.
def _tools(g: Game, p: Player, card: Card, play: Play) -> None:
    in_play = {c.name for q in g.players for c in q.in_play}
    name = g.choose_supply(p, card.name, "Gain a copy of a card in play",
                           pred=lambda d: d.name in in_play)
    if name:
        g.gain(p, name, source=card.name)


TOOLS = _k("Tools", 4, ("Treasure",), on_play=_tools)
