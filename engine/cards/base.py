"""Dominion (first edition): the 25 Kingdom cards.

Bonuses printed as ``+N`` are data; hooks implement the rest. The FAQ points
each hook honours are noted where the code makes a choice because of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.cost import Cost
from engine.registry import register
from engine.vocabulary import LogKind

if TYPE_CHECKING:
    from engine.primitives import GameBase, Play
    from engine.state import Player

SET = "base"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _is_treasure(c: Card) -> bool:
    return c.defn.is_treasure


# --- Adventurer: reveal until 2 Treasures; they go to hand, the rest are discarded.
def _adventurer(g: GameBase, p: Player, card: Card, play: Play) -> None:
    found = 0
    revealed: list[Card] = []
    # Revealed cards sit in set_aside, so a mid-reveal shuffle does not include them.
    while found < 2:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        revealed += one
        found += one[0].defn.is_treasure
    for c in revealed:
        if c.defn.is_treasure:
            g.to_hand(p, c, p.set_aside)
        else:
            g.discard_card(p, c, p.set_aside, card.name)


ADVENTURER = _k("Adventurer", 6, ("Action",), on_play=_adventurer)


# --- Bureaucrat: gain a Silver onto your deck; others put a Victory card from hand on theirs.
def _bureaucrat(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Silver", to="deck", source=card.name)
    for q in play.victims(g):
        picked = g.choose_from_hand(q, card.name, "Put a Victory card onto your deck",
                                    min=1, max=1, pred=lambda c: c.defn.is_victory)
        if picked:
            g.reveal(q, picked, card.name)
            g.topdeck(q, picked[0], q.hand, card.name)
        else:
            g.reveal(q, list(q.hand), card.name)


BUREAUCRAT = _k("Bureaucrat", 4, ("Action", "Attack"), on_play=_bureaucrat)


# --- Cellar: discard any number (all at once), then draw that many.
def _cellar(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard any number of cards", min=0, max=len(p.hand))
    g.discard_cards(p, picked, p.hand, card.name)  # all at once (Cellar FAQ)
    if picked:
        g.draw(p, len(picked))


CELLAR = _k("Cellar", 2, ("Action",), actions=1, on_play=_cellar)


# --- Chancellor: +2 coins; you may put your deck into your discard pile at once.
def _chancellor(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if p.deck and g.yes_no(p, card.name, "Put your deck into your discard pile?"):
        g.deck_into_discard(p, card.name)


CHANCELLOR = _k("Chancellor", 3, ("Action",), coins=2, on_play=_chancellor)


# --- Chapel: trash up to 4 cards from hand.
def _chapel(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.trash_cards(p, g.choose_from_hand(p, card.name, "Trash up to 4 cards", min=0, max=4),
                  p.hand, card.name)


CHAPEL = _k("Chapel", 2, ("Action",), on_play=_chapel)


# --- Council Room: +4 Cards, +1 Buy; each other player draws a card (not an Attack).
def _council_room(g: GameBase, p: Player, card: Card, play: Play) -> None:
    n = len(g.players)
    for k in range(1, n):
        g.draw(g.players[(p.index + k) % n], 1)


COUNCIL_ROOM = _k("Council Room", 5, ("Action",), cards=4, buys=1, on_play=_council_room)


# --- Feast: trash this (if you still can); gain a card costing up to 5 either way.
def _feast(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Gain a card costing up to 5", max_cost=Cost(5))
    if name:
        g.gain(p, name, source=card.name)


FEAST = _k("Feast", 4, ("Action",), on_play=_feast)

FESTIVAL = _k("Festival", 5, ("Action",), actions=2, buys=1, coins=2)


def _gardens_vp(p: Player) -> int:
    return len(p.all_cards()) // 10


GARDENS = _k("Gardens", 4, ("Victory",), vp_fn=_gardens_vp)
LABORATORY = _k("Laboratory", 5, ("Action",), cards=2, actions=1)


# --- Library: draw to 7, optionally setting aside Actions as you draw them.
def _library(g: GameBase, p: Player, card: Card, play: Play) -> None:
    # Only its own set-aside cards are discarded: a Golem playing Library keeps the
    # other Action it revealed set aside, to play next.
    aside: list[Card] = []
    may_shuffle = True  # once: cards Avoid kept out of that shuffle stay out
    while len(p.hand) < 7:
        shuffles = not p.deck and bool(p.discard)
        c = g.take_top(p, may_shuffle)
        if c is None:
            break
        may_shuffle = may_shuffle and not shuffles
        p.hand.append(c)
        g.log(LogKind.DRAW, p, (c,), card.name)
        if c.defn.is_action and g.yes_no(p, card.name, f"Set aside {c.name}?",
                                         context={"card": c.name}):
            g.set_aside(p, c, p.hand, card.name)
            aside.append(c)
    for c in aside:
        g.discard_card(p, c, p.set_aside, card.name)


LIBRARY = _k("Library", 5, ("Action",), on_play=_library)
MARKET = _k("Market", 5, ("Action",), cards=1, actions=1, buys=1, coins=1)


# --- Militia: +2 coins; others discard down to 3.
def _militia(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.discard_down_to(q, 3, card.name)


MILITIA = _k("Militia", 4, ("Action", "Attack"), coins=2, on_play=_militia)


# --- Mine: trash a Treasure, gain a Treasure costing up to 3 more, to hand.
def _mine(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.trash_and_gain(p, card.name, 3, trash_pred=_is_treasure, gain_pred=lambda d: d.is_treasure,
                     to="hand", trash_prompt="Trash a Treasure",
                     gain_prompt="Gain a Treasure to your hand")


MINE = _k("Mine", 5, ("Action",), on_play=_mine)


# --- Moat: +2 Cards; reveal from hand when another player plays an Attack: unaffected.
def _moat_react(g: GameBase, p: Player, moat: Card, attack: Card) -> bool:
    return True


MOAT = _k("Moat", 2, ("Action", "Reaction"), cards=2, react_attack=_moat_react)


# --- Moneylender: trash a Copper from hand; if you did, +3 coins.
def _moneylender(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for c in p.hand:
        if c.name == "Copper":
            g.trash_card(p, c, p.hand, card.name)
            g.coins += 3
            return


MONEYLENDER = _k("Moneylender", 4, ("Action",), on_play=_moneylender)


# --- Remodel: trash a card from hand; gain one costing up to 2 more.
def _remodel(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.trash_and_gain(p, card.name, 2)


REMODEL = _k("Remodel", 4, ("Action",), on_play=_remodel)
SMITHY = _k("Smithy", 4, ("Action",), cards=3)


# --- Spy: each player (you first) reveals their top card; you choose discard or keep.
def _spy(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.discard_or_keep_tops(p, [p, *play.victims(g)], card.name)


SPY = _k("Spy", 4, ("Action", "Attack"), cards=1, actions=1, on_play=_spy)


# --- Thief: others reveal 2; you trash a revealed Treasure of each; gain any you like.
def _thief(g: GameBase, p: Player, card: Card, play: Play) -> None:
    trashed: list[Card] = []
    for q in play.victims(g):
        revealed = g.reveal_from_deck(q, 2, card.name)
        if not revealed:
            continue
        treasures = [c for c in revealed if c.defn.is_treasure]
        if treasures:
            [victim] = g.choose_cards(p, card.name, f"Trash a Treasure of {q.name}", treasures)
            g.trash_card(q, victim, q.set_aside, card.name)
            trashed.append(victim)
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)
    still = [c for c in trashed if c in g.trash]
    for c in g.choose_cards(p, card.name, "Gain any of the trashed Treasures", still,
                            min=0, max=len(still)):
        g.gain_card_object(p, c, g.trash, source=card.name)


THIEF = _k("Thief", 4, ("Action", "Attack"), on_play=_thief)


# --- Throne Room: choose an Action in hand, play it twice.
def _multi_play(times: int, optional: bool):  # type: ignore[no-untyped-def]
    def hook(g: GameBase, p: Player, card: Card, play: Play) -> None:
        picked = g.choose_from_hand(p, card.name, f"Choose an Action to play {times} times",
                                    min=0 if optional else 1, max=1,
                                    pred=lambda c: c.defn.is_action)
        if not picked:
            return
        target = picked[0]
        g.play_card(p, target, p.hand, by=card)
        for _ in range(times - 1):
            g.play_card(p, target, None, by=card, again=True)
    return hook


THRONE_ROOM = _k("Throne Room", 4, ("Action",), on_play=_multi_play(2, optional=False))
VILLAGE = _k("Village", 3, ("Action",), cards=1, actions=2)


# --- Witch: +2 Cards; each other player gains a Curse (in turn order from your left).
def _witch(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.gain(q, "Curse", source=card.name)


WITCH = _k("Witch", 5, ("Action", "Attack"), cards=2, on_play=_witch)
WOODCUTTER = _k("Woodcutter", 3, ("Action",), buys=1, coins=2)


# --- Workshop: gain a card costing up to 4.
def _workshop(g: GameBase, p: Player, card: Card, play: Play) -> None:
    name = g.choose_supply(p, card.name, "Gain a card costing up to 4", max_cost=Cost(4))
    if name:
        g.gain(p, name, source=card.name)


WORKSHOP = _k("Workshop", 3, ("Action",), on_play=_workshop)
