"""The scenarios of the engine audit fixes (issue 14) fail when the fix is undone.

Same idea as ``test_scenarios_catch_breakage.py``: each case first checks the
scenario passes, then monkeypatches in the bug the engine really had (or a
plausible wrong reading of the rule) and checks the scenario now fails.
Kept in its own file so the card helpers' cases and these do not collide.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import invariants, registry
from engine.cards.core import Card
from engine.primitives import GameBase, NextTime
from engine.state import Player
from engine.turn import Game
from rulings_service.scenarios.loader import find_scenario
from rulings_service.scenarios.runner import run_scenario

Patch = Callable[[pytest.MonkeyPatch], None]


# --- the bugs as they were ------------------------------------------------------------
def take_top_from_an_empty_new_deck(self: GameBase, p: Player, may_shuffle: bool = True):
    """The old take_top: after a shuffle it pops the deck even if Avoid left it empty."""
    if not p.deck:
        if not p.discard:
            return None
        self.shuffle(p)
    return p.deck.pop()


def reveal_shuffling_each_time(self: GameBase, p: Player, n: int, source=None, look=False,
                               may_shuffle: bool = True) -> list[Card]:
    """The old reveal_from_deck: a second shuffle brings back the cards Avoid kept out."""
    taken = []
    for _ in range(n):
        c = self.take_top(p)
        if c is None:
            break
        p.set_aside.append(c)
        taken.append(c)
    return taken


def shortcut_ignoring_traits(self: Game, hand: list[Card]) -> bool:
    """The old play-all-Treasures shortcut condition, which forgot Traits."""
    if self._coin_states or self.watching_plays():
        return False
    return all(c.defn.plain for c in hand if c.defn.is_treasure)


def duration_held_only_in_play_or_trash(p: Player, eff, trash: list[Card]) -> bool:
    """The old invariant: a waiting Duration's card must be in play, on a mat or trashed."""
    return (eff.card in p.in_play or any(k in p.in_play for k in eff.keepers)
            or any(eff.card in mat for mat in p.mats.values())
            or any(eff.card is c for c in trash))


def cage_trashes_itself_wherever_it_is(g, owner, card, gainer, gained) -> None:
    """A wrong reading of Cage: "trash this" finds the Cage even in another player's
    discard pile, after it left play."""
    for q in g.players:
        for zone in (q.in_play, q.discard, q.hand, q.deck):
            if card in zone:
                g.trash_card(q, card, zone, card.name)
    kept = g.set_aside_on(owner, card)

    def back(game) -> None:
        for c in kept:
            game.to_hand(owner, c, owner.mats[card.name])

    g.at_end_of_turn(back)


def cage_when(g, owner, card, gainer, gained) -> bool:
    return gainer is owner and gained.defn.is_victory


def black_market_buy_as_if_buy_phase(self: Game, p: Player, card: Card) -> str | None:
    """The old Black Market check: Deluded applied as if the buy started the Buy phase."""
    cost = self.cost(card)
    if p.debt or cost.coins > self.coins or cost.potion > self.potions:
        return "cannot pay"
    return self.buy_restriction(card)


_honest_resolve_once = GameBase._resolve_once


def every_player_of_a_play_keeps_its_durations(self: GameBase, p: Player, card: Card, by,
                                               again: bool) -> None:
    """The old tracking: every card up the chain of plays that made a Duration effect
    stayed in play with it (outer Throne Rooms, Herald)."""
    before = len(p.durations)
    _honest_resolve_once(self, p, card, by, again)
    for eff in p.durations[before:]:
        if by is not None and by not in eff.keepers:
            eff.keepers.append(by)


_honest_buy_event = Game.buy_event


def event_counts_as_a_card_bought(self: Game, name: str):
    """A wrong engine: Goons' "when you buy a card" also fires for an Event."""
    out = _honest_buy_event(self, name)
    p = self.players[self.current]
    p.vp_tokens += sum(1 for c in p.in_play if c.name == "Goons")
    return out


def method(cls: type, name: str, value) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        mp.setattr(cls, name, value)
    return apply


CASES: list[tuple[str, Patch]] = [
    ("events--goons-no-token-for-an-event",
     method(Game, "buy_event", event_counts_as_a_card_bought)),
    ("throne-room--throne-room-wharf-outer-discarded",
     method(GameBase, "_resolve_once", every_player_of_a_play_keeps_its_durations)),
    ("throne-room--herald-plays-wharf-once",
     method(GameBase, "_resolve_once", every_player_of_a_play_keeps_its_durations)),
    ("deluded--black-market-action-phase-buy",
     method(Game, "buy_refusal", black_market_buy_as_if_buy_phase)),
    ("reckless--play-all-treasures",
     method(Game, "_only_plain_treasures", shortcut_ignoring_traits)),
    ("inspiring--play-all-treasures",
     method(Game, "_only_plain_treasures", shortcut_ignoring_traits)),
    ("avoid--every-card-kept-out", method(GameBase, "take_top", take_top_from_an_empty_new_deck)),
    ("avoid--night-watchman-looks-at-what-it-can",
     method(GameBase, "reveal_from_deck", reveal_shuffling_each_time)),
    ("cage--trashed-by-mint-gained-by-shaman",
     lambda mp: mp.setattr(invariants, "_duration_held", duration_held_only_in_play_or_trash)),
    ("cage--trashed-by-mint-gained-by-shaman",
     lambda mp: mp.setattr(registry.card("Cage"), "next_turn",
                           NextTime("gain", cage_when, cage_trashes_itself_wherever_it_is))),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_the_fix_is_undone(scenario_id: str, breaks: Patch,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = find_scenario(scenario_id)
    assert run_scenario(scenario).passed, "the scenario must pass before the break"
    breaks(monkeypatch)
    assert not run_scenario(scenario).passed, f"{scenario_id} still passes with the break"
