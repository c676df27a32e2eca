"""What kind of answer a question wants, and which rulings give that kind.

Most wrong first answers are a *sibling* ruling of the right card: the card is
found, but its rulings share the card's words, so the text score alone cannot
tell them apart.  The question's form often can.  "Where does it go" wants a
ruling that says where a card is put; "how many" one that states a quantity;
"can I" a ruling about what is allowed; "do I have to" one about what is
mandatory; "when" one about timing.  And a number in the question ("holding
just 2 cards") answers to a ruling whose range contains it ("3 or fewer
cards"), though the two share no word.

Both sides are plain patterns over the raw text: the question's cues are
looked for in the question, the ruling's kinds are computed once per ruling
when the searcher opens.  The ranking (``searcher``) turns a match into a
small bonus, so a cue only reorders rulings that the words and names have
already made close.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Number words up to twelve, as rulings and players write them.
_NUMBER_WORDS = {
    "zero": 0, "no": 0, "one": 1, "a single": 1, "two": 2, "three": 3, "four": 4,
    "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11,
    "twelve": 12,
}
_NUM = r"(\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"

#: Question intents: name -> pattern over the lower-cased question.
QUESTION_CUES: dict[str, re.Pattern[str]] = {
    # where a card ends up
    "destination": re.compile(
        r"\bwhere\b|\bwhich pile\b|\bend(s)? up\b|\bgo(es)? (to|into|on|back)\b"
        r"|\bput (it|them)\b|\bland(s)?\b"
    ),
    # a count or an amount
    "quantity": re.compile(
        r"\bhow (many|much)\b|\bnumber of\b|\bamount\b|\bcount\b(?! as\b)|=|\bhow big\b"
    ),
    # whether something is allowed
    "permission": re.compile(
        r"\b(can|could|may) (i|you|he|she|they|we|it|someone|a player|players)\b"
        r"|\ballowed\b|\blegal\b|\bpermitted\b|\bable to\b|\bis it ok\b|\bcan\b"
    ),
    # whether something is mandatory
    "obligation": re.compile(
        r"\b(have|has|need|needs) to\b|\bmust\b|\bforced\b|\brequired\b|\bmandatory\b"
        r"|\boptional\b|\bobligat\w*|\bmake me\b|\bor not\b|\bskip\b"
    ),
    # a negative case: nothing there, not done, none left
    "negative": re.compile(
        r"\b(not|no|never|without|nothing|none|empty|cant|can't|dont|don't|doesnt|doesn't"
        r"|isnt|isn't|wont|won't|didnt|didn't)\b"
    ),
    # an exception: whether something still happens despite a condition
    "exception": re.compile(
        r"\bstill\b|\beven (if|though|when|with)\b|\banyway\b|\bwithout\b|\bdespite\b"
        r"|\bno longer\b|\bif (there is|there are|i have) no\b"
    ),
    # when something happens, or in what order
    "timing": re.compile(
        r"\bwhen\b|\btiming\b|\bwhat order\b|\bwhich order\b|\bbefore\b|\bafter\b"
        r"|\bfirst\b|\bthen\b|\buntil\b|\bat the (start|end)\b"
    ),
}

#: Ruling kinds: name -> pattern over the lower-cased ruling text.
RULING_CUES: dict[str, re.Pattern[str]] = {
    "destination": re.compile(
        r"\b(into|onto)\b|\bon top of\b|\bon the bottom\b|\bgoes\b|\bgo to\b"
        r"|\bput (it|them|that card|the card)\b|\bputting\b|\breturn(s|ed)? (it|them|to)\b"
    ),
    "quantity": re.compile(
        rf"\b{_NUM}\b|\bnumber of\b|\bas many\b|\bonly one\b|\bper\b"
    ),
    "permission": re.compile(
        r"\bcan\b|\bcannot\b|\bcan't\b|\bmay\b|\ballowed\b|\bunable\b|\bable to\b"
    ),
    "obligation": re.compile(
        r"\bmust\b|\bhave to\b|\bhas to\b|\bdo not have to\b|\bdon't have to\b"
        r"|\boptional\b|\bobligat\w*|\bmandatory\b|\brequired\b|\beven if\b|\bstill\b"
        r"|\bchoose (not )?to\b|\bmay choose\b"
    ),
    "negative": re.compile(
        r"\b(not|no|never|cannot|nothing|none|neither)\b|n't\b"
    ),
    "exception": re.compile(
        r"\beven if\b|\beven though\b|\bstill\b|\bregardless\b|\bwhether or not\b"
        r"|\bno matter\b|\bif there (is|are) no\b|\bdoes not (stop|prevent|change)\b"
    ),
    "timing": re.compile(
        r"\bwhen\b|\bbefore\b|\bafter\b|\buntil\b|\bthen\b|\bfirst\b|\bat the start\b"
        r"|\bat the end\b|\bimmediately\b|\bnext turn\b|\bduring\b"
    ),
}

_MAX_NUMBER = 100  # larger numbers in a question are not counts of cards

#: "3 or fewer", "up to 3", "at least 3", "more than 3": a bound and its direction.
_RANGES: list[tuple[re.Pattern[str], str, int]] = [
    (re.compile(rf"\b{_NUM} or (fewer|less|lower)\b"), "le", 0),
    (re.compile(rf"\b(up to|at most|no more than) {_NUM}\b"), "le", 0),
    (re.compile(rf"\b(fewer|less) than {_NUM}\b"), "le", -1),
    (re.compile(rf"\b{_NUM} or (more|greater|higher)\b"), "ge", 0),
    (re.compile(rf"\b(at least|no fewer than) {_NUM}\b"), "ge", 0),
    (re.compile(rf"\b(more|greater) than {_NUM}\b"), "ge", 1),
]


@dataclass(frozen=True)
class Bound:
    """A range a ruling states: ``le`` (at most ``value``) or ``ge`` (at least)."""

    direction: str
    value: int

    def contains(self, number: int) -> bool:
        return number <= self.value if self.direction == "le" else number >= self.value


def _number(token: str) -> int | None:
    if token.isdigit():
        value = int(token)
        return value if value <= _MAX_NUMBER else None
    return _NUMBER_WORDS.get(token)


def question_intents(question: str) -> frozenset[str]:
    """The intents whose cue the question shows (possibly none)."""
    lowered = question.lower()
    return frozenset(name for name, rx in QUESTION_CUES.items() if rx.search(lowered))


#: When a question shows several cues, the most specific one is its intent:
#: "where"/"how many" name what is asked; "when" or a negation often only
#: frame it ("can I still reveal it when I have no cards").
INTENT_PRIORITY = (
    "destination", "quantity", "obligation", "permission", "exception", "timing", "negative",
)


def primary_intent(question: str) -> frozenset[str]:
    """The question's one intent (the most specific cue it shows), or none.

    One intent per question keeps the bonus a ruling can collect bounded: a
    ruling matching several generic cues of a long question would otherwise
    collect them all.
    """
    lowered = question.lower()
    for name in INTENT_PRIORITY:  # the first cue found in priority order is the one kept
        if QUESTION_CUES[name].search(lowered):
            return frozenset({name})
    return frozenset()


def ruling_kinds(text: str) -> frozenset[str]:
    """The kinds of answer a ruling's text gives (computed once per ruling)."""
    lowered = text.lower()
    return frozenset(name for name, rx in RULING_CUES.items() if rx.search(lowered))


def question_numbers(question: str) -> frozenset[int]:
    """Small numbers the question states, in digits or words ("2", "two")."""
    lowered = question.lower()
    found = set()
    for token in re.findall(r"\d+|[a-z]+", lowered):
        value = _number(token) if token != "no" else None  # "no" is rarely a count in a question
        if value is not None and token != "one":  # "one" is mostly a pronoun ("reveal one")
            found.add(value)
    return frozenset(found)


def ruling_bounds(text: str) -> tuple[Bound, ...]:
    """The ranges a ruling states ("3 or fewer cards" -> at most 3)."""
    lowered = text.lower()
    bounds = []
    for rx, direction, shift in _RANGES:
        for match in rx.finditer(lowered):
            token = next(g for g in match.groups() if g and _number(g) is not None)
            value = _number(token)
            if value is not None:
                bounds.append(Bound(direction, value + shift))
    return tuple(bounds)


def bound_match(numbers: frozenset[int], bounds: tuple[Bound, ...]) -> bool:
    """Whether a number of the question lies in a range the ruling states."""
    return any(b.contains(n) for b in bounds for n in numbers)
