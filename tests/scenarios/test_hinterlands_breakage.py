"""Each Hinterlands card-text demonstration fails when the card is read wrongly.

The same method as ``test_scenarios_catch_breakage.py`` (kept apart so that
the set's helpers can add to it without touching the long shared file):
every case replaces one hook of a card with a plausible wrong reading of its
printed text, written with the engine's primitives, and the scenario that
demonstrates that clause must then fail. Each case first checks that the
scenario passes unbroken.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest
from breakage_helpers import hook, no_op, turn_patch

from engine.cards import hinterlands as hl
from engine.cost import Cost
from rulings_service.scenarios.loader import find_scenario
from rulings_service.scenarios.runner import run_scenario

Patch = Callable[[pytest.MonkeyPatch], None]


def both(*patches: Patch) -> Patch:
    def apply(mp: pytest.MonkeyPatch) -> None:
        for patch in patches:
            patch(mp)

    return apply


# --- Cache, Border Village -----------------------------------------------------------
def cache_one_copper(g, p, card) -> None:
    g.gain(p, "Copper", source=card.name)


def border_village_up_to(g, p, card) -> None:
    limit = g.cost(card)
    name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
    if name:
        g.gain(p, name, source=card.name)


def border_village_printed_cost(g, p, card) -> None:
    limit = card.defn.cost
    name = g.choose_supply(p, card.name, "Gain",
                           pred=lambda d: g.cost(d).at_most(limit) and g.cost(d) != limit)
    if name:
        g.gain(p, name, source=card.name)


# --- Cartographer --------------------------------------------------------------------
def cartographer_keeps_order(g, p, card, play) -> None:
    seen = g.reveal_from_deck(p, 4, card.name, look=True)
    for c in g.choose_cards(p, card.name, "Discard", seen, min=0, max=len(seen)):
        g.discard_card(p, c, p.set_aside, card.name)
    for c in reversed([c for c in seen if c in p.set_aside]):
        g.topdeck(p, c, p.set_aside, card.name)


def cartographer_no_shuffle(g, p, card, play) -> None:
    seen = list(reversed(p.deck[-4:]))
    for c in seen:
        p.deck.remove(c)
        p.set_aside.append(c)
    for c in g.choose_cards(p, card.name, "Discard", seen, min=0, max=len(seen)):
        g.discard_card(p, c, p.set_aside, card.name)
    rest = [c for c in seen if c in p.set_aside]
    for c in g.order_cards(p, card.name, "Order", rest):
        g.topdeck(p, c, p.set_aside, card.name)


# --- Crossroads ----------------------------------------------------------------------
def crossroads_draws_one(g, p, card, play) -> None:
    g.draw(p, 1)
    if sum(1 for c in g.played_this_turn if c.name == card.name) == 1:
        g.actions += 3


def crossroads_actions_every_time(g, p, card, play) -> None:
    g.draw(p, sum(1 for c in p.hand if c.defn.is_victory))
    g.actions += 3


def crossroads_first_by_copy(g, p, card, play) -> None:
    """'First time' read as 'no other Crossroads card was played': a replay counts again."""
    g.draw(p, sum(1 for c in p.hand if c.defn.is_victory))
    if all(c is card for c in g.played_this_turn if c.name == card.name):
        g.actions += 3


# --- Develop -------------------------------------------------------------------------
def develop_more_first(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    base = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    for target in (base.plus_coins(1), Cost(base.coins - 1)):
        name = g.choose_supply(p, card.name, "Gain", pred=lambda d, t=target: g.cost(d) == t)
        if name:
            g.gain(p, name, to="deck", source=card.name)


def develop_less_is_up_to(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    base = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    more = g.choose_supply(p, card.name, "Gain", pred=lambda d: g.cost(d) == base.plus_coins(1))
    if more:
        g.gain(p, more, to="deck", source=card.name)
    less = g.choose_supply(p, card.name, "Gain", max_cost=Cost(max(0, base.coins - 1)))
    if less:
        g.gain(p, less, to="deck", source=card.name)


# --- Duchess, Embassy, Farmland --------------------------------------------------------
def duchess_player_decides_all(g, p, card, play) -> None:
    n = len(g.players)
    g.discard_or_keep_tops(p, [g.players[(p.index + k) % n] for k in range(n)], card.name)


def embassy_silver_for_all(g, p, card) -> None:
    for q in g.players:
        g.gain(q, "Silver", source=card.name)


def embassy_discards_two(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard 2", min=2, max=2):
        g.discard_card(p, c, p.hand, card.name)


def farmland_up_to_two_more(g, p, card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    limit = g.cost(picked[0]).plus_coins(2)
    g.trash_card(p, picked[0], p.hand, card.name)
    name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
    if name:
        g.gain(p, name, source=card.name)


# --- Fool's Gold, Haggler, Highway --------------------------------------------------
def fools_gold_always_one(g, p, card, play) -> None:
    g.coins += 1


def fools_gold_any_victory(g, gainer, gained, zone) -> None:
    if not gained.defn.is_victory:
        return
    for q in g.players:
        if q is not gainer:
            for c in g.choose_from_hand(q, "Fool's Gold", "Trash for Gold?", min=0, max=1,
                                        pred=lambda c: c.name == "Fool's Gold"):
                g.trash_card(q, c, q.hand, c.name)
                g.gain(q, "Gold", to="deck", source=c.name)


def haggler_victory_too(g, p, haggler, bought) -> None:
    limit = g.cost(bought)
    name = g.choose_supply(p, haggler.name, "Gain",
                           pred=lambda d: g.cost(d).at_most(limit) and g.cost(d) != limit)
    if name:
        g.gain(p, name, source=haggler.name)


def haggler_first_in_play_only(g, p, haggler, bought) -> None:
    if next(c for c in p.in_play if c.name == "Haggler") is haggler:
        hl._haggler_buy(g, p, haggler, bought)


def highway_not_stacking(g, d, cost: Cost) -> Cost:
    if any(c.name == "Highway" for q in g.players for c in q.in_play):
        return Cost(max(0, cost.coins - 1), cost.potion, cost.debt)
    return cost


def highway_per_play(g, d, cost: Cost) -> Cost:
    plays = sum(1 for c in g.played_this_turn if c.name == "Highway")
    return Cost(max(0, cost.coins - plays), cost.potion, cost.debt)


# --- Ill-Gotten Gains, Inn ------------------------------------------------------------
def ill_gotten_gains_right_to_left(g, p, card) -> None:
    n = len(g.players)
    for k in range(n - 1, 0, -1):
        g.gain(g.players[(p.index + k) % n], "Curse", source=card.name)


def ill_gotten_gains_copper_to_discard(g, p, card, play) -> None:
    if g.yes_no(p, card.name, "Gain a Copper?"):
        g.gain(p, "Copper", source=card.name)


def inn_without_itself(g, p, card) -> None:
    actions = [c for c in p.discard if c.defn.is_action and c is not card]
    picked = g.choose_cards(p, card.name, "Reveal", actions, min=0, max=len(actions))
    if picked:
        g.shuffle_into_deck(p, picked, p.discard, card.name)


def inn_discards_one(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard", min=1, max=1):
        g.discard_card(p, c, p.hand, card.name)


def haggler_sees_events(original: Callable[..., Any]) -> Callable[..., Any]:
    """Buying an Event read as buying a card: each Haggler in play gains something."""

    def wrong(self, name: str) -> None:
        original(self, name)
        p = self.current_player
        limit = self.events[name].cost
        for c in [c for c in p.in_play if c.name == "Haggler"]:
            gained = self.choose_supply(
                p, c.name, "Gain", pred=lambda d: not d.is_victory
                and self.cost(d).at_most(limit) and self.cost(d) != limit)
            if gained:
                self.gain(p, gained, source=c.name)

    return wrong


def fixed_trigger_order(g, pending: Sequence[Any], about: str, what: str) -> None:
    """The old engine: simultaneous when-gain effects in a fixed order, nobody asked."""
    for effect in pending:
        effect.run()


def triggers_in_fixed_order(mp: pytest.MonkeyPatch) -> None:
    import engine.primitives

    mp.setattr(engine.primitives, "resolve_triggers", fixed_trigger_order)


CASES: list[tuple[str, Patch]] = [
    ("cache--bought-gains-two-coppers", hook("Cache", "on_gain", cache_one_copper)),
    ("cache--gained-otherwise-one-copper-left",
     both(hook("Cache", "on_gain", None), hook("Cache", "on_buy", hl._cache_gained))),
    ("border-village--gain-cheaper-card",
     hook("Border Village", "on_gain", border_village_up_to)),
    ("border-village--highway-lowers-both-costs",
     hook("Border Village", "on_gain", border_village_printed_cost)),
    ("cartographer--discard-some-reorder-rest",
     hook("Cartographer", "on_play", cartographer_keeps_order)),
    ("cartographer--shuffle-for-the-rest",
     hook("Cartographer", "on_play", cartographer_no_shuffle)),
    ("crossroads--victory-cards-draw", hook("Crossroads", "on_play", crossroads_draws_one)),
    ("crossroads--only-first-play-gives-actions",
     hook("Crossroads", "on_play", crossroads_actions_every_time)),
    ("crossroads--throne-room-second-play-no-actions",
     hook("Crossroads", "on_play", crossroads_first_by_copy)),
    ("develop--either-order-onto-deck", hook("Develop", "on_play", develop_more_first)),
    ("develop--exact-costs-only", hook("Develop", "on_play", develop_less_is_up_to)),
    ("duchess--each-player-decides-own-top",
     hook("Duchess", "on_play", duchess_player_decides_all)),
    ("duchess--gain-duchy-may-gain-duchess", hook("Duchess", "gain_rule", None)),
    ("embassy--gained-each-other-gains-silver",
     hook("Embassy", "on_gain", embassy_silver_for_all)),
    ("embassy--draw-five-discard-three", hook("Embassy", "on_play", embassy_discards_two)),
    ("farmland--buy-trash-gain-two-more", hook("Farmland", "on_buy", farmland_up_to_two_more)),
    ("farmland--gained-otherwise-nothing",
     both(hook("Farmland", "on_buy", None), hook("Farmland", "on_gain", hl._farmland_bought))),
    ("fools-gold--first-one-then-four", hook("Fool's Gold", "on_play", fools_gold_always_one)),
    ("fools-gold--another-players-province",
     hook("Fool's Gold", "on_any_gain", fools_gold_any_victory)),
    ("haggler--buy-gains-cheaper-non-victory",
     hook("Haggler", "while_in_play_buy", haggler_victory_too)),
    ("haggler--each-haggler-in-play",
     hook("Haggler", "while_in_play_buy", haggler_first_in_play_only)),
    ("highway--stacks-with-bridge", hook("Highway", "cost_modifier", highway_not_stacking)),
    ("highway--throne-room-one-in-play", hook("Highway", "cost_modifier", highway_per_play)),
    ("ill-gotten-gains--gained-curses-others",
     hook("Ill-Gotten Gains", "on_gain", ill_gotten_gains_right_to_left)),
    ("ill-gotten-gains--copper-to-hand",
     hook("Ill-Gotten Gains", "on_play", ill_gotten_gains_copper_to_discard)),
    ("inn--gained-shuffles-actions-into-deck", hook("Inn", "on_gain", inn_without_itself)),
    ("inn--draw-two-discard-two", hook("Inn", "on_play", inn_discards_one)),
    ("inn--insignia-first-tops-inn", triggers_in_fixed_order),
    ("inn--inn-first-then-insignia-not-asked", triggers_in_fixed_order),
    ("siren--moved-before-trash", triggers_in_fixed_order),
    ("events--haggler-ignores-an-event", turn_patch("buy_event", haggler_sees_events)),
    # A no-op Border Village gain must be caught too (the cheaper card is the point).
    ("border-village--gain-cheaper-card", hook("Border Village", "on_gain", no_op)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_hinterlands_scenario_fails_when_card_is_broken(
    scenario_id: str, breaks: Patch, monkeypatch: pytest.MonkeyPatch
) -> None:
    scenario = find_scenario(scenario_id)
    assert run_scenario(scenario).passed, "the scenario must pass before the card is broken"
    breaks(monkeypatch)
    broken = run_scenario(scenario)
    assert not broken.passed, f"{scenario_id} still passes with the card broken"


def test_every_hinterlands_demonstration_has_a_breakage_case() -> None:
    from rulings_service.scenarios.loader import load_scenarios

    covered = {sid for sid, _ in CASES}
    demonstrations = {s.id for s in load_scenarios()
                      if s.card_text in MY_CARDS}
    assert demonstrations <= covered, sorted(demonstrations - covered)


#: The cards of this file (the rest of Hinterlands has its own cases).
MY_CARDS = frozenset({
    "Cache", "Border Village", "Cartographer", "Crossroads", "Develop", "Duchess", "Embassy",
    "Farmland", "Fool's Gold", "Haggler", "Highway", "Ill-Gotten Gains", "Inn",
})
