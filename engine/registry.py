"""The table of every card, Event and Trait the engine implements.

The corpus uses :func:`implemented_names` to mark catalogue cards as
implemented; the names are exactly the catalogue's names. The card modules fill
the table: they import this module and register their definitions, and the
``engine`` package imports :mod:`engine.cards` before anything else, so the table
is full whenever ``engine`` is importable. This module imports no card module:
the dependency points one way (cards -> registry), with no cycle to hide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.cards.core import CardDef, EventDef, LandscapeDef, TraitDef
from engine.errors import SetupError

if TYPE_CHECKING:
    from engine.primitives import GameBase

_CARDS: dict[str, CardDef] = {}
_EVENTS: dict[str, EventDef] = {}
_LANDSCAPES: dict[str, LandscapeDef] = {}
_TRAITS: dict[str, TraitDef] = {}
_GAIN_TOKENS: dict[str, Callable[[GameBase], None]] = {}


def register(defn: CardDef) -> CardDef:
    """Add a card definition; a name may be registered only once."""
    if defn.name in _CARDS or defn.name in _EVENTS or defn.name in _TRAITS:
        raise ValueError(f"card {defn.name!r} registered twice")
    _CARDS[defn.name] = defn
    return defn


def register_event(defn: EventDef) -> EventDef:
    """Add an Event definition; a name may be registered only once."""
    if defn.name in _CARDS or defn.name in _EVENTS or defn.name in _TRAITS:
        raise ValueError(f"event {defn.name!r} registered twice")
    _EVENTS[defn.name] = defn
    return defn


def register_trait(defn: TraitDef) -> TraitDef:
    """Add a Trait definition; a name may be registered only once."""
    if defn.name in _CARDS or defn.name in _EVENTS or defn.name in _TRAITS:
        raise ValueError(f"trait {defn.name!r} registered twice")
    _TRAITS[defn.name] = defn
    return defn


def register_landscape(defn: LandscapeDef) -> LandscapeDef:
    """Add a Boon, Hex or State definition; a name may be registered only once."""
    if defn.name in _CARDS or defn.name in _EVENTS or defn.name in _LANDSCAPES:
        raise ValueError(f"landscape {defn.name!r} registered twice")
    _LANDSCAPES[defn.name] = defn
    return defn


def register_gain_token(token: str, taken: Callable[[GameBase], None]) -> None:
    """A pile token that leaves its pile when a card is first gained from it, and what
    happens to it then (``taken(game)``): Trade Route's token goes to the Trade Route
    mat. :meth:`GameBase.gain` takes such tokens off the pile before the card moves."""
    if token in _GAIN_TOKENS:
        raise ValueError(f"gain token {token!r} registered twice")
    _GAIN_TOKENS[token] = taken


def gain_tokens() -> Mapping[str, Callable[[GameBase], None]]:
    """Every token registered with :func:`register_gain_token` (a read-only view)."""
    return _GAIN_TOKENS_VIEW


_GAIN_TOKENS_VIEW = MappingProxyType(_GAIN_TOKENS)


def landscape(name: str) -> LandscapeDef:
    """The definition of the Boon, Hex or State called ``name``."""
    try:
        return _LANDSCAPES[name]
    except KeyError:
        raise SetupError(f"unknown Boon, Hex or State {name!r}") from None


def landscapes(kind: str) -> list[str]:
    """Names of the implemented landscapes of one kind ("boon", "hex", "state"), in order."""
    return [n for n, d in _LANDSCAPES.items() if d.kind == kind]


def card(name: str) -> CardDef:
    """The definition of the card called ``name`` (a :class:`SetupError` if unknown)."""
    try:
        return _CARDS[name]
    except KeyError:
        raise SetupError(f"unknown card {name!r} (not implemented by the engine)") from None


def event(name: str) -> EventDef:
    """The definition of the Event called ``name`` (a :class:`SetupError` if unknown)."""
    try:
        return _EVENTS[name]
    except KeyError:
        raise SetupError(f"unknown Event {name!r} (not implemented by the engine)") from None


def trait(name: str) -> TraitDef:
    """The definition of the Trait called ``name`` (a :class:`SetupError` if unknown)."""
    try:
        return _TRAITS[name]
    except KeyError:
        raise SetupError(f"unknown Trait {name!r} (not implemented by the engine)") from None


def all_traits() -> dict[str, TraitDef]:
    """Every Trait definition by name (a copy)."""
    return dict(_TRAITS)


def is_event(name: str) -> bool:
    """True if ``name`` is an implemented Event."""
    return name in _EVENTS


def all_cards() -> dict[str, CardDef]:
    """Every card definition by name (a copy)."""
    return dict(_CARDS)


def all_events() -> dict[str, EventDef]:
    """Every Event definition by name (a copy)."""
    return dict(_EVENTS)


def kingdom_names() -> list[str]:
    """Names of implemented Kingdom cards and mixed Kingdom piles (Knights), sorted.

    This is what a random kingdom is drawn from.
    """
    return sorted(n for n, d in _CARDS.items() if d.kind in ("kingdom", "pile"))


def implemented_names() -> frozenset[str]:
    """Exact catalogue names of every implemented card, Event, Boon, Hex, State and Trait."""
    return frozenset(_CARDS) | frozenset(_EVENTS) | frozenset(_LANDSCAPES) | frozenset(_TRAITS)
