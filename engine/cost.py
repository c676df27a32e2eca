"""Card costs: coins plus the optional Potion and debt parts.

A cost is not a number: "costs up to 5" must exclude a card costing a Potion,
and debt is paid differently from coins. :class:`Cost` keeps the three parts
and answers the comparisons the rules need.
"""

from __future__ import annotations


class Cost:
    """An immutable cost of ``coins``, ``potion`` (0 or 1) and ``debt``."""

    __slots__ = ("coins", "potion", "debt")
    coins: int
    potion: int
    debt: int

    def __init__(self, coins: int = 0, potion: int = 0, debt: int = 0) -> None:
        object.__setattr__(self, "coins", coins)
        object.__setattr__(self, "potion", potion)
        object.__setattr__(self, "debt", debt)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Cost is immutable")

    def __eq__(self, other: object) -> bool:
        if isinstance(other, int):
            return self.coins == other and not self.potion and not self.debt
        if not isinstance(other, Cost):
            return NotImplemented
        return (self.coins, self.potion, self.debt) == (other.coins, other.potion, other.debt)

    def __hash__(self) -> int:
        # Equal objects hash alike: a plain coin cost equals its int, so it hashes as one
        # (``Cost(3) in {3}`` and ``3 in {Cost(3)}`` hold).
        if not self.potion and not self.debt:
            return hash(self.coins)
        return hash((self.coins, self.potion, self.debt))

    def __repr__(self) -> str:
        parts = [f"{self.coins}$"]
        if self.potion:
            parts.append("P")
        if self.debt:
            parts.append(f"{self.debt}D")
        return "Cost(" + " ".join(parts) + ")"

    def at_most(self, limit: Cost) -> bool:
        """True if this cost is "up to" ``limit`` in every component."""
        return (
            self.coins <= limit.coins
            and self.potion <= limit.potion
            and self.debt <= limit.debt
        )

    def exactly(self, other: Cost) -> bool:
        """True if both costs are the same in every component."""
        return self == other

    def plus_coins(self, coins: int) -> Cost:
        """This cost with ``coins`` more (never below 0); Potion and debt kept."""
        return Cost(max(0, self.coins + coins), self.potion, self.debt)


ZERO = Cost()
