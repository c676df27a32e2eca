"""The game's state, the primitives every card uses, and decisions.

Everything that moves a card goes through a primitive here (draw, reveal,
gain, trash, discard, topdeck, set aside, play, return to pile, exchange,
shuffle); primitives fire the triggers (``on_gain``, ``on_trash``, reactions)
and, only when a listener is attached, emit :class:`~engine.log.LogEvent`s.
Turn structure and the player-facing moves live in :mod:`engine.turn`, whose
:class:`~engine.turn.Game` extends :class:`GameBase` (import it from
:mod:`engine` or :mod:`engine.game`).

Players are :class:`~engine.state.Player` objects inside the engine; the
public moves take 0-based player indices.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from engine import registry
from engine.cards.core import Card, CardDef, EventDef
from engine.cost import Cost
from engine.decisions import Decision, DecisionKind, DecisionProvider, Option
from engine.errors import IllegalMove, SetupError, StepLimitExceeded
from engine.log import EventLog, LogEvent
from engine.set_state import S, SetState, changes_coins
from engine.state import DurationEffect, LandscapeDeck, Pile, Player
from engine.triggers import Pending
from engine.triggers import resolve as resolve_triggers
from engine.vocabulary import LogKind

DEFAULT_STEP_LIMIT = 20_000

Shuffler = Callable[["GameBase", Player, list[Card]], None]


class Play:
    """The context of one play of a card, handed to its ``on_play`` hook."""

    __slots__ = ("card", "player", "by", "again", "immune")

    def __init__(self, card: Card, player: Player, by: Card | None, again: bool,
                 immune: frozenset[int]) -> None:
        self.card = card
        self.player = player
        self.by = by  # the Throne Room / King's Court playing it, if any
        self.again = again  # True for the second and later plays by the same card
        self.immune = immune  # players who blocked this Attack (Moat)

    def victims(self, game: GameBase) -> list[Player]:
        """Other players in turn order from the left, minus those immune to this Attack."""
        n = len(game.players)
        i = self.player.index
        return [
            game.players[(i + k) % n]
            for k in range(1, n)
            if (i + k) % n not in self.immune
        ]


#: Where a possessed player's trashed cards wait for the end of the Possession turn.
POSSESSION_MAT = "Possession"


@dataclass(slots=True)
class BoonCoins(SetState):
    """The +coins received from Boons this game (:meth:`GameBase.receive_boon`, which is
    where Boons are implemented, counts them). A card that looks at the +coins of a
    play leaves them out: Harbor Village counts an Action's own +coins, not a Boon's it
    made you receive (Forest's Gift after Druid); see :func:`coins_from_boons`."""

    coins: int = 0


def coins_from_boons(game: GameBase) -> int:
    """The +coins received from Boons so far this game (0 in a game without Boons)."""
    boons = game.existing_state(BoonCoins)
    return boons.coins if boons is not None else 0


# (game, owner, the card or None for an Event, gaining player, gained card)
GainTest = Callable[["GameBase", Player, Any, Player, Card], bool]
GainEffect = Callable[["GameBase", Player, Any, Player, Card], None]


class NextTime:
    """The waiting part of a "the next time ..." Duration (Plunder's Secluded Shrine,
    Abundance, Cage...): instead of acting at the start of its owner's next turn, it
    waits for an event (``"gain"``: any player gains a card; ``"pile_empty"``: a
    gain empties a Supply pile; ``"play"``: a card is played, ``then`` running
    after that play) for which ``when`` is true, then runs ``then`` once.

    It is a card's ``next_turn`` hook, so it is scheduled and set up like any
    Duration (:meth:`GameBase.schedule_duration`, ``durations:`` in a scenario) and
    keeps the card in play, turn after turn, until it fires; the start of a turn
    skips it. ``when``/``then`` get (game, owner, card, gainer, gained card).
    """

    __slots__ = ("event", "when", "then")

    def __init__(self, event: str, when: GainTest, then: GainEffect) -> None:
        self.event = event
        self.when = when
        self.then = then

    def __call__(self, g: GameBase, p: Player, card: Card) -> None:
        """Nothing happens at the start of a turn: the effect is still waiting."""


class TurnWatcher:
    """A "this turn, when you gain ..." ability of a played card (Mining Road,
    Taskmaster) or a bought Event (Rush, Mirror; ``card`` is None): like
    :class:`NextTime` but it lapses at the end of the turn and keeps nothing in
    play. Added with :meth:`GameBase.watch_gains_this_turn`.
    """

    __slots__ = ("owner", "card", "when", "then", "name")

    def __init__(self, owner: Player, card: Card | None, when: GainTest,
                 then: GainEffect, name: str | None = None) -> None:
        self.owner = owner
        self.card = card
        self.when = when
        self.then = then
        #: What the owner is asked about when effects must be ordered (the card or Event).
        self.name = name or (card.name if card is not None else "an Event")


# (game, owner, watching card, playing player, played card[, coins before the play])
PlayTest = Callable[["GameBase", Player, Card, Player, Card], bool]
PlayEffect = Callable[["GameBase", Player, Card, Player, Card, int], None]


class PlayWatcher:
    """Something that happens after a card is played (Harbor Village: "after the
    next Action you play"; Frigate: each time another player plays an Action).
    ``once`` watchers lapse at the end of the turn; the others last until removed.
    ``then`` also gets the coins the player had when the play started."""

    __slots__ = ("owner", "card", "when", "then", "once")

    def __init__(self, owner: Player, card: Card, when: PlayTest, then: PlayEffect,
                 once: bool) -> None:
        self.owner = owner
        self.card = card
        self.when = when
        self.then = then
        self.once = once


class GameBase:
    """State and primitives of one game; :class:`engine.turn.Game` adds the moves.

    Build games with :func:`engine.setup.new_game` or
    :func:`engine.setup.game_from_state`."""

    def __init__(
        self,
        players: list[Player],
        piles: dict[str, Pile],
        *,
        events: dict[str, EventDef] | None = None,
        rng: random.Random | None = None,
        providers: Sequence[DecisionProvider] | None = None,
        step_limit: int = DEFAULT_STEP_LIMIT,
    ) -> None:
        if not 1 <= len(players) <= 6:
            raise SetupError(f"a game has 1 to 6 players, not {len(players)}")
        self.players = players
        self.piles = piles
        # The state of mechanisms only some games use, by kind, owned by their cards'
        # modules (engine.set_state): empty in a game without them.
        self._set_states: dict[type[SetState], SetState] = {}
        # Those of them that change what a card's +coins make (SetState.coins_made).
        self._coin_states: tuple[SetState, ...] = ()
        self.events: dict[str, EventDef] = dict(events or {})
        self.play_watchers: list[PlayWatcher] = []
        # Effects waiting for a player's next turn that belong to no card (Prepare),
        # run at its start with the Durations: (player index, effect).
        self.next_turn_effects: list[tuple[int, Callable[[GameBase, Player], None]]] = []
        self.last_turn_player: int | None = None  # whose turn the previous turn was
        # Cards set aside "on" a card (Grotto, Cage, Quartermaster), by that card's uid.
        # The cards themselves lie on their player's mat named after the card; a card
        # listed here counts only while it is still on that mat (see set_aside_on).
        self._set_aside_on: dict[int, list[Card]] = {}
        # "In games using this" start-of-turn abilities of the Kingdom (Shaman).
        self.turn_starts: list[Callable[[GameBase, Player], None]] = []
        self.trash: list[Card] = []
        self.rng = rng or random.Random(0)
        self.providers: list[DecisionProvider] = list(providers or [])
        self.step_limit = step_limit
        self.steps = 0
        self.shuffler: Shuffler | None = None
        self._shuffle_script: dict[int, list[list[str]]] = {}
        # Landscapes and setup extras (room for later sets).
        self.boons = LandscapeDeck("Boons")
        self.hexes = LandscapeDeck("Hexes")
        self.loot = LandscapeDeck("Loot")
        self.states: dict[str, int | None] = {}  # State name -> holder index (None: unclaimed)
        self.traits: dict[str, str] = {}  # Trait name -> pile name
        self.black_market: list[Card] = []  # the Black Market deck, top first
        self.bane: str | None = None
        self.cost_modifiers: list[Callable[[GameBase, CardDef, Cost], Cost]] = []
        # Turn state (the turn module owns these).
        self.current = 0
        self.phase = "action"
        self.turn_number = 1
        self.is_extra_turn = False
        self.events_bought: dict[str, int] = {}
        self.reset_turn_counters()
        # Extra turns to come, in order: (player, possessor or None). Outpost's and
        # Journey's go in front (appendleft), Possession's at the back, so Possession
        # turns come after them (Possession FAQ).
        self.extra_turns: deque[tuple[int, int | None]] = deque()
        # Player index -> the cards that player gained in their most recent turn
        # (Smugglers); replaced, never mutated, at each turn change.
        self.gained_last_turn: dict[int, list[Card]] = {}
        # Possession: the possessor of this turn (None: nobody). The possessed player's
        # trashed cards wait on their POSSESSION_MAT until the end of the turn.
        self.possessed_by: int | None = None
        # How many turns in a row the current player has taken (Outpost's limit).
        self.consecutive_turns = 1
        self._last_normal = 0
        self.over = False
        # Moves are all-or-nothing unless a simulation turns this off for speed.
        self.atomic = True
        self._in_move = False
        self._rng_saved: object | None = None
        # The piles a move changed, as they were before it (None outside a move): piles
        # change rarely, so a move notes one when it first changes it (note_pile_change)
        # rather than the checkpoint copying all of them (engine.transaction).
        self._saved_piles: dict[Pile, tuple[list[Card], dict[str, Any]]] | None = None
        # Listeners and the cached flags that keep the hot path lean.
        self._listeners: list[Any] = []
        self._logging = False
        self._depth = 0
        self._uid = 0
        self._gain_reactions = False
        self._any_gain_reactions = False
        self._attack_reactions = False
        self._buy_reactions = False
        self._in_play_gain = False
        self._shuffle_hooks = False
        self._would_gain_reactions = False  # a Trader exists: gains may be replaced
        self._trash_reactions = False
        self._pile_of: dict[str, str] = {}  # card name -> pile name, where they differ
        # Cards in play that are another card for now (Band of Misfits): uid -> (card, own defn).
        self._masks: dict[int, tuple[Card, CardDef]] = {}
        self._gain_watchers: list[CardDef] = []  # piles' cards with on_any_gain (Changeling)
        self._gain_rules: list[CardDef] = []  # piles' cards with a gain_rule (Duchess)
        self._gain_zones: list[list[Card]] = []  # where each gain in progress went
        self.card_count = 0
        self._refresh_flags()

    def reset_turn_counters(self) -> None:
        """What every turn starts with: 1 Action, 1 Buy, nothing else."""
        self.steps = 0
        self.actions = 1
        self.buys = 1
        self.coins = 0
        self.potions = 0
        self.cost_reduction = 0
        self.bought_in_phase = False
        if self.events_bought:
            self.events_bought = {}
        self.bought_this_turn: list[str] = []
        self.gained_this_turn: list[tuple[int, Card]] = []
        self.played_this_turn: list[Card] = []
        self.cannot_buy: list[str] = []  # cards named by Contraband this turn
        self.turn_watchers: list[TurnWatcher] = []
        self.end_of_turn: list[Callable[[GameBase], None]] = []
        # "The next time you shuffle this turn" (Avoid): (player, pick the cards kept out).
        self.shuffle_hooks: list[tuple[Player, Callable[[GameBase, Player, list[Card]],
                                                        list[Card]]]] = []
        # At the start of Clean-up, before cards in play are discarded (Trickster).
        self.cleanup_hooks: list[Callable[[GameBase], None]] = []
        # Cards that go onto their owner's deck if discarded from play this turn (Scheme).
        self.onto_deck_from_play: list[Card] = []
        if getattr(self, "play_watchers", None):  # "this turn" ones lapse; Frigate's stay
            self.play_watchers = [w for w in self.play_watchers if not w.once]
        if self._set_states:  # states that last a turn lapse
            self._set_states = {k: s for k, s in self._set_states.items() if not s.per_turn}
            self._states_changed()

    # ------------------------------------------------------------ set state
    def state(self, kind: type[S]) -> S:
        """This game's ``kind`` state (:mod:`engine.set_state`), created on first use.
        Look it up each time you need it: a rollback replaces it."""
        found = self._set_states.get(kind)
        if found is None:
            found = self._set_states[kind] = kind()
            if changes_coins(found):
                self._coin_states += (found,)
        return found  # type: ignore[return-value]

    def existing_state(self, kind: type[S]) -> S | None:
        """This game's ``kind`` state if it has one, else None (nothing is created)."""
        return self._set_states.get(kind)  # type: ignore[return-value]

    def _states_changed(self) -> None:
        """Recompute what is derived from the set states (after a rollback, a new turn)."""
        self._coin_states = tuple(s for s in self._set_states.values() if changes_coins(s))

    # ----------------------------------------------------------------- cards
    def new_card(self, defn: CardDef) -> Card:
        """Create a physical card; only setup code should need this."""
        self._uid += 1
        self.card_count += 1
        self._note_defn(defn)
        return Card(self._uid, defn)

    def new_cards(self, defns: Sequence[CardDef]) -> list[Card]:
        """Create physical cards in order, as :meth:`new_card` one by one would (the same
        uids); setup builds whole piles with it, noting each definition once."""
        for defn in dict.fromkeys(defns):
            self._note_defn(defn)
        first = self._uid + 1
        self._uid += len(defns)
        self.card_count += len(defns)
        return [Card(uid, defn) for uid, defn in enumerate(defns, first)]

    def _note_defn(self, defn: CardDef) -> None:
        """Keep the "does this family exist in the game" flags true to the cards."""
        if defn.react_gain:
            self._gain_reactions = True
        if defn.react_any_gain:
            self._any_gain_reactions = True
        if defn.react_attack:
            self._attack_reactions = True
        if defn.react_buy:
            self._buy_reactions = True
        if defn.while_in_play_gain:
            self._in_play_gain = True
        if defn.on_shuffle:
            self._shuffle_hooks = True
        if defn.react_would_gain:
            self._would_gain_reactions = True
        if defn.cost_modifier and defn.cost_modifier not in self.cost_modifiers:
            self.cost_modifiers.append(defn.cost_modifier)
        if defn.react_trash:
            self._trash_reactions = True

    def _refresh_flags(self) -> None:
        """Note which trigger families exist in this game, so absent ones cost nothing."""
        defs = {c.defn for pile in self.piles.values() for c in pile.cards}
        kingdom = defs | {d for d in map(registry.all_cards().get, self.piles) if d is not None}
        self.turn_starts = sorted({d.each_turn for d in kingdom if d.each_turn is not None},
                                  key=lambda f: f.__qualname__)
        for p in self.players:
            defs.update(c.defn for c in p.all_cards())
        defs.update(c.defn for c in self.trash)
        defs.update(c.defn for c in self.black_market)  # bought from there (Black Market)
        self._gain_reactions = any(d.react_gain for d in defs)
        self._any_gain_reactions = any(d.react_any_gain for d in defs)
        self._attack_reactions = any(d.react_attack for d in defs)
        self._buy_reactions = any(d.react_buy for d in defs)
        self._in_play_gain = any(d.while_in_play_gain for d in defs)
        self._shuffle_hooks = any(d.on_shuffle for d in defs)
        self._would_gain_reactions = any(d.react_would_gain for d in defs)
        for d in sorted(defs, key=lambda d: d.name):
            if d.cost_modifier and d.cost_modifier not in self.cost_modifiers:
                self.cost_modifiers.append(d.cost_modifier)
        self._trash_reactions = any(d.react_trash for d in defs)
        watchers = [pile.cards[0].defn for pile in self.piles.values() if pile.cards]
        self._gain_watchers = [d for d in dict.fromkeys(watchers) if d.on_any_gain is not None]
        self._gain_rules = [d for d in dict.fromkeys(watchers) if d.gain_rule is not None]
        self._pile_of = {c.name: name for name, pile in self.piles.items()
                         for c in pile.cards if c.name != name}

    def player(self, index: int) -> Player:
        """The player with 0-based ``index`` (an IllegalMove if there is none)."""
        if not isinstance(index, int) or not 0 <= index < len(self.players):
            raise IllegalMove(f"no player {index!r} (players are 0..{len(self.players) - 1})")
        return self.players[index]

    @property
    def current_player(self) -> Player:
        """The player whose turn it is."""
        return self.players[self.current]

    # ------------------------------------------------------------------ costs
    def cost(self, card: Card | CardDef | EventDef) -> Cost:
        """The current cost of a card, after every active modifier (never below 0).

        The one place costs are computed: Bridge-style reductions apply to
        cards (not Events), then each registered modifier in order.
        """
        d = card.defn if isinstance(card, Card) else card
        c = d.cost
        if isinstance(d, EventDef):
            return c
        if self.cost_reduction and c.coins:
            c = Cost(max(0, c.coins - self.cost_reduction), c.potion, c.debt)
        for modifier in self.cost_modifiers:
            c = modifier(self, d, c)
            if c.coins < 0:
                c = Cost(0, c.potion, c.debt)
        return c

    # -------------------------------------------------------------- logging
    def add_listener(self, listener: Any) -> None:
        """Attach a listener with ``record(event)``, ``open(event)`` and ``close()``."""
        self._listeners.append(listener)
        self._logging = True

    def attach_log(self) -> EventLog:
        """Attach and return a new :class:`~engine.log.EventLog`."""
        log = EventLog()
        self.add_listener(log)
        return log

    def _event(self, kind: LogKind, player: Player | None, cards: Iterable[Card] = (), /,
               source: str | None = None, scope: bool = False, **data: Any) -> None:
        cards = tuple(cards)
        ev = LogEvent(
            kind,
            player.index if player is not None else None,
            tuple(c.name for c in cards),
            tuple(c.uid for c in cards),
            source,
            self._depth,
            data,
            self.turn_number,
        )
        for listener in self._listeners:
            (listener.open if scope else listener.record)(ev)
        if scope:
            self._depth += 1

    def _close(self) -> None:
        self._depth -= 1
        for listener in self._listeners:
            listener.close()

    def log(self, kind: LogKind, player: Player | None, cards: Iterable[Card] = (),
            source: str | None = None, **data: Any) -> None:
        """Record an event if anyone listens (cards use this for reveals and notes)."""
        if self._logging:
            self._event(kind, player, cards, source, **data)

    # ----------------------------------------------------------------- steps
    def _step(self) -> None:
        self.steps += 1
        if self.steps > self.step_limit:
            raise StepLimitExceeded(
                f"turn {self.turn_number} of player {self.current + 1} exceeded "
                f"{self.step_limit} engine steps (runaway loop?)"
            )

    # ------------------------------------------------------------ shuffling
    def dictate_shuffle(self, player: int, top_first: Sequence[str]) -> None:
        """Make ``player``'s next shuffle put these card names on top, in this order.

        Cards of the shuffled discard not named go below them in RNG order.
        Several calls queue up for successive shuffles.
        """
        self.player(player)
        self._shuffle_script.setdefault(player, []).append(list(top_first))

    def shuffle(self, p: Player) -> None:
        """Shuffle ``p``'s discard pile and put it under their deck."""
        old_discard = p.discard
        kept: list[Card] = []
        if self.shuffle_hooks:  # Avoid: some cards stay in the discard pile
            for hook in [h for h in self.shuffle_hooks if h[0] is p]:
                self.shuffle_hooks.remove(hook)
                kept += hook[1](self, p, [c for c in p.discard if c not in kept])
        cards = [c for c in p.discard if c not in kept] if kept else p.discard
        top_cards: list[Card] = []
        bottom_cards: list[Card] = []
        if self.traits:  # Fated: chosen while the cards are still in the discard pile
            for fate, pile in self._trait_hooks("on_shuffle"):
                tops, bottoms = fate(self, p, list(cards), pile)
                top_cards += tops
                bottom_cards += bottoms
        p.discard = kept
        if self._in_move and self._rng_saved is None:
            self._rng_saved = self.rng.getstate()
        script = self._shuffle_script.get(p.index)
        if script:
            names = script.pop(0)
            rest = list(cards)
            top: list[Card] = []
            for name in names:
                for i, c in enumerate(rest):
                    if c.name == name:
                        top.append(rest.pop(i))
                        break
                else:
                    p.discard = cards
                    raise SetupError(
                        f"dictated shuffle for player {p.index + 1} names {name!r}, which is "
                        f"not among the shuffled cards {sorted(c.name for c in cards)}"
                    )
            self.rng.shuffle(rest)
            cards = rest + top[::-1]
        elif self.shuffler is not None:
            self.shuffler(self, p, cards)
        else:
            self.rng.shuffle(cards)
        if top_cards or bottom_cards:
            placed = {id(c) for c in top_cards + bottom_cards}
            middle = [c for c in cards if id(c) not in placed]
            # Lists hold the top last: bottom cards first, top cards (first = top) last.
            cards = bottom_cards + middle + top_cards[::-1]
        p.deck[:0] = cards
        shuffled = len(cards)
        if old_discard is not p.discard:
            # The old discard pile list is emptied, not just replaced: an effect holding
            # it (a gain in progress, whose card was just shuffled away) must lose track
            # of the card, not find it there (Changeling would exchange it twice over).
            old_discard.clear()
        if self._logging:
            self._event(LogKind.SHUFFLE, p, (), None, count=shuffled)
        if self._shuffle_hooks:
            self._when_shuffled(p, shuffled)

    def _when_shuffled(self, p: Player, n: int) -> None:
        """Run the "when you shuffle" hooks of the ``n`` cards just shuffled under
        ``p``'s deck (Stash), once per definition, after the shuffle fixed their order
        (dictated, scripted or random). A hook may reorder the list of those cards
        (top last) it is given, which then replaces them; they stay in the deck
        meanwhile, so every card is in a zone while the hook asks its decisions.

        In the shuffle primitive because a shuffle happens inside many primitives
        (draw, reveal, peek): no card hook could see it otherwise.
        """
        seen: list[CardDef] = []
        for c in p.deck[:n]:
            d = c.defn
            if d.on_shuffle is not None and d not in seen:
                seen.append(d)
        for d in seen:
            assert d.on_shuffle is not None
            cards = p.deck[:n]
            d.on_shuffle(self, p, cards)
            p.deck[:n] = cards

    def shuffle_into_deck(self, p: Player, cards: Sequence[Card], from_zone: list[Card],
                          source: str | None = None) -> None:
        """Shuffle ``cards`` into ``p``'s deck: the deck and they are shuffled together
        (Famine). Not a reshuffle of the discard pile, so no dictated shuffle is used."""
        for c in cards:
            from_zone.remove(c)
            p.deck.append(c)
        if self._in_move and self._rng_saved is None:
            self._rng_saved = self.rng.getstate()
        self.rng.shuffle(p.deck)
        if self._logging:
            self._event(LogKind.SHUFFLE, p, (), source, count=len(p.deck))

    # ----------------------------------------------------------- primitives
    def deck_into_discard(self, p: Player, source: str | None) -> int:
        """Put ``p``'s whole deck into their discard pile at once, unseen (Chancellor,
        Scavenger, Bag of Gold, Bad Omens: no card is looked at or moved one by one, so
        nothing fires as a discard). The deck's top ends on the discard pile's bottom.
        Returns how many cards moved (logged as ``deck=<count>``)."""
        moved = p.deck
        p.deck = []
        p.discard.extend(reversed(moved))
        if self._logging:
            self._event(LogKind.DISCARD, p, (), source, deck=len(moved))
        return len(moved)

    @staticmethod
    def held_by_durations(p: Player) -> set[int]:
        """Ids of ``p``'s cards in play that a waiting Duration effect keeps there (the
        Duration and what played it). Cards that move "Treasures you have in play"
        (Herbalist, Crypt) leave these alone: their effect is still to come."""
        return {id(e.card) for e in p.durations} | {
            id(k) for e in p.durations for k in e.keepers}

    def draw(self, p: Player, n: int = 1) -> list[Card]:
        """Draw up to ``n`` cards, shuffling when the deck runs out."""
        self._step()
        deck = p.deck
        hand = p.hand
        drawn: list[Card] = []
        logged = 0  # the log shows the draws before a mid-draw shuffle apart
        shuffled = False  # one shuffle per draw: cards Avoid kept out stay out
        for _ in range(n):
            if not deck:
                if not p.discard or shuffled:
                    break
                shuffled = True
                if self._logging and len(drawn) > logged:
                    self._event(LogKind.DRAW, p, drawn[logged:])
                    logged = len(drawn)
                self.shuffle(p)
                deck = p.deck
                if not deck:  # every card was kept out of the new deck (Avoid, Fated)
                    break
            c = deck.pop()
            hand.append(c)
            drawn.append(c)
        if self._logging and len(drawn) > logged:
            self._event(LogKind.DRAW, p, drawn[logged:])
        return drawn

    def take_top(self, p: Player, may_shuffle: bool = True) -> Card | None:
        """Remove the top card of ``p``'s deck (shuffling if needed and allowed) and
        return it, or None if there is none even after shuffling: every card may have
        been kept out of the shuffle (Avoid).

        The caller must put it somewhere (usually :meth:`set_aside`).
        """
        if not p.deck:
            if not p.discard or not may_shuffle:
                return None
            self.shuffle(p)
            if not p.deck:
                return None
        return p.deck.pop()

    def reveal_from_deck(self, p: Player, n: int, source: str | None = None,
                         look: bool = False, may_shuffle: bool = True) -> list[Card]:
        """Take up to ``n`` cards off the top of ``p``'s deck into their set-aside zone,
        revealed (or, with ``look``, only looked at), shuffling when needed (the
        cards already taken are not shuffled in).

        At most one shuffle: if the new deck runs out too (Avoid kept cards out of it),
        the player takes what they can (Avoid's FAQ), as :meth:`draw` does.
        The caller moves each card on (hand, discard, trash, back on the deck).
        """
        taken: list[Card] = []
        for _ in range(n):
            shuffles = not p.deck and bool(p.discard)
            c = self.take_top(p, may_shuffle)
            if c is None:
                break
            may_shuffle = may_shuffle and not shuffles
            p.set_aside.append(c)
            taken.append(c)
        if taken and self._logging:
            self._event(LogKind.LOOK if look else LogKind.REVEAL, p, taken, source)
        return taken

    def peek_top(self, p: Player) -> Card | None:
        """The top card of ``p``'s deck, shuffling first if the deck is empty."""
        if not p.deck:
            if not p.discard:
                return None
            self.shuffle(p)
        return p.deck[-1]

    def reveal(self, p: Player, cards: Iterable[Card], source: str | None = None) -> None:
        """Reveal cards (a log event only: revealing moves nothing)."""
        if self._logging:
            self._event(LogKind.REVEAL, p, cards, source)

    def gain(self, p: Player, name: str, to: str | None = None,
             source: str | None = None) -> Card | None:
        """Gain the top card of pile ``name``; None if the pile is empty or not in this
        game (a Rats bought from the Black Market deck has no Rats pile to gain from).

        ``to`` is ``"discard"`` (default unless the card says otherwise),
        ``"hand"`` or ``"deck"``.
        """
        self._step()
        pile = self.piles.get(name)
        if pile is None or not pile.cards:
            return None
        if self._would_gain_reactions and self._gain_replaced(p, pile.cards[-1]):
            return None
        self.note_pile_change(pile)
        card = pile.cards.pop()
        if pile.tokens:
            # Tokens that leave with the first gain (Trade Route's, to its mat).
            for token, taken in registry.gain_tokens().items():
                if pile.tokens.pop(token, 0):
                    taken(self)
        self._receive(p, card, to, source)
        if not pile.cards and pile.supply:
            self._notify_pile_empty(p, card)
        return card

    def gain_card_object(self, p: Player, card: Card, from_zone: list[Card],
                         to: str | None = None, source: str | None = None) -> Card | None:
        """Gain a specific card from a zone (the trash for Thief); None if a replacement
        (Trader) gained something else instead and the card stayed where it was."""
        if self._would_gain_reactions and self._gain_replaced(p, card):
            return None
        from_zone.remove(card)
        self._receive(p, card, to, source)
        return card

    def _gain_replaced(self, p: Player, card: Card) -> bool:
        """"When you would gain a card" replacements (Trader), before the card moves.

        The player who would receive it (the possessor, during Possession) is offered
        each such card in hand, one copy per name; its hook asks, and does the
        replacement, and says whether it did. True: ``card`` is not gained at all. A
        primitive because every gain, on anyone's turn, goes through here.
        """
        if self.possessed_by is not None and p.index == self.current:
            p = self.players[self.possessed_by]
        offered: dict[str, Card] = {}
        for c in p.hand:
            if c.defn.react_would_gain is not None:
                offered.setdefault(c.name, c)
        for reaction in offered.values():
            hook = reaction.defn.react_would_gain
            assert hook is not None
            if hook(self, p, reaction, card):
                return True
        return False

    def offer_reaction(self, p: Player, reaction: Card, trigger: Card, prompt: str,
                       event: str) -> bool:
        """Ask ``p`` whether to reveal ``reaction`` from hand because of ``trigger``
        (a ``react`` decision: the card, or ``no``); True if they reveal it."""
        [choice] = self.decide(Decision(
            DecisionKind.REACT, p.index, trigger.name, prompt,
            [Option(reaction.name, f"reveal {reaction.name}", reaction),
             Option("no", "do not react")],
            context={"event": event},
        ))
        if choice.card is None:
            return False
        if self._logging:
            self._event(LogKind.REACT, p, (reaction,), trigger.name)
        return True

    def _zone(self, p: Player, where: str) -> list[Card]:
        if where == "discard":
            return p.discard
        if where == "hand":
            return p.hand
        if where == "deck":
            return p.deck
        if where == "in_play":
            return p.in_play
        raise SetupError(f"unknown destination {where!r}")

    def _receive(self, p: Player, card: Card, to: str | None, source: str | None) -> None:
        d = card.defn
        where = to or d.gain_to or "discard"
        if self.possessed_by is not None and p.index == self.current:
            # Possession: the possessor gains it instead, always to their discard pile.
            p = self.players[self.possessed_by]
            where = "discard"
        zone = self._zone(p, where)
        zone.append(card)
        self.gained_this_turn.append((p.index, card))
        if self._logging:
            self._event(LogKind.GAIN, p, (card,), source, to=where)
        # The when-gain effects this gain triggers (the card's own, waiting Durations,
        # this turn's watchers, "in games using this" rules) are simultaneous: each
        # owner orders theirs (engine.triggers), e.g. Insignia before or after Inn.
        self._gain_zones.append(zone)
        try:
            pending = self._gain_effects(p, card)
            if pending:
                resolve_triggers(self, pending, card.name, "when-gain")
        finally:
            self._gain_zones.pop()
        if self._in_play_gain and p.in_play:
            zone = self._while_in_play_gain(p, card, zone)
        if self.traits:
            self._trait_gain(p, card)
        if self._any_gain_reactions:
            self._play_on_any_gain(p, card)
        if self._gain_reactions:
            self._react_to_gain(p, card, zone)
        for watcher in self._gain_watchers:
            assert watcher.on_any_gain is not None
            watcher.on_any_gain(self, p, card, zone)

    def _while_in_play_gain(self, p: Player, card: Card, zone: list[Card]) -> list[Card]:
        """Run ``p``'s "while this is in play, when you gain a card" hooks (Royal Seal),
        while the gained card is still where it landed; returns the zone it is in after
        them (the deck, if one put it there), so later reactions follow the card."""
        for c in list(p.in_play):
            hook = c.defn.while_in_play_gain
            if hook is None or card not in zone:
                continue
            hook(self, p, c, card, zone)
            if card not in zone:
                if p.deck and p.deck[-1] is card:
                    return p.deck
                break
        return zone

    def _play_on_any_gain(self, gainer: Player, gained: Card) -> None:
        """Offer each player, from the gainer on, to play reactions such as Mapmaker
        from hand; one may be followed by another (even one it drew)."""
        n = len(self.players)
        for k in range(n):
            q = self.players[(gainer.index + k) % n]
            while True:
                able = [c for c in q.hand if c.defn.react_any_gain is not None
                        and c.defn.react_any_gain(self, q, c, gainer, gained)]
                if not able:
                    break
                opts = [Option(c.name, f"play {c.name}", c) for c in able]
                opts.append(Option("no", "do not play one"))
                [choice] = self.decide(Decision(
                    DecisionKind.REACT, q.index, gained.name, f"{gainer.name} gained "
                    f"{gained.name}: play a card from your hand?", opts,
                    context={"event": "gain"},
                ))
                if choice.card is None:
                    break
                if self._logging:
                    self._event(LogKind.REACT, q, (choice.card,), gained.name)
                self.play_card(q, choice.card, q.hand)

    def trait_of(self, card: Card | CardDef) -> str | None:
        """The Trait on the pile ``card`` comes from (it stays after the pile empties)."""
        if not self.traits:
            return None
        pile = self._pile_of.get(card.name, card.name)
        for trait, on in self.traits.items():
            if on == pile:
                return trait
        return None

    def _trait_gain(self, p: Player, card: Card) -> None:
        """Let each Trait in the game react to a gain (Rich, Cursed, Fawning...)."""
        for trait, pile in list(self.traits.items()):
            defn = registry.all_traits().get(trait)
            if defn is not None and defn.on_gain is not None:
                defn.on_gain(self, p, card, pile)

    def gain_zone(self) -> list[Card]:
        """The zone the card whose ``on_gain`` hook is running was gained to (Siren:
        "trash it" only if it is still there)."""
        return self._gain_zones[-1]

    def _gain_effects(self, p: Player, card: Card) -> list[Pending]:
        """The when-gain effects ``p`` gaining ``card`` triggers, not yet run.

        The waiting "next time ... gain" Durations (of any player), this turn's gain
        watchers, the card's own when-gain ability and the Kingdom's "in games using
        this" gain rules (Duchess). A Duration or watcher is taken off its list just
        before it acts, so a gain it causes (Cutthroat's Loot) cannot fire it again,
        and one that already left (fired by such a gain) does not act twice.
        """
        out: list[Pending] = []
        for q in self.players:
            for eff in q.durations:
                w = eff.effect
                if (isinstance(w, NextTime) and w.event == "gain"
                        and w.when(self, q, eff.card, p, card)):
                    out.append(Pending(q, eff.card.name,
                                       partial(self._fire_next_time, q, eff, p, card)))
        for tw in self.turn_watchers:
            if tw.when(self, tw.owner, tw.card, p, card):
                out.append(Pending(tw.owner, tw.name,
                                   partial(self._fire_turn_watcher, tw, p, card)))
        hook = card.defn.on_gain
        if hook is not None:
            out.append(Pending(p, card.name, partial(hook, self, p, card)))
        for rule in self._gain_rules:
            trigger = rule.gain_rule
            assert trigger is not None
            if trigger.applies(self, p, card):
                out.append(Pending(p, rule.name, partial(trigger.run, self, p, card)))
        return out

    # A waiting effect is tested again when its turn to run comes: an effect resolved
    # before it may have used the gained card up (two Mining Roads, one Treasure: the
    # second keeps waiting for the next gain, by the FAQ).
    def _fire_next_time(self, q: Player, eff: DurationEffect, p: Player, card: Card) -> None:
        waiting = eff.effect
        assert isinstance(waiting, NextTime)
        if eff in q.durations and waiting.when(self, q, eff.card, p, card):
            q.durations.remove(eff)
            waiting.then(self, q, eff.card, p, card)

    def _fire_turn_watcher(self, tw: TurnWatcher, p: Player, card: Card) -> None:
        if tw in self.turn_watchers and tw.when(self, tw.owner, tw.card, p, card):
            self.turn_watchers.remove(tw)
            tw.then(self, tw.owner, tw.card, p, card)

    def _notify_pile_empty(self, p: Player, last: Card) -> None:
        """Fire the waiting "next time a Supply pile empties" Durations (Search).

        ``when``/``then`` get the player who emptied it and the pile's last card.
        """
        for q in self.players:
            for eff in list(q.durations):
                w = eff.effect
                if (isinstance(w, NextTime) and w.event == "pile_empty" and eff in q.durations
                        and w.when(self, q, eff.card, p, last)):
                    q.durations.remove(eff)
                    w.then(self, q, eff.card, p, last)

    def at_end_of_turn(self, effect: Callable[[GameBase], None]) -> None:
        """Run ``effect`` at the end of this turn, after Clean-up has drawn the next
        hand (Puzzle Box, Cage: "put it into your hand at end of turn")."""
        self.end_of_turn.append(effect)

    def watch_gains_this_turn(self, p: Player, card: Card | None, when: GainTest,
                              then: GainEffect, name: str | None = None) -> None:
        """Until the end of this turn, run ``then`` once, at the first gain where
        ``when`` is true (Mining Road, Taskmaster); see :class:`TurnWatcher`.
        ``name`` names an Event's watcher (``card`` is None) when effects are ordered."""
        self.turn_watchers.append(TurnWatcher(p, card, when, then, name))

    def _reactions(self, p: Player, hook: str, trigger: Card, prompt: str,
                   event: str) -> Iterator[Card]:
        """Offer ``p``'s reactions from hand (cards with ``hook``), one at a time.

        Yields each reaction the player reveals (each card at most once) until
        they decline or none is left; the caller applies its effect.
        """
        used: list[Card] = []
        while True:
            reactions = [c for c in p.hand if getattr(c.defn, hook) and c not in used]
            if not reactions:
                return
            opts = [Option(c.name, f"reveal {c.name}", c) for c in reactions]
            opts.append(Option("no", "do not react"))
            [choice] = self.decide(Decision(
                DecisionKind.REACT, p.index, trigger.name, prompt, opts,
                context={"event": event},
            ))
            if choice.card is None:
                return
            used.append(choice.card)
            if self._logging:
                self._event(LogKind.REACT, p, (choice.card,), trigger.name)
            yield choice.card

    def _react_to_gain(self, p: Player, card: Card, zone: list[Card]) -> None:
        """Watchtower and co.: asked only while the gained card is where it landed."""
        if card not in zone:
            return
        for reaction in self._reactions(p, "react_gain", card,
                                        f"React to gaining {card.name}?", "gain"):
            hook = reaction.defn.react_gain
            assert hook is not None
            hook(self, p, reaction, card, zone)
            if card not in zone:
                return

    def trash_card(self, p: Player, card: Card, from_zone: list[Card],
                   source: str | None = None) -> None:
        """Move ``card`` from ``from_zone`` to the trash and fire its when-trashed hook.

        A card that has left ``from_zone`` since it was chosen is not trashed: the
        effect has lost track of it (a Market Square discarded in reaction to the
        first of two cards a Trading Post trashes).
        """
        self._step()
        if card not in from_zone:
            return
        from_zone.remove(card)
        if p.durations and from_zone is p.in_play:
            self._left_play(p, card)
        if self.possessed_by is not None and p.index == self.current:
            # Possession: trashed all the same, but set aside until the turn ends - on a
            # mat of their own, not in ``set_aside``, which other cards empty and refill
            # as they go (Lookout, Library).
            p.mats.setdefault(POSSESSION_MAT, []).append(card)
        else:
            self.trash.append(card)
        if self._logging:
            self._event(LogKind.TRASH, p, (card,), source)
        if card.defn.on_trash is not None:
            card.defn.on_trash(self, p, card)
        if self._trash_reactions:
            self._react_to_trash(p, card)
        if self._masks:
            self._unmask(card)  # it was that card while trashed (Band of Misfits FAQ)

    @staticmethod
    def _left_play(p: Player, card: Card) -> None:
        """Note that ``card``, trashed from play, no longer holds its waiting effects."""
        for eff in p.durations:
            if eff.card is card:
                eff.left_play = True

    def trash_cards(self, p: Player, cards: Sequence[Card], from_zone: list[Card],
                    source: str | None = None) -> None:
        """Trash several cards at once (Chapel, Count, Cemetery), then resolve their
        when-trashed effects.

        Every card reaches the trash first, and only then do the effects happen,
        in the order ``p`` chooses when the cards differ (FAQ of Count): a card
        drawn or returned by one of those effects is not trashed with the others,
        and an effect that moves cards (Haunted Mirror discarding an Action) cannot
        take one of them away mid-way. Cards trashed one at a time keep using
        :meth:`trash_card`, whose Possession rule this follows too.
        """
        cards = [c for c in cards if c in from_zone]
        possessed = self.possessed_by is not None and p.index == self.current
        for card in cards:
            self._step()
            from_zone.remove(card)
            if p.durations and from_zone is p.in_play:
                self._left_play(p, card)
            if possessed:
                p.mats.setdefault(POSSESSION_MAT, []).append(card)
            else:
                self.trash.append(card)
            if self._logging:
                self._event(LogKind.TRASH, p, (card,), source)
        triggered = [c for c in cards if c.defn.on_trash is not None]
        for card in self.order_cards(p, source, "Order the when-trashed effects", triggered):
            hook = card.defn.on_trash
            assert hook is not None
            hook(self, p, card)
        if self._trash_reactions:
            for card in cards:
                self._react_to_trash(p, card)
        if self._masks:
            for card in cards:
                self._unmask(card)

    def discard_card(self, p: Player, card: Card, from_zone: list[Card],
                     source: str | None = None) -> None:
        """Move ``card`` to ``p``'s discard pile."""
        self.discard_cards(p, [card], from_zone, source)

    def discard_cards(self, p: Player, cards: Sequence[Card], from_zone: list[Card],
                      source: str | None = None) -> None:
        """Discard ``cards`` all at once, then run their when-discarded effects (Tunnel).

        Several cards discarded for one instruction (Militia's "discard down to
        3") go together, as the Cellar FAQ says: a reaction to one of them
        cannot touch the others while they are still in hand.
        """
        for card in cards:
            from_zone.remove(card)
            if self._masks:
                self._unmask(card)
            p.discard.append(card)
            if self._logging:
                self._event(LogKind.DISCARD, p, (card,), source)
        if self.phase == "cleanup":
            return
        for card in cards:
            if card.defn.on_discard is not None:
                card.defn.on_discard(self, p, card)

    def topdeck(self, p: Player, card: Card, from_zone: list[Card],
                source: str | None = None) -> None:
        """Put ``card`` on top of ``p``'s deck."""
        from_zone.remove(card)
        if self._masks:
            self._unmask(card)
        p.deck.append(card)
        if self._logging:
            self._event(LogKind.TOPDECK, p, (card,), source)

    def to_deck_bottom(self, p: Player, card: Card, from_zone: list[Card],
                       source: str | None = None) -> None:
        """Put ``card`` on the bottom of ``p``'s deck (Jewels, Bury): the deck's
        bottom is index 0, as ``draw`` takes from the end."""
        from_zone.remove(card)
        if self._masks:
            self._unmask(card)
        p.deck.insert(0, card)
        if self._logging:
            self._event(LogKind.TOPDECK, p, (card,), source, bottom=True)

    def to_hand(self, p: Player, card: Card, from_zone: list[Card]) -> None:
        """Put ``card`` into ``p``'s hand (not a draw: no shuffle, no draw event)."""
        from_zone.remove(card)
        if self._masks:
            self._unmask(card)
        p.hand.append(card)

    def set_aside(self, p: Player, card: Card, from_zone: list[Card] | None = None,
                  source: str | None = None) -> None:
        """Set ``card`` aside (``from_zone`` None: it was just taken off the deck)."""
        if from_zone is not None:
            from_zone.remove(card)
        if self._masks:
            self._unmask(card)
        p.set_aside.append(card)
        if self._logging:
            self._event(LogKind.SET_ASIDE, p, (card,), source)

    def to_mat(self, p: Player, card: Card, from_zone: list[Card], mat: str,
               source: str | None = None) -> None:
        """Put ``card`` on ``p``'s mat named ``mat`` (Island, Native Village...)."""
        from_zone.remove(card)
        if self._masks:
            self._unmask(card)
        p.mats.setdefault(mat, []).append(card)
        if self._logging:
            self._event(LogKind.SET_ASIDE, p, (card,), source, mat=mat)

    def pile_name_of(self, card: Card) -> str:
        """The pile a card belongs to (its own name, or e.g. "Ruins")."""
        return self._pile_of.get(card.name, card.name)

    def return_to_pile(self, p: Player, card: Card, from_zone: list[Card],
                       source: str | None = None) -> bool:
        """Return ``card`` to its own pile (Spoils, Reckless); False when this game has
        no pile of it (a Black Market card): it stays where it is, as an instruction
        that cannot be followed does nothing. A card playing as another (``play_as``)
        goes back to the pile of what it really is."""
        mask = self._masks.get(card.uid) if self._masks else None
        name = mask[1].name if mask is not None else card.name
        pile = self.piles.get(self._pile_of.get(name, name))
        if pile is None:
            return False
        from_zone.remove(card)
        if mask is not None:
            self._unmask(card)
        self.note_pile_change(pile)
        pile.cards.append(card)
        if self._logging:
            self._event(LogKind.RETURN, p, (card,), source)
        return True

    def exchange(self, p: Player, card: Card, from_zone: list[Card], pile_name: str,
                 to_zone: list[Card] | None = None) -> Card | None:
        """Return ``card`` to its pile and take the top of ``pile_name`` in its place
        (or, with ``to_zone``, into that zone: Changeling's goes to the discard pile).

        Exchanging is neither gaining nor trashing, so no trigger fires.
        Nothing happens if ``pile_name`` is empty.
        """
        pile = self.piles[pile_name]
        if not pile.cards:
            return None
        idx = from_zone.index(card)
        if self._masks:
            self._unmask(card)
        self.note_pile_change(pile)
        new = pile.cards.pop()
        if to_zone is None:
            from_zone[idx] = new
        else:
            del from_zone[idx]
            to_zone.append(new)
        back = self.piles[self.pile_name_of(card)]
        self.note_pile_change(back)
        back.cards.append(card)
        if self._logging:
            self._event(LogKind.EXCHANGE, p, (card, new))
        return new

    def take_coffers(self, p: Player, n: int = 1) -> None:
        """``p`` takes ``n`` Coin tokens (Guilds): a counter kept from turn to turn.

        A primitive because five Guilds cards give tokens (Baker, Butcher,
        Candlestick Maker, Merchant Guild, Plaza); they are spent with the
        ``spend_coffers`` move in the Buy phase, before buying
        (:meth:`engine.turn.Game.spend_coffers`).
        """
        p.coffers += n

    def play_as(self, p: Player, card: Card, as_defn: CardDef, by: Card | None,
                again: bool) -> None:
        """Resolve this play of ``card`` as if it were ``as_defn`` (Band of Misfits).

        The card takes that card's name, cost, types and abilities until it
        leaves play (every primitive that moves a card gives it back its own
        identity); a later play of it by the same Throne Room or Procession
        is therefore a play of the copied card.
        """
        if card.uid not in self._masks:
            self._masks[card.uid] = (card, card.defn)
        card.defn = as_defn
        card.name = as_defn.name
        self._resolve_play(p, card, by, again)

    def _unmask(self, card: Card) -> None:
        """Give a card that has left play its own identity back (see :meth:`play_as`)."""
        entry = self._masks.pop(card.uid, None)
        if entry is not None:
            card.defn = entry[1]
            card.name = entry[1].name

    def next_landscape(self, deck: LandscapeDeck) -> str | None:
        """Take the top of a Boons or Hexes deck, first shuffling its discards into a new
        deck if it is empty (None only if every one of them is out)."""
        if not deck.cards:
            if not deck.discard:
                return None
            deck.cards = deck.discard
            deck.discard = []
            if self._in_move and self._rng_saved is None:
                self._rng_saved = self.rng.getstate()
            self.rng.shuffle(deck.cards)
        return deck.cards.pop()

    def receive_boon(self, p: Player, source: str | None = None,
                     name: str | None = None, shared: bool = False) -> str | None:
        """``p`` receives a Boon: the top of the Boons deck, or ``name`` (one already
        taken, as Pixie's). It sits in front of ``p`` while it resolves, then goes to the
        Boons discard pile, unless it is kept until Clean-up. With ``shared`` (another
        player's Boon received again: Sacred Grove, Pixie's second time) nothing moves;
        a shared The River's Gift still draws at the end of the turn. Returns the name."""
        if name is None:
            name = self.next_landscape(self.boons)
            if name is None:
                return None
        entry = (p.index, name)
        if not shared:
            self.boons.held.append(entry)
        if self._logging:
            self._event(LogKind.REVEAL, p, (), source, boon=name)
        boon = registry.landscape(name)
        if boon.on_receive is not None:
            coins = self.coins
            boon.on_receive(self, p, name)
            if self.coins > coins:
                self.state(BoonCoins).coins += self.coins - coins
        if shared:
            if boon.keep:
                self.boons.held.append(entry)  # drawn for, discarded once (engine.turn)
        elif not boon.keep and entry in self.boons.held:
            self.boons.held.remove(entry)
            self.boons.discard.append(name)
        return name

    def receive_hex(self, p: Player, source: str | None = None,
                    name: str | None = None) -> str | None:
        """``p`` receives a Hex: the top of the Hexes deck, or ``name`` (the one Hex that
        "each other player receives", taken once: :meth:`hex_each_other`). Only a Hex
        taken here goes to the Hexes discard pile afterwards. Returns the name."""
        taken = name is None
        if name is None:
            name = self.next_landscape(self.hexes)
            if name is None:
                return None
        if self._logging:
            self._event(LogKind.REVEAL, p, (), source, hex=name)
        hook = registry.landscape(name).on_receive
        if hook is not None:
            hook(self, p, name)
        if taken:
            self.hexes.discard.append(name)
        return name

    def hex_each_other(self, victims: Sequence[Player], source: str | None = None) -> None:
        """"Each other player receives the next Hex": one Hex, turned over once (even if
        every player is protected), received by each victim in turn order, then discarded."""
        name = self.next_landscape(self.hexes)
        if name is None:
            return
        for q in victims:
            self.receive_hex(q, source, name=name)
        self.hexes.discard.append(name)

    def schedule_duration(self, p: Player, card: Card) -> None:
        """Keep ``card`` in play and run its ``next_turn`` hook at ``p``'s next turn."""
        effect = card.defn.next_turn
        if effect is None:
            raise SetupError(f"{card.name} has no next-turn effect")
        p.durations.append(DurationEffect(card, effect))

    def play_card(self, p: Player, card: Card, from_zone: list[Card] | None = None,
                  by: Card | None = None, again: bool = False) -> None:
        """Play ``card``: move it into play (unless already there), apply its bonuses and hook.

        ``by`` is the card playing it (Throne Room); any duration effect the
        play creates keeps ``by`` in play too.
        """
        self._step()
        if from_zone is not None:
            from_zone.remove(card)
            p.in_play.append(card)
        self.played_this_turn.append(card)
        after = self._play_triggers(p, card) if self.watching_plays() else None
        if self._logging:
            self._event(LogKind.PLAY, p, (card,), by.name if by else None, scope=True, again=again)
            try:
                self._resolve_play(p, card, by, again)
            finally:  # an error inside the play must not leave the log scope open
                self._close()
        else:
            self._resolve_play(p, card, by, again)
        if after:
            for effect in after:
                effect()
        if self.traits:
            after_play = self._trait_defn(card, "after_play")
            if after_play is not None:
                after_play(self, p, card, self.pile_name_of(card))

    def note_pile_change(self, pile: Pile) -> None:
        """Call before changing ``pile``'s cards or tokens: inside a move, the first change
        saves the pile as it was, for the rollback (:mod:`engine.transaction`). Every
        change of a pile goes through here (the rollback tests fail otherwise)."""
        saved = self._saved_piles
        if saved is not None and pile not in saved:
            saved[pile] = (pile.cards[:], dict(pile.tokens))

    def put_on(self, p: Player, host: Card, card: Card, from_zone: list[Card],
               source: str | None = None) -> None:
        """Set ``card`` aside on ``host`` (onto ``p``'s mat named after the host)."""
        self.to_mat(p, card, from_zone, host.name, source)
        on = self._set_aside_on.setdefault(host.uid, [])
        if card not in on:
            on.append(card)

    def set_aside_on(self, p: Player, host: Card) -> list[Card]:
        """The cards set aside on ``host`` that are still there, oldest first."""
        mat = p.mats.get(host.name, [])
        kept = list(dict.fromkeys(c for c in self._set_aside_on.get(host.uid, []) if c in mat))
        self._set_aside_on[host.uid] = kept
        return list(kept)

    def watching_plays(self) -> bool:
        """True if something waits for a card to be played (then every play goes
        through :meth:`play_card`, even plain Treasures)."""
        if self.play_watchers:
            return True
        return any(isinstance(e.effect, NextTime) and e.effect.event == "play"
                   for q in self.players for e in q.durations)

    def watch_plays(self, p: Player, card: Card, when: PlayTest, then: PlayEffect, *,
                    once: bool = True) -> PlayWatcher:
        """Run ``then`` after a play for which ``when`` is true (checked as the play
        starts): once and only this turn (Harbor Village), or, with ``once`` False,
        at every such play until :meth:`unwatch_plays` (Frigate's attack)."""
        w = PlayWatcher(p, card, when, then, once)
        self.play_watchers.append(w)
        return w

    def unwatch_plays(self, card: Card) -> None:
        """Stop the play watchers of ``card`` (Frigate, at its owner's next turn)."""
        self.play_watchers = [w for w in self.play_watchers if w.card is not card]

    def _play_triggers(self, p: Player, card: Card) -> list[Callable[[], None]]:
        """What fires once this play has resolved: play watchers, and waiting
        "the next time you play..." Durations (Flagship, Landing Party)."""
        out: list[Callable[[], None]] = []
        coins = self.coins - coins_from_boons(self)  # the play's own +coins show against it
        for w in list(self.play_watchers):
            if w in self.play_watchers and w.when(self, w.owner, w.card, p, card):
                if w.once:
                    self.play_watchers.remove(w)
                out.append(partial(w.then, self, w.owner, w.card, p, card, coins))
        for q in self.players:
            for eff in list(q.durations):
                nt = eff.effect
                if (isinstance(nt, NextTime) and nt.event == "play" and eff in q.durations
                        and nt.when(self, q, eff.card, p, card)):
                    q.durations.remove(eff)
                    out.append(partial(nt.then, self, q, eff.card, p, card))
        return out

    def _resolve_play(self, p: Player, card: Card, by: Card | None, again: bool) -> None:
        if self.traits and self._trait_defn(card, "plays_twice"):
            # Reckless: follow the card's instructions twice (one play).
            self._resolve_once(p, card, by, again)
            self._resolve_once(p, card, by, True)
            return
        self._resolve_once(p, card, by, again)

    def _trait_defn(self, card: Card, attr: str) -> Any:
        """The given attribute of the Trait on ``card``'s pile (None if none or unset)."""
        trait = self.trait_of(card)
        defn = registry.all_traits().get(trait) if trait else None
        return getattr(defn, attr) if defn is not None else None

    def _trait_hooks(self, attr: str) -> list[tuple[Callable[..., Any], str]]:
        """(hook, pile) of every Trait in the game that has the hook ``attr``."""
        out = []
        for trait, pile in self.traits.items():
            defn = registry.all_traits().get(trait)
            hook = getattr(defn, attr) if defn is not None else None
            if hook is not None:
                out.append((hook, pile))
        return out

    def _resolve_once(self, p: Player, card: Card, by: Card | None, again: bool) -> None:
        d = card.defn
        immune: frozenset[int] = frozenset()
        if d.is_attack:
            for watcher in [c for c in p.in_play if c.defn.while_in_play_attack]:
                hook = watcher.defn.while_in_play_attack
                # "Another" Attack: the same card played again does not count (Urchin FAQ).
                if hook is not None and watcher is not card and watcher in p.in_play:
                    hook(self, p, watcher, card)
            if self._attack_reactions:
                immune = self._react_to_attack(p, card)
            # Lighthouse in play, a Guardian waiting: Reactions were asked all the same.
            immune = immune | self._immune_in_play(p) | self._shielded(p)
        if d.cards:
            self.draw(p, d.cards)
        if d.actions:
            self.actions += d.actions
        if d.buys:
            self.buys += d.buys
        if d.coins:
            if self._coin_states:  # a state changes what +coins make (Envious, Coppersmith)
                coins = d.coins
                for state in self._coin_states:
                    coins = state.coins_made(self, d, coins)
                self.coins += coins
            else:
                self.coins += d.coins
        if d.potions:
            self.potions += d.potions
        if d.on_play is not None:
            d.on_play(self, p, card, Play(card, p, by, again, immune))
        if by is not None and again and p.durations:
            # Only the card that played a Duration more than once stays in play to track
            # it (Throne Room on Wharf); not one that played it once (Herald), nor one
            # that played the card that played it (Throne Room on Throne Room on Wharf).
            for eff in p.durations:
                if eff.card is card and by not in eff.keepers:
                    eff.keepers.append(by)

    def _shielded(self, attacker: Player) -> frozenset[int]:
        """Other players an Attack cannot affect because a Duration of theirs says so
        "until your next turn" (Guardian): its effect is still waiting. Reactions are
        asked all the same (Guardian's FAQ), before this is applied."""
        return frozenset(
            q.index for q in self.players
            if q is not attacker and any(e.card.defn.shields for e in q.durations)
        )

    def _react_to_buy(self, p: Player, bought: Card) -> None:
        """Offer "when you buy a Victory card" reactions from ``p``'s hand (Hovel)."""
        for reaction in self._reactions(p, "react_buy", bought,
                                        f"React to buying {bought.name}?", "buy"):
            hook = reaction.defn.react_buy
            assert hook is not None
            hook(self, p, reaction, bought)

    def _immune_in_play(self, attacker: Player) -> frozenset[int]:
        """Other players with a card in play that makes Attacks not affect them.

        A primitive because it is a rule of the Attack, not of any one Attack
        card: Lighthouse (Seaside) protects against every Attack, whatever
        the Attack does and whether its owner wants it or not.
        """
        return frozenset(q.index for q in self.players
                         if q is not attacker
                         and any(c.defn.while_in_play_immune for c in q.in_play))

    def _react_to_trash(self, p: Player, trashed: Card) -> None:
        """Offer "when one of your cards is trashed" reactions from ``p``'s hand (Market Square).

        ``p`` is the owner of the trashed card; asked after its own when-trashed effect.
        """
        for reaction in self._reactions(p, "react_trash", trashed,
                                        f"React to trashing {trashed.name}?", "trash"):
            hook = reaction.defn.react_trash
            assert hook is not None
            hook(self, p, reaction, trashed)

    def _react_to_attack(self, attacker: Player, attack: Card) -> frozenset[int]:
        """Ask each other player, in turn order, about their Attack reactions."""
        immune: set[int] = set()
        n = len(self.players)
        for k in range(1, n):
            q = self.players[(attacker.index + k) % n]
            for reaction in self._reactions(q, "react_attack", attack,
                                            f"React to {attack.name}?", "attack"):
                hook = reaction.defn.react_attack
                assert hook is not None
                if hook(self, q, reaction, attack):
                    immune.add(q.index)
        return frozenset(immune)

    # ------------------------------------------------------------ decisions
    def controller(self, index: int) -> int:
        """Who makes player ``index``'s decisions: the possessor during a Possession turn."""
        if self.possessed_by is not None and index == self.current:
            return self.possessed_by
        return index

    def decide(self, decision: Decision) -> list[Option]:
        """Ask the deciding player's provider; validate and return the picked options."""
        self._step()
        if not self.providers:
            raise SetupError("the game has no decision provider; pass providers=...")
        decision.player = self.controller(decision.player)
        provider = self.providers[decision.player % len(self.providers)]
        picked = decision.resolve(provider.decide(self, decision))  # type: ignore[arg-type]
        if self._logging:
            self._event(
                LogKind.DECISION, self.players[decision.player],
                tuple(o.card for o in picked if o.card is not None), decision.source,
                kind=decision.kind.value, answer=[o.id for o in picked],
            )
        return picked

    def choose_from_hand(self, p: Player, source: str | None, prompt: str, *,
                         min: int = 1, max: int = 1,
                         pred: Callable[[Card], bool] | None = None) -> list[Card]:
        """Ask ``p`` to choose ``min..max`` cards from their hand matching ``pred``.

        Asks nothing when the choice is forced (no eligible card, or every
        eligible card must be taken).
        """
        eligible = [c for c in p.hand if pred is None or pred(c)]
        # The kind follows what the card asks (one card or several), not how
        # many happen to be eligible, so scripts stay stable.
        kind = (DecisionKind.CHOOSE_CARD_FROM_HAND if max == 1
                else DecisionKind.CHOOSE_CARDS_FROM_HAND)
        max = min_(max, len(eligible))
        min = min_(min, max)
        if max == 0:
            return []
        if min == len(eligible):
            return eligible
        picked = self.decide(Decision(
            kind, p.index, source, prompt, [Option(c.name, None, c) for c in eligible],
            min=min, max=max,
        ))
        return [o.card for o in picked if o.card is not None]

    def choose_cards(self, p: Player, source: str | None, prompt: str, cards: Sequence[Card],
                     *, min: int = 1, max: int = 1) -> list[Card]:
        """Ask ``p`` to choose ``min..max`` of the given (revealed, set aside...) cards."""
        max = min_(max, len(cards))
        min = min_(min, max)
        if max == 0:
            return []
        if min == len(cards):
            return list(cards)
        picked = self.decide(Decision(
            DecisionKind.CHOOSE_CARDS, p.index, source, prompt,
            [Option(c.name, None, c) for c in cards], min=min, max=max,
        ))
        return [o.card for o in picked if o.card is not None]

    def reveal_until(self, p: Player, found: Callable[[Card], bool],
                     source: str) -> tuple[Card | None, list[Card]]:
        """Reveal cards from ``p``'s deck one at a time until one is ``found`` (Sage,
        Saboteur): that card (None if the deck and discard ran out) and the others, in
        order. All of them wait in ``set_aside``, so a shuffle mid-way leaves them out."""
        others: list[Card] = []
        may_shuffle = True  # once: cards kept out of that shuffle (Avoid) stay out
        while True:
            shuffles = not p.deck and bool(p.discard)
            one = self.reveal_from_deck(p, 1, source, may_shuffle=may_shuffle)
            may_shuffle = may_shuffle and not shuffles
            if not one:
                return None, others
            if found(one[0]):
                return one[0], others
            others.append(one[0])

    def discard_or_keep_tops(self, chooser: Player, players: Sequence[Player],
                             source: str) -> None:
        """Each of ``players`` reveals their top card and ``chooser`` decides: discard it
        or put it back (Spy; the first part of Scrying Pool)."""
        for q in players:
            top = self.peek_top(q)
            if top is None:
                continue
            self.reveal(q, (top,), source)
            choice = self.choose_option(
                chooser, source, f"{q.name} revealed {top.name}",
                [("discard", "discard it"), ("keep", "put it back")],
                context={"target": q.index, "card": top.name},
            )
            if choice == "discard":
                self.discard_card(q, top, q.deck, source)

    def discard_down_to(self, p: Player, n: int, source: str) -> None:
        """``p`` discards cards of their choice until ``n`` are left in hand (Militia,
        Goons, Followers, Urchin, Sword, Poverty...); nothing with ``n`` or fewer."""
        excess = len(p.hand) - n
        if excess > 0:
            chosen = self.choose_from_hand(p, source, f"Discard {excess} cards",
                                           min=excess, max=excess)
            self.discard_cards(p, chosen, p.hand, source)

    def take_top_if_named(self, p: Player, source: str, named: str) -> bool:
        """Reveal the top card of ``p``'s deck (shuffling if needed); if it is the card
        ``named``, put it into their hand (Wishing Well, Mystic). True if it was."""
        top = self.peek_top(p)
        if top is None:
            return False
        self.reveal(p, (top,), source)
        if top.name != named:
            return False
        self.to_hand(p, top, p.deck)
        return True

    def trash_and_gain(self, p: Player, source: str, more: int, *,
                       trash_pred: Callable[[Card], bool] | None = None,
                       gain_pred: Callable[[CardDef], bool] | None = None,
                       to: str | None = None, trash_prompt: str = "Trash a card",
                       gain_prompt: str = "Gain a card") -> Card | None:
        """Trash a card from ``p``'s hand, then gain one costing up to ``more`` coins more.

        The Remodel family (Remodel, Mine, Expand, Enlarge, Graverobber's second
        choice) shares it: the limit is the trashed card's cost as it was trashed
        (Bridge and Quarry apply; its Potion and Debt carry over), and nothing
        happens without a card to trash. Returns the trashed card, or None.
        """
        picked = self.choose_from_hand(p, source, trash_prompt, pred=trash_pred)
        if not picked:
            return None
        trashed = picked[0]
        limit = self.cost(trashed).plus_coins(more)
        self.trash_card(p, trashed, p.hand, source)
        name = self.choose_supply(p, source, gain_prompt, max_cost=limit, pred=gain_pred)
        if name:
            self.gain(p, name, to=to, source=source)
        return trashed

    def choose_supply(self, p: Player, source: str | None, prompt: str, *,
                      max_cost: Cost | None = None,
                      pred: Callable[[CardDef], bool] | None = None,
                      optional: bool = False) -> str | None:
        """Ask ``p`` to choose a non-empty Supply pile (its top card's cost within ``max_cost``)."""
        names = []
        for name, pile in self.piles.items():
            top = pile.top
            if not pile.supply or top is None:
                continue
            if max_cost is not None and not self.cost(top).at_most(max_cost):
                continue
            if pred is not None and not pred(top.defn):
                continue
            names.append(name)
        if not names:
            return None
        picked = self.decide(Decision(
            DecisionKind.CHOOSE_SUPPLY_CARD, p.index, source, prompt,
            [Option(n) for n in names], min=0 if optional else 1, max=1,
            context=({"max_coins": max_cost.coins, "max_potion": max_cost.potion,
                      "max_debt": max_cost.debt} if max_cost is not None else None),
        ))
        return picked[0].id if picked else None

    def choose_option(self, p: Player, source: str | None, prompt: str,
                      options: Sequence[tuple[str, str]],
                      context: dict[str, Any] | None = None) -> str:
        """Ask ``p`` to pick one of ``(id, label)`` options; returns the id."""
        [picked] = self.decide(Decision(
            DecisionKind.CHOOSE_OPTION, p.index, source, prompt,
            [Option(i, label) for i, label in options], context=context,
        ))
        return picked.id

    def yes_no(self, p: Player, source: str | None, prompt: str,
               context: dict[str, Any] | None = None) -> bool:
        """Ask ``p`` a yes/no question (option ids ``yes`` and ``no``)."""
        [picked] = self.decide(Decision(
            DecisionKind.YES_NO, p.index, source, prompt,
            [Option("yes"), Option("no")], context=context,
        ))
        return picked.id == "yes"

    def order_cards(self, p: Player, source: str | None, prompt: str,
                    cards: Sequence[Card]) -> list[Card]:
        """Ask ``p`` to order cards (answer: all of them, first = first placed)."""
        if len({c.name for c in cards}) <= 1:
            return list(cards)
        picked = self.decide(Decision(
            DecisionKind.ORDER_CARDS, p.index, source, prompt,
            [Option(c.name, None, c) for c in cards], min=len(cards), max=len(cards),
        ))
        return [o.card for o in picked if o.card is not None]


def min_(a: int, b: int) -> int:
    """``min`` under another name (the decision helpers use ``min`` as a parameter)."""
    return a if a < b else b
