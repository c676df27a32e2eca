"""Guilds (first edition): Coin tokens and overpaying.

Coin tokens are the player's ``coffers`` counter: cards add to it with
:meth:`~engine.primitives.GameBase.take_coffers`, and the player spends them
with the ``spend_coffers`` move in the Buy phase, before buying. Overpaying is
asked by :meth:`engine.turn.Game.buy` for cards with an ``on_overpay`` hook,
which gets the overpaid :class:`~engine.cost.Cost`. The FAQ points each hook
honours are noted where the code makes a choice because of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.cost import Cost
from engine.registry import register

if TYPE_CHECKING:
    from engine.primitives import GameBase as Game
    from engine.primitives import Play
    from engine.state import Player

SET = "guilds"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _one_token(g: Game, p: Player, card: Card, play: Play) -> None:
    g.take_coffers(p, 1)


# --- Candlestick Maker: +1 Action, +1 Buy, +1 Coin token.
CANDLESTICK_MAKER = _k("Candlestick Maker", 2, ("Action",), actions=1, buys=1,
                       on_play=_one_token)

# --- Baker: +1 Card, +1 Action, +1 Coin token. Setup: each player takes a Coin token
# (engine.setup; the FAQ counts a Baker in the Black Market deck too).
BAKER = _k("Baker", 5, ("Action",), cards=1, actions=1, on_play=_one_token, setup_coffers=1)


# --- Plaza: +1 Card, +2 Actions; you may discard a Treasure (the card just drawn too,
# FAQ); if you do, take a Coin token.
def _plaza(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "You may discard a Treasure", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.take_coffers(p, 1)


PLAZA = _k("Plaza", 4, ("Action",), cards=1, actions=2, on_play=_plaza)


# --- Merchant Guild: +1 Buy, +1 coin; while in play, when you buy a card, take a Coin
# token. Each copy in play gives one (FAQ: cumulative; Throne Room on it still one copy).
def _merchant_guild_buy(g: Game, p: Player, guild: Card, bought: Card) -> None:
    g.take_coffers(p, 1)


MERCHANT_GUILD = _k("Merchant Guild", 5, ("Action",), buys=1, coins=1,
                    while_in_play_buy=_merchant_guild_buy)


# --- Masterpiece: a Treasure worth 1; when bought, a Silver per 1 coin overpaid.
def _masterpiece_overpay(g: Game, p: Player, card: Card, paid: Cost) -> None:
    for _ in range(paid.coins):
        g.gain(p, "Silver", source=card.name)


MASTERPIECE = _k("Masterpiece", 3, ("Treasure",), coins=1, on_overpay=_masterpiece_overpay)


# --- Soothsayer: gain a Gold; each other player gains a Curse, and each who did draws a
# card. "Did gain" is the gain itself (FAQ: a Curse then trashed by Watchtower counts;
# no Curse left, no card).
def _soothsayer(g: Game, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Gold", source=card.name)
    for q in play.victims(g):
        if g.gain(q, "Curse", source=card.name) is not None:
            g.draw(q, 1)


SOOTHSAYER = _k("Soothsayer", 5, ("Action", "Attack"), on_play=_soothsayer)
