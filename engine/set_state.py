"""State that only some cards need, owned by the module of those cards.

The core game object (:class:`engine.primitives.GameBase`) keeps what every game
has: zones, counters, turn structure. A mechanism that only some games use (the
Trade Route mat, "an Outpost was played this turn", Coppersmith's bonus) keeps
its state in a small :class:`SetState` subclass defined beside its cards, e.g.
``TradeRouteMat`` in :mod:`engine.cards.prosperity`. ``game.state(TradeRouteMat)``
returns the game's instance, creating it on first use, so a game without the
mechanism carries nothing and its checkpoints copy nothing;
``game.existing_state(kind)`` looks without creating (a read that must not leave a
state behind).

The rules for a subclass:

- its fields are plain data: numbers, flags, cards, or lists, dicts, sets and
  deques of them; the checkpoint of an all-or-nothing move copies the containers
  one level deep (:meth:`SetState.copy`), and
  :func:`engine.canonical.canonical_state` reads every field by reflection;
- look the state up each time: a rollback puts copies in place of the objects
  a failed move changed, so an object kept across moves may be stale;
- ``per_turn = True`` makes it last one turn: the start of the next turn drops
  it, so the next use starts from the defaults again;
- where the turn flow must ask something of a set (how many cards Clean-up
  draws, whether an extra turn is due), it calls the methods below on every state
  of the game; the defaults change nothing, and a subclass overrides the ones
  its rule needs. A state's existence can be the whole fact: Outpost's state
  has no fields.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, ClassVar, Self, TypeVar

if TYPE_CHECKING:
    from engine.cards.core import CardDef
    from engine.primitives import GameBase

_CONTAINERS = (list, dict, set, deque)


class SetState:
    """One mechanism's state in one game; subclass it beside the cards that use it."""

    __slots__ = ()

    #: True: the state lasts one turn (dropped when the next turn starts).
    per_turn: ClassVar[bool] = False

    def copy(self) -> Self:
        """A copy for a checkpoint: the same values, containers copied (their items shared)."""
        cls = type(self)
        new = cls.__new__(cls)
        for name in _fields(cls):
            if hasattr(self, name):
                value = getattr(self, name)
                object.__setattr__(new, name,
                                   value.copy() if isinstance(value, _CONTAINERS) else value)
        for name, value in getattr(self, "__dict__", {}).items():
            object.__setattr__(new, name,
                               value.copy() if isinstance(value, _CONTAINERS) else value)
        return new

    # --- What the turn flow asks every state of the game (defaults: nothing changes).
    def cleanup_draw(self, game: GameBase, n: int) -> int:
        """How many cards Clean-up draws for the new hand, given ``n`` so far (Outpost: 3)."""
        return n

    def keeps_play(self, game: GameBase) -> bool:
        """True if Clean-up discards nothing from play this turn (Journey)."""
        return False

    def extra_turn_due(self, game: GameBase) -> bool:
        """True if the current player takes an extra turn after this one, asked at the end
        of Clean-up (Outpost, Journey). Such turns come before any Possession turn."""
        return False

    def forbids_action_buys(self, game: GameBase) -> bool:
        """True if the current player may not buy Action cards now (Deluded)."""
        return False

    def coins_made(self, game: GameBase, defn: CardDef, coins: int) -> int:
        """What a played card's ``+coins`` makes, given ``coins`` so far (Envious,
        Coppersmith). Asked only of states that override it (``GameBase._coin_states``):
        the engine plays Treasures by a shortcut while none exists."""
        return coins


def changes_coins(state: SetState) -> bool:
    """Whether ``state`` overrides :meth:`SetState.coins_made`."""
    return type(state).coins_made is not SetState.coins_made


S = TypeVar("S", bound=SetState)

_FIELDS: dict[type, tuple[str, ...]] = {}


def _fields(cls: type) -> tuple[str, ...]:
    """The slot names of ``cls`` and its bases (dataclasses with ``slots=True`` too)."""
    names = _FIELDS.get(cls)
    if names is None:
        found: list[str] = []
        for klass in cls.__mro__:
            slots = klass.__dict__.get("__slots__", ())
            found.extend([slots] if isinstance(slots, str) else slots)
        names = _FIELDS[cls] = tuple(n for n in dict.fromkeys(found) if n != "__weakref__")
    return names
