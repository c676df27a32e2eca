"""The structured event log, built only when someone listens.

The engine calls its listeners with :class:`LogEvent` objects only when at
least one is attached (``Game.attach_log`` / ``Game.add_listener``); with no
listener the hot path builds nothing and formats nothing. Events nest the way
Dominion Online shows them: a play opens a scope, and what happens during it
(including Throne Room playing Market again) are its children.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine.vocabulary import LOG_VERBS, LogKind


class LogEvent:
    """One thing that happened: ``kind`` (``play``, ``draw``, ``gain``, ...), who, which cards."""

    __slots__ = (
        "kind", "player", "cards", "card_ids", "source", "depth", "data", "children", "turn",
    )

    def __init__(
        self,
        kind: LogKind,
        player: int | None,
        cards: tuple[str, ...],
        card_ids: tuple[int, ...],
        source: str | None,
        depth: int,
        data: dict[str, Any] | None,
        turn: int,
    ) -> None:
        self.kind = kind
        self.player = player
        self.cards = cards
        self.card_ids = card_ids
        self.source = source
        self.depth = depth
        self.data = data or {}
        self.children: list[LogEvent] = []
        self.turn = turn

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready nested dict of this event and its children."""
        out: dict[str, Any] = {"kind": str(self.kind), "turn": self.turn}
        if self.player is not None:
            out["player"] = self.player
        if self.cards:
            out["cards"] = list(self.cards)
        if self.source:
            out["source"] = self.source
        if self.data:
            out["data"] = dict(self.data)
        if self.children:
            out["children"] = [c.to_dict() for c in self.children]
        return out

    def text(self) -> str:
        """A human sentence, formatted only on request ("Player 1 plays Market again")."""
        who = f"Player {self.player + 1}" if self.player is not None else "Game"
        what = ", ".join(self.cards)
        verb = LOG_VERBS[self.kind]
        extra = ""
        if not what and self.source and self.kind in (LogKind.BUY, LogKind.RETURN):
            what = self.source  # an Event is bought by name, not as a card
        if self.kind is LogKind.PLAY and self.data.get("again"):
            extra = " again"
        if self.kind is LogKind.DECISION:
            what = f"{self.data.get('kind')}: {', '.join(self.data.get('answer', ()))}"
        if self.kind is LogKind.PHASE:
            what = str(self.data.get("phase"))
        if self.kind is LogKind.TURN:
            what = str(self.turn) + (" (extra)" if self.data.get("extra") else "")
        return f"{who} {verb} {what}{extra}".rstrip()


class EventLog:
    """A listener that keeps the nested tree of events."""

    def __init__(self) -> None:
        self.roots: list[LogEvent] = []
        self._stack: list[LogEvent] = []

    def record(self, event: LogEvent) -> None:
        """Add an event under the innermost open scope."""
        (self._stack[-1].children if self._stack else self.roots).append(event)

    def open(self, event: LogEvent) -> None:
        """Add an event and make it the scope of what follows until :meth:`close`."""
        self.record(event)
        self._stack.append(event)

    def close(self) -> None:
        """End the innermost scope."""
        if self._stack:
            self._stack.pop()

    def walk(self) -> Iterator[LogEvent]:
        """Every event, depth first, in the order it happened."""
        def rec(events: list[LogEvent]) -> Iterator[LogEvent]:
            for e in events:
                yield e
                yield from rec(e.children)
        return rec(self.roots)

    def of_kind(self, kind: str) -> list[LogEvent]:
        """All events of one kind, in order."""
        return [e for e in self.walk() if e.kind == kind]

    def lines(self) -> list[str]:
        """Indented text lines, one per event (for transcripts)."""
        return ["  " * e.depth + e.text() for e in self.walk()]

    def to_list(self) -> list[dict[str, Any]]:
        """The whole log as JSON-ready nested dicts."""
        return [e.to_dict() for e in self.roots]
