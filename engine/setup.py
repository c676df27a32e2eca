"""Building games: a normal setup, or an explicit state for scenarios.

:func:`new_game` follows the setup rules (pile sizes by player count, starting
decks, the extra piles and rules later sets need). Setup is a list of small
rule functions (:data:`SETUP_RULES`), so a later set adds its rule (Shelters,
Heirlooms, Ruins, Bane, Black Market, Traits...) without touching the others.

:func:`game_from_state` builds any position: every zone of every player, pile
counts, trash, whose turn and which phase. It accepts a :class:`GameSpec` or a
plain mapping of the same shape (what a scenario YAML file holds).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine import registry
from engine.cards.core import Card, CardDef, EventDef, TraitDef
from engine.cost import Cost
from engine.decisions import DecisionProvider
from engine.errors import SetupError
from engine.game import DEFAULT_STEP_LIMIT, Game
from engine.state import DurationEffect, Pile, Player
from engine.vocabulary import STARTING_PHASES

RUINS = ("Abandoned Mine", "Ruined Library", "Ruined Market", "Ruined Village", "Survivors")
SHELTERS = ("Hovel", "Necropolis", "Overgrown Estate")
#: Kingdom piles of different cards, by the name the Kingdom uses (a card of kind "pile").
MIXED_KINGDOM_PILES = {
    "Knights": ("Dame Anna", "Dame Josephine", "Dame Molly", "Dame Natalie", "Dame Sylvia",
                "Sir Bailey", "Sir Destry", "Sir Martin", "Sir Michael", "Sir Vander"),
}

# Kinds of card whose pile, when a game has one, is not in the Supply (Spoils; Nocturne's
# Spirits such as Imp; Zombies, which start in the trash).
NON_SUPPLY_KINDS = ("non-supply", "spirit", "zombie")


def pile_size(defn: CardDef, players: int) -> int:
    """How many copies of ``defn`` go in its pile for ``players`` players."""
    name = defn.name
    big = players >= 5
    if name == "Copper":
        return (120 if big else 60) - 7 * players
    if name == "Silver":
        return 80 if big else 40
    if name == "Gold":
        return 60 if big else 30
    if name == "Curse":
        return 10 * (players - 1) if players > 1 else 10
    if name == "Province":
        return {1: 5, 2: 8, 3: 12, 4: 12, 5: 15, 6: 18}[players]
    if name == "Colony":
        return 8 if players <= 2 else 12
    if isinstance(defn.pile_size, int):
        return defn.pile_size
    if defn.is_victory:
        return 8 if players <= 2 else 12
    return 10


@dataclass
class SetupContext:
    """What the setup rules read and write while a game is being built."""

    kingdom: list[str]
    players: int
    options: dict[str, Any]
    rng: random.Random
    piles: dict[str, tuple[list[str], bool, bool]] = field(default_factory=dict)
    # name -> (card names bottom..top, in Supply, is a Kingdom pile)
    starting: list[list[str]] = field(default_factory=list)
    landscape: dict[str, Any] = field(default_factory=dict)

    def add_pile(self, name: str, cards: list[str] | int, *, supply: bool, kingdom: bool) -> None:
        """Add a pile of ``cards`` names (or that many copies of ``name``)."""
        if isinstance(cards, int):
            cards = [name] * cards
        self.piles[name] = (cards, supply, kingdom)

    def defs(self) -> list[CardDef]:
        """Definitions of every Kingdom card in this game, the Bane's included (its pile
        brings what any Kingdom pile brings: Urchin as Bane needs the Mercenary pile)."""
        bane = self.landscape.get("bane")
        return [registry.card(n) for n in [*self.kingdom, *([bane] if bane else [])]]


def _rule_basics(ctx: SetupContext) -> None:
    for name in ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse"):
        defn = registry.card(name)
        ctx.add_pile(name, pile_size(defn, ctx.players), supply=True, kingdom=False)


def _rule_kingdom(ctx: SetupContext) -> None:
    for defn in ctx.defs():
        if defn.kind == "pile" and defn.name in MIXED_KINGDOM_PILES:
            # One of each member, shuffled (Knights: the top card varies).
            members = list(MIXED_KINGDOM_PILES[defn.name])
            ctx.rng.shuffle(members)
            ctx.add_pile(defn.name, members, supply=True, kingdom=True)
            continue
        if defn.kind != "kingdom":
            raise SetupError(f"{defn.name} is not a Kingdom card")
        ctx.add_pile(defn.name, pile_size(defn, ctx.players), supply=True, kingdom=True)


def _rule_potion(ctx: SetupContext) -> None:
    """16 Potions, whatever the player count, only if a card in use has Potion in its cost.

    "In use" is the Kingdom (and a Bane) plus the Black Market deck; a Black
    Market deck without a Potion-cost card brings no Potion pile.
    """
    in_use = ctx.defs()
    bane = ctx.options.get("bane")
    if bane:
        in_use.append(registry.card(bane))
    in_use += [registry.card(n) for n in ctx.options.get("black_market") or ()]
    if any(d.cost.potion for d in in_use):
        ctx.add_pile("Potion", 16, supply=True, kingdom=False)


COLONY_CHOICES = (True, False, "random")


def colonies_by_randomizer(kingdom: Sequence[CardDef], rng: random.Random,
                           randomizer: str | None = None) -> bool:
    """Whether Platinum and Colony are used, decided the way Prosperity's setup says.

    A Kingdom card in use is picked at random (the first Randomizer card
    dealt); Colonies are used if it is from Prosperity. So an all-Prosperity
    Kingdom always uses them, and a mixed one in proportion to its Prosperity
    cards. ``randomizer`` names the picked card instead of drawing it (a
    scenario states what was dealt, as it states shuffles).
    """
    if not kingdom:
        return False
    if randomizer is None:
        picked = rng.choice(list(kingdom))
    else:
        found = [d for d in kingdom if d.name == randomizer]
        if not found:
            raise SetupError(f"the Colony randomizer {randomizer!r} is not a Kingdom card "
                             "in this game")
        picked = found[0]
    return picked.set_name == "prosperity"


def _rule_colonies(ctx: SetupContext) -> None:
    """Platinum (12, any player count) and Colony (8 or 12): both piles or neither."""
    choice = ctx.options.get("colonies")
    if choice is None:
        choice = False
    if choice not in COLONY_CHOICES or isinstance(choice, int) and not isinstance(choice, bool):
        raise SetupError(f"colonies must be true, false or 'random', not {choice!r}")
    randomizer = ctx.options.get("colony_randomizer")
    if randomizer is not None and choice != "random":
        raise SetupError("a Colony randomizer is only used with colonies='random'")
    if choice == "random":
        choice = colonies_by_randomizer(ctx.defs(), ctx.rng, randomizer)
    if choice:
        for name in ("Platinum", "Colony"):
            defn = registry.card(name)
            count = 12 if name == "Platinum" else pile_size(defn, ctx.players)
            ctx.add_pile(name, count, supply=True, kingdom=False)


def _rule_extra_piles(ctx: SetupContext) -> None:
    """Non-Supply piles some cards need (Spoils for Bandit Camp...)."""
    for defn in ctx.defs():
        for name in defn.extra_piles:
            if name not in ctx.piles and name not in MIXED_PILES:
                extra = registry.card(name)
                size = extra.pile_size if isinstance(extra.pile_size, int) else 10
                ctx.add_pile(name, size, supply=False, kingdom=False)


def _loot_pool() -> list[str]:
    """Plunder's Loot pile: 2 copies of each Loot card."""
    return [d.name for d in registry.all_cards().values() if d.kind == "loot" for _ in range(2)]


# Non-Supply piles of differing cards, shuffled at setup, that a card can ask
# for in ``extra_piles`` (its name there is the pile's, not a card's).
MIXED_PILES: dict[str, Callable[[], list[str]]] = {"Loot": _loot_pool}


def _rule_mixed_piles(ctx: SetupContext) -> None:
    """Loot: a face-down shuffled pile, not in the Supply, if any card or Event uses it."""
    users: list[CardDef | EventDef | TraitDef] = [
        *ctx.defs(), *(registry.event(e) for e in ctx.options.get("events") or ()),
        *(registry.trait(t) for t in ctx.options.get("traits") or ())]
    for name, pool in MIXED_PILES.items():
        if name in ctx.piles or not any(name in d.extra_piles for d in users):
            continue
        cards = pool()
        ctx.rng.shuffle(cards)
        ctx.add_pile(name, cards, supply=False, kingdom=False)


def _rule_ruins(ctx: SetupContext) -> None:
    """Looters bring a shuffled Ruins pile, 10 per other player."""
    if not any("Looter" in d.types for d in ctx.defs()):
        return
    pool = [name for name in RUINS for _ in range(10)]
    ctx.rng.shuffle(pool)
    ctx.add_pile("Ruins", pool[: 10 * max(1, ctx.players - 1)], supply=True, kingdom=False)


def _rule_starting_decks(ctx: SetupContext) -> None:
    shelters = bool(ctx.options.get("shelters"))
    heirlooms = [d.heirloom for d in ctx.defs() if d.heirloom]
    if heirlooms and "Copper" in ctx.piles:
        # The Coppers the Heirlooms replace go to the Copper pile.
        cards, supply, kingdom = ctx.piles["Copper"]
        ctx.add_pile("Copper", cards + ["Copper"] * (len(heirlooms) * ctx.players),
                     supply=supply, kingdom=kingdom)
    for _ in range(ctx.players):
        coppers = 7 - len(heirlooms)
        deck = ["Copper"] * coppers + heirlooms
        deck += list(SHELTERS) if shelters else ["Estate"] * 3
        ctx.starting.append(deck)


# Kingdom cards whose setup adds a Bane pile (Young Witch).
NEEDS_BANE = frozenset({"Young Witch"})


def pick_bane(kingdom: Sequence[str], rng: random.Random) -> str | None:
    """A random implemented Kingdom card costing exactly 2 or 3 coins, not in ``kingdom``.

    Young Witch's setup: "Add an extra Kingdom card pile costing 2 or 3 to the
    Supply". None if no such card is left.
    """
    used = set(kingdom)
    fits = [n for n in registry.kingdom_names() if n not in used
            and registry.card(n).cost in (Cost(2), Cost(3))]
    return rng.choice(fits) if fits else None


def _rule_bane(ctx: SetupContext) -> None:
    """The Bane pile: named (``bane``), or, for a normal setup (``pick_bane``) of a
    Kingdom with Young Witch and no Bane named, drawn at random."""
    bane = ctx.options.get("bane")
    if not bane and ctx.options.get("pick_bane") and NEEDS_BANE.intersection(ctx.kingdom):
        # Not a card of the Black Market deck either: a card is in one place only.
        bane = pick_bane([*ctx.kingdom, *(ctx.options.get("black_market") or ())], ctx.rng)
    if bane:
        defn = registry.card(bane)
        ctx.add_pile(bane, pile_size(defn, ctx.players), supply=True, kingdom=True)
        ctx.landscape["bane"] = bane


def _rule_black_market(ctx: SetupContext) -> None:
    """One copy of each named Kingdom card, shuffled, none of them in the Supply.

    The Knights go in as one Knight card, not the Knights randomizer (Knights FAQ).
    """
    names = list(ctx.options.get("black_market") or ())
    for n in names:
        pile = next((k for k, members in MIXED_KINGDOM_PILES.items() if n in members), n)
        if registry.card(n).kind != "kingdom" and pile == n:
            raise SetupError(f"{n} cannot be in the Black Market deck (not a Kingdom card)")
        if pile in ctx.piles:
            raise SetupError(f"{n} is in the Supply and cannot also be in the Black Market deck")
    knights = [n for n in names if n in MIXED_KINGDOM_PILES["Knights"]]
    if len(knights) > 1:
        raise SetupError(f"the Black Market deck takes one Knight, not {', '.join(knights)}")
    ctx.rng.shuffle(names)
    ctx.landscape["black_market"] = names


#: How many cards a Black Market deck gets when the game has Black Market and no deck
#: is given (the Black Market FAQ recommends at least 15, with no duplicates).
BLACK_MARKET_SIZE = 15


def default_black_market(kingdom: Sequence[str], rng: random.Random,
                         bane: str | None = None) -> list[str]:
    """A Black Market deck for a game with Black Market and none given: up to 15
    distinct implemented Kingdom cards not in the Supply, drawn at random.

    Cards that bring setup this engine makes only for the Supply (extra piles such
    as Spoils, Ruins for Looters, Heirlooms) are left out, so every card of the deck
    can be bought and played.
    """
    taken = set(kingdom) | ({bane} if bane else set())
    pool = [n for n in registry.kingdom_names() if n not in taken
            and registry.card(n).kind == "kingdom"  # not a mixed pile (Knights)
            and not (registry.card(n).extra_piles or registry.card(n).heirloom
                     or "Looter" in registry.card(n).types)]
    return rng.sample(pool, min(BLACK_MARKET_SIZE, len(pool)))


def _rule_trade_route(ctx: SetupContext) -> None:
    """Trade Route in use (in the Kingdom or the Black Market deck): a token goes on each
    Victory card Supply pile; :meth:`GameBase.gain` moves it to the Trade Route mat."""
    in_use = set(ctx.kingdom) | set(ctx.options.get("black_market") or ())
    if "Trade Route" in in_use:
        ctx.landscape["trade_route"] = sorted(
            name for name, (cards, supply, _) in ctx.piles.items()
            if supply and cards and registry.card(cards[-1]).is_victory)


def _rule_starting_coffers(ctx: SetupContext) -> None:
    """Guilds' "Setup: Each player takes a Coin token" (Baker), from every card in use.

    In use includes a Bane and the Black Market deck (Baker FAQ). Several such
    cards do not add up: each says each player takes *a* token.
    """
    in_use = ctx.defs()
    bane = ctx.options.get("bane")
    if bane:
        in_use.append(registry.card(bane))
    in_use += [registry.card(n) for n in ctx.options.get("black_market") or ()]
    coffers = max((d.setup_coffers for d in in_use), default=0)
    if coffers:
        ctx.landscape["coffers"] = coffers


def _rule_traits(ctx: SetupContext) -> None:
    """Each Trait goes on a Kingdom pile, given or (``"random"``) a random Action or
    Treasure Kingdom pile; never two Traits on one pile."""
    placed = ctx.landscape.setdefault("traits", {})
    for trait, pile in (ctx.options.get("traits") or {}).items():
        registry.trait(trait)  # an unknown Trait is a SetupError naming it
        if pile == "random":
            eligible = sorted(
                n for n, (_, supply, kingdom) in ctx.piles.items()
                if kingdom and n not in placed.values()
                and (registry.card(n).is_action or registry.card(n).is_treasure))
            if not eligible:
                raise SetupError(f"no Action or Treasure Kingdom pile is left for Trait {trait}")
            pile = ctx.rng.choice(eligible)
        if pile not in ctx.piles:
            raise SetupError(f"Trait {trait} is put on {pile}, which is not a pile in this game")
        if not ctx.piles[pile][2]:
            raise SetupError(f"Trait {trait} can only go on a Kingdom pile, not {pile}")
        if pile in placed.values():
            raise SetupError(f"{pile} already has a Trait; {trait} must go on another pile")
        placed[trait] = pile


ZOMBIES = ("Zombie Apprentice", "Zombie Mason", "Zombie Spy")


def _rule_zombies(ctx: SetupContext) -> None:
    """Necromancer's setup: the three Zombies start the game in the trash."""
    if "Necromancer" in ctx.kingdom:
        ctx.landscape["trash"] = list(ZOMBIES)


def _rule_boons(ctx: SetupContext) -> None:
    """Fate cards: the Boons are shuffled into a deck, and Will-o'-Wisp (The Swamp's Gift
    gains it) is a non-Supply pile."""
    if not any("Fate" in d.types for d in ctx.defs()):
        return
    boons = registry.landscapes("boon")
    ctx.rng.shuffle(boons)
    if "Druid" in ctx.kingdom:
        # Druid's setup: the top 3 Boons are set aside face up; the deck is the other 9.
        ctx.landscape["druid_boons"] = boons[-3:]
        boons = boons[:-3]
    ctx.landscape["boons"] = boons
    if "Will-o'-Wisp" not in ctx.piles:
        ctx.add_pile("Will-o'-Wisp", pile_size(registry.card("Will-o'-Wisp"), ctx.players),
                     supply=False, kingdom=False)


def _rule_hexes(ctx: SetupContext) -> None:
    """Doom cards: the Hexes are shuffled into a deck (the States they give are not cards)."""
    if not any("Doom" in d.types for d in ctx.defs()):
        return
    hexes = registry.landscapes("hex")
    ctx.rng.shuffle(hexes)
    ctx.landscape["hexes"] = hexes


SETUP_RULES: list[Callable[[SetupContext], None]] = [
    _rule_basics,
    _rule_kingdom,
    _rule_potion,
    _rule_colonies,
    _rule_bane,  # before the rules below, which see the Bane among the Kingdom cards
    _rule_extra_piles,
    _rule_mixed_piles,
    _rule_ruins,
    _rule_black_market,
    _rule_starting_decks,
    _rule_starting_coffers,
    _rule_traits,
    _rule_trade_route,
    _rule_zombies,
    _rule_boons,
    _rule_hexes,
]


def _check_kingdom(kingdom: Iterable[str]) -> list[str]:
    if isinstance(kingdom, str):
        raise SetupError(f"the kingdom must be a list of card names, not the string {kingdom!r}")
    names = list(kingdom)
    if len(set(names)) != len(names):
        raise SetupError(f"kingdom lists a card twice: {names}")
    for n in names:
        if not registry.is_event(n):
            registry.card(n)
    return names


def _split_events(kingdom: Iterable[str], events: Iterable[str]) -> tuple[list[str], list[str]]:
    cards: list[str] = []
    evs = list(events)
    for n in kingdom:
        (evs if registry.is_event(n) else cards).append(n)
    for e in evs:
        registry.event(e)
    return cards, evs


def _build(ctx: SetupContext, providers: Sequence[DecisionProvider] | None, step_limit: int,
           events: list[str], names: Sequence[str] | None) -> Game:
    players = [Player(i, names[i] if names and i < len(names) else None)
               for i in range(ctx.players)]
    game = Game(players, {}, events={e: registry.event(e) for e in events}, rng=ctx.rng,
                providers=providers, step_limit=step_limit)
    defs: dict[str, CardDef] = {}  # one registry look-up per name, not per card
    for name, (card_names, supply, kingdom) in ctx.piles.items():
        for n in card_names:
            if n not in defs:
                defs[n] = registry.card(n)
        cards = game.new_cards([defs[n] for n in card_names])
        game.piles[name] = Pile(name, cards, supply=supply, kingdom=kingdom)
    game.black_market = [game.new_card(registry.card(n))
                         for n in ctx.landscape.get("black_market", ())]
    game.trash = [game.new_card(registry.card(n)) for n in ctx.landscape.get("trash", ())]
    game.boons.cards = list(ctx.landscape.get("boons", ()))
    game.hexes.cards = list(ctx.landscape.get("hexes", ()))
    game.boons.set_aside = list(ctx.landscape.get("druid_boons", ()))
    game.bane = ctx.landscape.get("bane")
    game.traits = dict(ctx.landscape.get("traits", {}))
    for trait, pile in game.traits.items():
        game.piles[pile].trait = trait
        defn = registry.all_traits().get(trait)
        if defn is not None and defn.cost_coins:
            game.cost_modifiers.append(_trait_cost(pile, defn.cost_coins))
    for pile in ctx.landscape.get("trade_route", ()):
        game.piles[pile].tokens["Trade Route"] = 1
    return game


def _trait_cost(pile: str, coins: int) -> Callable[[Any, CardDef, Cost], Cost]:
    """A cost modifier for the cards of ``pile`` (Cheap: -1 coin; never below 0)."""

    def modifier(game: Any, defn: CardDef, cost: Cost) -> Cost:
        if game._pile_of.get(defn.name, defn.name) != pile or not cost.coins:
            return cost
        return Cost(max(0, cost.coins + coins), cost.potion, cost.debt)

    return modifier


def new_game(
    kingdom: Iterable[str],
    players: int = 2,
    *,
    seed: int = 0,
    providers: Sequence[DecisionProvider] | None = None,
    events: Iterable[str] = (),
    colonies: bool | str = False,
    shelters: bool = False,
    bane: str | None = None,
    traits: Mapping[str, str] | None = None,
    black_market: Sequence[str] = (),
    names: Sequence[str] | None = None,
    colony_randomizer: str | None = None,
    step_limit: int = DEFAULT_STEP_LIMIT,
) -> Game:
    """A game set up by the rules, shuffled by ``seed``, player 1 to start, hands drawn.

    Event names may be given in ``kingdom`` or ``events``. ``providers`` holds
    one decision provider per player, or fewer used in rotation (a single
    scripted provider can answer for everyone). ``black_market`` names the Black
    Market deck's cards (shuffled); a game with Black Market and no deck given gets
    :func:`default_black_market`. ``colonies`` is True, False or
    ``"random"`` (decided by a random Kingdom card's set, see
    :func:`colonies_by_randomizer`; ``colony_randomizer`` names that card).
    ``bane`` names Young Witch's Bane pile; a Kingdom with Young Witch and no
    ``bane`` gets one drawn at random (:func:`pick_bane`).
    """
    if not isinstance(players, int) or not 2 <= players <= 6:
        raise SetupError(f"a normal setup needs 2 to 6 players, not {players!r}")
    cards, evs = _split_events(_check_kingdom(kingdom), events)
    rng = random.Random(seed)
    if not black_market and "Black Market" in cards:
        black_market = default_black_market(cards, rng, bane)
    ctx = SetupContext(cards, players, {
        "colonies": colonies, "shelters": shelters, "bane": bane, "traits": dict(traits or {}),
        "black_market": list(black_market), "colony_randomizer": colony_randomizer,
        "pick_bane": True,
        "events": evs,
    }, rng)
    for rule in SETUP_RULES:
        rule(ctx)
    game = _build(ctx, providers, step_limit, evs, names)
    for p, deck_names in zip(game.players, ctx.starting, strict=True):
        p.coffers = ctx.landscape.get("coffers", 0)
        p.discard = game.new_cards([registry.card(n) for n in deck_names])
    for trait, pile in game.traits.items():  # Inherited changes the starting decks
        hook = registry.trait(trait).at_setup
        if hook is not None:
            hook(game, pile)
    for p in game.players:
        game.shuffle(p)
        game.draw(p, 5)
    game._refresh_flags()
    game.steps = 0
    game.players[0].turns_taken = 1
    if game.turn_starts or game.traits:  # the first turn starts too (Shaman, Shy)
        game.phase = "start"
        game._run_turn_starts(game.players[0])
        game.phase = "action"
        game.steps = 0
    return game


# ----------------------------------------------------------- explicit state
@dataclass
class PlayerSpec:
    """Every zone of one player; ``deck`` is top first. Omitted zones are empty."""

    deck: list[str] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    in_play: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    mats: dict[str, list[str]] = field(default_factory=dict)
    tokens: dict[str, int] = field(default_factory=dict)
    durations: list[str] = field(default_factory=list)  # cards in play with a next-turn effect
    vp_tokens: int = 0
    coffers: int = 0
    villagers: int = 0
    debt: int = 0
    turns_taken: int | None = None
    name: str | None = None


@dataclass
class GameSpec:
    """A complete position. ``supply`` overrides pile counts; omitted piles are full."""

    kingdom: list[str]
    players: list[PlayerSpec]
    supply: dict[str, int | list[str]] = field(default_factory=dict)
    trash: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    current_player: int = 0
    phase: str = "action"
    turn: int = 1
    actions: int = 1
    buys: int = 1
    coins: int = 0
    potions: int = 0
    colonies: bool = False
    shelters: bool = False
    bane: str | None = None
    traits: dict[str, str] = field(default_factory=dict)
    #: The Black Market deck, top first, as given (not shuffled); setup rules that
    #: look at the cards in use (Potion, Trade Route) see it as in a normal setup.
    black_market: list[str] = field(default_factory=list)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> GameSpec:
        """Build from plain data (YAML); unknown keys are a :class:`SetupError`."""
        if not isinstance(data, Mapping):
            raise SetupError("a game state must be a mapping")
        known = set(cls.__dataclass_fields__)
        extra = set(data) - known
        if extra:
            raise SetupError(f"unknown game state keys {sorted(extra)}; known: {sorted(known)}")
        if "kingdom" not in data or "players" not in data:
            raise SetupError("a game state needs 'kingdom' and 'players'")
        raw_players = data["players"]
        if isinstance(raw_players, int):
            raw_players = [{} for _ in range(raw_players)]
        pknown = set(PlayerSpec.__dataclass_fields__)
        players = []
        for i, raw in enumerate(raw_players):
            raw = raw or {}
            bad = set(raw) - pknown
            if bad:
                raise SetupError(
                    f"player {i + 1}: unknown keys {sorted(bad)}; known: {sorted(pknown)}")
            _check_types(raw, f"player {i + 1}", _PLAYER_TYPES)
            players.append(PlayerSpec(**raw))
        _check_types(data, "game state", _GAME_TYPES)
        return cls(**{**dict(data), "players": players, "kingdom": list(data["kingdom"])})


def _is_names(v: Any) -> bool:
    return isinstance(v, list) and all(isinstance(x, str) for x in v)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


_ZONE = (_is_names, "a list of card names")
_INT = (_is_int, "an integer")
_PLAYER_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    **{z: _ZONE for z in ("deck", "hand", "discard", "in_play", "set_aside", "durations")},
    **{c: _INT for c in ("vp_tokens", "coffers", "villagers", "debt")},
    "mats": (lambda v: isinstance(v, dict) and all(_is_names(x) for x in v.values()),
             "a mapping of mat names to lists of card names"),
    "tokens": (lambda v: isinstance(v, dict) and all(_is_int(x) for x in v.values()),
               "a mapping of token names to integers"),
    "turns_taken": (lambda v: v is None or _is_int(v), "an integer"),
    "name": (lambda v: v is None or isinstance(v, str), "a string"),
}
_GAME_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "kingdom": _ZONE, "trash": _ZONE, "events": _ZONE, "black_market": _ZONE,
    **{c: _INT for c in ("current_player", "turn", "actions", "buys", "coins", "potions")},
    "phase": (lambda v: isinstance(v, str), "a string"),
    "supply": (lambda v: isinstance(v, dict) and all(_is_int(x) or _is_names(x)
                                                      for x in v.values()),
               "a mapping of pile names to counts (or lists of card names)"),
    "colonies": (lambda v: isinstance(v, bool), "true or false"),
    "shelters": (lambda v: isinstance(v, bool), "true or false"),
    "bane": (lambda v: v is None or isinstance(v, str), "a card name"),
    "traits": (lambda v: isinstance(v, dict), "a mapping of Trait names to pile names"),
}


def _check_types(raw: Mapping[str, Any], where: str,
                 types: dict[str, tuple[Callable[[Any], bool], str]]) -> None:
    for key, value in raw.items():
        if key in types and not types[key][0](value):
            raise SetupError(f"{where}: {key} must be {types[key][1]}, not {value!r}")


PHASES_ALLOWED = STARTING_PHASES  # the name other modules import


def game_from_state(
    spec: GameSpec | Mapping[str, Any],
    *,
    seed: int = 0,
    providers: Sequence[DecisionProvider] | None = None,
    step_limit: int = DEFAULT_STEP_LIMIT,
) -> Game:
    """A game in exactly the described position (no hands are drawn, nothing shuffled)."""
    if not isinstance(spec, GameSpec):
        spec = GameSpec.from_mapping(spec)
    n = len(spec.players)
    if not 1 <= n <= 6:
        raise SetupError(f"a game has 1 to 6 players, not {n}")
    if not 0 <= spec.current_player < n:
        raise SetupError(f"current_player {spec.current_player} is not a player (0..{n - 1})")
    if spec.phase not in PHASES_ALLOWED:
        raise SetupError(f"phase must be one of {PHASES_ALLOWED}, not {spec.phase!r}")
    for counter in ("actions", "buys", "coins", "potions", "turn"):
        if getattr(spec, counter) < 0:
            raise SetupError(f"{counter} cannot be negative")
    cards, evs = _split_events(_check_kingdom(spec.kingdom), spec.events)
    rng = random.Random(seed)
    ctx = SetupContext(cards, max(n, 2), {
        "colonies": spec.colonies, "shelters": spec.shelters, "bane": spec.bane,
        "traits": dict(spec.traits), "black_market": list(spec.black_market), "events": evs,
    }, rng)
    for rule in SETUP_RULES:
        if rule is not _rule_starting_decks and rule is not _rule_starting_coffers:
            rule(ctx)
    for name, count in spec.supply.items():
        if isinstance(count, list) and all(isinstance(x, str) for x in count):
            # Explicit contents, top first (piles whose cards differ: Ruins).
            old = ctx.piles.get(name)
            ctx.add_pile(name, list(reversed(count)), supply=old[1] if old else True,
                         kingdom=old[2] if old else False)
            continue
        if not isinstance(count, int) or count < 0:
            raise SetupError(f"pile count for {name} must be a non-negative integer "
                             "(or a list of card names, top first)")
        if name in ctx.piles and len(set(ctx.piles[name][0])) > 1:
            cards, supply, kingdom = ctx.piles[name]
            if count > len(cards):
                raise SetupError(f"the {name} pile has only {len(cards)} cards")
            ctx.add_pile(name, cards[len(cards) - count:], supply=supply, kingdom=kingdom)
        elif name in ctx.piles:
            _, supply, kingdom = ctx.piles[name]
            ctx.add_pile(name, count, supply=supply, kingdom=kingdom)
        else:
            defn = registry.card(name)
            ctx.add_pile(name, count, supply=defn.kind not in NON_SUPPLY_KINDS,
                         kingdom=defn.kind == "kingdom")
    game = _build(ctx, providers, step_limit, evs, [p.name or f"Player {i + 1}"
                                                    for i, p in enumerate(spec.players)])
    # The Black Market deck in the order given (setup shuffled it, as a normal setup does).
    pool = list(game.black_market)
    game.black_market = [pool.pop([c.name for c in pool].index(n)) for n in spec.black_market]
    game.card_count -= len(pool)  # the dealt cards not kept are not in the game

    def make(names: Iterable[str]) -> list[Card]:
        return [game.new_card(registry.card(x)) for x in names]

    for p, ps in zip(game.players, spec.players, strict=True):
        p.deck = make(reversed(ps.deck))
        p.hand = make(ps.hand)
        p.discard = make(ps.discard)
        p.in_play = make(ps.in_play)
        p.set_aside = make(ps.set_aside)
        p.mats = {k: make(v) for k, v in ps.mats.items()}
        p.tokens = dict(ps.tokens)
        p.vp_tokens, p.coffers = ps.vp_tokens, ps.coffers
        p.villagers, p.debt = ps.villagers, ps.debt
        for dname in ps.durations:
            match = [c for c in p.in_play if c.name == dname
                     and all(e.card is not c for e in p.durations)]
            if not match:
                raise SetupError(f"{p.name}: duration {dname} must also be listed in in_play")
            if match[0].defn.next_turn is None:
                raise SetupError(f"{dname} has no next-turn effect")
            p.durations.append(DurationEffect(match[0], match[0].defn.next_turn))
        if ps.turns_taken is not None:
            p.turns_taken = ps.turns_taken
        else:
            p.turns_taken = 1 if p.index <= spec.current_player else 0
    game.card_count -= len(game.trash)  # the given trash replaces the setup's (Zombies)
    game.trash = make(spec.trash)
    game.current = spec.current_player
    game._last_normal = spec.current_player
    game.phase = spec.phase
    game.turn_number = spec.turn
    game.actions, game.buys = spec.actions, spec.buys
    game.coins, game.potions = spec.coins, spec.potions
    game._refresh_flags()
    return game


def random_kingdom(rng: random.Random, size: int = 10,
                   pool: Sequence[str] | None = None) -> list[str]:
    """``size`` distinct Kingdom cards drawn from the implemented ones (or ``pool``)."""
    names = list(pool) if pool is not None else registry.kingdom_names()
    if size > len(names):
        raise SetupError(f"cannot draw {size} Kingdom cards from {len(names)}")
    return sorted(rng.sample(names, size))
