"""Plunder: the Event Launch (bought, once per turn, back to the Action phase)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import EventDef
from engine.registry import register_event

if TYPE_CHECKING:
    from engine.game import Game
    from engine.state import Player


def _launch(g: Game, p: Player) -> None:
    g.return_to_action_phase()
    g.draw(p, 1)
    g.actions += 1
    g.buys += 1


LAUNCH = register_event(EventDef("Launch", 3, set_name="plunder", on_buy=_launch,
                                 once_per_turn=True))
