"""Alchemy (first edition): the Kingdom cards except Possession.

Transmute, Familiar and University came first, so the Potion rules had
something to act on: a Potion pile added at setup only for Potion-cost cards,
a Potion needed to buy them, and "costs up to N" gains (Workshop, Remodel,
University itself) that must refuse them because a Potion is part of their cost
(:meth:`engine.cost.Cost.at_most`). Possession (another player's turn made by
you) is not implemented.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.cost import Cost
from engine.registry import register

if TYPE_CHECKING:
    from engine.primitives import GameBase, Play
    from engine.state import Player

SET = "alchemy"


def _a(name: str, cost: Cost | int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _gain_if_there(g: GameBase, p: Player, name: str, source: str) -> None:
    """Gain ``name`` when its pile is in this game (Transmute may be in a Black Market deck)."""
    if name in g.piles:
        g.gain(p, name, source=source)


# --- Transmute: trash a card from hand; Action -> Duchy, Treasure -> Transmute,
# Victory -> Gold. A card of several types gives each (FAQ: Nobles gives Duchy and
# Gold); a Curse gives nothing; an empty hand trashes and gains nothing.
def _transmute(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    trashed = picked[0].defn
    g.trash_card(p, picked[0], p.hand, card.name)
    if trashed.is_action:
        _gain_if_there(g, p, "Duchy", card.name)
    if trashed.is_treasure:
        _gain_if_there(g, p, "Transmute", card.name)
    if trashed.is_victory:
        _gain_if_there(g, p, "Gold", card.name)


# --- Familiar: +1 Card, +1 Action; each other player gains a Curse (in turn order).
def _familiar(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.gain(q, "Curse", source=card.name)


# --- University: +2 Actions; you may gain an Action card costing up to 5 (no Potion).
def _university(g: GameBase, p: Player, card: Card, play: Play) -> None:
    name = g.choose_supply(p, card.name, "You may gain an Action card costing up to 5",
                           max_cost=Cost(5), pred=lambda d: d.is_action, optional=True)
    if name:
        g.gain(p, name, source=card.name)


TRANSMUTE = _a("Transmute", Cost(0, potion=1), ("Action",), on_play=_transmute)
FAMILIAR = _a("Familiar", Cost(3, potion=1), ("Action", "Attack"), cards=1, actions=1,
              on_play=_familiar)
UNIVERSITY = _a("University", Cost(2, potion=1), ("Action",), actions=2, on_play=_university)


# --- Vineyard: 1 VP per 3 Action cards you own, rounded down. Every card counts
# (FAQ: at game end hand and discard are part of the deck); a card with the
# Action type among others (Moat, Familiar) is an Action card.
def _vineyard_vp(p: Player) -> int:
    return sum(1 for c in p.all_cards() if c.defn.is_action) // 3


VINEYARD = _a("Vineyard", Cost(0, potion=1), ("Victory",), vp_fn=_vineyard_vp)


# --- Apprentice: +1 Action; trash a card from hand (not optional); +1 Card per coin
# of its cost and +2 Cards if its cost has a Potion. FAQ: an empty hand or a card
# costing 0 draws nothing; Golem (4 and a Potion) draws 6. The cost is its current
# one (Bridge lowers it), taken as it is trashed.
def _apprentice(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    cost = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    n = cost.coins + (2 if cost.potion else 0)
    if n:
        g.draw(p, n)


APPRENTICE = _a("Apprentice", 5, ("Action",), actions=1, on_play=_apprentice)


# --- Philosopher's Stone: a Treasure worth 1 coin per 5 cards in your deck and
# discard pile together, counted when played (FAQ: hand, play and set-aside cards
# do not count; the amount is fixed once played; each play counts again).
def _philosophers_stone(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.coins += (len(p.deck) + len(p.discard)) // 5


PHILOSOPHERS_STONE = _a("Philosopher's Stone", Cost(3, potion=1), ("Treasure",),
                        on_play=_philosophers_stone)


# --- Apothecary: +1 Card, +1 Action (the draw comes first); reveal the top 4 cards
# (shuffling if needed, fewer if there are no more); every revealed Copper and
# Potion goes to the hand (FAQ: not optional), the rest back on the deck in any order.
def _apothecary(g: GameBase, p: Player, card: Card, play: Play) -> None:
    revealed = g.reveal_from_deck(p, 4, card.name)
    for c in revealed:
        if c.name in ("Copper", "Potion"):
            g.to_hand(p, c, p.set_aside)
    rest = [c for c in revealed if c in p.set_aside]
    for c in g.order_cards(p, card.name, "Put these back on your deck (last is the new top)",
                           rest):
        g.topdeck(p, c, p.set_aside, card.name)


APOTHECARY = _a("Apothecary", Cost(2, potion=1), ("Action",), cards=1, actions=1,
                on_play=_apothecary)


# --- Scrying Pool: +1 Action; each player, you first then in turn order (minus those
# a Moat protects), reveals their top card and you choose: discard it or put it back.
# Then reveal from your deck until a non-Action (an Action with another type is an
# Action), shuffling if needed; all the cards revealed this way go to your hand (FAQ:
# not the cards of the first part). Out of cards: you keep what was revealed.
def _scrying_pool(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.discard_or_keep_tops(p, [p, *play.victims(g)], card.name)
    revealed: list[Card] = []
    while True:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        revealed += one
        if not one[0].defn.is_action:
            break
    for c in revealed:
        g.to_hand(p, c, p.set_aside)


SCRYING_POOL = _a("Scrying Pool", Cost(2, potion=1), ("Action", "Attack"), actions=1,
                  on_play=_scrying_pool)


# --- Golem: reveal until 2 Action cards other than Golem (shuffling the discard pile,
# not the revealed cards, when needed; fewer if the cards run out); discard the
# other revealed cards, then play the Actions found in the order you choose. FAQ:
# playing them is not optional, and they are never in your hand (a Throne Room
# found this way cannot pick the other one).
def _golem(g: GameBase, p: Player, card: Card, play: Play) -> None:
    revealed: list[Card] = []
    found: list[Card] = []
    while len(found) < 2:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        revealed += one
        if one[0].defn.is_action and one[0].name != "Golem":
            found += one
    for c in revealed:
        if c not in found:
            g.discard_card(p, c, p.set_aside, card.name)
    if len(found) == 2:
        found = g.order_cards(p, card.name, "Order to play them (first is played first)", found)
    for c in found:
        if c in p.set_aside:
            g.play_card(p, c, p.set_aside)


GOLEM = _a("Golem", Cost(4, potion=1), ("Action",), on_play=_golem)


# --- Herbalist: +1 Buy, +1 coin; when discarded from play (Clean-up), you may put one
# of your Treasures from play on your deck (FAQ: with an empty deck it becomes the
# whole deck; each Herbalist moves one more Treasure; the order of Clean-up's
# discards is the player's, see engine.turn).
def _herbalist_discarded(g: GameBase, p: Player, card: Card) -> None:
    # Only Treasures this Clean-up discards: a Duration Treasure with an effect still
    # to come (Plunder's Rope, Gondola) stays in play.
    staying = g.held_by_durations(p)
    treasures = [c for c in p.in_play if c.defn.is_treasure and id(c) not in staying]
    for c in g.choose_cards(p, card.name, "You may put a Treasure from play on your deck",
                            treasures, min=0, max=1):
        g.topdeck(p, c, p.in_play, card.name)


HERBALIST = _a("Herbalist", 2, ("Action",), buys=1, coins=1,
               on_discard_from_play=_herbalist_discarded)


# --- Alchemist: +2 Cards, +1 Action; when discarded from play, you may put it on your
# deck if a Potion is in play (FAQ: optional, before the new hand is drawn, and the
# Potion only has to be in play, not spent).
def _alchemist_discarded(g: GameBase, p: Player, card: Card) -> None:
    if card in p.discard and any(c.name == "Potion" for c in p.in_play) and g.yes_no(
            p, card.name, "Put Alchemist on your deck?"):
        g.topdeck(p, card, p.discard, card.name)


ALCHEMIST = _a("Alchemist", Cost(3, potion=1), ("Action",), cards=2, actions=1,
               on_discard_from_play=_alchemist_discarded)


# --- Possession: the player to your left takes an extra turn after this one (after
# an Outpost turn of yours), in which you make their decisions (GameBase.controller),
# gain whatever they would gain, to your discard pile, and their trashed cards are
# set aside and return to their discard pile after Clean-up (engine.turn). FAQ: not
# a Duration (discarded this turn); cumulative; an Attack they play hits you too;
# a Possession they play in that turn makes *them* possess their left neighbour.
def _possession(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.extra_turns.append(((p.index + 1) % len(g.players), p.index))  # after Outpost's


POSSESSION = _a("Possession", Cost(6, potion=1), ("Action",), on_play=_possession)
