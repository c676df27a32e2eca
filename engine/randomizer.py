"""Choosing a Kingdom with Randomizer cards, as the rulebooks describe it.

Why a module of its own: the setup rules (engine/setup.py) take a Kingdom as
given, but several preparation rulings are about *how the Kingdom is dealt*:
the randomizers of every set in use are shuffled together; Events and Traits
may be shuffled in with them, at most two are used and any further ones turned
over are skipped; or the landscapes are dealt from a deck of their own, one or
two of them; and a randomizer that decides Platinum/Colony (or Young Witch's
Bane) is always a Kingdom card, never an Event or Trait. This module deals a
Kingdom from a randomizer deck in a dictated order (a scenario states what was
turned over, as it states shuffles) and hands the result to the normal setup.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import registry
from engine.cost import Cost
from engine.errors import SetupError
from engine.setup import NEEDS_BANE

KINGDOM_SIZE = 10
#: The rulebooks' recommendation for normal play, used as the dealing limit.
MAX_LANDSCAPES = 2
LANDSCAPE_MODES = ("mixed", "separate")


@dataclass(frozen=True)
class Deal:
    """What a deal produced: the Kingdom, the landscapes, and what decided the rest."""

    kingdom: list[str]
    events: list[str] = field(default_factory=list)
    traits: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    #: The first Kingdom randomizer dealt: it decides Platinum/Colony.
    colony_randomizer: str | None = None
    bane: str | None = None


def kingdom_randomizers(sets: Sequence[str]) -> list[str]:
    """One randomizer per Kingdom pile of ``sets`` (Knights is one pile, one randomizer)."""
    unknown = set(sets) - {registry.card(n).set_name for n in registry.kingdom_names()}
    if unknown:
        raise SetupError(f"no Kingdom randomizers for the set(s) {sorted(unknown)}")
    return [n for n in registry.kingdom_names() if registry.card(n).set_name in sets]


def landscape_randomizers(sets: Sequence[str]) -> list[str]:
    """The Events and Traits of ``sets``."""
    events = [n for n, e in registry.all_events().items() if e.set_name in sets]
    traits = [n for n, t in registry.all_traits().items() if t.set_name in sets]
    return events + traits


def deal(sets: Sequence[str], dealt: Sequence[str], *, landscapes: str = "mixed",
         landscape_count: int | None = None) -> Deal:
    """Deal a Kingdom: ``dealt`` is the randomizer deck as turned over, top first.

    ``landscapes="mixed"``: Events and Traits of ``sets`` are in the one deck;
    the first :data:`MAX_LANDSCAPES` turned over are used, later ones skipped.
    ``"separate"``: they are a deck of their own; ``landscape_count`` (1 or 2)
    of them are used, in the order they appear in ``dealt``. Dealing stops when
    the Kingdom has 10 cards, then (when Young Witch is in it) goes on to
    the first Kingdom randomizer costing 2 or 3 coins (printed cost: nothing
    changes costs before the game starts), skipping landscapes. ``dealt`` must
    be exactly the cards turned over: none left unused, each in the deck once.
    """
    if landscapes not in LANDSCAPE_MODES:
        raise SetupError(f"landscapes must be one of {LANDSCAPE_MODES}, not {landscapes!r}")
    if landscapes == "separate" and landscape_count not in (1, 2):
        raise SetupError("a separate landscape deck deals 1 or 2 landscapes")
    if landscapes == "mixed" and landscape_count is not None:
        raise SetupError("landscape_count is for a separate landscape deck")
    kingdom_deck = set(kingdom_randomizers(sets))
    landscape_deck = set(landscape_randomizers(sets))
    if len(set(dealt)) != len(dealt):
        raise SetupError("a randomizer is turned over only once")
    for name in dealt:
        if name not in kingdom_deck | landscape_deck:
            raise SetupError(f"{name} is not a randomizer of {', '.join(sets)}")
    kingdom: list[str] = []
    used: list[str] = []
    skipped: list[str] = []
    chosen_bane: str | None = None
    wanted_landscapes = (landscape_count if landscapes == "separate" and landscape_count is not None
                         else MAX_LANDSCAPES)
    needed = len(dealt)
    for index, name in enumerate(dealt):
        if name in landscape_deck:
            # Once the Kingdom is full, a landscape turned over (dealing on for the
            # Bane) is skipped like any further one.
            room = len(used) < wanted_landscapes and (landscapes == "separate"
                                                      or len(kingdom) < KINGDOM_SIZE)
            (used if room else skipped).append(name)
        elif len(kingdom) < KINGDOM_SIZE:
            kingdom.append(name)
        elif _needs_bane(kingdom) and registry.card(name).cost in (Cost(2), Cost(3)):
            chosen_bane = name
        else:
            skipped.append(name)
        if _complete(kingdom, used, chosen_bane, landscapes, wanted_landscapes):
            needed = index + 1
            break
    if needed != len(dealt):
        raise SetupError(f"the deal is complete after {needed} randomizers, not {len(dealt)}")
    if not _complete(kingdom, used, chosen_bane, landscapes, wanted_landscapes):
        raise SetupError("the randomizers dealt do not complete the Kingdom")
    events = set(registry.all_events())
    return Deal(kingdom=kingdom, events=[n for n in used if n in events],
                traits=[n for n in used if n not in events], skipped=skipped,
                colony_randomizer=kingdom[0], bane=chosen_bane)


def _needs_bane(kingdom: list[str]) -> bool:
    """A full Kingdom with Young Witch deals on for its Bane."""
    return len(kingdom) == KINGDOM_SIZE and bool(NEEDS_BANE.intersection(kingdom))


def _complete(kingdom: list[str], used: list[str], bane_pile: str | None, landscapes: str,
              wanted: int | None) -> bool:
    """Whether the deal has everything it deals (a separate deck deals its landscapes too)."""
    if len(kingdom) < KINGDOM_SIZE or (_needs_bane(kingdom) and bane_pile is None):
        return False
    return landscapes == "mixed" or len(used) == wanted
