"""Turn structure and the player-facing moves.

Moves (``play_action``, ``play_treasure``, ``play_all_treasures``,
``play_night``, ``buy``, ``buy_event``, ``spend_coffers``, ``end_phase``,
``end_turn``) check
every rule *before* changing anything and raise :class:`IllegalMove` with a
clear message otherwise. Direct test actions (``gain_card``,
``trash_from_hand``...) let a scenario fire triggers without a card to do it.

:meth:`TurnMixin.play_turn` and :meth:`TurnMixin.play_game` drive whole turns
by asking the providers phase decisions (``action_phase``, ``buy_phase``,
``night_phase``), for simulations and bots.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from engine import registry
from engine.cards.core import Card
from engine.cost import Cost
from engine.decisions import END_PHASE, PLAY_ALL_TREASURES, Decision, DecisionKind, Option
from engine.errors import GameOver, IllegalMove, InvalidAnswer
from engine.primitives import POSSESSION_MAT, GameBase, NextTime
from engine.transaction import checkpoint, commit, rollback
from engine.vocabulary import LogKind, Phase

if TYPE_CHECKING:
    from engine.state import DurationEffect, Player

PHASES = tuple(p.value for p in (Phase.ACTION, Phase.BUY, Phase.NIGHT, Phase.CLEANUP))
#: The Buy-phase decision id for spending one Coin token (Guilds).
SPEND_COFFER = "spend_coffer"

# The mat of cards set aside to be put into their owner's hand at the end of the turn.
UNTIL_END_OF_TURN = "until end of turn"
# The Boon whose "+1 Card at end of this turn" happens after Clean-up's draw.
RIVERS_GIFT = "The River's Gift"

F = TypeVar("F", bound=Callable[..., Any])


def _atomic(method: F) -> F:
    """Run a public move all-or-nothing when ``game.atomic`` is on (the default)."""
    @functools.wraps(method)
    def wrapper(self: Game, *args: Any, **kwargs: Any) -> Any:
        if not self.atomic or self._in_move:
            return method(self, *args, **kwargs)
        saved = checkpoint(self)
        self._in_move = True
        try:
            result = method(self, *args, **kwargs)
        except BaseException:
            rollback(self, saved)
            raise
        else:
            commit(self)
            return result
        finally:
            self._in_move = False
    return wrapper  # type: ignore[return-value]


class GameResult:
    """Final scores: ``vp[i]``, normal ``turns[i]``, and the 0-based ``winners``."""

    __slots__ = ("vp", "turns", "winners", "turn_limit_hit")

    def __init__(self, vp: list[int], turns: list[int], winners: list[int],
                 turn_limit_hit: bool = False) -> None:
        self.vp = vp
        self.turns = turns
        self.winners = winners
        self.turn_limit_hit = turn_limit_hit

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"vp": self.vp, "turns": self.turns, "winners": self.winners,
                "turn_limit_hit": self.turn_limit_hit}

    def __repr__(self) -> str:
        return f"GameResult(vp={self.vp}, turns={self.turns}, winners={self.winners})"


class Game(GameBase):
    """One game of Dominion: the state and primitives of :class:`GameBase`, plus the
    turn flow and the player-facing moves."""

    # ------------------------------------------------------------- checks
    def _check_live(self) -> Player:
        if self.over:
            raise GameOver("the game is over")
        return self.players[self.current]

    def _find(self, zone: list[Card], card: str | Card, where: str) -> Card:
        if isinstance(card, Card):
            for c in zone:
                if c is card:
                    return c
            raise IllegalMove(f"{card!r} is not in {where}")
        for c in zone:
            if c.name == card:
                return c
        names = sorted({c.name for c in zone})
        raise IllegalMove(f"no {card} in {where} (it holds {names})")

    # -------------------------------------------------------------- moves
    @_atomic
    def play_action(self, card: str | Card) -> Card:
        """Play an Action card from the current player's hand in the Action phase."""
        p = self._check_live()
        if self.phase != "action":
            raise IllegalMove(f"Action cards are played in the Action phase (now: {self.phase})")
        c = self._find(p.hand, card, f"{p.name}'s hand")
        if not c.defn.is_action:
            raise IllegalMove(f"{c.name} is not an Action card")
        if self.actions < 1:
            raise IllegalMove(f"{p.name} has no Actions left to play {c.name}")
        self.actions -= 1
        self.play_card(p, c, p.hand)
        return c

    def _enter_buy(self) -> None:
        if self.phase == "action":
            self._set_phase("buy")

    @_atomic
    def play_treasure(self, card: str | Card) -> Card:
        """Play a Treasure from hand (ends the Action phase if still in it)."""
        p = self._check_live()
        if self.phase not in ("action", "buy"):
            raise IllegalMove(f"Treasures are played in the Buy phase (now: {self.phase})")
        c = self._find(p.hand, card, f"{p.name}'s hand")
        if not c.defn.is_treasure:
            raise IllegalMove(f"{c.name} is not a Treasure")
        if self.bought_in_phase:
            raise IllegalMove("Treasures cannot be played after buying in this Buy phase")
        self._enter_buy()
        self.play_card(p, c, p.hand)
        return c

    @_atomic
    def play_all_treasures(self) -> list[Card]:
        """Play every Treasure in hand, in hand order."""
        p = self._check_live()
        if self.phase not in ("action", "buy"):
            raise IllegalMove(f"Treasures are played in the Buy phase (now: {self.phase})")
        if self.bought_in_phase:
            raise IllegalMove("Treasures cannot be played after buying in this Buy phase")
        self._enter_buy()
        played: list[Card] = []
        hand = p.hand
        if self._only_plain_treasures(hand):
            # Shortcut: plain Treasures only add coins, so playing them in hand order
            # needs no Play objects. It is taken with or without a log (the log only
            # records the plays), so the rules cannot depend on one being attached.
            keep: list[Card] = []
            for c in hand:
                d = c.defn
                if d.is_treasure and d.plain:
                    self.coins += d.coins
                    self.potions += d.potions
                    p.in_play.append(c)
                    self.played_this_turn.append(c)
                    played.append(c)
                    if self._logging:
                        self._event(LogKind.PLAY, p, (c,), None, scope=True, again=False)
                        self._close()
                else:
                    keep.append(c)
            p.hand = keep
            self.steps += len(played)
        for c in [c for c in p.hand if c.defn.is_treasure]:
            if c in p.hand:
                self.play_card(p, c, p.hand)
                played.append(c)
        return played

    def _only_plain_treasures(self, hand: list[Card]) -> bool:
        """Whether playing the Treasures of ``hand`` can only add their coins and Potions:
        every one is plain, none has a Trait (Reckless, Inspiring), nothing watches plays,
        and no set state changes what a Treasure makes (``SetState.coins_made``: Coppersmith,
        Envious)."""
        if self._coin_states or self.watching_plays():
            return False
        treasures = [c for c in hand if c.defn.is_treasure]
        if any(not c.defn.plain for c in treasures):
            return False
        return not self.traits or all(self.trait_of(c) is None for c in treasures)

    @_atomic
    def play_night(self, card: str | Card) -> Card:
        """Play a Night card from hand (moves on to the Night phase if needed)."""
        p = self._check_live()
        c = self._find(p.hand, card, f"{p.name}'s hand")
        if not c.defn.is_night:
            raise IllegalMove(f"{c.name} is not a Night card")
        if self.phase not in ("action", "buy", "night"):
            raise IllegalMove(f"Night cards are played in the Night phase (now: {self.phase})")
        if self.phase != "night":
            self._set_phase("night")
        self.play_card(p, c, p.hand)
        return c

    def can_buy(self, name: str) -> str | None:
        """Why the current player cannot buy ``name`` now, or None if they can."""
        if self.over:
            return "the game is over"
        if self.phase not in ("action", "buy"):
            return f"cards are bought in the Buy phase (now: {self.phase})"
        pile = self.piles.get(name)
        if pile is None:
            return f"there is no {name} pile in this game"
        if not pile.supply:
            return f"{name} is not in the Supply"
        top = pile.top
        if top is None:
            return f"the {name} pile is empty"
        return self._affordable(self.cost(top), name) or self.buy_restriction(top)

    def buy_restriction(self, top: Card, *, starts_buy_phase: bool = True) -> str | None:
        """Why the current player may not buy ``top`` whatever they can pay, or None:
        an Action card while Deluded, a card named by Contraband this turn, or the card's
        own condition (Grand Market). ``starts_buy_phase`` is False for a buy that does
        not move to the Buy phase (Black Market in the Action phase)."""
        if top.defn.is_action and self._no_action_buys(starts_buy_phase):
            return f"{top.name} is an Action card and Deluded forbids buying Actions this turn"
        if self.cannot_buy and top.name in self.cannot_buy:
            return f"{top.name} was named for Contraband this turn"
        forbidden = top.defn.buy_forbidden
        if forbidden is not None:
            return forbidden(self, self.players[self.current])
        return None

    def _no_action_buys(self, starts_buy_phase: bool = True) -> bool:
        """Deluded: returned at the start of this Buy phase, or about to be (a Supply buy
        made from the Action phase starts the Buy phase first). A buy that leaves the
        phase alone (Black Market) is not in the Buy phase, where Deluded starts."""
        if self._set_states and any(s.forbids_action_buys(self)
                                    for s in self._set_states.values()):
            return True
        return (starts_buy_phase and self.phase == "action"
                and "Deluded" in self.players[self.current].states)

    def _affordable(self, cost: Cost, name: str) -> str | None:
        p = self.players[self.current]
        if self.buys < 1:
            return "no Buys left"
        if p.debt:
            return f"{p.name} has {p.debt} debt to repay before buying"
        if cost.coins > self.coins:
            return f"{name} costs {cost.coins} coins but only {self.coins} are available"
        if cost.potion > self.potions:
            return f"{name} costs a Potion and none is available"
        return None

    @_atomic
    def buy(self, name: str) -> Card | None:
        """Buy a card from the Supply: pay, fire when-buy triggers, then gain it.

        Buying from the Action phase first moves to the Buy phase, so costs that
        depend on the phase (Peddler) are the Buy phase's; a refused buy is rolled back.
        """
        p = self._check_live()
        if self.phase == "action" and self.cost_modifiers:
            self._enter_buy()
        why = self.can_buy(name)
        if why:
            raise IllegalMove(f"cannot buy {name}: {why}")
        pile = self.piles[name]
        top = pile.top
        assert top is not None
        cost = self.cost(top)
        self._enter_buy()
        self.buys -= 1
        self.coins -= cost.coins
        self.potions -= cost.potion
        p.debt += cost.debt
        self.bought_in_phase = True
        self.bought_this_turn.append(name)
        if self._logging:
            self._event(LogKind.BUY, p, (top,), None, cost=cost.coins)
        self._when_bought(p, top, pile.tokens)
        return self.gain(p, name, source="buy")

    def _when_bought(self, p: Player, top: Card, pile_tokens: dict[str, Any]) -> None:
        """What buying a card fires before it is gained: overpaying, its own when-buy,
        the buyer's cards in play (Talisman, Goons), its pile's tokens (Embargo) and
        reactions from hand (Hovel). Shared by :meth:`buy` and :meth:`buy_card_object`."""
        if top.defn.on_overpay is not None:
            self._overpay(p, top)
        if top.defn.on_buy is not None:
            top.defn.on_buy(self, p, top)
        for c in list(p.in_play):
            hook = c.defn.while_in_play_buy
            if hook is not None:
                hook(self, p, c, top)
        if pile_tokens:
            self._pile_tokens_on_buy(p, pile_tokens)
        if self._buy_reactions and top.defn.is_victory:
            self._react_to_buy(p, top)

    def buy_card_object(self, p: Player, card: Card, from_zone: list[Card],
                        source: str) -> Card | None:
        """``p`` buys ``card`` from a zone that is no Supply pile, outside the Buy phase
        (Black Market): pays its current cost, fires the when-buy triggers, then gains it.

        A primitive on the turn because it shares :meth:`buy`'s triggers. It uses no
        Buy and leaves the phase alone (Black Market FAQ: it is not a buy of the Buy
        phase; Peddler FAQ: Peddler's Buy-phase reduction does not apply); the card
        comes from no pile, so no pile token moves (Trade Route FAQ). The caller
        checks that it is affordable (:meth:`buy_refusal`).
        """
        cost = self.cost(card)
        self.coins -= cost.coins
        self.potions -= cost.potion
        p.debt += cost.debt
        self.bought_this_turn.append(card.name)
        if self._logging:
            self._event(LogKind.BUY, p, (card,), source, cost=cost.coins)
        self._when_bought(p, card, {})
        return self.gain_card_object(p, card, from_zone, source="buy")

    def buy_refusal(self, p: Player, card: Card) -> str | None:
        """Why ``p`` cannot buy ``card`` outside the Buy phase with what they have now
        (Black Market), or None: its cost, debt, or a rule forbidding it (Contraband,
        Grand Market). No Buy is needed."""
        cost = self.cost(card)
        if p.debt:
            return f"{p.name} has {p.debt} debt to repay before buying"
        if cost.coins > self.coins or cost.potion > self.potions:
            return f"{card.name} costs more than {p.name} has"
        return self.buy_restriction(card, starts_buy_phase=False)

    def _overpay(self, p: Player, bought: Card) -> None:
        """Guilds' overpay: when buying a card that allows it, ask how much more to pay.

        The options are every amount the player can still pay: ``"0"`` (no
        overpay), ``"1"``, ``"2"``... coins, and, with a Potion left, ``"P"``,
        ``"1P"``... (Stonemason FAQ: overpaying with a Potion counts). Nothing
        is asked when nothing is left to pay with. The card's hook runs only
        for a real overpay.
        """
        if self.coins <= 0 and self.potions <= 0:
            return
        amounts = [Cost(n, potion) for potion in range(min(self.potions, 1) + 1)
                   for n in range(self.coins + 1)]
        labels = {_overpay_id(c): c for c in amounts}
        answer = self.choose_option(
            p, bought.name, f"Overpay for {bought.name}? (coins you overpay)",
            [(i, "do not overpay" if i == "0" else f"overpay {i}") for i in labels],
            context={"coins": self.coins, "potions": self.potions},
        )
        paid = labels[answer]
        if paid == 0:
            return
        self.coins -= paid.coins
        self.potions -= paid.potion
        hook = bought.defn.on_overpay
        assert hook is not None
        hook(self, p, bought, paid)

    @_atomic
    def spend_coffers(self, n: int = 1) -> None:
        """Spend ``n`` Coin tokens (Guilds) for +1 coin each: in the Buy phase, before buying.

        Spending one in the Action phase moves to the Buy phase, as playing a
        Treasure does.
        """
        p = self._check_live()
        if self.phase not in ("action", "buy"):
            raise IllegalMove(f"Coin tokens are spent in the Buy phase (now: {self.phase})")
        if not isinstance(n, int) or n < 1:
            raise IllegalMove(f"cannot spend {n!r} Coin tokens")
        if n > p.coffers:
            raise IllegalMove(f"{p.name} has only {p.coffers} Coin tokens, not {n}")
        if self.bought_in_phase:
            raise IllegalMove("Coin tokens can only be spent before buying in this Buy phase")
        self._enter_buy()
        p.coffers -= n
        self.coins += n
    def _pile_tokens_on_buy(self, p: Player, tokens: dict[str, Any]) -> None:
        """Tokens on the bought card's pile that act when it is bought.

        Embargo (Seaside): a Curse per Embargo token, gained before the bought
        card (a when-buy effect); only buying triggers it, not gaining.
        """
        for _ in range(tokens.get("Embargo", 0)):
            if "Curse" in self.piles:
                self.gain(p, "Curse", source="Embargo")

    @_atomic
    def pay_debt(self, amount: int | None = None) -> int:
        """Repay debt with coins (all that can be, or ``amount``); returns what was paid."""
        p = self._check_live()
        if self.phase not in ("action", "buy"):
            raise IllegalMove(f"debt is repaid in the Buy phase (now: {self.phase})")
        most = min(p.debt, self.coins)
        paid = most if amount is None else amount
        if not 0 <= paid <= most:
            raise IllegalMove(f"cannot repay {paid} debt: owes {p.debt}, has {self.coins} coins")
        self._enter_buy()
        p.debt -= paid
        self.coins -= paid
        return paid

    @_atomic
    def buy_event(self, name: str) -> None:
        """Buy an Event: uses a Buy and its cost; nothing is gained."""
        p = self._check_live()
        ev = self.events.get(name)
        if ev is None:
            raise IllegalMove(f"cannot buy {name}: it is not an Event in this game")
        if self.phase not in ("action", "buy"):
            raise IllegalMove(f"cannot buy {name}: Events are bought in the Buy phase")
        why = self._affordable(ev.cost, name)
        if why:
            raise IllegalMove(f"cannot buy {name}: {why}")
        if ev.once_per_turn and self.events_bought.get(name):
            raise IllegalMove(f"cannot buy {name}: it can be bought only once per turn")
        self._enter_buy()
        self.buys -= 1
        self.coins -= ev.cost.coins
        p.debt += ev.cost.debt
        self.bought_in_phase = True
        self.events_bought[name] = self.events_bought.get(name, 0) + 1
        if self._logging:
            self._event(LogKind.BUY, p, (), name, scope=True, event=name)
            try:
                ev.on_buy(self, p)
            finally:
                self._close()
        else:
            ev.on_buy(self, p)

    def return_to_action_phase(self) -> None:
        """Go back to the Action phase (Launch); start-of-turn effects do not repeat."""
        self._set_phase("action")

    def _set_phase(self, phase: str) -> None:
        self.phase = phase
        self.bought_in_phase = False
        if self._logging:
            self._event(LogKind.PHASE, self.players[self.current], (), None, phase=phase)
        if phase == "buy" and self.players[self.current].states:
            self._start_of_buy_states(self.players[self.current])

    def _start_of_buy_states(self, p: Player) -> None:
        """The start-of-Buy-phase abilities of the States ``p`` has (Deluded, Envious)."""
        for name in list(p.states):
            hook = registry.landscape(name).start_of_buy
            if hook is not None and name in p.states:
                hook(self, p, name)

    @_atomic
    def end_phase(self) -> None:
        """End the current phase; ending the Night phase ends the turn."""
        self._check_live()
        if self.phase == "action":
            self._set_phase("buy")
        elif self.phase == "buy":
            self._set_phase("night")
        else:
            self._cleanup_and_next()

    @_atomic
    def end_turn(self) -> None:
        """Skip the rest of this turn (no more plays or buys): Clean-up, then the next turn."""
        self._check_live()
        self._cleanup_and_next()

    # ------------------------------------------------------ direct actions
    @_atomic
    def gain_card(self, player: int, name: str, to: str | None = None) -> Card | None:
        """Test action: ``player`` gains a ``name`` (firing when-gain triggers).

        ``to`` None sends it where the card says (Den of Sin: hand), else the
        discard pile; ``"discard"``, ``"hand"`` or ``"deck"`` force a place.
        Returns None if the pile is empty.
        """
        if self.over:
            raise GameOver("the game is over")
        p = self.player(player)
        if name not in self.piles:
            raise IllegalMove(f"there is no {name} pile in this game")
        if to not in (None, "discard", "hand", "deck"):
            raise IllegalMove(f"cannot gain to {to!r} (use discard, hand or deck)")
        return self.gain(p, name, to, source="test")

    @_atomic
    def trash_from(self, player: int, card: str | Card, zone: str = "hand") -> Card:
        """Test action: ``player`` trashes a card from one of their zones
        (``hand``, ``deck``, ``discard``, ``in_play``, ``set_aside``), firing
        when-trash triggers. A name picks the first match (the top for the deck)."""
        p = self.player(player)
        zones = {"hand": p.hand, "deck": p.deck, "discard": p.discard, "in_play": p.in_play,
                 "set_aside": p.set_aside}
        if zone not in zones:
            raise IllegalMove(f"cannot trash from {zone!r} (use one of {sorted(zones)})")
        cards = zones[zone]
        search = cards[::-1] if zone == "deck" else cards
        c = self._find(search, card, f"{p.name}'s {zone.replace('_', ' ')}")
        self.trash_card(p, c, cards, source="test")
        return c

    @_atomic
    def trash_from_hand(self, player: int, card: str | Card) -> Card:
        """Test action: ``player`` trashes a card from their hand (firing when-trash triggers)."""
        return self.trash_from(player, card, "hand")

    @_atomic
    def discard_from_hand(self, player: int, card: str | Card) -> Card:
        """Test action: ``player`` discards a card from their hand."""
        p = self.player(player)
        c = self._find(p.hand, card, f"{p.name}'s hand")
        self.discard_card(p, c, p.hand, source="test")
        return c

    @_atomic
    def draw_cards(self, player: int, n: int = 1) -> list[Card]:
        """Test action: ``player`` draws ``n`` cards."""
        if n < 0:
            raise IllegalMove("cannot draw a negative number of cards")
        return self.draw(self.player(player), n)

    # ----------------------------------------------------------- turn flow
    def _cleanup_and_next(self) -> None:
        p = self.players[self.current]
        self.phase = "cleanup"
        if self._logging:
            self._event(LogKind.PHASE, p, (), None, phase="cleanup")
        if self.traits:  # "at the start of your Clean-up phase" (Friendly, Patient...)
            for trait_hook, pile in self._trait_hooks("on_cleanup"):
                trait_hook(self, p, pile)
        while self.cleanup_hooks:  # "when you discard ... from play" (Trickster)
            self.cleanup_hooks.pop(0)(self)
        keep_ids: set[int] = set()
        states = self._set_states
        if states and any(s.keeps_play(self) for s in states.values()):
            keep_ids = {id(c) for c in p.in_play}  # Journey: the hand is still discarded
        elif p.durations:
            keep_ids = self.held_by_durations(p)
        if self.onto_deck_from_play:
            self._onto_deck_instead(p, keep_ids)
        if any(c.defn.on_discard_from_play is not None for c in p.in_play):
            self._discard_hooked_from_play(p, keep_ids)
        discard = p.discard
        if keep_ids:
            kept = [c for c in p.in_play if id(c) in keep_ids]
            discard.extend(c for c in p.in_play if id(c) not in keep_ids)
            p.in_play = kept
        else:
            discard.extend(p.in_play)
            p.in_play = []
        discard.extend(p.hand)
        p.hand = []
        if self._masks:
            for card, _ in list(self._masks.values()):
                if not any(card is c for q in self.players for c in q.in_play):
                    self._unmask(card)
        hand_size = 5
        if self._set_states:  # Outpost: 3
            for s in list(self._set_states.values()):
                hand_size = s.cleanup_draw(self, hand_size)
        self.draw(p, hand_size)
        waiting = p.mats.get(POSSESSION_MAT) if p.mats else None
        if waiting:
            # After Clean-up, the possessed player's trashed cards go to their
            # discard pile (not a gain).
            for c in list(waiting):
                self.discard_card(p, c, waiting, "Possession")
            del p.mats[POSSESSION_MAT]
        self._end_of_turn()
        self.last_turn_player = p.index
        while self.end_of_turn:  # "at end of turn" effects, after the new hand is drawn
            self.end_of_turn.pop(0)(self)
        if self._set_states:  # Outpost, Journey: before any Possession turn
            for s in list(self._set_states.values()):
                if s.extra_turn_due(self):
                    self.extra_turns.appendleft((p.index, None))
        self._next_turn()

    def _discard_hooked_from_play(self, p: Player, keep_ids: set[int]) -> None:
        """Clean-up's first discards: the cards in play with a when-discarded-from-play
        hook (Herbalist, Alchemist), one at a time, each hook firing as its card is
        discarded; the rest of play follows all at once.

        Shared by every such card, so it lives in the turn. The player orders
        these discards (Herbalist FAQ: discarding Alchemist first, while the Potion
        is still in play, then Herbalist, which then puts the Potion on the deck).
        Discarding the other cards of play before them could only take options
        away, so they are not offered first.
        """
        hooked = [c for c in p.in_play
                  if c.defn.on_discard_from_play is not None and id(c) not in keep_ids]
        if len(hooked) > 1:
            hooked = self.order_cards(p, None, "Order to discard from play (first goes first)",
                                      hooked)
        for c in hooked:
            if c not in p.in_play:
                continue
            # Read before discarding: leaving play ends a borrowed identity (Band of
            # Misfits played as Hermit), and the hook is the one it had in play.
            hook = c.defn.on_discard_from_play
            self.discard_card(p, c, p.in_play)
            assert hook is not None
            hook(self, p, c)

    def _onto_deck_instead(self, p: Player, keep_ids: set[int]) -> None:
        """The cards chosen for Scheme that Clean-up would discard from play go onto the
        deck instead (before the new hand is drawn), in the order the player chooses.
        Not discarded from play, they fire no when-discarded-from-play ability (Hermit
        FAQ: a Hermit put on the deck by Scheme is not trashed)."""
        leaving = list(dict.fromkeys(c for c in self.onto_deck_from_play
                                     if c in p.in_play and id(c) not in keep_ids))
        for c in self.order_cards(p, "Scheme", "Put these on your deck (first goes first)",
                                  leaving):
            self.topdeck(p, c, p.in_play, "Scheme")

    def _end_of_turn(self) -> None:
        """After Clean-up's draw: every player takes back into hand the cards set aside
        "until end of turn" (on the :data:`UNTIL_END_OF_TURN` mat; Faithful Hound), and
        The River's Gift draws its card; Boons kept until Clean-up are discarded."""
        for q in self.players:
            waiting = q.mats.get(UNTIL_END_OF_TURN)
            if waiting:
                del q.mats[UNTIL_END_OF_TURN]
                q.hand.extend(waiting)
        held = self.boons.held
        if held:
            self.boons.held = []
            for idx, name in held:
                if name == RIVERS_GIFT:
                    self.draw(self.players[idx], 1)
            # Each Boon exists once: shared or doubled receipts are discarded once; Druid's
            # Boons stay set aside for Druid.
            self.boons.discard.extend(n for n in dict.fromkeys(name for _, name in held)
                                      if n not in self.boons.set_aside)

    def game_should_end(self) -> bool:
        """True if the Province or Colony pile, or enough Supply piles, are empty."""
        empty = 0
        for name, pile in self.piles.items():
            if pile.supply and not pile.cards:
                if name == "Province" or name == "Colony":
                    return True
                empty += 1
        return empty >= (4 if len(self.players) >= 5 else 3)

    def _next_turn(self) -> None:
        if self.game_should_end():
            self.over = True
            self.phase = "over"
            if self._logging:
                self._event(LogKind.GAME_END, None, (), None, **self.result().to_dict())
            return
        possessor = None
        if self.extra_turns:  # Outpost's and Journey's first, then Possession's
            idx, possessor = self.extra_turns.popleft()
            extra = True
        else:
            idx = (self._last_normal + 1) % len(self.players)
            self._last_normal = idx
            extra = False
        self._start_turn(idx, extra, possessor)

    def _start_turn(self, idx: int, extra: bool, possessor: int | None = None) -> None:
        done = self.current  # the player whose turn just ended (Smugglers looks at it)
        self.gained_last_turn = {**self.gained_last_turn,
                                 done: [c for i, c in self.gained_this_turn if i == done]}
        # Turns in a row by one player: an extra turn, or a normal turn right after
        # that player's Possession turn (in a solitaire game normal turns start anew).
        same = idx == self.current and (extra or len(self.players) > 1)
        self.consecutive_turns = self.consecutive_turns + 1 if same else 1
        self.current = idx
        self.is_extra_turn = extra
        self.possessed_by = possessor
        self.turn_number += 1
        self.reset_turn_counters()
        p = self.players[idx]
        if not extra:
            p.turns_taken += 1
        self.phase = "start"
        if self._logging:
            if possessor is None:
                self._event(LogKind.TURN, p, (), None, extra=extra)
            else:
                self._event(LogKind.TURN, p, (), None, extra=extra, possessed_by=possessor)
        if p.durations:
            # "Next time" Durations (NextTime) keep waiting; the others happen now.
            effects = [e for e in p.durations if not isinstance(e.effect, NextTime)]
            p.durations = [e for e in p.durations if isinstance(e.effect, NextTime)]
            if len(effects) > 1 and len({e.card.name for e in effects}) > 1:
                effects = self._order_effects(p, effects)
            for eff in effects:
                if self._logging:
                    self._event(LogKind.DURATION, p, (eff.card,), None, scope=True)
                    try:
                        eff.effect(self, p, eff.card)
                    finally:
                        self._close()
                else:
                    eff.effect(self, p, eff.card)
        if self.boons.saved:
            self._receive_saved_boons(p)
        if self.next_turn_effects:
            mine = [e for i, e in self.next_turn_effects if i == idx]
            self.next_turn_effects = [(i, e) for i, e in self.next_turn_effects if i != idx]
            for effect in mine:
                effect(self, p)
        if p.states:
            self._start_of_turn_states(p)
        self._run_turn_starts(p)
        self.phase = "action"

    def _receive_saved_boons(self, p: Player) -> None:
        """Boons saved for this turn's start (Blessed Village), received in turn."""
        mine = [name for idx, name in self.boons.saved if idx == p.index]
        self.boons.saved = [e for e in self.boons.saved if e[0] != p.index]
        for name in mine:
            self.receive_boon(p, "Blessed Village", name=name)

    def _start_of_turn_states(self, p: Player) -> None:
        """The start-of-turn abilities of the States ``p`` has (Lost in the Woods), after
        the Duration effects."""
        for name in list(p.states):
            hook = registry.landscape(name).start_of_turn
            if hook is not None and name in p.states:
                hook(self, p, name)

    def _run_turn_starts(self, p: Player) -> None:
        """The Kingdom's "at the start of your turn" abilities (Shaman, Shy), after Durations."""
        for hook in self.turn_starts:
            hook(self, p)
        if self.traits:
            for trait_hook, pile in self._trait_hooks("on_turn_start"):
                trait_hook(self, p, pile)

    def _order_effects(self, p: Player, effects: list[DurationEffect]) -> list[DurationEffect]:
        """Simultaneous start-of-turn effects of different cards: the player orders them."""
        chosen = self.order_cards(p, None, "Order your start-of-turn effects",
                                  [e.card for e in effects])
        left = list(effects)
        ordered = []
        for card in chosen:
            i = next(i for i, e in enumerate(left) if e.card is card)
            ordered.append(left.pop(i))
        return ordered

    # ----------------------------------------------------------- auto play
    @_atomic
    def play_turn(self) -> None:
        """Play the current turn to its end, asking the current player's provider.

        All-or-nothing as a whole (one checkpoint per turn, not per move).
        """
        idx, turn = self.current, self.turn_number
        while not self.over and self.current == idx and self.turn_number == turn:
            phase = self.phase
            if phase == "action":
                self._auto_action()
            elif phase == "buy":
                self._auto_buy()
            else:
                self._auto_night()

    def _phase_answer(self, decision: Decision,
                      allowed: tuple[str, ...] = ("play:",)) -> str:
        """Ask a phase decision. A plain id answer is not matched against the (lazy)
        option list: the move it names checks its own legality, with a better
        message, and computing every buyable pile each time is the hot path's
        main cost."""
        self._step()
        decision.player = self.controller(decision.player)
        provider = self.providers[decision.player % len(self.providers)]
        answer = provider.decide(self, decision)
        if isinstance(answer, list | tuple) and len(answer) == 1:
            answer = answer[0]
        if not isinstance(answer, str):
            [picked] = decision.resolve(answer)
            answer = picked.id
        elif not (answer == END_PHASE or answer.startswith(allowed) or (
                answer == PLAY_ALL_TREASURES and decision.kind is DecisionKind.BUY_PHASE)):
            raise InvalidAnswer(f"{answer!r} is not a legal choice in {decision.describe()}")
        if self._logging:
            self._event(LogKind.DECISION, self.players[decision.player], (), None,
                        kind=decision.kind.value, answer=[answer])
        return answer

    def _auto_action(self) -> None:
        p = self.players[self.current]
        if self.actions < 1 or not any(c.defn.is_action for c in p.hand):
            self._set_phase("buy")
            return

        def options() -> list[Option]:
            names = sorted({c.name for c in p.hand if c.defn.is_action})
            return [Option(f"play:{n}", f"play {n}") for n in names] + [Option(END_PHASE)]

        answer = self._phase_answer(Decision(
            DecisionKind.ACTION_PHASE, p.index, None, "Play an Action or end the Action phase",
            options))
        if answer == END_PHASE:
            self._set_phase("buy")
        else:
            self.play_action(answer[5:])

    def legal_moves(self) -> list[str]:
        """The current player's legal moves as phase-decision ids (for UIs and tests).

        Action phase: ``play:<Action>`` (if an Action is left) and the Treasure
        and buy moves (playing a Treasure or buying ends the Action phase);
        Buy phase: see :meth:`buy_options`; Night: ``play:<Night>``. Always
        ``end_phase``.
        """
        if self.over:
            return []
        p = self.players[self.current]
        moves: list[str] = []
        if self.phase == "action" and self.actions > 0:
            moves += [f"play:{n}" for n in sorted({c.name for c in p.hand if c.defn.is_action})]
        if self.phase in ("action", "buy"):
            moves += [o.id for o in self.buy_options() if o.id != END_PHASE]
        if self.phase in ("action", "buy", "night"):
            moves += [f"play:{n}" for n in sorted({c.name for c in p.hand if c.defn.is_night})]
        return sorted(set(moves), key=moves.index) + [END_PHASE]

    def buy_options(self) -> list[Option]:
        """Every legal Buy-phase move of the current player, as options."""
        p = self.players[self.current]
        opts: list[Option] = []
        if not self.bought_in_phase:
            treasures = sorted({c.name for c in p.hand if c.defn.is_treasure})
            if treasures:
                opts.append(Option(PLAY_ALL_TREASURES))
                opts.extend(Option(f"play:{n}", f"play {n}") for n in treasures)
        if p.coffers and not self.bought_in_phase:
            opts.append(Option(SPEND_COFFER, "spend a Coin token"))
        if self.buys > 0 and not p.debt:
            for name, pile in self.piles.items():
                top = pile.top
                if pile.supply and top is not None and not (
                        top.defn.is_action and self._no_action_buys()):
                    c = self.cost(top)
                    if c.coins <= self.coins and c.potion <= self.potions and (
                            not (self.cannot_buy or top.defn.buy_forbidden)
                            or self.buy_restriction(top) is None):
                        opts.append(Option(f"buy:{name}", f"buy {name}"))
            for name, ev in self.events.items():
                if ev.cost.coins <= self.coins and not (
                    ev.once_per_turn and self.events_bought.get(name)
                ):
                    opts.append(Option(f"event:{name}", f"buy {name}"))
        opts.append(Option(END_PHASE))
        return opts

    def _auto_buy(self) -> None:
        p = self.players[self.current]
        if self.buys < 1 and (self.bought_in_phase or not any(c.defn.is_treasure for c in p.hand)):
            self._set_phase("night")
            return
        answer = self._phase_answer(Decision(
            DecisionKind.BUY_PHASE, p.index, None, "Play Treasures, buy, or end the Buy phase",
            self.buy_options), ("play:", "buy:", "event:", SPEND_COFFER))
        if answer == END_PHASE:
            self._set_phase("night")
        elif answer == PLAY_ALL_TREASURES:
            self.play_all_treasures()
        elif answer.startswith("play:"):
            self.play_treasure(answer[5:])
        elif answer.startswith("buy:"):
            self.buy(answer[4:])
        elif answer == SPEND_COFFER:
            self.spend_coffers(1)
        else:
            self.buy_event(answer[6:])

    def _auto_night(self) -> None:
        p = self.players[self.current]
        if self.phase != "night" or not any(c.defn.is_night for c in p.hand):
            self._cleanup_and_next()
            return

        def options() -> list[Option]:
            names = sorted({c.name for c in p.hand if c.defn.is_night})
            return [Option(f"play:{n}", f"play {n}") for n in names] + [Option(END_PHASE)]

        answer = self._phase_answer(Decision(
            DecisionKind.NIGHT_PHASE, p.index, None, "Play a Night card or end the turn", options))
        if answer == END_PHASE:
            self._cleanup_and_next()
        else:
            self.play_night(answer[5:])

    @_atomic
    def play_game(self, max_turns: int = 500) -> GameResult:
        """Play turns until the game ends or ``max_turns`` turns have started.

        All-or-nothing as a whole, like every public call: one checkpoint for the
        call, so a turn that raises (a provider's illegal answer, an engine error)
        puts the game back where this call found it. To keep the turns that
        succeeded, call :meth:`play_turn` in a loop: each turn is then its own move.
        """
        while not self.over:
            if self.turn_number > max_turns:
                res = self.result()
                res.turn_limit_hit = True
                return res
            self.play_turn()
        return self.result()

    # ------------------------------------------------------------- scoring
    def victory_points(self, p: Player) -> int:
        """``p``'s score now: card VP (including Gardens-like cards) plus VP tokens."""
        total = p.vp_tokens
        if p.states:
            total += sum(registry.landscape(s).vp for s in p.states)
        for c in p.all_cards():
            d = c.defn
            total += d.vp
            if d.vp_fn is not None:
                total += d.vp_fn(p)
        return total

    def result(self) -> GameResult:
        """Scores and winners: most VP; ties go to fewer (normal) turns; else shared."""
        vp = [self.victory_points(p) for p in self.players]
        turns = [p.turns_taken for p in self.players]
        best = max(vp)
        tied = [i for i, v in enumerate(vp) if v == best]
        fewest = min(turns[i] for i in tied)
        winners = [i for i in tied if turns[i] == fewest]
        return GameResult(vp, turns, winners)

    # ------------------------------------------------------------ snapshot
    def snapshot(self) -> dict[str, Any]:
        """Every zone and counter as plain data, for transcripts and comparisons.

        Decks are listed top first; discard piles in the order cards arrived
        (top last); piles by count.
        """
        def names(cards: list[Card]) -> list[str]:
            return [c.name for c in cards]

        players = []
        for p in self.players:
            players.append({
                "name": p.name,
                "deck": names(p.deck_top_first()),
                "hand": names(p.hand),
                "discard": names(p.discard),
                "in_play": names(p.in_play),
                "set_aside": names(p.set_aside),
                "mats": {k: names(v) for k, v in p.mats.items()},
                "tokens": dict(p.tokens),
                "vp_tokens": p.vp_tokens,
                "coffers": p.coffers,
                "villagers": p.villagers,
                "debt": p.debt,
                "turns_taken": p.turns_taken,
                "durations": [e.card.name for e in p.durations],
                "states": list(p.states),
            })
        return {
            "turn": self.turn_number,
            "current_player": self.current,
            "phase": self.phase,
            "extra_turn": self.is_extra_turn,
            "possessed_by": self.possessed_by,
            "actions": self.actions,
            "buys": self.buys,
            "coins": self.coins,
            "potions": self.potions,
            "players": players,
            "supply": {n: len(p) for n, p in self.piles.items() if p.supply},
            "non_supply": {n: len(p) for n, p in self.piles.items() if not p.supply},
            "trash": names(self.trash),
            "black_market": names(self.black_market),  # top first
            "events": sorted(self.events),
            "over": self.over,
        }


def _overpay_id(amount: Cost) -> str:
    """The option id of an overpay amount: ``"2"``, ``"P"``, ``"1P"``."""
    if amount.potion:
        return f"{amount.coins}P" if amount.coins else "P"
    return str(amount.coins)
