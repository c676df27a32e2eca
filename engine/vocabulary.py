"""The engine's vocabularies, in one home: the phases of a turn.

The engine owns what a phase is; the scenario schema, the runner and the web
layer import these rather than keep copies that drift (a copy once accepted
``phase: cleanup`` in a scenario while the engine refused to start a game
there). Members are ``str`` subclasses, so ``game.phase == Phase.BUY`` and
``game.phase == "buy"`` mean the same and the hot path keeps comparing
plain strings.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Every value ``Game.phase`` takes, in turn order."""

    START = "start"  # before the Action phase: start-of-turn effects resolve
    ACTION = "action"
    BUY = "buy"
    NIGHT = "night"
    CLEANUP = "cleanup"
    OVER = "over"  # the game has ended


#: The phases a game built from a described state (a scenario's ``turn.phase``) may
#: start in: Clean-up and the start of a turn are reached by playing, not set up.
STARTING_PHASES: tuple[str, ...] = (Phase.ACTION.value, Phase.BUY.value, Phase.NIGHT.value)
