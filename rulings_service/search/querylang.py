"""The query language: Scryfall-like filters, negation, phrases and ``or``.

Power users write ``card:"throne room" -set:base "two cards" or kind:setup``;
everyone else types a question.  Both go through this parser, which turns a
string into clauses and never fails: anything it cannot make sense of becomes
a warning, and the rest of the query still runs.  The parser only knows syntax;
checking that ``set:mars`` names a real set is the searcher's job, because it
needs the corpus.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

#: Field names and their short forms, as users may type them.
FIELDS: dict[str, str] = {
    "card": "card", "c": "card", "name": "card",
    "set": "set", "s": "set", "e": "set", "expansion": "set",
    "type": "type", "t": "type",
    "source": "source", "src": "source", "doc": "source",
    "kind": "kind", "k": "kind",
    "mentions": "mentions", "m": "mentions",
}
OR_WORDS = frozenset({"or", "OR", "|", "||"})

_FIELD_RE = re.compile(r"([A-Za-z]+)[:=](.*)", re.S)
#: ``\s`` is ``str.isspace`` for str patterns, so these scan as the loops they replace did.
_SPACE_RUN = re.compile(r"\s*")
#: A word: up to whitespace or a quote (a quote as its very first character is kept).
_WORD_RUN = re.compile(r'"?[^\s"]*')


def _run_end(run: re.Pattern[str], text: str, pos: int) -> int:
    """Where a run that may be empty (so always matches) starting at ``pos`` ends."""
    match = run.match(text, pos)
    return pos if match is None else match.end()
#: A letter or digit: ``[^\W_]`` is exactly ``str.isalnum`` for one character.
_ALNUM = re.compile(r"[^\W_]")


class Clause(NamedTuple):
    """One piece of a query: a word, a quoted phrase or a field filter.

    A named tuple rather than a frozen dataclass: a question makes one per
    word, and a tuple is several times cheaper to build.
    """

    kind: str  # "word" | "phrase" | "filter"
    value: str
    field: str | None = None
    negated: bool = False


@dataclass
class ParsedQuery:
    """Clauses grouped by ``or``: each inner list is one alternative group."""

    groups: list[list[Clause]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: How many words stand before the first dash written between spaces ("Avoid -
    #: are the 3 cards shuffled?"): they head the question (``cardnames.evidence``).
    heading: int | None = None

    def clauses(self) -> list[Clause]:
        return [c for g in self.groups for c in g]

    def free_text(self) -> str:
        """The positive words and phrases, in order, for name recognition."""
        return " ".join(
            c.value for c in self.clauses() if c.kind in ("word", "phrase") and not c.negated
        )


class _Scanner:
    def __init__(self, text: str) -> None:
        self.text, self.pos = text, 0
        self.warnings: list[str] = []

    def skip_space(self) -> None:
        self.pos = _run_end(_SPACE_RUN, self.text, self.pos)

    def done(self) -> bool:
        return self.pos >= len(self.text)

    def read_word(self) -> str:
        """The word at the cursor (empty at whitespace or the end); the cursor moves past it."""
        start = self.pos
        self.pos = _run_end(_WORD_RUN, self.text, start)
        return self.text[start:self.pos]

    def read_quoted(self) -> str | None:
        """Read ``"..."`` at the cursor; None (cursor after the quote) if unclosed."""
        end = self.text.find('"', self.pos + 1)
        if end < 0:
            self.pos += 1
            return None
        value = self.text[self.pos + 1 : end]
        self.pos = end + 1
        return value


#: Marks written between spaces after a question's topic ("Avoid - are the 3 cards
#: shuffled?").
HEADING_MARKS = frozenset({"-", "--", "\u2013", "\u2014"})
#: A character that can start syntax: a quote, a field's ``:``/``=``, ``|``, a ``-``
#: (or a long dash, a heading mark).
_SYNTAX = re.compile(r'["|:=\-\u2013\u2014]')


def parse_query(text: str) -> ParsedQuery:
    """Split a (cleaned) query string into clause groups; warnings for what is ignored."""
    if _SYNTAX.search(text) is None:
        return _plain_words(text)
    return _scan(text)


def _scan(text: str) -> ParsedQuery:
    """The parser proper: clause by clause, for text that may hold syntax."""
    sc = _Scanner(text)
    items: list[Clause | str] = []  # clauses and "or" markers, in order
    heading: int | None = None
    while True:
        sc.skip_space()
        if sc.done():
            break
        negated = False
        if sc.text[sc.pos] == "-" and sc.pos + 1 < len(sc.text):
            nxt = sc.text[sc.pos + 1]
            if nxt.isalpha() or nxt == '"':
                negated = True
                sc.pos += 1
        if sc.text[sc.pos] == '"':
            value = sc.read_quoted()
            if value is None:
                sc.warnings.append(
                    "unbalanced quote: the text after it was searched as plain words"
                )
                continue
            _add_phrase(items, value, negated, sc.warnings)
            continue
        word = sc.read_word()
        if not negated and word in OR_WORDS:
            items.append("or")
            continue
        match = _FIELD_RE.fullmatch(word)
        if match and match.group(1).lower() in FIELDS:
            _add_filter(sc, items, FIELDS[match.group(1).lower()], match.group(2), negated)
            continue
        if match and match.group(2) and match.group(1).lower() not in ("http", "https"):
            sc.warnings.append(
                f"unknown field {match.group(1)!r}: searched {word!r} as plain words "
                f"(fields: {', '.join(sorted(set(FIELDS.values())))})"
            )
        # A word without letters or digits is punctuation: a dash between
        # spaces ("Feast - what happens?") is how people write, not a negation.
        if _ALNUM.search(word):
            items.append(Clause("word", word, negated=negated))
        elif word in HEADING_MARKS and heading is None:
            heading = sum(1 for c in items if isinstance(c, Clause) and c.kind == "word")
    parsed = _group(items, sc.warnings)
    parsed.heading = heading or None
    return parsed


def _plain_words(text: str) -> ParsedQuery:
    """What :func:`parse_query` makes of text without syntax characters, directly.

    Most queries are questions: no quotes, fields, negations or ``|``.  Each
    whitespace-separated word with a letter or digit is then a word clause,
    in a group of its own unless an ``or`` joins it to the one before.
    """
    words = text.split()
    if OR_WORDS.isdisjoint(words):
        return ParsedQuery(groups=[[Clause("word", w)] for w in words if _ALNUM.search(w)])
    items: list[Clause | str] = [
        "or" if w in OR_WORDS else Clause("word", w)
        for w in words if w in OR_WORDS or _ALNUM.search(w)
    ]
    return _group(items, [])


def _add_phrase(items: list[Clause | str], value: str, negated: bool, warnings: list[str]) -> None:
    if _ALNUM.search(value):
        items.append(Clause("phrase", value.strip(), negated=negated))
    else:
        warnings.append('empty quoted phrase ""; ignored')


def _add_filter(
    sc: _Scanner, items: list[Clause | str], fld: str, value: str, negated: bool
) -> None:
    if not value:
        # The word stopped at a quote (card:"x y") or at a space ("card: feast").
        if not sc.done() and sc.text[sc.pos].isspace():
            sc.skip_space()
            if not sc.done() and sc.text[sc.pos] != '"':
                nxt = sc.read_word()
                if nxt in OR_WORDS or _FIELD_RE.fullmatch(nxt):
                    sc.pos -= len(nxt)
                else:
                    value = nxt
        if not value and not sc.done() and sc.text[sc.pos] == '"':
            quoted = sc.read_quoted()
            if quoted is None:
                sc.warnings.append(
                    f"unbalanced quote in {fld}: filter; used the rest of the query as its value"
                )
                quoted = sc.text[sc.pos :]
                sc.pos = len(sc.text)
            value = quoted
    value = value.strip()
    if not value:
        sc.warnings.append(f"{fld}: needs a value (for example {fld}:{_EXAMPLES[fld]}); ignored")
        return
    items.append(Clause("filter", value, field=fld, negated=negated))


_EXAMPLES = {
    "card": '"Throne Room"', "set": "prosperity", "type": "attack", "source": "faq-dump",
    "kind": "setup", "mentions": "Feast",
}


def _group(items: list[Clause | str], warnings: list[str]) -> ParsedQuery:
    groups: list[list[Clause]] = []
    join_next = False
    for i, item in enumerate(items):
        if item == "or":
            if not groups or join_next or i == len(items) - 1:
                warnings.append("'or' needs a term on both sides; ignored")
                join_next = False
                continue
            join_next = True
            continue
        assert isinstance(item, Clause)
        if join_next:
            if item.negated or any(c.negated for c in groups[-1]):
                warnings.append(
                    "negation inside 'or' is not supported; the 'or' was ignored"
                )
                groups.append([item])
            else:
                groups[-1].append(item)
            join_next = False
        else:
            groups.append([item])
    return ParsedQuery(groups=groups, warnings=warnings)
