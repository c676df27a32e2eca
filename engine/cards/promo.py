"""Promotional cards: Envoy, Stash.

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


# --- Stash: worth 2 coins; when you shuffle, you may put it anywhere in your deck. Each
# copy is placed in turn (FAQ: clump them or spread them out), by position only: the
# other cards are face down (FAQ: Stash's own back shows where it is, nothing else).
# Only the newly shuffled cards are "your deck" here; a shuffle of a single card, or of
# Stashes only, leaves nothing to choose.
def _stash_shuffled(g: Game, p: Player, cards: list[Card]) -> None:
    stashes = [c for c in cards if c.name == "Stash"]
    rest = [c for c in cards if c.name != "Stash"]
    for stash in stashes:
        if not rest:
            rest.append(stash)
            continue
        size = len(rest) + 1
        where = g.choose_option(
            p, "Stash", f"Put Stash where in your {size}-card deck? (1 = top)",
            [(str(i), "top" if i == 1 else "bottom" if i == size else f"card {i} from the top")
             for i in range(1, size + 1)],
            context={"deck_size": size},
        )
        rest.insert(size - int(where), stash)  # rest is bottom first: top is index size-1
    cards[:] = rest


STASH = _k("Stash", 5, ("Treasure",), coins=2, on_shuffle=_stash_shuffled)
