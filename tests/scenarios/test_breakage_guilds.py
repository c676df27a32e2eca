"""Each sampled Guilds scenario fails when the card behaviour it demonstrates is broken.

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
)

from engine import setup as engine_setup
from engine.cost import Cost


def setup_coffers_ignore_black_market(mp: pytest.MonkeyPatch) -> None:
    """Baker's setup token read from the Kingdom only, not from the Black Market deck."""

    def rule(ctx: Any) -> None:
        if any(d.setup_coffers for d in ctx.defs()):
            ctx.landscape["coffers"] = 1

    rules = [rule if r is engine_setup._rule_starting_coffers else r
             for r in engine_setup.SETUP_RULES]
    mp.setattr(engine_setup, "SETUP_RULES", rules)


def plaza_token_anyway(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard a Treasure", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure):
        g.discard_card(p, c, p.hand, card.name)
    g.take_coffers(p, 1)


def plaza_pure_treasures_only(g, p, card, play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard a Treasure", min=0, max=1,
                                pred=lambda c: c.defn.types == {"Treasure"}):
        g.discard_card(p, c, p.hand, card.name)
        g.take_coffers(p, 1)


def plaza_discards_before_drawing(mp: pytest.MonkeyPatch) -> None:
    """Plaza's choice made before its +1 Card, so the drawn card cannot be discarded."""

    def hook_(g, p, card, play) -> None:
        for c in g.choose_from_hand(p, card.name, "Discard a Treasure", min=0, max=1,
                                    pred=lambda c: c.defn.is_treasure):
            g.discard_card(p, c, p.hand, card.name)
            g.take_coffers(p, 1)
        g.draw(p, 1)

    hook("Plaza", "cards", 0)(mp)
    hook("Plaza", "on_play", hook_)(mp)


def merchant_guild_token_per_play(g, p, guild, bought) -> None:
    g.take_coffers(p, sum(1 for c in g.played_this_turn if c is guild))


def masterpiece_one_silver(g, p, card, paid) -> None:
    g.gain(p, "Silver", source=card.name)


def soothsayer_everyone_draws(g, p, card, play) -> None:
    g.gain(p, "Gold", source=card.name)
    for q in play.victims(g):
        g.gain(q, "Curse", source=card.name)
        g.draw(q, 1)


def soothsayer_kept_curse_only(g, p, card, play) -> None:
    g.gain(p, "Gold", source=card.name)
    for q in play.victims(g):
        curse = g.gain(q, "Curse", source=card.name)
        if curse is not None and curse in q.discard:
            g.draw(q, 1)


def soothsayer_optional_gold(g, p, card, play) -> None:
    if g.yes_no(p, card.name, "Gain a Gold?"):
        g.gain(p, "Gold", source=card.name)
    for q in play.victims(g):
        if g.gain(q, "Curse", source=card.name) is not None:
            g.draw(q, 1)


def advisor_self_chooses(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 3, card.name)
    if revealed:
        [out] = g.choose_cards(p, card.name, "Discard one", revealed)
        g.discard_card(p, out, p.set_aside, card.name)
        for c in [c for c in revealed if c is not out]:
            g.to_hand(p, c, p.set_aside)


def advisor_no_shuffle(g, p, card, play) -> None:
    revealed = list(p.deck[-3:])
    for c in revealed:
        g.set_aside(p, c, p.deck)
    if revealed:
        left = g.players[(p.index + 1) % len(g.players)]
        [out] = g.choose_cards(left, card.name, "Discard one", revealed)
        g.discard_card(p, out, p.set_aside, card.name)
        for c in [c for c in revealed if c is not out]:
            g.to_hand(p, c, p.set_aside)


def journeyman_reveals_three(g, p, card, play) -> None:
    from engine.registry import all_cards

    named = g.choose_option(p, card.name, "Name", [(n, n) for n in sorted(all_cards())])
    for c in g.reveal_from_deck(p, 3, card.name):
        if c.name == named:
            g.discard_card(p, c, p.set_aside, card.name)
        else:
            g.to_hand(p, c, p.set_aside)


def journeyman_no_shuffle(g, p, card, play) -> None:
    from engine.registry import all_cards

    named = g.choose_option(p, card.name, "Name", [(n, n) for n in sorted(all_cards())])
    found = 0
    while found < 3 and p.deck:
        c = p.deck[-1]
        if c.name == named:
            g.discard_card(p, c, p.deck, card.name)
        else:
            g.to_hand(p, c, p.deck)
            found += 1


def _taxman_variant(*, min_hand: int = 5, to: str = "deck", optional_gain: bool = False,
                    pure: bool = False):  # type: ignore[no-untyped-def]
    def hook_(g, p, card, play) -> None:
        picked = g.choose_from_hand(
            p, card.name, "Trash a Treasure", min=0, max=1,
            pred=(lambda c: c.defn.types == {"Treasure"}) if pure else
            (lambda c: c.defn.is_treasure))
        if not picked:
            return
        limit = g.cost(picked[0]).plus_coins(3)
        g.trash_card(p, picked[0], p.hand, card.name)
        for q in play.victims(g):
            copy = next((c for c in q.hand if c.name == picked[0].name), None)
            if len(q.hand) >= min_hand and copy is not None:
                g.discard_card(q, copy, q.hand, card.name)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit,
                               pred=lambda d: d.is_treasure, optional=optional_gain)
        if name:
            g.gain(p, name, to=to, source=card.name)
    return hook_


def stonemason_up_to(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        limit = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        for _ in range(2):
            name = g.choose_supply(p, card.name, "Gain", max_cost=limit)
            if name:
                g.gain(p, name, source=card.name)


def stonemason_chooses_both_first(g, p, card, play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash")
    if picked:
        limit = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        names = [g.choose_supply(p, card.name, "Gain",
                                 pred=lambda d: g.cost(d).at_most(limit) and g.cost(d) != limit)
                 for _ in range(2)]
        for name in names:
            if name:
                g.gain(p, name, source=card.name)


def stonemason_overpay_up_to(g, p, card, paid) -> None:
    for _ in range(2):
        name = g.choose_supply(p, card.name, "Gain", max_cost=paid, pred=lambda d: d.is_action)
        if name:
            g.gain(p, name, source=card.name)


def stonemason_overpay_coins_only(g, p, card, paid) -> None:
    for _ in range(2):
        name = g.choose_supply(p, card.name, "Gain",
                               pred=lambda d: d.is_action and g.cost(d) == Cost(paid.coins))
        if name:
            g.gain(p, name, source=card.name)


def overpay_hook_even_without_overpay(mp: pytest.MonkeyPatch) -> None:
    """The engine runs the when-buy overpay ability for an overpay of 0 as well."""
    from engine.turn import Game

    def _overpay(self, p, bought) -> None:
        answer = self.choose_option(p, bought.name, "Overpay?",
                                    [(str(n), str(n)) for n in range(self.coins + 1)])
        self.coins -= int(answer)
        bought.defn.on_overpay(self, p, bought, Cost(int(answer)))

    mp.setattr(Game, "_overpay", _overpay)


def _butcher_variant(*, pay_first: bool = False, coins: bool = False,
                     tokens_only_if_trashed: bool = False):  # type: ignore[no-untyped-def]
    def hook_(g, p, card, play) -> None:
        if not pay_first and not tokens_only_if_trashed:
            g.take_coffers(p, 2)
        picked = g.choose_from_hand(p, card.name, "Trash", min=0, max=1)
        if not picked:
            return
        if tokens_only_if_trashed:
            g.take_coffers(p, 2)
        limit = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        paid = int(g.choose_option(p, card.name, "Pay",
                                   [(str(n), str(n)) for n in range(p.coffers + 1)]))
        p.coffers -= paid
        if coins:
            g.coins += paid
        if pay_first:
            g.take_coffers(p, 2)
        name = g.choose_supply(p, card.name, "Gain", max_cost=limit.plus_coins(paid))
        if name:
            g.gain(p, name, source=card.name)
    return hook_


def _doctor_named(g, p, card) -> str:
    from engine.registry import all_cards

    return g.choose_option(p, card.name, "Name", [(n, n) for n in sorted(all_cards())])


def doctor_trashes_one_match(g, p, card, play) -> None:
    named = _doctor_named(g, p, card)
    revealed = g.reveal_from_deck(p, 3, card.name)
    match = next((c for c in revealed if c.name == named), None)
    if match is not None:
        g.trash_card(p, match, p.set_aside, card.name)
    for c in [c for c in revealed if c in p.set_aside][::-1]:
        g.topdeck(p, c, p.set_aside, card.name)


def doctor_keeps_order(g, p, card, play) -> None:
    named = _doctor_named(g, p, card)
    revealed = g.reveal_from_deck(p, 3, card.name)
    for c in revealed:
        if c.name == named:
            g.trash_card(p, c, p.set_aside, card.name)
    for c in [c for c in revealed if c in p.set_aside][::-1]:
        g.topdeck(p, c, p.set_aside, card.name)


def doctor_overpay_looks_at_n_cards(g, p, card, paid) -> None:
    looked = g.reveal_from_deck(p, paid.coins, card.name, look=True)
    for c in looked:
        choice = g.choose_option(p, card.name, "What?", [("trash", "t"), ("discard", "d"),
                                                          ("back", "b")])
        if choice == "trash":
            g.trash_card(p, c, p.set_aside, card.name)
        elif choice == "discard":
            g.discard_card(p, c, p.set_aside, card.name)
    for c in [c for c in looked if c in p.set_aside][::-1]:
        g.topdeck(p, c, p.set_aside, card.name)


def doctor_overpay_no_shuffle(g, p, card, paid) -> None:
    for _ in range(paid.coins):
        if not p.deck:
            return
        c = p.deck[-1]
        g.log("look", p, (c,), card.name)
        choice = g.choose_option(p, card.name, "What?", [("trash", "t"), ("discard", "d"),
                                                          ("back", "b")])
        if choice == "trash":
            g.trash_card(p, c, p.deck, card.name)
        elif choice == "discard":
            g.discard_card(p, c, p.deck, card.name)


def _herald_variant(*, optional: bool = False, uses_action: bool = False,
                    kept_by_herald: bool = False):  # type: ignore[no-untyped-def]
    def hook_(g, p, card, play) -> None:
        top = g.reveal_from_deck(p, 1, card.name)
        if not top:
            return
        c = top[0]
        if c.defn.is_action and (not optional or g.yes_no(p, card.name, "Play it?")):
            if uses_action:
                g.actions -= 1
            g.play_card(p, c, p.set_aside)
            if kept_by_herald:  # the wrong reading: Herald, too, stays to track the Duration
                for effect in p.durations:
                    if effect.card is c and card not in effect.keepers:
                        effect.keepers.append(card)
        else:
            g.topdeck(p, c, p.set_aside, card.name)
    return hook_


def herald_overpay_optional(g, p, card, paid) -> None:
    for _ in range(paid.coins):
        picked = g.choose_cards(p, card.name, "Topdeck", list(p.discard), min=0, max=1)
        if not picked:
            return
        g.topdeck(p, picked[0], p.discard, card.name)


CASES: list[tuple[str, Patch]] = [
    ("candlestick-maker--action-buy-token", hook("Candlestick Maker", "on_play", no_op)),
    ("baker--draw-action-token", hook("Baker", "on_play", no_op)),
    ("baker--setup-coin-token", hook("Baker", "setup_coffers", 0)),
    ("baker--black-market-setup-token", setup_coffers_ignore_black_market),
    ("plaza--discard-drawn-treasure", plaza_discards_before_drawing),
    ("plaza--no-discard-no-token", hook("Plaza", "on_play", plaza_token_anyway)),
    ("plaza--harem-is-treasure", hook("Plaza", "on_play", plaza_pure_treasures_only)),
    ("merchant-guild--throne-room-one-token", hook("Merchant Guild", "while_in_play_buy",
                                                   merchant_guild_token_per_play)),
    ("merchant-guild--two-in-play", hook("Merchant Guild", "while_in_play_buy", no_op)),
    ("masterpiece--overpay-silvers", hook("Masterpiece", "on_overpay", masterpiece_one_silver)),
    ("soothsayer--curses-run-out", hook("Soothsayer", "on_play", soothsayer_everyone_draws)),
    ("soothsayer--curses-run-out", hook("Soothsayer", "on_play", soothsayer_optional_gold)),
    ("soothsayer--watchtower-still-draws", hook("Soothsayer", "on_play",
                                                soothsayer_kept_curse_only)),
    ("advisor--left-player-chooses", hook("Advisor", "on_play", advisor_self_chooses)),
    ("advisor--short-deck-shuffle", hook("Advisor", "on_play", advisor_no_shuffle)),
    ("journeyman--skip-named-card", hook("Journeyman", "on_play", journeyman_reveals_three)),
    ("journeyman--shuffle-then-stop", hook("Journeyman", "on_play", journeyman_no_shuffle)),
    ("taxman--silver-to-gold-on-deck", hook("Taxman", "on_play", _taxman_variant(min_hand=0))),
    ("taxman--silver-to-gold-on-deck", hook("Taxman", "on_play", _taxman_variant(to="discard"))),
    ("taxman--harem-is-treasure", hook("Taxman", "on_play", _taxman_variant(pure=True))),
    ("taxman--cheaper-treasure-must-gain", hook("Taxman", "on_play",
                                                _taxman_variant(optional_gain=True))),
    ("stonemason--gold-to-duchy-and-silver", hook("Stonemason", "on_play", stonemason_up_to)),
    ("stonemason--gains-one-at-a-time", hook("Stonemason", "on_play",
                                             stonemason_chooses_both_first)),
    ("stonemason--overpay-two-actions", hook("Stonemason", "on_overpay",
                                             stonemason_overpay_up_to)),
    ("stonemason--overpay-with-potion", hook("Stonemason", "on_overpay",
                                             stonemason_overpay_coins_only)),
    ("stonemason--no-overpay-no-ruins", overpay_hook_even_without_overpay),
    ("butcher--estate-to-province", hook("Butcher", "on_play", _butcher_variant(pay_first=True))),
    ("butcher--estate-to-province", hook("Butcher", "on_play", _butcher_variant(coins=True))),
    ("butcher--no-trash-keeps-tokens", hook("Butcher", "on_play",
                                            _butcher_variant(tokens_only_if_trashed=True))),
    ("doctor--short-deck-shuffle", hook("Doctor", "on_play", doctor_trashes_one_match)),
    ("doctor--trash-matches-reorder", hook("Doctor", "on_play", doctor_keeps_order)),
    ("doctor--overpay-look-each-time", hook("Doctor", "on_overpay",
                                            doctor_overpay_looks_at_n_cards)),
    ("doctor--overpay-shuffle-includes-discarded", hook("Doctor", "on_overpay",
                                                        doctor_overpay_no_shuffle)),
    ("herald--plays-revealed-action", hook("Herald", "on_play", _herald_variant(optional=True))),
    ("herald--plays-revealed-action", hook("Herald", "on_play",
                                           _herald_variant(uses_action=True))),
    ("herald--plays-wharf-herald-discarded", hook("Herald", "on_play",
                                                  _herald_variant(kept_by_herald=True))),
    ("herald--overpay-topdeck-any-order", hook("Herald", "on_overpay", herald_overpay_optional)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
