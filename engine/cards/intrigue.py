"""Intrigue (first edition): the 25 Kingdom cards.

Bonuses printed as ``+N`` are data; hooks implement the rest. Where the FAQ
settles a question the hook could answer either way, a comment says which
ruling it follows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.cards.core import Card, CardDef
from engine.cost import Cost
from engine.decisions import Decision, DecisionKind, Option
from engine.registry import register
from engine.set_state import SetState

if TYPE_CHECKING:
    from engine.primitives import GameBase, Play
    from engine.state import Player

SET = "intrigue"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


# --- Bridge: the reduction lasts the whole turn (even if Bridge leaves play), all
# cards everywhere, cumulative, and never below 0 (Game.cost clamps).
def _bridge(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.cost_reduction += 1


BRIDGE = _k("Bridge", 4, ("Action",), buys=1, coins=1, on_play=_bridge)


# --- Great Hall, Harem: two types, plain data (an Action to play / a Treasure worth 2, and VP).
GREAT_HALL = _k("Great Hall", 3, ("Action", "Victory"), cards=1, actions=1, vp=1)
HAREM = _k("Harem", 6, ("Treasure", "Victory"), coins=2, vp=2)


# --- Duke: 1 VP per Duchy the player owns at the end (every zone counts).
def _duke_vp(p: Player) -> int:
    return sum(1 for c in p.all_cards() if c.name == "Duchy")


DUKE = _k("Duke", 5, ("Victory",), vp_fn=_duke_vp)


# --- Nobles: choose +3 Cards or +2 Actions (no mixing), and 2 VP.
def _nobles(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if g.choose_option(p, card.name, "Choose one",
                       [("cards", "+3 Cards"), ("actions", "+2 Actions")]) == "cards":
        g.draw(p, 3)
    else:
        g.actions += 2


NOBLES = _k("Nobles", 6, ("Action", "Victory"), vp=2, on_play=_nobles)


# --- Pawn: both choices are made in one decision before either is carried out
# (FAQ: you may not draw, look, and then pick the second option).
PAWN_OPTIONS = (("card", "+1 Card"), ("action", "+1 Action"), ("buy", "+1 Buy"),
                ("coin", "+1 coin"))


def _pawn(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.decide(Decision(
        DecisionKind.CHOOSE_OPTION, p.index, card.name, "Choose two (different)",
        [Option(i, label) for i, label in PAWN_OPTIONS], min=2, max=2,
    ))
    chosen = {o.id for o in picked}
    if "action" in chosen:
        g.actions += 1
    if "buy" in chosen:
        g.buys += 1
    if "coin" in chosen:
        g.coins += 1
    if "card" in chosen:
        g.draw(p, 1)


PAWN = _k("Pawn", 2, ("Action",), on_play=_pawn)


# --- Steward: +2 Cards, +2 coins, or trash 2 (exactly 2 if you can; FAQ: with 1
# card left, trash that one).
def _steward(g: GameBase, p: Player, card: Card, play: Play) -> None:
    choice = g.choose_option(p, card.name, "Choose one",
                             [("cards", "+2 Cards"), ("coins", "+2 coins"),
                              ("trash", "trash 2 cards from your hand")])
    if choice == "cards":
        g.draw(p, 2)
    elif choice == "coins":
        g.coins += 2
    else:
        g.trash_cards(p, g.choose_from_hand(p, card.name, "Trash 2 cards", min=2, max=2),
                      p.hand, card.name)


STEWARD = _k("Steward", 3, ("Action",), on_play=_steward)


# --- Shanty Town: +2 Actions; reveal the hand; no Action in it: +2 Cards (both, whatever
# the first draw is).
def _shanty_town(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if p.hand:
        g.reveal(p, list(p.hand), card.name)
    if not any(c.defn.is_action for c in p.hand):
        g.draw(p, 2)


SHANTY_TOWN = _k("Shanty Town", 3, ("Action",), actions=2, on_play=_shanty_town)


# --- Conspirator: decided when played, counting every play of an Action this turn
# (a Throne Room and each play of its target count; FAQ).
def _conspirator(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if sum(1 for c in g.played_this_turn if c.defn.is_action) >= 3:
        g.draw(p, 1)
        g.actions += 1


CONSPIRATOR = _k("Conspirator", 4, ("Action",), coins=2, on_play=_conspirator)


# --- Coppersmith: each Copper played later this turn gives 1 coin more (cumulative).
@dataclass(slots=True)
class CopperBonus(SetState):
    """The extra coins each Copper played this turn makes (one per Coppersmith play)."""

    per_turn: ClassVar[bool] = True
    bonus: int = 0

    def coins_made(self, game: GameBase, defn: CardDef, coins: int) -> int:
        return coins + self.bonus if defn.name == "Copper" else coins


def _coppersmith(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.state(CopperBonus).bonus += 1


COPPERSMITH = _k("Coppersmith", 4, ("Action",), on_play=_coppersmith)


# --- Courtyard: draw 3 first, then put any card of the new hand on the deck.
def _courtyard(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "Put a card on top of your deck"):
        g.topdeck(p, c, p.hand, card.name)


COURTYARD = _k("Courtyard", 2, ("Action",), cards=3, on_play=_courtyard)


# --- Baron: discarding an Estate is optional; if you don't, you must gain one (FAQ).
def _baron(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "You may discard an Estate", min=0, max=1,
                                pred=lambda c: c.name == "Estate")
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.coins += 4
    else:
        g.gain(p, "Estate", source=card.name)


BARON = _k("Baron", 4, ("Action",), buys=1, on_play=_baron)


# --- Mining Village: may trash itself at once for +2 coins; only if it is still in play,
# so a Throne Room's second play cannot trash it again (FAQ).
def _mining_village(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if card in p.in_play and g.yes_no(p, card.name, "Trash Mining Village for +2 coins?"):
        g.trash_card(p, card, p.in_play, card.name)
        g.coins += 2


MINING_VILLAGE = _k("Mining Village", 4, ("Action",), cards=1, actions=2,
                    on_play=_mining_village)


# --- Wishing Well: after the draw, name a card (any card in the game), reveal the top
# card; the named card goes to hand, anything else stays on top.
def _wishing_well(g: GameBase, p: Player, card: Card, play: Play) -> None:
    known = {c.name for pile in g.piles.values() for c in pile.cards}
    known.update(c.name for c in g.trash)
    for q in g.players:
        known.update(c.name for c in q.all_cards())
    named = g.choose_option(p, card.name, "Name a card", [(n, n) for n in sorted(known)])
    g.take_top_if_named(p, card.name, named)


WISHING_WELL = _k("Wishing Well", 3, ("Action",), cards=1, actions=1, on_play=_wishing_well)


# --- Ironworks: gain a card costing up to 4 (Bridge applies, no Potion costs); one bonus
# per type of the gained card, both for a two-type card (FAQ: Great Hall).
def _ironworks(g: GameBase, p: Player, card: Card, play: Play) -> None:
    name = g.choose_supply(p, card.name, "Gain a card costing up to 4", max_cost=Cost(4))
    if not name:
        return
    gained = g.gain(p, name, source=card.name)
    if gained is None:
        return
    _bonus_per_type(g, p, gained.defn, 1)


def _bonus_per_type(g: GameBase, p: Player, d: CardDef, n: int) -> None:
    """Ironworks' and Tribute's bonus: +n Actions for an Action, +n coins for a Treasure,
    +n Cards for a Victory card; a card of two of those types gives both (FAQ)."""
    if d.is_action:
        g.actions += n
    if d.is_treasure:
        g.coins += n
    if d.is_victory:
        g.draw(p, n)


IRONWORKS = _k("Ironworks", 4, ("Action",), on_play=_ironworks)


# --- Trading Post: trash 2 (all you have if fewer); a Silver to hand only if 2 were trashed.
def _trading_post(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash 2 cards", min=2, max=2)
    g.trash_cards(p, picked, p.hand, card.name)
    if len(picked) == 2:
        g.gain(p, "Silver", to="hand", source=card.name)


TRADING_POST = _k("Trading Post", 5, ("Action",), on_play=_trading_post)


# --- Upgrade: after the draw, trash a card (mandatory) and gain one costing exactly 1
# more, both costs read now (Bridge applies to both; a 0-cost card stays at 0).
def _upgrade(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    target = g.cost(picked[0]).plus_coins(1)
    g.trash_card(p, picked[0], p.hand, card.name)
    name = g.choose_supply(p, card.name, "Gain a card costing exactly 1 more",
                           max_cost=target, pred=lambda d: g.cost(d) == target)
    if name:
        g.gain(p, name, source=card.name)


UPGRADE = _k("Upgrade", 5, ("Action",), cards=1, actions=1, on_play=_upgrade)


# --- Secret Chamber: discard any number for +1 coin each; as a Reaction to an Attack,
# +2 Cards then put any 2 cards from hand on the deck (itself included). Revealing it
# does not block the Attack (returns False); a Moat may still be revealed after it.
def _secret_chamber(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard any number of cards",
                                min=0, max=len(p.hand))
    g.discard_cards(p, picked, p.hand, card.name)
    g.coins += len(picked)


def _secret_chamber_react(g: GameBase, p: Player, chamber: Card, attack: Card) -> bool:
    g.draw(p, 2)
    # The first card chosen goes on the deck first, so the second ends on top. With 2
    # cards or fewer in hand nothing is chosen, but their order still is.
    forced = len(p.hand) <= 2
    picked = g.choose_from_hand(p, chamber.name, "Put 2 cards on top of your deck",
                                min=2, max=2)
    if forced:
        picked = g.order_cards(p, chamber.name, "Order them (the last ends on top)", picked)
    for c in picked:
        g.topdeck(p, c, p.hand, chamber.name)
    return False


SECRET_CHAMBER = _k("Secret Chamber", 2, ("Action", "Reaction"), on_play=_secret_chamber,
                    react_attack=_secret_chamber_react)


# --- Scout: reveal 4 (a shuffle leaves the revealed cards out); every Victory card,
# Action - Victory included, goes to hand (Curse is not one); the rest go back on top
# in the order the player chooses.
def _scout(g: GameBase, p: Player, card: Card, play: Play) -> None:
    revealed = g.reveal_from_deck(p, 4, card.name)
    for c in revealed:
        if c.defn.is_victory:
            g.to_hand(p, c, p.set_aside)
    rest = [c for c in revealed if c in p.set_aside]
    # The first card of the answer goes back first, so the last one ends on top.
    for c in g.order_cards(p, card.name, "Put the cards back (the last ends on top)", rest):
        g.topdeck(p, c, p.set_aside, card.name)


SCOUT = _k("Scout", 4, ("Action",), actions=1, on_play=_scout)


# --- Tribute: the next player reveals 2 (a shuffle leaves the revealed card out; fewer
# if that is all there is) and discards them; one bonus per type for each differently
# named card (a two-type card gives both, Curse nothing). Not an Attack.
def _tribute(g: GameBase, p: Player, card: Card, play: Play) -> None:
    left = g.players[(p.index + 1) % len(g.players)]
    revealed = g.reveal_from_deck(left, 2, card.name)
    for c in revealed:
        g.discard_card(left, c, left.set_aside, card.name)
    seen: set[str] = set()
    for c in revealed:
        if c.name in seen:
            continue
        seen.add(c.name)
        _bonus_per_type(g, p, c.defn, 2)


TRIBUTE = _k("Tribute", 5, ("Action",), on_play=_tribute)


# --- Masquerade: everyone with a card chooses one to pass before any card moves (the
# passing is simultaneous), then they all move left; only the player of Masquerade may
# then trash. Not an Attack: Moat and Secret Chamber are never asked.
def _masquerade(g: GameBase, p: Player, card: Card, play: Play) -> None:
    n = len(g.players)
    order = [g.players[(p.index + k) % n] for k in range(n)]
    passing = [(q, g.choose_from_hand(q, card.name, "Pass a card to the left"))
               for q in order]
    for q, picked in passing:
        for c in picked:
            g.to_hand(g.players[(q.index + 1) % n], c, q.hand)
    for c in g.choose_from_hand(p, card.name, "You may trash a card", min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)


MASQUERADE = _k("Masquerade", 3, ("Action",), cards=2, on_play=_masquerade)


def _discard_hand_draw_four(g: GameBase, q: Player, source: str) -> None:
    g.discard_cards(q, list(q.hand), q.hand, source)
    g.draw(q, 4)


# --- Minion: +1 Action either way; the choice is made after Reactions (the engine asks
# them before the hook runs). A Moated player, or one with fewer than 5 cards, is untouched.
def _minion(g: GameBase, p: Player, card: Card, play: Play) -> None:
    choice = g.choose_option(p, card.name, "Choose one",
                             [("coins", "+2 coins"),
                              ("attack", "discard your hand, +4 Cards; others with 5+ "
                                         "cards do the same")])
    if choice == "coins":
        g.coins += 2
        return
    _discard_hand_draw_four(g, p, card.name)
    for q in play.victims(g):
        if len(q.hand) >= 5:
            _discard_hand_draw_four(g, q, card.name)


MINION = _k("Minion", 5, ("Action", "Attack"), actions=1, on_play=_minion)


# --- Torturer: each other player in turn order chooses, then suffers: discard 2 (all they
# have if fewer) or gain a Curse to hand (may be chosen with no Curse left: nothing happens).
def _torturer(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        choice = g.choose_option(q, card.name, "Choose one",
                                 [("discard", "discard 2 cards"),
                                  ("curse", "gain a Curse, to your hand")])
        if choice == "discard":
            chosen = g.choose_from_hand(q, card.name, "Discard 2 cards", min=2, max=2)
            g.discard_cards(q, chosen, q.hand, card.name)
        else:
            g.gain(q, "Curse", to="hand", source=card.name)


TORTURER = _k("Torturer", 5, ("Action", "Attack"), cards=3, on_play=_torturer)


# --- Swindler: in turn order, each other player trashes their top card (shuffling first
# if needed; nothing if they have no cards) and gains, to the discard pile, a Supply card
# of exactly the same cost that the attacker chooses (the same card is allowed; an
# empty pile is not; no card of that cost: nothing).
def _swindler(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        top = g.peek_top(q)
        if top is None:
            continue
        cost = g.cost(top)
        g.trash_card(q, top, q.deck, card.name)
        def same_cost(d: CardDef, cost: Cost = cost) -> bool:
            return g.cost(d) == cost

        name = g.choose_supply(p, card.name, f"Give {q.name} a card costing the same",
                               max_cost=cost, pred=same_cost)
        if name:
            g.gain(q, name, source=card.name)


SWINDLER = _k("Swindler", 3, ("Action", "Attack"), coins=2, on_play=_swindler)


# --- Saboteur: each other player reveals until a card costing 3 or more (current cost:
# Bridge applies; a shuffle leaves the revealed cards out), trashes it, may gain a card
# costing at most 2 less, then discards the other revealed cards.
def _saboteur(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        found, others = g.reveal_until(q, lambda c: g.cost(c).coins >= 3, card.name)
        if found is not None:
            limit = g.cost(found).plus_coins(-2)
            g.trash_card(q, found, q.set_aside, card.name)
            name = g.choose_supply(q, card.name, "You may gain a card costing up to 2 less",
                                   max_cost=limit, optional=True)
            if name:
                g.gain(q, name, source=card.name)
        for c in others:
            g.discard_card(q, c, q.set_aside, card.name)


SABOTEUR = _k("Saboteur", 5, ("Action", "Attack"), on_play=_saboteur)
