"""The engine's vocabularies, in one home: phases, a player's zones, log-event kinds.

The engine owns what a phase is; the scenario schema, the runner and the web
layer import these rather than keep copies that drift (a copy once accepted
``phase: cleanup`` in a scenario while the engine refused to start a game
there; two copies of the zone names sat in the scenario schema and bridge).
Members are ``str`` subclasses, so ``game.phase == Phase.BUY`` and
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


class Zone(StrEnum):
    """A player's own zones: each is the list attribute of that name on
    :class:`~engine.state.Player` (the deck listed top last inside the engine, top
    first in snapshots and scenarios). Mats are named zones of their own."""

    HAND = "hand"
    DECK = "deck"
    DISCARD = "discard"
    IN_PLAY = "in_play"
    SET_ASIDE = "set_aside"


#: The zone names as plain strings, in the order snapshots and scenarios list them.
PLAYER_ZONES: tuple[str, ...] = tuple(z.value for z in Zone)


class LogKind(StrEnum):
    """Every kind of event the engine writes to its log (``LogEvent.kind``).

    The engine's logging calls take a member, so mypy refuses a misspelt kind;
    the scenario schema (``log``/``log_absent`` facts), the transcript and the
    captions import this instead of keeping lists that drift. A fact naming a
    kind the engine never writes would hold vacuously, which is why the schema
    checks names against this enum.
    """

    BUY = "buy"
    DECISION = "decision"
    DISCARD = "discard"
    DRAW = "draw"
    DURATION = "duration"  # a waiting Duration effect resolves (opens a scope)
    EXCHANGE = "exchange"
    GAIN = "gain"
    GAME_END = "game_end"
    LOOK = "look"
    PHASE = "phase"
    PLAY = "play"
    REACT = "react"
    RETURN = "return"
    REVEAL = "reveal"
    SET_ASIDE = "set_aside"
    SHUFFLE = "shuffle"
    TOPDECK = "topdeck"
    TRASH = "trash"
    TURN = "turn"


#: The kinds as plain strings, sorted (error messages and schema checks list them).
LOG_KINDS: tuple[str, ...] = tuple(sorted(k.value for k in LogKind))

#: One present-tense verb per kind, for a log line ("Player 1 plays Market"): the
#: engine's ``LogEvent.text`` and the scenario transcript share it.
LOG_VERBS: dict[str, str] = {  # keyed by LogKind members, which are str
    LogKind.BUY: "buys",
    LogKind.DECISION: "decides",
    LogKind.DISCARD: "discards",
    LogKind.DRAW: "draws",
    LogKind.DURATION: "resolves the Duration",
    LogKind.EXCHANGE: "exchanges",
    LogKind.GAIN: "gains",
    LogKind.GAME_END: "game ends",
    LogKind.LOOK: "looks at",
    LogKind.PHASE: "enters phase",
    LogKind.PLAY: "plays",
    LogKind.REACT: "reacts with",
    LogKind.RETURN: "returns",
    LogKind.REVEAL: "reveals",
    LogKind.SET_ASIDE: "sets aside",
    LogKind.SHUFFLE: "shuffles",
    LogKind.TOPDECK: "puts on their deck",
    LogKind.TRASH: "trashes",
    LogKind.TURN: "starts turn",
}
