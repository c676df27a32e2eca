"""Invariants that must hold after every step of any game (for fuzzing and simulate)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.cards.core import Card
    from engine.game import Game
    from engine.state import DurationEffect, Player


def check_invariants(game: Game) -> list[str]:
    """Return a description of every violated invariant (empty list: all good).

    - every physical card is in exactly one place, and none appeared or vanished;
    - counters (Actions, Buys, coins, Potions, debt, tokens) are never negative;
    - durations refer to cards that are in play (or, when the Duration card itself
      was trashed by the card that played it, Procession, to that card in play), or
      set aside on a mat until the next turn (Horse Traders).
    """
    problems: list[str] = []
    if _fast_ok(game):
        return problems
    seen: dict[int, str] = {}

    def visit(cards: list, where: str) -> None:  # type: ignore[type-arg]
        for c in cards:
            if c.uid in seen:
                problems.append(f"{c!r} is both in {seen[c.uid]} and in {where}")
            seen[c.uid] = where

    for name, pile in game.piles.items():
        visit(pile.cards, f"pile {name}")
    visit(game.trash, "trash")
    visit(game.black_market, "Black Market deck")
    for p in game.players:
        visit(p.deck, f"{p.name} deck")
        visit(p.hand, f"{p.name} hand")
        visit(p.discard, f"{p.name} discard")
        visit(p.in_play, f"{p.name} in play")
        visit(p.set_aside, f"{p.name} set aside")
        for mat, cards in p.mats.items():
            visit(cards, f"{p.name} mat {mat}")
        for counter in ("vp_tokens", "coffers", "villagers", "debt"):
            if counter != "vp_tokens" and getattr(p, counter) < 0:
                problems.append(f"{p.name} {counter} is negative")
        for eff in p.durations:
            if not _duration_held(p, eff, game.trash):
                problems.append(f"{p.name} duration {eff.card!r} is not in play")
    if len(seen) != game.card_count:
        problems.append(f"{len(seen)} cards found but {game.card_count} exist")
    for counter in ("actions", "buys", "coins", "potions"):
        if getattr(game, counter) < 0:
            problems.append(f"{counter} is negative ({getattr(game, counter)})")
    return problems


def _fast_ok(game: Game) -> bool:
    """A quick pass that is True only if nothing at all is wrong (the common case)."""
    uids: list[int] = []
    add = uids.extend
    for pile in game.piles.values():
        add([c.uid for c in pile.cards])
    add([c.uid for c in game.trash])
    add([c.uid for c in game.black_market])
    for p in game.players:
        if p.coffers < 0 or p.villagers < 0 or p.debt < 0:
            return False
        for zone in (p.deck, p.hand, p.discard, p.in_play, p.set_aside, *p.mats.values()):
            add([c.uid for c in zone])
        for eff in p.durations:
            if not _duration_held(p, eff, game.trash):
                return False
    if game.actions < 0 or game.buys < 0 or game.coins < 0 or game.potions < 0:
        return False
    return len(uids) == game.card_count == len(set(uids))


def _duration_held(p: Player, eff: DurationEffect, trash: list[Card]) -> bool:
    """A waiting duration effect is held in play by its card or by a card that played it,
    or its card waits on one of its owner's mats (a Reaction set aside: Horse Traders),
    or its card was trashed from play (a Duration Treasure Mint trashes) - its effect
    still happens, as a Duration's does whenever its card has left play, and from the
    trash the card may have been gained by anyone (Shaman) without taking it along."""
    return (eff.left_play or eff.card in p.in_play or any(k in p.in_play for k in eff.keepers)
            or any(eff.card in mat for mat in p.mats.values())
            or any(eff.card is c for c in trash))
