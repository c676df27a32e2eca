"""Simultaneous triggered effects: who resolves them, and in which order.

When one event (a gain) triggers several effects at once, the rules let
their owner choose the order, and the player whose turn it is resolves
theirs first, then the others in turn order. Before, the engine ran such
effects in a fixed order of its own (Insignia before Inn, always), which
is a rule of this code, not of the game.

The gain primitive collects what a gain triggers as :class:`Pending`
effects and hands them to :func:`resolve`. An owner is asked only when the
order can matter: two or more pending effects with different names. Two
effects of the same name (two Insignias) do the same thing, so they run
without a question. See ``docs/engine.md`` "Trigger kinds" for what is
collected and what is not.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.cards.core import Card
    from engine.primitives import GameBase
    from engine.state import Player

#: ``context["event"]`` of the decision that orders simultaneous effects.
ORDER_EVENT = "order_triggers"


class GainRule:
    """An "in games using this, when you gain ..." ability of a Kingdom card (Duchess):
    it belongs to the game, not to a copy of the card, so it works while nobody has one.

    ``applies(game, gainer, gained)`` says whether a gain triggers it; ``run`` (same
    arguments) is its effect, resolved with the gain's other when-gain effects.
    """

    __slots__ = ("applies", "run")

    def __init__(self, applies: Callable[[GameBase, Player, Card], bool],
                 run: Callable[[GameBase, Player, Card], None]) -> None:
        self.applies = applies
        self.run = run


class Pending:
    """One triggered effect waiting to run: whose it is, its name, and the effect."""

    __slots__ = ("owner", "label", "run")

    def __init__(self, owner: Player, label: str, run: Callable[[], None]) -> None:
        self.owner = owner
        self.label = label
        self.run = run

    def __repr__(self) -> str:
        return f"Pending({self.owner.name}, {self.label!r})"


def resolve(g: GameBase, pending: Sequence[Pending], about: str, what: str) -> None:
    """Run ``pending`` (effects triggered together by one event about card ``about``).

    Owners go from the player whose turn it is, in turn order; each owner with
    effects of two or more names picks which runs next (``what`` names the
    trigger in the question, e.g. "when-gain"), again after each, until one
    name is left.
    """
    if len(pending) == 1:
        pending[0].run()
        return
    count = len(g.players)
    for k in range(count):
        owner = g.players[(g.current + k) % count]
        mine = [effect for effect in pending if effect.owner is owner]
        while mine:
            labels = list(dict.fromkeys(effect.label for effect in mine))
            chosen = labels[0]
            if len(labels) > 1:
                chosen = g.choose_option(
                    owner, about, f"Several {what} effects of {about} are yours to "
                    "resolve: which one first?", [(label, label) for label in labels],
                    context={"event": ORDER_EVENT, "card": about},
                )
            effect = next(e for e in mine if e.label == chosen)
            mine.remove(effect)
            effect.run()
