"""Each sampled Seaside scenario fails when the card behaviour it demonstrates is broken.

The method, and the helpers more than one set uses, are in ``breakage_helpers``.
"""

from __future__ import annotations

from typing import Any

import pytest
from breakage_helpers import (
    Patch,
    check_breaks,
    hook,
    no_op,
    patches,
)

from engine.cost import Cost


def wharf_next_turn_one_card(g, p, card) -> None:
    g.draw(p, 1)
    g.buys += 1


def outpost_every_time(g, p, card, play) -> None:
    g.schedule_duration(p, card)


def caravan_draws_both_now(g, p, card, play) -> None:
    g.draw(p, 1)
    g.schedule_duration(p, card)


def fishing_village_two_actions_next(g, p, card) -> None:
    g.actions += 2
    g.coins += 1


def warehouse_no_shuffle_discards_drawn(g, p, card, play) -> None:
    drawn = 0
    while drawn < 3 and p.deck:
        p.hand.append(p.deck.pop())
        drawn += 1
    for c in g.choose_from_hand(p, card.name, "Discard", min=drawn, max=drawn):
        g.discard_card(p, c, p.hand, card.name)


def salvager_optional(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash", min=0)
    if picked:
        g.coins += g.cost(picked[0]).coins
        g.trash_card(p, picked[0], p.hand, card.name)


def cutpurse_all_coppers(g, p, card, play) -> None:
    for q in play.victims(g):
        for c in [c for c in q.hand if c.name == "Copper"]:
            g.discard_card(q, c, q.hand, card.name)


def explorer_always_reveals(g, p, card, play) -> None:
    has = any(c.name == "Province" for c in p.hand)
    g.gain(p, "Gold" if has else "Silver", to="hand", source=card.name)


def explorer_gains_to_discard(g, p, card, play) -> None:
    has = any(c.name == "Province" for c in p.hand)
    if has and g.yes_no(p, card.name, "Reveal?"):
        g.gain(p, "Gold", source=card.name)
    else:
        g.gain(p, "Silver", source=card.name)


def extra_turns_skip_durations(mp: pytest.MonkeyPatch) -> None:
    from engine.game import Game

    original = Game._start_turn

    def wrong(game, idx, extra) -> None:
        p = game.players[idx]
        waiting = p.durations if extra else []
        if extra:
            p.durations = []
        original(game, idx, extra)
        p.durations[:0] = waiting

    mp.setattr(Game, "_start_turn", wrong)


def sea_hag_never_shuffles(g, p, card, play) -> None:
    for q in play.victims(g):
        if q.deck:
            g.discard_card(q, q.deck[-1], q.deck, card.name)
        g.gain(q, "Curse", to="deck", source=card.name)


def sea_hag_from_the_right(g, p, card, play) -> None:
    for q in reversed(play.victims(g)):
        top = g.peek_top(q)
        if top is not None:
            g.discard_card(q, top, q.deck, card.name)
        g.gain(q, "Curse", to="deck", source=card.name)


def ghost_ship_no_ordering(g, p, card, play) -> None:
    for q in play.victims(g):
        excess = len(q.hand) - 3
        if excess > 0:
            for c in g.choose_from_hand(q, card.name, "Put back", min=excess, max=excess):
                g.topdeck(q, c, q.hand, card.name)


def lighthouse_shields_everyone(mp: pytest.MonkeyPatch) -> None:
    from engine.primitives import GameBase

    def wrong(game, attacker) -> frozenset[int]:
        if any(c.defn.while_in_play_immune for q in game.players for c in q.in_play):
            return frozenset(range(len(game.players)))
        return frozenset()

    mp.setattr(GameBase, "_immune_in_play", wrong)


def haven_optional(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Set aside", min=0)
    if picked:
        g.to_mat(p, picked[0], p.hand, "Haven", card.name)
        g.schedule_duration(p, card)


def pearl_diver_looks_then_draws(g, p, card, play) -> None:
    if p.deck and len(p.deck) > 1 and g.yes_no(p, card.name, "Top?"):
        g.topdeck(p, p.deck[0], p.deck, card.name)
    g.draw(p, 1)


def pearl_diver_never_shuffles(g, p, card, play) -> None:
    if len(p.deck) > 1 and g.yes_no(p, card.name, "Top?"):
        g.topdeck(p, p.deck[0], p.deck, card.name)


def navigator_picks_which(g, p, card, play) -> None:
    seen = g.reveal_from_deck(p, 5, card.name, look=True)
    for c in g.choose_cards(p, card.name, "Discard", seen, min=0, max=len(seen)):
        g.discard_card(p, c, p.set_aside, card.name)
    for c in [c for c in seen if c in p.set_aside]:
        g.topdeck(p, c, p.set_aside, card.name)


def navigator_deck_only(g, p, card, play) -> None:
    seen = []
    while len(seen) < 5 and p.deck:
        c = p.deck.pop()
        p.set_aside.append(c)
        seen.append(c)
    if seen and g.choose_option(p, card.name, "?", [("discard", "d"), ("back", "b")]) == "discard":
        for c in seen:
            g.discard_card(p, c, p.set_aside, card.name)
        return
    for c in g.order_cards(p, card.name, "Order", seen):
        g.topdeck(p, c, p.set_aside, card.name)


def lookout_trashes_top(g, p, card, play) -> None:
    seen = g.reveal_from_deck(p, 3, card.name, look=True)
    if seen:
        g.trash_card(p, seen[0], p.set_aside, card.name)
    rest = [c for c in seen if c in p.set_aside]
    if rest:
        [c] = g.choose_cards(p, card.name, "Discard", rest)
        g.discard_card(p, c, p.set_aside, card.name)
    for c in [c for c in seen if c in p.set_aside]:
        g.topdeck(p, c, p.set_aside, card.name)


def lookout_short_puts_back(g, p, card, play) -> None:
    seen = g.reveal_from_deck(p, 3, card.name, look=True)
    if len(seen) < 3:
        for c in seen:
            g.topdeck(p, c, p.set_aside, card.name)
        return
    [t] = g.choose_cards(p, card.name, "Trash", seen)
    g.trash_card(p, t, p.set_aside, card.name)
    [d] = g.choose_cards(p, card.name, "Discard", [c for c in seen if c in p.set_aside])
    g.discard_card(p, d, p.set_aside, card.name)
    for c in [c for c in seen if c in p.set_aside]:
        g.topdeck(p, c, p.set_aside, card.name)


def lookout_deck_only(g, p, card, play) -> None:
    seen = []
    while len(seen) < 3 and p.deck:
        c = p.deck.pop()
        p.set_aside.append(c)
        seen.append(c)
    for verb in ("trash", "discard"):
        left = [c for c in seen if c in p.set_aside]
        if not left:
            return
        [c] = g.choose_cards(p, card.name, verb, left)
        if verb == "trash":
            g.trash_card(p, c, p.set_aside, card.name)
        else:
            g.discard_card(p, c, p.set_aside, card.name)
    for c in [c for c in seen if c in p.set_aside]:
        g.topdeck(p, c, p.set_aside, card.name)


def tactician_draws_now(g, p, card, play) -> None:
    for c in list(p.hand):
        g.discard_card(p, c, p.hand, card.name)
    g.draw(p, 5)
    g.buys += 1
    g.actions += 1


def tactician_always_waits(g, p, card, play) -> None:
    for c in list(p.hand):
        g.discard_card(p, c, p.hand, card.name)
    g.schedule_duration(p, card)


def treasure_map_any_trash_gains(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    other = next((c for c in p.hand if c.name == card.name), None)
    if other is not None:
        g.trash_card(p, other, p.hand, card.name)
    for _ in range(4):
        g.gain(p, "Gold", to="deck", source=card.name)


def treasure_map_other_is_enough(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    other = next((c for c in p.hand if c.name == card.name), None)
    if other is not None:
        g.trash_card(p, other, p.hand, card.name)
        for _ in range(4):
            g.gain(p, "Gold", to="deck", source=card.name)


def treasure_map_golds_to_discard(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
        other = next((c for c in p.hand if c.name == card.name), None)
        if other is not None:
            g.trash_card(p, other, p.hand, card.name)
            for _ in range(4):
                g.gain(p, "Gold", source=card.name)


def island_sets_aside_other_only(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Set aside")
    if picked:
        g.to_mat(p, picked[0], p.hand, "Island", card.name)


def island_needs_another_card(g, p, card, play) -> None:
    if card not in p.in_play or not p.hand:
        return
    g.to_mat(p, card, p.in_play, "Island", card.name)
    picked = g.choose_from_hand(p, card.name, "Set aside")
    g.to_mat(p, picked[0], p.hand, "Island", card.name)


def native_village_no_shuffle(g, p, card, play) -> None:
    choice = g.choose_option(p, card.name, "?", [("set_aside", "s"), ("take", "t")])
    mat = p.mats.setdefault("Native Village", [])
    if choice == "set_aside":
        if p.deck:
            mat.append(p.deck.pop())
        return
    for c in list(mat):
        g.to_hand(p, c, mat)


def native_village_takes_when_deck_empty(g, p, card, play) -> None:
    mat = p.mats.setdefault("Native Village", [])
    if p.deck or p.discard:
        choice = g.choose_option(p, card.name, "?", [("set_aside", "s"), ("take", "t")])
        if choice == "set_aside":
            top = g.take_top(p)
            if top is not None:
                mat.append(top)
            return
    for c in list(mat):
        g.to_hand(p, c, mat)


def mats_not_scored(mp: pytest.MonkeyPatch) -> None:
    from engine.state import Player

    mp.setattr(Player, "all_cards",
               lambda p: p.deck + p.hand + p.discard + p.in_play + p.set_aside)


def ambassador_variant(order: str, least: int, itself: bool):  # type: ignore[no-untyped-def]
    """Ambassador read wrongly: from the right, at least ``least`` returned, or revealing itself."""

    def wrong(g, p, card, play) -> None:
        picked = g.choose_from_hand(p, card.name, "Reveal")
        if not picked and itself:
            picked = [card]
        if not picked:
            return
        shown = picked[0]
        copies = [c for c in p.hand if c.name == shown.name]
        opts = [("zero", "0"), ("one", "1"), ("two", "2")][least: min(2, len(copies)) + 1]
        if opts:
            n = [o[0] for o in opts].index(g.choose_option(p, card.name, "?", opts)) + least
            for c in copies[:n]:
                g.return_to_pile(p, c, p.hand, card.name)
        victims = play.victims(g)
        for q in reversed(victims) if order == "right" else victims:
            g.gain(q, shown.name, source=card.name)

    return wrong


def pirate_ship_token_per_treasure(g, p, card, play) -> None:
    tokens = p.tokens.get("Pirate Ship", 0)
    if g.choose_option(p, card.name, "?", [("attack", "a"), ("coins", "c")]) == "coins":
        g.coins += tokens
        return
    for q in play.victims(g):
        revealed = g.reveal_from_deck(q, 2, card.name)
        treasures = [c for c in revealed if c.defn.is_treasure]
        if treasures:
            [victim] = g.choose_cards(p, card.name, "Trash", treasures)
            g.trash_card(q, victim, q.set_aside, card.name)
            p.tokens["Pirate Ship"] = p.tokens.get("Pirate Ship", 0) + 1
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)


def pirate_ship_flat_coin(g, p, card, play) -> None:
    if g.choose_option(p, card.name, "?", [("attack", "a"), ("coins", "c")]) == "coins":
        g.coins += min(1, p.tokens.get("Pirate Ship", 0))


def pirate_ship_deck_only(g, p, card, play) -> None:
    g.choose_option(p, card.name, "?", [("attack", "a"), ("coins", "c")])
    for q in play.victims(g):
        revealed = [q.deck.pop() for _ in range(min(2, len(q.deck)))]
        q.set_aside.extend(revealed)
        treasures = [c for c in revealed if c.defn.is_treasure]
        if treasures:
            [victim] = g.choose_cards(p, card.name, "Trash", treasures)
            g.trash_card(q, victim, q.set_aside, card.name)
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)


def treasury_always_asks(g, p, card) -> None:
    if card in p.discard and g.yes_no(p, card.name, "Top?"):
        g.topdeck(p, card, p.discard, card.name)


def treasury_no_victory_gained(g, p, card) -> None:
    if any(i == p.index and c.defn.is_victory for i, c in g.gained_this_turn):
        return
    if card in p.discard and g.yes_no(p, card.name, "Top?"):
        g.topdeck(p, card, p.discard, card.name)


def embargo_one_token_per_pile(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Embargo")
    if name:
        g.piles[name].tokens["Embargo"] = 1


def embargo_nonempty_piles(g, p, card, play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Embargo")
    if name:
        tokens = g.piles[name].tokens
        tokens["Embargo"] = tokens.get("Embargo", 0) + 1


def embargo_on_every_gain(mp: pytest.MonkeyPatch) -> None:
    from engine.primitives import GameBase

    original = GameBase.gain

    def wrong(game, p, name, to=None, source=None):
        pile = game.piles[name]
        if source != "buy" and name != "Curse":
            for _ in range(pile.tokens.get("Embargo", 0)):
                original(game, p, "Curse", source="Embargo")
        return original(game, p, name, to, source)

    mp.setattr(GameBase, "gain", wrong)


def smugglers_variant(limit: Any, supply_only: bool, own_in_extra: bool,
                      choose: bool):  # type: ignore[no-untyped-def]
    """Smugglers read wrongly: a cost limit in coins only (or none), non-Supply
    cards allowed, the previous turn (not the right-hand player's), or no choice."""

    def wrong(g, p, card, play) -> None:
        right = (p.index - 1) % len(g.players)
        if own_in_extra and g.is_extra_turn:
            right = p.index
        names = []
        for c in g.gained_last_turn.get(right, []):
            pile = g.piles.get(c.name)
            if pile is None or not pile.cards or (supply_only and not pile.supply):
                continue
            if limit is not None and c.defn.cost.coins > limit:
                continue
            names.append(c.name)
        if not names:
            return
        name = names[-1]
        if choose and len(set(names)) > 1:
            name = g.choose_supply(p, card.name, "Gain", pred=lambda d: d.name in names)
        g.gain(p, name, source=card.name)

    return wrong


def smugglers_takes_the_gained_card(g, p, card, play) -> None:
    right = g.players[(p.index - 1) % len(g.players)]
    for c in g.gained_last_turn.get(right.index, []):
        for zone in (right.discard, right.hand, right.deck):
            if c in zone and g.cost(c).at_most(Cost(6)):
                g.gain_card_object(p, c, zone, source=card.name)
                return


CASES: list[tuple[str, Patch]] = [
    ("wharf--throne-room-stays-in-play", hook("Wharf", "next_turn", wharf_next_turn_one_card)),
    ("outpost--extra-turn-three-cards", hook("Outpost", "on_play", no_op)),
    ("outpost--twice-one-extra-turn", hook("Outpost", "on_play", outpost_every_time)),
    ("bazaar--card-actions-coin", hook("Bazaar", "actions", 1)),
    ("merchant-ship--two-coins-twice", hook("Merchant Ship", "next_turn", no_op)),
    ("caravan--draws-at-next-turn-start", hook("Caravan", "on_play", caravan_draws_both_now)),
    (
        "fishing-village--actions-now-and-next-turn",
        hook("Fishing Village", "next_turn", fishing_village_two_actions_next),
    ),
    (
        "warehouse--short-deck-still-discards-three",
        patches(hook("Warehouse", "cards", 0),
                hook("Warehouse", "on_play", warehouse_no_shuffle_discards_drawn)),
    ),
    ("salvager--trash-for-coins", hook("Salvager", "on_play", salvager_optional)),
    ("salvager--empty-hand-still-buy", hook("Salvager", "buys", 0)),
    ("cutpurse--one-copper-or-reveal", hook("Cutpurse", "on_play", cutpurse_all_coppers)),
    ("explorer--province-optional", hook("Explorer", "on_play", explorer_always_reveals)),
    (
        "explorer--gold-to-hand-spent-same-turn",
        hook("Explorer", "on_play", explorer_gains_to_discard),
    ),
    ("outpost--merchant-ship-in-extra-turn", extra_turns_skip_durations),
    ("sea-hag--shuffle-discard-curse-on-top", hook("Sea Hag", "on_play", sea_hag_never_shuffles)),
    ("sea-hag--curses-run-out-in-turn-order", hook("Sea Hag", "on_play", sea_hag_from_the_right)),
    ("ghost-ship--victims-choose-order", hook("Ghost Ship", "on_play", ghost_ship_no_ordering)),
    ("lighthouse--blocks-attack-coin-next-turn", hook("Lighthouse", "while_in_play_immune", False)),
    ("lighthouse--blocks-attack-coin-next-turn", hook("Lighthouse", "next_turn", no_op)),
    ("lighthouse--own-attack-still-works", lighthouse_shields_everyone),
    ("lighthouse--secret-chamber-still-revealed",
     hook("Lighthouse", "while_in_play_immune", False)),
    ("haven--set-aside-returns-next-turn", hook("Haven", "on_play", haven_optional)),
    ("haven--set-aside-returns-next-turn", hook("Haven", "next_turn", no_op)),
    (
        "pearl-diver--draw-then-bottom-to-top",
        patches(hook("Pearl Diver", "cards", 0),
                hook("Pearl Diver", "on_play", pearl_diver_looks_then_draws)),
    ),
    ("pearl-diver--shuffle-when-empty", hook("Pearl Diver", "on_play", pearl_diver_never_shuffles)),
    ("navigator--all-or-none", hook("Navigator", "on_play", navigator_picks_which)),
    ("navigator--short-deck-reorder", hook("Navigator", "on_play", navigator_deck_only)),
    ("navigator--fewer-than-five", hook("Navigator", "on_play", navigator_deck_only)),
    ("lookout--last-three-cards", hook("Lookout", "on_play", lookout_trashes_top)),
    ("lookout--one-card-trashed", hook("Lookout", "on_play", lookout_short_puts_back)),
    ("lookout--two-cards-trash-and-discard", hook("Lookout", "on_play", lookout_short_puts_back)),
    ("lookout--shuffle-for-the-rest", hook("Lookout", "on_play", lookout_deck_only)),
    ("tactician--bonus-at-next-turn", hook("Tactician", "on_play", tactician_draws_now)),
    ("tactician--throne-room-bonus-once", hook("Tactician", "on_play", tactician_always_waits)),
    (
        "treasure-map--alone-trashes-itself",
        hook("Treasure Map", "on_play", treasure_map_any_trash_gains),
    ),
    (
        "treasure-map--throne-room-one-gain",
        hook("Treasure Map", "on_play", treasure_map_other_is_enough),
    ),
    (
        "treasure-map--golds-onto-empty-deck",
        hook("Treasure Map", "on_play", treasure_map_golds_to_discard),
    ),
    ("island--mat-not-shuffled", hook("Island", "on_play", island_sets_aside_other_only)),
    ("island--counts-at-game-end", hook("Island", "vp", 0)),
    ("island--counts-at-game-end", mats_not_scored),
    ("island--alone", hook("Island", "on_play", island_needs_another_card)),
    ("island--throne-room-two-cards", hook("Island", "on_play", island_needs_another_card)),
    ("island--pile-eight-two-players", hook("Island", "pile_size", 10)),
    (
        "native-village--set-aside-then-take",
        hook("Native Village", "on_play", native_village_no_shuffle),
    ),
    (
        "native-village--either-option-when-empty",
        hook("Native Village", "on_play", native_village_takes_when_deck_empty),
    ),
    ("native-village--mat-counts-at-game-end", mats_not_scored),
    (
        "ambassador--return-two-others-gain",
        hook("Ambassador", "on_play", ambassador_variant("right", 0, False)),
    ),
    (
        "ambassador--return-none",
        hook("Ambassador", "on_play", ambassador_variant("left", 1, False)),
    ),
    (
        "ambassador--empty-hand-nothing",
        hook("Ambassador", "on_play", ambassador_variant("left", 0, True)),
    ),
    (
        "pirate-ship--attack-one-token",
        hook("Pirate Ship", "on_play", pirate_ship_token_per_treasure),
    ),
    ("pirate-ship--tokens-cumulative", hook("Pirate Ship", "on_play", pirate_ship_flat_coin)),
    ("pirate-ship--short-deck-shuffle", hook("Pirate Ship", "on_play", pirate_ship_deck_only)),
    ("pirate-ship--choice-after-reactions", hook("Pirate Ship", "is_attack", False)),
    ("treasury--victory-buy-blocks-all",
     hook("Treasury", "on_discard_from_play", treasury_always_asks)),
    ("treasury--any-or-all-on-deck", hook("Treasury", "on_discard_from_play", None)),
    ("treasury--gained-victory-still-topdecks",
     hook("Treasury", "on_discard_from_play", treasury_no_victory_gained)),
    ("embargo--tokens-stack", hook("Embargo", "on_play", embargo_one_token_per_pile)),
    ("embargo--throne-room-two-piles", hook("Embargo", "on_play", embargo_nonempty_piles)),
    ("embargo--gain-without-buying", embargo_on_every_gain),
    ("smugglers--choose-among-gains",
     hook("Smugglers", "on_play", smugglers_variant(6, True, False, False))),
    ("smugglers--nothing-over-six",
     hook("Smugglers", "on_play", smugglers_variant(None, True, False, True))),
    ("smugglers--no-potion-costs",
     hook("Smugglers", "on_play", smugglers_variant(6, True, False, True))),
    ("smugglers--only-from-supply",
     hook("Smugglers", "on_play", smugglers_variant(6, False, False, True))),
    ("smugglers--after-extra-turn",
     hook("Smugglers", "on_play", smugglers_variant(6, True, True, True))),
    ("smugglers--black-market-gain-no-copy", hook("Smugglers", "on_play",
                                                  smugglers_takes_the_gained_card)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
