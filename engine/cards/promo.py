"""Promotional cards: Envoy, Stash, Black Market, Walled Village, Governor.

Bonuses printed as ``+N`` are data; hooks implement the rest. The FAQ points
each hook honours are noted where the code makes a choice because of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from engine.cards.core import Card, CardDef
from engine.registry import register
from engine.vocabulary import LogKind

if TYPE_CHECKING:
    from engine.game import Game
    from engine.primitives import GameBase, Play
    from engine.state import Player

SET = "promo"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


# --- Envoy: reveal the top 5 (shuffling for the rest, as many as there are: FAQ); the
# player to your left chooses one to discard (even of fewer than 5: FAQ); draw the rest.
def _envoy(g: GameBase, p: Player, card: Card, play: Play) -> None:
    revealed = g.reveal_from_deck(p, 5, card.name)
    if not revealed:
        return
    left = g.players[(p.index + 1) % len(g.players)]
    [out] = g.choose_cards(left, card.name, f"Choose a card for {p.name} to discard", revealed)
    g.discard_card(p, out, p.set_aside, card.name)
    rest = [c for c in revealed if c is not out]
    for c in rest:
        g.to_hand(p, c, p.set_aside)
    if rest:
        g.log(LogKind.DRAW, p, rest, card.name)


ENVOY = _k("Envoy", 4, ("Action",), on_play=_envoy)


# --- Stash: worth 2 coins; when you shuffle, you may put it anywhere in your deck. Each
# copy is placed in turn (FAQ: clump them or spread them out), by position only: the
# other cards are face down (FAQ: Stash's own back shows where it is, nothing else).
# Only the newly shuffled cards are "your deck" here; a shuffle of a single card, or of
# Stashes only, leaves nothing to choose.
def _stash_shuffled(g: GameBase, p: Player, cards: list[Card]) -> None:
    stashes = [c for c in cards if c.name == "Stash"]
    rest = [c for c in cards if c.name != "Stash"]
    for stash in stashes:
        if not rest:
            rest.append(stash)
            continue
        size = len(rest) + 1
        where = g.choose_option(
            p, "Stash", f"Put Stash where in your {size}-card deck? (1 = top)",
            [(str(i), "top" if i == 1 else "bottom" if i == size else f"card {i} from the top")
             for i in range(1, size + 1)],
            context={"deck_size": size},
        )
        rest.insert(size - int(where), stash)  # rest is bottom first: top is index size-1
    cards[:] = rest


STASH = _k("Stash", 5, ("Treasure",), coins=2, on_shuffle=_stash_shuffled)


# --- Black Market: +2 coins; reveal the top 3 of the Black Market deck (top first in
# Game.black_market); you may buy one of them now, then put the rest on its bottom in
# any order. The buy (FAQ) happens in the Action phase: no Buy is used, and Treasures
# may be played for it from hand, to play as in the Buy phase, more than needed and
# even without buying; coins left stay for the Buy phase, coins paid are gone. An
# empty deck, or buying nothing, still gives the +2 coins (FAQ).
def _black_market(g: GameBase, p: Player, card: Card, play: Play) -> None:
    revealed = g.black_market[:3]
    if not revealed:
        return
    g.log(LogKind.REVEAL, p, revealed, card.name)
    # Buying is a move of the whole game (engine.turn.Game), not a primitive; the
    # hook is typed as every card hook is, and the one game class is Game.
    bought = _black_market_buy(cast("Game", g), p, card, revealed)
    rest = [c for c in revealed if c is not bought and c in g.black_market]
    for c in g.order_cards(p, card.name, "Put these on the bottom of the Black Market deck "
                           "(first goes first)", rest):
        g.black_market.remove(c)
        g.black_market.append(c)


def _black_market_buy(g: Game, p: Player, card: Card, revealed: list[Card]) -> Card | None:
    """Ask until the player buys one of ``revealed`` or declines; Treasures from hand
    may be played in between ("play:<name>", "play_all_treasures"). Not asked when
    nothing can be bought or played."""
    while True:
        options = [("no", "buy nothing")]
        options += [(f"buy:{c.name}", f"buy {c.name}") for c in revealed
                    if c in g.black_market and g.buy_refusal(p, c) is None]
        treasures = sorted({c.name for c in p.hand if c.defn.is_treasure})
        if treasures:
            options.append(("play_all_treasures", "play all Treasures"))
            options += [(f"play:{n}", f"play {n}") for n in treasures]
        if len(options) == 1:
            return None
        answer = g.choose_option(p, card.name, "Buy one of the revealed cards?", options,
                                 context={"coins": g.coins, "potions": g.potions})
        if answer == "no":
            return None
        if answer.startswith("buy:"):
            target = next(c for c in revealed
                          if c.name == answer[4:] and c in g.black_market)
            return g.buy_card_object(p, target, g.black_market, card.name)
        if answer == "play_all_treasures":
            playing = [c for c in p.hand if c.defn.is_treasure]
        else:
            playing = [next(c for c in p.hand if c.name == answer[5:])]
        for c in playing:
            if c in p.hand:
                g.play_card(p, c, p.hand)


BLACK_MARKET = _k("Black Market", 3, ("Action",), coins=2, on_play=_black_market)


# --- Walled Village: +1 Card, +2 Actions. At the start of Clean-up, if it is in play with
# at most one other Action card, its owner may put it on the deck (checked as the
# question comes, so of two Walled Villages alone the second may follow the first). A
# card played twice (Throne Room) asks once.
def _walled_village(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if play.again:
        return

    def at_cleanup(game: GameBase) -> None:
        if card not in p.in_play or id(card) in game.held_by_durations(p):
            return
        others = sum(1 for c in p.in_play if c is not card and c.defn.is_action)
        if others <= 1 and game.yes_no(p, card.name, "Put Walled Village on your deck?"):
            game.topdeck(p, card, p.in_play, card.name)

    g.cleanup_hooks.append(at_cleanup)


WALLED_VILLAGE = _k("Walled Village", 4, ("Action",), cards=1, actions=2,
                    on_play=_walled_village)


# --- Governor: +1 Action; choose one, every player from you in turn order doing it, you
# the version in parentheses: +1 (+3) Cards; gain a Silver (Gold); or each may trash a
# card from hand and gain one costing exactly 1 (2) coins more (its Potion and debt the
# same). Not an Attack: nobody can refuse.
GOVERNOR_MODES = (("cards", "each player +1 Card, you +3"),
                  ("treasure", "each player gains a Silver, you a Gold"),
                  ("remodel", "each player may trash a card and gain one costing exactly "
                              "1 more, you 2 more"))


def _governor(g: GameBase, p: Player, card: Card, play: Play) -> None:
    mode = g.choose_option(p, card.name, "Choose one", GOVERNOR_MODES)
    n = len(g.players)
    for q in [g.players[(p.index + k) % n] for k in range(n)]:
        mine = q is p
        if mode == "cards":
            g.draw(q, 3 if mine else 1)
        elif mode == "treasure":
            g.gain(q, "Gold" if mine else "Silver", source=card.name)
        else:
            _governor_remodel(g, q, card, 2 if mine else 1)


def _governor_remodel(g: GameBase, q: Player, card: Card, more: int) -> None:
    picked = g.choose_from_hand(q, card.name, f"Trash a card to gain one costing exactly "
                                f"{more} more?", min=0)
    if not picked:
        return
    target = g.cost(picked[0]).plus_coins(more)
    g.trash_card(q, picked[0], q.hand, card.name)
    name = g.choose_supply(q, card.name, f"Gain a card costing exactly {target.coins}",
                           max_cost=target, pred=lambda d: g.cost(d).exactly(target))
    if name:
        g.gain(q, name, source=card.name)


GOVERNOR = _k("Governor", 5, ("Action",), actions=1, on_play=_governor)
