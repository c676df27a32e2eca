"""Marshmallow schemas for scenario files and the informational-status file.

Scenario files are written by people, so every mistake must come back as a
sentence naming the file, the field and what was expected. Marshmallow gives
nested messages keyed by field; :func:`flatten_messages` turns them into
dotted paths (``setup.player1.deck[2]``) so the loader can print one line per
problem instead of a traceback.

Steps are polymorphic (``play: X``, ``buy: X``, ``choose: [A, B]``...). Rather
than one schema per verb, a step is a mapping with exactly one *verb* key plus
a few modifier keys that the verb allows; :data:`STEP_VERBS` is the single
table that says which.
"""

from __future__ import annotations

import difflib
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from engine.vocabulary import LOG_KINDS, STARTING_PHASES
from engine.vocabulary import PLAYER_ZONES as ENGINE_ZONES

#: Zones a scenario may set up or expect for a player. ``deck`` is top first.
PLAYER_ZONES = ENGINE_ZONES
#: Counters of the player whose turn it is (the turn state), plus per-player VP tokens.
TURN_COUNTERS = ("actions", "buys", "coins", "potions")
#: The phases a scenario may start in: the engine's (it cannot start a game in Clean-up).
PHASES = STARTING_PHASES

#: verb -> (kind of value, modifier keys allowed next to it).
#: value kinds: "card" a card name; "count" a number of tokens (at least 1); "cards"
#: a card name or list of them (possibly empty); "none" no meaningful value
#: (``end_turn: true``); "answer" anything a decision may be answered with.
STEP_VERBS: dict[str, tuple[str, frozenset[str]]] = {
    "play": ("card", frozenset({"player", "error"})),
    "play_treasure": ("card", frozenset({"player", "error"})),
    "play_treasures": ("none", frozenset({"player", "error"})),
    "buy": ("card", frozenset({"player", "error"})),
    "buy_event": ("card", frozenset({"player", "error"})),
    "spend_coffers": ("count", frozenset({"player", "error"})),
    "end_phase": ("none", frozenset({"player", "error"})),
    "end_turn": ("none", frozenset({"player", "error"})),
    "gain": ("card", frozenset({"player", "to", "error"})),
    "trash": ("card", frozenset({"player", "from", "error"})),
    "choose": ("answer", frozenset({"player", "decision", "card", "error", "options",
                                    "options_include"})),
    "react": ("answer", frozenset({"player", "card", "options", "options_include"})),
    "check": ("expect", frozenset()),
}
#: Verbs that answer the decisions raised by the action step before them.
ANSWER_VERBS = frozenset({"choose", "react"})
#: Verbs that look at the table without changing it.
CHECK_VERBS = frozenset({"check"})
#: Which zones the direct test actions may use.
GAIN_DESTINATIONS = ("discard", "hand", "deck")
TRASH_SOURCES = ("hand", "deck", "discard", "in_play")


class _SetupAnswer(fields.Field):
    """A step in ``setup.choices``, read as any step is (:class:`StepField`, defined below)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return StepField()._deserialize(value, attr, data, **kwargs)


class PileContents(fields.Field):
    """A setup pile: its size (a whole number, at least 0) or its cards, top first.

    A list is for piles whose cards differ (Plunder's Loot pile), so that what
    is gained from it is dictated, as shuffles are.
    """

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, bool):
            raise ValidationError("expected a whole number or a list of card names")
        if isinstance(value, int):
            if value < 0:
                raise ValidationError("Must be greater than or equal to 0.")
            return value
        if isinstance(value, list) and all(isinstance(x, str) and x for x in value):
            return list(value)
        raise ValidationError("expected a whole number or a list of card names")


def _card_list(*, required: bool = False) -> fields.List:
    return fields.List(fields.String(validate=validate.Length(min=1)), required=required)


def _validate_player_number(value: int) -> None:
    if not 1 <= value <= 6:
        raise ValidationError("expected a player number from 1 to 6")


class PlayerZonesSchema(Schema):
    """The zones of one player, as card-name lists (deck top first); shared by setup and expect."""

    hand = _card_list()
    deck = _card_list()
    discard = _card_list()
    in_play = _card_list()
    set_aside = _card_list()
    mats = fields.Dict(keys=fields.String(), values=_card_list())


class PlayerSetupSchema(PlayerZonesSchema):
    """One player's zones at the start of the scenario (all optional, default empty)."""

    tokens = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True))
    vp_tokens = fields.Integer(strict=True, validate=validate.Range(min=0))
    #: Coin tokens (Guilds) on the player's mat.
    coffers = fields.Integer(strict=True, validate=validate.Range(min=0))
    #: Cards in play (listed in ``in_play`` too) whose next-turn effect is pending.
    durations = _card_list()
    #: The States the player has (Deluded, Miserable, Lost in the Woods...).
    states = _card_list()
    #: Normal turns the player has already taken (the tiebreaker counts them); by
    #: default 1 for the players up to the current one and 0 after it.
    turns_taken = fields.Integer(strict=True, validate=validate.Range(min=0))


#: A pile's tokens by name (Embargo, Trade Route), e.g. ``{Embargo: 2}``.
def _pile_tokens() -> fields.Dict:
    return fields.Dict(keys=fields.String(validate=validate.Length(min=1)),
                       values=fields.Dict(keys=fields.String(validate=validate.Length(min=1)),
                                          values=fields.Integer(strict=True,
                                                                validate=validate.Range(min=0))))


class ShuffleSchema(Schema):
    """What one shuffle produces: the new deck, top first (a permutation of the discard)."""

    player = fields.Integer(strict=True, required=True, validate=_validate_player_number)
    produces = _card_list(required=True)


class RandomizerDealSchema(Schema):
    """A Kingdom dealt from Randomizer cards (engine/randomizer.py), in a dictated order."""

    #: The sets whose randomizers are shuffled together.
    sets = fields.List(fields.String(validate=validate.Length(min=1)), required=True,
                       validate=validate.Length(min=1))
    #: The randomizers as turned over, top first (exactly the ones the deal uses or skips).
    dealt = _card_list(required=True)
    #: ``mixed``: Events and Traits shuffled in; ``separate``: a landscape deck of their own.
    landscapes = fields.String(validate=validate.OneOf(("mixed", "separate")))
    #: With ``separate``: how many landscapes are dealt (1 or 2).
    landscape_count = fields.Integer(strict=True, validate=validate.Range(min=1, max=2))


class TurnSetupSchema(Schema):
    """Whose turn it is, which phase, and the turn counters at the start."""

    player = fields.Integer(strict=True, validate=_validate_player_number)
    phase = fields.String(validate=validate.OneOf(PHASES))
    actions = fields.Integer(strict=True, validate=validate.Range(min=0))
    buys = fields.Integer(strict=True, validate=validate.Range(min=0))
    coins = fields.Integer(strict=True, validate=validate.Range(min=0))
    potions = fields.Integer(strict=True, validate=validate.Range(min=0))


class TurnExpectSchema(TurnSetupSchema):
    """The turn state after the steps: the setup's keys plus the turn number, extra turns
    and who controls the turn (``controller``: the Possession player, else ``player``)."""

    number = fields.Integer(strict=True, validate=validate.Range(min=1))
    extra_turn = fields.Boolean()
    controller = fields.Integer(strict=True, validate=_validate_player_number)


class SetupSchema(Schema):
    """The game state a scenario starts from."""

    kingdom = _card_list(required=True)
    events = _card_list()
    players = fields.Integer(strict=True, required=True, validate=validate.Range(min=2, max=6))
    player1 = fields.Nested(PlayerSetupSchema)
    player2 = fields.Nested(PlayerSetupSchema)
    player3 = fields.Nested(PlayerSetupSchema)
    player4 = fields.Nested(PlayerSetupSchema)
    player5 = fields.Nested(PlayerSetupSchema)
    player6 = fields.Nested(PlayerSetupSchema)
    #: pile sizes, or (piles of differing cards: Loot) the pile's cards, top first
    supply = fields.Dict(keys=fields.String(), values=PileContents())
    trash = _card_list()
    #: Answers to the decisions asked while the table is set up (Inherited), in order:
    #: ``choose`` steps, e.g. ``{choose: Copper, player: 1}``
    choices = fields.List(_SetupAnswer())
    #: Traits and the Kingdom pile each is on (``random``: a random Action or
    #: Treasure Kingdom pile, by the setup rule; deterministic when only one fits)
    traits = fields.Dict(keys=fields.String(validate=validate.Length(min=1)),
                         values=fields.String(validate=validate.Length(min=1)))
    turn = fields.Nested(TurnSetupSchema)
    shuffles = fields.List(fields.Nested(ShuffleSchema))
    #: Build the state by the normal setup rules (pile sizes, starting decks)
    #: instead of from the explicit zones. Zones given still override.
    standard_setup = fields.Boolean()
    #: Platinum and Colony: true, false, or "random" (Prosperity's rule; standard setup only).
    colonies = fields.Raw()
    #: With colonies "random": the Kingdom card dealt to decide (as shuffles are dictated).
    colony_randomizer = fields.String(validate=validate.Length(min=1))
    #: The Black Market deck's cards (standard setup only).
    black_market = _card_list()
    #: Young Witch's Bane: the extra Kingdom pile whose cards are Bane cards.
    bane = fields.String(validate=validate.Length(min=1))
    #: Deal (part of) the Kingdom from Randomizer cards (standard setup only): the
    #: dealt Kingdom cards join ``kingdom``, Events ``events``, Traits go on random piles.
    randomizers = fields.Nested(RandomizerDealSchema)

    #: Shelters instead of the starting Estates (Dark Ages; standard setup only).
    shelters = fields.Boolean()
    #: Tokens already on Supply piles, e.g. ``{Village: {Embargo: 1}}``; given names
    #: replace the setup's (``{Estate: {Trade Route: 0}}`` takes a Trade Route token off).
    pile_tokens = _pile_tokens()
    #: Tokens already on the Trade Route mat.
    trade_route_mat = fields.Integer(strict=True, validate=validate.Range(min=0))

    @validates_schema
    def _shelters_standard(self, data: dict[str, Any], **_: Any) -> None:
        if "shelters" in data and not data.get("standard_setup"):
            raise ValidationError("shelters needs standard_setup: true", "standard_setup")

    @validates_schema
    def _supply_values(self, data: dict[str, Any], **_: Any) -> None:
        for value in (data.get("supply") or {}).values():
            is_count = isinstance(value, int) and not isinstance(value, bool) and value >= 0
            is_list = isinstance(value, list) and all(isinstance(x, str) for x in value)
            if not (is_count or is_list):
                raise ValidationError(
                    f"expected a pile size (0 or more) or a list of card names, top first; "
                    f"got {value!r}", "supply")

    #: The Black Market deck of an explicit state, top first (not with standard setup).
    black_market_deck = _card_list()

    #: The top of the Boons deck, top first (the other Boons follow under them).
    boons = _card_list()
    #: The top of the Hexes deck, top first (the other Hexes follow under them).
    hexes = _card_list()
    #: The three Boons set aside for Druid (taken out of the Boons deck).
    druid_boons = _card_list()
    #: Boons / Hexes already in their discard pile (taken out of the deck).
    boons_discard = _card_list()
    hexes_discard = _card_list()

    @validates_schema
    def _colonies_choice(self, data: dict[str, Any], **_: Any) -> None:
        choice = data.get("colonies", False)
        if choice not in (True, False, "random") or type(choice) is int:
            raise ValidationError(f"expected true, false or random; got {choice!r}", "colonies")
        if "colony_randomizer" in data and choice != "random":
            raise ValidationError("only used with colonies: random", "colony_randomizer")
        if "black_market_deck" in data and data.get("standard_setup"):
            raise ValidationError(
                "black_market_deck gives an explicit state's deck; with standard_setup use "
                "black_market", "black_market_deck"
            )
        needs_standard = choice == "random" or "black_market" in data
        if needs_standard and not data.get("standard_setup"):
            raise ValidationError(
                "colonies: random and black_market need standard_setup: true", "standard_setup"
            )
        if "randomizers" in data and not data.get("standard_setup"):
            raise ValidationError("randomizers need standard_setup: true", "standard_setup")

    @validates_schema
    def _players_exist(self, data: dict[str, Any], **_: Any) -> None:
        count = data.get("players", 6)
        for number in range(count + 1, 7):
            if f"player{number}" in data:
                raise ValidationError(
                    f"the game has {count} players, so there is no player{number}",
                    f"player{number}",
                )


class StepField(fields.Field):
    """One step: a mapping with exactly one verb key and the modifiers that verb allows."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> dict:
        if isinstance(value, str) and value in STEP_VERBS:
            value = {value: True}
        if not isinstance(value, dict):
            raise ValidationError(
                f"expected a mapping with one of {', '.join(STEP_VERBS)}; got {value!r}"
            )
        verbs = [key for key in value if key in STEP_VERBS]
        if len(verbs) != 1:
            raise ValidationError(
                f"expected exactly one of {', '.join(STEP_VERBS)}; "
                f"got keys {sorted(map(str, value))}"
            )
        verb = verbs[0]
        kind, allowed = STEP_VERBS[verb]
        unknown = sorted(str(key) for key in value if key != verb and key not in allowed)
        if unknown:
            raise ValidationError(
                f"'{verb}' does not take {', '.join(unknown)}; it takes "
                f"{', '.join(sorted(allowed)) or 'nothing else'}"
            )
        _check_value(verb, kind, value[verb])
        if "player" in value and (
            not isinstance(value["player"], int) or not 1 <= value["player"] <= 6
        ):
            raise ValidationError(
                f"'player' expected a player number from 1 to 6, got {value['player']!r}"
            )
        if "error" in value and not isinstance(value["error"], str):
            raise ValidationError("'error' expected a piece of the expected error message (text)")
        for key in ("options", "options_include"):
            if key in value and not (isinstance(value[key], list) and value[key]
                                     and all(isinstance(o, str) and o for o in value[key])):
                raise ValidationError(f"'{key}' expected a non-empty list of option ids")
        if verb == "gain" and value.get("to", "discard") not in GAIN_DESTINATIONS:
            raise ValidationError(f"'to' expected one of {', '.join(GAIN_DESTINATIONS)}")
        if verb == "trash" and value.get("from", "hand") not in TRASH_SOURCES:
            raise ValidationError(f"'from' expected one of {', '.join(TRASH_SOURCES)}")
        return {"verb": verb, "value": value[verb], **{k: v for k, v in value.items() if k != verb}}


def _check_value(verb: str, kind: str, raw: Any) -> None:
    if kind == "card" and not (isinstance(raw, str) and raw):
        raise ValidationError(f"'{verb}' expected a card name, got {raw!r}")
    if kind == "count" and not (isinstance(raw, int) and not isinstance(raw, bool) and raw >= 1):
        raise ValidationError(f"'{verb}' expected a number of at least 1, got {raw!r}")
    if kind == "expect":
        if not isinstance(raw, dict):
            raise ValidationError(f"'{verb}' expected expectations (player1: ..., supply: ...)")
        try:
            loaded = ExpectSchema().load(raw)
        except ValidationError as exc:
            raise ValidationError({verb: exc.messages}) from None
        empty = empty_expectations(loaded)
        if empty or not count_expectations(loaded):
            raise ValidationError({verb: empty or [NOTHING_CHECKED]})
    if kind == "answer" and not _is_answer(raw):
        raise ValidationError(
            f"'{verb}' expected an option id, a list of option ids, yes/no or none; got {raw!r}"
        )


def _is_answer(raw: Any) -> bool:
    if raw is None or isinstance(raw, (str, bool, int)):
        return True
    return isinstance(raw, list) and all(isinstance(item, (str, int)) for item in raw)


class PlayerExpectSchema(PlayerZonesSchema):
    """Expected zones and counters of one player after the last step."""

    vp_tokens = fields.Integer(strict=True)
    #: Named tokens on the player's mats (Pirate Ship's Coin tokens); a name not given
    #: is not checked, and 0 means the player has none.
    tokens = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True))
    coffers = fields.Integer(strict=True)
    score = fields.Integer(strict=True)
    #: Turn counters; only meaningful for the player whose turn it is.
    actions = fields.Integer(strict=True)
    buys = fields.Integer(strict=True)
    coins = fields.Integer(strict=True)
    potions = fields.Integer(strict=True)
    #: Zones compared as multisets (order ignored) — for hands whose order is not a rule.
    hand_any_order = _card_list()
    discard_any_order = _card_list()
    deck_size = fields.Integer(strict=True, validate=validate.Range(min=0))
    hand_size = fields.Integer(strict=True, validate=validate.Range(min=0))
    discard_size = fields.Integer(strict=True, validate=validate.Range(min=0))
    #: The States the player has (Lost in the Woods...), in the order taken.
    states = _card_list()
    #: The cards whose Duration effects are still waiting, in the order they were made
    #: (a card twice if its effect waits twice: Throne Room on Wharf).
    durations = _card_list()
    #: Normal turns taken (the tiebreaker's count).
    turns_taken = fields.Integer(strict=True, validate=validate.Range(min=0))


#: Kinds of event the engine writes to its log: the engine's own :class:`LogKind`.
#: A misspelt kind in ``log_absent`` would hold vacuously, so facts must use one of these.
LOG_EVENTS = LOG_KINDS


def _validate_log_event(value: str) -> None:
    if value not in LOG_EVENTS:
        close = difflib.get_close_matches(value, LOG_EVENTS, n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        raise ValidationError(
            f"unknown log event {value!r}{hint}; events: {', '.join(LOG_EVENTS)}"
        )


class LogFactSchema(Schema):
    """A fact the event log must (or must not) contain: every given key must match."""

    event = fields.String(required=True, validate=_validate_log_event)
    player = fields.Integer(strict=True, validate=_validate_player_number)
    card = fields.String()
    source = fields.String()
    count = fields.Integer(strict=True, validate=validate.Range(min=0))
    depth = fields.Integer(strict=True, validate=validate.Range(min=0))
    #: Event data that must match, e.g. ``{to: hand}`` on a gain or ``{boon: The Sun's
    #: Gift}`` / ``{hex: Delusion}`` on the reveal of a Boon or Hex.
    data = fields.Dict(keys=fields.String(validate=validate.Length(min=1)), values=fields.Raw())


class ExpectSchema(Schema):
    """Everything checked after the steps ran."""

    player1 = fields.Nested(PlayerExpectSchema)
    player2 = fields.Nested(PlayerExpectSchema)
    player3 = fields.Nested(PlayerExpectSchema)
    player4 = fields.Nested(PlayerExpectSchema)
    player5 = fields.Nested(PlayerExpectSchema)
    player6 = fields.Nested(PlayerExpectSchema)
    turn = fields.Nested(TurnExpectSchema)
    supply = fields.Dict(keys=fields.String(), values=fields.Integer(strict=True))
    trash = _card_list()
    log = fields.List(fields.Nested(LogFactSchema))
    log_absent = fields.List(fields.Nested(LogFactSchema))
    game_over = fields.Boolean()
    winner = fields.List(fields.Integer(strict=True))
    turn_number = fields.Integer(strict=True)
    #: Exactly these piles are in the Supply (order ignored) — for setup rulings.
    supply_piles = _card_list()
    #: Exactly these Supply piles are Kingdom piles (order ignored).
    kingdom_piles = _card_list()
    #: The Black Market deck, top first, compared exactly; as a multiset; or its size.
    black_market_deck = _card_list()
    black_market_deck_any_order = _card_list()
    black_market_deck_size = fields.Integer(strict=True, validate=validate.Range(min=0))

    #: The Boons discard pile, in the order Boons were discarded.
    boons_discard = _card_list()
    #: The Boons kept in front of players until Clean-up, in the order received.
    boons_held = _card_list()
    #: The Hexes discard pile, in the order Hexes were discarded.
    hexes_discard = _card_list()
    #: Boons taken and waiting in front of players for their next turn (Blessed Village).
    boons_saved = _card_list()
    #: How many Boons (Hexes) are in the Boons (Hexes) deck.
    boons_deck_size = fields.Integer(strict=True, validate=validate.Range(min=0))
    hexes_deck_size = fields.Integer(strict=True, validate=validate.Range(min=0))
    #: Tokens on Supply piles by name, e.g. ``{Village: {Embargo: 2}}`` (0: none).
    pile_tokens = _pile_tokens()
    #: Tokens on the Trade Route mat.
    trade_route_mat = fields.Integer(strict=True, validate=validate.Range(min=0))


MISSING_SUBJECT = (
    "required field is missing: give `rulings` (ids from `rulings card <name>`) or, for a "
    "card whose set the sources hold no FAQ for, `card_text: <Card Name>`"
)
NOTHING_CHECKED = "checks nothing: give at least one expectation (a zone, a counter, a pile...)"
#: Expectation keys whose value is a mapping or list of separate checks; empty, they check nothing.
_CONTAINER_KEYS = ("turn", "supply", "log", "log_absent", "pile_tokens")


def count_expectations(expect: dict[str, Any]) -> int:
    """How many comparisons the runner makes for these (loaded) expectations.

    Mirrors :func:`~rulings_service.scenarios.runner.compare`: each key of a
    player, of ``turn`` and of ``supply`` and each log fact is one comparison;
    every other key (``trash``, ``game_over``, ``supply_piles``...) is one,
    even when its value is empty (``trash: []`` does check that the trash is empty).
    """
    total = 0
    for key, value in expect.items():
        if key.startswith("player") or key in _CONTAINER_KEYS:
            total += len(value)
        else:
            total += 1
    return total


def empty_expectations(expect: dict[str, Any]) -> dict[str, list[str]]:
    """Messages for the keys given with nothing in them (``player1: {}``, ``log: []``).

    Such a key reads as if something were checked; refusing it keeps a
    scenario from looking stricter than it is.
    """
    return {
        key: ["is empty, so it checks nothing: give what must hold, or remove the key"]
        for key, value in expect.items()
        if (key.startswith("player") or key in _CONTAINER_KEYS) and not value
    }


class ScenarioSchema(Schema):
    """A whole scenario file."""

    id = fields.String(
        required=True,
        validate=validate.Regexp(
            r"^[a-z0-9]+(-[a-z0-9]+)*--[a-z0-9]+(-[a-z0-9]+)*$",
            error="expected '<card-slug>--<what>' in lower-case letters, digits and hyphens",
        ),
    )
    title = fields.String(required=True, validate=validate.Length(min=1))
    rulings = fields.List(
        fields.String(validate=validate.Length(min=1)),
        validate=validate.Length(
            min=1,
            error="expected at least one ruling id (`rulings card <name>` lists them); "
            "a scenario that demonstrates no ruling counts for nothing in the audit",
        ),
    )
    #: The card whose printed text the scenario demonstrates, for sets whose
    #: sources hold no FAQ (Hinterlands): a card-text demonstration, not a ruling.
    card_text = fields.String(validate=validate.Length(min=1))
    cards = _card_list()
    notes = fields.String()
    setup = fields.Nested(SetupSchema, required=True)
    steps = fields.List(StepField(), required=True)
    expect = fields.Nested(ExpectSchema, required=True)

    @validates_schema(skip_on_field_errors=False, pass_original=True)
    def _demonstrates_something(self, data: dict[str, Any], raw: Any, **_: Any) -> None:
        """A scenario demonstrates official rulings, a card's printed text, or both."""
        if "rulings" not in data and "card_text" not in data:
            given = isinstance(raw, dict) and ("rulings" in raw or "card_text" in raw)
            if not given:  # a bad value of either is already reported
                raise ValidationError(MISSING_SUBJECT, "rulings")

    @validates_schema
    def _players_exist(self, data: dict[str, Any], **_: Any) -> None:
        count = (data.get("setup") or {}).get("players", 6)
        places = [("expect", data.get("expect") or {})]
        places += [
            (f"steps[{i}].check", step["value"])
            for i, step in enumerate(data.get("steps") or [])
            if step["verb"] in CHECK_VERBS
        ]
        for where, expect in places:
            for number in range(count + 1, 7):
                if f"player{number}" in expect:
                    raise ValidationError(
                        f"{where}.player{number}: the game has {count} players", "expect"
                    )

    @validates_schema(skip_on_field_errors=False)
    def _checks_something(self, data: dict[str, Any], **_: Any) -> None:
        """A scenario with nothing to compare would pass whatever the engine did."""
        expect = data.get("expect")
        if expect is None:  # already reported as missing
            return
        empty = empty_expectations(expect)
        if empty:
            raise ValidationError({"expect": empty})
        steps = data.get("steps")
        if steps is None:  # missing or invalid, already reported
            return
        if count_expectations(expect) or any(
            step["verb"] in CHECK_VERBS or "error" in step for step in steps
        ):
            return
        raise ValidationError(
            f"{NOTHING_CHECKED}, a `check:` step, or a step with the `error:` it must produce",
            "expect",
        )

    @validates_schema
    def _setup_choices_are_answers(self, data: dict[str, Any], **_: Any) -> None:
        for step in (data.get("setup") or {}).get("choices") or []:
            if step["verb"] != "choose":
                raise ValidationError(
                    "setup choices answer setup decisions: only `choose` steps", "setup")

    @validates_schema
    def _answers_follow_actions(self, data: dict[str, Any], **_: Any) -> None:
        steps = data.get("steps") or []
        for index, step in enumerate(steps):
            before = steps[index - 1]["verb"] if index else None
            if step["verb"] in ANSWER_VERBS and (before is None or before in CHECK_VERBS):
                raise ValidationError(
                    f"step {index + 1} answers a decision, but the step before it is not a "
                    "move that can ask one (answers follow their move directly)",
                    "steps",
                )


INFORMATIONAL_REASONS = {
    "table-talk": "advice on how players talk or keep count at the table; nothing changes state",
    "physical-handling": "how cards are physically handled or shown; the engine has no table",
    "hidden-information": "etiquette about what players may look at or must show",
    "outside-engine": "about a card the engine does not implement (name it in 'card')",
    "restates-card-text": "repeats the card text, which other scenarios of the card replay",
    "definition": "defines a term without a game situation to replay",
}


class InformationalEntrySchema(Schema):
    """Why one ruling has nothing to replay."""

    reason = fields.String(required=True, validate=validate.OneOf(sorted(INFORMATIONAL_REASONS)))
    card = fields.String()
    note = fields.String(required=True, validate=validate.Length(min=10))

    @validates_schema
    def _outside_names_card(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("reason") == "outside-engine" and not data.get("card"):
            raise ValidationError("reason outside-engine must name the card in 'card'", "card")


class InformationalFileSchema(Schema):
    rulings = fields.Dict(
        keys=fields.String(validate=validate.Length(min=1)),
        values=fields.Nested(InformationalEntrySchema),
        required=True,
    )


class OutsideScenarioSchema(ScenarioSchema):
    """A scenario file outside the corpus (an auditor's own case): it may cite no ruling.

    Everything else is checked exactly as for a shipped file, so a case that
    runs here runs the same once contributed (with its ruling ids added).
    """

    rulings = fields.List(fields.String(validate=validate.Length(min=1)), load_default=list)


class SandboxScenarioSchema(OutsideScenarioSchema):
    """A scenario typed into the sandbox: no file name, and expectations optional.

    A visitor may just want to see what happens, so ``expect`` may be absent
    or empty (the answer then says nothing was expected). ``id`` defaults to
    a placeholder since there is no file whose name it must match. The
    ``_checks_something`` hook of :class:`ScenarioSchema` is replaced by a
    plain method of the same name, which marshmallow does not call.
    """

    id = fields.String(
        load_default="sandbox--scenario",
        validate=validate.Regexp(
            r"^[a-z0-9]+(-[a-z0-9]+)*--[a-z0-9]+(-[a-z0-9]+)*$",
            error="expected '<card-slug>--<what>' in lower-case letters, digits and hyphens",
        ),
    )
    expect = fields.Nested(ExpectSchema, load_default=dict)

    def _checks_something(self, data: dict[str, Any], **_: Any) -> None:
        """Not a hook here: the sandbox runs scenarios that expect nothing."""


def flatten_messages(messages: Any, prefix: str = "") -> list[tuple[str, str]]:
    """Turn marshmallow's nested messages into ``(dotted.path[3], message)`` pairs."""
    out: list[tuple[str, str]] = []
    if isinstance(messages, dict):
        for key, value in messages.items():
            if isinstance(key, int):
                path = f"{prefix}[{key}]"
            elif key == "_schema":
                path = prefix
            else:
                path = f"{prefix}.{key}" if prefix else str(key)
            out.extend(flatten_messages(value, path))
    elif isinstance(messages, list):
        for item in messages:
            if isinstance(item, (dict, list)):
                out.extend(flatten_messages(item, prefix))
            else:
                out.append((prefix or "(file)", _plain(str(item))))
    else:
        out.append((prefix or "(file)", _plain(str(messages))))
    return out


def _plain(message: str) -> str:
    """Reword marshmallow's defaults so they say what was expected."""
    return {
        "Unknown field.": "unknown field (check the spelling; see corpus/scenarios/README.md)",
        "Missing data for required field.": "required field is missing",
        "Not a valid string.": "expected text (a card name)",
        "Not a valid integer.": "expected a whole number",
        "Not a valid list.": "expected a list",
        "Not a valid mapping type.": "expected a mapping (key: value lines)",
        "Invalid input type.": "expected a mapping (key: value lines)",
        "Not a valid boolean.": "expected true or false",
        "Field may not be null.": "is empty; expected a value",
    }.get(message, message)
