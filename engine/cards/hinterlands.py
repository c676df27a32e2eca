"""Hinterlands (first edition): many abilities trigger on gaining or buying a card.

The sources hold no FAQ for the set, so each card is written from its printed
text (``corpus/catalogue/hinterlands.yaml``) and demonstrated by card-text
scenarios, not rulings. The hooks used: ``on_gain`` (the gained card itself:
Border Village, Embassy, Ill-Gotten Gains, Inn, Cache), ``on_buy`` (Farmland),
``while_in_play_buy`` (Haggler), ``cost_modifier`` (Highway), a
:class:`~engine.triggers.GainRule` ("in games using this": Duchess) and
``on_any_gain`` for a Reaction to another player's gain (Fool's Gold),
``gain_to`` (Nomad Camp), ``on_discard`` (Tunnel), ``react_would_gain`` (Trader's
replacement of a gain) and a Clean-up hook (Scheme).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.cost import Cost
from engine.decisions import Decision, DecisionKind, Option
from engine.registry import register
from engine.triggers import GainRule
from engine.vocabulary import LogKind

if TYPE_CHECKING:
    from engine.primitives import GameBase, Play
    from engine.state import Player

SET = "hinterlands"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _others_from_left(g: GameBase, p: Player) -> list[Player]:
    """The other players in turn order, starting with the one to ``p``'s left."""
    n = len(g.players)
    return [g.players[(p.index + k) % n] for k in range(1, n)]


def _cheaper(g: GameBase, limit: Cost) -> Callable[[CardDef], bool]:
    """A Supply test: costs less than ``limit`` (up to it in every part, and not equal)."""
    return lambda d: g.cost(d).at_most(limit) and g.cost(d) != limit


def _plays_of(g: GameBase, name: str) -> int:
    """How many times a card of this name was played this turn (this play included)."""
    return sum(1 for c in g.played_this_turn if c.name == name)


def _cache_gained(g: GameBase, p: Player, card: Card) -> None:
    """However it was gained (bought or not), gain two Coppers."""
    for _ in range(2):
        g.gain(p, "Copper", source=card.name)


CACHE = register(CardDef("Cache", 5, ("Treasure",), set_name=SET, coins=3,
                         on_gain=_cache_gained))


# --- Border Village: when gained, gain a card costing less than Border Village costs
# now (Highway, Bridge lower both); not optional, so a forced choice is not asked.
def _border_village_gained(g: GameBase, p: Player, card: Card) -> None:
    name = g.choose_supply(p, card.name, "Gain a card costing less than Border Village",
                           pred=_cheaper(g, g.cost(card)))
    if name:
        g.gain(p, name, source=card.name)


BORDER_VILLAGE = _k("Border Village", 6, ("Action",), cards=1, actions=2,
                    on_gain=_border_village_gained)


# --- Cartographer: look at the top 4 (shuffling for the rest, without the cards looked
# at), discard any of them, put the others back in any order.
def _cartographer(g: GameBase, p: Player, card: Card, play: Play) -> None:
    seen = g.reveal_from_deck(p, 4, card.name, look=True)
    if not seen:
        return
    for c in g.choose_cards(p, card.name, "Discard any number of them", seen,
                            min=0, max=len(seen)):
        g.discard_card(p, c, p.set_aside, card.name)
    rest = [c for c in seen if c in p.set_aside]
    for c in g.order_cards(p, card.name, "Order to put back (last is the new top)", rest):
        g.topdeck(p, c, p.set_aside, card.name)


CARTOGRAPHER = _k("Cartographer", 5, ("Action",), cards=1, actions=1, on_play=_cartographer)


# --- Crossroads: reveal the hand, +1 Card per Victory card in it; +3 Actions only for
# the first Crossroads play of the turn (a Throne Room's second play is not the first).
def _crossroads(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.reveal(p, list(p.hand), card.name)
    victories = sum(1 for c in p.hand if c.defn.is_victory)
    if victories:
        g.draw(p, victories)
    if _plays_of(g, card.name) == 1:
        g.actions += 3


CROSSROADS = _k("Crossroads", 2, ("Action",), on_play=_crossroads)


# --- Develop: trash a card from hand (not optional); gain one costing exactly 1 more
# and one exactly 1 less, onto the deck, in the order the player picks (the second
# gained ends on top). A card costing 0 has nothing costing 1 less.
def _develop(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    base = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    targets = {"more": base.plus_coins(1)}
    if base.coins >= 1:
        targets["less"] = Cost(base.coins - 1, base.potion, base.debt)
    able = [k for k, cost in targets.items() if _supply_has(g, cost)]
    if len(able) == 2 and g.choose_option(
        p, card.name, "Which card do you gain first (the second ends on top)?",
        [("more", "the card costing 1 more"), ("less", "the card costing 1 less")],
    ) == "less":
        able.reverse()
    for key in able:
        target = targets[key]
        def exactly(d: CardDef, t: Cost = target) -> bool:
            return g.cost(d) == t

        name = g.choose_supply(p, card.name, f"Gain a card costing exactly {target.coins}",
                               pred=exactly)
        if name:
            g.gain(p, name, to="deck", source=card.name)


def _supply_has(g: GameBase, cost: Cost) -> bool:
    return any(pile.supply and pile.top is not None and g.cost(pile.top) == cost
               for pile in g.piles.values())


DEVELOP = _k("Develop", 3, ("Action",), on_play=_develop)


# --- Duchess: +2 coins; each player, from its player on, looks at their own top card
# and decides for themselves to discard it or put it back. In games using Duchess,
# whoever gains a Duchy may gain a Duchess (one of that gain's when-gain effects).
def _duchess(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in [p, *_others_from_left(g, p)]:
        top = g.peek_top(q)
        if top is None:
            continue
        g.log(LogKind.LOOK, q, (top,), card.name)
        if g.choose_option(q, card.name, f"Your top card is {top.name}",
                           [("discard", "discard it"), ("keep", "put it back")],
                           context={"card": top.name}) == "discard":
            g.discard_card(q, top, q.deck, card.name)


def _duchy_gained(g: GameBase, gainer: Player, gained: Card) -> bool:
    pile = g.piles.get("Duchess")
    return gained.name == "Duchy" and pile is not None and pile.top is not None


def _gain_duchess(g: GameBase, gainer: Player, gained: Card) -> None:
    if g.yes_no(gainer, "Duchess", "You gained a Duchy: gain a Duchess?"):
        g.gain(gainer, "Duchess", source="Duchess")


DUCHESS = _k("Duchess", 2, ("Action",), coins=2, on_play=_duchess,
             gain_rule=GainRule(_duchy_gained, _gain_duchess))


# --- Embassy: +5 Cards, discard 3 (as many as possible); when gained, each other
# player gains a Silver, in turn order from the gainer's left.
def _embassy(g: GameBase, p: Player, card: Card, play: Play) -> None:
    chosen = g.choose_from_hand(p, card.name, "Discard 3 cards", min=3, max=3)
    g.discard_cards(p, chosen, p.hand, card.name)


def _embassy_gained(g: GameBase, p: Player, card: Card) -> None:
    for q in _others_from_left(g, p):
        g.gain(q, "Silver", source=card.name)


EMBASSY = _k("Embassy", 5, ("Action",), cards=5, on_play=_embassy, on_gain=_embassy_gained)


# --- Farmland: 2 VP; when bought (not otherwise gained), trash a card from hand (not
# optional) and gain one costing exactly 2 more than it (costs read now).
def _farmland_bought(g: GameBase, p: Player, card: Card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    target = g.cost(picked[0]).plus_coins(2)
    g.trash_card(p, picked[0], p.hand, card.name)
    name = g.choose_supply(p, card.name, "Gain a card costing exactly 2 more",
                           pred=lambda d: g.cost(d) == target)
    if name:
        g.gain(p, name, source=card.name)


FARMLAND = _k("Farmland", 6, ("Victory",), vp=2, on_buy=_farmland_bought)


# --- Fool's Gold: worth 1 for the turn's first Fool's Gold play, 4 for each later one.
# When another player gains a Province, its holder may trash it from hand to gain a Gold
# onto their deck (each Fool's Gold separately), players from the gainer's left.
def _fools_gold(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.coins += 1 if _plays_of(g, card.name) == 1 else 4


def _fools_gold_react(g: GameBase, gainer: Player, gained: Card, zone: list[Card]) -> None:
    if gained.name != "Province":
        return
    for q in _others_from_left(g, gainer):
        while True:
            golds = [c for c in q.hand if c.name == "Fool's Gold"]
            if not golds:
                break
            [choice] = g.decide(Decision(
                DecisionKind.REACT, q.index, gained.name,
                f"{gainer.name} gained a Province: trash a Fool's Gold to gain a Gold "
                "onto your deck?",
                [Option(golds[0].name, "trash it", golds[0]), Option("no", "keep it")],
                context={"event": "gain"},
            ))
            if choice.card is None:
                break
            g.log(LogKind.REACT, q, (choice.card,), gained.name)
            g.trash_card(q, choice.card, q.hand, choice.card.name)
            g.gain(q, "Gold", to="deck", source=choice.card.name)


FOOLS_GOLD = _k("Fool's Gold", 2, ("Treasure", "Reaction"), on_play=_fools_gold,
                on_any_gain=_fools_gold_react)


# --- Haggler: +2 coins; while in play, each card its owner buys gains them a
# non-Victory card costing less than the bought card (its cost then). Each Haggler in
# play does it; a Throne Room on one Haggler still leaves one in play.
def _haggler_buy(g: GameBase, p: Player, haggler: Card, bought: Card) -> None:
    limit = g.cost(bought)
    cheaper = _cheaper(g, limit)
    name = g.choose_supply(p, haggler.name, f"Gain a non-Victory card costing less than "
                           f"{bought.name}",
                           pred=lambda d: not d.is_victory and cheaper(d))
    if name:
        g.gain(p, name, source=haggler.name)


HAGGLER = _k("Haggler", 5, ("Action",), coins=2, while_in_play_buy=_haggler_buy)


# --- Highway: +1 Card +1 Action; each Highway in play lowers every card's cost by 1
# (not below 0: GameBase.cost clamps). A Throne Room on one Highway is still one in play.
def _highway_discount(g: GameBase, d: CardDef, cost: Cost) -> Cost:
    highways = sum(1 for q in g.players for c in q.in_play if c.name == "Highway")
    if not highways:
        return cost
    return Cost(max(0, cost.coins - highways), cost.potion, cost.debt)


HIGHWAY = _k("Highway", 5, ("Action",), cards=1, actions=1, cost_modifier=_highway_discount)


# --- Ill-Gotten Gains: worth 1, and may gain a Copper to hand when played; when gained,
# each other player gains a Curse, in turn order from the gainer's left.
def _ill_gotten_gains(g: GameBase, p: Player, card: Card, play: Play) -> None:
    pile = g.piles.get("Copper")
    if pile is None or pile.top is None:
        return
    if g.yes_no(p, card.name, "Gain a Copper, putting it into your hand?"):
        g.gain(p, "Copper", to="hand", source=card.name)


def _ill_gotten_gains_gained(g: GameBase, p: Player, card: Card) -> None:
    for q in _others_from_left(g, p):
        g.gain(q, "Curse", source=card.name)


ILL_GOTTEN_GAINS = _k("Ill-Gotten Gains", 5, ("Treasure",), coins=1,
                      on_play=_ill_gotten_gains, on_gain=_ill_gotten_gains_gained)


# --- Inn: +2 Cards +2 Actions, discard 2; when gained, reveal any number of Action
# cards from the discard pile (Inn itself included, if it is there) and shuffle them
# into the deck.
def _inn(g: GameBase, p: Player, card: Card, play: Play) -> None:
    chosen = g.choose_from_hand(p, card.name, "Discard 2 cards", min=2, max=2)
    g.discard_cards(p, chosen, p.hand, card.name)


def _inn_gained(g: GameBase, p: Player, card: Card) -> None:
    actions = [c for c in p.discard if c.defn.is_action]
    picked = g.choose_cards(p, card.name, "Reveal Actions to shuffle into your deck",
                            actions, min=0, max=len(actions))
    if picked:
        g.reveal(p, picked, card.name)
        g.shuffle_into_deck(p, picked, p.discard, card.name)


INN = _k("Inn", 5, ("Action",), cards=2, actions=2, on_play=_inn, on_gain=_inn_gained)


# --- Jack of All Trades: gain a Silver; look at the top card (shuffling if needed) and
# discard it or put it back; draw until 5 in hand; you may trash a non-Treasure from hand.
def _jack_of_all_trades(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Silver", source=card.name)
    top = g.peek_top(p)
    if top is not None:
        g.log(LogKind.LOOK, p, (top,), card.name)
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


JACK_OF_ALL_TRADES = _k("Jack of All Trades", 4, ("Action",),
                        on_play=_jack_of_all_trades)


# --- Mandarin: +3 coins; put a card from your hand on your deck (not optional). When
# gained, every Treasure in play goes on the deck in the order its owner chooses (first
# goes first, so the last is on top); the coins they made stay. A Duration Treasure whose
# effect still waits stays in play, as with Herbalist and Crypt.
def _mandarin(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "Put a card from your hand on your deck"):
        g.topdeck(p, c, p.hand, card.name)


def _mandarin_gained(g: GameBase, p: Player, card: Card) -> None:
    staying = g.held_by_durations(p)
    treasures = [c for c in p.in_play if c.defn.is_treasure and id(c) not in staying]
    for c in g.order_cards(p, card.name, "Put your Treasures in play on your deck "
                           "(first goes first)", treasures):
        g.topdeck(p, c, p.in_play, card.name)


MANDARIN = _k("Mandarin", 5, ("Action",), coins=3, on_play=_mandarin,
              on_gain=_mandarin_gained)


# --- Margrave: +3 Cards, +1 Buy; each other player draws a card, then discards down to 3.
def _margrave(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.draw(q, 1)
        g.discard_down_to(q, 3, card.name)


MARGRAVE = _k("Margrave", 5, ("Action", "Attack"), cards=3, buys=1,
              on_play=_margrave)


# --- Noble Brigand: +1 coin. When bought or played, each other player reveals the top 2
# of their deck; the attacker picks a revealed Silver or Gold to trash; the rest are
# discarded; a victim who revealed no Treasure gains a Copper; then the attacker gains
# the trashed cards (those still in the trash). Buying is not playing an Attack, so no
# Moat or Lighthouse protects against the when-buy part.
def _noble_brigand_attack(g: GameBase, p: Player, card: Card, victims: list[Player]) -> None:
    trashed: list[Card] = []
    for q in victims:
        revealed = g.reveal_from_deck(q, 2, card.name)
        loot = [c for c in revealed if c.name in ("Silver", "Gold")]
        if loot:
            # Two Silvers (or Golds) are the same choice: nothing to ask.
            [victim] = loot[:1] if len({c.name for c in loot}) == 1 else g.choose_cards(
                p, card.name, f"Trash a Silver or Gold of {q.name}", loot)
            g.trash_card(q, victim, q.set_aside, card.name)
            trashed.append(victim)
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)
        if not any(c.defn.is_treasure for c in revealed):
            g.gain(q, "Copper", source=card.name)
    for c in trashed:
        if c in g.trash:
            g.gain_card_object(p, c, g.trash, source=card.name)


def _noble_brigand(g: GameBase, p: Player, card: Card, play: Play) -> None:
    _noble_brigand_attack(g, p, card, play.victims(g))


def _noble_brigand_bought(g: GameBase, p: Player, card: Card) -> None:
    _noble_brigand_attack(g, p, card, _others_from_left(g, p))


NOBLE_BRIGAND = _k("Noble Brigand", 4, ("Action", "Attack"), coins=1,
                   on_play=_noble_brigand, on_buy=_noble_brigand_bought)


# --- Nomad Camp: +1 Buy, +2 coins. When gained (bought or not), it goes on the deck: it is
# gained there, as a card whose gain says where it goes (gain_to). A gain that names the
# place itself wins (Cobbler and Wish FAQ: a Nomad Camp they gain goes to the hand).
NOMAD_CAMP = _k("Nomad Camp", 4, ("Action",), buys=1, coins=2, gain_to="deck")


# --- Oasis: +1 Card, +1 Action, +1 coin, then discard a card (not optional).
def _oasis(g: GameBase, p: Player, card: Card, play: Play) -> None:
    chosen = g.choose_from_hand(p, card.name, "Discard a card")
    g.discard_cards(p, chosen, p.hand, card.name)


OASIS = _k("Oasis", 3, ("Action",), cards=1, actions=1, coins=1, on_play=_oasis)


# --- Oracle (Attack): each player, you first then the others in turn order (minus those a
# Moat protects), reveals the top 2; you choose: they discard both, or they put them back
# in the order they choose (first goes first, so the last is on top). Then +2 Cards.
def _oracle(g: GameBase, p: Player, card: Card, play: Play) -> None:
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


ORACLE = _k("Oracle", 3, ("Action", "Attack"), on_play=_oracle)


# --- Scheme: +1 Card, +1 Action. At the start of Clean-up, you may choose an Action card
# in play (not one a waiting Duration keeps there: it is not discarded); when Clean-up
# would discard it from play, it goes onto the deck instead (engine.turn, before the new
# hand is drawn; Hermit FAQ: it is then not discarded from play). Each play chooses once.
def _scheme(g: GameBase, p: Player, card: Card, play: Play) -> None:
    def at_cleanup(game: GameBase) -> None:
        staying = game.held_by_durations(p)
        actions = [c for c in p.in_play if c.defn.is_action and id(c) not in staying]
        for c in game.choose_cards(p, card.name, "Choose an Action card to put on your "
                                   "deck when it is discarded from play", actions,
                                   min=0, max=1):
            game.onto_deck_from_play.append(c)

    g.cleanup_hooks.append(at_cleanup)


SCHEME = _k("Scheme", 3, ("Action",), cards=1, actions=1, on_play=_scheme)


# --- Silk Road: 1 VP per 4 Victory cards its owner has (itself included), rounded down.
def _silk_road_vp(p: Player) -> int:
    return sum(1 for c in p.all_cards() if c.defn.is_victory) // 4


SILK_ROAD = _k("Silk Road", 4, ("Victory",), vp_fn=_silk_road_vp)


# --- Spice Merchant: you may trash a Treasure from hand; if you do, choose +2 Cards and
# +1 Action, or +2 coins and +1 Buy.
def _spice_merchant(g: GameBase, p: Player, card: Card, play: Play) -> None:
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


SPICE_MERCHANT = _k("Spice Merchant", 4, ("Action",), on_play=_spice_merchant)


# --- Stables: you may discard a Treasure; if you do, +3 Cards and +1 Action.
def _stables(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard a Treasure?", min=0,
                                pred=lambda c: c.defn.is_treasure)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.draw(p, 3)
        g.actions += 1


STABLES = _k("Stables", 5, ("Action",), on_play=_stables)


# --- Trader: trash a card from hand (not optional) and gain a Silver per coin of its
# cost as it was trashed. Reaction: when its holder would gain a card (on anyone's
# turn, bought or not), they may reveal it to gain a Silver instead; the card is then not
# gained and stays where it was (its pile, the trash). Not asked for a Silver, which it
# would replace with a Silver; asked even when the Silver pile is empty (nothing is then
# gained: a Curse refused).
def _trader(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    coins = g.cost(picked[0]).coins
    g.trash_card(p, picked[0], p.hand, card.name)
    for _ in range(coins):
        g.gain(p, "Silver", source=card.name)


def _trader_would_gain(g: GameBase, p: Player, trader: Card, gained: Card) -> bool:
    if gained.name == "Silver":
        return False
    if not g.offer_reaction(p, trader, gained, f"Reveal Trader to gain a Silver instead of "
                            f"{gained.name}?", "would_gain"):
        return False
    g.gain(p, "Silver", source=trader.name)
    return True


TRADER = _k("Trader", 4, ("Action", "Reaction"), on_play=_trader,
            react_would_gain=_trader_would_gain)


# --- Tunnel: 2 VP. When discarded other than in Clean-up (from hand, deck or revealed
# cards, on anyone's turn: the discard primitive fires it), its owner may reveal it to
# gain a Gold. Not asked when no Gold is left to gain.
def _tunnel_discarded(g: GameBase, p: Player, card: Card) -> None:
    gold = g.piles.get("Gold")
    if gold is None or not gold.cards:
        return
    if g.yes_no(p, card.name, "Reveal Tunnel to gain a Gold?"):
        g.reveal(p, (card,), card.name)
        g.gain(p, "Gold", source=card.name)


TUNNEL = _k("Tunnel", 3, ("Victory", "Reaction"), vp=2,
            on_discard=_tunnel_discarded)
