"""A replay as a board: card tiles per zone, and what each step changed.

The transcript holds every zone after every step; a player comparing two
tables by eye misses what moved. This module turns a transcript into
*frames* (the starting position, then one per step), each a board a template
can draw directly: every player's zones as card tiles (name, cost, type
colours), the turn's counters, the Supply as piles with counts, the trash, and
the Boons/Hexes/Black Market rows only when the scenario uses them. Cards that
arrived in a zone are marked ``arrived``; cards that left one are kept as
``left`` ghost tiles where they were; counters and piles that changed carry
``changed`` and their previous value. Captions and decisions come from
:mod:`~rulings_service.scenarios.narrate`.

Frames are derived data: the transcript stays the single record of what the
engine did, and the same frames serve the ruling pages, ``/scenarios/<id>``
and the sandbox.
"""

from __future__ import annotations

from collections import Counter
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any

from rulings_service.scenarios import narrate

#: A player's card zones, in the order a player reads them, with labels.
PLAYER_ZONES = (
    ("hand", "Hand"),
    ("deck", "Deck"),
    ("discard", "Discard"),
    ("in_play", "In play"),
    ("set_aside", "Set aside"),
)
#: Player counters shown as numbers.
PLAYER_COUNTERS = (("coffers", "Coffers"), ("vp_tokens", "VP tokens"), ("score", "VP"))
#: The turn's counters.
TURN_COUNTERS = (("actions", "Actions"), ("buys", "Buys"), ("coins", "Coins"),
                 ("potions", "Potions"))
#: Rows that only exist in some games (shown when any frame of the replay has them).
GAME_ROWS = (
    ("black_market", "Black Market deck (top first)", "cards"),
    ("boons_deck_size", "Boons deck", "count"),
    ("boons_discard", "Boons discard pile", "cards"),
    ("boons_held", "Boons kept until Clean-up", "cards"),
    ("boons_saved", "Boons saved (Druid)", "cards"),
    ("hexes_deck_size", "Hexes deck", "count"),
    ("hexes_discard", "Hexes discard pile", "cards"),
)
#: Card types in the order their colour wins a tile's band (the game's own colours).
TYPE_ORDER = ("Curse", "Victory", "Treasure", "Reaction", "Duration", "Reserve", "Night",
              "Ruins", "Shelter", "Event", "Action")


@lru_cache(maxsize=2048)
def _facts(name: str) -> tuple[str, tuple[str, ...]]:
    """(cost text, types) of a card, from the engine the replay ran on."""
    from rulings_service.scenarios.bridge import card_facts

    facts = card_facts(name)
    if facts is None:
        return "", ()
    cost = ""
    if facts["coins"] is not None and (facts["coins"] or not (facts["potion"] or facts["debt"])):
        cost = f"${facts['coins']}"
    if facts["potion"]:
        cost += "P" * facts["potion"]
    if facts["debt"]:
        cost += f"{facts['debt']}D"
    return cost, tuple(facts["types"])


def tile(name: Any, mark: str | None = None) -> dict[str, Any]:
    """One card tile: name, cost, types, colour bands (at most two) and its mark."""
    text = str(name)
    cost, types = _facts(text)
    bands = [t.lower() for t in TYPE_ORDER if t in types][:2]
    return {"name": text, "cost": cost, "types": list(types), "bands": bands or ["plain"],
            "mark": mark}


def _tiles(before: list[Any] | None, after: list[Any]) -> list[dict[str, Any]]:
    """The zone's tiles after a step, arrivals marked, departures kept as ghosts.

    A card counts as arrived only when the zone holds more copies of it than
    before, so reordering a zone marks nothing; which copy is marked follows
    the alignment of the two lists (a card drawn lands at the end of the hand).
    """
    after_names = [str(n) for n in after]
    if before is None:
        return [tile(n) for n in after_names]
    before_names = [str(n) for n in before]
    old, new = Counter(before_names), Counter(after_names)
    gained = new - old
    lost = old - new
    matcher = SequenceMatcher(a=before_names, b=after_names, autojunk=False)
    inserted: list[int] = []
    deleted: list[int] = []
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op in ("insert", "replace"):
            inserted.extend(range(j1, j2))
        if op in ("delete", "replace"):
            deleted.extend(range(i1, i2))
    arrived = _pick(after_names, gained, inserted)
    left = _pick(before_names, lost, deleted)
    out = [tile(n, "arrived" if i in arrived else None) for i, n in enumerate(after_names)]
    out.extend(tile(before_names[i], "left") for i in sorted(left))
    return out


def _pick(names: list[str], wanted: Counter, preferred: list[int]) -> set[int]:
    """Positions of ``wanted`` copies: aligned positions first, then the last ones."""
    chosen: set[int] = set()
    need = Counter(wanted)
    for i in [*preferred, *reversed(range(len(names)))]:
        if need[names[i]] > 0 and i not in chosen:
            chosen.add(i)
            need[names[i]] -= 1
    return chosen


def _counter(label: str, value: Any, before: Any, key: str, compare: bool) -> dict[str, Any]:
    changed = compare and before != value
    return {"key": key, "label": label, "value": value, "changed": changed,
            "before": before if changed else None}


def _player(player: dict[str, Any], before: dict[str, Any] | None, current: bool
            ) -> dict[str, Any]:
    zones = []
    for key, label in PLAYER_ZONES:
        cards = list(player.get(key) or [])
        old = None if before is None else list(before.get(key) or [])
        tiles = _tiles(old, cards)
        if key in ("set_aside",) and not tiles:
            continue
        zones.append({"key": key, "label": label, "tiles": tiles, "count": len(cards),
                      "changed": old is not None and old != cards,
                      "note": "top first" if key == "deck" else
                              ("top last" if key == "discard" else "")})
    old_mats = (before or {}).get("mats") or {}
    for mat, cards in (player.get("mats") or {}).items():
        cards = cards if isinstance(cards, list) else [cards]
        old = None if before is None else list(old_mats.get(mat) or [])
        zones.append({"key": f"mat-{mat}", "label": f"{mat} mat", "count": len(cards),
                      "tiles": _tiles(old, cards), "changed": old is not None and old != cards,
                      "note": ""})
    for key, label in (("durations", "Durations"), ("states", "States")):
        value = player.get(key)
        if value:
            names = value if isinstance(value, list) else [f"{k}: {v}" for k, v in value.items()]
            old_value = (before or {}).get(key)
            zones.append({"key": key, "label": label, "count": len(names),
                          "tiles": [tile(n) for n in names],
                          "changed": before is not None and old_value != value, "note": ""})
    counters = []
    for key, label in PLAYER_COUNTERS:
        if key not in player:
            continue
        old = None if before is None else before.get(key, 0)
        if player[key] or old or key == "score":
            counters.append(_counter(label, player[key], old, key, before is not None))
    old_tokens = (before or {}).get("tokens") or {}
    for token, count in (player.get("tokens") or {}).items():
        counters.append(_counter(f"{token} tokens", count, old_tokens.get(token, 0),
                                 f"token-{token}", before is not None))
    return {"number": player.get("number"), "current": current, "zones": zones,
            "counters": counters}


def frame(zones: dict[str, Any], before: dict[str, Any] | None, game_rows: list[str]
          ) -> dict[str, Any]:
    """The board of one moment; ``before`` (the previous moment) marks what changed."""
    turn = zones.get("turn") or {}
    old_turn = (before or {}).get("turn") or {}
    compare = before is not None
    counters = [
        _counter(label, turn.get(key, 0), old_turn.get(key, 0), key, compare)
        for key, label in TURN_COUNTERS
        if key != "potions" or turn.get(key) or old_turn.get(key)
    ]
    old_players = {p.get("number"): p for p in (before or {}).get("players") or []}
    players = [
        _player(p, old_players.get(p.get("number")) if compare else None,
                p.get("number") == turn.get("player"))
        for p in zones.get("players") or []
    ]
    old_supply = (before or {}).get("supply") or {}
    supply = [
        {**tile(name), "count": count, "changed": compare and old_supply.get(name) != count,
         "before": old_supply.get(name) if compare else None, "empty": count == 0}
        for name, count in (zones.get("supply") or {}).items()
    ]
    trash_before = None if before is None else list(before.get("trash") or [])
    rows = []
    for key, label, kind in GAME_ROWS:
        if key not in game_rows:
            continue
        value = zones.get(key)
        old = (before or {}).get(key)
        if kind == "count":
            rows.append({"key": key, "label": label, "kind": kind, "count": value or 0,
                         "changed": compare and old != value})
        else:
            rows.append({"key": key, "label": label, "kind": kind,
                         "tiles": _tiles(None if not compare else list(old or []),
                                         list(value or [])),
                         "changed": compare and old != value})
    return {
        "turn": {"number": turn.get("number"), "player": turn.get("player"),
                 "phase": narrate.PHASES.get(str(turn.get("phase")), turn.get("phase")),
                 "extra_turn": bool(turn.get("extra_turn")), "counters": counters,
                 "changed": compare and (old_turn.get("player"), old_turn.get("phase"),
                                         old_turn.get("number"))
                 != (turn.get("player"), turn.get("phase"), turn.get("number"))},
        "players": players,
        "supply": supply,
        "trash": _tiles(trash_before, list(zones.get("trash") or [])),
        "rows": rows,
    }


def game_rows(transcript: dict[str, Any]) -> list[str]:
    """The optional rows this replay needs: those non-empty in any of its moments."""
    moments = [transcript.get("initial") or {}, *(s.get("zones") or {}
                                                   for s in transcript.get("steps") or [])]
    found = []
    for key, _, _ in GAME_ROWS:
        # The Black Market deck is shown even when empty: its emptiness is the point.
        if any((key in m) if key == "black_market" else m.get(key) for m in moments):
            found.append(key)
    if any(k.startswith("boons") for k in found):
        found += [k for k in ("boons_deck_size", "boons_discard") if k not in found]
    if any(k.startswith("hexes") for k in found):
        found += [k for k in ("hexes_deck_size", "hexes_discard") if k not in found]
    return found


def frames(transcript: dict[str, Any]) -> list[dict[str, Any]]:
    """The starting position and every step as boards, with captions and decisions."""
    rows = game_rows(transcript)
    steps = list(transcript.get("steps") or [])
    total = len(steps)
    initial = transcript.get("initial") or {}
    out: list[dict[str, Any]] = []
    if initial:
        out.append({"index": 0, "heading": "Starting position", "step": None,
                    "caption": "The position before the first step", "decisions": [],
                    "board": frame(initial, None, rows)})
    previous = initial or None
    for step in steps:
        zones = step.get("zones") or previous or {}
        entry = {
            "index": step.get("index"),
            "heading": f"Step {step.get('index')} of {total}",
            "step": step.get("step"),
            "caption": narrate.caption(step),
            "decisions": [narrate.decision_sentence(d) for d in step.get("decisions") or []],
            "refused_answers": list(step.get("refused_answers") or []),
            "error": step.get("error"),
            "log": step.get("log") or [],
            "board": frame(zones, previous, rows) if zones else None,
        }
        if "check" in step:
            entry["check"] = {"passed": bool(step.get("passed")),
                              "checked": narrate.describe_expectations(step["check"] or {})}
        out.append(entry)
        previous = zones or previous
    return out


__all__ = ["frame", "frames", "game_rows", "tile"]
