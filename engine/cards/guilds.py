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
from engine.registry import all_cards, register

if TYPE_CHECKING:
    from engine.primitives import GameBase, Play
    from engine.state import Player

SET = "guilds"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _one_token(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.take_coffers(p, 1)


# --- Candlestick Maker: +1 Action, +1 Buy, +1 Coin token.
CANDLESTICK_MAKER = _k("Candlestick Maker", 2, ("Action",), actions=1, buys=1,
                       on_play=_one_token)

# --- Baker: +1 Card, +1 Action, +1 Coin token. Setup: each player takes a Coin token
# (engine.setup; the FAQ counts a Baker in the Black Market deck too).
BAKER = _k("Baker", 5, ("Action",), cards=1, actions=1, on_play=_one_token, setup_coffers=1)


# --- Plaza: +1 Card, +2 Actions; you may discard a Treasure (the card just drawn too,
# FAQ); if you do, take a Coin token.
def _plaza(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "You may discard a Treasure", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.take_coffers(p, 1)


PLAZA = _k("Plaza", 4, ("Action",), cards=1, actions=2, on_play=_plaza)


# --- Merchant Guild: +1 Buy, +1 coin; while in play, when you buy a card, take a Coin
# token. Each copy in play gives one (FAQ: cumulative; Throne Room on it still one copy).
def _merchant_guild_buy(g: GameBase, p: Player, guild: Card, bought: Card) -> None:
    g.take_coffers(p, 1)


MERCHANT_GUILD = _k("Merchant Guild", 5, ("Action",), buys=1, coins=1,
                    while_in_play_buy=_merchant_guild_buy)


# --- Masterpiece: a Treasure worth 1; when bought, a Silver per 1 coin overpaid.
def _masterpiece_overpay(g: GameBase, p: Player, card: Card, paid: Cost) -> None:
    for _ in range(paid.coins):
        g.gain(p, "Silver", source=card.name)


MASTERPIECE = _k("Masterpiece", 3, ("Treasure",), coins=1, on_overpay=_masterpiece_overpay)


# --- Soothsayer: gain a Gold; each other player gains a Curse, and each who did draws a
# card. "Did gain" is the gain itself (FAQ: a Curse then trashed by Watchtower counts;
# no Curse left, no card).
def _soothsayer(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Gold", source=card.name)
    for q in play.victims(g):
        if g.gain(q, "Curse", source=card.name) is not None:
            g.draw(q, 1)


SOOTHSAYER = _k("Soothsayer", 5, ("Action", "Attack"), on_play=_soothsayer)


def _name_a_card(g: GameBase, p: Player, source: str) -> str:
    """Ask ``p`` to name a card: any card the engine knows, in this game or not (FAQ)."""
    return g.choose_option(p, source, "Name a card", [(n, n) for n in sorted(all_cards())])


# --- Advisor: +1 Action; reveal the top 3 (shuffling for the rest if needed, as many as
# there are: FAQ); the player to your left picks one to discard; the rest go to hand.
def _advisor(g: GameBase, p: Player, card: Card, play: Play) -> None:
    revealed = g.reveal_from_deck(p, 3, card.name)
    if not revealed:
        return
    left = g.players[(p.index + 1) % len(g.players)]
    [out] = g.choose_cards(left, card.name, f"Choose a card for {p.name} to discard", revealed)
    g.discard_card(p, out, p.set_aside, card.name)
    for c in revealed:
        if c is not out:
            g.to_hand(p, c, p.set_aside)


ADVISOR = _k("Advisor", 4, ("Action",), actions=1, on_play=_advisor)


# --- Journeyman: name a card; reveal until 3 cards that are not it (shuffling once the
# deck runs out, stopping if there are no more: FAQ); those to hand, the rest discarded.
def _journeyman(g: GameBase, p: Player, card: Card, play: Play) -> None:
    named = _name_a_card(g, p, card.name)
    found: list[Card] = []
    revealed: list[Card] = []
    while len(found) < 3:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        revealed += one
        if one[0].name != named:
            found += one
    for c in revealed:
        if c in found:
            g.to_hand(p, c, p.set_aside)
        else:
            g.discard_card(p, c, p.set_aside, card.name)


JOURNEYMAN = _k("Journeyman", 5, ("Action",), on_play=_journeyman)


# --- Taxman: you may trash a Treasure from hand; if you did, each other player with 5 or
# more cards in hand discards a copy (or reveals a hand without one), and you gain a
# Treasure costing up to 3 more onto your deck (FAQ: cheaper is fine, but you must gain
# one if you can).
def _taxman(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "You may trash a Treasure", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure)
    if not picked:
        return
    trashed = picked[0]
    limit = g.cost(trashed).plus_coins(3)
    g.trash_card(p, trashed, p.hand, card.name)
    for q in play.victims(g):
        if len(q.hand) < 5:
            continue
        copy = next((c for c in q.hand if c.name == trashed.name), None)
        if copy is not None:
            g.discard_card(q, copy, q.hand, card.name)
        else:
            g.reveal(q, list(q.hand), card.name)
    name = g.choose_supply(p, card.name, "Gain a Treasure onto your deck", max_cost=limit,
                           pred=lambda d: d.is_treasure)
    if name:
        g.gain(p, name, to="deck", source=card.name)


TAXMAN = _k("Taxman", 4, ("Action", "Attack"), on_play=_taxman)


# --- Stonemason: trash a card from hand (not optional); gain 2 cards, one at a time, each
# costing less than it (FAQ: they may differ; nothing cheaper, nothing gained). When
# bought with overpay: gain 2 Action cards each costing exactly the overpaid amount,
# Potion included (FAQ); no overpay, no Action cards (not even ones costing 0).
def _stonemason(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    limit = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    for _ in range(2):
        name = g.choose_supply(p, card.name, "Gain a card costing less than the trashed one",
                               pred=lambda d: g.cost(d).at_most(limit) and g.cost(d) != limit)
        if name:
            g.gain(p, name, source=card.name)


def _stonemason_overpay(g: GameBase, p: Player, card: Card, paid: Cost) -> None:
    for _ in range(2):
        name = g.choose_supply(p, card.name, "Gain an Action card costing the overpaid amount",
                               pred=lambda d: d.is_action and g.cost(d) == paid)
        if name:
            g.gain(p, name, source=card.name)


STONEMASON = _k("Stonemason", 2, ("Action",), on_play=_stonemason,
                on_overpay=_stonemason_overpay)


# --- Butcher: take 2 Coin tokens; you may trash a card from hand (not Butcher itself, it
# is in play) and then pay any number of tokens, the new ones included (FAQ); if you
# trashed one, gain a card costing up to its cost plus the tokens paid. The tokens paid
# give no coins (FAQ).
def _butcher(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.take_coffers(p, 2)
    picked = g.choose_from_hand(p, card.name, "You may trash a card", min=0, max=1)
    if not picked:
        return
    limit = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    answer = g.choose_option(p, card.name, "Pay how many Coin tokens?",
                             [(str(n), f"pay {n}") for n in range(p.coffers + 1)],
                             context={"coffers": p.coffers})
    paid = int(answer)
    p.coffers -= paid
    name = g.choose_supply(p, card.name, "Gain a card", max_cost=limit.plus_coins(paid))
    if name:
        g.gain(p, name, source=card.name)


BUTCHER = _k("Butcher", 5, ("Action",), on_play=_butcher)


# --- Doctor: name a card (any card: FAQ); reveal the top 3 (shuffling for the rest,
# without them; as many as there are: FAQ); trash the matches, put the rest back in any
# order. Overpay: per 1 coin, look at the top card (shuffling if needed, the cards this
# discarded included: FAQ) and trash it, discard it or put it back (then it is looked at
# again by the next coin: FAQ).
def _doctor(g: GameBase, p: Player, card: Card, play: Play) -> None:
    named = _name_a_card(g, p, card.name)
    revealed = g.reveal_from_deck(p, 3, card.name)
    for c in revealed:
        if c.name == named:
            g.trash_card(p, c, p.set_aside, card.name)
    rest = [c for c in revealed if c in p.set_aside]
    for c in g.order_cards(p, card.name, "Order to put back (last is the new top)", rest):
        g.topdeck(p, c, p.set_aside, card.name)


def _doctor_overpay(g: GameBase, p: Player, card: Card, paid: Cost) -> None:
    for _ in range(paid.coins):
        looked = g.reveal_from_deck(p, 1, card.name, look=True)
        if not looked:
            return
        c = looked[0]
        choice = g.choose_option(p, card.name, f"The top card is {c.name}",
                                 [("trash", "trash it"), ("discard", "discard it"),
                                  ("back", "put it back")], context={"card": c.name})
        if choice == "trash":
            g.trash_card(p, c, p.set_aside, card.name)
        elif choice == "discard":
            g.discard_card(p, c, p.set_aside, card.name)
        else:
            g.topdeck(p, c, p.set_aside, card.name)


DOCTOR = _k("Doctor", 3, ("Action",), on_play=_doctor, on_overpay=_doctor_overpay)


# --- Herald: +1 Card, +1 Action; reveal the top card; if it is an Action, play it (not
# optional, uses no Action; a Duration played so keeps Herald nowhere: FAQ), else it
# stays on top. Overpay: per 1 coin, put a card from your discard pile on your deck,
# one at a time (so in any order), all of them if there are fewer (FAQ).
def _herald(g: GameBase, p: Player, card: Card, play: Play) -> None:
    top = g.reveal_from_deck(p, 1, card.name)
    if not top:
        return
    if top[0].defn.is_action:
        g.play_card(p, top[0], p.set_aside)
    else:
        g.topdeck(p, top[0], p.set_aside, card.name)


def _herald_overpay(g: GameBase, p: Player, card: Card, paid: Cost) -> None:
    for _ in range(paid.coins):
        if not p.discard:
            return
        [c] = g.choose_cards(p, card.name, "Put a card from your discard pile on your deck",
                             list(p.discard))
        g.topdeck(p, c, p.discard, card.name)


HERALD = _k("Herald", 4, ("Action",), cards=1, actions=1, on_play=_herald,
            on_overpay=_herald_overpay)
