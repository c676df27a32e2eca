"""Seaside (first edition): all 26 Kingdom cards.

Durations schedule their next-turn effect (``GameBase.schedule_duration``);
mats are ``Player.mats`` (Island, Native Village, Haven) and Pirate Ship's
Coin tokens are ``Player.tokens``. Four rules live in the engine because they
are not a play of the card: Lighthouse's protection
(``GameBase._immune_in_play``), Embargo tokens on a bought pile
(``Game._pile_tokens_on_buy``), Treasury leaving play in Clean-up
(``CardDef.on_discard_from_play``) and the gains Smugglers looks back at
(``GameBase.gained_last_turn``). FAQ points a hook honours are noted with it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine import registry
from engine.cards.core import Card, CardDef
from engine.cost import Cost
from engine.decisions import Decision, DecisionKind, Option
from engine.registry import register
from engine.set_state import SetState
from engine.vocabulary import LogKind

if TYPE_CHECKING:
    from engine.primitives import GameBase, Play
    from engine.state import Player


# Wharf: now and at the start of your next turn, +2 Cards and +1 Buy.
def _wharf(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.schedule_duration(p, card)


def _wharf_next(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 2)
    g.buys += 1


WHARF = register(CardDef("Wharf", 5, ("Action", "Duration"), set_name="seaside", cards=2,
                         buys=1, on_play=_wharf, next_turn=_wharf_next))


# Outpost (first edition): "You only draw 3 cards (instead of 5) in this turn's
# Clean-up phase. Take an extra turn after this one. This can't cause you to
# take more than two consecutive turns." So several Outposts give one extra
# turn; one played in an extra turn still means a 3-card hand but no further
# turn. It stays in play until the extra turn is over (its duration effect is
# that turn starting), and only when it actually grants the turn. "Consecutive"
# counts any turns in a row (Possession FAQ: Outpost played in the normal turn
# right after a Possession turn gives nothing; played in the Possession turn, it
# does), so the test is the run of turns, not whether this turn is an extra one.
@dataclass(slots=True)
class OutpostPlayed(SetState):
    """An Outpost was played this turn (its existence is the fact): Clean-up draws 3, and
    the extra turn follows unless this turn is already the second in a row."""

    per_turn: ClassVar[bool] = True

    def cleanup_draw(self, game: GameBase, n: int) -> int:
        return 3

    def extra_turn_due(self, game: GameBase) -> bool:
        return game.consecutive_turns < 2


def _outpost(g: GameBase, p: Player, card: Card, play: Play) -> None:
    first = g.existing_state(OutpostPlayed) is None
    g.state(OutpostPlayed)
    if first and g.consecutive_turns < 2:
        g.schedule_duration(p, card)


def _outpost_next(g: GameBase, p: Player, card: Card) -> None:
    """Nothing happens: the extra turn itself is the effect."""


OUTPOST = register(CardDef("Outpost", 5, ("Action", "Duration"), set_name="seaside",
                           on_play=_outpost, next_turn=_outpost_next))


SET = "seaside"


def _s(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _stay(g: GameBase, p: Player, card: Card, play: Play) -> None:
    """A Duration whose only on-play effect is to wait for its next-turn effect."""
    g.schedule_duration(p, card)


BAZAAR = _s("Bazaar", 5, ("Action",), cards=1, actions=2, coins=1)


# --- Caravan: +1 Card, +1 Action; the next-turn card is drawn then, not before (FAQ).
def _caravan_next(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 1)


CARAVAN = _s("Caravan", 4, ("Action", "Duration"), cards=1, actions=1, on_play=_stay,
             next_turn=_caravan_next)


# --- Fishing Village: next turn only +1 Action (2 in all with the turn's own) and +1 coin.
def _fishing_village_next(g: GameBase, p: Player, card: Card) -> None:
    g.actions += 1
    g.coins += 1


FISHING_VILLAGE = _s("Fishing Village", 3, ("Action", "Duration"), actions=2, coins=1,
                     on_play=_stay, next_turn=_fishing_village_next)


# --- Merchant Ship: now and at the start of your next turn, +2 coins.
def _merchant_ship_next(g: GameBase, p: Player, card: Card) -> None:
    g.coins += 2


MERCHANT_SHIP = _s("Merchant Ship", 5, ("Action", "Duration"), coins=2, on_play=_stay,
                   next_turn=_merchant_ship_next)


# --- Warehouse: +3 Cards, +1 Action, then discard 3 (as many as you can, FAQ), chosen
# among the whole hand, drawn or not.
def _warehouse(g: GameBase, p: Player, card: Card, play: Play) -> None:
    chosen = g.choose_from_hand(p, card.name, "Discard 3 cards", min=3, max=3)
    g.discard_cards(p, chosen, p.hand, card.name)


WAREHOUSE = _s("Warehouse", 3, ("Action",), cards=3, actions=1, on_play=_warehouse)


# --- Salvager: +1 Buy; trash a card from hand (not optional, FAQ), +coins equal to its
# cost now (a Potion in the cost gives nothing).
def _salvager(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        value = g.cost(picked[0]).coins
        g.trash_card(p, picked[0], p.hand, card.name)
        g.coins += value


SALVAGER = _s("Salvager", 4, ("Action",), buys=1, on_play=_salvager)


# --- Cutpurse: +2 coins; each other player discards exactly one Copper, or reveals a
# hand without one (FAQ). Coppers are alike, so nothing is asked.
def _cutpurse(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        copper = next((c for c in q.hand if c.name == "Copper"), None)
        if copper is not None:
            g.discard_card(q, copper, q.hand, card.name)
        else:
            g.reveal(q, list(q.hand), card.name)


CUTPURSE = _s("Cutpurse", 4, ("Action", "Attack"), coins=2, on_play=_cutpurse)


# --- Explorer: revealing a Province is optional (FAQ); Gold if revealed, else Silver,
# gained from the Supply into the hand.
def _explorer(g: GameBase, p: Player, card: Card, play: Play) -> None:
    province = next((c for c in p.hand if c.name == "Province"), None)
    if province is not None and g.yes_no(p, card.name, "Reveal a Province?"):
        g.reveal(p, (province,), card.name)
        g.gain(p, "Gold", to="hand", source=card.name)
    else:
        g.gain(p, "Silver", to="hand", source=card.name)


EXPLORER = _s("Explorer", 5, ("Action",), on_play=_explorer)


# --- Sea Hag: each other player (in turn order, so Curses run out from the left, FAQ)
# discards their top card (shuffling first if needed; none if there is still no card),
# then gains a Curse onto their deck.
def _sea_hag(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        top = g.peek_top(q)
        if top is not None:
            g.discard_card(q, top, q.deck, card.name)
        g.gain(q, "Curse", to="deck", source=card.name)


SEA_HAG = _s("Sea Hag", 4, ("Action", "Attack"), on_play=_sea_hag)


# --- Ghost Ship: +2 Cards; each other player with 4+ cards puts cards from hand onto
# their deck until 3 remain; they choose which and in what order (FAQ); no shuffle.
def _ghost_ship(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        excess = len(q.hand) - 3
        if excess <= 0:
            continue
        picked = g.choose_from_hand(q, card.name, f"Put {excess} cards onto your deck",
                                    min=excess, max=excess)
        for c in g.order_cards(q, card.name, "Order to put back (last is the new top)",
                               picked):
            g.topdeck(q, c, q.hand, card.name)


GHOST_SHIP = _s("Ghost Ship", 5, ("Action", "Attack"), cards=2, on_play=_ghost_ship)


# --- Lighthouse: +1 Action, +1 coin now, +1 coin next turn; while it is in play other
# players' Attacks do not affect its owner (the rule lives in GameBase._immune_in_play).
def _lighthouse_next(g: GameBase, p: Player, card: Card) -> None:
    g.coins += 1


LIGHTHOUSE = _s("Lighthouse", 2, ("Action", "Duration"), actions=1, coins=1, on_play=_stay,
                next_turn=_lighthouse_next, while_in_play_immune=True)


# --- Haven: +1 Card first, then set aside a card from hand (not optional, FAQ) on the
# Haven mat; at the start of the next turn it goes to hand. Each Haven effect takes back
# one card, so Throne Room on Haven returns both cards.
HAVEN_MAT = "Haven"


def _haven(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Set aside a card face down")
    if picked:
        g.to_mat(p, picked[0], p.hand, HAVEN_MAT, card.name)
        g.schedule_duration(p, card)


def _haven_next(g: GameBase, p: Player, card: Card) -> None:
    mat = p.mats.get(HAVEN_MAT)
    if mat:
        c = mat[0]
        g.to_hand(p, c, mat)
        g.log(LogKind.RETURN, p, (c,), card.name, to="hand")


HAVEN = _s("Haven", 2, ("Action", "Duration"), cards=1, actions=1, on_play=_haven,
           next_turn=_haven_next)


# --- Pearl Diver: +1 Card first (FAQ), then look at the bottom card (shuffling first if
# the deck is empty, FAQ); you may put it on top.
def _pearl_diver(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if not p.deck:
        if not p.discard:
            return
        g.shuffle(p)
    bottom = p.deck[0]
    g.log(LogKind.LOOK, p, (bottom,), card.name, where="bottom")
    if len(p.deck) > 1 and g.yes_no(p, card.name, f"Put {bottom.name} on top of your deck?",
                                    context={"card": bottom.name}):
        g.topdeck(p, bottom, p.deck, card.name)


PEARL_DIVER = _s("Pearl Diver", 2, ("Action",), cards=1, actions=1, on_play=_pearl_diver)


# --- Navigator: +2 coins; look at the top 5 (shuffling for the rest, without the cards
# looked at, FAQ); discard all of them or none, putting them back in any order.
def _navigator(g: GameBase, p: Player, card: Card, play: Play) -> None:
    seen = g.reveal_from_deck(p, 5, card.name, look=True)
    if not seen:
        return
    if g.choose_option(p, card.name, "Discard them all or put them back?",
                       [("discard", "discard them all"), ("back", "put them back")],
                       context={"cards": [c.name for c in seen]}) == "discard":
        for c in seen:
            g.discard_card(p, c, p.set_aside, card.name)
        return
    for c in g.order_cards(p, card.name, "Order to put back (last is the new top)", seen):
        g.topdeck(p, c, p.set_aside, card.name)


NAVIGATOR = _s("Navigator", 4, ("Action",), coins=2, on_play=_navigator)


# --- Lookout: +1 Action; look at the top 3 (shuffling for the rest, FAQ), then in order:
# trash one, discard one, put the other back. With fewer cards the steps run out in that
# order: one card is trashed, two are one trashed and one discarded (FAQ).
def _lookout(g: GameBase, p: Player, card: Card, play: Play) -> None:
    seen = g.reveal_from_deck(p, 3, card.name, look=True)
    for verb in ("trash", "discard"):
        left = [c for c in seen if c in p.set_aside]
        if not left:
            return
        [c] = g.choose_cards(p, card.name, f"Choose a card to {verb}", left)
        if verb == "trash":
            g.trash_card(p, c, p.set_aside, card.name)
        else:
            g.discard_card(p, c, p.set_aside, card.name)
    for c in [c for c in seen if c in p.set_aside]:
        g.topdeck(p, c, p.set_aside, card.name)


LOOKOUT = _s("Lookout", 3, ("Action",), actions=1, on_play=_lookout)


# --- Tactician: discard your hand; only if that discarded anything, the next turn gets
# +5 Cards, +1 Buy, +1 Action (so a Throne-Roomed Tactician gives the bonus once, FAQ).
def _tactician(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if not p.hand:
        return
    g.discard_cards(p, list(p.hand), p.hand, card.name)
    g.schedule_duration(p, card)


def _tactician_next(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 5)
    g.buys += 1
    g.actions += 1


TACTICIAN = _s("Tactician", 5, ("Action", "Duration"), on_play=_tactician,
               next_turn=_tactician_next)


# --- Treasure Map: trash this (if still in play) and another Treasure Map from hand; only
# when both were trashed, gain 4 Golds (as many as are left, FAQ) onto the deck.
def _treasure_map(g: GameBase, p: Player, card: Card, play: Play) -> None:
    trashed = 0
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
        trashed += 1
    other = next((c for c in p.hand if c.name == card.name), None)
    if other is not None:
        g.trash_card(p, other, p.hand, card.name)
        trashed += 1
    if trashed == 2:
        for _ in range(4):
            g.gain(p, "Gold", to="deck", source=card.name)


TREASURE_MAP = _s("Treasure Map", 4, ("Action",), on_play=_treasure_map)


# --- Island: set aside this (if still in play) and another card from hand on the Island
# mat, where they stay (never shuffled) and count for scoring; 2 VP.
ISLAND_MAT = "Island"


def _island(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if card in p.in_play:
        g.to_mat(p, card, p.in_play, ISLAND_MAT, card.name)
    picked = g.choose_from_hand(p, card.name, "Set aside a card with Island")
    if picked:
        g.to_mat(p, picked[0], p.hand, ISLAND_MAT, card.name)


ISLAND = _s("Island", 4, ("Action", "Victory"), vp=2, on_play=_island)


# --- Native Village: +2 Actions; either set aside the top card of your deck (shuffling if
# needed) on your mat, or put the whole mat into your hand; either is allowed with an
# empty mat or deck (FAQ). Native Village itself stays in play.
NATIVE_VILLAGE_MAT = "Native Village"


def _native_village(g: GameBase, p: Player, card: Card, play: Play) -> None:
    choice = g.choose_option(p, card.name, "Set aside the top card, or take your mat?",
                             [("set_aside", "set aside the top card of your deck"),
                              ("take", "put the cards of your mat into your hand")])
    if choice == "set_aside":
        top = g.take_top(p)
        if top is not None:
            p.mats.setdefault(NATIVE_VILLAGE_MAT, []).append(top)
            g.log(LogKind.SET_ASIDE, p, (top,), card.name, mat=NATIVE_VILLAGE_MAT)
        return
    mat = p.mats.get(NATIVE_VILLAGE_MAT, [])
    taken = list(mat)
    for c in taken:
        g.to_hand(p, c, mat)
    g.log(LogKind.RETURN, p, taken, card.name, to="hand", mat=NATIVE_VILLAGE_MAT)


NATIVE_VILLAGE = _s("Native Village", 2, ("Action",), actions=2, on_play=_native_village)


# --- Ambassador: reveal a card from hand, return up to 2 copies of it from hand (the
# revealed one included) to its Supply pile (none is fine, FAQ), then each other player
# in turn order gains a copy while the pile lasts (FAQ). An empty hand: nothing (FAQ).
_HOW_MANY = (("zero", "return none"), ("one", "return one"), ("two", "return two"))


def _ambassador(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Reveal a card from your hand")
    if not picked:
        return
    shown = picked[0]
    g.reveal(p, (shown,), card.name)
    pile_name = g.pile_name_of(shown)
    pile = g.piles.get(pile_name)
    if pile is None or not pile.supply:
        return  # not from the Supply: nothing can be returned, and no copy gained
    copies = [c for c in p.hand if c.name == shown.name]
    copies.remove(shown)
    copies.insert(0, shown)
    options = _HOW_MANY[: min(2, len(copies)) + 1]
    answer = g.choose_option(p, card.name, f"Return how many {shown.name} to the Supply?",
                             options, context={"card": shown.name})
    for c in copies[: [o[0] for o in options].index(answer)]:
        g.return_to_pile(p, c, p.hand, card.name)
    for q in play.victims(g):
        g.gain(q, pile_name, source=card.name)


AMBASSADOR = _s("Ambassador", 3, ("Action", "Attack"), on_play=_ambassador)


# --- Pirate Ship: the choice is made after reactions (FAQ: they are asked when the Attack
# is played, before this hook). Attack: each other player reveals 2 (shuffling without
# the revealed card, FAQ), trashes a revealed Treasure you choose, discards the rest;
# one Coin token in all if anything was trashed (FAQ). Or +1 coin per token.
PIRATE_TOKEN = "Pirate Ship"


def _pirate_ship(g: GameBase, p: Player, card: Card, play: Play) -> None:
    tokens = p.tokens.get(PIRATE_TOKEN, 0)
    choice = g.choose_option(p, card.name, "Attack, or take the coins?",
                             [("attack", "others reveal 2 and trash a Treasure"),
                              ("coins", f"+{tokens} coins")])
    if choice == "coins":
        g.coins += tokens
        return
    trashed = False
    for q in play.victims(g):
        revealed = g.reveal_from_deck(q, 2, card.name)
        treasures = [c for c in revealed if c.defn.is_treasure]
        if treasures:
            [victim] = g.choose_cards(p, card.name, f"Trash a Treasure of {q.name}", treasures)
            g.trash_card(q, victim, q.set_aside, card.name)
            trashed = True
        for c in [c for c in revealed if c in q.set_aside]:
            g.discard_card(q, c, q.set_aside, card.name)
    if trashed:
        p.tokens[PIRATE_TOKEN] = tokens + 1
        g.log(LogKind.SET_ASIDE, p, (), card.name, token=PIRATE_TOKEN, tokens=tokens + 1)


PIRATE_SHIP = _s("Pirate Ship", 4, ("Action", "Attack"), on_play=_pirate_ship)


# --- Treasury: +1 Card, +1 Action, +1 coin. When discarded from play (Clean-up), if no
# Victory card was *bought* this turn (gaining one does not count, FAQ), you may put it on
# your deck; each Treasury is asked on its own (FAQ).
def _treasury_cleanup(g: GameBase, p: Player, card: Card) -> None:
    # Clean-up has just discarded it from play (Game._discard_hooked_from_play).
    if card not in p.discard:
        return
    cards = registry.all_cards()
    if any(n in cards and cards[n].is_victory for n in g.bought_this_turn):
        return
    if g.yes_no(p, card.name, "Put Treasury on top of your deck?"):
        g.topdeck(p, card, p.discard, card.name)


TREASURY = _s("Treasury", 5, ("Action",), cards=1, actions=1, coins=1,
              on_discard_from_play=_treasury_cleanup)


# --- Embargo: +2 coins; trash this (if still in play); put an Embargo token on any Supply
# pile, even an empty one (FAQ: any pile). Buying from the pile then gains a Curse per
# token (Game._pile_tokens_on_buy); gaining without buying does not (FAQ).
def _embargo(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    piles = [name for name, pile in g.piles.items() if pile.supply]
    [picked] = g.decide(Decision(
        DecisionKind.CHOOSE_SUPPLY_CARD, p.index, card.name,
        "Put an Embargo token on a Supply pile", [Option(n) for n in piles]))
    pile = g.piles[picked.id]
    g.note_pile_change(pile)
    pile.tokens["Embargo"] = pile.tokens.get("Embargo", 0) + 1
    g.log(LogKind.SET_ASIDE, p, (), card.name, token="Embargo", pile=picked.id)


EMBARGO = _s("Embargo", 2, ("Action",), coins=2, on_play=_embargo)


# --- Smugglers: gain a copy of a card costing up to 6 (no Potion, FAQ) that the player to
# your right gained in their most recent turn (whatever your own turns since, FAQ),
# bought or not; you choose among several (FAQ); only from the Supply (FAQ).
def _smugglers(g: GameBase, p: Player, card: Card, play: Play) -> None:
    right = (p.index - 1) % len(g.players)
    names: list[str] = []
    for c in g.gained_last_turn.get(right, []):
        pile = g.piles.get(c.name)
        if (c.name not in names and pile is not None and pile.supply and pile.cards
                and g.cost(c).at_most(Cost(6))):
            names.append(c.name)
    if not names:
        return
    if len(names) == 1:
        name: str | None = names[0]
    else:
        name = g.choose_supply(p, card.name, "Gain a copy of a card they gained",
                               pred=lambda d: d.name in names)
    if name:
        g.gain(p, name, source=card.name)


SMUGGLERS = _s("Smugglers", 3, ("Action",), on_play=_smugglers)
