"""A deterministic Dominion rules engine: a pure library (no I/O, no global state).

Start with :func:`new_game` (a normal setup) or :func:`game_from_state` (any
position), drive it with the moves of :class:`Game`, and answer its
:class:`Decision` objects with a provider (:class:`ScriptedProvider`,
:class:`RandomProvider`, :class:`BigMoneyProvider`).
"""

# First, so that every card module has registered its definitions (engine.registry
# is filled by them and never imports them back).
import engine.cards  # noqa: F401  isort: skip
from engine.cards.core import Card, CardDef, EventDef
from engine.cost import Cost
from engine.decisions import (
    END_PHASE,
    PLAY_ALL_TREASURES,
    Decision,
    DecisionKind,
    DecisionProvider,
    Option,
)
from engine.errors import (
    EngineError,
    GameOver,
    IllegalMove,
    InvalidAnswer,
    SetupError,
    StepLimitExceeded,
)
from engine.game import Game, Play
from engine.invariants import check_invariants
from engine.log import EventLog, LogEvent
from engine.providers import (
    BigMoneyProvider,
    RandomProvider,
    ScriptedAnswer,
    ScriptedProvider,
    ScriptError,
)
from engine.registry import implemented_names
from engine.setup import GameSpec, PlayerSpec, game_from_state, new_game, random_kingdom
from engine.simulate import SimulationReport, simulate
from engine.state import LandscapeDeck, Pile, Player
from engine.turn import GameResult

__all__ = [
    "END_PHASE", "PLAY_ALL_TREASURES", "BigMoneyProvider", "Card", "CardDef", "Cost",
    "Decision", "DecisionKind", "DecisionProvider", "EngineError", "EventDef", "EventLog",
    "Game", "GameOver", "GameResult", "GameSpec", "IllegalMove", "InvalidAnswer",
    "LandscapeDeck", "LogEvent", "Option", "Pile", "Play", "Player", "PlayerSpec",
    "RandomProvider", "ScriptError", "ScriptedAnswer", "ScriptedProvider", "SetupError",
    "SimulationReport", "StepLimitExceeded", "check_invariants", "game_from_state",
    "implemented_names", "new_game", "random_kingdom", "simulate",
]
