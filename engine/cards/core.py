"""What a card *is* (:class:`CardDef`) versus one physical copy (:class:`Card`).

Definitions are shared, immutable data with hooks; every physical copy in a
game is its own :class:`Card` object, so "that card" rulings (a card that was
trashed, moved, or played twice) can be expressed by identity.

Where a hook works is part of its name, not something the hook checks:
``react_attack``/``react_gain``/``react_buy``/``react_trash`` work from the hand,
``while_in_play_*`` only while the card is in play, ``on_trash`` from wherever it was trashed,
``on_gain`` for the gained card itself, and ``on_discard_from_play`` as Clean-up discards the
card from play (Herbalist, Alchemist, Treasury, Hermit).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.cost import Cost

if TYPE_CHECKING:
    from engine.game import Game
    from engine.primitives import GameBase, Play
    from engine.state import Player
    from engine.triggers import GainRule

# Card hooks get the game's primitives (GameBase); Event hooks, called by a
# move, get the whole Game (Launch changes the phase).
PlayHook = Callable[["GameBase", "Player", "Card", "Play"], None]
CardHook = Callable[["GameBase", "Player", "Card"], None]
# Overpay hooks also get what was overpaid (coins, and a Potion if one was).
OverpayHook = Callable[["GameBase", "Player", "Card", Cost], None]
# When-shuffled hooks get the newly shuffled cards (top last), to reorder in place.
ShuffleHook = Callable[["GameBase", "Player", list["Card"]], None]


class CardDef:
    """The definition of a card: name, cost, types, bonuses and hooks."""

    __slots__ = (
        "name", "cost", "types", "set_name", "kind",
        "is_action", "is_treasure", "is_victory", "is_curse", "is_attack",
        "is_reaction", "is_duration", "is_night",
        "cards", "actions", "buys", "coins", "potions", "vp",
        "on_play", "on_gain", "on_trash", "on_discard_from_play",
        "react_attack", "react_gain", "react_buy",
        "while_in_play_buy", "while_in_play_immune", "next_turn", "vp_fn", "gain_to",
        "extra_piles", "heirloom", "pile_size", "plain",
        "on_buy", "while_in_play_gain", "cost_modifier", "buy_forbidden",
        "on_overpay", "setup_coffers", "on_shuffle",
        "react_trash", "while_in_play_attack",
        "shields", "on_discard", "on_any_gain",
        "each_turn", "react_any_gain", "gain_rule",
    )

    def __init__(
        self,
        name: str,
        cost: Cost | int,
        types: tuple[str, ...],
        *,
        set_name: str,
        kind: str = "kingdom",
        cards: int = 0,
        actions: int = 0,
        buys: int = 0,
        coins: int = 0,
        potions: int = 0,
        vp: int = 0,
        on_play: PlayHook | None = None,
        on_gain: CardHook | None = None,
        on_trash: CardHook | None = None,
        on_discard_from_play: CardHook | None = None,
        react_attack: Callable[..., bool] | None = None,
        react_gain: Callable[..., None] | None = None,
        react_buy: Callable[..., None] | None = None,
        react_trash: Callable[..., None] | None = None,
        while_in_play_buy: Callable[..., None] | None = None,
        while_in_play_immune: bool = False,
        while_in_play_attack: Callable[..., None] | None = None,
        next_turn: CardHook | None = None,
        vp_fn: Callable[[Player], int] | None = None,
        gain_to: str | None = None,
        extra_piles: tuple[str, ...] = (),
        heirloom: str | None = None,
        pile_size: Any = None,
        on_buy: CardHook | None = None,
        while_in_play_gain: Callable[..., None] | None = None,
        cost_modifier: Callable[[GameBase, CardDef, Cost], Cost] | None = None,
        buy_forbidden: Callable[[GameBase, Player], str | None] | None = None,
        on_overpay: OverpayHook | None = None,
        setup_coffers: int = 0,
        on_shuffle: ShuffleHook | None = None,
        shields: bool = False,
        on_discard: CardHook | None = None,
        on_any_gain: Callable[..., None] | None = None,
        each_turn: Callable[[GameBase, Player], None] | None = None,
        react_any_gain: Callable[..., bool] | None = None,
        gain_rule: GainRule | None = None,
    ) -> None:
        self.name = name
        self.cost = cost if isinstance(cost, Cost) else Cost(cost)
        self.types = frozenset(types)
        self.set_name = set_name
        self.kind = kind
        self.is_action = "Action" in types
        self.is_treasure = "Treasure" in types
        self.is_victory = "Victory" in types
        self.is_curse = "Curse" in types
        self.is_attack = "Attack" in types
        self.is_reaction = "Reaction" in types
        self.is_duration = "Duration" in types
        self.is_night = "Night" in types
        self.cards = cards
        self.actions = actions
        self.buys = buys
        self.coins = coins
        self.potions = potions
        self.vp = vp
        self.on_play = on_play
        self.on_gain = on_gain
        self.on_trash = on_trash
        self.react_attack = react_attack
        self.react_gain = react_gain
        self.react_buy = react_buy  # "when you buy a Victory card", from hand (Hovel)
        self.react_trash = react_trash  # "when one of your cards is trashed" (Market Square)
        self.while_in_play_buy = while_in_play_buy
        # While in play, other players' Attacks do not affect its owner (Lighthouse).
        self.while_in_play_immune = while_in_play_immune
        # "When you play another Attack card with this in play" (Urchin), before it resolves.
        self.while_in_play_attack = while_in_play_attack
        # "When you discard this from play": called by Clean-up just after the card
        # went from play to the discard pile (it may move it on, as Alchemist and
        # Treasury do, or trash it, as Hermit does).
        self.on_discard_from_play = on_discard_from_play
        self.next_turn = next_turn  # a Duration's "at the start of your next turn"
        self.vp_fn = vp_fn
        self.gain_to = gain_to
        self.extra_piles = extra_piles
        self.heirloom = heirloom
        self.pile_size = pile_size
        # "When you buy this" (Mint), before the card is gained.
        self.on_buy = on_buy
        # While this is in play, when its owner gains a card (Royal Seal):
        # hook(game, player, this, gained, zone).
        self.while_in_play_gain = while_in_play_gain
        # A cost change this card makes while it is in the game (Quarry, Peddler):
        # applied by GameBase.cost to every card's cost once the card exists in the game.
        self.cost_modifier = cost_modifier
        # Why this card cannot be bought now, or None (Grand Market).
        self.buy_forbidden = buy_forbidden
        # Guilds: "When you buy this, you may overpay for it" (engine.turn.Game.buy asks
        # how much, then calls this with the overpaid Cost, which may hold a Potion).
        self.on_overpay = on_overpay
        # Guilds (Baker): "Setup: Each player takes N Coin tokens" (engine.setup).
        self.setup_coffers = setup_coffers
        # "When you shuffle" (Stash): called by GameBase.shuffle with the shuffled cards
        # (top last) when one of them is this card; the hook may reorder them in place.
        self.on_shuffle = on_shuffle
        # While a play of this card waits for its next-turn effect, other players'
        # Attacks do not affect its owner (Guardian; Seaside's Lighthouse reads the same).
        self.shields = shields
        # "When you discard this" (Faithful Hound): fired by the discard primitive, from
        # wherever the card was discarded, and not in Clean-up, which moves cards without it.
        self.on_discard = on_discard
        # "In games using this, when you gain a card" (Changeling): fired for every gain
        # by any player while this card's pile is in the game, after the gained card's own
        # when-gain effects and reactions; called as (game, player, gained card, zone).
        self.on_any_gain = on_any_gain
        # "In games using this, at the start of your turn..." (Shaman): every
        # player, every turn, whether or not anyone has the card.
        self.each_turn = each_turn
        # "When anyone gains a ... card, you may play this from your hand"
        # (Mapmaker, Stowaway): (game, holder, this, gainer, gained) -> may it?
        self.react_any_gain = react_any_gain
        # "In games using this, when you gain ..." (Duchess): one of the gain's
        # when-gain effects, ordered with the others (engine.triggers).
        self.gain_rule = gain_rule
        # A "plain" Treasure only adds coins/potions: the hot path plays it inline
        # (not Pouch, whose +1 Buy the full play applies).
        self.plain = on_play is None and not (cards or actions or buys)

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"


class EventDef:
    """A landscape Event: bought (with a Buy and coins), never gained."""

    __slots__ = ("name", "cost", "set_name", "once_per_turn", "on_buy", "kind", "types",
                 "extra_piles")

    def __init__(
        self,
        name: str,
        cost: Cost | int,
        *,
        set_name: str,
        on_buy: Callable[[Game, Player], None],
        once_per_turn: bool = False,
        extra_piles: tuple[str, ...] = (),
    ) -> None:
        self.name = name
        self.cost = cost if isinstance(cost, Cost) else Cost(cost)
        self.set_name = set_name
        self.on_buy = on_buy
        self.once_per_turn = once_per_turn
        self.extra_piles = extra_piles  # non-Supply piles it needs (Loot for Looting)
        self.kind = "event"
        self.types = frozenset({"Event"})

    def __repr__(self) -> str:
        return f"EventDef({self.name!r})"


class LandscapeDef:
    """A Boon, Hex or State: a landscape with an effect, never a card in a deck.

    ``on_receive(game, player, name)`` applies it when received. A Boon with ``keep``
    stays in front of its receiver until that turn's Clean-up (The Field's Gift). A
    State is held by players (``Player.states``); it is never a card.
    """

    __slots__ = ("name", "set_name", "kind", "types", "on_receive", "keep", "start_of_turn",
                 "start_of_buy", "vp")

    def __init__(self, name: str, kind: str, *, set_name: str,
                 on_receive: Callable[..., None] | None = None, keep: bool = False,
                 start_of_turn: Callable[..., None] | None = None,
                 start_of_buy: Callable[..., None] | None = None, vp: int = 0) -> None:
        self.name = name
        self.set_name = set_name
        self.kind = kind  # "boon", "hex" or "state"
        self.types = frozenset({kind.capitalize()})
        self.on_receive = on_receive
        self.keep = keep
        # A State's "at the start of your turn" (Lost in the Woods): (game, player, name).
        self.start_of_turn = start_of_turn
        # A State's "at the start of your Buy phase" (Deluded, Envious): (game, player, name).
        self.start_of_buy = start_of_buy
        self.vp = vp  # a State's VP at the end of the game (Miserable: -2)

    def __repr__(self) -> str:
        return f"LandscapeDef({self.name!r})"

class TraitDef:
    """A Trait (Plunder): a landscape put on one Kingdom pile, changing that pile's cards.

    ``on_gain(game, player, gained card, trait pile)`` runs at every gain in a game
    using it (the Trait decides whether it cares: Rich for a card of its pile,
    Fawning for a Province); ``cost_coins`` changes its pile's coin costs (Cheap).
    """

    __slots__ = ("name", "set_name", "on_gain", "cost_coins", "extra_piles", "kind", "types",
                 "on_turn_start", "on_cleanup", "after_play", "plays_twice", "on_shuffle",
                 "at_setup")

    def __init__(
        self,
        name: str,
        *,
        set_name: str,
        on_gain: Callable[..., None] | None = None,
        cost_coins: int = 0,
        extra_piles: tuple[str, ...] = (),
        on_turn_start: Callable[..., None] | None = None,
        on_cleanup: Callable[..., None] | None = None,
        after_play: Callable[..., None] | None = None,
        plays_twice: bool = False,
        on_shuffle: Callable[..., Any] | None = None,
        at_setup: Callable[..., None] | None = None,
    ) -> None:
        self.name = name
        self.set_name = set_name
        self.on_gain = on_gain
        self.cost_coins = cost_coins
        # (game, player, trait pile) at the start of a turn / of Clean-up (Shy,
        # Friendly, Patient, Tireless); (game, player, played card, pile) after a
        # card of its pile is played (Inspiring); Reckless follows cards twice.
        self.on_turn_start = on_turn_start
        self.on_cleanup = on_cleanup
        self.after_play = after_play
        self.plays_twice = plays_twice
        # (game, player, the cards to shuffle, pile) -> (cards for the top, for the
        # bottom), asked before the shuffle (Fated).
        self.on_shuffle = on_shuffle
        # (game, pile) once the starting decks are made, before they are shuffled
        # (Inherited); only in a game set up by the rules.
        self.at_setup = at_setup
        self.extra_piles = extra_piles  # non-Supply piles it needs (Loot for Cursed)
        self.kind = "trait"
        self.types = frozenset({"Trait"})

    def __repr__(self) -> str:
        return f"TraitDef({self.name!r})"


class Card:
    """One physical card. Identity (``uid``) is unique within a game."""

    __slots__ = ("uid", "defn", "name")

    def __init__(self, uid: int, defn: CardDef) -> None:
        self.uid = uid
        self.defn = defn
        self.name = defn.name

    def __repr__(self) -> str:
        return f"<{self.name}#{self.uid}>"
