"""Each sampled promo scenario fails when the card behaviour it demonstrates is broken.

The method, and the helpers more than one set uses, are in ``breakage_helpers``.
"""

from __future__ import annotations

import pytest
from breakage_helpers import (
    Patch,
    check_breaks,
    hook,
    replace_setup_rule,
)

from engine import setup as engine_setup


def envoy_self_chooses(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 5, card.name)
    if revealed:
        [out] = g.choose_cards(p, card.name, "Discard one", revealed)
        g.discard_card(p, out, p.set_aside, card.name)
        for c in [c for c in revealed if c is not out]:
            g.to_hand(p, c, p.set_aside)


def envoy_no_shuffle(g, p, card, play) -> None:
    revealed = list(reversed(p.deck[-5:]))
    for c in revealed:
        g.set_aside(p, c, p.deck)
    if revealed:
        left = g.players[(p.index + 1) % len(g.players)]
        [out] = g.choose_cards(left, card.name, "Discard one", revealed)
        g.discard_card(p, out, p.set_aside, card.name)
        for c in [c for c in revealed if c is not out]:
            g.to_hand(p, c, p.set_aside)


def envoy_discards_only_from_five(g, p, card, play) -> None:
    revealed = g.reveal_from_deck(p, 5, card.name)
    if len(revealed) == 5:
        left = g.players[(p.index + 1) % len(g.players)]
        [out] = g.choose_cards(left, card.name, "Discard one", revealed)
        g.discard_card(p, out, p.set_aside, card.name)
    for c in [c for c in revealed if c in p.set_aside]:
        g.to_hand(p, c, p.set_aside)


def stash_copies_placed_together(g, p, cards) -> None:
    stashes = [c for c in cards if c.name == "Stash"]
    rest = [c for c in cards if c.name != "Stash"]
    if stashes and rest:
        size = len(rest) + 1
        where = g.choose_option(p, "Stash", "Where?", [(str(i), str(i))
                                                       for i in range(1, size + 1)])
        cards[:] = rest[:size - int(where)] + stashes + rest[size - int(where):]


def _black_market_variant(*, uses_buy: bool = False, treasures: bool = True,
                          keeps_leftover: bool = True, coins_if_bought: bool = False,
                          unbought_on_top: bool = False):  # type: ignore[no-untyped-def]
    """Black Market read wrongly: the buy takes a Buy and the Buy phase, Treasures may
    not be played for it, leftover coins are lost, +2 coins only with a buy, or the
    unbought cards go back on top. (Played with the card's +2 coins set to 0.)"""

    def on_play(g, p, card, play) -> None:
        if not coins_if_bought:
            g.coins += 2
        revealed = g.black_market[:3]
        bought = None
        while revealed:
            opts = [("no", "no")] + [(f"buy:{c.name}", c.name) for c in revealed
                                     if g.buy_refusal(p, c) is None]
            names_ = sorted({c.name for c in p.hand if c.defn.is_treasure}) if treasures else []
            if names_:
                opts += [("play_all_treasures", "all")] + [(f"play:{n}", n) for n in names_]
            if len(opts) == 1:
                break
            answer = g.choose_option(p, card.name, "Buy?", opts)
            if answer == "no":
                break
            if answer.startswith("buy:"):
                bought = next(c for c in revealed if c.name == answer[4:])
                g.buy_card_object(p, bought, g.black_market, card.name)
                if uses_buy:
                    g.buys -= 1
                    g._set_phase("buy")
                if not keeps_leftover:
                    g.coins = 0
                break
            playing = [c for c in p.hand if c.defn.is_treasure
                       and (answer == "play_all_treasures" or c.name == answer[5:])]
            for c in playing[: None if answer == "play_all_treasures" else 1]:
                g.play_card(p, c, p.hand)
        if coins_if_bought and bought is not None:
            g.coins += 2
        rest = [c for c in revealed if c is not bought]
        rest = g.order_cards(p, card.name, "Bottom", rest) if rest else []
        for c in rest:
            g.black_market.remove(c)
            if unbought_on_top:
                g.black_market.insert(0, c)
            else:
                g.black_market.append(c)

    def apply(mp: pytest.MonkeyPatch) -> None:
        hook("Black Market", "coins", 0)(mp)
        hook("Black Market", "on_play", on_play)(mp)

    return apply


def black_market_deck_also_in_supply(ctx) -> None:
    names = list(ctx.options.get("black_market") or ())
    for n in names:
        ctx.add_pile(n, 10, supply=True, kingdom=True)
    ctx.landscape["black_market"] = names


def black_market_deck_counts_for_game_end(mp: pytest.MonkeyPatch) -> None:
    from engine.game import Game

    def wrong(game) -> bool:
        empty = sum(1 for p in game.piles.values() if p.supply and not p.cards)
        if not game.black_market and "Black Market" in game.piles:
            empty += 1
        return not game.piles["Province"].cards or empty >= 3

    mp.setattr(Game, "game_should_end", wrong)


CASES: list[tuple[str, Patch]] = [
    ("black-market--buy-in-action-phase", _black_market_variant(uses_buy=True)),
    ("black-market--buy-in-action-phase", _black_market_variant(treasures=False)),
    ("black-market--extra-coins-to-buy-phase", _black_market_variant(keeps_leftover=False)),
    ("black-market--treasures-without-buying", _black_market_variant(coins_if_bought=True)),
    ("black-market--treasures-without-buying", _black_market_variant(unbought_on_top=True)),
    ("black-market--empty-deck", _black_market_variant(coins_if_bought=True)),
    ("black-market--deck-not-a-supply-pile", black_market_deck_counts_for_game_end),
    ("black-market--agreed-deck-outside-supply", replace_setup_rule(
        engine_setup._rule_black_market, black_market_deck_also_in_supply)),
    ("black-market--default-deck-fifteen", lambda mp: mp.setattr(
        engine_setup, "BLACK_MARKET_SIZE", 10)),
    ("stash--placed-on-shuffle", hook("Stash", "on_shuffle", None)),
    ("stash--cleanup-shuffle-to-bottom", hook("Stash", "on_shuffle", None)),
    ("stash--two-copies-spread", hook("Stash", "on_shuffle", stash_copies_placed_together)),
    ("stash--worth-two-coins", hook("Stash", "coins", 1)),
    ("envoy--left-player-chooses", hook("Envoy", "on_play", envoy_self_chooses)),
    ("envoy--short-deck-shuffle", hook("Envoy", "on_play", envoy_no_shuffle)),
    ("envoy--fewer-than-five", hook("Envoy", "on_play", envoy_discards_only_from_five)),
]


@pytest.mark.parametrize(
    ("scenario_id", "breaks"), CASES, ids=[f"{sid}:{n}" for n, (sid, _) in enumerate(CASES)]
)
def test_scenario_fails_when_card_is_broken(scenario_id: str, breaks: Patch, monkeypatch) -> None:
    check_breaks(scenario_id, breaks, monkeypatch)
