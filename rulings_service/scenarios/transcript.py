"""Render a replay transcript for the terminal.

The transcript itself is a JSON-serialisable dict built by the runner (the web
pages render the same data); this module only turns it into lines of text:
each step, its nested log indented the way Dominion Online nests it, and the
zones after the step. By default only the zones that changed are printed, so a
long scenario stays readable; the transcript says so in a note, since a reader
who expects every zone would otherwise take a missing zone for an empty one.
``all_zones=True`` (``rulings replay --all-zones``) prints every zone after
every step.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from engine.vocabulary import LOG_VERBS

#: The note printed when only the changed zones are shown.
CHANGED_ONLY_NOTE = (
    "  (after each step only the zones that changed are shown; --all-zones shows every zone)"
)


def format_transcript(transcript: dict[str, Any], *, all_zones: bool = False) -> Iterator[str]:
    """Lines describing a whole replay, ending with PASS or the mismatches.

    The start shows every zone; after each step, only the zones that changed
    unless ``all_zones`` (then every zone, as at the start).
    """
    yield f"{transcript['id']}: {transcript['title']}"
    yield f"  rulings: {', '.join(transcript['rulings']) or 'none cited'}"
    if transcript.get("card_text"):
        yield (f"  card text of {transcript['card_text']} (a demonstration by this engine, "
               "not an official ruling)")
    yield f"  file: {transcript['file']}"
    if not all_zones:
        yield CHANGED_ONLY_NOTE
    yield "  start:"
    previous = transcript.get("initial") or {}
    yield from (f"    {line}" for line in format_zones(previous))
    for step in transcript.get("steps", []):
        yield f"{step['index']:>3}. {step['step']}"
        if step.get("answers"):
            yield f"     answers: {'; '.join(map(str, step['answers']))}"
        if "check" in step:
            yield f"     {'holds' if step['passed'] else 'DOES NOT HOLD'}: {step['check']}"
        for refused in step.get("refused_answers", []):
            yield f"     answer refused (as expected): {refused}"
        if step.get("error"):
            yield f"     refused (as expected): {step['error']}"
        yield from (f"       {line}" for line in format_log(step.get("log", [])))
        zones = step.get("zones") or {}
        if all_zones:
            yield "     after (every zone):"
            yield from (f"       {line}" for line in format_zones(zones))
        else:
            changed = list(format_zones(zones, previous))
            if changed:
                yield "     after (changed zones):"
                yield from (f"       {line}" for line in changed)
            else:
                yield "     after: no zone changed"
        previous = zones or previous
    if transcript.get("error"):
        yield f"ERROR {transcript['error']}"
    for mm in transcript.get("mismatches", []):
        yield f"MISMATCH {mm['field']}: expected {mm['expected']!r}, actual {mm['actual']!r}"
    if transcript.get("unchecked"):
        yield f"not checked (run without the event log): {', '.join(transcript['unchecked'])}"
    yield "PASS" if transcript.get("passed") else "FAIL"


def format_log(events: Iterable[dict[str, Any]], depth: int = 0) -> Iterator[str]:
    """One line per event, children indented under their parent."""
    for event in events:
        yield "  " * depth + describe_event(event)
        yield from format_log(event.get("children", []), depth + 1)


def describe_event(event: dict[str, Any]) -> str:
    """A short sentence for one log event, e.g. "player 1 plays Market again (Throne Room)"."""
    who = f"player {event['player']}" if event.get("player") else "game"
    kind = str(event.get("event", "?"))
    data = dict(event.get("data") or {})
    parts = [who, LOG_VERBS.get(kind, kind.replace("_", " "))]
    cards = list(event.get("cards") or [])
    if kind == "decision":
        answer = data.pop("answer", [])
        parts.append(f"{data.pop('kind', '?')}: {', '.join(map(str, answer)) or 'nothing'}")
        if cards == answer:  # the chosen cards, already named by the answer
            cards = []
    elif kind == "phase":
        parts.append(str(data.pop("phase", "")))
    if cards:
        parts.append(", ".join(map(str, cards)))
    if data.pop("again", False):
        parts.append("again")
    if event.get("source") and event["source"] != "test":
        parts.append(f"({event['source']})")
    if data:
        parts.append("[" + ", ".join(f"{k} {v}" for k, v in data.items()) + "]")
    return " ".join(parts)


def format_zones(zones: dict[str, Any], previous: dict[str, Any] | None = None) -> Iterator[str]:
    """Zones as lines; with ``previous``, only the lines that differ from it."""
    old = dict(_zone_lines(previous)) if previous is not None else {}
    new = dict(_zone_lines(zones))
    for key, line in new.items():
        if previous is None or old.get(key) != line:
            yield line
    for key, line in old.items():
        # Token counters are hidden at 0, so one that just dropped to 0 is shown as such.
        if key not in new and key.endswith((".coffers", ".vp_tokens")):
            yield line.rsplit(":", 1)[0] + ": 0"


def _zone_lines(zones: dict[str, Any] | None) -> Iterator[tuple[str, str]]:
    if not zones:
        return
    turn = zones.get("turn") or {}
    if turn:
        counters = ", ".join(f"{k} {v}" for k, v in turn.items())
        yield "turn", f"turn: {counters}"
    for player in zones.get("players", []):
        number = player.get("number")
        for zone, cards in player.items():
            if zone == "number" or (zone in ("vp_tokens", "coffers") and not cards):
                continue
            yield f"p{number}.{zone}", f"player {number} {zone}: {_cards(cards)}"
    if "supply" in zones:
        piles = ", ".join(f"{name} {count}" for name, count in zones["supply"].items())
        yield "supply", f"supply: {piles}"
    if "trash" in zones:
        yield "trash", f"trash: {_cards(zones['trash'])}"
    if "black_market" in zones:
        yield "black_market", f"Black Market deck: {_cards(zones['black_market'])}"


def _cards(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(map(str, value)) + "]" if value else "[]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_cards(v)}" for k, v in value.items()) + "}"
    return str(value)
