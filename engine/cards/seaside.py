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
# that turn starting), and only when it actually grants the turn. "Consecutive"
# counts any turns in a row (Possession FAQ: Outpost played in the normal turn
# right after a Possession turn gives nothing; played in the Possession turn, it
# does), so the test is the run of turns, not whether this turn is an extra one.
def _outpost(g: Game, p: Player, card: Card, play: Play) -> None:
    first = not g.outpost_played
    g.outpost_played = True  # Clean-up draws 3 (engine.turn)
    if first and g.consecutive_turns < 2:
        g.schedule_duration(p, card)


def _outpost_next(g: Game, p: Player, card: Card) -> None:
    """Nothing happens: the extra turn itself is the effect."""


OUTPOST = register(CardDef("Outpost", 5, ("Action", "Duration"), set_name="seaside",
                           on_play=_outpost, next_turn=_outpost_next))
