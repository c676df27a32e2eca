"""The sandbox: run a scenario a visitor typed, safely, and say what the engine did.

This is user input run on the server, so everything here is bounded:

- the text is at most :data:`MAX_BYTES` (the API refuses more with 413);
- YAML anchors and aliases are refused (a few hundred bytes of aliases expand
  to billions of nodes), and so is nesting deeper than :data:`MAX_DEPTH`,
  checked on the parser's event stream before anything is built;
- at most :data:`MAX_STEPS` steps and :data:`MAX_CARDS` cards in the setup,
  so the replay board (every zone after every step) stays a page, not a dump;
- the run has a wall-clock budget (``run_scenario(budget=...)``), besides the
  engine's own step limit.

Problems are ``(field path, line, message)`` triples worded as the loader words
them, with the line of the field in the text when it can be found. The
permalink is the scenario itself, deflated and base64url-encoded, so any
replica can serve it and nothing is stored.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from rulings_service.scenarios.loader import (
    ScenarioFileError,
    _StrictLoader,
    scenario_from_data,
    validate_scenario,
)
from rulings_service.scenarios.schema import SandboxScenarioSchema

#: The largest scenario text accepted (bytes of UTF-8).
MAX_BYTES = 16 * 1024
#: Deepest nesting of mappings and lists (real scenarios nest 5 levels).
MAX_DEPTH = 20
#: Most steps (moves, answers and checks) a sandbox scenario may have.
MAX_STEPS = 80
#: Most cards named in the setup's zones and piles' explicit contents.
MAX_CARDS = 400
#: Largest pile size a sandbox setup may give (``supply: {Copper: N}``): the engine
#: builds every card of a pile before the first step, so an unbounded size is a
#: memory and time bomb that no per-step budget sees (the largest real pile, Ruins
#: with six players, holds 50 cards).
MAX_PILE = 200
#: Seconds of wall clock a sandbox run may take (the worst case measured is in the docs).
DEFAULT_BUDGET = 2.0
#: What the sandbox's answers are, in the words every page and answer uses.
ENGINE_ANSWER = "the engine's answer, not an official ruling"
#: The pseudo path a typed scenario is reported under.
SANDBOX_PATH = Path("sandbox.yaml")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a typed scenario."""

    field: str
    line: int | None
    message: str

    def as_dict(self) -> dict[str, Any]:
        return {"field": self.field, "line": self.line, "message": self.message}

    def __str__(self) -> str:
        where = f" (line {self.line})" if self.line and not self.field.startswith("line") else ""
        return f"{self.field}{where}: {self.message}"


class SandboxError(ValueError):
    """The text is not a runnable scenario; ``problems`` says why, field by field.

    ``code``: ``invalid_scenario`` (400), ``too_large`` (the text or link is over
    :data:`MAX_BYTES`: 413), ``over_limits`` (a valid scenario bigger than the
    sandbox runs: steps, cards, pile sizes: 422) or ``bad_link`` (400).
    """

    def __init__(self, problems: list[Problem], code: str = "invalid_scenario") -> None:
        self.problems = problems
        self.code = code
        super().__init__("; ".join(map(str, problems)))


# ----------------------------------------------------------------- parsing
def parse_text(text: str) -> Any:
    """The YAML (or JSON, which YAML reads too) of a typed scenario, with limits checked."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        raise SandboxError([Problem("(text)", None, f"longer than {MAX_BYTES} bytes")],
                           code="too_large")
    _check_shape(text)
    try:
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        raise SandboxError([_yaml_problem(exc)]) from None


def _yaml_problem(exc: yaml.YAMLError) -> Problem:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "(text)"
    return Problem(where, mark.line + 1 if mark else None, f"invalid YAML: {problem}")


def _line_of(event: yaml.Event) -> int:
    """The 1-based line an event starts on (the parser always marks it; 1 if not)."""
    return 1 if event.start_mark is None else event.start_mark.line + 1


def _check_shape(text: str) -> None:
    """Refuse aliases and deep nesting from the event stream, before building anything."""
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_StrictLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                line = _line_of(event)
                raise SandboxError([Problem(f"line {line}", line,
                                            "YAML anchors and aliases (&, *) are not accepted "
                                            "here; write the values out")])
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    line = _line_of(event)
                    raise SandboxError([Problem(f"line {line}", line,
                                                f"nested more than {MAX_DEPTH} levels deep")])
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError as exc:
        raise SandboxError([_yaml_problem(exc)]) from None


def parse_json(data: bytes) -> Any:
    """A JSON body, its nesting checked like the YAML's."""
    try:
        value = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise SandboxError([Problem("(body)", None, f"invalid JSON: {exc}")]) from None
    if _depth(value) > MAX_DEPTH:
        raise SandboxError([Problem("(body)", None, f"nested more than {MAX_DEPTH} levels deep")])
    return value


def _depth(value: Any) -> int:
    """Nesting depth, without recursion (the value may be hostile)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, level)
            if level > MAX_DEPTH:
                return level
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


# ----------------------------------------------------------------- lines
_PATH_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def line_of(text: str, field: str) -> int | None:
    """The 1-based line of a dotted field path (``setup.player1.hand[1]``) in the text.

    Walks the YAML node tree as far as the path goes, so a problem with a
    missing key points at its parent mapping. None when the text does not parse.
    """
    try:
        node = yaml.compose(text, Loader=_StrictLoader)
    except yaml.YAMLError:
        return None
    if node is None:
        return None
    line = None
    for key, index in _PATH_PART.findall(field):
        child = None
        if key and isinstance(node, yaml.MappingNode):
            child = next((v for k, v in node.value if getattr(k, "value", None) == key), None)
            if child is not None:
                key_node = next(k for k, v in node.value if v is child)
                line = key_node.start_mark.line + 1
        elif index and isinstance(node, yaml.SequenceNode) and int(index) < len(node.value):
            child = node.value[int(index)]
            line = child.start_mark.line + 1
        if child is None:
            break
        node = child
    return line


# ----------------------------------------------------------------- loading
def load_text(text: str, raw: Any | None = None) -> Any:
    """The :class:`Scenario` of a typed text (or of ``raw``, already parsed JSON)."""
    if raw is None:
        raw = parse_text(text)
    try:
        data = validate_scenario(raw, SANDBOX_PATH, SandboxScenarioSchema)
    except ScenarioFileError as exc:
        raise SandboxError([Problem(where, line_of(text, where) if text else None, what)
                            for where, what in exc.problems]) from None
    try:
        _check_size(data)
    except SandboxError as exc:
        exc.problems = [Problem(p.field, p.line or (line_of(text, p.field) if text else None),
                                p.message) for p in exc.problems]
        raise
    return scenario_from_data(data, SANDBOX_PATH, raw)


def _check_size(data: dict[str, Any]) -> None:
    steps = len(data.get("steps") or ())
    if steps > MAX_STEPS:
        raise SandboxError([Problem("steps", None, f"{steps} steps; the sandbox runs at most "
                                                   f"{MAX_STEPS} (split the case in two)")],
                           code="over_limits")
    setup = data.get("setup") or {}
    cards = sum(len(zone) for key, value in setup.items() if re.fullmatch(r"player\d", key)
                and isinstance(value, dict) for zone in value.values() if isinstance(zone, list))
    cards += sum(len(v) for v in (setup.get("supply") or {}).values() if isinstance(v, list))
    for pile, size in (setup.get("supply") or {}).items():
        if isinstance(size, int) and size > MAX_PILE:
            raise SandboxError([Problem(f"setup.supply.{pile}", None,
                                        f"a pile of {size} cards; the sandbox takes piles of "
                                        f"at most {MAX_PILE}")], code="over_limits")
    if cards > MAX_CARDS:
        raise SandboxError([Problem("setup", None, f"{cards} cards in the players' zones; the "
                                                   f"sandbox takes at most {MAX_CARDS}")],
                           code="over_limits")


def run(scenario: Any, budget: float = DEFAULT_BUDGET) -> dict[str, Any]:
    """Run a loaded scenario within the budget: its transcript and what was expected."""
    from rulings_service.scenarios.runner import run_scenario

    result = run_scenario(scenario, budget=budget)
    transcript = result.as_dict(with_steps=True)
    expected = bool(scenario.expect) or any("check" in s for s in transcript["steps"])
    transcript["label"] = ENGINE_ANSWER
    return {
        "transcript": transcript,
        "expectations": {
            "given": expected,
            "held": None if not expected or result.error else not result.mismatches,
            "mismatches": list(result.mismatches),
        },
        "stopped": result.stopped,
    }


# ----------------------------------------------------------------- permalinks
def encode(text: str) -> str:
    """The URL-safe permalink token of a scenario text (raw deflate, base64url, no padding)."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(text.encode("utf-8")) + packer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def decode(token: str) -> str:
    """The scenario text of a permalink token; at most :data:`MAX_BYTES` once inflated."""
    problem = SandboxError([Problem("s", None, "this link is damaged: it does not decode to a "
                                               "scenario (was it cut short?)")], code="bad_link")
    if not re.fullmatch(r"[A-Za-z0-9_-]*", token or ""):
        raise problem
    try:
        packed = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        unpacker = zlib.decompressobj(-15)
        data = unpacker.decompress(packed, MAX_BYTES + 1)
        if len(data) > MAX_BYTES or unpacker.unconsumed_tail:
            raise SandboxError([Problem("s", None, f"the linked scenario is longer than "
                                                   f"{MAX_BYTES} bytes")], code="too_large")
        if not unpacker.eof:
            raise problem
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as exc:
        if isinstance(exc, SandboxError):
            raise
        raise problem from None


def permalink(text: str, limit: int) -> tuple[str | None, str | None]:
    """``(token, None)``, or ``(None, why)`` when the link would pass the URL limit."""
    token = encode(text)
    if len("s=") + len(token) > limit:
        return None, (f"This scenario is too long for a link: compressed it takes "
                      f"{len(token) + 2} bytes of query string and links are limited to "
                      f"{limit}. Download it as a file instead.")
    return token, None


__all__ = [
    "ENGINE_ANSWER",
    "MAX_BYTES",
    "MAX_PILE",
    "Problem",
    "SandboxError",
    "decode",
    "encode",
    "line_of",
    "load_text",
    "parse_json",
    "parse_text",
    "permalink",
    "run",
]
