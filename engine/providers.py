"""Decision providers: scripted (scenarios), random (fuzzing), Big Money (benchmarks).

Each provider answers :class:`~engine.decisions.Decision` objects with option
ids. None of them keeps global state; the random ones own their RNG.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.decisions import (
    END_PHASE,
    PLAY_ALL_TREASURES,
    Answer,
    Decision,
    DecisionKind,
    DecisionProvider,
)
from engine.errors import InvalidAnswer

if TYPE_CHECKING:
    from engine.game import Game


class ScriptedAnswer:
    """One scripted answer: ``choose`` (ids), optionally checked against ``kind``,
    ``player`` (0-based) and ``source`` (the asking card's name)."""

    __slots__ = ("choose", "kind", "player", "source")

    def __init__(self, choose: Answer | None, kind: str | None = None,
                 player: int | None = None, source: str | None = None) -> None:
        self.choose = choose
        self.kind = kind
        self.player = player
        self.source = source

    def __repr__(self) -> str:
        return f"ScriptedAnswer({self.choose!r}, kind={self.kind!r})"


class ScriptError(InvalidAnswer):
    """The script did not answer a decision, or answered a different one."""


class ScriptedProvider:
    """Answers decisions from a list, in order; strict about kinds and leftovers.

    Entries are :class:`ScriptedAnswer`, mappings ``{"choose": ..., "kind": ...,
    "player": ..., "source": ...}``, or bare answers (any kind). A decision
    arriving when the script is exhausted is answered by ``fallback`` if given,
    else raises :class:`ScriptError` naming the decision and its options.
    """

    def __init__(self, answers: Iterable[Any] = (),
                 fallback: DecisionProvider | None = None) -> None:
        self.answers: list[ScriptedAnswer] = [self._coerce(a) for a in answers]
        self.fallback = fallback
        self.asked: list[Decision] = []

    @staticmethod
    def _coerce(entry: Any) -> ScriptedAnswer:
        if isinstance(entry, ScriptedAnswer):
            return entry
        if isinstance(entry, Mapping):
            unknown = set(entry) - {"choose", "kind", "player", "source"}
            if unknown:
                raise ScriptError(f"scripted answer has unknown keys {sorted(unknown)}")
            return ScriptedAnswer(entry.get("choose"), entry.get("kind"),
                                  entry.get("player"), entry.get("source"))
        return ScriptedAnswer(entry)

    def add(self, *entries: Any) -> None:
        """Append answers to the script."""
        self.answers.extend(self._coerce(e) for e in entries)

    def decide(self, game: Game, decision: Decision) -> Answer | None:
        """Pop the next answer after checking it was meant for this decision."""
        _ = decision.options  # fix lazy options now, for later inspection of `asked`
        self.asked.append(decision)
        if not self.answers:
            if self.fallback is not None:
                return self.fallback.decide(game, decision)
            raise ScriptError(f"no scripted answer for {decision.describe()}")
        ans = self.answers[0]
        if ans.kind is not None and ans.kind != decision.kind.value:
            raise ScriptError(
                f"scripted answer {ans.choose!r} expects a {ans.kind} decision, "
                f"but the engine asked {decision.describe()}")
        if ans.player is not None and ans.player != decision.player:
            raise ScriptError(
                f"scripted answer {ans.choose!r} is for player {ans.player + 1}, "
                f"but the engine asked {decision.describe()}")
        if ans.source is not None and ans.source != decision.source:
            raise ScriptError(
                f"scripted answer {ans.choose!r} is for a decision from {ans.source}, "
                f"but the engine asked {decision.describe()}")
        self.answers.pop(0)
        return ans.choose


class RandomProvider:
    """Uniformly random legal answers from its own seeded RNG (for fuzzing).

    In the Buy phase it plays all Treasures first most of the time and ends
    the phase less often than it buys, so random games finish.
    """

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def decide(self, game: Game, decision: Decision) -> Answer | None:
        """A random legal answer."""
        rng = self.rng
        opts = decision.options
        kind = decision.kind
        if kind is DecisionKind.BUY_PHASE:
            ids = [o.id for o in opts]
            if PLAY_ALL_TREASURES in ids and rng.random() < 0.8:
                return PLAY_ALL_TREASURES
            buys = [i for i in ids if i != END_PHASE]
            if buys and rng.random() < 0.85:
                return rng.choice(buys)
            return END_PHASE
        if kind is DecisionKind.ACTION_PHASE or kind is DecisionKind.NIGHT_PHASE:
            plays = [o.id for o in opts if o.id != END_PHASE]
            if plays and rng.random() < 0.9:
                return rng.choice(plays)
            return END_PHASE
        if kind is DecisionKind.ORDER_CARDS:
            cards = [o.card for o in opts]
            rng.shuffle(cards)
            return cards  # type: ignore[return-value]
        k = rng.randint(decision.min, min(decision.max, len(opts)))
        picked = rng.sample(opts, k)
        return [o.card if o.card is not None else o.id for o in picked]


class BigMoneyProvider:
    """The classic Big Money bot: play all Treasures, buy Province/Gold/Silver.

    With ``duchy_dancing`` it buys Duchies and Estates late in the game.
    Other decisions get the smallest legal answer (first options).
    """

    def __init__(self, duchy_dancing: bool = True) -> None:
        self.duchy_dancing = duchy_dancing

    def decide(self, game: Game, decision: Decision) -> Answer | None:
        """Answer by the Big Money rules."""
        kind = decision.kind
        if kind is DecisionKind.BUY_PHASE:
            if not game.bought_in_phase and any(
                c.defn.is_treasure for c in game.players[game.current].hand
            ):
                return PLAY_ALL_TREASURES
            if game.buys < 1:
                return END_PHASE
            return self._buy(game)
        if kind is DecisionKind.ACTION_PHASE or kind is DecisionKind.NIGHT_PHASE:
            return END_PHASE
        if kind is DecisionKind.REACT or kind is DecisionKind.YES_NO:
            return decision.options[0].id
        opts = decision.options
        if kind is DecisionKind.ORDER_CARDS:
            return [o.card for o in opts]  # type: ignore[misc]
        return [o.card if o.card is not None else o.id for o in opts[: decision.min]]

    def _buy(self, game: Game) -> str:
        coins = game.coins
        piles = game.piles
        provinces = len(piles["Province"].cards)
        choice: str | None = None
        if coins >= 8:
            choice = "Province"
        elif coins >= 6:
            choice = "Duchy" if self.duchy_dancing and provinces <= 4 else "Gold"
        elif coins >= 5 and self.duchy_dancing and provinces <= 5:
            choice = "Duchy"
        elif coins >= 3:
            choice = "Estate" if self.duchy_dancing and provinces <= 2 else "Silver"
        elif coins >= 2 and self.duchy_dancing and provinces <= 3:
            choice = "Estate"
        if choice is None or not piles[choice].cards or game.can_buy(choice):
            return END_PHASE
        return "buy:" + choice


def providers_for(kind: str, players: int, seed: int) -> Sequence[DecisionProvider]:
    """Providers for a simulation: ``random`` (one RNG per player) or ``big-money``."""
    if kind == "random":
        return [RandomProvider(seed * 1009 + i) for i in range(players)]
    if kind == "big-money":
        return [BigMoneyProvider() for _ in range(players)]
    raise ValueError(f"unknown provider kind {kind!r} (random, big-money)")
