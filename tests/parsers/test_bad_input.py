"""Any input gives records or a ParseError naming document and position, never a crash."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parsers.dump import parse_dump
from parsers.faq import parse_faq, parse_faq_html
from parsers.names import NameIndex
from parsers.records import ParseError
from parsers.rulebook import parse_rulebook

FRAGMENTS = st.sampled_from([
    ":::", "::: ", "Smithy ", "Bag of Gold: ", "Ruins ", "Abandoned Mine: ", "Knights ",
    "Sir Martin ", "Trash ", "Recommended sets of 10 from Dominion: ", "First Game: ",
    "Cellar, ", "and ", "[Continued on blank tab]", " -You ", "Draw a card. ", "[Note.] ",
    "\n", "\n\n", "Kingdom Cards\n", "Crew — Cost 5. Action. +3 Cards.\n", "Crew: Note.\n",
    "Suggested Kingdoms\n", "Plunder alone:\n", "- Voodoo: Crew, Cage • Rush\n",
    "Trait Cards\n", "Cheap Cheap cards.\n", "Boons\n", "The Sea's Gift: +1 Card.\n",
    "Continue Reading", "<h2>Smithy</h2>", "<p>Draw.</p>", "é", "\u2014", "(", ")", ". ",
])
#: Fuzz runs of a few hundred parses each: ``slow``, like the other property runs.
pytestmark = pytest.mark.slow

TEXT = st.one_of(st.lists(FRAGMENTS, max_size=30).map("".join), st.text(max_size=200))
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


def _check(parse, text: str) -> None:  # type: ignore[no-untyped-def]
    try:
        doc = parse(text)
    except ParseError as err:
        assert err.document == "doc"
        assert 0 <= err.position <= len(text)
        assert str(err).startswith(f"doc: at character {err.position}: ")
        return
    for ruling in doc.all_rulings():
        assert 0 <= ruling.span.start < ruling.span.end <= len(text)
        assert ruling.text.strip()


@SETTINGS
@given(TEXT)
def test_dump_parser(names: NameIndex, text: str) -> None:
    _check(lambda t: parse_dump(t, names, "doc"), text)


@SETTINGS
@given(TEXT)
def test_faq_parser(names: NameIndex, text: str) -> None:
    _check(lambda t: parse_faq(t, names, "doc"), text)


@SETTINGS
@given(TEXT)
def test_faq_html_parser(names: NameIndex, text: str) -> None:
    try:
        parse_faq_html(text, names, "doc")
    except ParseError as err:
        assert err.document == "doc"


@SETTINGS
@given(TEXT)
def test_rulebook_parser(names: NameIndex, text: str) -> None:
    _check(lambda t: parse_rulebook(t, names, "doc", "plunder"), text)
