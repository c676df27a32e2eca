"""Hinterlands: Cache (a when-gain trigger of the gained card itself)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.registry import register

if TYPE_CHECKING:
    from engine.primitives import GameBase as Game
    from engine.state import Player


def _cache_gained(g: Game, p: Player, card: Card) -> None:
    """However it was gained (bought or not), gain two Coppers."""
    for _ in range(2):
        g.gain(p, "Copper", source=card.name)


CACHE = register(CardDef("Cache", 5, ("Treasure",), set_name="hinterlands", coins=3,
                         on_gain=_cache_gained))
