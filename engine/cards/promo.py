"""Promotional cards: Envoy.

Bonuses printed as ``+N`` are data; hooks implement the rest. The FAQ points
each hook honours are noted where the code makes a choice because of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.registry import register

if TYPE_CHECKING:
    from engine.primitives import GameBase as Game
    from engine.primitives import Play
    from engine.state import Player

SET = "promo"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


# --- Envoy: reveal the top 5 (shuffling for the rest, as many as there are: FAQ); the
# player to your left chooses one to discard (even of fewer than 5: FAQ); draw the rest.
def _envoy(g: Game, p: Player, card: Card, play: Play) -> None:
    revealed = g.reveal_from_deck(p, 5, card.name)
    if not revealed:
        return
    left = g.players[(p.index + 1) % len(g.players)]
    [out] = g.choose_cards(left, card.name, f"Choose a card for {p.name} to discard", revealed)
    g.discard_card(p, out, p.set_aside, card.name)
    rest = [c for c in revealed if c is not out]
    for c in rest:
        g.to_hand(p, c, p.set_aside)
    if rest:
        g.log("draw", p, rest, card.name)


ENVOY = _k("Envoy", 4, ("Action",), on_play=_envoy)
