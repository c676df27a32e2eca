"""Hinterlands (first edition).

The sources hold no FAQ for this set, so each hook follows the printed text in
``corpus/catalogue/hinterlands.yaml``; a comment says how the text is read
where it leaves a choice, and the card's scenarios (``card_text:``) play it out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.registry import register

if TYPE_CHECKING:
    from engine.primitives import GameBase as Game
    from engine.primitives import Play
    from engine.state import Player


def _cache_gained(g: Game, p: Player, card: Card) -> None:
    """However it was gained (bought or not), gain two Coppers."""
    for _ in range(2):
        g.gain(p, "Copper", source=card.name)


CACHE = register(CardDef("Cache", 5, ("Treasure",), set_name="hinterlands", coins=3,
                         on_gain=_cache_gained))


def _hinterlands(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name="hinterlands", **kw))  # type: ignore[arg-type]


# --- Jack of All Trades: gain a Silver; look at the top card (shuffling if needed) and
# discard it or put it back; draw until 5 in hand; you may trash a non-Treasure from hand.
def _jack_of_all_trades(g: Game, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Silver", source=card.name)
    top = g.peek_top(p)
    if top is not None:
        g.log("look", p, (top,), card.name)
        choice = g.choose_option(p, card.name, f"The top card of your deck is {top.name}",
                                 [("discard", "discard it"), ("keep", "put it back")],
                                 context={"card": top.name})
        if choice == "discard":
            g.discard_card(p, top, p.deck, card.name)
    if len(p.hand) < 5:
        g.draw(p, 5 - len(p.hand))
    for c in g.choose_from_hand(p, card.name, "Trash a card that is not a Treasure?", min=0,
                                pred=lambda c: not c.defn.is_treasure):
        g.trash_card(p, c, p.hand, card.name)


JACK_OF_ALL_TRADES = _hinterlands("Jack of All Trades", 4, ("Action",),
                                  on_play=_jack_of_all_trades)


# --- Mandarin: +3 coins; put a card from your hand on your deck (not optional). When
# gained, every Treasure in play goes on the deck in the order its owner chooses (first
# goes first, so the last is on top); the coins they made stay. A Duration Treasure whose
# effect still waits stays in play, as with Herbalist and Crypt.
def _mandarin(g: Game, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "Put a card from your hand on your deck"):
        g.topdeck(p, c, p.hand, card.name)


def _mandarin_gained(g: Game, p: Player, card: Card) -> None:
    staying = g.held_by_durations(p)
    treasures = [c for c in p.in_play if c.defn.is_treasure and id(c) not in staying]
    for c in g.order_cards(p, card.name, "Put your Treasures in play on your deck "
                           "(first goes first)", treasures):
        g.topdeck(p, c, p.in_play, card.name)


MANDARIN = _hinterlands("Mandarin", 5, ("Action",), coins=3, on_play=_mandarin,
                        on_gain=_mandarin_gained)


# --- Margrave: +3 Cards, +1 Buy; each other player draws a card, then discards down to 3.
def _margrave(g: Game, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.draw(q, 1)
        g.discard_down_to(q, 3, card.name)


MARGRAVE = _hinterlands("Margrave", 5, ("Action", "Attack"), cards=3, buys=1,
                        on_play=_margrave)


# --- Noble Brigand: +1 coin. When bought or played, each other player reveals the top 2
# of their deck; the attacker picks a revealed Silver or Gold to trash; the rest are
# discarded; a victim who revealed no Treasure gains a Copper; then the attacker gains
# the trashed cards (those still in the trash). Buying is not playing an Attack, so no
# Moat or Lighthouse protects against the when-buy part.
def _noble_brigand_attack(g: Game, p: Player, card: Card, victims: list[Player]) -> None:
    trashed: list[Card] = []
    for q in victims:
        revealed = g.reveal_from_deck(q, 2, card.name)
        loot = [c for c in revealed if c.name in ("Silver", "Gold")]
        if loot:
            [victim] = g.choose_cards(p, card.name, f"Trash a Silver or Gold of {q.name}",
                                      loot)
            g.trash_card(q, victim, q.set_aside, card.name)
            trashed.append(victim)
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)
        if not any(c.defn.is_treasure for c in revealed):
            g.gain(q, "Copper", source=card.name)
    for c in trashed:
        if c in g.trash:
            g.gain_card_object(p, c, g.trash, source=card.name)


def _noble_brigand(g: Game, p: Player, card: Card, play: Play) -> None:
    _noble_brigand_attack(g, p, card, play.victims(g))


def _noble_brigand_bought(g: Game, p: Player, card: Card) -> None:
    n = len(g.players)
    _noble_brigand_attack(g, p, card, [g.players[(p.index + k) % n] for k in range(1, n)])


NOBLE_BRIGAND = _hinterlands("Noble Brigand", 4, ("Action", "Attack"), coins=1,
                             on_play=_noble_brigand, on_buy=_noble_brigand_bought)


# --- Nomad Camp: +1 Buy, +2 coins. When gained (bought or not), it goes on the deck: it is
# gained there, as a card whose gain says where it goes (gain_to). A gain that names the
# place itself wins (Cobbler and Wish FAQ: a Nomad Camp they gain goes to the hand).
NOMAD_CAMP = _hinterlands("Nomad Camp", 4, ("Action",), buys=1, coins=2, gain_to="deck")


# --- Oasis: +1 Card, +1 Action, +1 coin, then discard a card (not optional).
def _oasis(g: Game, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "Discard a card"):
        g.discard_card(p, c, p.hand, card.name)


OASIS = _hinterlands("Oasis", 3, ("Action",), cards=1, actions=1, coins=1, on_play=_oasis)


# --- Oracle (Attack): each player, you first then the others in turn order (minus those a
# Moat protects), reveals the top 2; you choose: they discard both, or they put them back
# in the order they choose (first goes first, so the last is on top). Then +2 Cards.
def _oracle(g: Game, p: Player, card: Card, play: Play) -> None:
    for q in [p, *play.victims(g)]:
        revealed = g.reveal_from_deck(q, 2, card.name)
        if not revealed:
            continue
        choice = g.choose_option(
            p, card.name, f"{q.name} revealed {', '.join(c.name for c in revealed)}",
            [("discard", "they discard them"), ("back", "they put them back")],
            context={"target": q.index, "cards": [c.name for c in revealed]})
        if choice == "discard":
            for c in revealed:
                if c in q.set_aside:
                    g.discard_card(q, c, q.set_aside, card.name)
        else:
            for c in g.order_cards(q, card.name, "Put them back on your deck (first goes "
                                   "first)", revealed):
                g.topdeck(q, c, q.set_aside, card.name)
    g.draw(p, 2)


ORACLE = _hinterlands("Oracle", 3, ("Action", "Attack"), on_play=_oracle)


# --- Scheme: +1 Card, +1 Action. At the start of Clean-up, you may choose an Action card
# in play (not one a waiting Duration keeps there: it is not discarded); when Clean-up
# would discard it from play, it goes onto the deck instead (engine.turn, before the new
# hand is drawn; Hermit FAQ: it is then not discarded from play). Each play chooses once.
def _scheme(g: Game, p: Player, card: Card, play: Play) -> None:
    def at_cleanup(game: Game) -> None:
        staying = game.held_by_durations(p)
        actions = [c for c in p.in_play if c.defn.is_action and id(c) not in staying]
        for c in game.choose_cards(p, card.name, "Choose an Action card to put on your "
                                   "deck when it is discarded from play", actions,
                                   min=0, max=1):
            game.onto_deck_from_play.append(c)

    g.cleanup_hooks.append(at_cleanup)


SCHEME = _hinterlands("Scheme", 3, ("Action",), cards=1, actions=1, on_play=_scheme)


# --- Silk Road: 1 VP per 4 Victory cards its owner has (itself included), rounded down.
def _silk_road_vp(p: Player) -> int:
    return sum(1 for c in p.all_cards() if c.defn.is_victory) // 4


SILK_ROAD = _hinterlands("Silk Road", 4, ("Victory",), vp_fn=_silk_road_vp)


# --- Spice Merchant: you may trash a Treasure from hand; if you do, choose +2 Cards and
# +1 Action, or +2 coins and +1 Buy.
def _spice_merchant(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a Treasure?", min=0,
                                pred=lambda c: c.defn.is_treasure)
    if not picked:
        return
    g.trash_card(p, picked[0], p.hand, card.name)
    choice = g.choose_option(p, card.name, "Choose one",
                             [("cards", "+2 Cards and +1 Action"),
                              ("coins", "+2 coins and +1 Buy")])
    if choice == "cards":
        g.draw(p, 2)
        g.actions += 1
    else:
        g.coins += 2
        g.buys += 1


SPICE_MERCHANT = _hinterlands("Spice Merchant", 4, ("Action",), on_play=_spice_merchant)


# --- Stables: you may discard a Treasure; if you do, +3 Cards and +1 Action.
def _stables(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard a Treasure?", min=0,
                                pred=lambda c: c.defn.is_treasure)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.draw(p, 3)
        g.actions += 1


STABLES = _hinterlands("Stables", 5, ("Action",), on_play=_stables)


# --- Trader: trash a card from hand (not optional) and gain a Silver per coin of its
# cost as it was trashed. Reaction: when its holder would gain a card (on anyone's
# turn, bought or not), they may reveal it to gain a Silver instead; the card is then not
# gained and stays where it was (its pile, the trash). Not asked for a Silver, which it
# would replace with a Silver; asked even when the Silver pile is empty (nothing is then
# gained: a Curse refused).
def _trader(g: Game, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    coins = g.cost(picked[0]).coins
    g.trash_card(p, picked[0], p.hand, card.name)
    for _ in range(coins):
        g.gain(p, "Silver", source=card.name)


def _trader_would_gain(g: Game, p: Player, trader: Card, gained: Card) -> bool:
    if gained.name == "Silver":
        return False
    if not g.offer_reaction(p, trader, gained, f"Reveal Trader to gain a Silver instead of "
                            f"{gained.name}?", "would_gain"):
        return False
    g.gain(p, "Silver", source=trader.name)
    return True


TRADER = _hinterlands("Trader", 4, ("Action", "Reaction"), on_play=_trader,
                      react_would_gain=_trader_would_gain)


# --- Tunnel: 2 VP. When discarded other than in Clean-up (from hand, deck or revealed
# cards, on anyone's turn: the discard primitive fires it), its owner may reveal it to
# gain a Gold. Not asked when no Gold is left to gain.
def _tunnel_discarded(g: Game, p: Player, card: Card) -> None:
    gold = g.piles.get("Gold")
    if gold is None or not gold.cards:
        return
    if g.yes_no(p, card.name, "Reveal Tunnel to gain a Gold?"):
        g.reveal(p, (card,), card.name)
        g.gain(p, "Gold", source=card.name)


TUNNEL = _hinterlands("Tunnel", 3, ("Victory", "Reaction"), vp=2,
                      on_discard=_tunnel_discarded)
