"""Cornucopia (first edition): the 13 Kingdom cards and Tournament's five Prizes.

Bonuses printed as ``+N`` are data; hooks implement the rest. Where the FAQ
settles a question the hook could answer either way, a comment says which
ruling it follows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef
from engine.cost import Cost
from engine.decisions import Decision, DecisionKind, Option
from engine.registry import register
from engine.vocabulary import LogKind

if TYPE_CHECKING:
    from collections.abc import Callable

    from engine.primitives import GameBase, Play
    from engine.state import Player

SET = "cornucopia"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _reveal_until(g: GameBase, p: Player, source: str, found: Callable[[Card], bool],
                  to_deck: bool = False) -> Card | None:
    """Reveal cards off ``p``'s deck until one matches ``found``; it goes to hand (or
    back on the deck with ``to_deck``), the others are discarded. The revealed cards
    wait in set-aside, so a shuffle part way does not take them in (FAQ of Farming
    Village, Hunting Party, Fortune Teller); with no match at all, every revealed
    card is discarded. Returns the card found."""
    hit: Card | None = None
    misses: list[Card] = []
    while hit is None:
        one = g.reveal_from_deck(p, 1, source)
        if not one:
            break
        if found(one[0]):
            hit = one[0]
        else:
            misses.append(one[0])
    if hit is not None and to_deck:
        g.topdeck(p, hit, p.set_aside, source)
    elif hit is not None:
        g.to_hand(p, hit, p.set_aside)
    for c in misses:
        g.discard_card(p, c, p.set_aside, source)
    return hit


# --- Fairgrounds: 2 VP per 5 differently named cards the player owns (rounded down).
def _fairgrounds_vp(p: Player) -> int:
    return 2 * (len({c.name for c in p.all_cards()}) // 5)


FAIRGROUNDS = _k("Fairgrounds", 6, ("Victory",), vp_fn=_fairgrounds_vp)


# --- Farming Village: +2 Actions; reveal until an Action or a Treasure (whichever
# comes first, any card with either type: Diadem), to hand; discard the others.
def _farming_village(g: GameBase, p: Player, card: Card, play: Play) -> None:
    _reveal_until(g, p, card.name, lambda c: c.defn.is_action or c.defn.is_treasure)


FARMING_VILLAGE = _k("Farming Village", 4, ("Action",), actions=2, on_play=_farming_village)


# --- Hamlet: +1 Card +1 Action; two separate optional discards, one for +1 Action,
# one for +1 Buy (a bonus only for a card actually discarded, each at most once).
def _discard_one(g: GameBase, p: Player, source: str, prompt: str) -> bool:
    """``p`` may discard one card from hand; True if they did."""
    picked = g.choose_from_hand(p, source, prompt, min=0)
    if picked:
        g.discard_card(p, picked[0], p.hand, source)
    return bool(picked)


def _hamlet(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if _discard_one(g, p, card.name, "You may discard a card for +1 Action"):
        g.actions += 1
    if _discard_one(g, p, card.name, "You may discard a card for +1 Buy"):
        g.buys += 1


HAMLET = _k("Hamlet", 2, ("Action",), cards=1, actions=1, on_play=_hamlet)


# --- Harvest: reveal the top 4 (shuffling if needed, fewer if there are not 4),
# discard them, +1 coin per differently named card.
def _harvest(g: GameBase, p: Player, card: Card, play: Play) -> None:
    revealed = g.reveal_from_deck(p, 4, card.name)
    for c in revealed:
        g.discard_card(p, c, p.set_aside, card.name)
    g.coins += len({c.name for c in revealed})


HARVEST = _k("Harvest", 5, ("Action",), on_play=_harvest)


# --- Hunting Party: +1 Card +1 Action; reveal the hand, then reveal from the deck
# until a card whose name is not in hand; it goes to hand, the others are discarded.
def _hunting_party(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if p.hand:
        g.reveal(p, list(p.hand), card.name)
    held = {c.name for c in p.hand}
    _reveal_until(g, p, card.name, lambda c: c.name not in held)


HUNTING_PARTY = _k("Hunting Party", 5, ("Action",), cards=1, actions=1, on_play=_hunting_party)


# --- Menagerie: +1 Action; reveal the hand: no two cards of one name (an empty
# hand included) +3 Cards, else +1 Card.
def _menagerie(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if p.hand:
        g.reveal(p, list(p.hand), card.name)
    g.draw(p, 3 if len({c.name for c in p.hand}) == len(p.hand) else 1)


MENAGERIE = _k("Menagerie", 3, ("Action",), actions=1, on_play=_menagerie)


# --- Remake: twice, trash a card from hand and gain one costing exactly 1 more
# (nothing gained if no pile has that cost; nothing at all with an empty hand).
def _remake_once(g: GameBase, p: Player, card: Card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    target = g.cost(picked[0]).plus_coins(1)
    g.trash_card(p, picked[0], p.hand, card.name)
    name = g.choose_supply(p, card.name, f"Gain a card costing exactly {target.coins}",
                           pred=lambda d: g.cost(d).exactly(target))
    if name:
        g.gain(p, name, source=card.name)


def _remake(g: GameBase, p: Player, card: Card, play: Play) -> None:
    _remake_once(g, p, card)
    _remake_once(g, p, card)


REMAKE = _k("Remake", 4, ("Action",), on_play=_remake)


# --- Fortune Teller: +2 coins; each other player reveals until a Victory or Curse
# card (the first with either type, Nobles included), puts it on top of his deck
# and discards the rest (all of them if none turns up, even after a shuffle).
def _fortune_teller(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        _reveal_until(g, q, card.name, lambda c: c.defn.is_victory or c.defn.is_curse,
                      to_deck=True)


FORTUNE_TELLER = _k("Fortune Teller", 3, ("Action", "Attack"), coins=2,
                    on_play=_fortune_teller)


# --- Jester: +2 coins; each other player (in turn order) discards his top card
# (shuffling if needed; nothing if he has no cards). A Victory card (Nobles too):
# he gains a Curse; otherwise you choose who gains a copy from the Supply (no one,
# unasked, if the Supply has none: a Prize, Spoils, an empty pile).
def _supply_copy(g: GameBase, card: Card) -> str | None:
    """The Supply pile from which a copy of ``card`` can be gained now, if any."""
    name = g.pile_name_of(card)
    pile = g.piles.get(name)
    if pile is None or not pile.supply or pile.top is None or pile.top.name != card.name:
        return None
    return name


def _jester(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        top = g.reveal_from_deck(q, 1, card.name)
        if not top:
            continue
        g.discard_card(q, top[0], q.set_aside, card.name)
        if top[0].defn.is_victory:
            g.gain(q, "Curse", source=card.name)
            continue
        pile = _supply_copy(g, top[0])
        if pile is None:
            continue
        who = g.choose_option(p, card.name, f"Who gains a {top[0].name}?",
                              [("them", f"{q.name} gains it"), ("me", "you gain it")],
                              context={"target": q.index, "card": top[0].name})
        g.gain(q if who == "them" else p, pile, source=card.name)


JESTER = _k("Jester", 5, ("Action", "Attack"), coins=2, on_play=_jester)


# --- Horn of Plenty: a Treasure worth 0 that, when played, gains a card costing up
# to 1 per differently named card in play now (itself, Actions, Durations left from
# last turn; not a Feast that trashed itself). Only a Victory card gained this way
# trashes it (FAQ: not one bought while it is in play).
def _horn_of_plenty(g: GameBase, p: Player, card: Card, play: Play) -> None:
    limit = Cost(len({c.name for c in p.in_play}))
    name = g.choose_supply(p, card.name, f"Gain a card costing up to {limit.coins}",
                           max_cost=limit)
    if name is None:
        return
    gained = g.gain(p, name, source=card.name)
    if gained is not None and gained.defn.is_victory and card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)


HORN_OF_PLENTY = _k("Horn of Plenty", 5, ("Treasure",), on_play=_horn_of_plenty)


# --- Young Witch: +2 Cards, discard 2; each other player (in turn order, after any
# Attack reactions such as Moat, which may make him immune) may reveal a Bane card
# from hand, else gains a Curse. The Bane pile itself is a setup rule
# (engine.setup._rule_bane); with no Bane in the game nobody can reveal one.
def _young_witch(g: GameBase, p: Player, card: Card, play: Play) -> None:
    chosen = g.choose_from_hand(p, card.name, "Discard 2 cards", min=2, max=2)
    g.discard_cards(p, chosen, p.hand, card.name)
    for q in play.victims(g):
        banes = [c for c in q.hand if c.name == g.bane]
        if banes and g.yes_no(q, card.name, f"Reveal {banes[0].name} (a Bane card)?",
                              context={"card": banes[0].name}):
            g.reveal(q, banes[:1], card.name)
            continue
        g.gain(q, "Curse", source=card.name)


YOUNG_WITCH = _k("Young Witch", 4, ("Action", "Attack"), cards=2, on_play=_young_witch)


# --- Tournament and its five Prizes (non-Supply piles of one card each, set out
# with Tournament: see engine.setup._rule_extra_piles).
PRIZES = ("Bag of Gold", "Diadem", "Followers", "Princess", "Trusty Steed")


def _reveal_province(g: GameBase, q: Player, source: str) -> Card | None:
    """``q`` may reveal a Province from hand; the one revealed, or None."""
    provinces = [c for c in q.hand if c.name == "Province"]
    if provinces and g.yes_no(q, source, "Reveal a Province?", context={"card": "Province"}):
        g.reveal(q, provinces[:1], source)
        return provinces[0]
    return None


def _tournament(g: GameBase, p: Player, card: Card, play: Play) -> None:
    """+1 Action (data). Each player, you first, may reveal a Province. If you did:
    discard it and put a Prize (any one left, not only the top) or a Duchy on your
    deck. FAQ: the Duchy may be chosen while Prizes remain, and either may be chosen
    when its pile is empty, gaining nothing. Then, if no one else revealed one,
    +1 Card and +1 coin (the card drawn may be the one just gained)."""
    mine = _reveal_province(g, p, card.name)
    n = len(g.players)
    others = [_reveal_province(g, g.players[(p.index + k) % n], card.name) for k in range(1, n)]
    if mine is not None:
        g.discard_card(p, mine, p.hand, card.name)
        left = [name for name in PRIZES if name in g.piles and g.piles[name].cards]
        options = [(name, f"gain {name}") for name in left] or [("Prize", "a Prize (none left)")]
        choice = g.choose_option(p, card.name, "Gain a Prize or a Duchy onto your deck",
                                 [*options, ("Duchy", "gain a Duchy")])
        if choice != "Prize" and choice in g.piles:
            g.gain(p, choice, to="deck", source=card.name)
    if not any(others):
        g.draw(p, 1)
        g.coins += 1


TOURNAMENT = _k("Tournament", 4, ("Action",), actions=1, on_play=_tournament,
                extra_piles=PRIZES)


def _prize(name: str, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, 0, (*types, "Prize"), set_name=SET, kind="prize",
                            pile_size=1, **kw))  # type: ignore[arg-type]


# --- Bag of Gold: +1 Action; gain a Gold onto your deck (nothing if none is left).
def _bag_of_gold(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Gold", to="deck", source=card.name)


# --- Diadem: worth 2; +1 coin per unused Action (Actions left, not Action cards).
def _diadem(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.coins += g.actions


# --- Followers: +2 Cards; gain an Estate; each other player gains a Curse (in turn
# order), then each other player discards down to 3 (FAQ: in that order).
def _followers(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Estate", source=card.name)
    victims = play.victims(g)
    for q in victims:
        g.gain(q, "Curse", source=card.name)
    for q in victims:
        g.discard_down_to(q, 3, card.name)


# --- Princess: +1 Buy; while it is in play, cards cost 2 less (never below 0: Game.cost
# clamps). The discount asks "is a Princess in play", so it ends when Princess leaves
# play and a Throne Room on it does not double it (one copy in play).
def _princess_discount(g: GameBase, d: CardDef, cost: Cost) -> Cost:
    if any(c.name == "Princess" for c in g.players[g.current].in_play):
        return Cost(cost.coins - 2, cost.potion, cost.debt)
    return cost


def _princess(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if _princess_discount not in g.cost_modifiers:
        g.cost_modifiers.append(_princess_discount)


# --- Trusty Steed: choose two different options, then do them in the printed order.
STEED_OPTIONS = (("cards", "+2 Cards"), ("actions", "+2 Actions"), ("coins", "+2 coins"),
                 ("silvers", "gain 4 Silvers and put your deck into your discard pile"))


def _trusty_steed(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.decide(Decision(
        DecisionKind.CHOOSE_OPTION, p.index, card.name, "Choose two (different)",
        [Option(i, label) for i, label in STEED_OPTIONS], min=2, max=2,
    ))
    chosen = {o.id for o in picked}
    if "cards" in chosen:
        g.draw(p, 2)
    if "actions" in chosen:
        g.actions += 2
    if "coins" in chosen:
        g.coins += 2
    if "silvers" in chosen:
        for _ in range(4):  # as many as are left
            g.gain(p, "Silver", source=card.name)
        # Unseen, all at once (FAQ: no looking through it), as Chancellor does.
        g.deck_into_discard(p, card.name)


BAG_OF_GOLD = _prize("Bag of Gold", ("Action",), actions=1, on_play=_bag_of_gold)
DIADEM = _prize("Diadem", ("Treasure",), coins=2, on_play=_diadem)
FOLLOWERS = _prize("Followers", ("Action", "Attack"), cards=2, on_play=_followers)
PRINCESS = _prize("Princess", ("Action",), buys=1, on_play=_princess)
TRUSTY_STEED = _prize("Trusty Steed", ("Action",), on_play=_trusty_steed)


# --- Horse Traders: +1 Buy +3 coins (data); discard 2 cards (what you can, if fewer).
# When another player plays an Attack, before it does anything, you may set it
# aside from your hand (on a mat named after it: neither in play nor in hand, so
# it meets no further Attack this round); at the start of your next turn, +1 Card
# and it returns to your hand. It does not make you immune to the Attack.
HORSE_TRADERS_MAT = "Horse Traders"


def _horse_traders(g: GameBase, p: Player, card: Card, play: Play) -> None:
    chosen = g.choose_from_hand(p, card.name, "Discard 2 cards", min=2, max=2)
    g.discard_cards(p, chosen, p.hand, card.name)


def _horse_traders_react(g: GameBase, p: Player, card: Card, attack: Card) -> bool:
    g.to_mat(p, card, p.hand, HORSE_TRADERS_MAT, card.name)
    g.schedule_duration(p, card)
    return False


def _horse_traders_return(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 1)
    mat = p.mats.get(HORSE_TRADERS_MAT, [])
    if card in mat:
        g.to_hand(p, card, mat)
        g.log(LogKind.RETURN, p, (card,), card.name, to="hand")


HORSE_TRADERS = _k("Horse Traders", 4, ("Action", "Reaction"), buys=1, coins=3,
                   on_play=_horse_traders, react_attack=_horse_traders_react,
                   next_turn=_horse_traders_return)
