"""Prosperity (first edition): its 25 Kingdom cards.

Platinum and Colony are in :mod:`engine.cards.basic`. Bonuses printed as ``+N`` are
data; hooks implement the rest, with the FAQ points they honour noted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine import registry
from engine.cards.base import _multi_play
from engine.cards.core import Card, CardDef
from engine.cost import Cost
from engine.registry import register, register_gain_token
from engine.set_state import SetState

if TYPE_CHECKING:
    from engine.primitives import GameBase, Play
    from engine.state import Player

SET = "prosperity"


def _watchtower(g: GameBase, p: Player, card: Card, play: Play) -> None:
    missing = 6 - len(p.hand)
    if missing > 0:
        g.draw(p, missing)


def _watchtower_react(g: GameBase, p: Player, tower: Card, gained: Card, zone: list[Card]) -> None:
    """Trash the gained card or put it on the deck, if it is still where it was gained."""
    choice = g.choose_option(p, tower.name, f"What to do with {gained.name}?",
                             [("trash", "trash it"), ("topdeck", "put it on your deck")],
                             context={"card": gained.name})
    if gained not in zone:
        return
    if choice == "trash":
        g.trash_card(p, gained, zone, tower.name)
    elif zone is not p.deck or p.deck[-1] is not gained:
        g.topdeck(p, gained, zone, tower.name)


WATCHTOWER = register(CardDef("Watchtower", 3, ("Action", "Reaction"), set_name=SET,
                              on_play=_watchtower, react_gain=_watchtower_react))

KINGS_COURT = register(CardDef("King's Court", 7, ("Action",), set_name=SET,
                               on_play=_multi_play(3, optional=True)))


# Hoard (first edition): while in play, when you buy a Victory card, gain a Gold.
def _hoard_buy(g: GameBase, p: Player, hoard: Card, bought: Card) -> None:
    if bought.defn.is_victory:
        g.gain(p, "Gold", source=hoard.name)


HOARD = register(CardDef("Hoard", 6, ("Treasure",), set_name=SET, coins=2,
                         while_in_play_buy=_hoard_buy))


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _others(g: GameBase, p: Player) -> list[Player]:
    """The other players in turn order from ``p``'s left (for non-Attack effects)."""
    n = len(g.players)
    return [g.players[(p.index + k) % n] for k in range(1, n)]


# --- Monument: +2 coins, +1 VP token.
def _monument(g: GameBase, p: Player, card: Card, play: Play) -> None:
    p.vp_tokens += 1


MONUMENT = _k("Monument", 4, ("Action",), coins=2, on_play=_monument)
WORKERS_VILLAGE = _k("Worker's Village", 4, ("Action",), cards=1, actions=2, buys=1)


# --- City: the bonuses look at the empty Supply piles when it is played (FAQ:
# no bonus later if a pile empties; three or more empty piles give nothing more;
# the trash is not a Supply pile).
def _city(g: GameBase, p: Player, card: Card, play: Play) -> None:
    empty = sum(1 for pile in g.piles.values() if pile.supply and not pile.cards)
    if empty >= 1:
        g.draw(p, 1)
    if empty >= 2:
        g.coins += 1
        g.buys += 1


CITY = _k("City", 5, ("Action",), cards=1, actions=2, on_play=_city)


# --- Bishop: +1 coin, +1 VP token; trash a card (mandatory) for half its coin cost
# in VP tokens (FAQ: Potion ignored); then each other player may trash a card, in turn
# order (FAQ), and gets no tokens.
def _bishop(g: GameBase, p: Player, card: Card, play: Play) -> None:
    p.vp_tokens += 1
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        p.vp_tokens += g.cost(picked[0]).coins // 2
        g.trash_card(p, picked[0], p.hand, card.name)
    for q in _others(g, p):
        for c in g.choose_from_hand(q, card.name, "You may trash a card", min=0, max=1):
            g.trash_card(q, c, q.hand, card.name)


BISHOP = _k("Bishop", 4, ("Action",), coins=1, on_play=_bishop)


# --- Counting House: put any number of Coppers from your discard pile into your hand.
def _counting_house(g: GameBase, p: Player, card: Card, play: Play) -> None:
    coppers = [c for c in p.discard if c.name == "Copper"]
    picked = g.choose_cards(p, card.name, "Put Coppers from your discard pile into your hand",
                            coppers, min=0, max=len(coppers))
    if picked:
        g.reveal(p, picked, card.name)
    for c in picked:
        g.to_hand(p, c, p.discard)


COUNTING_HOUSE = _k("Counting House", 5, ("Action",), on_play=_counting_house)


# --- Expand: trash a card from hand, gain one costing up to 3 more (FAQ: nothing to
# trash, nothing gained).
def _expand(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.trash_and_gain(p, card.name, 3)


EXPAND = _k("Expand", 7, ("Action",), on_play=_expand)


# --- Forge: trash any number (zero too), gain a card costing exactly their total in
# coins (FAQ: Potions are not added and the gained card cannot cost a Potion; trashing
# nothing means gaining a card costing 0; none at that cost, none gained).
def _forge(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash any number of cards", min=0,
                                max=len(p.hand))
    total = sum(g.cost(c).coins for c in picked)
    for c in picked:
        g.trash_card(p, c, p.hand, card.name)
    name = g.choose_supply(p, card.name, f"Gain a card costing exactly {total}",
                           pred=lambda d: g.cost(d).exactly(Cost(total)))
    if name:
        g.gain(p, name, source=card.name)


FORGE = _k("Forge", 7, ("Action",), on_play=_forge)


# --- Mountebank: each other player may discard a Curse; if not, gains a Curse and a
# Copper (FAQ: in turn order; an empty pile skips only its own gain; with both empty the
# Curse may still be discarded; Moat blocks the whole attack).
def _mountebank(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        curse = next((c for c in q.hand if c.defn.is_curse), None)
        if curse is not None and g.yes_no(q, card.name, "Discard a Curse?"):
            g.discard_card(q, curse, q.hand, card.name)
            continue
        g.gain(q, "Curse", source=card.name)
        g.gain(q, "Copper", source=card.name)


MOUNTEBANK = _k("Mountebank", 5, ("Action", "Attack"), coins=2, on_play=_mountebank)


# --- Rabble: others reveal 3, discard the Actions and Treasures (a card of either type,
# whatever else it is: FAQ), and put the rest back in the order they choose.
def _rabble(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        revealed = g.reveal_from_deck(q, 3, card.name)
        for c in revealed:
            if c.defn.is_action or c.defn.is_treasure:
                g.discard_card(q, c, q.set_aside, card.name)
        rest = [c for c in revealed if c in q.set_aside]
        for c in g.order_cards(q, card.name, "Put these back on your deck (last on top)", rest):
            g.topdeck(q, c, q.set_aside, card.name)


RABBLE = _k("Rabble", 5, ("Action", "Attack"), cards=3, on_play=_rabble)


# --- Vault: +2 Cards (drawn first: FAQ), discard any number for +1 coin each; each
# other player may discard 2 cards and, if they discarded 2, draws 1 (FAQ: a player with
# one card may discard it but draws nothing).
def _vault(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard any number of cards for +1 coin each",
                                min=0, max=len(p.hand))
    g.discard_cards(p, picked, p.hand, card.name)
    g.coins += len(picked)
    for q in _others(g, p):
        if not q.hand or not g.yes_no(q, card.name, "Discard 2 cards to draw 1?"):
            continue
        n = min(2, len(q.hand))
        chosen = g.choose_from_hand(q, card.name, f"Discard {n} cards", min=n, max=n)
        g.discard_cards(q, chosen, q.hand, card.name)
        if n == 2:
            g.draw(q, 1)


VAULT = _k("Vault", 5, ("Action",), cards=2, on_play=_vault)


# --- Goons: Militia's attack, and while in play +1 VP token per card bought (FAQ: each
# Goons in play counts; a Goons played three times by King's Court is one card in play).
def _goons(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.discard_down_to(q, 3, card.name)


def _goons_buy(g: GameBase, p: Player, goons: Card, bought: Card) -> None:
    p.vp_tokens += 1


GOONS = _k("Goons", 6, ("Action", "Attack"), buys=1, coins=2, on_play=_goons,
           while_in_play_buy=_goons_buy)


# --- Bank: worth 1 coin per Treasure in play when played, itself included (FAQ: fixed
# at that moment).
def _bank(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.coins += sum(1 for c in p.in_play if c.defn.is_treasure)


BANK = _k("Bank", 7, ("Treasure",), on_play=_bank)


def _reveal_until_treasure(g: GameBase, p: Player, source: str) -> tuple[Card | None, list[Card]]:
    """Reveal cards into set-aside until a Treasure (FAQ: a shuffle leaves the revealed
    cards out); returns the Treasure (or None) and the other revealed cards."""
    others: list[Card] = []
    while True:
        one = g.reveal_from_deck(p, 1, source)
        if not one:
            return None, others
        if one[0].defn.is_treasure:
            return one[0], others
        others.append(one[0])


# --- Loan: worth 1; reveal until a Treasure, discard or trash it; discard the others.
def _loan(g: GameBase, p: Player, card: Card, play: Play) -> None:
    found, others = _reveal_until_treasure(g, p, card.name)
    if found is not None:
        choice = g.choose_option(p, card.name, f"Discard or trash {found.name}?",
                                 [("discard", "discard it"), ("trash", "trash it")],
                                 context={"card": found.name})
        if choice == "trash":
            g.trash_card(p, found, p.set_aside, card.name)
        else:
            g.discard_card(p, found, p.set_aside, card.name)
    for c in others:
        g.discard_card(p, c, p.set_aside, card.name)


LOAN = _k("Loan", 3, ("Treasure",), coins=1, on_play=_loan)


# --- Venture: worth 1; reveal until a Treasure, discard the others, then play it (FAQ:
# with its own effect, so a Venture found reveals again).
def _venture(g: GameBase, p: Player, card: Card, play: Play) -> None:
    found, others = _reveal_until_treasure(g, p, card.name)
    for c in others:
        g.discard_card(p, c, p.set_aside, card.name)
    if found is not None:
        g.play_card(p, found, p.set_aside, by=card)


VENTURE = _k("Venture", 5, ("Treasure",), coins=1, on_play=_venture)


# --- Grand Market: can't be bought with a Copper in play (FAQ: only Coppers in play
# now count, not those in hand or no longer in play; gaining it otherwise is fine).
def _grand_market_forbidden(g: GameBase, p: Player) -> str | None:
    if any(c.name == "Copper" for c in p.in_play):
        return "Grand Market cannot be bought with a Copper in play"
    return None


GRAND_MARKET = _k("Grand Market", 6, ("Action",), cards=1, actions=1, buys=1, coins=2,
                  buy_forbidden=_grand_market_forbidden)


# --- Talisman: while in play, buying a non-Victory card costing 4 or less (its cost
# then: FAQ) gains another copy. The bought card is gained from the pile first, so the
# copy is the next card of the pile: none left, none gained (FAQ).
def _talisman_buy(g: GameBase, p: Player, talisman: Card, bought: Card) -> None:
    if bought.defn.is_victory or not g.cost(bought).at_most(Cost(4)):
        return
    pile = g.piles.get(g.pile_name_of(bought))  # none: bought from the Black Market deck
    if pile is not None and len(pile.cards) >= 2:
        g.gain(p, pile.name, source=talisman.name)


TALISMAN = _k("Talisman", 4, ("Treasure",), coins=1, while_in_play_buy=_talisman_buy)


# --- Quarry: while in play, Action cards cost 2 less (not below 0), per Quarry (FAQ:
# cumulative, every Action card everywhere, any card with the Action type).
def _quarry_cost(g: GameBase, d: CardDef, c: Cost) -> Cost:
    if not d.is_action or not c.coins:
        return c
    n = sum(1 for x in g.players[g.current].in_play if x.name == "Quarry")
    return c.plus_coins(-2 * n) if n else c


QUARRY = _k("Quarry", 4, ("Treasure",), coins=1, cost_modifier=_quarry_cost)


# --- Peddler: in its owner's Buy phase, costs 2 less per Action card in play (FAQ:
# every Peddler, wherever it is; a card played several times is one card in play).
def _peddler_cost(g: GameBase, d: CardDef, c: Cost) -> Cost:
    if d.name != "Peddler" or g.phase != "buy":
        return c
    n = sum(1 for x in g.players[g.current].in_play if x.defn.is_action)
    return c.plus_coins(-2 * n) if n else c


PEDDLER = _k("Peddler", 8, ("Action",), cards=1, actions=1, coins=1,
             cost_modifier=_peddler_cost)


# --- Royal Seal: while in play, each card its owner gains may go on top of the deck
# (FAQ: however it was gained; an empty deck is not shuffled, the card becomes the deck).
def _royal_seal_gain(g: GameBase, p: Player, seal: Card, gained: Card, zone: list[Card]) -> None:
    if g.yes_no(p, seal.name, f"Put {gained.name} on top of your deck?",
                context={"card": gained.name}):
        g.topdeck(p, gained, zone, seal.name)


ROYAL_SEAL = _k("Royal Seal", 5, ("Treasure",), coins=2, while_in_play_gain=_royal_seal_gain)


# --- Mint: may reveal a Treasure from hand (it stays there) and gain a copy; when
# bought, trash every Treasure in play (FAQ: before the Mint is gained, so a Royal Seal
# in play is gone by then; Treasures in hand stay).
def _mint(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Reveal a Treasure to gain a copy", min=0,
                                max=1, pred=lambda c: c.defn.is_treasure)
    if not picked:
        return
    g.reveal(p, picked, card.name)
    pile = g.piles.get(g.pile_name_of(picked[0]))
    if pile is not None and pile.supply:
        g.gain(p, pile.name, source=card.name)


def _mint_buy(g: GameBase, p: Player, card: Card) -> None:
    for c in [c for c in p.in_play if c.defn.is_treasure]:
        g.trash_card(p, c, p.in_play, card.name)


MINT = _k("Mint", 5, ("Action",), on_play=_mint, on_buy=_mint_buy)


# --- Contraband: worth 3, +1 Buy; the player to the left names a card (FAQ: any card,
# not only a Supply one; once per Contraband played), which cannot be bought this turn
# (it can still be gained otherwise).
def _contraband(g: GameBase, p: Player, card: Card, play: Play) -> None:
    left = g.players[(p.index + 1) % len(g.players)]
    names = sorted(registry.all_cards())
    named = g.choose_option(left, card.name, "Name a card that cannot be bought this turn",
                            [(n, n) for n in names])
    g.cannot_buy.append(named)


CONTRABAND = _k("Contraband", 5, ("Treasure",), coins=3, buys=1, on_play=_contraband)


# --- Trade Route: +1 Buy, +1 coin per token on the mat, trash a card from hand
# (mandatory; none in hand, none trashed). Tokens: engine.setup puts one on each Victory
# Supply pile; GameBase.gain takes it off with the first gain from the pile, by anyone,
# however (FAQ), and it goes to the mat.
@dataclass(slots=True)
class TradeRouteMat(SetState):
    """The Trade Route mat: the tokens moved there from the Victory piles."""

    tokens: int = 0


def _token_to_mat(g: GameBase) -> None:
    g.state(TradeRouteMat).tokens += 1


register_gain_token("Trade Route", _token_to_mat)


def _trade_route(g: GameBase, p: Player, card: Card, play: Play) -> None:
    mat = g.existing_state(TradeRouteMat)
    if mat is not None:
        g.coins += mat.tokens
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)


TRADE_ROUTE = _k("Trade Route", 3, ("Action",), buys=1, on_play=_trade_route)
