"""Card names in a scenario file, checked against the engine when the file loads.

A misspelt card would otherwise be found late or never: in the setup it fails
only on replay, with a message naming neither the file nor the field; in an
expectation such as ``log_absent: [{event: gain, card: Curze}]`` it makes the
check hold vacuously, so the scenario passes while checking nothing. Every
place that holds a card name is therefore listed here (:func:`card_fields`)
and compared with the engine's registry (cards and Events), with a
"did you mean" from the closest names.

Answers (``choose:``/``react:``) are not checked: their values are option ids
of a decision, which the runner already checks against the legal options.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Iterator
from functools import lru_cache
from typing import Any

from rulings_service.scenarios.schema import CHECK_VERBS, PLAYER_ZONES, STEP_VERBS

#: Log ``source`` values the engine writes that are not card names.
NON_CARD_SOURCES = frozenset({"buy", "test"})
#: Supply piles named otherwise than any card in them (their cards differ).
#: Setup keys of a player whose values are lists of cards.
_SETUP_CARD_LISTS = (*PLAYER_ZONES, "durations", "states")
#: Expectation keys of a player whose values are lists of cards.
_EXPECT_CARD_LISTS = (*PLAYER_ZONES, "hand_any_order", "discard_any_order", "states")


@lru_cache(maxsize=1)
def known_names() -> frozenset[str]:
    """Every card and Event name the engine implements (exact catalogue spelling)."""
    from engine.registry import implemented_names

    return implemented_names()


@lru_cache(maxsize=1)
def pile_names() -> frozenset[str]:
    """Names of piles that are not card names: the Ruins and Plunder's Loot (piles of
    differing cards; the Knights pile is a card of kind "pile" in the registry)."""
    from engine.setup import MIXED_PILES

    return frozenset({"Ruins", *MIXED_PILES})


#: How much less similar than the best suggestion another may be and still be offered.
SUGGESTION_SPREAD = 0.1


def suggest(name: str, names: Iterable[str] | None = None) -> list[str]:
    """The known names closest to ``name``, at most three (a case-only difference wins).

    Only names about as close as the best one are offered, so a plain typo
    gets one answer (Feest -> Feast) instead of a list padded with weaker
    guesses (Festival).
    """
    pool = known_names() if names is None else names
    by_lower = {known.lower(): known for known in pool}
    wanted = name.lower()
    if wanted in by_lower:
        return [by_lower[wanted]]
    close = difflib.get_close_matches(wanted, list(by_lower), n=3, cutoff=0.6)
    if not close:
        return []
    best = difflib.SequenceMatcher(None, wanted, close[0]).ratio()
    return [
        by_lower[key]
        for key in close
        if difflib.SequenceMatcher(None, wanted, key).ratio() >= best - SUGGESTION_SPREAD
    ]


def unknown_card_message(name: str) -> str:
    """``unknown card 'Feest' (did you mean Feast?)``."""
    hints = suggest(name)
    hint = f" (did you mean {' or '.join(hints)}?)" if hints else ""
    return f"unknown card {name!r}{hint}"


def card_problems(data: dict[str, Any]) -> list[tuple[str, str]]:
    """``(field path, message)`` for every card name of a loaded scenario the engine lacks."""
    known = known_names()
    problems = []
    for where, name in card_fields(data):
        if name in known:
            continue
        message = unknown_card_message(name)
        if where.endswith(".source"):
            message += f"; a source is a card name or one of {', '.join(sorted(NON_CARD_SOURCES))}"
        problems.append((where, message))
    return problems


def card_fields(data: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """Every ``(field path, card name)`` of a scenario validated by the schema.

    Paths use the schema's style (``setup.player1.hand[1]``, ``steps[0].play``)
    so that these problems read like every other problem of the file.
    """
    if data.get("card_text"):
        yield "card_text", data["card_text"]
    yield from _listed("cards", data.get("cards", ()))
    yield from _setup_fields(data.get("setup") or {})
    for index, step in enumerate(data.get("steps") or ()):
        yield from _step_fields(f"steps[{index}]", step)
    yield from _expect_fields("expect", data.get("expect") or {})


def _listed(where: str, names: Any) -> Iterator[tuple[str, str]]:
    for index, name in enumerate(names or ()):
        yield f"{where}[{index}]", name


def _setup_fields(setup: dict[str, Any]) -> Iterator[tuple[str, str]]:
    for key in ("kingdom", "events", "trash", "black_market", "black_market_deck", "boons",
                "hexes", "druid_boons", "boons_discard", "hexes_discard"):
        yield from _listed(f"setup.{key}", setup.get(key))
    if "colony_randomizer" in setup:
        yield "setup.colony_randomizer", setup["colony_randomizer"]
    if "bane" in setup:
        yield "setup.bane", setup["bane"]
    for pile, contents in (setup.get("supply") or {}).items():
        if pile not in pile_names():
            yield f"setup.supply.{pile}", pile
        if isinstance(contents, list):
            yield from _listed(f"setup.supply.{pile}", contents)
    for trait, pile in (setup.get("traits") or {}).items():
        yield f"setup.traits.{trait}", trait
        if pile != "random":
            yield f"setup.traits.{trait}.pile", pile
    for index, shuffle in enumerate(setup.get("shuffles") or ()):
        yield from _listed(f"setup.shuffles[{index}].produces", shuffle.get("produces"))
    yield from _player_fields("setup", setup, _SETUP_CARD_LISTS)


def _player_fields(
    where: str, section: dict[str, Any], zones: tuple[str, ...]
) -> Iterator[tuple[str, str]]:
    """Card names in the ``player1`` .. ``player6`` zones and mats of a setup or expectation."""
    for number in range(1, 7):
        player = section.get(f"player{number}") or {}
        prefix = f"{where}.player{number}"
        for zone in zones:
            yield from _listed(f"{prefix}.{zone}", player.get(zone))
        for mat, cards in (player.get("mats") or {}).items():
            yield from _listed(f"{prefix}.mats.{mat}", cards)


def _step_fields(where: str, step: dict[str, Any]) -> Iterator[tuple[str, str]]:
    verb = step["verb"]
    if verb in CHECK_VERBS:
        yield from _expect_fields(f"{where}.check", step["value"])
        return
    if STEP_VERBS[verb][0] == "card":
        yield f"{where}.{verb}", step["value"]
    if "card" in step:  # which card asks the decision a choose/react answers
        yield f"{where}.card", step["card"]


def _expect_fields(where: str, expect: dict[str, Any]) -> Iterator[tuple[str, str]]:
    yield from _player_fields(where, expect, _EXPECT_CARD_LISTS)
    for pile in expect.get("supply") or {}:
        if pile not in pile_names():
            yield f"{where}.supply.{pile}", pile
    yield from _listed(f"{where}.trash", expect.get("trash"))
    for key in ("supply_piles", "kingdom_piles"):
        for index, pile in enumerate(expect.get(key) or ()):
            if pile not in pile_names():
                yield f"{where}.{key}[{index}]", pile
    for key in ("black_market_deck", "black_market_deck_any_order", "boons_discard",
                "boons_held", "hexes_discard", "boons_saved"):
        yield from _listed(f"{where}.{key}", expect.get(key))
    for key in ("log", "log_absent"):
        for index, fact in enumerate(expect.get(key) or ()):
            if "card" in fact:
                yield f"{where}.{key}[{index}].card", fact["card"]
            if "source" in fact and fact["source"] not in NON_CARD_SOURCES:
                yield f"{where}.{key}[{index}].source", fact["source"]
