"""Nocturne: Den of Sin (Night, Duration, gained to hand)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.registry import register

if TYPE_CHECKING:
    from engine.primitives import GameBase as Game
    from engine.primitives import Play
    from engine.state import Player


def _den_of_sin(g: Game, p: Player, card: Card, play: Play) -> None:
    g.schedule_duration(p, card)


def _den_next(g: Game, p: Player, card: Card) -> None:
    g.draw(p, 2)


DEN_OF_SIN = register(CardDef("Den of Sin", 5, ("Night", "Duration"), set_name="nocturne",
                              on_play=_den_of_sin, next_turn=_den_next, gain_to="hand"))


# --- Shepherd, whose Heirloom Pasture replaces a starting Copper (engine.setup).
def _shepherd(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard any number of Victory cards",
                                min=0, max=len(p.hand), pred=lambda c: c.defn.is_victory)
    if picked:
        g.reveal(p, picked, card.name)
        for c in picked:
            g.discard_card(p, c, p.hand, card.name)
        g.draw(p, 2 * len(picked))


def _pasture_vp(p: Player) -> int:
    return sum(1 for c in p.all_cards() if c.name == "Estate")


SHEPHERD = register(CardDef("Shepherd", 4, ("Action",), set_name="nocturne", actions=1,
                            on_play=_shepherd, heirloom="Pasture"))
PASTURE = register(CardDef("Pasture", 2, ("Treasure", "Victory", "Heirloom"),
                           set_name="nocturne", kind="heirloom", coins=1, vp_fn=_pasture_vp))
