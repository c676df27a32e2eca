"""One meaning of ``Game`` in the card modules.

Card, landscape and Trait hooks are called by the primitives and are typed
against ``engine.primitives.GameBase``; Event hooks are called by the buy move
and get the whole ``engine.game.Game``. No module may call ``GameBase`` "Game"
(ten once did, while two imported the real one), so a reader of any card
module knows which object a hook receives from its annotation alone.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from typing import Any

from engine import registry
from rulings_service.paths import REPO_ROOT

CARD_MODULES = sorted((REPO_ROOT / "engine" / "cards").glob("*.py"))


def _hooks(defn: Any) -> Iterator[tuple[str, Any]]:
    for attr, value in vars(defn).items() if hasattr(defn, "__dict__") else ():
        if inspect.isfunction(value) and value.__module__.startswith("engine.cards"):
            yield attr, value
    for attr in getattr(type(defn), "__slots__", ()):
        value = getattr(defn, attr, None)
        if inspect.isfunction(value) and value.__module__.startswith("engine.cards"):
            yield attr, value


def _first_annotation(fn: Any) -> str | None:
    params = list(inspect.signature(fn).parameters.values())
    if not params or params[0].annotation is inspect.Parameter.empty:
        return None
    return str(params[0].annotation)


def test_no_card_module_renames_gamebase() -> None:
    for path in CARD_MODULES:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\bGameBase as\b", text), path.name
        for line in re.findall(r"^\s*from (\S+) import .*\bGame\b", text, re.M):
            assert line == "engine.game", f"{path.name} imports Game from {line}"


def test_card_hooks_take_gamebase_and_event_hooks_take_game() -> None:
    seen = 0
    defs = [*registry.all_cards().values(), *registry.all_traits().values(),
            *registry._LANDSCAPES.values()]
    for defn in defs:
        for attr, fn in _hooks(defn):
            annotation = _first_annotation(fn)
            if annotation in ("Game", "GameBase"):  # vp_fn and a few take the Player
                seen += 1
                assert annotation == "GameBase", f"{defn.name}.{attr}: {fn.__qualname__}"
    for event in registry.all_events().values():
        annotation = _first_annotation(event.on_buy)
        if annotation is not None:
            seen += 1
            assert annotation == "Game", f"{event.name}.on_buy: {event.on_buy.__qualname__}"
    assert seen > 300  # the check sees the hooks (about 600 annotated)
