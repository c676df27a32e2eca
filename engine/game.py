"""The :class:`Game` class and its helpers, under one stable import path.

The class is split for size: :mod:`engine.primitives` holds the state and the
primitives (:class:`GameBase`), :mod:`engine.turn` the turn flow and moves.
"""

from engine.primitives import DEFAULT_STEP_LIMIT, GameBase, Play, Shuffler
from engine.turn import Game, GameResult

__all__ = ["DEFAULT_STEP_LIMIT", "Game", "GameBase", "GameResult", "Play", "Shuffler"]
