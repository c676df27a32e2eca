"""Each card-text demonstration of Hinterlands part 2 (and of Walled Village and Governor),
each ruling these cards made replayable, and Stash placed by position, fails when the
card is read wrongly.

The style of ``test_scenarios_catch_breakage.py``: a plausible wrong version of the
card, written with the engine's primitives, is patched in, and the scenario must then
fail (after first passing unbroken). Kept apart so the two files merge independently.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from breakage_helpers import Patch, both, hook

from rulings_service.scenarios.loader import find_scenario
from rulings_service.scenarios.runner import run_scenario


def others(g, p) -> list:
    n = len(g.players)
    return [g.players[(p.index + k) % n] for k in range(1, n)]


# --- wrong readings -------------------------------------------------------------------
def jack_without_silver(g, p, card, play) -> None:
    top = g.peek_top(p)
    if top is not None and g.choose_option(p, card.name, "top", [("discard", "d"),
                                                                  ("keep", "k")]) == "discard":
        g.discard_card(p, top, p.deck, card.name)
    if len(p.hand) < 5:
        g.draw(p, 5 - len(p.hand))
    for c in g.choose_from_hand(p, card.name, "Trash?", min=0,
                                pred=lambda c: not c.defn.is_treasure):
        g.trash_card(p, c, p.hand, card.name)


def jack_trashes_anything(g, p, card, play) -> None:
    g.gain(p, "Silver", source=card.name)
    top = g.peek_top(p)
    if top is not None and g.choose_option(p, card.name, "top", [("discard", "d"),
                                                                  ("keep", "k")]) == "discard":
        g.discard_card(p, top, p.deck, card.name)
    if len(p.hand) < 5:
        g.draw(p, 5 - len(p.hand))
    for c in g.choose_from_hand(p, card.name, "Trash?", min=0):
        g.trash_card(p, c, p.hand, card.name)


def mandarin_discards(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard a card"):
        g.discard_card(p, c, p.hand, card.name)


def mandarin_gained_discards_treasures(g, p, card) -> None:
    for c in [c for c in p.in_play if c.defn.is_treasure]:
        g.discard_card(p, c, p.in_play, card.name)


def margrave_discards_first(g, p, card, play) -> None:
    for q in play.victims(g):
        g.discard_down_to(q, 3, card.name)
        g.draw(q, 1)


def margrave_draw_ignores_moat(g, p, card, play) -> None:
    for q in others(g, p):
        g.draw(q, 1)
    for q in play.victims(g):
        g.discard_down_to(q, 3, card.name)


def _brigand(copper: bool) -> Callable[..., None]:
    def attack(g, p, card, victims) -> None:
        trashed = []
        for q in victims:
            revealed = g.reveal_from_deck(q, 2, card.name)
            loot = [c for c in revealed if c.name in ("Silver", "Gold")]
            if loot:
                [c] = g.choose_cards(p, card.name, "Trash", loot)
                g.trash_card(q, c, q.set_aside, card.name)
                trashed.append(c)
            for c in [c for c in revealed if c in q.set_aside]:
                g.discard_card(q, c, q.set_aside, card.name)
            if copper and not any(c.defn.is_treasure for c in revealed):
                g.gain(q, "Copper", source=card.name)
        for c in trashed:
            g.gain_card_object(p, c, g.trash, source=card.name)
    return attack


def brigand_no_copper(g, p, card, play) -> None:
    _brigand(False)(g, p, card, play.victims(g))


def oasis_puts_card_in_discard_pile(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard a card"):
        p.hand.remove(c)
        p.discard.append(c)


def _oracle(including_you: bool, draw_first: bool) -> Callable[..., None]:
    def oracle(g, p, card, play) -> None:
        if draw_first:
            g.draw(p, 2)
        for q in ([p] if including_you else []) + play.victims(g):
            revealed = g.reveal_from_deck(q, 2, card.name)
            if not revealed:
                continue
            if g.choose_option(p, card.name, "?", [("discard", "d"), ("back", "b")]) == "discard":
                for c in revealed:
                    g.discard_card(q, c, q.set_aside, card.name)
            else:
                for c in g.order_cards(q, card.name, "order", revealed):
                    g.topdeck(q, c, q.set_aside, card.name)
        if not draw_first:
            g.draw(p, 2)
    return oracle


def scheme_excludes_itself(g, p, card, play) -> None:
    def at_cleanup(game) -> None:
        actions = [c for c in p.in_play if c.defn.is_action and c.name != "Scheme"]
        for c in game.choose_cards(p, card.name, "Choose", actions, min=0, max=1):
            game.onto_deck_from_play.append(c)
    g.cleanup_hooks.append(at_cleanup)


def silk_road_rounds_up(p) -> int:
    return (sum(1 for c in p.all_cards() if c.defn.is_victory) + 3) // 4


def silk_road_pure_victory_only(p) -> int:
    return sum(1 for c in p.all_cards() if c.defn.types == frozenset({"Victory"})) // 4


def _spice(mode_needs_trash: bool, action: bool) -> Callable[..., None]:
    def spice(g, p, card, play) -> None:
        picked = g.choose_from_hand(p, card.name, "Trash?", min=0,
                                    pred=lambda c: c.defn.is_treasure)
        if picked:
            g.trash_card(p, picked[0], p.hand, card.name)
        elif mode_needs_trash:
            return
        if g.choose_option(p, card.name, "?", [("cards", "c"), ("coins", "m")]) == "cards":
            g.draw(p, 2)
            g.actions += 1 if action else 0
        else:
            g.coins += 2
            g.buys += 1
    return spice


def _stables(draw: int, treasure_only: bool) -> Callable[..., None]:
    def stables(g, p, card, play) -> None:
        picked = g.choose_from_hand(p, card.name, "Discard?", min=0,
                                    pred=(lambda c: c.defn.is_treasure) if treasure_only
                                    else None)
        if picked:
            g.discard_card(p, picked[0], p.hand, card.name)
            g.draw(p, draw)
            g.actions += 1
    return stables


def trader_silver_per_card(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.gain(p, "Silver", source=card.name)


def _trader_reaction(own_turn_only: bool, silver_too: bool,
                     replaces: bool) -> Callable[..., bool]:
    def react(g, p, trader, gained) -> bool:
        if gained.name == "Silver" and not silver_too:
            return False
        if own_turn_only and p.index != g.current:
            return False
        if not g.offer_reaction(p, trader, gained, "Trader?", "would_gain"):
            return False
        g.gain(p, "Silver", source=trader.name)
        return replaces
    return react


def _tunnel(own_turn_only: bool, optional: bool) -> Callable[..., None]:
    def tunnel(g, p, card) -> None:
        if own_turn_only and p.index != g.current:
            return
        if not optional or g.yes_no(p, card.name, "Reveal?"):
            g.gain(p, "Gold", source=card.name)
    return tunnel


def _walled_village(limit: int) -> Callable[..., None]:
    def walled_village(g, p, card, play) -> None:
        def at_cleanup(game) -> None:
            n = sum(1 for c in p.in_play if c is not card and c.defn.is_action)
            if card in p.in_play and n <= limit and game.yes_no(p, card.name, "Topdeck?"):
                game.topdeck(p, card, p.in_play, card.name)
        if not play.again:
            g.cleanup_hooks.append(at_cleanup)
    return walled_village


def _governor(mine: int, theirs: int, swap_treasure: bool) -> Callable[..., None]:
    def governor(g, p, card, play) -> None:
        mode = g.choose_option(p, card.name, "?", [("cards", "c"), ("treasure", "t"),
                                                   ("remodel", "r")])
        for q in [p, *others(g, p)]:
            own = q is p
            if mode == "cards":
                g.draw(q, mine if own else theirs)
            elif mode == "treasure":
                gold = own != swap_treasure
                g.gain(q, "Gold" if gold else "Silver", source=card.name)
            else:
                more = 2 if own or theirs == mine else 1
                picked = g.choose_from_hand(q, card.name, "Trash?", min=0)
                if not picked:
                    continue
                target = g.cost(picked[0]).plus_coins(more)
                g.trash_card(q, picked[0], q.hand, card.name)
                name = g.choose_supply(q, card.name, "Gain", max_cost=target,
                                       pred=lambda d, t=target: g.cost(d).exactly(t))
                if name:
                    g.gain(q, name, source=card.name)
    return governor


def scavenger_discards_the_deck(g, p, card, play) -> None:
    if p.deck and g.yes_no(p, card.name, "Deck into discard?"):
        for c in p.deck_top_first():
            g.discard_card(p, c, p.deck, card.name)
    picked = g.choose_cards(p, card.name, "Topdeck", list(p.discard))
    if picked:
        g.topdeck(p, picked[0], p.discard, card.name)


def scheme_discards_then_topdecks(mp: pytest.MonkeyPatch) -> None:
    """Scheme's card is discarded from play (its when-discarded ability fires), then put
    on the deck: the reading the Hermit FAQ rules out."""
    from engine.game import Game

    def wrong(self, p, keep_ids) -> None:
        for c in [c for c in self.onto_deck_from_play if c in p.in_play]:
            hook_ = c.defn.on_discard_from_play
            self.discard_card(p, c, p.in_play)
            if hook_ is not None:
                hook_(self, p, c)
            if c in p.discard:
                self.topdeck(p, c, p.discard, "Scheme")

    mp.setattr(Game, "_onto_deck_instead", wrong)


def nomad_camp_moved_after_gain(g, p, card) -> None:
    zone = g.gain_zone()
    if card in zone and zone is not p.deck:
        g.topdeck(p, card, zone, card.name)


def stash_next_to_a_seen_card(g, p, cards) -> None:
    """Stash placed next to a card its owner picks by its front (the FAQ forbids it)."""
    stashes = [c for c in cards if c.name == "Stash"]
    rest = [c for c in cards if c.name != "Stash"]
    for stash in stashes:
        size = len(rest) + 1
        options = [(str(i), str(i)) for i in range(1, size + 1)]
        options += [(n, f"on {n}") for n in dict.fromkeys(c.name for c in rest)]
        where = g.choose_option(p, "Stash", "Where?", options)
        if where.isdigit():
            rest.insert(size - int(where), stash)
        else:
            rest.insert(next(i for i, c in enumerate(rest) if c.name == where) + 1, stash)
    cards[:] = rest


NOMAD_CAMP_LITERAL = both(hook("Nomad Camp", "gain_to", None),
                          hook("Nomad Camp", "on_gain", nomad_camp_moved_after_gain))


def discard_down_one_at_a_time(mp: pytest.MonkeyPatch) -> None:
    """Militia's discards made one by one, each reacting before the next is discarded."""
    from engine.primitives import GameBase

    def discard_down_to(g, p, n, source) -> None:
        excess = len(p.hand) - n
        if excess > 0:
            for c in g.choose_from_hand(p, source, f"Discard {excess} cards",
                                        min=excess, max=excess):
                if c in p.hand:
                    g.discard_card(p, c, p.hand, source)

    mp.setattr(GameBase, "discard_down_to", discard_down_to)

CASES: list[tuple[str, Patch]] = [
    ("jack-of-all-trades--gain-look-draw-trash",
     hook("Jack of All Trades", "on_play", jack_without_silver)),
    ("jack-of-all-trades--keep-top-treasures-not-trashable",
     hook("Jack of All Trades", "on_play", jack_trashes_anything)),
    ("mandarin--play-puts-a-card-on-deck", hook("Mandarin", "on_play", mandarin_discards)),
    ("mandarin--gained-treasures-in-play-onto-deck",
     hook("Mandarin", "on_gain", mandarin_gained_discards_treasures)),
    ("margrave--others-draw-then-discard-to-three",
     hook("Margrave", "on_play", margrave_discards_first)),
    ("margrave--moat-blocks-the-draw-too", hook("Margrave", "on_play", margrave_draw_ignores_moat)),
    ("noble-brigand--play-trash-gold-or-copper",
     hook("Noble Brigand", "on_play", brigand_no_copper)),
    ("noble-brigand--bought-attacks-moat-cannot-help", hook("Noble Brigand", "on_buy", None)),
    ("nomad-camp--bought-onto-deck", hook("Nomad Camp", "gain_to", None)),
    ("nomad-camp--play-buy-coins-gained-otherwise", hook("Nomad Camp", "gain_to", None)),
    ("oasis--draw-action-coin-then-discard",
     both(hook("Oasis", "cards", 0), hook("Oasis", "on_play", oasis_puts_card_in_discard_pile))),
    ("oasis--discarded-tunnel-gains-gold", hook("Oasis", "on_play",
                                                oasis_puts_card_in_discard_pile)),
    ("oracle--each-player-discards-or-puts-back", hook("Oracle", "on_play",
                                                       _oracle(False, False))),
    ("oracle--moat-blocks-own-cards-then-drawn", hook("Oracle", "on_play", _oracle(True, True))),
    ("scheme--chosen-action-onto-deck-at-cleanup", hook("Scheme", "on_play", None)),
    ("scheme--may-choose-itself-or-nothing", hook("Scheme", "on_play", scheme_excludes_itself)),
    ("silk-road--one-vp-per-four-victory-cards-round-down",
     hook("Silk Road", "vp_fn", silk_road_rounds_up)),
    ("silk-road--counts-other-victory-types", hook("Silk Road", "vp_fn",
                                                   silk_road_pure_victory_only)),
    ("spice-merchant--trash-treasure-cards-and-action",
     hook("Spice Merchant", "on_play", _spice(True, False))),
    ("spice-merchant--coins-and-buy-or-nothing",
     hook("Spice Merchant", "on_play", _spice(False, True))),
    ("stables--discard-treasure-draws-three", hook("Stables", "on_play", _stables(2, True))),
    ("stables--optional-treasure-only", hook("Stables", "on_play", _stables(3, False))),
    ("trader--trash-gains-silver-per-coin", hook("Trader", "on_play", trader_silver_per_card)),
    ("trader--curse-from-witch-becomes-silver",
     hook("Trader", "react_would_gain", _trader_reaction(True, False, True))),
    ("trader--bought-card-replaced-silver-not-asked",
     hook("Trader", "react_would_gain", _trader_reaction(False, True, True))),
    ("tunnel--discarded-to-militia-gains-gold", hook("Tunnel", "on_discard",
                                                     _tunnel(True, True))),
    ("tunnel--discarded-with-others-at-once", discard_down_one_at_a_time),
    ("tunnel--worth-two-not-in-cleanup", hook("Tunnel", "on_discard", _tunnel(False, False))),
    ("tunnel--revealed-and-discarded-by-oracle", hook("Tunnel", "on_discard",
                                                      _tunnel(True, True))),
    ("walled-village--one-other-action-onto-deck",
     hook("Walled Village", "on_play", _walled_village(0))),
    ("walled-village--two-other-actions-stays",
     hook("Walled Village", "on_play", _walled_village(2))),
    ("governor--cards-mode", hook("Governor", "on_play", _governor(1, 3, False))),
    ("governor--treasure-mode", hook("Governor", "on_play", _governor(3, 1, True))),
    ("governor--remodel-mode-exact-cost", hook("Governor", "on_play", _governor(3, 3, False))),
    ("death-cart--trader-silver-instead-no-ruins",
     hook("Trader", "react_would_gain", _trader_reaction(False, False, False))),
    ("scavenger--deck-to-discard-no-tunnel", hook("Scavenger", "on_play",
                                                  scavenger_discards_the_deck)),
    ("hermit--scheme-onto-deck-not-trashed", scheme_discards_then_topdecks),
    ("cobbler--nomad-camp-to-hand", NOMAD_CAMP_LITERAL),
    ("wish--nomad-camp-to-hand", NOMAD_CAMP_LITERAL),
    ("stash--placed-by-position-not-by-card", hook("Stash", "on_shuffle",
                                                   stash_next_to_a_seen_card)),
]


def test_every_demonstration_of_these_cards_has_a_case() -> None:
    from rulings_service.scenarios.loader import load_scenarios

    names = {"Jack of All Trades", "Mandarin", "Margrave", "Noble Brigand", "Nomad Camp",
             "Oasis", "Oracle", "Scheme", "Silk Road", "Spice Merchant", "Stables", "Trader",
             "Tunnel", "Walled Village", "Governor"}
    demos = {s.id for s in load_scenarios() if s.card_text in names}
    assert len(demos) >= 2 * len(names)
    assert demos <= {sid for sid, _ in CASES}


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    scenario = find_scenario(scenario_id)
    assert run_scenario(scenario).passed, "the scenario must pass before the card is broken"
    breaks(monkeypatch)
    broken = run_scenario(scenario)
    assert not broken.passed, f"{scenario_id} still passes with the card broken"
