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
