"""A canonical, thorough snapshot of a game's whole rules state, for "one semantics" tests.

The rules must not depend on what is attached to a game: an event log, the
all-or-nothing checkpoints of ``Game.atomic``, invariant checks, a provider
wrapper that records decisions. :func:`canonical_state` turns a game into
plain nested data that two runs of the same game (one instrumented, one not)
must reproduce exactly, and :func:`state_differences` names where two such
snapshots differ.

The snapshot is built by reflection over *every* attribute of the game, its
players, piles, landscape decks and waiting effects (closures included, by
qualified name and captured values), not from a list of fields, so a new
attribute added later is compared without anyone remembering to add it. Only
the attributes in :data:`INSTRUMENTATION` are left out: they describe what is
attached or how the engine budgets its work, not the game. A fast path that
must pass these tests may add caches; if one legitimately differs between
modes, add it there with the reason.

Cards are written ``Name#uid`` so identity counts ("that Wharf", not "a
Wharf"); players by index; definitions by name; the random generator by its
whole state (a shuffle taken in one mode and not the other shows up there).
"""

from __future__ import annotations

import enum
import functools
import hashlib
import random
import types
from collections import deque
from collections.abc import Iterator
from typing import Any

from engine.cards.core import Card, CardDef, EventDef, LandscapeDef, TraitDef
from engine.primitives import GameBase
from engine.state import Player

#: Game attributes that are instrumentation or engine budget, not rules state:
#: listeners and the flag and nesting depth they cause; the decision providers and
#: the shuffler (the caller's, and they hold their own state); the atomic-move switch,
#: its in-move flag and what it saves lazily (the RNG, the piles a move changes); the
#: engine-step counter of the runaway guard (a budget: a fast path may count its work
#: differently), and the per-step hook when a caller wraps it on the instance (the
#: sandbox's wall clock, ``rulings_service.scenarios.bridge._watch_clock``).
INSTRUMENTATION = frozenset({
    "_listeners", "_logging", "_depth", "providers", "shuffler", "atomic", "_in_move",
    "_rng_saved", "_saved_piles", "steps", "step_limit", "_step",
})

#: How deep closures and plain objects are followed (cards, players and the game
#: itself are references, so this only bounds chains of waiting effects).
MAX_DEPTH = 8


def canonical_state(game: GameBase) -> dict[str, Any]:
    """Every attribute of ``game`` (but :data:`INSTRUMENTATION`) as plain, comparable data.

    Players and piles are expanded in full; everything else that refers to them
    (a Duration's card, a watcher's owner) refers by ``Name#uid`` / ``<player i>``.
    """
    out: dict[str, Any] = {}
    for name in sorted(_attributes(game)):
        if name in INSTRUMENTATION:
            continue
        value = getattr(game, name)
        if name == "players":
            out[name] = [_expand(p, 0) for p in value]
        elif name == "piles":
            out[name] = [[k, _expand(v, 0)] for k, v in value.items()]
        else:
            out[name] = _canon(value, 0)
    return out


def state_differences(a: Any, b: Any, limit: int = 10) -> list[str]:
    """Where two canonical snapshots differ, as ``path: value != value`` lines (at most
    ``limit``); empty when they are equal."""
    found: list[str] = []
    for line in _diff(a, b, "state"):
        found.append(line)
        if len(found) >= limit:
            break
    return found


# ----------------------------------------------------------------------- internals
def _attributes(obj: Any) -> list[str]:
    names: list[str] = []
    for cls in type(obj).__mro__:
        names.extend(s for s in getattr(cls, "__slots__", ()) if hasattr(obj, s))
    names.extend(getattr(obj, "__dict__", {}))
    return list(dict.fromkeys(n for n in names if n != "__weakref__"))


def _expand(obj: Any, depth: int) -> dict[str, Any]:
    """An object's attributes, each made canonical (players, piles, decks, effects)."""
    return {"type": type(obj).__name__,
            **{n: _canon(getattr(obj, n), depth + 1) for n in sorted(_attributes(obj))}}


def _canon(value: Any, depth: int) -> Any:
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, Card):
        own = "" if value.defn.name == value.name else f"({value.defn.name})"
        return f"{value.name}{own}#{value.uid}"
    if isinstance(value, Player):
        return f"<player {value.index}>"
    if isinstance(value, GameBase):
        return "<game>"
    if isinstance(value, (CardDef, EventDef, LandscapeDef, TraitDef)):
        return f"<{type(value).__name__} {value.name}>"
    if isinstance(value, random.Random):
        digest = hashlib.sha256(repr(value.getstate()).encode()).hexdigest()[:16]
        return f"<rng {digest}>"
    if isinstance(value, (list, tuple, deque)):
        return [_canon(v, depth) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((_canon(v, depth) for v in value), key=repr)
    if isinstance(value, dict):
        return [[_canon(k, depth), _canon(v, depth)] for k, v in value.items()]
    if depth >= MAX_DEPTH:
        return f"<{type(value).__name__} …>"
    if isinstance(value, functools.partial):
        return {"partial": _canon(value.func, depth + 1),
                "args": _canon(value.args, depth + 1),
                "keywords": _canon(value.keywords, depth + 1)}
    if isinstance(value, types.MethodType):
        return {"method": value.__func__.__qualname__, "of": _canon(value.__self__, depth + 1)}
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType)):
        cells = (value.__closure__ or ()) if isinstance(value, types.FunctionType) else ()
        captured = [_cell(c, depth + 1) for c in cells]
        return {"function": value.__qualname__, "captured": captured} if captured \
            else f"<function {value.__qualname__}>"
    if isinstance(value, type):
        return f"<class {value.__qualname__}>"
    return _expand(value, depth)


def _cell(cell: Any, depth: int) -> Any:
    try:
        return _canon(cell.cell_contents, depth)
    except ValueError:  # an empty cell (a closure variable not yet bound)
        return "<empty cell>"


def _diff(a: Any, b: Any, path: str) -> Iterator[str]:
    if type(a) is not type(b):
        yield f"{path}: {_short(a)} != {_short(b)}"
    elif isinstance(a, dict):
        for key in list(dict.fromkeys([*a, *b])):
            if key not in a or key not in b:
                yield f"{path}.{key}: only in {'second' if key not in a else 'first'}"
            else:
                yield from _diff(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list):
        if len(a) != len(b):
            yield f"{path}: {len(a)} items != {len(b)} items: {_short(a)} != {_short(b)}"
        else:
            for i, (x, y) in enumerate(zip(a, b, strict=True)):
                yield from _diff(x, y, f"{path}[{i}]")
    elif a != b:
        yield f"{path}: {_short(a)} != {_short(b)}"


def _short(value: Any, width: int = 160) -> str:
    text = repr(value)
    return text if len(text) <= width else text[: width - 1] + "…"
