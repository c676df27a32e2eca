"""Plunder: Kingdom cards (first edition) and the Event Launch.

FAQ points a hook honours are noted where the code makes a choice because of them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from engine.cards.core import Card, CardDef, EventDef, TraitDef
from engine.cost import Cost
from engine.primitives import NextTime, coins_from_boons
from engine.registry import register, register_event, register_trait
from engine.set_state import SetState
from engine.vocabulary import LogKind

if TYPE_CHECKING:
    from engine.game import Game
    from engine.primitives import GameBase, Play
    from engine.state import Player


def _launch(g: Game, p: Player) -> None:
    g.return_to_action_phase()
    g.draw(p, 1)
    g.actions += 1
    g.buys += 1


LAUNCH = register_event(EventDef("Launch", 3, set_name="plunder", on_buy=_launch,
                                 once_per_turn=True))


# ----------------------------------------------------------------- Kingdom cards
SET = "plunder"


def _k(name: str, cost: int, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, cost, types, set_name=SET, **kw))  # type: ignore[arg-type]


def _schedule(g: GameBase, p: Player, card: Card, play: Play) -> None:
    """A Duration whose whole "now" part is data: just wait for the next turn."""
    g.schedule_duration(p, card)


# --- Longship: +2 Actions now, +2 Cards at the start of your next turn.
def _longship_next(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 2)


LONGSHIP = _k("Longship", 5, ("Action", "Duration"), actions=2, on_play=_schedule,
              next_turn=_longship_next)


# --- Crew: +3 Cards; at the start of your next turn, put this onto your deck.
# FAQ: putting it onto the deck is not optional (no question is asked). If it
# has left play meanwhile, there is nothing to move.
def _crew_next(g: GameBase, p: Player, card: Card) -> None:
    if card in p.in_play:
        g.topdeck(p, card, p.in_play, card.name)


CREW = _k("Crew", 5, ("Action", "Duration"), cards=3, on_play=_schedule, next_turn=_crew_next)


# --- Swamp Shacks: +2 Actions, +1 Card per 3 cards you have in play (round down).
# FAQ: it counts itself and Durations still in play from earlier turns (and
# Treasures in play), but not set-aside cards; 8 cards in play draw 2.
def _swamp_shacks(g: GameBase, p: Player, card: Card, play: Play) -> None:
    n = len(p.in_play) // 3
    if n:
        g.draw(p, n)


SWAMP_SHACKS = _k("Swamp Shacks", 4, ("Action",), actions=2, on_play=_swamp_shacks)


# --- Pilgrim: +4 Cards; put a card from your hand onto your deck.
# FAQ: the card put back may be any card in hand, not only one just drawn.
def _pilgrim(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Put a card onto your deck")
    if picked:
        g.topdeck(p, picked[0], p.hand, card.name)


PILGRIM = _k("Pilgrim", 5, ("Action",), cards=4, on_play=_pilgrim)


# --- Maroon: trash a card from your hand; +2 Cards per type it has.
# FAQ: types are the words of the type line (Cage, Treasure - Duration, draws 4).
def _maroon(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    trashed = picked[0]
    g.trash_card(p, trashed, p.hand, card.name)
    g.draw(p, 2 * len(trashed.defn.types))


MAROON = _k("Maroon", 4, ("Action",), on_play=_maroon)


# --- Pendant: +1 coin per differently named Treasure you have in play (the printed
# card makes no coin of its own; the rulebook's card line says "Worth 2 coins").
# FAQ: it counts itself, and Treasure Durations still in play from an earlier turn.
def _pendant(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.coins += len({c.name for c in p.in_play if c.defn.is_treasure})


PENDANT = _k("Pendant", 5, ("Treasure",), on_play=_pendant)


# --- Silver Mine: gain a Treasure costing less than this to your hand.
# FAQ: any Treasure in the Supply cheaper than Silver Mine, not only Silver.
def _silver_mine(g: GameBase, p: Player, card: Card, play: Play) -> None:
    own = g.cost(card)
    if own.coins == 0:
        return  # nothing costs less than 0 coins
    # "Less than" a coin cost: one coin less at most, and no Potion.
    limit = Cost(own.coins - 1, 0, own.debt)
    name = g.choose_supply(p, card.name, "Gain a Treasure to your hand", max_cost=limit,
                           pred=lambda d: d.is_treasure)
    if name:
        g.gain(p, name, to="hand", source=card.name)


SILVER_MINE = _k("Silver Mine", 5, ("Treasure",), on_play=_silver_mine)


# --- Figurine: +2 Cards; you may discard an Action for +1 Buy, +1 coin (the printed card
# makes no coin of its own; the rulebook's card line says "Worth 2 coins").
def _figurine(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Discard an Action card for +1 Buy and +1 coin?",
                                min=0, max=1, pred=lambda c: c.defn.is_action)
    if picked:
        g.discard_card(p, picked[0], p.hand, card.name)
        g.buys += 1
        g.coins += 1


FIGURINE = _k("Figurine", 5, ("Treasure",), cards=2, on_play=_figurine)


# --- Rope: worth 1 coin, +1 Buy; at the start of your next turn, +1 Card,
# then you may trash a card from your hand (FAQ: draw first, then trash).
def _rope_next(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 1)
    for c in g.choose_from_hand(p, card.name, "You may trash a card", min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)


ROPE = _k("Rope", 4, ("Treasure", "Duration"), coins=1, buys=1, on_play=_schedule,
          next_turn=_rope_next)


# --- Tools: gain a copy of a card anyone has in play.
# FAQ: any player's cards in play count (Durations of other players, and
# Tools itself). A copy comes from its Supply pile, so it must be on top there.
def _tools(g: GameBase, p: Player, card: Card, play: Play) -> None:
    in_play = {c.name for q in g.players for c in q.in_play}
    name = g.choose_supply(p, card.name, "Gain a copy of a card in play",
                           pred=lambda d: d.name in in_play)
    if name:
        g.gain(p, name, source=card.name)


TOOLS = _k("Tools", 4, ("Treasure",), on_play=_tools)


# --- Crucible: trash a card from your hand; +1 coin per coin it costs.
# FAQ: Potion and debt in its cost give nothing; the current cost counts.
def _crucible(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if picked:
        cost = g.cost(picked[0])
        g.trash_card(p, picked[0], p.hand, card.name)
        g.coins += cost.coins


CRUCIBLE = _k("Crucible", 4, ("Treasure",), on_play=_crucible)


# --- Cabin Boy: +1 Card, +1 Action; at the start of your next turn choose
# +2 coins, or trash this to gain a Duration card (FAQ: another Cabin Boy
# will do). The gain depends on trashing it, so that option needs it in play.
def _cabin_boy_next(g: GameBase, p: Player, card: Card) -> None:
    options = [("coins", "+2 coins")]
    if card in p.in_play:
        options.append(("trash", "trash this to gain a Duration card"))
    choice = g.choose_option(p, card.name, "Choose one", options) if len(options) > 1 else "coins"
    if choice == "coins":
        g.coins += 2
        return
    g.trash_card(p, card, p.in_play, card.name)
    name = g.choose_supply(p, card.name, "Gain a Duration card", pred=lambda d: d.is_duration)
    if name:
        g.gain(p, name, source=card.name)


CABIN_BOY = _k("Cabin Boy", 4, ("Action", "Duration"), cards=1, actions=1, on_play=_schedule,
               next_turn=_cabin_boy_next)


def _zone_of(p: Player, card: Card) -> list[Card] | None:
    """Where one of ``p``'s cards is now among hand, discard pile and deck (None: elsewhere)."""
    for zone in (p.discard, p.hand, p.deck):
        if card in zone:
            return zone
    return None


# --- Buried Treasure: at the start of your next turn, +1 Buy and +3 coins.
# When you gain this, play it (FAQ: not optional), from wherever it went.
def _buried_treasure_gain(g: GameBase, p: Player, card: Card) -> None:
    zone = _zone_of(p, card)
    if zone is not None:
        g.play_card(p, card, zone)


def _buried_treasure_next(g: GameBase, p: Player, card: Card) -> None:
    g.buys += 1
    g.coins += 3


BURIED_TREASURE = _k("Buried Treasure", 5, ("Treasure", "Duration"), on_play=_schedule,
                     on_gain=_buried_treasure_gain, next_turn=_buried_treasure_next)


# --- Enlarge: now and at the start of your next turn, trash a card from your
# hand and gain one costing up to 2 more. FAQ: the trash next turn is
# mandatory (no way to skip it, as long as you have a card in hand).
def _enlarge_once(g: GameBase, p: Player, card: Card) -> None:
    g.trash_and_gain(p, card.name, 2)


def _enlarge(g: GameBase, p: Player, card: Card, play: Play) -> None:
    _enlarge_once(g, p, card)
    g.schedule_duration(p, card)


ENLARGE = _k("Enlarge", 5, ("Action", "Duration"), on_play=_enlarge, next_turn=_enlarge_once)


# --- First Mate: play any number of Action cards with the same name from your
# hand, then draw until you have 6 cards in hand. FAQ: a copy drawn by one of
# those plays can be played too; it may play First Mates; with no Action it
# still draws. It plays each card once, so it does not stay in play with a
# Duration it played (that is for cards that play one card several times).
def _first_mate(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Play an Action card", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    while picked:
        name = picked[0].name
        g.play_card(p, picked[0], p.hand)
        picked = g.choose_from_hand(p, card.name, f"Play another {name}?", min=0, max=1,
                                    pred=lambda c, n=name: c.name == n)  # type: ignore[misc]
    missing = 6 - len(p.hand)
    if missing > 0:
        g.draw(p, missing)


FIRST_MATE = _k("First Mate", 5, ("Action",), on_play=_first_mate)


# --- King's Cache: you may play a Treasure from your hand 3 times.
# FAQ: on a King's Cache, three more Treasures three times each; with a
# Treasure - Duration it stays in play as long as that card does (``by``).
def _kings_cache(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Play a Treasure 3 times", min=0, max=1,
                                pred=lambda c: c.defn.is_treasure)
    if not picked:
        return
    g.play_card(p, picked[0], p.hand, by=card)
    for _ in range(2):
        g.play_card(p, picked[0], None, by=card, again=True)


KINGS_CACHE = _k("King's Cache", 7, ("Treasure",), on_play=_kings_cache)


# --- Fortune Hunter: +2 coins; look at the top 3 cards of your deck, you may
# play a Treasure from them, put the rest back in any order. FAQ: the Treasure
# is played completely first (a Figurine draws from under the looked-at cards).
def _fortune_hunter(g: GameBase, p: Player, card: Card, play: Play) -> None:
    looked = g.reveal_from_deck(p, 3, card.name, look=True)
    treasures = [c for c in looked if c.defn.is_treasure]
    for c in g.choose_cards(p, card.name, "Play a Treasure", treasures, min=0, max=1):
        g.play_card(p, c, p.set_aside)
    rest = [c for c in looked if c in p.set_aside]
    for c in reversed(g.order_cards(p, card.name, "Put back (first = top)", rest)):
        g.topdeck(p, c, p.set_aside, card.name)


FORTUNE_HUNTER = _k("Fortune Hunter", 4, ("Action",), coins=2, on_play=_fortune_hunter)


# --- Gondola: either now or at the start of your next turn, +2 coins. When
# you gain this, you may play an Action card from your hand.
# FAQ: chosen at each play (King's Cache); it stays in play only if some play
# chose next turn, and then the King's Cache stays too (``by``).
def _gondola(g: GameBase, p: Player, card: Card, play: Play) -> None:
    when = g.choose_option(p, card.name, "+2 coins when?",
                           [("now", "now"), ("next", "at the start of your next turn")])
    if when == "now":
        g.coins += 2
    else:
        g.schedule_duration(p, card)


def _gondola_next(g: GameBase, p: Player, card: Card) -> None:
    g.coins += 2


def _gondola_gain(g: GameBase, p: Player, card: Card) -> None:
    picked = g.choose_from_hand(p, card.name, "You may play an Action card", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.play_card(p, picked[0], p.hand)


GONDOLA = _k("Gondola", 4, ("Treasure", "Duration"), on_play=_gondola, on_gain=_gondola_gain,
             next_turn=_gondola_next)


# --- Secluded Shrine: +1 coin; the next time you gain a Treasure, trash up to
# 2 cards from your hand. FAQ: it can fire on any player's turn; it fires (and
# is done) even if nothing is trashed.
def _shrine_when(g: GameBase, owner: Player, card: Card, gainer: Player, gained: Card) -> bool:
    return gainer is owner and gained.defn.is_treasure


def _shrine_then(g: GameBase, owner: Player, card: Card, gainer: Player, gained: Card) -> None:
    for c in g.choose_from_hand(owner, card.name, "Trash up to 2 cards", min=0, max=2):
        g.trash_card(owner, c, owner.hand, card.name)


SECLUDED_SHRINE = _k("Secluded Shrine", 3, ("Action", "Duration"), coins=1, on_play=_schedule,
                     next_turn=NextTime("gain", _shrine_when, _shrine_then))


# --- Abundance: the next time you gain an Action card, +1 Buy and +3 coins.
# FAQ: any gain counts (bought or not); on another player's turn the bonus is
# of no use, so it is not given to the player whose turn it is.
def _abundance_when(g: GameBase, owner: Player, card: Card, gainer: Player,
                    gained: Card) -> bool:
    return gainer is owner and gained.defn.is_action


def _abundance_then(g: GameBase, owner: Player, card: Card, gainer: Player,
                    gained: Card) -> None:
    if g.current == owner.index:
        g.buys += 1
        g.coins += 3


ABUNDANCE = _k("Abundance", 4, ("Treasure", "Duration"), on_play=_schedule,
               next_turn=NextTime("gain", _abundance_when, _abundance_then))


# --- Taskmaster: +1 Action, +1 coin, and if you gain a card costing exactly 5
# this turn, repeat this ability at the start of your next turn.
# FAQ: the cost when gained is what counts; gains before it was played do not.
def _taskmaster_when(g: GameBase, owner: Player, card: Card, gainer: Player,
                     gained: Card) -> bool:
    return gainer is owner and g.cost(gained) == Cost(5)


def _taskmaster_then(g: GameBase, owner: Player, card: Card, gainer: Player,
                     gained: Card) -> None:
    if card in owner.in_play:
        g.schedule_duration(owner, card)


def _taskmaster(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.watch_gains_this_turn(p, card, _taskmaster_when, _taskmaster_then)


def _taskmaster_next(g: GameBase, p: Player, card: Card) -> None:
    g.actions += 1
    g.coins += 1
    g.watch_gains_this_turn(p, card, _taskmaster_when, _taskmaster_then)


TASKMASTER = _k("Taskmaster", 3, ("Action", "Duration"), actions=1, coins=1,
                on_play=_taskmaster, next_turn=_taskmaster_next)


# --- Mining Road: +1 Action, +1 Buy, +2 coins; once this turn, when you gain a
# Treasure, you may play it. FAQ: optional; each Mining Road gives one such
# play (cumulative), but a Treasure already played cannot be played again;
# bought or otherwise gained; in the Action phase too. A Treasure gained while
# one is pending uses it up, whether played or declined.
def _mining_road_when(g: GameBase, owner: Player, card: Card, gainer: Player,
                      gained: Card) -> bool:
    return gainer is owner and gained.defn.is_treasure and _zone_of(owner, gained) is not None


def _mining_road_then(g: GameBase, owner: Player, card: Card, gainer: Player,
                      gained: Card) -> None:
    zone = _zone_of(owner, gained)
    if zone is not None and g.yes_no(owner, card.name, f"Play {gained.name}?",
                                     context={"card": gained.name}):
        g.play_card(owner, gained, zone)


def _mining_road(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.watch_gains_this_turn(p, card, _mining_road_when, _mining_road_then)


MINING_ROAD = _k("Mining Road", 5, ("Action",), actions=1, buys=1, coins=2,
                 on_play=_mining_road)


# --- Siren: each other player gains a Curse; at the start of your next turn,
# draw until you have 8 cards in hand. When you gain this, trash it unless you
# trash an Action from your hand. FAQ: only if it is still where it was gained
# (other gain triggers, such as Insignia's, resolve first and may move it).
def _siren(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.gain(q, "Curse", source=card.name)
    g.schedule_duration(p, card)


def _siren_next(g: GameBase, p: Player, card: Card) -> None:
    if len(p.hand) < 8:
        g.draw(p, 8 - len(p.hand))


def _siren_gain(g: GameBase, p: Player, card: Card) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash an Action card, or Siren is trashed",
                                min=0, max=1, pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, card.name)
        return
    zone = g.gain_zone()
    if card in zone:
        g.trash_card(p, card, zone, card.name)


SIREN = _k("Siren", 3, ("Action", "Duration", "Attack"), on_play=_siren, next_turn=_siren_next,
           on_gain=_siren_gain)


# ------------------------------------------------------------------------ Loot
# Loot: 15 Treasures (2 copies each), cost 7, in a shuffled non-Supply pile
# "Loot" (engine.setup.MIXED_PILES) that exists when a card in the game lists
# it in ``extra_piles``. "Gain a Loot" gains its top card, revealed to all.
def gain_loot(g: GameBase, p: Player, source: str, to: str | None = None) -> Card | None:
    """Gain the top Loot (revealed); None if the Loot pile is empty or absent."""
    if "Loot" not in g.piles:
        return None
    card = g.gain(p, "Loot", to=to, source=source)
    if card is not None:
        g.reveal(p, (card,), source)
    return card


def _loot(name: str, types: tuple[str, ...], **kw: object) -> CardDef:
    return register(CardDef(name, 7, (*types, "Loot"), set_name=SET, kind="loot",
                            **kw))  # type: ignore[arg-type]


def _loot_buy_coins(g: GameBase, p: Player, card: Card, play: Play | None = None) -> None:
    g.buys += 1
    g.coins += 3


# Amphora: either now or at the start of your next turn, +1 Buy and +3 coins.
def _amphora(g: GameBase, p: Player, card: Card, play: Play) -> None:
    when = g.choose_option(p, card.name, "+1 Buy and +3 coins when?",
                           [("now", "now"), ("next", "at the start of your next turn")])
    if when == "now":
        _loot_buy_coins(g, p, card)
    else:
        g.schedule_duration(p, card)


AMPHORA = _loot("Amphora", ("Treasure", "Duration"), on_play=_amphora,
                next_turn=_loot_buy_coins)


# Doubloons: worth 3; when you gain this, gain a Gold.
def _doubloons_gain(g: GameBase, p: Player, card: Card) -> None:
    g.gain(p, "Gold", source=card.name)


DOUBLOONS = _loot("Doubloons", ("Treasure",), coins=3, on_gain=_doubloons_gain)


# Endless Chalice: worth 1; now and at the start of each of your turns for the
# rest of the game, +1 Buy (so it never leaves play).
def _chalice_next(g: GameBase, p: Player, card: Card) -> None:
    g.buys += 1
    if card in p.in_play:
        g.schedule_duration(p, card)


ENDLESS_CHALICE = _loot("Endless Chalice", ("Treasure", "Duration"), coins=1, buys=1,
                        on_play=_schedule, next_turn=_chalice_next)


def _figurehead_next(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 2)


FIGUREHEAD = _loot("Figurehead", ("Treasure", "Duration"), coins=3, on_play=_schedule,
                   next_turn=_figurehead_next)


def _hammer(g: GameBase, p: Player, card: Card, play: Play) -> None:
    name = g.choose_supply(p, card.name, "Gain a card costing up to 4", max_cost=Cost(4))
    if name:
        g.gain(p, name, source=card.name)


HAMMER = _loot("Hammer", ("Treasure",), coins=3, on_play=_hammer)


# Insignia: worth 3; this turn, each time you gain a card, you may put it onto
# your deck (if it is still where it was gained).
def _insignia_when(g: GameBase, owner: Player, card: Card, gainer: Player,
                   gained: Card) -> bool:
    return gainer is owner


def _insignia_then(g: GameBase, owner: Player, card: Card, gainer: Player,
                   gained: Card) -> None:
    g.watch_gains_this_turn(owner, card, _insignia_when, _insignia_then)  # every gain
    zone = _zone_of(owner, gained)
    if zone is None or (zone is owner.deck and owner.deck[-1] is gained):
        return
    if g.yes_no(owner, card.name, f"Put {gained.name} onto your deck?",
                context={"card": gained.name}):
        g.topdeck(owner, gained, zone, card.name)


def _insignia(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.watch_gains_this_turn(p, card, _insignia_when, _insignia_then)


INSIGNIA = _loot("Insignia", ("Treasure",), coins=3, on_play=_insignia)


# Jewels: worth 3, +1 Buy; at the start of your next turn, put this on the
# bottom of your deck.
def _jewels_next(g: GameBase, p: Player, card: Card) -> None:
    if card in p.in_play:
        g.to_deck_bottom(p, card, p.in_play, card.name)


JEWELS = _loot("Jewels", ("Treasure", "Duration"), coins=3, buys=1, on_play=_schedule,
               next_turn=_jewels_next)


# Orb: look through your discard pile; choose one: play an Action or Treasure
# from it; or +1 Buy and +3 coins.
def _orb(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.log(LogKind.LOOK, p, list(p.discard), card.name)
    playable = [c for c in p.discard if c.defn.is_action or c.defn.is_treasure]
    options = [("coins", "+1 Buy and +3 coins")]
    if playable:
        options.insert(0, ("play", "play an Action or Treasure from your discard pile"))
    if len(options) > 1 and g.choose_option(p, card.name, "Choose one", options) == "play":
        [picked] = g.choose_cards(p, card.name, "Play a card from your discard pile", playable)
        g.play_card(p, picked, p.discard)
    else:
        _loot_buy_coins(g, p, card)


ORB = _loot("Orb", ("Treasure",), on_play=_orb)


def _prize_goat(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "You may trash a card", min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)


PRIZE_GOAT = _loot("Prize Goat", ("Treasure",), coins=3, buys=1, on_play=_prize_goat)


# Puzzle Box: worth 3, +1 Buy; you may set aside a card from your hand face
# down, and put it into your hand at end of turn (after the new hand is drawn).
def _puzzle_box(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "You may set aside a card", min=0, max=1)
    if not picked:
        return
    kept = picked[0]
    g.set_aside(p, kept, p.hand, card.name)

    def back(game: GameBase) -> None:
        if kept in p.set_aside:
            game.to_hand(p, kept, p.set_aside)

    g.at_end_of_turn(back)


PUZZLE_BOX = _loot("Puzzle Box", ("Treasure",), coins=3, buys=1, on_play=_puzzle_box)


# Sextant: worth 3, +1 Buy; look at the top 5 cards of your deck, discard any
# number, put the rest back in any order.
def _sextant(g: GameBase, p: Player, card: Card, play: Play) -> None:
    looked = g.reveal_from_deck(p, 5, card.name, look=True)
    for c in g.choose_cards(p, card.name, "Discard any number", looked, min=0,
                            max=len(looked)):
        g.discard_card(p, c, p.set_aside, card.name)
    rest = [c for c in looked if c in p.set_aside]
    for c in reversed(g.order_cards(p, card.name, "Put back (first = top)", rest)):
        g.topdeck(p, c, p.set_aside, card.name)


SEXTANT = _loot("Sextant", ("Treasure",), coins=3, buys=1, on_play=_sextant)


# Shield: worth 3, +1 Buy; reveal it from your hand when another player plays
# an Attack, to be unaffected (as Moat does).
def _shield_react(g: GameBase, p: Player, shield: Card, attack: Card) -> bool:
    return True


SHIELD = _loot("Shield", ("Treasure", "Reaction"), coins=3, buys=1, react_attack=_shield_react)


# Spell Scroll (Action - Treasure): trash this to gain a cheaper card; if it is
# an Action or Treasure, you may play it. Nothing is gained if it could not be
# trashed.
def _spell_scroll(g: GameBase, p: Player, card: Card, play: Play) -> None:
    if card not in p.in_play:
        return
    own = g.cost(card)
    g.trash_card(p, card, p.in_play, card.name)
    if own.coins == 0:
        return
    name = g.choose_supply(p, card.name, "Gain a cheaper card",
                           max_cost=Cost(own.coins - 1, 0, own.debt))
    if not name:
        return
    gained = g.gain(p, name, source=card.name)
    if gained is None or not (gained.defn.is_action or gained.defn.is_treasure):
        return
    zone = _zone_of(p, gained)
    if zone is not None and g.yes_no(p, card.name, f"Play {gained.name}?",
                                     context={"card": gained.name}):
        g.play_card(p, gained, zone)


SPELL_SCROLL = _loot("Spell Scroll", ("Action", "Treasure"), on_play=_spell_scroll)


def _staff(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "You may play an Action", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.play_card(p, picked[0], p.hand)


STAFF = _loot("Staff", ("Treasure",), coins=3, buys=1, on_play=_staff)


def _sword(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.discard_down_to(q, 4, card.name)


SWORD = _loot("Sword", ("Treasure", "Attack"), coins=3, buys=1, on_play=_sword)


# ------------------------------------------------------------- Loot gainers
def _sack_of_loot(g: GameBase, p: Player, card: Card, play: Play) -> None:
    gain_loot(g, p, card.name)


SACK_OF_LOOT = _k("Sack of Loot", 6, ("Treasure",), coins=1, buys=1, on_play=_sack_of_loot,
                  extra_piles=("Loot",))


def _jewelled_egg_trash(g: GameBase, p: Player, card: Card) -> None:
    gain_loot(g, p, card.name)


JEWELLED_EGG = _k("Jewelled Egg", 2, ("Treasure",), coins=1, buys=1,
                  on_trash=_jewelled_egg_trash, extra_piles=("Loot",))


# Pickaxe: worth 1; trash a card from your hand; if it costs 3 or more, gain a
# Loot to your hand.
def _pickaxe(g: GameBase, p: Player, card: Card, play: Play) -> None:
    picked = g.choose_from_hand(p, card.name, "Trash a card")
    if not picked:
        return
    cost = g.cost(picked[0])
    g.trash_card(p, picked[0], p.hand, card.name)
    if cost.coins >= 3:
        gain_loot(g, p, card.name, to="hand")


PICKAXE = _k("Pickaxe", 5, ("Treasure",), coins=1, on_play=_pickaxe, extra_piles=("Loot",))


# Wealthy Village: +1 Card, +2 Actions; when you gain this, if you have at
# least 3 differently named Treasures in play, gain a Loot.
def _wealthy_village_gain(g: GameBase, p: Player, card: Card) -> None:
    if len({c.name for c in p.in_play if c.defn.is_treasure}) >= 3:
        gain_loot(g, p, card.name)


WEALTHY_VILLAGE = _k("Wealthy Village", 5, ("Action",), cards=1, actions=2,
                     on_gain=_wealthy_village_gain, extra_piles=("Loot",))


# Cutthroat: each other player discards down to 3; the next time anyone gains
# a Treasure costing 5 or more, gain a Loot. FAQ: a Loot is such a Treasure,
# so a gained Loot fires other waiting Cutthroats (not this one again).
def _cutthroat(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.discard_down_to(q, 3, card.name)
    g.schedule_duration(p, card)


def _cutthroat_when(g: GameBase, owner: Player, card: Card, gainer: Player,
                    gained: Card) -> bool:
    return gained.defn.is_treasure and g.cost(gained).coins >= 5


def _cutthroat_then(g: GameBase, owner: Player, card: Card, gainer: Player,
                    gained: Card) -> None:
    gain_loot(g, owner, card.name)


CUTTHROAT = _k("Cutthroat", 5, ("Action", "Duration", "Attack"), on_play=_cutthroat,
               next_turn=NextTime("gain", _cutthroat_when, _cutthroat_then),
               extra_piles=("Loot",))


# Search: +2 coins; the next time a Supply pile empties, trash this and gain a
# Loot. FAQ: Throne Room on it stays out too; then Search is trashed once but
# two Loots are gained (the gain does not depend on the trashing).
def _search_when(g: GameBase, owner: Player, card: Card, emptier: Player, last: Card) -> bool:
    return True


def _search_then(g: GameBase, owner: Player, card: Card, emptier: Player, last: Card) -> None:
    if card in owner.in_play:
        g.trash_card(owner, card, owner.in_play, card.name)
    gain_loot(g, owner, card.name)


SEARCH = _k("Search", 2, ("Action", "Duration"), coins=2, on_play=_schedule,
            next_turn=NextTime("pile_empty", _search_when, _search_then),
            extra_piles=("Loot",))


# ---------------------------------------------------------------------- Events
def _event(name: str, cost: int, on_buy: Callable[[Game, Player], None],
           **kw: object) -> EventDef:
    return register_event(EventDef(name, cost, set_name=SET, on_buy=on_buy,
                                   **kw))  # type: ignore[arg-type]


def _looting(g: Game, p: Player) -> None:
    gain_loot(g, p, "Looting")


LOOTING = _event("Looting", 6, _looting, extra_piles=("Loot",))


# Peril: you may trash an Action card from your hand to gain a Loot (FAQ: no
# Action trashed, no Loot).
def _peril(g: Game, p: Player) -> None:
    picked = g.choose_from_hand(p, "Peril", "You may trash an Action card", min=0, max=1,
                                pred=lambda c: c.defn.is_action)
    if picked:
        g.trash_card(p, picked[0], p.hand, "Peril")
        gain_loot(g, p, "Peril")


PERIL = _event("Peril", 2, _peril, extra_piles=("Loot",))


# Foray: discard 3 cards, revealing them; if they have 3 different names, gain
# a Loot. FAQ: with fewer than 3 cards to discard, no Loot.
def _foray(g: Game, p: Player) -> None:
    picked = g.choose_from_hand(p, "Foray", "Discard 3 cards", min=3, max=3)
    if picked:
        g.reveal(p, picked, "Foray")
    g.discard_cards(p, picked, p.hand, "Foray")
    if len(picked) == 3 and len({c.name for c in picked}) == 3:
        gain_loot(g, p, "Foray")


FORAY = _event("Foray", 3, _foray, extra_piles=("Loot",))


# Scrounge: choose one: trash a card from your hand; or gain an Estate from the
# trash, and if you did, gain a card costing up to 5.
def _scrounge(g: Game, p: Player) -> None:
    choice = g.choose_option(p, "Scrounge", "Choose one", [
        ("trash", "trash a card from your hand"),
        ("estate", "gain an Estate from the trash, then a card costing up to 5")])
    if choice == "trash":
        for c in g.choose_from_hand(p, "Scrounge", "Trash a card"):
            g.trash_card(p, c, p.hand, "Scrounge")
        return
    estate = next((c for c in g.trash if c.name == "Estate"), None)
    if estate is None:
        return
    g.gain_card_object(p, estate, g.trash, source="Scrounge")
    name = g.choose_supply(p, "Scrounge", "Gain a card costing up to 5", max_cost=Cost(5))
    if name:
        g.gain(p, name, source="Scrounge")


SCROUNGE = _event("Scrounge", 3, _scrounge)


# Bury: +1 Buy; put any card from your discard pile on the bottom of your deck
# (FAQ: mandatory once bought).
def _bury(g: Game, p: Player) -> None:
    g.buys += 1
    picked = g.choose_cards(p, "Bury", "Put a card on the bottom of your deck", list(p.discard))
    if picked:
        g.to_deck_bottom(p, picked[0], p.discard, "Bury")


BURY = _event("Bury", 1, _bury)


# Maelstrom: trash 3 cards from your hand; each other player with 5 or more
# cards in hand trashes one of them (FAQ: not optional for them; not an Attack).
def _maelstrom(g: Game, p: Player) -> None:
    for c in g.choose_from_hand(p, "Maelstrom", "Trash 3 cards", min=3, max=3):
        g.trash_card(p, c, p.hand, "Maelstrom")
    n = len(g.players)
    for k in range(1, n):
        q = g.players[(p.index + k) % n]
        if len(q.hand) >= 5:
            for c in g.choose_from_hand(q, "Maelstrom", "Trash a card"):
                g.trash_card(q, c, q.hand, "Maelstrom")


MAELSTROM = _event("Maelstrom", 4, _maelstrom)  # printed $4 (the rulebook line says 3)


# Prosper: gain a Loot, plus any number of differently named Treasures.
# FAQ: the Loot first, then one Treasure at a time, each gain resolved, each
# optional.
def _prosper(g: Game, p: Player) -> None:
    gain_loot(g, p, "Prosper")
    taken: set[str] = set()
    while True:
        name = g.choose_supply(p, "Prosper", "Gain a differently named Treasure?",
                               pred=lambda d: d.is_treasure and d.name not in taken,
                               optional=True)
        if not name:
            return
        taken.add(name)
        g.gain(p, name, source="Prosper")


PROSPER = _event("Prosper", 10, _prosper, extra_piles=("Loot",))


def _gains_action(g: GameBase, owner: Player, card: Card | None, gainer: Player,
                  gained: Card) -> bool:
    return gainer is owner and gained.defn.is_action


# Mirror: +1 Buy; the next time you gain an Action card this turn, gain a copy
# of it (FAQ: cumulative: three Mirrors, three copies).
def _mirror_then(g: GameBase, owner: Player, card: Card | None, gainer: Player,
                 gained: Card) -> None:
    g.gain(owner, g.pile_name_of(gained), source="Mirror")


def _mirror(g: Game, p: Player) -> None:
    g.buys += 1
    g.watch_gains_this_turn(p, None, _gains_action, _mirror_then, "Mirror")


MIRROR = _event("Mirror", 3, _mirror)


# Rush: +1 Buy; the next time you gain an Action card this turn, play it.
# FAQ: Rush twice, then one Action gained: both fire, it is played once.
def _rush_then(g: GameBase, owner: Player, card: Card | None, gainer: Player,
               gained: Card) -> None:
    zone = _zone_of(owner, gained)
    if zone is not None:
        g.play_card(owner, gained, zone)


def _rush(g: Game, p: Player) -> None:
    g.buys += 1
    g.watch_gains_this_turn(p, None, _gains_action, _rush_then, "Rush")


RUSH = _event("Rush", 2, _rush)


# Deliver: +1 Buy; this turn, each time you gain a card, set it aside, and put
# it into your hand at end of turn (after drawing). FAQ: buying it again this
# turn adds nothing.
def _gains_any(g: GameBase, owner: Player, card: Card | None, gainer: Player,
               gained: Card) -> bool:
    return gainer is owner


def _deliver_then(g: GameBase, owner: Player, card: Card | None, gainer: Player,
                  gained: Card) -> None:
    g.watch_gains_this_turn(owner, None, _gains_any, _deliver_then, "Deliver")  # each time
    zone = _zone_of(owner, gained)
    if zone is None:
        return
    g.set_aside(owner, gained, zone, "Deliver")

    def back(game: GameBase) -> None:
        if gained in owner.set_aside:
            game.to_hand(owner, gained, owner.set_aside)

    g.at_end_of_turn(back)


def _deliver(g: Game, p: Player) -> None:
    g.buys += 1
    if g.events_bought.get("Deliver", 0) <= 1:
        g.watch_gains_this_turn(p, None, _gains_any, _deliver_then, "Deliver")


DELIVER = _event("Deliver", 2, _deliver)


# Invasion: you may play an Attack from your hand; gain a Duchy; gain an Action
# onto your deck; gain a Loot and play it. FAQ: in that order; only the Attack
# is optional.
def _invasion(g: Game, p: Player) -> None:
    picked = g.choose_from_hand(p, "Invasion", "You may play an Attack", min=0, max=1,
                                pred=lambda c: c.defn.is_attack)
    if picked:
        g.play_card(p, picked[0], p.hand)
    g.gain(p, "Duchy", source="Invasion")
    name = g.choose_supply(p, "Invasion", "Gain an Action onto your deck",
                           pred=lambda d: d.is_action)
    if name:
        g.gain(p, name, to="deck", source="Invasion")
    loot = gain_loot(g, p, "Invasion")
    if loot is not None:
        zone = _zone_of(p, loot)
        if zone is not None:
            g.play_card(p, loot, zone)


INVASION = _event("Invasion", 10, _invasion, extra_piles=("Loot",))


# ---------------------------------------------------------------------- Traits
# A Trait is put on one Kingdom pile at setup (engine.setup); "a Pious card" is
# any card from that pile, even after the pile has emptied (GameBase.trait_of).
def _trait(name: str, **kw: object) -> TraitDef:
    return register_trait(TraitDef(name, set_name=SET, **kw))  # type: ignore[arg-type]


def _from_pile(g: GameBase, card: Card, pile: str) -> bool:
    return g.pile_name_of(card) == pile


# Cheap: Cheap cards cost 1 coin less (all game; never below 0; not Potion or
# debt) - a cost modifier installed at setup.
CHEAP = _trait("Cheap", cost_coins=-1)


# Cursed: when you gain a Cursed card, gain a Loot and a Curse (FAQ: the Loot
# even with no Curses left).
def _cursed(g: GameBase, p: Player, card: Card, pile: str) -> None:
    if _from_pile(g, card, pile):
        gain_loot(g, p, "Cursed")
        g.gain(p, "Curse", source="Cursed")


CURSED = _trait("Cursed", on_gain=_cursed, extra_piles=("Loot",))


# Fawning: when you gain a Province, gain a Fawning card (FAQ: mandatory).
def _fawning(g: GameBase, p: Player, card: Card, pile: str) -> None:
    if card.name == "Province":
        g.gain(p, pile, source="Fawning")


FAWNING = _trait("Fawning", on_gain=_fawning)


# Nearby: when you gain a Nearby card, +1 Buy (each time; of use on your turn).
def _nearby(g: GameBase, p: Player, card: Card, pile: str) -> None:
    if _from_pile(g, card, pile) and g.current == p.index:
        g.buys += 1


NEARBY = _trait("Nearby", on_gain=_nearby)


# Pious: when you gain a Pious card, you may trash a card from your hand.
def _pious(g: GameBase, p: Player, card: Card, pile: str) -> None:
    if _from_pile(g, card, pile):
        for c in g.choose_from_hand(p, "Pious", "You may trash a card", min=0, max=1):
            g.trash_card(p, c, p.hand, "Pious")


PIOUS = _trait("Pious", on_gain=_pious)


# Rich: when you gain a Rich card, gain a Silver.
def _rich(g: GameBase, p: Player, card: Card, pile: str) -> None:
    if _from_pile(g, card, pile):
        g.gain(p, "Silver", source="Rich")


RICH = _trait("Rich", on_gain=_rich)


# ------------------------------------------------------- cards that watch plays
# --- Harbor Village: +1 Card, +2 Actions; after the next Action you play this
# turn, if it gave you +coins, +1 coin. FAQ: Throne Room on Harbor Village and
# then Militia: the first play's "next Action" is the second play (no coins),
# the second's is Militia (+1 coin).
def _next_action(g: GameBase, owner: Player, card: Card, player: Player, played: Card) -> bool:
    return player is owner and played.defn.is_action


def _harbor_village_then(g: GameBase, owner: Player, card: Card, player: Player, played: Card,
                         coins_before: int) -> None:
    # ``coins_before`` leaves out Boons' +coins, so only the Action's own count
    # (FAQ: not Forest's Gift received by playing it).
    if g.current == owner.index and g.coins - coins_from_boons(g) > coins_before:
        g.coins += 1


def _harbor_village(g: GameBase, p: Player, card: Card, play: Play) -> None:
    g.watch_plays(p, card, _next_action, _harbor_village_then)


HARBOR_VILLAGE = _k("Harbor Village", 4, ("Action",), cards=1, actions=2,
                    on_play=_harbor_village)


# --- Flagship (Command): +2 coins; the next time you play a non-Command Action
# card, replay it. FAQ: not optional; even if it trashed itself or on another
# turn; Commands do not trigger it; two Flagships replay it twice.
def _flagship_when(g: GameBase, owner: Player, card: Card, player: Player,
                   played: Card) -> bool:
    return player is owner and played.defn.is_action and "Command" not in played.defn.types


def _flagship_then(g: GameBase, owner: Player, card: Card, player: Player,
                   played: Card) -> None:
    g.play_card(owner, played, None, by=card, again=True)


FLAGSHIP = _k("Flagship", 4, ("Action", "Duration", "Command"), coins=2, on_play=_schedule,
              next_turn=NextTime("play", _flagship_when, _flagship_then))


# --- Landing Party: +2 Cards, +2 Actions; the next time the first card you play
# on a turn is a Treasure, put this onto your deck afterwards. FAQ: after the
# Treasure resolves (a Figurine draws first); any Treasure, Action - Treasures
# too.
def _landing_party_when(g: GameBase, owner: Player, card: Card, player: Player,
                        played: Card) -> bool:
    return (player is owner and g.current == owner.index and played.defn.is_treasure
            and g.played_this_turn[:1] == [played])


def _landing_party_then(g: GameBase, owner: Player, card: Card, player: Player,
                        played: Card) -> None:
    if card in owner.in_play:
        g.topdeck(owner, card, owner.in_play, card.name)


LANDING_PARTY = _k("Landing Party", 4, ("Action", "Duration"), cards=2, actions=2,
                   on_play=_schedule,
                   next_turn=NextTime("play", _landing_party_when, _landing_party_then))


# --- Frigate (Attack): +3 coins; until the start of your next turn, each time
# another player plays an Action card, they discard down to 4 cards in hand
# afterwards. FAQ: every such play, on any turn; after the Action resolves.
def _frigate(g: GameBase, p: Player, card: Card, play: Play) -> None:
    victims = {q.index for q in play.victims(g)}

    def when(g: GameBase, owner: Player, c: Card, player: Player, played: Card) -> bool:
        return player.index in victims and played.defn.is_action

    def then(g: GameBase, owner: Player, c: Card, player: Player, played: Card,
             coins_before: int) -> None:
        g.discard_down_to(player, 4, c.name)

    g.watch_plays(p, card, when, then, once=False)
    g.schedule_duration(p, card)


def _frigate_next(g: GameBase, p: Player, card: Card) -> None:
    g.unwatch_plays(card)


FRIGATE = _k("Frigate", 5, ("Action", "Duration", "Attack"), coins=3, on_play=_frigate,
             next_turn=_frigate_next)


# --- Shaman: +1 Action, +1 coin; you may trash a card from your hand. In games
# using this, at the start of your turn, gain a card from the trash costing up
# to 6. FAQ: every turn of every player (extra turns, the first turn too),
# whether or not anyone has a Shaman; mandatory; nothing if there is no such
# card; it is a gain (to the discard pile) and triggers what gains trigger.
def _shaman(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "You may trash a card", min=0, max=1):
        g.trash_card(p, c, p.hand, card.name)


def _shaman_turn(g: GameBase, p: Player) -> None:
    eligible = [c for c in g.trash if g.cost(c).at_most(Cost(6))]
    picked = g.choose_cards(p, "Shaman", "Gain a card from the trash costing up to 6", eligible)
    if picked:
        g.gain_card_object(p, picked[0], g.trash, source="Shaman")


SHAMAN = _k("Shaman", 2, ("Action",), actions=1, coins=1, on_play=_shaman, each_turn=_shaman_turn)


# ---------------------------------------------------- cards set aside "on this"
# --- Grotto: +1 Action; set aside up to 4 cards from your hand face down (on
# this); at the start of your next turn, discard them, then draw as many.
def _grotto(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "Set aside up to 4 cards", min=0, max=4):
        g.put_on(p, card, c, p.hand, card.name)
    g.schedule_duration(p, card)


def _grotto_next(g: GameBase, p: Player, card: Card) -> None:
    kept = g.set_aside_on(p, card)
    for c in kept:
        g.discard_card(p, c, p.mats[card.name], card.name)
    if kept:
        g.draw(p, len(kept))


GROTTO = _k("Grotto", 2, ("Action", "Duration"), actions=1, on_play=_grotto,
            next_turn=_grotto_next)


# --- Cage: set aside up to 4 cards from your hand face down (on this); the
# next time you gain a Victory card, trash this, and put the set-aside cards
# into your hand at end of turn (FAQ: after the next hand is drawn).
def _cage(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for c in g.choose_from_hand(p, card.name, "Set aside up to 4 cards", min=0, max=4):
        g.put_on(p, card, c, p.hand, card.name)
    g.schedule_duration(p, card)


def _cage_when(g: GameBase, owner: Player, card: Card, gainer: Player, gained: Card) -> bool:
    return gainer is owner and gained.defn.is_victory


def _cage_then(g: GameBase, owner: Player, card: Card, gainer: Player, gained: Card) -> None:
    if card in owner.in_play:
        g.trash_card(owner, card, owner.in_play, card.name)
    kept = g.set_aside_on(owner, card)

    def back(game: GameBase) -> None:
        mat = owner.mats.get(card.name, [])
        for c in kept:
            if c in mat:
                game.to_hand(owner, c, mat)

    g.at_end_of_turn(back)


CAGE = _k("Cage", 2, ("Treasure", "Duration"), on_play=_cage,
          next_turn=NextTime("gain", _cage_when, _cage_then))


# --- Quartermaster: at the start of each of your turns for the rest of the
# game, choose one: gain a card costing up to 4, setting it aside on this; or
# put a card from this into your hand. FAQ: it stays in play all game; each
# Quartermaster has its own cards; Throne Room on one gives one set, used twice
# a turn (both effects share the card, so they share its set).
def _quartermaster_next(g: GameBase, p: Player, card: Card) -> None:
    if card not in p.in_play:
        return
    g.schedule_duration(p, card)  # again next turn, for the rest of the game
    kept = g.set_aside_on(p, card)
    options = [("gain", "gain a card costing up to 4, setting it aside on this")]
    if kept:
        options.append(("take", "put a card from this into your hand"))
    choice = g.choose_option(p, card.name, "Choose one", options) if kept else "gain"
    if choice == "take":
        [picked] = g.choose_cards(p, card.name, "Put a card into your hand", kept)
        g.to_hand(p, picked, p.mats[card.name])
        return
    name = g.choose_supply(p, card.name, "Gain a card costing up to 4", max_cost=Cost(4))
    if name:
        gained = g.gain(p, name, source=card.name)
        zone = _zone_of(p, gained) if gained is not None else None
        if gained is not None and zone is not None:
            g.put_on(p, card, gained, zone, card.name)


QUARTERMASTER = _k("Quartermaster", 5, ("Action", "Duration"), on_play=_schedule,
                   next_turn=_quartermaster_next)


# ------------------------------------------- played from hand when anyone gains
# --- Mapmaker: look at the top 4 cards of your deck, put 2 into your hand and
# discard the rest. When any player gains a Victory card, you may play this
# from your hand. FAQ: fewer than 4 (after shuffling): look at what there is;
# bought or otherwise gained, by anyone; another Mapmaker may follow, even one
# just drawn.
def _mapmaker(g: GameBase, p: Player, card: Card, play: Play) -> None:
    looked = g.reveal_from_deck(p, 4, card.name, look=True)
    for c in g.choose_cards(p, card.name, "Put 2 into your hand", looked, min=2, max=2):
        g.to_hand(p, c, p.set_aside)
    for c in [c for c in looked if c in p.set_aside]:
        g.discard_card(p, c, p.set_aside, card.name)


def _mapmaker_may(g: GameBase, holder: Player, card: Card, gainer: Player, gained: Card) -> bool:
    return gained.defn.is_victory


MAPMAKER = _k("Mapmaker", 4, ("Action", "Reaction"), on_play=_mapmaker,
              react_any_gain=_mapmaker_may)


# --- Stowaway: at the start of your next turn, +2 Cards. When anyone gains a
# Duration card, you may play this from your hand (FAQ: you or another player).
def _stowaway_next(g: GameBase, p: Player, card: Card) -> None:
    g.draw(p, 2)


def _stowaway_may(g: GameBase, holder: Player, card: Card, gainer: Player, gained: Card) -> bool:
    return gained.defn.is_duration


STOWAWAY = _k("Stowaway", 3, ("Action", "Duration", "Reaction"), on_play=_schedule,
              next_turn=_stowaway_next, react_any_gain=_stowaway_may)


# --- Trickster (Attack): each other player gains a Curse. Once this turn,
# when you discard a Treasure from play, you may set it aside; put it in your
# hand at end of turn. FAQ: cumulative (two Tricksters, two Treasures); they
# join the hand after the new hand is drawn.
def _trickster(g: GameBase, p: Player, card: Card, play: Play) -> None:
    for q in play.victims(g):
        g.gain(q, "Curse", source=card.name)

    def at_cleanup(game: GameBase) -> None:
        if game.existing_state(JourneyTaken) is not None:
            return  # nothing is discarded from play this turn (Journey)
        kept_ids = {id(c) for e in p.durations for c in (e.card, *e.keepers)}
        treasures = [c for c in p.in_play if c.defn.is_treasure and id(c) not in kept_ids]
        for c in game.choose_cards(p, card.name, "Set aside a Treasure you discard from play?",
                                   treasures, min=0, max=1):
            game.set_aside(p, c, p.in_play, card.name)

            def back(g2: GameBase, c: Card = c) -> None:
                if c in p.set_aside:
                    g2.to_hand(p, c, p.set_aside)

            game.at_end_of_turn(back)

    g.cleanup_hooks.append(at_cleanup)


TRICKSTER = _k("Trickster", 5, ("Action", "Attack"), on_play=_trickster)


# Prepare: set aside your hand face up; at the start of your next turn, play
# those Actions and Treasures in any order, then discard the rest (FAQ: playing
# them is mandatory).
def _prepare(g: Game, p: Player) -> None:
    cards = list(p.hand)
    for c in cards:
        g.set_aside(p, c, p.hand, "Prepare")

    def next_turn(game: GameBase, q: Player) -> None:
        waiting = [c for c in cards if c in q.set_aside]
        while True:
            playable = [c for c in waiting if c in q.set_aside
                        and (c.defn.is_action or c.defn.is_treasure)]
            if not playable:
                break
            [c] = game.choose_cards(q, "Prepare", "Play one of the set-aside cards", playable)
            game.play_card(q, c, q.set_aside)
        for c in [c for c in waiting if c in q.set_aside]:
            game.discard_card(q, c, q.set_aside, "Prepare")

    g.next_turn_effects.append((p.index, next_turn))


PREPARE = _event("Prepare", 3, _prepare)


# Avoid: +1 Buy; the next time you shuffle this turn, pick up to 3 of those
# cards to put into your discard pile. FAQ: no shuffle, nothing; cumulative
# (3 Avoids, up to 9 cards); a short deck afterwards is fine.
def _avoid(g: Game, p: Player) -> None:
    g.buys += 1
    mine = [h for h in g.shuffle_hooks if h[0] is p]
    if mine:  # cumulative: one pick of up to 3 more cards
        g.shuffle_hooks.remove(mine[0])
        n = getattr(mine[0][1], "count", 3) + 3
    else:
        n = 3

    def pick(game: GameBase, q: Player, cards: list[Card]) -> list[Card]:
        return game.choose_cards(q, "Avoid", f"Keep up to {n} cards out of the shuffle",
                                 cards, min=0, max=n)

    pick.count = n  # type: ignore[attr-defined]
    g.shuffle_hooks.append((p, pick))


AVOID = _event("Avoid", 2, _avoid)


# Journey: once per turn: if the previous turn wasn't yours, you don't discard
# cards from play in Clean-up this turn, and take an extra turn after this one.
# FAQ: the hand is still discarded; the extra turn is normal but for the
# tiebreaker; cards left in play do nothing again, "while in play" abilities go on.
@dataclass(slots=True)
class JourneyTaken(SetState):
    """Journey was bought this turn and worked (its existence is the fact): Clean-up
    discards nothing from play, and an extra turn follows unless this is one."""

    per_turn: ClassVar[bool] = True

    def keeps_play(self, game: GameBase) -> bool:
        return True

    def extra_turn_due(self, game: GameBase) -> bool:
        return not game.is_extra_turn


def _journey(g: Game, p: Player) -> None:
    if g.last_turn_player == p.index:
        return
    g.state(JourneyTaken)


JOURNEY = _event("Journey", 4, _journey, once_per_turn=True)  # printed $4 (rulebook: 3)


def _leaving_play(g: GameBase, p: Player) -> list[Card]:
    """The cards Clean-up is about to discard from play (not Durations still waiting)."""
    if g.existing_state(JourneyTaken) is not None:
        return []
    kept = {id(c) for e in p.durations for c in (e.card, *e.keepers)}
    return [c for c in p.in_play if id(c) not in kept]


# Reckless: follow the instructions of played Reckless cards twice (engine:
# GameBase._resolve_play); when discarding one from play, return it to its pile.
# FAQ: two things at different times; a Duration's next-turn part happens twice.
def _reckless_cleanup(g: GameBase, p: Player, pile: str) -> None:
    for c in _leaving_play(g, p):
        if g.pile_name_of(c) == pile:
            g.return_to_pile(p, c, p.in_play, "Reckless")


RECKLESS = _trait("Reckless", plays_twice=True, on_cleanup=_reckless_cleanup)


# Hasty: when you gain a Hasty card, set it aside, and play it at the start of
# your next turn.
def _hasty(g: GameBase, p: Player, card: Card, pile: str) -> None:
    if not _from_pile(g, card, pile):
        return
    zone = _zone_of(p, card)
    if zone is None:
        return
    g.set_aside(p, card, zone, "Hasty")

    def play_it(game: GameBase, q: Player) -> None:
        if card in q.set_aside:
            game.play_card(q, card, q.set_aside)

    g.next_turn_effects.append((p.index, play_it))


HASTY = _trait("Hasty", on_gain=_hasty)


# Shy: at the start of your turn, you may discard one Shy card for +2 Cards.
def _shy(g: GameBase, p: Player, pile: str) -> None:
    picked = g.choose_from_hand(p, "Shy", "You may discard a Shy card for +2 Cards", min=0,
                                max=1, pred=lambda c: g.pile_name_of(c) == pile)
    if picked:
        g.discard_card(p, picked[0], p.hand, "Shy")
        g.draw(p, 2)


SHY = _trait("Shy", on_turn_start=_shy)


# Friendly: at the start of your Clean-up phase, you may discard a Friendly
# card to gain a Friendly card (FAQ: one per turn).
def _friendly(g: GameBase, p: Player, pile: str) -> None:
    picked = g.choose_from_hand(p, "Friendly", "You may discard a Friendly card to gain one",
                                min=0, max=1, pred=lambda c: g.pile_name_of(c) == pile)
    if picked:
        g.discard_card(p, picked[0], p.hand, "Friendly")
        g.gain(p, pile, source="Friendly")


FRIENDLY = _trait("Friendly", on_cleanup=_friendly)


# Patient: at the start of your Clean-up phase, you may set aside Patient cards
# from your hand to play them at the start of your next turn (FAQ: several at
# once; all are played then).
def _patient(g: GameBase, p: Player, pile: str) -> None:
    picked = g.choose_from_hand(p, "Patient", "Set aside Patient cards to play next turn",
                                min=0, max=len(p.hand), pred=lambda c: g.pile_name_of(c) == pile)
    for c in picked:
        g.set_aside(p, c, p.hand, "Patient")

    def play_them(game: GameBase, q: Player) -> None:
        for c in picked:
            if c in q.set_aside:
                game.play_card(q, c, q.set_aside)

    if picked:
        g.next_turn_effects.append((p.index, play_them))


PATIENT = _trait("Patient", on_cleanup=_patient)


# Tireless: when you discard a Tireless card from play, set it aside, and put
# it onto your deck at end of turn (FAQ: mandatory; after the next hand is drawn).
def _tireless(g: GameBase, p: Player, pile: str) -> None:
    for c in _leaving_play(g, p):
        if g.pile_name_of(c) == pile:
            g.set_aside(p, c, p.in_play, "Tireless")

            def onto_deck(game: GameBase, c: Card = c) -> None:
                if c in p.set_aside:
                    game.topdeck(p, c, p.set_aside, "Tireless")

            g.at_end_of_turn(onto_deck)


TIRELESS = _trait("Tireless", on_cleanup=_tireless)


# Inspiring: after playing an Inspiring card on your turn, you may play an
# Action from your hand that you don't have a copy of in play (FAQ: after it
# resolves; Durations from earlier turns count as in play).
def _inspiring(g: GameBase, p: Player, card: Card, pile: str) -> None:
    if g.current != p.index:
        return
    in_play = {c.name for c in p.in_play}
    picked = g.choose_from_hand(p, "Inspiring", "You may play an Action not in play", min=0,
                                max=1, pred=lambda c: c.defn.is_action and c.name not in in_play)
    if picked:
        g.play_card(p, picked[0], p.hand)


INSPIRING = _trait("Inspiring", after_play=_inspiring)


# Fated: when shuffling, you may look through the cards and reveal Fated cards
# to put them on the top or bottom (FAQ: each shuffle; each Fated card top,
# bottom, or shuffled in).
def _fated(g: GameBase, p: Player, cards: list[Card], pile: str) -> tuple[list[Card],
                                                                           list[Card]]:
    fated = [c for c in cards if g.pile_name_of(c) == pile]
    top: list[Card] = []
    bottom: list[Card] = []
    for c in fated:
        where = g.choose_option(p, "Fated", f"Where does this {c.name} go?",
                                [("shuffle", "shuffle it in"), ("top", "reveal: on top"),
                                 ("bottom", "reveal: on the bottom")])
        if where == "top":
            top.append(c)
        elif where == "bottom":
            bottom.append(c)
    if top or bottom:
        g.reveal(p, top + bottom, "Fated")
    return top, bottom


FATED = _trait("Fated", on_shuffle=_fated)


# Inherited: setup: you start the game with an Inherited card in place of a
# starting card you choose. FAQ: in turn order; a replaced Copper goes back to
# its pile, an Estate, Shelter or Heirloom to the box (out of the game); the
# Inherited card is taken, not gained (no when-gain abilities).
def _inherited(g: GameBase, pile: str) -> None:
    for p in g.players:
        names = sorted({c.name for c in p.discard})
        if not names or not g.piles[pile].cards:
            continue
        name = g.choose_option(p, "Inherited", f"Replace which starting card with {pile}?",
                               [(n, n) for n in names])
        old = next(c for c in p.discard if c.name == name)
        p.discard.remove(old)
        if old.name == "Copper" and "Copper" in g.piles:
            g.note_pile_change(g.piles["Copper"])
            g.piles["Copper"].cards.append(old)
        else:
            g.card_count -= 1  # back to the box
        g.note_pile_change(g.piles[pile])
        p.discard.append(g.piles[pile].cards.pop())


INHERITED = _trait("Inherited", at_setup=_inherited)
