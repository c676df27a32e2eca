"""Typed errors of the engine.

Callers (scenarios, the CLI, the simulator) must be able to tell a rules
violation by a player apart from a broken setup or a runaway loop, so each has
its own class; all derive from :class:`EngineError`.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalMove(EngineError):
    """A move the rules forbid (wrong phase, no Actions left, card not in hand...).

    Raised *before* anything changes, so the game state is exactly as it was.
    """


class InvalidAnswer(IllegalMove):
    """A decision provider answered with something that is not a legal option."""


class SetupError(EngineError):
    """A game description that cannot be built (unknown card, bad counts...)."""


class StepLimitExceeded(EngineError):
    """A turn took more engine steps than allowed: almost surely an endless loop."""


class GameOver(IllegalMove):
    """A move was attempted after the game had ended."""
