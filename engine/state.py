"""Plain game-state containers: players with their zones, and piles.

Lists keep the *top* of a deck or pile at the end (``pop()`` is O(1));
:meth:`Player.deck_top_first` and snapshots present them top first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.cards.core import Card


class DurationEffect:
    """A "at the start of your next turn" effect waiting to happen.

    ``card`` stays in play until the effect has resolved, and so does every
    card in ``keepers``: the Throne Room or King's Court that played ``card`` more
    than once (not a card that played it once, such as Herald, nor one that played
    the card that played it, such as an outer Throne Room).
    ``left_play`` is set when ``card`` is trashed from play before that (Mint,
    Procession): the effect still happens, and the card may go on from the trash
    to anywhere (Shaman, Lurker gaining it) without taking the effect along.
    """

    __slots__ = ("card", "effect", "keepers", "left_play")

    def __init__(self, card: Card, effect: Callable[..., None]) -> None:
        self.card = card
        self.effect = effect
        self.keepers: list[Card] = []
        self.left_play = False


class Player:
    """A player's zones and counters that persist between turns."""

    __slots__ = (
        "index", "name", "deck", "hand", "discard", "in_play", "set_aside",
        "mats", "tokens", "vp_tokens", "coffers", "villagers", "debt",
        "turns_taken", "durations", "states", "kept_in_play",
    )

    def __init__(self, index: int, name: str | None = None) -> None:
        self.index = index
        self.name = name or f"Player {index + 1}"
        self.deck: list[Card] = []  # top is the last element
        self.hand: list[Card] = []
        self.discard: list[Card] = []  # top is the last element
        self.in_play: list[Card] = []
        self.set_aside: list[Card] = []  # revealed / set aside while an effect resolves
        self.mats: dict[str, list[Card]] = {}
        self.tokens: dict[str, int] = {}
        self.vp_tokens = 0
        self.coffers = 0
        self.villagers = 0
        self.debt = 0
        self.turns_taken = 0  # normal turns only (the tiebreaker ignores extra turns)
        self.durations: list[DurationEffect] = []
        self.states: list[str] = []
        self.kept_in_play: list[Card] = []  # duration cards (and their Throne Rooms) from last turn

    def deck_top_first(self) -> list[Card]:
        """The deck with its top card first."""
        return self.deck[::-1]

    def all_cards(self) -> list[Card]:
        """Every card the player owns, wherever it is (for scoring and Gardens)."""
        out = self.deck + self.hand + self.discard + self.in_play + self.set_aside
        for mat in self.mats.values():
            out.extend(mat)
        return out

    def __repr__(self) -> str:
        return f"<{self.name}>"


class Pile:
    """A pile of physical cards (top last); ``supply`` says whether it is in the Supply.

    The top card may differ from the others (Ruins, Knights), so a pile is a
    list of cards rather than a name and a count.
    """

    __slots__ = ("name", "cards", "supply", "kingdom", "tokens", "trait")

    def __init__(self, name: str, cards: list[Card], *, supply: bool, kingdom: bool) -> None:
        self.name = name
        self.cards = cards
        self.supply = supply
        self.kingdom = kingdom
        self.tokens: dict[str, Any] = {}
        self.trait: str | None = None

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def top(self) -> Card | None:
        """The card that would be gained next, or None if the pile is empty."""
        return self.cards[-1] if self.cards else None

    def __repr__(self) -> str:
        return f"<Pile {self.name} x{len(self.cards)}>"


class LandscapeDeck:
    """A shuffled deck of landscape cards by name (Boons, Hexes, Loot...).

    Kept as names: landscapes have no physical identity the rules care about.
    """

    __slots__ = ("name", "cards", "discard", "held", "saved", "set_aside")

    def __init__(self, name: str, cards: list[str] | None = None) -> None:
        self.name = name
        self.cards: list[str] = list(cards or [])  # top is the last element
        self.discard: list[str] = []
        # (player index, name): received landscapes kept in front of a player until
        # Clean-up (The Field's Gift...), then discarded.
        self.held: list[tuple[int, str]] = []
        # (player index, name): taken now, received at the start of that player's next
        # turn (Blessed Village), in front of them until then.
        self.saved: list[tuple[int, str]] = []
        # Set aside at setup, out of the deck for the whole game: Druid's three Boons
        # (received from there, never discarded). Not changed in play, so the checkpoint
        # leaves it out.
        self.set_aside: list[str] = []
