"""Each sampled scenario fails when the card behaviour it demonstrates is broken.

A scenario that still passes with the card broken proves nothing. For each
case we monkeypatch the relevant card's hook (or bonus, or the setup
rule) with a plausible *wrong* reading of the card — the kind of bug an engine
really has (gain to the wrong zone, count coins towards Feast, discard down to
4, shuffle the set-aside cards in) — and check the scenario now fails. Every
case first checks that the scenario passes unbroken, so a failure here is
attributable to the break alone.

The cases live in one file per set (``test_breakage_<set>.py``); this module
holds what more than one set uses: the ways to patch a card, a setup rule or
the turn, the wrong readings several sets share, and ``check_breaks``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import registry
from engine import setup as engine_setup
from rulings_service.scenarios.loader import find_scenario
from rulings_service.scenarios.runner import run_scenario

Patch = Callable[[pytest.MonkeyPatch], None]


def hook(card: str, attr: str, value: Any) -> Patch:
    """Replace one attribute (hook or bonus) of a card or Event definition."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        defn = registry.event(card) if registry.is_event(card) else registry.card(card)
        mp.setattr(defn, attr, value)

    return apply


def both(*patches: Patch) -> Patch:
    """Apply several patches together (a hook and the bonus it replaces)."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        for patch in patches:
            patch(mp)

    return apply


def no_op(*_args: Any) -> None:
    return None


def replace_setup_rule(original: Callable[..., None], wrong: Callable[..., None]) -> Patch:
    """Swap one of the engine's setup rules for a wrong version of it."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        rules = [wrong if rule is original else rule for rule in engine_setup.SETUP_RULES]
        assert wrong in rules, "the rule to replace is not a setup rule"
        mp.setattr(engine_setup, "SETUP_RULES", rules)

    return apply


def game_end_ignoring(pile_name: str) -> Patch:
    """The game-end check skips one pile (as if it did not count)."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        from engine.game import Game

        def wrong(game) -> bool:
            empty = 0
            for name, pile in game.piles.items():
                if name == pile_name or not pile.supply or pile.cards:
                    continue
                if name in ("Province", "Colony"):
                    return True
                empty += 1
            return empty >= 3

        mp.setattr(Game, "game_should_end", wrong)

    return apply


def patches(*parts: Patch) -> Patch:
    """Apply several patches together (a bug spread over a bonus and a hook)."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        for part in parts:
            part(mp)

    return apply


def turn_patch(attr: str, make: Callable[[Any], Callable[..., Any]]) -> Patch:
    """Replace a method of the Game with a wrong version built from the original."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        from engine.game import Game

        mp.setattr(Game, attr, make(getattr(Game, attr)))

    return apply


def check_breaks(scenario_id: str, breaks: Patch, monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenario passes as the engine is, and fails once ``breaks`` is applied."""
    scenario = find_scenario(scenario_id)
    assert run_scenario(scenario).passed, "the scenario must pass before the card is broken"
    breaks(monkeypatch)
    broken = run_scenario(scenario)
    assert not broken.passed, f"{scenario_id} still passes with the card broken"
