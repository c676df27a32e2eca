"""Each sampled Alchemy scenario fails when the card behaviour it demonstrates is broken.

The method, and the helpers more than one set uses, are in ``breakage_helpers``.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from breakage_helpers import (
    Patch,
    check_breaks,
    game_end_ignoring,
    hook,
    replace_setup_rule,
    turn_patch,
)

from engine import registry
from engine import setup as engine_setup
from engine.cost import Cost


def replace_pile_size(card: str, count: int) -> Patch:
    """Set one card's pile size whatever the player count."""

    def apply(mp: pytest.MonkeyPatch) -> None:
        original = engine_setup.pile_size
        mp.setattr(engine_setup, "pile_size",
                   lambda defn, players: count if defn.name == card else original(defn, players))

    return apply


def potion_pile_for_any_black_market(ctx) -> None:
    if any(d.cost.potion for d in ctx.defs()) or ctx.options.get("black_market"):
        ctx.add_pile("Potion", 16, supply=True, kingdom=False)


def potion_pile_ignores_black_market(ctx) -> None:
    if any(d.cost.potion for d in ctx.defs()):
        ctx.add_pile("Potion", 16, supply=True, kingdom=False)


def potion_pile_of_ten(ctx) -> None:
    if any(d.cost.potion for d in ctx.defs()):
        ctx.add_pile("Potion", 10, supply=True, kingdom=False)


def potion_pile_is_kingdom(ctx) -> None:
    if any(d.cost.potion for d in ctx.defs()):
        ctx.add_pile("Potion", 16, supply=True, kingdom=True)


def transmute_gains_to_hand(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        for flag, name in (("is_action", "Duchy"), ("is_treasure", "Transmute"),
                           ("is_victory", "Gold")):
            if getattr(picked[0].defn, flag):
                g.gain(p, name, to="hand", source=card.name)


def transmute_first_type_only(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        d = picked[0].defn
        g.trash_card(p, picked[0], p.hand, card.name)
        name = "Duchy" if d.is_action else "Transmute" if d.is_treasure else "Gold"
        g.gain(p, name, source=card.name)


def transmute_needs_a_card_and_gold(g, p, card, play) -> None:
    """Curses count as Victory cards, and an empty hand still gains a Gold."""
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
    g.gain(p, "Gold", source=card.name)


def transmute_gains_silver_when_no_gold(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.gain(p, "Gold" if g.piles["Gold"].cards else "Silver", source=card.name)


def familiar_curses_from_the_right(g, p, card, play) -> None:
    for q in reversed(play.victims(g)):
        g.gain(q, "Curse", source=card.name)


def university_must_gain(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(5), pred=lambda d: d.is_action)
    if name:
        g.gain(p, name, source=card.name)


def university_coins_only(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", optional=True,
                           pred=lambda d: d.is_action and d.cost.coins <= 5)
    if name:
        g.gain(p, name, source=card.name)


def university_pure_actions(g, p, card, play) -> None:
    name = g.choose_supply(p, card.name, "Gain", max_cost=Cost(5), optional=True,
                           pred=lambda d: d.types == frozenset({"Action"}))
    if name:
        g.gain(p, name, source=card.name)


def vineyard_pure_actions_only(p) -> int:
    return sum(1 for c in p.all_cards() if c.defn.types == frozenset({"Action"})) // 3


def vineyard_rounds_up(p) -> int:
    return -(-sum(1 for c in p.all_cards() if c.defn.is_action) // 3)


def apprentice_ignores_potion(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        coins = g.cost(picked[0]).coins
        g.trash_card(p, picked[0], p.hand, card.name)
        g.draw(p, coins)


def apprentice_draws_one_anyway(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    n = 1
    if picked:
        cost = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        n = max(1, cost.coins + 2 * cost.potion)
    g.draw(p, n)


def apprentice_may_not_trash(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Trash a card", min=0):
        cost = g.cost(c)
        g.trash_card(p, c, p.hand, card.name)
        g.draw(p, cost.coins + 2 * cost.potion)


def stone_counts_all_cards(g, p, card, play) -> None:
    g.coins += len(p.all_cards()) // 5


def stone_recounts_on_buy(g, p, stone, bought) -> None:
    g.coins += 1  # as if each played Stone were worth more once the bought card arrives


def stone_shuffles_deck(g, p, card, play) -> None:
    g.coins += (len(p.deck) + len(p.discard)) // 5
    p.deck.reverse()


def apothecary_reveals_then_draws(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 4, card.name)
    for c in revealed:
        if c.name in ("Copper", "Potion"):
            g.to_hand(p, c, p.set_aside)
    for c in g.order_cards(p, card.name, "Put back", [c for c in revealed if c in p.set_aside]):
        g.topdeck(p, c, p.set_aside, card.name)
    g.draw(p, 1)


def apothecary_no_shuffle(g, p, card, play) -> None:
    revealed = [p.deck.pop() for _ in range(min(4, len(p.deck)))]
    p.set_aside.extend(revealed)
    for c in revealed:
        if c.name in ("Copper", "Potion"):
            g.to_hand(p, c, p.set_aside)
    for c in g.order_cards(p, card.name, "Put back", [c for c in revealed if c in p.set_aside]):
        g.topdeck(p, c, p.set_aside, card.name)


def apothecary_back_in_revealed_order(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 4, card.name)
    for c in revealed:
        if c.name in ("Copper", "Potion"):
            g.to_hand(p, c, p.set_aside)
    for c in reversed([c for c in revealed if c in p.set_aside]):
        g.topdeck(p, c, p.set_aside, card.name)


def scrying_pool_core(first: Callable[..., list], take_non_action: bool = True,
                      shuffle: bool = True) -> Callable[..., None]:
    """Scrying Pool with a wrong order of players, a lost non-Action, or no shuffle."""

    def wrong(g, p, card, play) -> None:
        for q in first(g, p, play):
            top = g.peek_top(q)
            if top is not None and g.choose_option(
                    p, card.name, "?", [("discard", "d"), ("keep", "k")]) == "discard":
                g.discard_card(q, top, q.deck, card.name)
        while p.deck or (shuffle and p.discard):
            [c] = g.reveal_from_deck(p, 1, card.name)
            if c.defn.is_action or take_non_action:
                g.to_hand(p, c, p.set_aside)
            else:
                g.discard_card(p, c, p.set_aside, card.name)
            if not c.defn.is_action:
                break

    return wrong


def golem_skips_no_golem(g, p, card, play) -> None:
    found: list = []
    while len(found) < 2:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        if one[0].defn.is_action:
            found += one
        else:
            g.discard_card(p, one[0], p.set_aside, card.name)
    for c in found:
        g.play_card(p, c, p.set_aside)


def golem_discards_as_it_goes(g, p, card, play) -> None:
    found: list = []
    while len(found) < 2:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        if one[0].defn.is_action and one[0].name != "Golem":
            found += one
        else:
            g.discard_card(p, one[0], p.set_aside, card.name)
    for c in found:
        g.play_card(p, c, p.set_aside)


def golem_found_cards_to_hand(g, p, card, play) -> None:
    found: list = []
    while len(found) < 2:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        if one[0].defn.is_action and one[0].name != "Golem":
            found += one
            g.to_hand(p, one[0], p.set_aside)
        else:
            g.discard_card(p, one[0], p.set_aside, card.name)
    for c in g.order_cards(p, card.name, "Order", found):
        if c in p.hand:
            g.play_card(p, c, p.hand)


def alchemist_without_potion(g, p, card) -> None:
    if card in p.discard and g.yes_no(p, card.name, "Put Alchemist on your deck?"):
        g.topdeck(p, card, p.discard, card.name)


def alchemist_one_per_potion(g, p, card) -> None:
    if any(c.name == "Alchemist" for c in p.deck) or not any(
            c.name == "Potion" for c in p.in_play):
        return
    if g.yes_no(p, card.name, "Put Alchemist on your deck?"):
        g.topdeck(p, card, p.discard, card.name)


def herbalist_one_per_turn(g, p, card) -> None:
    if sum(c.name == "Herbalist" for c in p.discard) > 1:
        return
    treasures = [c for c in p.in_play if c.defn.is_treasure]
    for c in g.choose_cards(p, card.name, "Topdeck", treasures, min=0, max=1):
        g.topdeck(p, c, p.in_play, card.name)


def cleanup_in_play_order(mp: pytest.MonkeyPatch) -> None:
    """Clean-up discards Herbalist and Alchemist in the order they were played, unasked."""
    from engine.game import Game

    def wrong(game, p, keep_ids) -> None:
        for c in [c for c in p.in_play if c.defn.on_discard_from_play is not None]:
            if c in p.in_play:
                game.discard_card(p, c, p.in_play)
                c.defn.on_discard_from_play(game, p, c)

    mp.setattr(Game, "_discard_hooked_from_play", wrong)


def possession_plain_extra_turn(g, p, card, play) -> None:
    """An Outpost-like extra turn for the left neighbour, nobody possessing it."""
    g.extra_turns.append(((p.index + 1) % len(g.players), None))


def possession_not_cumulative(g, p, card, play) -> None:
    target = ((p.index + 1) % len(g.players), p.index)
    if target not in g.extra_turns:
        g.extra_turns.append(target)


def possession_stays_with_possessor(g, p, card, play) -> None:
    g.extra_turns.append(((p.index + 1) % len(g.players), g.controller(p.index)))


def _first_possession_turn(game):
    """Take the first queued Possession turn out of the extra turns (None if none)."""
    for turn in game.extra_turns:
        if turn[1] is not None:
            game.extra_turns.remove(turn)
            return turn
    return None


def possession_before_outpost(original):
    def wrong(game) -> None:
        turn = None if game.game_should_end() else _first_possession_turn(game)
        if turn is not None:
            game._start_turn(turn[0], True, turn[1])
            return
        original(game)

    return wrong


def turns_after_game_end(original):
    def wrong(game) -> None:
        turn = _first_possession_turn(game)
        if turn is not None:
            game._start_turn(turn[0], True, turn[1])
            return
        original(game)

    return wrong


def only_extra_turns_are_consecutive(original):
    def wrong(game, idx, extra, possessor=None) -> None:
        original(game, idx, extra, possessor)
        game.consecutive_turns = 2 if extra else 1

    return wrong


def possession_turns_counted(original):
    def wrong(game, idx, extra, possessor=None) -> None:
        original(game, idx, extra, possessor)
        if possessor is not None:
            game.players[idx].turns_taken += 1

    return wrong


def possessor_cannot_react(original):
    """The possessor is taken for the player of the Attack: never offered a Reaction."""

    def wrong(game, attacker, attack) -> frozenset:
        if game.possessed_by is None:
            return original(game, attacker, attack)
        return frozenset()

    return wrong


def possessed_passes_are_gains(original):
    """A card leaving the possessed player's hand for another hand is taken for a gain:
    the possessor gets it, in their discard pile (Masquerade's pass, wrongly)."""

    def wrong(game, p, card, from_zone) -> None:
        passer = game.players[game.current]
        if game.possessed_by is not None and from_zone is passer.hand and p is not passer:
            from_zone.remove(card)
            game.players[game.possessed_by].discard.append(card)
            return
        original(game, p, card, from_zone)

    return wrong


def possessed_returns_are_trashes(original):
    """A card the possessed player returns to the Supply is taken for a trashed one."""

    def wrong(game, p, card, from_zone, source=None) -> None:
        if game.possessed_by is not None and p.index == game.current:
            game.trash_card(p, card, from_zone, source)
            return
        original(game, p, card, from_zone, source)

    return wrong


def pirate_ship_token_to_possessor(g, p, card, play) -> None:
    """Pirate Ship as printed, but its Coin token goes to whoever controls the turn."""
    before = p.tokens.get("Pirate Ship", 0)
    PIRATE_SHIP_PLAY(g, p, card, play)
    taken = p.tokens.get("Pirate Ship", 0) - before
    if taken and g.possessed_by is not None:
        p.tokens["Pirate Ship"] = before
        owner = g.players[g.possessed_by]
        owner.tokens["Pirate Ship"] = owner.tokens.get("Pirate Ship", 0) + taken


PIRATE_SHIP_PLAY = registry.card("Pirate Ship").on_play


CASES: list[tuple[str, Patch]] = [
    ("potion--buy-and-play", hook("Potion", "potions", 0)),
    ("potion--buy-and-play", replace_setup_rule(engine_setup._rule_potion,
                                                potion_pile_is_kingdom)),
    ("potion--sixteen-whatever-players", replace_setup_rule(engine_setup._rule_potion,
                                                            potion_pile_of_ten)),
    ("potion--sixteen-whatever-players", replace_setup_rule(engine_setup._rule_potion,
                                                            potion_pile_is_kingdom)),
    ("potion--sixteen-two-players", replace_setup_rule(engine_setup._rule_potion,
                                                       potion_pile_of_ten)),
    ("potion--no-pile-without-potion-costs", replace_setup_rule(
        engine_setup._rule_potion, potion_pile_for_any_black_market)),
    ("potion--black-market-deck", replace_setup_rule(engine_setup._rule_potion,
                                                     potion_pile_ignores_black_market)),
    ("potion--empty-pile-ends-game", game_end_ignoring("Potion")),
    ("transmute--gains-by-type-throne-room", hook("Transmute", "on_play",
                                                  transmute_gains_to_hand)),
    ("transmute--two-types-two-gains", hook("Transmute", "on_play", transmute_first_type_only)),
    ("transmute--curse-gives-nothing", hook("Transmute", "on_play",
                                            transmute_needs_a_card_and_gold)),
    ("transmute--no-gold-left", hook("Transmute", "on_play",
                                     transmute_gains_silver_when_no_gold)),
    ("familiar--curses-in-turn-order", hook("Familiar", "on_play",
                                            familiar_curses_from_the_right)),
    ("familiar--curses-in-turn-order", hook("Familiar", "actions", 0)),
    ("familiar--no-curses-still-draws", hook("Familiar", "cards", 0)),
    ("university--gain-is-optional", hook("University", "on_play", university_must_gain)),
    ("university--action-up-to-five", hook("University", "on_play", university_coins_only)),
    ("university--gains-action-reaction", hook("University", "on_play",
                                               university_pure_actions)),
    ("vineyard--multi-type-actions-count", hook("Vineyard", "vp_fn",
                                                vineyard_pure_actions_only)),
    ("vineyard--eleven-actions-three-vp", hook("Vineyard", "vp_fn", vineyard_rounds_up)),
    ("vineyard--pile-size-two-players", replace_pile_size("Vineyard", 12)),
    ("vineyard--pile-size-three-players", replace_pile_size("Vineyard", 8)),
    ("apprentice--potion-cost-draws-two-more", hook("Apprentice", "on_play",
                                                    apprentice_ignores_potion)),
    ("apprentice--zero-cost-or-empty-hand-draws-nothing", hook("Apprentice", "on_play",
                                                               apprentice_draws_one_anyway)),
    ("apprentice--silver-draws-three", hook("Apprentice", "on_play", apprentice_may_not_trash)),
    ("apprentice--silver-draws-three", hook("Apprentice", "actions", 0)),
    ("philosophers-stone--counts-deck-and-discard", hook("Philosopher's Stone", "on_play",
                                                         stone_counts_all_cards)),
    ("philosophers-stone--counts-deck-and-discard", hook("Philosopher's Stone", "on_play",
                                                         stone_shuffles_deck)),
    ("philosophers-stone--fixed-once-played", hook("Philosopher's Stone", "while_in_play_buy",
                                                   stone_recounts_on_buy)),
    ("philosophers-stone--counts-again-next-turn", hook("Philosopher's Stone", "on_play",
                                                        stone_counts_all_cards)),
    ("philosophers-stone--kingdom-pile", hook("Philosopher's Stone", "kind", "basic")),
    ("apothecary--draw-then-reveal-four", hook("Apothecary", "on_play",
                                               apothecary_reveals_then_draws)),
    ("apothecary--draw-then-reveal-four", hook("Apothecary", "on_play",
                                               apothecary_back_in_revealed_order)),
    ("apothecary--shuffle-for-the-rest", hook("Apothecary", "on_play", apothecary_no_shuffle)),
    ("apothecary--fewer-than-four", hook("Apothecary", "cards", 0)),
    ("scrying-pool--each-player-then-your-actions", hook(
        "Scrying Pool", "on_play", scrying_pool_core(lambda g, p, play: [*play.victims(g), p]))),
    ("scrying-pool--first-card-not-action", hook(
        "Scrying Pool", "on_play",
        scrying_pool_core(lambda g, p, play: [p, *play.victims(g)], take_non_action=False))),
    ("scrying-pool--shuffle-then-run-out", hook(
        "Scrying Pool", "on_play",
        scrying_pool_core(lambda g, p, play: [p, *play.victims(g)], shuffle=False))),
    ("golem--reveal-until-two-actions", hook("Golem", "on_play", golem_skips_no_golem)),
    ("golem--shuffle-excludes-revealed", hook("Golem", "on_play", golem_discards_as_it_goes)),
    ("golem--no-actions-found", hook("Golem", "on_play", golem_skips_no_golem)),
    ("golem--throne-room-not-from-hand", hook("Golem", "on_play", golem_found_cards_to_hand)),
    ("alchemist--topdeck-with-potion-before-drawing", hook("Alchemist", "on_discard_from_play",
                                                           None)),
    ("alchemist--topdeck-with-potion-before-drawing", hook("Alchemist", "actions", 0)),
    ("alchemist--needs-potion-in-play", hook("Alchemist", "on_discard_from_play",
                                             alchemist_without_potion)),
    ("alchemist--several-any-or-all", hook("Alchemist", "on_discard_from_play",
                                           alchemist_one_per_potion)),
    ("herbalist--buy-coin-and-topdeck-treasure", hook("Herbalist", "on_discard_from_play",
                                                      None)),
    ("herbalist--buy-coin-and-topdeck-treasure", hook("Herbalist", "buys", 0)),
    ("herbalist--alchemist-discarded-first", cleanup_in_play_order),
    ("herbalist--two-herbalists-two-treasures", hook("Herbalist", "on_discard_from_play",
                                                     herbalist_one_per_turn)),
    ("possession--possessor-decides-and-gains", hook("Possession", "on_play",
                                                     possession_plain_extra_turn)),
    ("possession--trashed-cards-return-after-cleanup", hook("Possession", "on_play",
                                                            possession_plain_extra_turn)),
    ("possession--attack-hits-possessor", hook("Possession", "on_play",
                                               possession_plain_extra_turn)),
    ("possession--possessor-reveals-moat", turn_patch("_react_to_attack",
                                                      possessor_cannot_react)),
    ("possession--outpost-turn-first", turn_patch("_next_turn", possession_before_outpost)),
    ("possession--twice-two-extra-turns", hook("Possession", "on_play",
                                               possession_not_cumulative)),
    ("possession--outpost-in-possessed-turn", turn_patch("_start_turn",
                                                         only_extra_turns_are_consecutive)),
    ("possession--outpost-after-possession-turn", turn_patch("_start_turn",
                                                             only_extra_turns_are_consecutive)),
    ("possession--possessed-player-possesses", hook("Possession", "on_play",
                                                    possession_stays_with_possessor)),
    ("possession--game-over-no-more-turns", turn_patch("_next_turn", turns_after_game_end)),
    ("possession--masquerade-passes-normally",
     turn_patch("to_hand", possessed_passes_are_gains)),
    ("possession--ambassador-returns-normally",
     turn_patch("return_to_pile", possessed_returns_are_trashes)),
    ("possession--pirate-ship-token-stays",
     hook("Pirate Ship", "on_play", pirate_ship_token_to_possessor)),
    ("possession--turns-not-counted-for-ties", turn_patch("_start_turn",
                                                          possession_turns_counted)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
