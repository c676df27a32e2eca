"""The query language parser: fields, negation, phrases, 'or', and its warnings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulings_service.search.querylang import Clause, _plain_words, _scan, parse_query


def test_plain_question_is_all_words() -> None:
    parsed = parse_query("can I TR a feast")
    assert [c.value for c in parsed.clauses()] == ["can", "I", "TR", "a", "feast"]
    assert all(c.kind == "word" for c in parsed.clauses())
    assert parsed.warnings == []


def test_fields_with_short_forms_and_quoted_values() -> None:
    parsed = parse_query('c:"throne room" s:base t=attack source:faq-dump k:setup m:Feast')
    got = [(c.field, c.value) for c in parsed.clauses()]
    assert got == [
        ("card", "throne room"), ("set", "base"), ("type", "attack"),
        ("source", "faq-dump"), ("kind", "setup"), ("mentions", "Feast"),
    ]


def test_negation_of_words_phrases_and_filters() -> None:
    parsed = parse_query('-feast -"two cards" -set:base')
    assert [(c.kind, c.negated) for c in parsed.clauses()] == [
        ("word", True), ("phrase", True), ("filter", True),
    ]


def test_plus_and_minus_numbers_are_words_not_negation() -> None:
    parsed = parse_query("+2 actions -1 card")
    assert not any(c.negated for c in parsed.clauses())


def test_or_groups_adjacent_clauses() -> None:
    parsed = parse_query("card:feast or card:mine village")
    assert len(parsed.groups) == 2
    assert [c.value for c in parsed.groups[0]] == ["feast", "mine"]


def test_phrase_is_one_clause() -> None:
    parsed = parse_query('"gain two cards" feast')
    assert parsed.clauses()[0] == Clause("phrase", "gain two cards")


@pytest.mark.parametrize(
    "query, warning",
    [
        ("card:", "card: needs a value"),
        ("set: ", "set: needs a value"),
        ('"unbalanced quote', "unbalanced quote"),
        ('card:"kings court', "unbalanced quote in card"),
        ("or feast", "'or' needs a term on both sides"),
        ("feast or", "'or' needs a term on both sides"),
        ("colour:red feast", "unknown field 'colour'"),
        ('"" feast', "empty quoted phrase"),
        ("feast or -mine", "negation inside 'or'"),
    ],
)
def test_unparseable_parts_warn_and_the_rest_survives(query: str, warning: str) -> None:
    parsed = parse_query(query)
    assert any(warning in w for w in parsed.warnings), parsed.warnings


@pytest.mark.parametrize(
    "query",
    ["Feast - what happens?", "- feast", "feast -", "Feast -- Throne Room",
     "Feast \u2013 Throne Room", "Feast \u2014 Throne Room", "Feast - -mine"],
)
def test_dashes_between_spaces_are_punctuation(query: str) -> None:
    parsed = parse_query(query)
    assert parsed.warnings == []
    assert [c.value for c in parsed.clauses() if not c.negated][0].lower() == "feast"
    assert [c.negated for c in parsed.clauses()] == [
        c.value == "mine" for c in parsed.clauses()
    ]


def test_a_dash_after_the_first_words_marks_them_as_the_heading() -> None:
    assert parse_query("Band of Misfits - what can it be?").heading == 3
    assert parse_query("Feast \u2014 Throne Room").heading == 1
    assert parse_query("feast throne room").heading is None
    assert parse_query("- feast").heading is None  # nothing before it
    assert parse_query("feast -mine").heading is None  # a negation, not a mark


def test_lone_field_followed_by_a_word_takes_it() -> None:
    parsed = parse_query("card: feast")
    assert parsed.clauses() == [Clause("filter", "feast", field="card")]
    assert parsed.warnings == []


def test_unclosed_quote_keeps_its_words() -> None:
    parsed = parse_query('feast "two cards')
    assert [c.value for c in parsed.clauses()] == ["feast", "two", "cards"]


def test_free_text_skips_negated_and_filters() -> None:
    parsed = parse_query('throne room "play twice" -feast set:base')
    assert parsed.free_text() == "throne room play twice"


#: Words of plain questions: letters, digits, punctuation and "or", but no syntax.
_PLAIN_WORD = st.one_of(
    st.sampled_from(["or", "OR", "?", "...", "5$", "it's", "café", "x"]),
    st.text(st.characters(blacklist_characters='"|:=-', blacklist_categories=("Cs",)),
            min_size=1, max_size=6),
)


@given(st.lists(_PLAIN_WORD, max_size=12), st.sampled_from([" ", "  ", "\t", "\u00a0 "]))
def test_plain_questions_parse_as_the_scanner_would(words: list[str], space: str) -> None:
    text = space.join(words)
    assert _plain_words(text) == _scan(text)


def test_text_with_syntax_takes_the_scanner() -> None:
    assert parse_query('a -b "c d" e:f') == _scan('a -b "c d" e:f')
    assert parse_query("a -b").groups[-1][0].negated
