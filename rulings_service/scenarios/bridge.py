"""The only module that talks to the engine: build a table, make moves, look at it.

Keeping every engine call here means the runner, the audit and the transcript
speak in scenario terms (1-based players, card names, deck top first) while
the engine keeps its own (0-based indices, deck top last, physical cards).
The runner's :class:`~rulings_service.scenarios.runner.Script` is installed as
every player's decision provider and as the game's shuffler, so no decision
and no shuffle can happen without the script saying so.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Protocol

from engine.cards.core import CardDef, EventDef
from engine.cards.prosperity import TradeRouteMat
from engine.decisions import Decision
from engine.errors import EngineError, IllegalMove, InvalidAnswer
from engine.vocabulary import PLAYER_ZONES

#: Player zones shown in snapshots and comparable in expectations.
ZONES = PLAYER_ZONES


class EngineProblem(Exception):
    """The engine could not build or run what the scenario describes (not a refusal)."""


class Refused(Exception):
    """The engine refused a move as illegal (the state is unchanged)."""


class OutOfTime(Exception):
    """A run passed its wall-clock deadline (the sandbox's budget for user scenarios)."""


def _watch_clock(game: Any, deadline: float) -> None:
    """Check the clock at every engine step, next to the engine's own step limit.

    The step limit stops an endless loop within a turn; the clock also stops
    a scenario that is merely slow (many steps, each legal). The check rides on
    the engine's per-step hook, so a runaway loop is stopped wherever it is.
    """
    counted = game._step

    def step() -> None:
        counted()
        if time.perf_counter() > deadline:
            raise OutOfTime("the run passed its time budget")

    game._step = step


def card_facts(name: str) -> dict[str, Any] | None:
    """Name, cost and types of a card or Event the engine knows (None otherwise).

    The replay board draws tiles from these, so they come from the engine the
    replay ran on, whatever the catalogue of the day says.
    """
    from engine import registry

    definition: CardDef | EventDef
    try:
        definition = registry.card(name)
    except EngineError:
        try:
            definition = registry.event(name)
        except EngineError:
            return None
    cost = definition.cost
    coins = cost if isinstance(cost, int) else getattr(cost, "coins", None)
    return {
        "name": name,
        "coins": coins,
        "potion": int(getattr(cost, "potion", 0) or 0),
        "debt": int(getattr(cost, "debt", 0) or 0),
        "types": list(getattr(definition, "types", ()) or ("Event",)),
    }


class ScriptLike(Protocol):
    def answer(self, decision: DecisionView) -> Any: ...
    def shuffle(self, player: int, names: list[str]) -> list[str]: ...


class DecisionView:
    """A decision in scenario terms: 1-based player, kind, asking card, option ids."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
        self.player = decision.player + 1
        self.kind = decision.kind.value
        self.source = decision.source
        self.options = decision.option_ids()

    def summary(self) -> str:
        counts = (
            f"choose {self.decision.min}..{self.decision.max}"
            if (self.decision.min, self.decision.max) != (1, 1)
            else "choose 1"
        )
        source = f" for {self.source}" if self.source else ""
        return (
            f"player {self.player} must answer {self.kind!r}{source} "
            f"({self.decision.prompt}; {counts}); options: {', '.join(self.options) or 'none'}"
        )

    def record(self, value: Any) -> dict[str, Any]:
        """The decision and its scripted answer, for the transcript (the replay words it)."""
        return {
            "player": self.player,
            "kind": self.kind,
            "card": self.source,
            "prompt": str(self.decision.prompt),
            "options": list(self.options),
            "min": self.decision.min,
            "max": self.decision.max,
            "answer": value,
        }

    def translate(self, value: Any) -> Any:
        """A scripted value as an engine answer (yes/no, none, lists)."""
        if value is True:
            return "yes"
        if value is False:
            return "no"
        if value is None or value == "none":
            return "no" if self.kind == "react" else []
        if isinstance(value, list):
            return [str(v) for v in value]
        return str(value)

    def check(self, value: Any) -> str | None:
        """Why ``value`` is not a legal answer (None when it is)."""
        try:
            self.decision.resolve(self.translate(value))
        except InvalidAnswer as exc:
            return f"{exc}; {self.summary()}"
        return None


class _Provider:
    """Adapts the script to the engine's DecisionProvider protocol."""

    def __init__(self, script: ScriptLike) -> None:
        self.script = script

    def decide(self, game: Any, decision: Decision) -> Any:
        return self.script.answer(DecisionView(decision))


def _shuffler(script: ScriptLike):
    def shuffle(game: Any, player: Any, cards: list) -> None:
        order = script.shuffle(player.index + 1, [c.name for c in cards])
        pool = list(cards)
        top_first = []
        for name in order:
            card = next(c for c in pool if c.name == name)
            pool.remove(card)
            top_first.append(card)
        cards[:] = top_first[::-1]  # the engine keeps the top of a deck last

    return shuffle


def names(cards: list) -> list[str]:
    return [c.name for c in cards]


def convert_log(events: list[Any]) -> list[dict[str, Any]]:
    """Engine log events as transcript dicts (1-based players, ``event`` key)."""
    out = []
    for ev in events:
        item: dict[str, Any] = {"event": ev.kind}
        if ev.player is not None:
            item["player"] = ev.player + 1
        if ev.cards:
            item["cards"] = list(ev.cards)
        if ev.source:
            item["source"] = ev.source
        data = {k: _plain(v) for k, v in ev.data.items() if v not in (None, False)}
        if data:
            item["data"] = data
        if ev.children:
            item["children"] = convert_log(ev.children)
        out.append(item)
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return str(value)


__all__ = [
    "ZONES",
    "DecisionView",
    "EngineError",
    "EngineProblem",
    "IllegalMove",
    "OutOfTime",
    "Refused",
    "card_facts",
]


class Table:
    """A game built from a scenario setup, driven by a script."""

    def __init__(self, game: Any, log: Any) -> None:
        self.game = game
        self.log = log  # None when the scenario runs without the event log

    @classmethod
    def build(cls, setup: dict[str, Any], script: ScriptLike, *, log: bool = True,
              atomic: bool = True, deadline: float | None = None) -> Table:
        """Build the table; ``log=False`` attaches no event log and ``atomic=False``
        turns off all-or-nothing moves (the instrumentation-free run that the
        one-semantics tests compare against the usual one). With ``deadline`` (a
        ``time.perf_counter`` value), every engine step past it raises
        :class:`OutOfTime` (see :func:`_watch_clock`)."""
        from engine import setup as engine_setup

        count = setup["players"]
        providers = [_Provider(script)] * count
        try:
            if setup.get("standard_setup"):
                setup = _dealt_setup(setup)
                game = engine_setup.new_game(
                    list(setup["kingdom"]), count, seed=0, providers=providers,
                    events=list(setup.get("events", [])),
                    colonies=setup.get("colonies", False),
                    colony_randomizer=setup.get("colony_randomizer"),
                    black_market=list(setup.get("black_market", [])),
                    bane=setup.get("bane"),
                    shelters=setup.get("shelters", False),
                    traits=dict(setup.get("traits", {})),
                )
                _override_zones(game, setup)
            else:
                game = engine_setup.game_from_state(
                    _state_description(setup), providers=providers
                )
            if setup.get("druid_boons"):
                _set_aside_for_druid(game, list(setup["druid_boons"]))
            if setup.get("boons"):
                _stack(game.boons, "boons", list(setup["boons"]))
            if setup.get("hexes"):
                _stack(game.hexes, "hexes", list(setup["hexes"]))
            for key, deck in (("boons_discard", game.boons), ("hexes_discard", game.hexes)):
                for name in setup.get(key) or ():
                    if name not in deck.cards:
                        raise EngineProblem(f"setup.{key}: {name} is not in that deck")
                    deck.cards.remove(name)
                    deck.discard.append(name)
            for number in range(1, count + 1):
                states = (setup.get(f"player{number}") or {}).get("states")
                if states:
                    game.players[number - 1].states = list(states)
            _place_pile_tokens(game, setup)
        except EngineError as exc:
            raise EngineProblem(str(exc)) from None
        game.shuffler = _shuffler(script)
        game.atomic = atomic
        if deadline is not None:
            _watch_clock(game, deadline)
        return cls(game, game.attach_log() if log else None)

    # ------------------------------------------------------------- moves
    def move(self, step: dict[str, Any]) -> None:
        """Make one move; an illegal move raises :class:`Refused`."""
        game = self.game
        verb = step["verb"]
        player = step.get("player")
        if player is not None and verb not in ("gain", "trash") and player - 1 != game.current:
            raise EngineProblem(
                f"step says player {player}, but it is player {game.current + 1}'s turn"
            )
        who = (player or game.current + 1) - 1
        make = MOVES.get(verb)
        if make is None:  # pragma: no cover - the schema allows no other verb
            raise EngineProblem(f"unknown move {verb!r}")
        try:
            make(game, who, step)
        except IllegalMove as exc:
            raise Refused(str(exc)) from None
        except EngineError as exc:
            raise EngineProblem(f"{type(exc).__name__}: {exc}") from None

    # ---------------------------------------------------------- looking
    def snapshot(self) -> dict[str, Any]:
        """Every zone (deck top first, discard top last), the Supply, trash and turn."""
        raw = self.game.snapshot()
        players = []
        for number, p in enumerate(raw["players"], start=1):
            entry: dict[str, Any] = {"number": number}
            for zone in ZONES:
                entry[zone] = list(p[zone])
            if p["mats"]:
                entry["mats"] = p["mats"]
            entry["vp_tokens"] = p["vp_tokens"]
            if p["tokens"]:
                entry["tokens"] = p["tokens"]
            entry["coffers"] = p["coffers"]
            if p["states"]:
                entry["states"] = list(p["states"])
            if p["durations"]:
                entry["durations"] = p["durations"]
            entry["turns_taken"] = p["turns_taken"]
            entry["score"] = self.game.victory_points(self.game.players[number - 1])
            players.append(entry)
        turn = {
            "number": raw["turn"],
            "player": raw["current_player"] + 1,
            "phase": raw["phase"],
            "actions": raw["actions"],
            "buys": raw["buys"],
            "coins": raw["coins"],
            "potions": raw["potions"],
        }
        if raw.get("extra_turn"):
            turn["extra_turn"] = True
        if raw.get("possessed_by") is not None:
            turn["controller"] = raw["possessed_by"] + 1  # Possession: who makes the choices
        supply = dict(raw["supply"])
        supply.update(raw.get("non_supply", {}))
        boons = self.game.boons
        snap = {"turn": turn, "players": players, "supply": supply, "trash": raw["trash"],
                "boons_discard": list(boons.discard),
                "boons_held": [name for _, name in boons.held],
                "hexes_discard": list(self.game.hexes.discard),
                "boons_saved": [name for _, name in boons.saved],
                "boons_deck_size": len(boons.cards),
                "hexes_deck_size": len(self.game.hexes.cards)}
        tokens = {name: dict(pile.tokens) for name, pile in self.game.piles.items()
                  if pile.supply and pile.tokens}
        if tokens:
            snap["pile_tokens"] = tokens
        mat = self.game.existing_state(TradeRouteMat)
        if mat is not None and mat.tokens:
            snap["trade_route_mat"] = mat.tokens
        if raw["black_market"] or "Black Market" in self.game.piles:
            snap["black_market"] = raw["black_market"]  # the Black Market deck, top first
        return snap

    def pile_names(self, *, kingdom_only: bool = False) -> list[str]:
        """Names of the Supply piles (only the Kingdom ones if asked), sorted."""
        return sorted(
            name
            for name, pile in self.game.piles.items()
            if pile.supply and (pile.kingdom or not kingdom_only)
        )

    @property
    def logged(self) -> bool:
        """Whether an event log is attached (log facts can be checked)."""
        return self.log is not None

    def log_mark(self) -> int:
        return len(self.log.roots) if self.log is not None else 0

    def log_since(self, mark: int) -> list[dict[str, Any]]:
        return convert_log(self.log.roots[mark:]) if self.log is not None else []

    def invariant_problems(self) -> list[str]:
        """What is wrong with the engine's state (empty: nothing), by its own checker."""
        from engine.invariants import check_invariants

        return check_invariants(self.game)

    def canonical(self) -> dict[str, Any]:
        """The whole rules state (:func:`engine.canonical.canonical_state`)."""
        from engine.canonical import canonical_state

        return canonical_state(self.game)

    def score(self, number: int) -> int:
        return self.game.victory_points(self.game.players[number - 1])

    def game_over(self) -> bool:
        return bool(self.game.over)

    def winners(self) -> list[int]:
        return [i + 1 for i in self.game.result().winners]


def _play(game: Any, who: int, step: dict[str, Any]) -> None:
    """``play``: an Action in the Action phase, a Night card in the Night phase."""
    if game.phase == "night":
        game.play_night(step["value"])
    else:
        game.play_action(step["value"])


def _gain(game: Any, who: int, step: dict[str, Any]) -> None:
    """``gain`` (a test action, not a rule): to ``to``, or where the card says."""
    if "to" in step:
        game.gain_card(who, step["value"], step["to"])
    else:
        _gain_where_the_card_says(game, who, step["value"])


def _trash(game: Any, who: int, step: dict[str, Any]) -> None:
    """``trash`` (a test action): a named card from hand, deck, discard or play."""
    source, name = step.get("from", "hand"), step["value"]
    if source == "hand":
        game.trash_from_hand(who, name)
        return
    p = game.players[who]
    zone = {"deck": p.deck, "discard": p.discard, "in_play": p.in_play}[source]
    card = next((c for c in zone if c.name == name), None)
    if card is None:
        raise IllegalMove(f"no {name} in player {who + 1}'s {source}")
    game.trash_card(p, card, zone, source="test")


#: Each move verb of the scenario format (``schema.STEP_VERBS`` less the answer
#: and check verbs, which the runner handles) and the engine call it makes:
#: ``(game, acting player's index, the loaded step)``.
MOVES: dict[str, Callable[[Any, int, dict[str, Any]], None]] = {
    "play": _play,
    "play_treasure": lambda game, who, step: game.play_treasure(step["value"]),
    "play_treasures": lambda game, who, step: game.play_all_treasures(),
    "buy": lambda game, who, step: game.buy(step["value"]),
    "buy_event": lambda game, who, step: game.buy_event(step["value"]),
    "spend_coffers": lambda game, who, step: game.spend_coffers(step["value"]),
    "end_phase": lambda game, who, step: game.end_phase(),
    "end_turn": lambda game, who, step: game.end_turn(),
    "gain": _gain,
    "trash": _trash,
}


def _gain_where_the_card_says(game: Any, who: int, name: str) -> None:
    """A direct gain with no destination goes where the card says (Den of Sin: hand).

    ``Game.gain_card`` defaults its destination to the discard pile, which
    would override a card's own "gain to hand"; the primitive takes None.
    """
    if game.over:
        raise IllegalMove("the game is over")
    if name not in game.piles:
        raise IllegalMove(f"there is no {name} pile in this game")
    game.gain(game.player(who), name, None, source="test")


def _state_description(setup: dict[str, Any]) -> dict[str, Any]:
    """The scenario setup in the shape the engine's ``game_from_state`` takes."""
    count = setup["players"]
    turn = setup.get("turn", {})
    players = []
    for number in range(1, count + 1):
        zones = dict(setup.get(f"player{number}", {}))
        zones.pop("states", None)  # set on the built game (Table.build)
        players.append(zones)
    return {
        "kingdom": list(setup["kingdom"]),
        "events": list(setup.get("events", [])),
        "players": players,
        "supply": dict(setup.get("supply", {})),
        "trash": list(setup.get("trash", [])),
        "black_market": list(setup.get("black_market_deck", [])),
        "current_player": turn.get("player", 1) - 1,
        "phase": turn.get("phase", "action"),
        "actions": turn.get("actions", 1),
        "buys": turn.get("buys", 1),
        "coins": turn.get("coins", 0),
        "potions": turn.get("potions", 0),
        "colonies": setup.get("colonies", False),
        "bane": setup.get("bane"),
        "traits": dict(setup.get("traits", {})),
    }


def _place_pile_tokens(game: Any, setup: dict[str, Any]) -> None:
    """``setup.pile_tokens`` (replacing the setup's tokens of those names) and
    ``setup.trade_route_mat``."""
    for pile_name, tokens in (setup.get("pile_tokens") or {}).items():
        pile = game.piles.get(pile_name)
        if pile is None or not pile.supply:
            raise EngineProblem(f"setup.pile_tokens: {pile_name} is not a Supply pile here")
        for token, n in tokens.items():
            if n:
                pile.tokens[token] = n
            else:
                pile.tokens.pop(token, None)
    if "trade_route_mat" in setup:
        game.state(TradeRouteMat).tokens = setup["trade_route_mat"]


def _stack(deck: Any, key: str, top_first: list[str]) -> None:
    """Put the named Boons (or Hexes) on top of their deck, in order (as shuffles are
    dictated); the others stay under them."""
    if not deck.cards:
        raise EngineProblem(f"setup.{key}: the game has no {key} deck (no card uses it)")
    for name in top_first:
        if name not in deck.cards:
            raise EngineProblem(f"setup.{key}: {name} is not one of the {key}")
    if len(set(top_first)) != len(top_first):
        raise EngineProblem(f"setup.{key} names one twice")
    rest = [n for n in deck.cards if n not in top_first]
    deck.cards = rest + top_first[::-1]
    deck.discard = []


def _set_aside_for_druid(game: Any, names: list[str]) -> None:
    """The Boons dealt to Druid: the named ones, the others back into the Boons deck."""
    if not game.boons.set_aside:
        raise EngineProblem("setup.druid_boons: there is no Druid in the game")
    if len(names) != 3 or len(set(names)) != 3:
        raise EngineProblem("setup.druid_boons: name three different Boons")
    pool = game.boons.cards + game.boons.set_aside
    for name in names:
        if name not in pool:
            raise EngineProblem(f"setup.druid_boons: {name} is not a Boon")
    game.boons.set_aside = names
    game.boons.cards = [n for n in pool if n not in names]


def _dealt_setup(setup: dict[str, Any]) -> dict[str, Any]:
    """The setup with its ``randomizers`` deal (if any) folded into the Kingdom.

    Dealt Kingdom cards join ``kingdom``, dealt Events ``events``; a dealt Trait
    goes on a random Action or Treasure Kingdom pile (the setup rule). The first
    Kingdom randomizer decides Platinum/Colony and the deal gives Young Witch's
    Bane, unless the scenario names them itself.
    """
    spec = setup.get("randomizers")
    if not spec:
        return setup
    from engine.randomizer import deal

    result = deal(list(spec["sets"]), list(spec["dealt"]),
                  landscapes=spec.get("landscapes", "mixed"),
                  landscape_count=spec.get("landscape_count"))
    merged = dict(setup)
    merged["kingdom"] = [*setup.get("kingdom", []), *result.kingdom]
    merged["events"] = [*setup.get("events", []), *result.events]
    merged["traits"] = {**dict.fromkeys(result.traits, "random"), **setup.get("traits", {})}
    if setup.get("colonies") == "random" and "colony_randomizer" not in setup:
        merged["colony_randomizer"] = result.colony_randomizer
    if result.bane and "bane" not in setup:
        merged["bane"] = result.bane
    return merged


def _override_zones(game: Any, setup: dict[str, Any]) -> None:
    """Zones a standard-setup scenario gives explicitly replace the dealt ones."""
    for number in range(1, setup["players"] + 1):
        if setup.get(f"player{number}"):
            raise EngineProblem(
                "standard_setup with explicit player zones is not supported; "
                "give the whole state instead"
            )
