"""Helpers for engine tests: build a position, script answers, read zones."""

from __future__ import annotations

from typing import Any

from engine import Game, ScriptedProvider, game_from_state


def make(kingdom: list[str], *players: dict[str, Any], answers: list[Any] | None = None,
         log: bool = False, **state: Any) -> tuple[Game, ScriptedProvider]:
    """A game in the given position, with one strict script answering for everyone."""
    script = ScriptedProvider(answers or [])
    game = game_from_state(
        {"kingdom": kingdom, "players": [dict(p) for p in players] or [{}, {}], **state},
        providers=[script],
    )
    if log:
        game.attach_log()
    return game, script


def names(cards: list[Any]) -> list[str]:
    """Card names of a zone, in zone order."""
    return [c.name for c in cards]


def deck(game: Game, i: int) -> list[str]:
    """Player ``i``'s deck, top first."""
    return names(game.players[i].deck_top_first())


def hand(game: Game, i: int) -> list[str]:
    """Player ``i``'s hand, sorted (hand order rarely matters)."""
    return sorted(names(game.players[i].hand))
