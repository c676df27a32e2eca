"""Nocturne (first edition): the 33 Kingdom cards, their Heirlooms, the Spirits, Zombies,
Wish and Bat, the 12 Boons, the 12 Hexes and the States.

Bonuses printed as ``+N`` are data; hooks implement the rest. FAQ points the
code follows are noted where it makes a choice because of them. Boons, Hexes and
States are :class:`~engine.cards.core.LandscapeDef`s, never cards: the Boons and
Hexes decks are :class:`~engine.state.LandscapeDeck`s drawn by
``GameBase.receive_boon`` / ``receive_hex`` / ``hex_each_other``; States live in
``Player.states``. Setup rules (Heirlooms, Zombies in the trash, the Boons and
Hexes decks, Druid's Boons) are in :mod:`engine.setup`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from engine.cards.core import Card, CardDef, LandscapeDef
from engine.cost import Cost
from engine.registry import register, register_landscape
from engine.set_state import SetState
from engine.state import DurationEffect
from engine.turn import UNTIL_END_OF_TURN
from engine.vocabulary import LogKind

if TYPE_CHECKING:
    from engine.primitives import GameBase, Play
    from engine.state import Player

SET = "nocturne"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _den_of_sin(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.schedule_duration(p, card)


def _den_next(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 2)


DEN_OF_SIN = register(CardDef("Den of Sin", 5, ("Night", "Duration"), set_name="nocturne",
                              on_play=_den_of_sin, next_turn=_den_next, gain_to="hand"))


# --- Shepherd, whose Heirloom Pasture replaces a starting Copper (engine.setup).
def _shepherd(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard any number of Victory cards",
                                min=0, max=len(p.hand), pred=lambda c: c.defn.is_victory)
    if picked:
        g.reveal(p, picked, card.name)
        g.discard_cards(p, picked, p.hand, card.name)
        g.draw(p, 2 * len(picked))


def _pasture_vp(p: Player) -> int:
    return sum(1 for c in p.all_cards() if c.name == "Estate")


SHEPHERD = register(CardDef("Shepherd", 4, ("Action",), set_name="nocturne", actions=1,
                            on_play=_shepherd, heirloom="Pasture"))
PASTURE = register(CardDef("Pasture", 2, ("Treasure", "Victory", "Heirloom"),
                           set_name="nocturne", kind="heirloom", coins=1, vp_fn=_pasture_vp))


# --- Night Watchman: look at the top 5, discard any number, put the rest back in any order.
def _night_watchman(g: GameBase, p: Player, card: Card, play: Play) -> None:
    looked = g.reveal_from_deck(p, 5, card.name, look=True)
    for c in g.choose_cards(p, card.name, "Discard any number of them", looked,
                            min=0, max=len(looked)):
        g.discard_card(p, c, p.set_aside, card.name)
    rest = [c for c in looked if c in p.set_aside]
    # The first card of the answer goes back first, so the last one ends on top.
    for c in g.order_cards(p, card.name, "Put the rest back (the last ends on top)", rest):
        g.topdeck(p, c, p.set_aside, card.name)


NIGHT_WATCHMAN = _k("Night Watchman", 3, ("Night",), on_play=_night_watchman, gain_to="hand")


# --- Ghost Town: at the start of your next turn, +1 Card and +1 Action; gained to hand.
def _schedule(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.schedule_duration(p, card)


def _ghost_town_next(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 1)
    g.actions += 1


GHOST_TOWN = _k("Ghost Town", 3, ("Night", "Duration"), on_play=_schedule,
                next_turn=_ghost_town_next, gain_to="hand")


def _gained_this_turn(g: GameBase, p: Player) -> int:
    """Cards ``p`` gained this turn; bought cards count, being gained (FAQ)."""
    return sum(1 for who, _ in g.gained_this_turn if who == p.index)


# --- Monastery: per card gained this turn, may trash a card from hand or a Copper in play.
def _monastery(g: GameBase, p: Player, card: Card, play: Play) -> None:
    allowed = _gained_this_turn(g, p)
    # Any combination of the two (FAQ): first the cards from hand, then Coppers in play.
    picked = g.choose_from_hand(p, card.name, f"Trash up to {allowed} cards from your hand",
                                min=0, max=allowed)
    g.trash_cards(p, picked, p.hand, card.name)
    allowed -= len(picked)
    coppers = [c for c in p.in_play if c.name == "Copper"]
    g.trash_cards(p, g.choose_cards(p, card.name, f"Trash up to {allowed} Coppers you have "
                                    "in play", coppers, min=0, max=allowed),
                  p.in_play, card.name)


MONASTERY = _k("Monastery", 2, ("Night",), on_play=_monastery)


# --- Devil's Workshop: by the number of cards gained this turn: 2+ an Imp, 1 a card
# costing up to 4, 0 a Gold. The count decides; there is no choosing another (FAQ).
def _devils_workshop(g: GameBase, p: Player, card: Card, play: Play) -> None:
    gained = _gained_this_turn(g, p)
    if gained >= 2:
        g.gain(p, "Imp", source=card.name)
    elif gained == 1:
        name = g.choose_supply(p, card.name, "Gain a card costing up to 4", max_cost=Cost(4))
        if name:
            g.gain(p, name, source=card.name)
    else:
        g.gain(p, "Gold", source=card.name)


DEVILS_WORKSHOP = _k("Devil's Workshop", 4, ("Night",), on_play=_devils_workshop,
                     extra_piles=("Imp",))


def _play_unique_action(g: GameBase, p: Player, card: Card) -> bool:
    """Conclave and Imp: may play an Action from hand with no copy of it in play.

    Only what is in play now matters (FAQ): a card played and trashed this
    turn is not in play; one still in play from an earlier turn is."""
    in_play = {c.name for c in p.in_play}
    picked = g.choose_from_hand(p, card.name, "Play an Action you have no copy of in play",
                                min=0, max=1,
                                pred=lambda c: c.defn.is_action and c.name not in in_play)
    if not picked:
        return False
    g.play_card(p, picked[0], p.hand)
    return True


# --- Imp (not in the Supply): +2 Cards; may play an Action with no copy in play.
def _imp(g: GameBase, p: Player, card: Card, play: Play) -> None:
    _play_unique_action(g, p, card)


IMP = _k("Imp", 2, ("Action", "Spirit"), kind="spirit", cards=2, on_play=_imp, pile_size=13)


# --- Conclave: +2 coins; may play an Action with no copy in play; if you do, +1 Action.
def _conclave(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if _play_unique_action(g, p, card):
        g.actions += 1


CONCLAVE = _k("Conclave", 4, ("Action",), coins=2, on_play=_conclave)


# --- Tragic Hero: +3 Cards, +1 Buy; then with 8+ cards in hand, trash this and gain a
# Treasure. The Treasure is gained even if this could not be trashed (FAQ).
def _tragic_hero(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if len(p.hand) < 8:
        return
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Gain a Treasure", pred=lambda d: d.is_treasure)
    if name:
        g.gain(p, name, source=card.name)


TRAGIC_HERO = _k("Tragic Hero", 5, ("Action",), cards=3, buys=1, on_play=_tragic_hero)


# --- Cobbler: at the start of your next turn, gain a card costing up to 4 to your hand.
def _cobbler_next(g: GameBase, p: Player, card: Card) -> None:
    name = g.choose_supply(p, card.name, "Gain a card costing up to 4 to your hand",
                           max_cost=Cost(4))
    if name:
        g.gain(p, name, to="hand", source=card.name)


COBBLER = _k("Cobbler", 5, ("Night", "Duration"), on_play=_schedule, next_turn=_cobbler_next)


# --- Raider: each other player with 5+ cards in hand discards a copy of a card you have
# in play (or reveals they can't); at the start of your next turn, +3 coins.
def _raider(g: GameBase, p: Player, card: Card, play: Play) -> None:
    in_play = {c.name for c in p.in_play}
    for q in play.victims(g):
        if len(q.hand) < 5:
            continue
        picked = g.choose_from_hand(q, card.name, "Discard a copy of a card in play",
                                    pred=lambda c: c.name in in_play)
        if picked:
            g.discard_card(q, picked[0], q.hand, card.name)
        else:
            g.reveal(q, list(q.hand), card.name)
    g.schedule_duration(p, card)


def _raider_next(g: GameBase, p: Player, card: Card) -> None:
    g.coins += 3


RAIDER = _k("Raider", 6, ("Night", "Duration", "Attack"), on_play=_raider,
            next_turn=_raider_next)


# --- The Zombies (not in the Supply; they start in the trash with Necromancer).
def _zombie_apprentice(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "You may trash an Action card", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.draw(p, 3)
        g.actions += 1


def _zombie_mason(g: GameBase, p: Player, card: Card, play: Play) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.trash_card(p, top, p.deck, card.name)
    # Optional, and any card up to one more, a copy of the trashed card included (FAQ).
    name = g.choose_supply(p, card.name, "You may gain a card costing up to 1 more",
                           max_cost=g.cost(top).plus_coins(1), optional=True)
    if name:
        g.gain(p, name, source=card.name)


def _zombie_spy(g: GameBase, p: Player, card: Card, play: Play) -> None:
    # The +1 Card is drawn first (data), then the new top card is looked at (FAQ).
    top = g.peek_top(p)
    if top is None:
        return
    g.log(LogKind.LOOK, p, (top,), card.name)
    choice = g.choose_option(p, card.name, f"Your top card is {top.name}",
                             [("discard", "discard it"), ("keep", "put it back")],
                             context={"card": top.name})
    if choice == "discard":
        g.discard_card(p, top, p.deck, card.name)


ZOMBIE_APPRENTICE = _k("Zombie Apprentice", 3, ("Action", "Zombie"), kind="zombie",
                       on_play=_zombie_apprentice)
ZOMBIE_MASON = _k("Zombie Mason", 3, ("Action", "Zombie"), kind="zombie",
                  on_play=_zombie_mason)
ZOMBIE_SPY = _k("Zombie Spy", 3, ("Action", "Zombie"), kind="zombie", cards=1, actions=1,
                on_play=_zombie_spy)


# --- Guardian: until your next turn, other players' Attacks don't affect you (the
# engine's ``shields``; Reactions may still be revealed, FAQ); at the start of your next
# turn, +1 coin. Gained to hand.
def _guardian_next(g: GameBase, p: Player, card: Card) -> None:
    g.coins += 1


GUARDIAN = _k("Guardian", 2, ("Night", "Duration"), on_play=_schedule, next_turn=_guardian_next,
              gain_to="hand", shields=True)


# --- Crypt: set aside any number of your Treasures in play (on the "Crypt" mat); while
# any remain, at the start of each of your turns put one of them into your hand. Each
# Crypt tracks its own Treasures, so two Crypts never take each other's.
CRYPT_MAT = "Crypt"


def _crypt_effect(mine: list[Card] | None):  # type: ignore[no-untyped-def]
    """The start-of-turn effect of one Crypt (``mine`` None: every card on the mat)."""
    def effect(g: GameBase, p: Player, card: Card) -> None:
        mat = p.mats.get(CRYPT_MAT, [])
        left = [c for c in mat if mine is None or c in mine]
        if not left:
            return
        [pick] = g.choose_cards(p, card.name, "Put one of them into your hand", left)
        g.to_hand(p, pick, mat)
        if not mat:
            del p.mats[CRYPT_MAT]
        if len(left) > 1:
            # Something left to do: Crypt stays in play another turn (FAQ).
            p.durations.append(DurationEffect(card, effect))
    return effect


def _crypt(g: GameBase, p: Player, card: Card, play: Play) -> None:
    # Not a Duration Treasure whose effect is still waiting (Plunder's Cage): it stays.
    staying = g.held_by_durations(p)
    treasures = [c for c in p.in_play if c.defn.is_treasure and id(c) not in staying]
    picked = g.choose_cards(p, card.name, "Set aside any number of Treasures in play",
                            treasures, min=0, max=len(treasures))
    for c in picked:
        g.to_mat(p, c, p.in_play, CRYPT_MAT, card.name)
    if picked:
        p.durations.append(DurationEffect(card, _crypt_effect(list(picked))))


CRYPT = _k("Crypt", 5, ("Night", "Duration"), on_play=_crypt, next_turn=_crypt_effect(None))


# --- Faithful Hound: +2 Cards. When discarded other than in Clean-up (from anywhere, on
# anyone's turn, FAQ), it may be set aside and put into hand at the end of the turn, after
# Clean-up's draw (engine.turn's UNTIL_END_OF_TURN mat).
def _hound_discarded(g: GameBase, p: Player, card: Card) -> None:
    if card in p.discard and g.yes_no(p, card.name, "Set Faithful Hound aside until end of turn?"):
        g.to_mat(p, card, p.discard, UNTIL_END_OF_TURN, card.name)


FAITHFUL_HOUND = _k("Faithful Hound", 2, ("Action", "Reaction"), cards=2,
                    on_discard=_hound_discarded)


# --- Will-o'-Wisp (a Spirit): +1 Card, +1 Action; reveal the top card, and put it into
# your hand if it costs 2 or less (a Potion or debt cost never does, FAQ: Cost.at_most).
def _will_o_wisp(g: GameBase, p: Player, card: Card, play: Play) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.reveal(p, (top,), card.name)
    if g.cost(top).at_most(Cost(2)):
        g.to_hand(p, top, p.deck)


WILL_O_WISP = _k("Will-o'-Wisp", 0, ("Action", "Spirit"), kind="spirit", cards=1, actions=1,
                 on_play=_will_o_wisp, pile_size=12)


# --- Ghost (a Spirit): reveal until an Action (a shuffle leaves the revealed cards out);
# discard the others and set the Action aside (on the "Ghost" mat); at the start of your
# next turn play it twice. Nothing found: everything is discarded, no duration (FAQ).
GHOST_MAT = "Ghost"


def _ghost_effect(mine: Card | None):  # type: ignore[no-untyped-def]
    """Ghost's start-of-turn effect: both plays at once, nothing in between (FAQ)."""
    def effect(g: GameBase, p: Player, card: Card) -> None:
        mat = p.mats.get(GHOST_MAT, [])
        target = mine if mine is not None else (mat[0] if mat else None)
        if target is None or target not in mat:
            return
        g.play_card(p, target, mat, by=card)
        if not mat:
            del p.mats[GHOST_MAT]
        # The second play happens even if the first trashed it (FAQ).
        g.play_card(p, target, None, by=card, again=True)
    return effect


def _ghost(g: GameBase, p: Player, card: Card, play: Play) -> None:
    revealed: list[Card] = []
    action: Card | None = None
    while action is None:
        one = g.reveal_from_deck(p, 1, card.name)
        if not one:
            break
        if one[0].defn.is_action:
            action = one[0]
        else:
            revealed.append(one[0])
    for c in revealed:
        g.discard_card(p, c, p.set_aside, card.name)
    if action is not None:
        g.to_mat(p, action, p.set_aside, GHOST_MAT, card.name)
        p.durations.append(DurationEffect(card, _ghost_effect(action)))


GHOST = _k("Ghost", 4, ("Night", "Duration", "Spirit"), kind="spirit", on_play=_ghost,
           next_turn=_ghost_effect(None), pile_size=6)


# --- Exorcist: trash a card from your hand; gain a cheaper Spirit (Will-o'-Wisp, Imp,
# Ghost: all three piles are in games using it).
SPIRITS = ("Will-o'-Wisp", "Imp", "Ghost")


def _exorcist(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    limit = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    options = []
    for name in SPIRITS:
        top = g.piles[name].top if name in g.piles else None
        if top is not None:
            cost = g.cost(top)
            if cost.at_most(limit) and cost != limit:
                options.append((name, name))
    if options:
        name = g.choose_option(p, card.name, "Gain a cheaper Spirit", options)
        g.gain(p, name, source=card.name)


EXORCIST = _k("Exorcist", 4, ("Night",), on_play=_exorcist, extra_piles=SPIRITS)


# --- Cemetery: 2 VP; when you gain it, trash up to 4 cards from your hand. Its Heirloom
# Haunted Mirror: 1 coin; when trashed (however, FAQ), you may discard an Action card to
# gain a Ghost.
def _cemetery_gained(g: GameBase, p: Player, card: Card) -> None:
    g.trash_cards(p, g.choose_from_hand(p, card.name, "Trash up to 4 cards", min=0, max=4),
                  p.hand, card.name)


CEMETERY = _k("Cemetery", 4, ("Victory",), vp=2, on_gain=_cemetery_gained,
              heirloom="Haunted Mirror", extra_piles=("Ghost",))


def _haunted_mirror_trashed(g: GameBase, p: Player, card: Card) -> None:
    picked = g.choose_from_hand(p, card.name, "You may discard an Action card to gain a Ghost",
                                min=0, max=1, pred=lambda c: c.defn.is_action)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        if "Ghost" in g.piles:
            g.gain(p, "Ghost", source=card.name)


HAUNTED_MIRROR = _k("Haunted Mirror", 0, ("Treasure", "Heirloom"), kind="heirloom", coins=1,
                    on_trash=_haunted_mirror_trashed)


# --- Wish (not in the Supply): +1 Action; return this to its pile; if you did, gain a
# card costing up to 6 to your hand (only then, FAQ: a second Throne Room play gains nothing).
def _wish(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if card not in p.in_play:
        return
    g.return_to_pile(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Gain a card costing up to 6 to your hand",
                           max_cost=Cost(6))
    if name:
        g.gain(p, name, to="hand", source=card.name)


WISH = _k("Wish", 0, ("Action",), kind="non-supply", actions=1, on_play=_wish, pile_size=12)


# --- Secret Cave: +1 Card, +1 Action; you may discard 3 cards; if you did, +3 coins at
# the start of your next turn. Choosing to discard with fewer than 3 cards discards them
# all but gives no bonus (FAQ). Heirloom: Magic Lamp.
def _secret_cave(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if not g.yes_no(p, card.name, "Discard 3 cards?"):
        return
    picked = g.choose_from_hand(p, card.name, "Discard 3 cards", min=3, max=3)
    g.discard_cards(p, picked, p.hand, card.name)
    if len(picked) == 3:
        g.schedule_duration(p, card)


def _secret_cave_next(g: GameBase, p: Player, card: Card) -> None:
    g.coins += 3


SECRET_CAVE = _k("Secret Cave", 3, ("Action", "Duration"), cards=1, actions=1,
                 on_play=_secret_cave, next_turn=_secret_cave_next, heirloom="Magic Lamp",
                 extra_piles=("Wish",))


# --- Magic Lamp: 1 coin; with at least 6 cards you have exactly 1 copy of in play
# (itself included, FAQ), trash it and gain 3 Wishes. Its coin stays made (FAQ).
def _magic_lamp(g: GameBase, p: Player, card: Card, play: Play) -> None:
    counts: dict[str, int] = {}
    for c in p.in_play:
        counts[c.name] = counts.get(c.name, 0) + 1
    if sum(1 for n in counts.values() if n == 1) < 6 or card not in p.in_play:
        return
    g.trash_card(p, card, p.in_play, card.name)
    if "Wish" in g.piles:
        for _ in range(3):
            g.gain(p, "Wish", source=card.name)


MAGIC_LAMP = _k("Magic Lamp", 0, ("Treasure", "Heirloom"), kind="heirloom", coins=1,
                on_play=_magic_lamp)


# --- Necromancer: play a face up, non-Duration Action card from the trash, leaving it
# there, face down for the rest of the turn (FaceDownInTrash). Not being in play, it
# cannot be moved by its own effects ("trash this", "return this" fail, FAQ).
# Setup (engine.setup): the three Zombies start in the trash.
@dataclass(slots=True)
class FaceDownInTrash(SetState):
    """The cards in the trash turned face down this turn, each played by a Necromancer."""

    per_turn: ClassVar[bool] = True
    cards: list[Card] = field(default_factory=list)


def _necromancer(g: GameBase, p: Player, card: Card, play: Play) -> None:
    down = g.existing_state(FaceDownInTrash)
    eligible = [c for c in g.trash if c.defn.is_action and not c.defn.is_duration
                and (down is None or c not in down.cards)]
    picked = g.choose_cards(p, card.name, "Play an Action card from the trash", eligible)
    if not picked:
        return
    target = picked[0]
    g.state(FaceDownInTrash).cards.append(target)
    g.play_card(p, target, None, by=card)


NECROMANCER = _k("Necromancer", 4, ("Action",), on_play=_necromancer)


# --- Changeling: trash this; gain a copy of a card you have in play (any type, a Duration
# from an earlier turn too, FAQ). In games using it, when you gain a card costing 3 or
# more you may exchange it for a Changeling, which goes to your discard pile (FAQ).
def _changeling(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if card in p.in_play:
        g.trash_card(p, card, p.in_play, card.name)
    names = [n for n in dict.fromkeys(c.name for c in p.in_play)
             if n in g.piles and (top := g.piles[n].top) is not None and top.name == n]
    if not names:
        return
    name = names[0] if len(names) == 1 else g.choose_option(
        p, card.name, "Gain a copy of a card you have in play", [(n, n) for n in names])
    g.gain(p, name, source=card.name)


def _changeling_exchange(g: GameBase, p: Player, gained: Card, zone: list[Card]) -> None:
    """Only a card still where it was gained, with a pile to go back to, costing 3 or more
    now (so not a Bridge-reduced Silver, nor Transmute's 0 and a Potion, FAQ)."""
    pile = g.piles.get("Changeling")
    if (pile is None or not pile.cards or gained.name == "Changeling" or gained not in zone
            or g.pile_name_of(gained) not in g.piles
            or not Cost(3).at_most(g.cost(gained))):
        return
    if g.yes_no(p, "Changeling", f"Exchange {gained.name} for a Changeling?",
                context={"card": gained.name}):
        g.exchange(p, gained, zone, "Changeling", to_zone=p.discard)


CHANGELING = _k("Changeling", 3, ("Night",), on_play=_changeling,
                on_any_gain=_changeling_exchange)


# === Boons: received from the Boons deck (GameBase.receive_boon). Each hook gets the
# receiving player; "Keep this until Clean-up" is the definition's ``keep``.
def _boon(name: str, hook, keep: bool = False) -> LandscapeDef:  # type: ignore[no-untyped-def]
    return register_landscape(LandscapeDef(name, "boon", set_name=SET, on_receive=hook,
                                           keep=keep))


def _earths_gift(g: GameBase, p: Player, name: str) -> None:
    picked = g.choose_from_hand(p, name, "You may discard a Treasure to gain a card costing "
                                "up to 4", min=0, max=1, pred=lambda c: c.defn.is_treasure)
    if picked:
        g.discard_card(p, picked[0], p.hand, name)
        gain = g.choose_supply(p, name, "Gain a card costing up to 4", max_cost=Cost(4))
        if gain:
            g.gain(p, gain, source=name)


def _fields_gift(g: GameBase, p: Player, name: str) -> None:
    g.actions += 1
    g.coins += 1


def _flames_gift(g: GameBase, p: Player, name: str) -> None:
    for c in g.choose_from_hand(p, name, "You may trash a card from your hand", min=0, max=1):
        g.trash_card(p, c, p.hand, name)


def _forests_gift(g: GameBase, p: Player, name: str) -> None:
    g.buys += 1
    g.coins += 1


def _moons_gift(g: GameBase, p: Player, name: str) -> None:
    # An empty discard pile: nothing happens (FAQ).
    for c in g.choose_cards(p, name, "You may put a card from your discard pile onto your deck",
                            list(p.discard), min=0, max=1):
        g.topdeck(p, c, p.discard, name)


def _mountains_gift(g: GameBase, p: Player, name: str) -> None:
    g.gain(p, "Silver", source=name)


def _rivers_gift(g: GameBase, p: Player, name: str) -> None:
    """+1 Card at the end of this turn: drawn after Clean-up's draw (engine.turn)."""


def _seas_gift(g: GameBase, p: Player, name: str) -> None:
    g.draw(p, 1)


def _skys_gift(g: GameBase, p: Player, name: str) -> None:
    # With fewer than 3 cards, choosing to discards them all but gains nothing; three
    # cards make one Gold (FAQ).
    if not p.hand or not g.yes_no(p, name, "Discard 3 cards to gain a Gold?"):
        return  # (with no cards in hand there is nothing to choose)
    picked = g.choose_from_hand(p, name, "Discard 3 cards", min=3, max=3)
    g.discard_cards(p, picked, p.hand, name)
    if len(picked) == 3:
        g.gain(p, "Gold", source=name)


def _suns_gift(g: GameBase, p: Player, name: str) -> None:
    looked = g.reveal_from_deck(p, 4, name, look=True)
    for c in g.choose_cards(p, name, "Discard any number of them", looked,
                            min=0, max=len(looked)):
        g.discard_card(p, c, p.set_aside, name)
    rest = [c for c in looked if c in p.set_aside]
    for c in g.order_cards(p, name, "Put the rest back (the last ends on top)", rest):
        g.topdeck(p, c, p.set_aside, name)


def _swamps_gift(g: GameBase, p: Player, name: str) -> None:
    if "Will-o'-Wisp" in g.piles:
        g.gain(p, "Will-o'-Wisp", source=name)


def _winds_gift(g: GameBase, p: Player, name: str) -> None:
    g.draw(p, 2)
    chosen = g.choose_from_hand(p, name, "Discard 2 cards", min=2, max=2)
    g.discard_cards(p, chosen, p.hand, name)


THE_EARTHS_GIFT = _boon("The Earth's Gift", _earths_gift)
THE_FIELDS_GIFT = _boon("The Field's Gift", _fields_gift, keep=True)
THE_FLAMES_GIFT = _boon("The Flame's Gift", _flames_gift)
THE_FORESTS_GIFT = _boon("The Forest's Gift", _forests_gift, keep=True)
THE_MOONS_GIFT = _boon("The Moon's Gift", _moons_gift)
THE_MOUNTAINS_GIFT = _boon("The Mountain's Gift", _mountains_gift)
THE_RIVERS_GIFT = _boon("The River's Gift", _rivers_gift, keep=True)
THE_SEAS_GIFT = _boon("The Sea's Gift", _seas_gift)
THE_SKYS_GIFT = _boon("The Sky's Gift", _skys_gift)
THE_SUNS_GIFT = _boon("The Sun's Gift", _suns_gift)
THE_SWAMPS_GIFT = _boon("The Swamp's Gift", _swamps_gift)
THE_WINDS_GIFT = _boon("The Wind's Gift", _winds_gift)


# --- Bard (Fate): +2 coins; receive a Boon.
def _bard(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.receive_boon(p, card.name)


BARD = _k("Bard", 4, ("Action", "Fate"), coins=2, on_play=_bard)


# --- Sacred Grove (Fate): +1 Buy, +3 coins; receive a Boon; if it doesn't give +1 coin,
# each other player may receive it (The Field's and The Forest's Gifts are not shared;
# a shared The River's Gift draws for each at the end of this turn, FAQ).
COIN_BOONS = ("The Field's Gift", "The Forest's Gift")


def _sacred_grove(g: GameBase, p: Player, card: Card, play: Play) -> None:
    name = g.receive_boon(p, card.name)
    if name is None or name in COIN_BOONS:
        return
    n = len(g.players)
    for k in range(1, n):
        q = g.players[(p.index + k) % n]
        if g.yes_no(q, card.name, f"Receive {name}?", context={"boon": name}):
            g.receive_boon(q, card.name, name=name, shared=True)


SACRED_GROVE = _k("Sacred Grove", 5, ("Action", "Fate"), buys=1, coins=3,
                  on_play=_sacred_grove)


# --- Idol (Treasure, Attack, Fate): 2 coins; with an odd number of Idols in play (this
# included; in play, not played, FAQ) receive a Boon, otherwise each other player gains
# a Curse.
def _idol(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if sum(1 for c in p.in_play if c.name == "Idol") % 2:
        g.receive_boon(p, card.name)
    else:
        for q in play.victims(g):
            g.gain(q, "Curse", source=card.name)


IDOL = _k("Idol", 5, ("Treasure", "Attack", "Fate"), coins=2, on_play=_idol)


# --- Pixie (Fate): +1 Card, +1 Action; discard the top Boon; you may trash this to
# receive that Boon twice (a kept one moves in front of you, counted twice, FAQ).
# Heirloom Goat: 1 coin; you may trash a card from your hand.
def _pixie(g: GameBase, p: Player, card: Card, play: Play) -> None:
    name = g.next_landscape(g.boons)
    if name is None:
        return
    g.boons.discard.append(name)
    g.log(LogKind.REVEAL, p, (), card.name, boon=name, discarded=True)
    if card not in p.in_play or not g.yes_no(p, card.name, f"Trash Pixie to receive {name} "
                                             "twice?", context={"boon": name}):
        return
    g.trash_card(p, card, p.in_play, card.name)
    g.boons.discard.remove(name)
    g.receive_boon(p, card.name, name=name)
    g.receive_boon(p, card.name, name=name, shared=True)


PIXIE = _k("Pixie", 2, ("Action", "Fate"), cards=1, actions=1, on_play=_pixie,
           heirloom="Goat")


def _goat(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "You may trash a card from your hand",
                                min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)


GOAT = _k("Goat", 2, ("Treasure", "Heirloom"), kind="heirloom", coins=1, on_play=_goat)


# --- Tracker (Fate): +1 coin; receive a Boon; while this is in play, when you gain a
# card (bought or not, FAQ) you may put it onto your deck. Heirloom Pouch: 1 coin, +1 Buy.
def _tracker(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.receive_boon(p, card.name)


def _tracker_gain(g: GameBase, p: Player, gained: Card, zone: list[Card]) -> None:
    if gained not in zone or not any(c.name == "Tracker" for c in p.in_play):
        return
    if zone is p.deck and p.deck[-1] is gained:
        return
    if g.yes_no(p, "Tracker", f"Put {gained.name} onto your deck?",
                context={"card": gained.name}):
        g.topdeck(p, gained, zone, "Tracker")


TRACKER = _k("Tracker", 2, ("Action", "Fate"), coins=1, on_play=_tracker,
             on_any_gain=_tracker_gain, heirloom="Pouch")
POUCH = _k("Pouch", 2, ("Treasure", "Heirloom"), kind="heirloom", coins=1, buys=1)


# --- States: held in Player.states, never cards (not gained, not in play).
def take_state(g: GameBase, p: Player, name: str) -> None:
    """``p`` takes a State that only one player can have, from whoever has it."""
    for q in g.players:
        if name in q.states:
            q.states.remove(name)
    p.states.append(name)
    g.log(LogKind.REVEAL, p, (), name, state=name)


def _lost_in_the_woods_start(g: GameBase, p: Player, name: str) -> None:
    # Optional, turn after turn while the player has it (FAQ).
    picked = g.choose_from_hand(p, name, "You may discard a card to receive a Boon",
                                min=0, max=1)
    if picked:
        g.discard_card(p, picked[0], p.hand, name)
        g.receive_boon(p, name)


LOST_IN_THE_WOODS = register_landscape(LandscapeDef(
    "Lost in the Woods", "state", set_name=SET, start_of_turn=_lost_in_the_woods_start))


# --- Fool (Fate): if you aren't the player with Lost in the Woods, take it (from another
# player too), take 3 Boons, and receive them in any order, choosing each next one after
# the last resolved (FAQ). Heirloom Lucky Coin: 1 coin; gain a Silver.
def _fool(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if "Lost in the Woods" in p.states:
        return
    take_state(g, p, "Lost in the Woods")
    taken = [n for n in (g.next_landscape(g.boons) for _ in range(3)) if n is not None]
    while taken:
        name = taken[0] if len(taken) == 1 else g.choose_option(
            p, card.name, "Receive which Boon next?", [(n, n) for n in taken])
        taken.remove(name)
        g.receive_boon(p, card.name, name=name)


FOOL = _k("Fool", 3, ("Action", "Fate"), on_play=_fool, heirloom="Lucky Coin")


def _lucky_coin(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Silver", source=card.name)


LUCKY_COIN = _k("Lucky Coin", 4, ("Treasure", "Heirloom"), kind="heirloom", coins=1,
                on_play=_lucky_coin)


# === Hexes: received from the Hexes deck (GameBase.receive_hex / hex_each_other).
def _hex(name: str, hook) -> LandscapeDef:  # type: ignore[no-untyped-def]
    return register_landscape(LandscapeDef(name, "hex", set_name=SET, on_receive=hook))


def _state(name: str, **kw: object) -> LandscapeDef:
    return register_landscape(LandscapeDef(name, "state", set_name=SET, **kw))  # type: ignore[arg-type]


def _bad_omens(g: GameBase, p: Player, name: str) -> None:
    # The deck goes to the discard pile at once; 2 Coppers from it go back on the deck,
    # or the player reveals the discard pile to show fewer (FAQ).
    if p.deck:
        g.deck_into_discard(p, name)
    coppers = [c for c in p.discard if c.name == "Copper"][:2]
    for c in coppers:
        g.topdeck(p, c, p.discard, name)
    if len(coppers) < 2:
        g.reveal(p, list(p.discard), name)


def _delusion(g: GameBase, p: Player, name: str) -> None:
    if "Deluded" not in p.states and "Envious" not in p.states:
        p.states.append("Deluded")


def _envy(g: GameBase, p: Player, name: str) -> None:
    if "Deluded" not in p.states and "Envious" not in p.states:
        p.states.append("Envious")


def _famine(g: GameBase, p: Player, name: str) -> None:
    revealed = g.reveal_from_deck(p, 3, name)
    for c in revealed:
        if c.defn.is_action:
            g.discard_card(p, c, p.set_aside, name)
    rest = [c for c in revealed if c in p.set_aside]
    if rest:
        # The others are shuffled back into the deck (FAQ).
        g.shuffle_into_deck(p, rest, p.set_aside, name)


def _fear(g: GameBase, p: Player, name: str) -> None:
    if len(p.hand) < 5:
        return
    picked = g.choose_from_hand(p, name, "Discard an Action or Treasure",
                                pred=lambda c: c.defn.is_action or c.defn.is_treasure)
    if picked:
        g.discard_card(p, picked[0], p.hand, name)
    else:
        g.reveal(p, list(p.hand), name)


def _greed(g: GameBase, p: Player, name: str) -> None:
    g.gain(p, "Copper", to="deck", source=name)


def _haunting(g: GameBase, p: Player, name: str) -> None:
    if len(p.hand) >= 4:
        picked = g.choose_from_hand(p, name, "Put a card from your hand onto your deck")
        g.topdeck(p, picked[0], p.hand, name)


def _locusts(g: GameBase, p: Player, name: str) -> None:
    top = g.peek_top(p)
    if top is None:
        return
    g.trash_card(p, top, p.deck, name)
    if top.name in ("Copper", "Estate"):
        g.gain(p, "Curse", source=name)
        return
    limit = g.cost(top)
    # A cheaper card sharing a type (types are the banner words, FAQ); none: nothing.
    gain = g.choose_supply(p, name, "Gain a cheaper card that shares a type",
                           max_cost=limit,
                           pred=lambda d: bool(d.types & top.defn.types)
                           and g.cost(d) != limit)
    if gain:
        g.gain(p, gain, source=name)


def _misery(g: GameBase, p: Player, name: str) -> None:
    # First Misery: Miserable; second: flipped to Twice Miserable; later: nothing (FAQ).
    if "Twice Miserable" in p.states:
        return
    if "Miserable" in p.states:
        p.states[p.states.index("Miserable")] = "Twice Miserable"
    else:
        p.states.append("Miserable")


def _plague(g: GameBase, p: Player, name: str) -> None:
    g.gain(p, "Curse", to="hand", source=name)


def _poverty(g: GameBase, p: Player, name: str) -> None:
    g.discard_down_to(p, 3, name)


def _war(g: GameBase, p: Player, name: str) -> None:
    found: Card | None = None
    revealed: list[Card] = []
    while found is None:
        one = g.reveal_from_deck(p, 1, name)
        if not one:
            break
        cost = g.cost(one[0])
        if cost.coins in (3, 4) and not cost.potion and not cost.debt:
            found = one[0]
        else:
            revealed.append(one[0])
    if found is not None:
        g.trash_card(p, found, p.set_aside, name)
    for c in revealed:
        g.discard_card(p, c, p.set_aside, name)


BAD_OMENS = _hex("Bad Omens", _bad_omens)
DELUSION = _hex("Delusion", _delusion)
ENVY = _hex("Envy", _envy)
FAMINE = _hex("Famine", _famine)
FEAR = _hex("Fear", _fear)
GREED = _hex("Greed", _greed)
HAUNTING = _hex("Haunting", _haunting)
LOCUSTS = _hex("Locusts", _locusts)
MISERY = _hex("Misery", _misery)
PLAGUE = _hex("Plague", _plague)
POVERTY = _hex("Poverty", _poverty)
WAR = _hex("War", _war)


@dataclass(slots=True)
class DeludedThisTurn(SetState):
    """Deluded was returned at the start of this Buy phase: no Action buys this turn."""

    per_turn: ClassVar[bool] = True

    def forbids_action_buys(self, game: GameBase) -> bool:
        return True


@dataclass(slots=True)
class EnviousThisTurn(SetState):
    """Envious was returned at the start of this Buy phase: Silver and Gold make 1 coin
    when played in the Buy phase this turn."""

    per_turn: ClassVar[bool] = True

    def coins_made(self, game: GameBase, defn: CardDef, coins: int) -> int:
        if (defn.name == "Silver" or defn.name == "Gold") and game.phase == "buy":
            return 1
        return coins


def _deluded_buy(g: GameBase, p: Player, name: str) -> None:
    p.states.remove(name)
    g.state(DeludedThisTurn)  # its existence is the effect


def _envious_buy(g: GameBase, p: Player, name: str) -> None:
    p.states.remove(name)
    g.state(EnviousThisTurn)


DELUDED = _state("Deluded", start_of_buy=_deluded_buy)
ENVIOUS = _state("Envious", start_of_buy=_envious_buy)
MISERABLE = _state("Miserable", vp=-2)
TWICE_MISERABLE = _state("Twice Miserable", vp=-4)


# === Doom cards.
# --- Cursed Village: +2 Actions; draw until 6 cards in hand; when gained, receive a Hex.
def _cursed_village(g: GameBase, p: Player, card: Card, play: Play) -> None:
    missing = 6 - len(p.hand)
    if missing > 0:
        g.draw(p, missing)


def _receive_hex_on_gain(g: GameBase, p: Player, card: Card) -> None:
    g.receive_hex(p, card.name)


CURSED_VILLAGE = _k("Cursed Village", 5, ("Action", "Doom"), actions=2,
                    on_play=_cursed_village, on_gain=_receive_hex_on_gain)


# --- Skulk: +1 Buy; each other player receives the next Hex; when gained, gain a Gold.
def _skulk(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.hex_each_other(play.victims(g), card.name)


def _skulk_gained(g: GameBase, p: Player, card: Card) -> None:
    g.gain(p, "Gold", source=card.name)


SKULK = _k("Skulk", 4, ("Action", "Attack", "Doom"), buys=1, on_play=_skulk,
           on_gain=_skulk_gained)


# --- Tormentor: +2 coins; with no other cards in play (from earlier turns count, FAQ),
# gain an Imp; otherwise each other player receives the next Hex.
def _tormentor(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if all(c is card for c in p.in_play):
        g.gain(p, "Imp", source=card.name)
    else:
        g.hex_each_other(play.victims(g), card.name)


TORMENTOR = _k("Tormentor", 5, ("Action", "Attack", "Doom"), coins=2, on_play=_tormentor,
               extra_piles=("Imp",))


# --- Werewolf: in your Night phase, each other player receives the next Hex; otherwise
# (your Action phase) +3 Cards.
def _werewolf(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if g.phase == "night":
        g.hex_each_other(play.victims(g), card.name)
    else:
        g.draw(p, 3)


WEREWOLF = _k("Werewolf", 5, ("Action", "Night", "Attack", "Doom"), on_play=_werewolf)


# --- Leprechaun: gain a Gold; with exactly 7 cards in play, gain a Wish, otherwise
# receive a Hex.
def _leprechaun(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Gold", source=card.name)
    if len(p.in_play) == 7:
        if "Wish" in g.piles:
            g.gain(p, "Wish", source=card.name)
    else:
        g.receive_hex(p, card.name)


LEPRECHAUN = _k("Leprechaun", 3, ("Action", "Doom"), on_play=_leprechaun,
                extra_piles=("Wish",))


# --- Vampire (Night, Attack, Doom): each other player receives the next Hex; gain a card
# costing up to 5 other than a Vampire; exchange this for a Bat (to the discard pile).
# Bat (not in the Supply): trash up to 2 cards from hand; if you trashed any, exchange
# this for a Vampire. Exchanges happen only with both cards there (FAQ).
def _vampire(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.hex_each_other(play.victims(g), card.name)
    name = g.choose_supply(p, card.name, "Gain a card costing up to 5 other than a Vampire",
                           max_cost=Cost(5), pred=lambda d: d.name != "Vampire")
    if name:
        g.gain(p, name, source=card.name)
    if card in p.in_play and "Bat" in g.piles:
        g.exchange(p, card, p.in_play, "Bat", to_zone=p.discard)


def _bat(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash up to 2 cards", min=0, max=2)
    g.trash_cards(p, picked, p.hand, card.name)
    if picked and card in p.in_play and "Vampire" in g.piles:
        g.exchange(p, card, p.in_play, "Vampire", to_zone=p.discard)


VAMPIRE = _k("Vampire", 5, ("Night", "Attack", "Doom"), on_play=_vampire,
             extra_piles=("Bat",))
BAT = _k("Bat", 2, ("Night",), kind="non-supply", on_play=_bat, pile_size=10)


# --- Pooka: you may trash a Treasure other than Cursed Gold from your hand, for +4 Cards.
# Heirloom Cursed Gold: 3 coins; when you play it, gain a Curse (not playing it avoids
# the Curse, FAQ).
def _pooka(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "You may trash a Treasure for +4 Cards",
                                min=0, max=1,
                                pred=lambda c: c.defn.is_treasure and c.name != "Cursed Gold")
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        g.draw(p, 4)


def _cursed_gold(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.gain(p, "Curse", source=card.name)


POOKA = _k("Pooka", 5, ("Action",), on_play=_pooka, heirloom="Cursed Gold")
CURSED_GOLD = _k("Cursed Gold", 4, ("Treasure", "Heirloom"), kind="heirloom", coins=3,
                 on_play=_cursed_gold)


# --- Blessed Village (Fate): +1 Card, +2 Actions; when you gain it, take a Boon and,
# having seen it (FAQ), receive it now or at the start of your next turn (it waits in
# front of you: LandscapeDeck.saved; engine.turn receives it).
def _blessed_village_gained(g: GameBase, p: Player, card: Card) -> None:
    name = g.next_landscape(g.boons)
    if name is None:
        return
    g.log(LogKind.REVEAL, p, (), card.name, boon=name, taken=True)
    if g.yes_no(p, card.name, f"Receive {name} now (or at the start of your next turn)?",
                context={"boon": name}):
        g.receive_boon(p, card.name, name=name)
    else:
        g.boons.saved.append((p.index, name))


BLESSED_VILLAGE = _k("Blessed Village", 4, ("Action", "Fate"), cards=1, actions=2,
                     on_gain=_blessed_village_gained)


# --- Druid (Fate): +1 Buy; receive one of the three set-aside Boons, leaving it there
# (a "keep until Clean-up" one too, FAQ). Setup (engine.setup): the top 3 Boons are set
# aside for it (``g.boons.set_aside``), so the Boons deck holds the other 9.
def _druid(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if not g.boons.set_aside:
        return
    name = g.choose_option(p, card.name, "Receive one of Druid's Boons",
                           [(n, n) for n in g.boons.set_aside])
    g.receive_boon(p, card.name, name=name, shared=True)


DRUID = _k("Druid", 2, ("Action", "Fate"), buys=1, on_play=_druid)
