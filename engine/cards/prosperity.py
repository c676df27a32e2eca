"""Prosperity: Watchtower (when-gain reaction), King's Court, Hoard (while in play, on buy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.base import _multi_play
from engine.cards.core import Card, CardDef
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
