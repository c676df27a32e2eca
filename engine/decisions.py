"""Decisions: every choice a player makes, as structured data.

The engine never guesses for a player: it builds a :class:`Decision` (a kind
from :class:`DecisionKind`, the player, the card asking, a prompt, and options
with stable ids) and asks that player's provider. Option ids are card names or
short keys (``"yes"``, ``"discard"``, ``"buy:Silver"``), never menu text, so a
scripted answer survives any rewording of prompts.

An answer is an option id, a :class:`~engine.cards.core.Card` (to pick one
physical copy), or a sequence of those. When several options share an id (three
Coppers in hand), each occurrence of the id in the answer takes the next
unused one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol

from engine.cards.core import Card
from engine.errors import InvalidAnswer

if TYPE_CHECKING:
    from engine.game import Game


class DecisionKind(StrEnum):
    """What sort of choice is being asked."""

    ACTION_PHASE = "action_phase"  # play:<Action> or end_phase
    # play_all_treasures, play:<Treasure>, buy:<pile>, event:<Event>, spend_coffer, end_phase
    BUY_PHASE = "buy_phase"
    NIGHT_PHASE = "night_phase"  # play:<Night> or end_phase
    CHOOSE_CARD_FROM_HAND = "choose_card_from_hand"
    CHOOSE_CARDS_FROM_HAND = "choose_cards_from_hand"
    CHOOSE_CARDS = "choose_cards"  # among revealed or otherwise given cards
    CHOOSE_SUPPLY_CARD = "choose_supply_card"
    CHOOSE_OPTION = "choose_option"
    YES_NO = "yes_no"
    ORDER_CARDS = "order_cards"
    REACT = "react"


END_PHASE = "end_phase"
PLAY_ALL_TREASURES = "play_all_treasures"


class Option:
    """One legal choice: a stable ``id``, a human ``label`` and, for cards, the card."""

    __slots__ = ("id", "label", "card")

    def __init__(self, id: str, label: str | None = None, card: Card | None = None) -> None:
        self.id = id
        self.label = label if label is not None else id
        self.card = card

    def __repr__(self) -> str:
        return f"Option({self.id!r})"


Answer = str | Card | Sequence[str | Card]


class Decision:
    """A question to one player; options may be computed lazily (the hot path)."""

    __slots__ = ("kind", "player", "source", "prompt", "min", "max", "_options", "_make", "context")

    def __init__(
        self,
        kind: DecisionKind,
        player: int,
        source: str | None,
        prompt: str,
        options: Sequence[Option] | Callable[[], list[Option]],
        *,
        min: int = 1,
        max: int = 1,
        context: dict[str, Any] | None = None,
    ) -> None:
        self.kind = kind
        self.player = player
        self.source = source
        self.prompt = prompt
        self.min = min
        self.max = max
        self.context = context
        if callable(options):
            self._options: list[Option] | None = None
            self._make: Callable[[], list[Option]] | None = options
        else:
            self._options = list(options)
            self._make = None

    @property
    def options(self) -> list[Option]:
        """The legal options (computed on first access)."""
        if self._options is None:
            assert self._make is not None
            self._options = self._make()
        return self._options

    def option_ids(self) -> list[str]:
        """The ids of the options, in order (duplicates kept)."""
        return [o.id for o in self.options]

    def describe(self) -> str:
        """A one-line description for error messages."""
        ids = sorted(set(self.option_ids()))
        return (
            f"{self.kind.value} for player {self.player + 1}"
            f"{' from ' + self.source if self.source else ''}: {self.prompt!r}"
            f" (choose {self.min}..{self.max} of {ids})"
        )

    def resolve(self, answer: Answer | None) -> list[Option]:
        """Map an answer to the options it picks, or raise :class:`InvalidAnswer`."""
        if answer is None:
            items: Sequence[str | Card] = []
        elif isinstance(answer, str | Card):
            items = [answer]
        else:
            items = list(answer)
        if not self.min <= len(items) <= self.max:
            raise InvalidAnswer(f"{len(items)} choice(s) given, expected {self.describe()}")
        free = list(self.options)
        picked: list[Option] = []
        for item in items:
            for i, opt in enumerate(free):
                if (opt.card is item) if isinstance(item, Card) else (opt.id == item):
                    picked.append(free.pop(i))
                    break
            else:
                raise InvalidAnswer(f"{item!r} is not a legal choice in {self.describe()}")
        return picked

    def __repr__(self) -> str:
        return f"<Decision {self.describe()}>"


class DecisionProvider(Protocol):
    """Anything that answers decisions: scripted, random, a bot, a person."""

    def decide(self, game: Game, decision: Decision) -> Answer | None:
        """Return the chosen option id(s) or card(s) for ``decision``."""
        ...
