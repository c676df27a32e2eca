"""Intrigue: Bridge (proves the cost-modifier spine)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.registry import register

if TYPE_CHECKING:
    from engine.primitives import GameBase as Game
    from engine.primitives import Play
    from engine.state import Player


# Bridge: the reduction lasts the whole turn (even if Bridge leaves play), all
# cards everywhere, cumulative, and never below 0 (Game.cost clamps).
def _bridge(g: Game, p: Player, card: Card, play: Play) -> None:
    g.cost_reduction += 1


BRIDGE = register(CardDef("Bridge", 4, ("Action",), set_name="intrigue", buys=1, coins=1,
                          on_play=_bridge))
