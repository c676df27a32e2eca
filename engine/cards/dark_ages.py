"""Dark Ages (first edition).

Bonuses printed as ``+N`` are data; hooks implement the rest. Where a hook
makes a choice because of an FAQ ruling, a comment says so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.cards.core import Card, CardDef, PlayHook
from engine.cost import Cost
from engine.registry import implemented_names, register
from engine.vocabulary import LogKind

if TYPE_CHECKING:
    from engine.primitives import GameBase, Play
    from engine.state import Player

SET = "dark-ages"


def _fortress_trashed(g: GameBase, p: Player, card: Card) -> None:
    """Back to its owner's hand, no matter whose turn; only if it is still in the trash."""
    if card in g.trash:
        g.to_hand(p, card, g.trash)
        g.log(LogKind.RETURN, p, (card,), card.name, to="hand")


FORTRESS = register(CardDef("Fortress", 4, ("Action",), set_name=SET, cards=1, actions=2,
                            on_trash=_fortress_trashed))


def _bandit_camp(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Spoils", source=card.name)


BANDIT_CAMP = register(CardDef("Bandit Camp", 5, ("Action",), set_name=SET, cards=1,
                               actions=2, on_play=_bandit_camp, extra_piles=("Spoils",)))


def _spoils(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if card in p.in_play:
        g.return_to_pile(p, card, p.in_play, card.name)


SPOILS = register(CardDef("Spoils", 0, ("Treasure",), set_name=SET, kind="non-supply",
                          coins=3, on_play=_spoils, pile_size=15))


# --- Marauder: a Looter, so the game gets a Ruins pile (see engine.setup._rule_ruins).
def _marauder(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Spoils", source=card.name)
    for q in play.victims(g):
        g.gain(q, "Ruins", source=card.name)


MARAUDER = register(CardDef("Marauder", 4, ("Action", "Attack", "Looter"), set_name=SET,
                            on_play=_marauder, extra_piles=("Spoils",)))


# --- The five Ruins: one shuffled Supply pile whose top card varies.
def _ruins(name: str, **kw: object) -> CardDef:
    return register(CardDef(name, 0, ("Action", "Ruins"), set_name=SET, kind="ruins",
                            **kw))  # type: ignore[arg-type]


def _survivors(g: GameBase, p: Player, card: Card, play: Play) -> None:
    top = g.reveal_from_deck(p, 2, card.name, look=True)
    if not top:
        return
    if g.choose_option(p, card.name, "Discard them or put them back?",
                       [("discard", "discard them"), ("back", "put them back")],
                       context={"cards": [c.name for c in top]}) == "discard":
        for c in top:
            g.discard_card(p, c, p.set_aside, card.name)
        return
    # First chosen goes back first, so the last chosen ends on top.
    for c in g.order_cards(p, card.name, "Order to put back (last is the new top)", top):
        g.topdeck(p, c, p.set_aside, card.name)


ABANDONED_MINE = _ruins("Abandoned Mine", coins=1)
RUINED_LIBRARY = _ruins("Ruined Library", cards=1)
RUINED_MARKET = _ruins("Ruined Market", buys=1)
RUINED_VILLAGE = _ruins("Ruined Village", actions=1)
SURVIVORS = _ruins("Survivors", on_play=_survivors)


# --- Shelters: replace the starting Estates when the game uses them.
def _hovel_react(g: GameBase, p: Player, hovel: Card, bought: Card) -> None:
    """When you buy a Victory card, you may trash Hovel from your hand."""
    if hovel in p.hand:
        g.trash_card(p, hovel, p.hand, hovel.name)


def _overgrown_trashed(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 1)


HOVEL = register(CardDef("Hovel", 1, ("Reaction", "Shelter"), set_name=SET, kind="shelter",
                         react_buy=_hovel_react))
NECROPOLIS = register(CardDef("Necropolis", 1, ("Action", "Shelter"), set_name=SET,
                              kind="shelter", actions=2))
OVERGROWN_ESTATE = register(CardDef("Overgrown Estate", 1, ("Victory", "Shelter"),
                                    set_name=SET, kind="shelter", on_trash=_overgrown_trashed))


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _gain_up_to(g: GameBase, p: Player, card: Card, limit: int, to: str | None = None) -> None:
    name = g.choose_supply(p, card.name, f"Gain a card costing up to {limit}",
                           max_cost=Cost(limit))
    if name:
        g.gain(p, name, to=to, source=card.name)


def _trash_one_from_hand(g: GameBase, p: Player, card: Card) -> Card | None:
    """Trash a card from hand if there is one (not optional)."""
    picked = g.choose_from_hand(p, card.name, "Trash a card from your hand")
    if not picked:
        return None
    g.trash_card(p, picked[0], p.hand, card.name)
    return picked[0]


# --- Poor House: +4 coins, then -1 per Treasure in the (revealed) hand; never below 0.
def _poor_house(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.reveal(p, list(p.hand), card.name)
    # FAQ: Harem-like cards are Treasures; the total can fall to 0 but not below.
    g.coins = max(0, g.coins - sum(1 for c in p.hand if c.defn.is_treasure))


POOR_HOUSE = _k("Poor House", 1, ("Action",), coins=4, on_play=_poor_house)


# --- Forager: +1 Action +1 Buy; trash a card; +1 coin per differently named Treasure in trash.
def _forager(g: GameBase, p: Player, card: Card, play: Play) -> None:
    _trash_one_from_hand(g, p, card)
    # FAQ: counted whether or not a card was trashed; copies of one name count once.
    g.coins += len({c.name for c in g.trash if c.defn.is_treasure})


FORAGER = _k("Forager", 3, ("Action",), actions=1, buys=1, on_play=_forager)


# --- Sage: +1 Action; reveal until a card costing 3 or more: it goes to hand, the rest away.
def _sage(g: GameBase, p: Player, card: Card, play: Play) -> None:
    # Revealed cards wait in set_aside, so a shuffle mid-way leaves them out (FAQ).
    found, others = g.reveal_until(p, lambda c: g.cost(c).coins >= 3, card.name)
    if found is not None:
        g.to_hand(p, found, p.set_aside)
    for c in others:
        g.discard_card(p, c, p.set_aside, card.name)


SAGE = _k("Sage", 3, ("Action",), actions=1, on_play=_sage)


# --- Vagrant: +1 Card +1 Action; reveal the top card; Curse/Ruins/Shelter/Victory to hand.
_VAGRANT_TYPES = frozenset({"Curse", "Ruins", "Shelter", "Victory"})


def _vagrant(g: GameBase, p: Player, card: Card, play: Play) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.reveal(p, (top,), card.name)
    # FAQ: one matching type is enough (a Victory-Shelter, Great Hall...).
    if top.defn.types & _VAGRANT_TYPES:
        g.to_hand(p, top, p.deck)


VAGRANT = _k("Vagrant", 2, ("Action",), cards=1, actions=1, on_play=_vagrant)


# --- Wandering Minstrel: +1 Card +2 Actions; reveal 3; Actions back in any order, rest discarded.
def _wandering_minstrel(g: GameBase, p: Player, card: Card, play: Play) -> None:
    revealed = g.reveal_from_deck(p, 3, card.name)
    actions = [c for c in revealed if c.defn.is_action]
    for c in revealed:
        if not c.defn.is_action:
            g.discard_card(p, c, p.set_aside, card.name)
    # First chosen goes back first, so the last chosen ends on top.
    for c in g.order_cards(p, card.name, "Order to put back (last is the new top)", actions):
        g.topdeck(p, c, p.set_aside, card.name)


WANDERING_MINSTREL = _k("Wandering Minstrel", 4, ("Action",), cards=1, actions=2,
                        on_play=_wandering_minstrel)


# --- Squire: +1 coin and one of +2 Actions / +2 Buys / gain a Silver; trashed: gain an Attack.
def _squire(g: GameBase, p: Player, card: Card, play: Play) -> None:
    choice = g.choose_option(p, card.name, "Choose one",
                             [("actions", "+2 Actions"), ("buys", "+2 Buys"),
                              ("silver", "gain a Silver")])
    if choice == "actions":
        g.actions += 2
    elif choice == "buys":
        g.buys += 2
    else:
        g.gain(p, "Silver", source=card.name)


def _squire_trashed(g: GameBase, p: Player, card: Card) -> None:
    # FAQ: any Attack in the Supply; nothing if there is none.
    name = g.choose_supply(p, card.name, "Gain an Attack card", pred=lambda d: d.is_attack)
    if name:
        g.gain(p, name, source=card.name)


SQUIRE = _k("Squire", 2, ("Action",), coins=1, on_play=_squire, on_trash=_squire_trashed)


# --- Storeroom: +1 Buy; discard any, draw as many; discard any, +1 coin each.
def _storeroom(g: GameBase, p: Player, card: Card, play: Play) -> None:
    first = g.choose_from_hand(p, card.name, "Discard any number of cards (+1 Card each)",
                               min=0, max=len(p.hand))
    g.discard_cards(p, first, p.hand, card.name)
    if first:
        g.draw(p, len(first))
    second = g.choose_from_hand(p, card.name, "Discard any number of cards (+1 coin each)",
                                min=0, max=len(p.hand))
    g.discard_cards(p, second, p.hand, card.name)
    g.coins += len(second)


STOREROOM = _k("Storeroom", 3, ("Action",), buys=1, on_play=_storeroom)


# --- Junk Dealer: +1 Card +1 Action +1 coin; trash a card from hand (draws first, FAQ).
def _junk_dealer(g: GameBase, p: Player, card: Card, play: Play) -> None:
    _trash_one_from_hand(g, p, card)


JUNK_DEALER = _k("Junk Dealer", 5, ("Action",), cards=1, actions=1, coins=1,
                 on_play=_junk_dealer)


# --- Armory: gain a card costing up to 4 onto your deck.
def _armory(g: GameBase, p: Player, card: Card, play: Play) -> None:
    _gain_up_to(g, p, card, 4, to="deck")


ARMORY = _k("Armory", 4, ("Action",), on_play=_armory)


# --- Altar: trash a card from hand (if you can); gain a card costing up to 5 either way.
def _altar(g: GameBase, p: Player, card: Card, play: Play) -> None:
    _trash_one_from_hand(g, p, card)
    _gain_up_to(g, p, card, 5)


ALTAR = _k("Altar", 6, ("Action",), on_play=_altar)


# --- Hunting Grounds: +4 Cards; trashed: gain a Duchy or 3 Estates (as many as are left).
def _hunting_grounds_trashed(g: GameBase, p: Player, card: Card) -> None:
    choice = g.choose_option(p, card.name, "Gain a Duchy or 3 Estates",
                             [("duchy", "gain a Duchy"), ("estates", "gain 3 Estates")])
    if choice == "duchy":
        g.gain(p, "Duchy", source=card.name)
    else:
        for _ in range(3):
            g.gain(p, "Estate", source=card.name)


HUNTING_GROUNDS = _k("Hunting Grounds", 6, ("Action",), cards=4,
                     on_trash=_hunting_grounds_trashed)


# --- Feodum: 1 VP per 3 Silvers you have; trashed: gain 3 Silvers (as many as are left).
def _feodum_vp(p: Player) -> int:
    return sum(1 for c in p.all_cards() if c.name == "Silver") // 3


def _feodum_trashed(g: GameBase, p: Player, card: Card) -> None:
    for _ in range(3):
        g.gain(p, "Silver", source=card.name)


FEODUM = _k("Feodum", 4, ("Victory",), vp_fn=_feodum_vp, on_trash=_feodum_trashed)


# --- Ironmonger: +1 Card +1 Action; reveal the top card, may discard it; bonus by its types.
def _ironmonger(g: GameBase, p: Player, card: Card, play: Play) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.reveal(p, (top,), card.name)
    if g.yes_no(p, card.name, f"Discard {top.name}?", context={"card": top.name}):
        g.discard_card(p, top, p.deck, card.name)
    # FAQ: a card of two types gives both bonuses.
    d = top.defn
    if d.is_action:
        g.actions += 1
    if d.is_treasure:
        g.coins += 1
    if d.is_victory:
        g.draw(p, 1)


IRONMONGER = _k("Ironmonger", 4, ("Action",), cards=1, actions=1, on_play=_ironmonger)


def _name_a_card(g: GameBase, p: Player, source: str) -> str:
    """Name any card (FAQ of Mystic and Rebuild: it need not be in this game or the Supply)."""
    return g.choose_option(p, source, "Name a card",
                           [(n, n) for n in sorted(implemented_names())])


def _gain_ruins(g: GameBase, q: Player, source: str) -> None:
    """Gain the top Ruins, if any are left (FAQ: players stop gaining when the pile runs out)."""
    g.gain(q, "Ruins", source=source)


# --- Cultist: +2 Cards; others gain a Ruins; you may play a Cultist from hand (no Action used).
def _cultist(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        _gain_ruins(g, q, card.name)
    picked = g.choose_from_hand(p, card.name, "You may play a Cultist from your hand",
                                min=0, max=1, pred=lambda c: c.name == "Cultist")
    if picked:
        g.play_card(p, picked[0], p.hand)


def _cultist_trashed(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 3)


CULTIST = _k("Cultist", 5, ("Action", "Attack", "Looter"), cards=2, on_play=_cultist,
             on_trash=_cultist_trashed)


# --- Death Cart: +5 coins; trash an Action from hand, or else this; when gained, 2 Ruins.
def _death_cart(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "You may trash an Action card from your hand",
                                min=0, max=1, pred=lambda c: c.defn.is_action)
    if picked:
        # FAQ (Fortress): the Action was trashed even if it comes back; Death Cart stays.
        g.trash_card(p, picked[0], p.hand, card.name)
    elif card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)


def _death_cart_gained(g: GameBase, p: Player, card: Card) -> None:
    # FAQ: whoever gains it, on any turn, takes the top 2 Ruins (as many as are left).
    for _ in range(2):
        _gain_ruins(g, p, card.name)


DEATH_CART = _k("Death Cart", 4, ("Action", "Looter"), coins=5, on_play=_death_cart,
                on_gain=_death_cart_gained)


# --- Rats: +1 Card +1 Action; gain a Rats; trash a non-Rats card (or reveal a hand of Rats).
def _rats(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Rats", source=card.name)
    if not any(c.name != "Rats" for c in p.hand):
        g.reveal(p, list(p.hand), card.name)
        return
    picked = g.choose_from_hand(p, card.name, "Trash a card other than a Rats",
                                pred=lambda c: c.name != "Rats")
    g.trash_card(p, picked[0], p.hand, card.name)


def _rats_trashed(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 1)


RATS = _k("Rats", 4, ("Action",), cards=1, actions=1, on_play=_rats, on_trash=_rats_trashed,
          pile_size=20)


# --- Catacombs: look at the top 3; take them all, or discard them all and +3 Cards.
def _catacombs(g: GameBase, p: Player, card: Card, play: Play) -> None:
    top = g.reveal_from_deck(p, 3, card.name, look=True)
    if not top:
        return
    choice = g.choose_option(p, card.name, "Put them into your hand, or discard them and +3 Cards",
                             [("hand", "put them into your hand"),
                              ("discard", "discard them, +3 Cards")],
                             context={"cards": [c.name for c in top]})
    for c in top:
        if choice == "hand":
            g.to_hand(p, c, p.set_aside)
        else:
            g.discard_card(p, c, p.set_aside, card.name)
    if choice == "discard":
        # FAQ: a shuffle for these draws may take the cards just discarded.
        g.draw(p, 3)


def _catacombs_trashed(g: GameBase, p: Player, card: Card) -> None:
    cost = g.cost(card)
    if cost.coins == 0:
        return
    name = g.choose_supply(p, card.name, "Gain a cheaper card", max_cost=cost.plus_coins(-1))
    if name:
        g.gain(p, name, source=card.name)


CATACOMBS = _k("Catacombs", 5, ("Action",), on_play=_catacombs, on_trash=_catacombs_trashed)


# --- Count: two choices, one after the other; an option may be chosen even if it does nothing.
def _count(g: GameBase, p: Player, card: Card, play: Play) -> None:
    first = g.choose_option(p, card.name, "Choose one",
                            [("discard", "discard 2 cards"),
                             ("topdeck", "put a card from your hand onto your deck"),
                             ("copper", "gain a Copper")])
    if first == "discard":
        chosen = g.choose_from_hand(p, card.name, "Discard 2 cards", min=2, max=2)
        g.discard_cards(p, chosen, p.hand, card.name)
    elif first == "topdeck":
        picked = g.choose_from_hand(p, card.name, "Put a card onto your deck")
        if picked:
            g.topdeck(p, picked[0], p.hand, card.name)
    else:
        g.gain(p, "Copper", source=card.name)
    second = g.choose_option(p, card.name, "Choose one",
                             [("coins", "+3 coins"), ("trash", "trash your hand"),
                              ("duchy", "gain a Duchy")])
    if second == "coins":
        g.coins += 3
    elif second == "trash":
        g.trash_cards(p, list(p.hand), p.hand, card.name)
    else:
        g.gain(p, "Duchy", source=card.name)


COUNT = _k("Count", 5, ("Action",), on_play=_count)


# --- Scavenger: +2 coins; you may put your deck into your discard pile; then put a card
# from your discard pile onto your deck (not optional, FAQ).
def _scavenger(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if p.deck and g.yes_no(p, card.name, "Put your deck into your discard pile?"):
        g.deck_into_discard(p, card.name)
    picked = g.choose_cards(p, card.name, "Put a card from your discard pile onto your deck",
                            list(p.discard))
    if picked:
        g.topdeck(p, picked[0], p.discard, card.name)


SCAVENGER = _k("Scavenger", 4, ("Action",), coins=2, on_play=_scavenger)


# --- Mystic: +1 Action +2 coins; name a card; if the top card is it, it goes to hand.
def _mystic(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.take_top_if_named(p, card.name, _name_a_card(g, p, card.name))


MYSTIC = _k("Mystic", 5, ("Action",), actions=1, coins=2, on_play=_mystic)


# --- Rebuild: +1 Action; name a card; reveal until a Victory card not named; discard the rest;
# trash it and gain a Victory card costing up to 3 more.
def _rebuild(g: GameBase, p: Player, card: Card, play: Play) -> None:
    named = _name_a_card(g, p, card.name)
    revealed: list[Card] = []
    found: Card | None = None
    while found is None:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        revealed += one
        if one[0].defn.is_victory and one[0].name != named:
            found = one[0]
    for c in revealed:
        if c is not found:
            g.discard_card(p, c, p.set_aside, card.name)
    if found is None:
        return
    limit = g.cost(found).plus_coins(3)
    g.trash_card(p, found, p.set_aside, card.name)
    name = g.choose_supply(p, card.name, "Gain a Victory card", max_cost=limit,
                           pred=lambda d: d.is_victory)
    if name:
        g.gain(p, name, source=card.name)


REBUILD = _k("Rebuild", 5, ("Action",), actions=1, on_play=_rebuild)


def _costs_three_to_six(g: GameBase, c: Card | CardDef) -> bool:
    """Costing from 3 to 6 coins; a Potion or debt in the cost does not (FAQ of Graverobber)."""
    cost = g.cost(c)
    return 3 <= cost.coins <= 6 and not cost.potion and not cost.debt


# --- Pillage: trash this; others with 5+ cards reveal and discard the card you choose;
# gain 2 Spoils (as many as are left).
def _pillage(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    for q in play.victims(g):
        if len(q.hand) < 5:
            continue
        g.reveal(q, list(q.hand), card.name)
        [picked] = g.choose_cards(p, card.name, f"{q.name} discards a card of your choice",
                                  list(q.hand))
        g.discard_card(q, picked, q.hand, card.name)
    for _ in range(2):
        g.gain(p, "Spoils", source=card.name)


PILLAGE = _k("Pillage", 5, ("Action", "Attack"), on_play=_pillage, extra_piles=("Spoils",))


# --- Graverobber: gain a card costing 3 to 6 from the trash onto your deck; or trash an
# Action from hand and gain a card costing up to 3 more. Either option may be chosen (FAQ).
def _graverobber(g: GameBase, p: Player, card: Card, play: Play) -> None:
    choice = g.choose_option(p, card.name, "Choose one",
                             [("trash", "gain a card from the trash onto your deck"),
                              ("upgrade", "trash an Action card, gain one costing up to 3 more")])
    if choice == "trash":
        eligible = [c for c in g.trash if _costs_three_to_six(g, c)]
        picked = g.choose_cards(p, card.name, "Gain a card from the trash", eligible)
        if picked:
            g.gain_card_object(p, picked[0], g.trash, to="deck", source=card.name)
        return
    g.trash_and_gain(p, card.name, 3, trash_pred=lambda c: c.defn.is_action,
                     trash_prompt="Trash an Action card")


GRAVEROBBER = _k("Graverobber", 5, ("Action",), on_play=_graverobber)


# --- Rogue: +2 coins; gain a card costing 3 to 6 from the trash (not optional); if there is
# none, each other player reveals 2, trashes one costing 3 to 6 of his choice, discards the rest.
def _rogue(g: GameBase, p: Player, card: Card, play: Play) -> None:
    eligible = [c for c in g.trash if _costs_three_to_six(g, c)]
    if eligible:
        [picked] = g.choose_cards(p, card.name, "Gain a card from the trash", eligible)
        g.gain_card_object(p, picked, g.trash, source=card.name)
        return
    for q in play.victims(g):
        revealed = g.reveal_from_deck(q, 2, card.name)
        targets = [c for c in revealed if _costs_three_to_six(g, c)]
        for c in g.choose_cards(q, card.name, "Trash one of them", targets):
            g.trash_card(q, c, q.set_aside, card.name)
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)


ROGUE = _k("Rogue", 5, ("Action", "Attack"), coins=2, on_play=_rogue)


# --- Procession: you may play an Action from hand twice; trash it; gain an Action card
# costing exactly 1 more (not optional, even if it was not trashed: FAQ).
def _play_twice_then_trash(g: GameBase, p: Player, card: Card, kind: str,
                           fits: Callable[[Card], bool]) -> Card | None:
    """You may play a card of ``kind`` from your hand twice, then trash it (Procession,
    Counterfeit); the card played, or None. It is trashed only if still in play: a
    Spoils has returned to its pile by then (Counterfeit FAQ). Its when-trashed effect
    (Cultist, Fortress) resolves before anything that follows (Procession FAQ)."""
    picked = g.choose_from_hand(p, card.name, f"You may play {kind} twice, then trash it",
                                min=0, max=1, pred=fits)
    if not picked:
        return None
    target = picked[0]
    g.play_card(p, target, p.hand, by=card)
    g.play_card(p, target, None, by=card, again=True)
    if target in p.in_play:
        g.trash_card(p, target, p.in_play, card.name)
    return target


def _procession(g: GameBase, p: Player, card: Card, play: Play) -> None:
    target = _play_twice_then_trash(g, p, card, "an Action card", lambda c: c.defn.is_action)
    if target is None:
        return
    want = g.cost(target).plus_coins(1)
    name = g.choose_supply(p, card.name, f"Gain an Action card costing exactly {want.coins}",
                           pred=lambda d: d.is_action and g.cost(d) == want)
    if name:
        g.gain(p, name, source=card.name)


PROCESSION = _k("Procession", 4, ("Action",), on_play=_procession)


# --- Counterfeit: 1 coin, +1 Buy; you may play a Treasure from hand twice, then trash it.
def _counterfeit(g: GameBase, p: Player, card: Card, play: Play) -> None:
    _play_twice_then_trash(g, p, card, "a Treasure", lambda c: c.defn.is_treasure)


COUNTERFEIT = _k("Counterfeit", 5, ("Treasure",), coins=1, buys=1, on_play=_counterfeit)


# --- Beggar: gain 3 Coppers to hand; when another player plays an Attack, you may discard
# it from hand to gain 2 Silvers, the first onto your deck (FAQ: only one left goes there).
def _beggar(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for _ in range(3):
        g.gain(p, "Copper", to="hand", source=card.name)


def _beggar_react(g: GameBase, p: Player, beggar: Card, attack: Card) -> bool:
    if beggar in p.hand:
        g.discard_card(p, beggar, p.hand, beggar.name)
        g.gain(p, "Silver", to="deck", source=beggar.name)
        g.gain(p, "Silver", source=beggar.name)
    return False  # Beggar does not protect from the Attack


BEGGAR = _k("Beggar", 2, ("Action", "Reaction"), on_play=_beggar, react_attack=_beggar_react)


# --- Market Square: +1 Card +1 Action +1 Buy; when one of your cards is trashed, you may
# discard it from hand to gain a Gold (several may be discarded for one trashed card).
def _market_square_react(g: GameBase, p: Player, square: Card, trashed: Card) -> None:
    if square in p.hand:
        g.discard_card(p, square, p.hand, square.name)
        g.gain(p, "Gold", source=square.name)


MARKET_SQUARE = _k("Market Square", 3, ("Action", "Reaction"), cards=1, actions=1, buys=1,
                   react_trash=_market_square_react)


# --- Urchin: +1 Card +1 Action; others discard down to 4. When you play another Attack with
# this in play, you may trash this to gain a Mercenary (from its non-Supply pile).
def _urchin(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.discard_down_to(q, 4, card.name)


def _urchin_attack(g: GameBase, p: Player, urchin: Card, attack: Card) -> None:
    if g.yes_no(p, urchin.name, f"Trash Urchin to gain a Mercenary (before {attack.name})?",
                context={"card": attack.name}):
        g.trash_card(p, urchin, p.in_play, urchin.name)
        g.gain(p, "Mercenary", source=urchin.name)


URCHIN = _k("Urchin", 3, ("Action", "Attack"), cards=1, actions=1, on_play=_urchin,
            while_in_play_attack=_urchin_attack, extra_piles=("Mercenary",))


# --- Mercenary: you may trash 2 cards from hand; if you do, +2 Cards, +2 coins, and others
# discard down to 3. (Reactions come first: the engine asks them before this hook.)
def _mercenary(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if not p.hand or not g.yes_no(p, card.name, "Trash 2 cards from your hand?"):
        return
    picked = g.choose_from_hand(p, card.name, "Trash 2 cards", min=2, max=2)
    # Both are trashed first, then their when-trashed effects in the chosen order (FAQ).
    g.trash_cards(p, picked, p.hand, card.name)
    if len(picked) < 2:
        return  # FAQ: a single card may be trashed, but then "if you do" fails
    g.draw(p, 2)
    g.coins += 2
    for q in play.victims(g):
        g.discard_down_to(q, 3, card.name)


MERCENARY = _k("Mercenary", 0, ("Action", "Attack"), kind="non-supply", on_play=_mercenary)


# --- Hermit: look through your discard pile; you may trash a non-Treasure from it or from
# your hand; gain a card costing up to 3 (not optional). Discarded from play in a turn
# without buying a card: trash it and gain a Madman.
def _hermit(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.log(LogKind.LOOK, p, list(p.discard), card.name, zone="discard")
    candidates = [c for c in p.hand + p.discard if not c.defn.is_treasure]
    picked = g.choose_cards(p, card.name, "You may trash a non-Treasure from hand or discard",
                            candidates, min=0, max=1)
    if picked:
        g.trash_card(p, picked[0], p.hand if picked[0] in p.hand else p.discard, card.name)
    _gain_up_to(g, p, card, 3)


def _hermit_discarded(g: GameBase, p: Player, card: Card) -> None:
    # FAQ: only buying counts; cards gained other ways do not stop it.
    # Clean-up has just discarded it from play (Game._discard_hooked_from_play).
    if g.bought_this_turn or card not in p.discard:
        return
    g.trash_card(p, card, p.discard, card.name)
    g.gain(p, "Madman", source=card.name)


HERMIT = _k("Hermit", 3, ("Action",), on_play=_hermit, on_discard_from_play=_hermit_discarded,
            extra_piles=("Madman",))


# --- Madman: +2 Actions; return this to its pile; if you do, +1 Card per card in hand.
def _madman(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if card not in p.in_play:
        return  # FAQ: played again (Procession, Throne Room) it cannot return, so no draw
    g.return_to_pile(p, card, p.in_play, card.name)
    if p.hand:
        g.draw(p, len(p.hand))


MADMAN = _k("Madman", 0, ("Action",), kind="non-supply", actions=2, on_play=_madman)


# --- Knights: a Kingdom pile of 10 different Knights, shuffled (engine.setup), named by the
# pile card "Knights". Each Knight does its own thing, then the common attack.
def _knight_attack(g: GameBase, p: Player, card: Card, play: Play) -> None:
    """Each other player (from the left) reveals 2, trashes one costing 3 to 6 of his choice
    and discards the rest; if a Knight is trashed by this, this Knight is trashed too."""
    for q in play.victims(g):
        revealed = g.reveal_from_deck(q, 2, card.name)
        targets = [c for c in revealed if _costs_three_to_six(g, c)]
        # FAQ: a choice only when both qualify; picking the non-Knight spares this Knight.
        trashed = g.choose_cards(q, card.name, "Trash one of them", targets)
        for c in trashed:
            g.trash_card(q, c, q.set_aside, card.name)
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)
        if any("Knight" in c.defn.types for c in trashed) and card in p.in_play:
            g.trash_card(p, card, p.in_play, card.name)


def _knight(name: str, before: PlayHook | None = None, cost: int = 5,
            types: tuple[str, ...] = ("Action", "Attack", "Knight"), **kw: object) -> CardDef:
    def hook(g: GameBase, p: Player, card: Card, play: Play) -> None:
        if before is not None:
            before(g, p, card, play)
        _knight_attack(g, p, card, play)

    return register(CardDef(name, cost, types, set_name=SET, kind="knight", on_play=hook,
                            **kw))  # type: ignore[arg-type]


def _dame_anna(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "You may trash up to 2 cards", min=0, max=2):
        g.trash_card(p, c, p.hand, card.name)


def _dame_natalie(g: GameBase, p: Player, card: Card, play: Play) -> None:
    name = g.choose_supply(p, card.name, "You may gain a card costing up to 3",
                           max_cost=Cost(3), optional=True)
    if name:
        g.gain(p, name, source=card.name)


def _sir_michael(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.discard_down_to(q, 3, card.name)


def _sir_vander_trashed(g: GameBase, p: Player, card: Card) -> None:
    # FAQ: its owner gains the Gold, whoever trashed it, on any turn.
    g.gain(p, "Gold", source=card.name)


KNIGHTS = register(CardDef("Knights", 5, ("Action", "Attack", "Knight"), set_name=SET,
                           kind="pile"))
DAME_ANNA = _knight("Dame Anna", _dame_anna)
DAME_JOSEPHINE = _knight("Dame Josephine", types=("Action", "Attack", "Victory", "Knight"),
                         vp=2)
DAME_MOLLY = _knight("Dame Molly", actions=2)
DAME_NATALIE = _knight("Dame Natalie", _dame_natalie)
DAME_SYLVIA = _knight("Dame Sylvia", coins=2)
SIR_BAILEY = _knight("Sir Bailey", cards=1, actions=1)
SIR_DESTRY = _knight("Sir Destry", cards=2)
SIR_MARTIN = _knight("Sir Martin", cost=4, buys=2)
SIR_MICHAEL = _knight("Sir Michael", _sir_michael)
SIR_VANDER = _knight("Sir Vander", on_trash=_sir_vander_trashed)


# --- Band of Misfits: play this as an Action card in the Supply costing less than it (the
# top card of its pile: a Ruins or Sir Martin only when on top); it is that card until it
# leaves play (GameBase.play_as).
def _band_of_misfits(g: GameBase, p: Player, card: Card, play: Play) -> None:
    cost = g.cost(card)
    if cost.coins == 0:
        return
    name = g.choose_supply(p, card.name, "Play this as", max_cost=cost.plus_coins(-1),
                           pred=lambda d: d.is_action)
    if not name:
        return
    top = g.piles[name].top
    assert top is not None
    g.play_as(p, card, top.defn, play.by, play.again)


BAND_OF_MISFITS = _k("Band of Misfits", 5, ("Action",), on_play=_band_of_misfits)
