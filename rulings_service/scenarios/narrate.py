"""Plain-English words for a replay: a caption per step, decisions and checks.

The transcript's event log is exact but reads like a debug dump. A player
wants one line per step ("Player 1 plays Throne Room on Feast: Feast is
played twice; Feast is trashed once; Player 1 gains two Duchies"), a
decision as "Player 2 chose Estate (could choose: Copper, Estate)", and a
``check`` step saying what it checked. Everything here is built from the
transcript alone (events, decisions, checks), so the caption can never say
something the log does not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from engine.vocabulary import LogKind, Phase

#: A caption lists at most this many effects, then points at the log.
MAX_CLAUSES = 6
#: ... and at most this many top-level events ("...; then ...").
MAX_SENTENCES = 4

NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
                8: "eight", 9: "nine", 10: "ten"}
TIMES_WORDS = {1: "once", 2: "twice", 3: "three times"}

#: Verbs for the effects a caption summarises: (active verb, passive participle).
EFFECT_VERBS: dict[str, tuple[str, str]] = {
    LogKind.DRAW: ("draws", "drawn"),
    LogKind.GAIN: ("gains", "gained"),
    LogKind.BUY: ("buys", "bought"),
    LogKind.TRASH: ("trashes", "trashed"),
    LogKind.DISCARD: ("discards", "discarded"),
    LogKind.REVEAL: ("reveals", "revealed"),
    LogKind.LOOK: ("looks at", "looked at"),
    LogKind.SET_ASIDE: ("sets aside", "set aside"),
    LogKind.TOPDECK: ("puts onto their deck", "put onto the deck"),
    LogKind.RETURN: ("returns", "returned"),
    LogKind.REACT: ("reacts with", "used to react"),
    LogKind.EXCHANGE: ("exchanges", "exchanged"),
    LogKind.DURATION: ("resolves the Duration", "resolved"),
    LogKind.SHUFFLE: ("shuffles", "shuffled"),
}

#: The kinds a caption words by a sentence of their own, not an effect clause: a play
#: heads its effects, a decision has its own line, the rest mark the turn's progress.
OWN_SENTENCE: frozenset[str] = frozenset(
    {LogKind.PLAY, LogKind.DECISION, LogKind.TURN, LogKind.PHASE, LogKind.GAME_END}
)

#: Consecutive childless events of these kinds merge into one clause.
_MERGED = (LogKind.PLAY, LogKind.DRAW, LogKind.GAIN, LogKind.DISCARD, LogKind.TRASH, LogKind.BUY)

#: Where a gain lands, in words (``data.to`` of a gain event).
DESTINATIONS = {"hand": "to their hand", "deck": "onto their deck", "discard": None}

PHASES: dict[str, str] = {
    Phase.ACTION: "Action", Phase.BUY: "Buy", Phase.NIGHT: "Night", Phase.CLEANUP: "Clean-up",
}

#: The decision kinds' verbs, for "Player 1 chose ..." lines.
DECISION_VERBS = {"react": "answered", "yes_no": "answered"}


def player_name(number: Any) -> str:
    return f"Player {number}" if number else "The game"


def plural(name: str, count: int = 2) -> str:
    """``Duchy`` -> ``Duchies``; names already plural-looking get ``es`` after s/x/ch/sh."""
    if count == 1:
        return name
    lower = name.lower()
    if lower.endswith("y") and lower[-2:-1] not in "aeiou":
        return name[:-1] + "ies"
    if lower.endswith(("s", "x", "z", "ch", "sh")):
        return name + "es"
    return name + "s"


def counted(name: str, count: int) -> str:
    """``two Duchies``, ``a Silver`` style counting (``Duchy`` alone when one)."""
    if count == 1:
        return name
    return f"{NUMBER_WORDS.get(count, str(count))} {plural(name, count)}"


def listing(names: Iterable[str]) -> str:
    """Card names grouped and counted in first-seen order: "two Coppers and Estate"."""
    counts = Counter(names)
    parts = [counted(name, n) for name, n in counts.items()]
    return join_words(parts)


def join_words(parts: list[str]) -> str:
    if not parts:
        return "nothing"
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def flatten(events: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    for event in events:
        yield event
        yield from flatten(event.get("children") or [])


# ----------------------------------------------------------------- captions
def caption(step: dict[str, Any]) -> str:
    """One line for a step: what was done, and what came of it."""
    if step.get("step") == "check" or "check" in step:
        return check_sentence(step)
    roots = list(step.get("log") or [])
    if step.get("error"):
        return f"Refused as the rules require: {step['step']} ({step['error']})"
    if not roots:
        return f"{_upper_first(step.get('step') or 'Nothing happens')}: nothing is logged"
    merged = _merge_plain(root for root in roots if root.get("event") != LogKind.DECISION)
    sentences = [s for s in map(_root_sentence, merged) if s]
    if len(sentences) > MAX_SENTENCES:
        extra = len(sentences) - MAX_SENTENCES
        sentences = [*sentences[:MAX_SENTENCES], f"{extra} more (see the log)"]
    return "; then ".join(sentences) or _upper_first(step.get("step") or "")


def _merge_plain(roots: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive childless events of one kind and player become one (three Coppers played)."""
    out: list[dict[str, Any]] = []
    for root in roots:
        last = out[-1] if out else None
        same = (
            last is not None
            and not last.get("children") and not root.get("children")
            and last.get("event") == root.get("event") and last.get("player") == root.get("player")
            and last.get("event") in _MERGED
            and (last.get("data") or {}) == (root.get("data") or {})
        )
        if same and last is not None:
            out[-1] = {**last, "cards": [*(last.get("cards") or []), *(root.get("cards") or [])]}
        else:
            out.append(root)
    return out


def _root_sentence(root: dict[str, Any]) -> str:
    """A top-level event and, after a colon, the effects nested under it."""
    kind = root.get("event")
    who = player_name(root.get("player"))
    cards = list(root.get("cards") or [])
    data = root.get("data") or {}
    children = list(root.get("children") or [])
    if kind == LogKind.PLAY:
        played_by_it = [c for c in children if c.get("event") == LogKind.PLAY
                        and c.get("source") in cards]
        head = f"{who} plays {listing(cards)}"
        if played_by_it:
            targets = list(dict.fromkeys(n for c in played_by_it for n in c.get("cards") or []))
            head += f" on {join_words(targets)}"
    elif kind == LogKind.TURN:
        head = f"{who} starts {'an extra' if data.get('extra') else 'a'} turn"
    elif kind == LogKind.PHASE:
        phase = PHASES.get(str(data.get("phase")), str(data.get("phase", "next")))
        head = f"{who} moves to the {phase} phase"
    elif kind == LogKind.GAME_END:
        head = _game_end(data)
    elif kind == LogKind.SHUFFLE:
        head = f"{who} shuffles"
    else:
        head = _effect_clause(kind, root.get("player"), cards, 1, data)
    effects = effect_clauses(children, played=Counter(cards) if kind == LogKind.PLAY else Counter())
    return f"{head}: {'; '.join(effects)}" if effects else head


def _game_end(data: dict[str, Any]) -> str:
    winners = data.get("winners") or []
    if not winners:
        return "The game ends"
    names = join_words([player_name(int(w) + 1 if isinstance(w, int) else w) for w in winners])
    return f"The game ends; {names} {'wins' if len(winners) == 1 else 'tie'}"


def effect_clauses(children: list[dict[str, Any]], played: Counter | None = None) -> list[str]:
    """The nested effects, grouped: same event, player and card counted together."""
    played = Counter(played or ())
    plays: Counter = Counter()
    groups: dict[tuple[str, Any, str, str], int] = {}
    order: list[tuple[str, Any, str, str]] = []
    for event in flatten(children):
        kind = str(event.get("event"))
        if kind == LogKind.PLAY:
            for name in event.get("cards") or []:
                plays[name] += 1
            continue
        if kind in (LogKind.DECISION, LogKind.PHASE, LogKind.TURN):
            continue
        where = _destination(event)
        for name in event.get("cards") or [""]:
            key = (kind, event.get("player"), name, where)
            if key not in groups:
                order.append(key)
                groups[key] = 0
            groups[key] += 1
    clauses = [f"{name} is played {TIMES_WORDS.get(n, f'{n} times')}"
               for name, n in plays.items() if n > 1]
    for key in order:
        kind, player, name, where = key
        count = groups[key]
        if kind == "trash" and plays.get(name, 0) > 1:
            # Played twice, trashed once: the contrast is the ruling, so say it.
            clauses.append(f"{name} is trashed {TIMES_WORDS.get(count, f'{count} times')}")
            continue
        clauses.append(_effect_clause(kind, player, [name] * count if name else [], count,
                                      {"to": where} if where else {}))
    if len(clauses) > MAX_CLAUSES:
        clauses = clauses[:MAX_CLAUSES] + ["more in the log"]
    return clauses


def _destination(event: dict[str, Any]) -> str:
    if event.get("event") != LogKind.GAIN:
        return ""
    return str((event.get("data") or {}).get("to") or "")


def _effect_clause(kind: Any, player: Any, cards: list[str], count: int,
                   data: dict[str, Any]) -> str:
    who = player_name(player)
    active, _ = EFFECT_VERBS.get(str(kind), (str(kind).replace("_", " "), ""))
    if kind == LogKind.SHUFFLE:
        return f"{who} shuffles"
    if kind == LogKind.DRAW and cards:
        return f"{who} draws {listing(cards)}"
    what = listing(cards) if cards else ("a card" if count == 1 else f"{count} cards")
    clause = f"{who} {active} {what}"
    where = DESTINATIONS.get(str(data.get("to") or ""))
    if where:
        clause += f" {where}"
    return clause


def _upper_first(text: str) -> str:
    return text[:1].upper() + text[1:]


# ----------------------------------------------------------------- decisions
def decision_sentence(decision: dict[str, Any]) -> str:
    """"Player 2 chose Estate (could choose: Copper, Estate)", for Feast's "..." prompt."""
    who = player_name(decision.get("player"))
    answer = decision.get("answer")
    options = list(dict.fromkeys(str(o) for o in decision.get("options") or []))
    verb = DECISION_VERBS.get(str(decision.get("kind")), "chose")
    if answer is True or answer == "yes":
        said = "yes"
    elif answer is False or answer == "no":
        said = "no"
    elif answer is None or answer == "none" or answer == []:
        said = "nothing"
    elif isinstance(answer, list):
        said = listing(map(str, answer))
    else:
        said = str(answer)
    source = f" for {decision['card']}" if decision.get("card") else ""
    could = f" (could choose: {', '.join(options)})" if options else ""
    prompt = f" — “{decision['prompt']}”" if decision.get("prompt") else ""
    return f"{who} {verb} {said}{source}{could}{prompt}"


# ----------------------------------------------------------------- checks
def check_sentence(step: dict[str, Any]) -> str:
    """What a ``check`` step compared, and whether it held."""
    checked = describe_expectations(step.get("check") or {})
    verdict = "it holds" if step.get("passed") else "it does NOT hold"
    return f"Check: {join_words(checked) if checked else 'nothing'}; {verdict}"


def describe_expectations(expect: dict[str, Any]) -> list[str]:
    """Each expectation as a phrase ("Player 1's hand is Copper", "Actions is 0")."""
    out: list[str] = []
    for key, wanted in expect.items():
        if key.startswith("player") and isinstance(wanted, dict):
            number = key[len("player"):]
            for item, value in wanted.items():
                out.append(f"Player {number}'s {_label(item)} {_value(item, value)}")
        elif key == "turn" and isinstance(wanted, dict):
            out.extend(f"the turn's {_label(item)} is {value}" for item, value in wanted.items())
        elif key == "supply" and isinstance(wanted, dict):
            out.extend(f"the {pile} pile has {count}" for pile, count in wanted.items())
        elif key in ("log", "log_absent"):
            for fact in wanted or []:
                fact_text = ", ".join(f"{k} {v}" for k, v in fact.items())
                out.append(f"the log {'has no' if key == 'log_absent' else 'has'} {fact_text}")
        else:
            out.append(f"{_label(key)} {_value(key, wanted)}")
    return out


def _label(item: str) -> str:
    return item.replace("_any_order", " (any order)").replace("_size", " size").replace("_", " ")


def _value(item: str, value: Any) -> str:
    if isinstance(value, list):
        return "is " + (", ".join(map(str, value)) if value else "empty")
    if isinstance(value, dict):
        return "is " + ", ".join(f"{k} {v}" for k, v in value.items())
    return f"is {value}"


__all__ = ["caption", "check_sentence", "decision_sentence", "describe_expectations", "plural"]
