"""Hostile input: every query gives results or a clear warning, never an exception."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulings_service.search import Searcher

#: The searcher fixture is session-wide and read-only, so sharing it across examples is safe.
_FIXTURE_OK = [HealthCheck.function_scoped_fixture]

HOSTILE = {
    "unbalanced quotes": ('"throne room feast', "unbalanced quote"),
    "unbalanced quote in a filter": ('card:"throne feast', "unbalanced quote"),
    "lone card:": ("card:", "card: needs a value"),
    "lone dash": ("-", "nothing to search for"),
    "only stop words": ("what is the and of a", "nothing to search for"),
    "only operators": ("or OR | -", "nothing to search for"),
    "empty": ("", "empty"),
    "whitespace": ("   \t  ", "empty"),
    "NUL and control characters": ("\x00feast\x07\x1b[31m", "control character"),
    "10 kB of text": ("feast " * 1700, "only the first"),
    "emoji only": ("🎉🃏👑", "nothing to search for"),
    "unknown field": ("colour:blue", "unknown field"),
    "empty phrase": ('""', "empty quoted phrase"),
    "filter value matching nothing": ("type:spaceship", "matches nothing"),
}


@pytest.mark.parametrize("query, warning", HOSTILE.values(), ids=HOSTILE.keys())
def test_hostile_query_warns(searcher: Searcher, query: str, warning: str) -> None:
    response = searcher.search(query)
    assert any(warning in w for w in response.warnings), response.warnings


@pytest.mark.parametrize(
    "query",
    ["feast 🎉", "\x00throne room\x00 feast", "FEAST!!!???", "feast " * 1700,
     "throne\u200broom feast", "ｆｅａｓｔ", "feast\ud800"],
)
def test_hostile_but_meaningful_queries_still_find(searcher: Searcher, query: str) -> None:
    response = searcher.search(query)
    assert response.results and "Feast" in {r.card for r in response.results[:3]}


def test_long_input_stays_bounded(searcher: Searcher) -> None:
    response = searcher.search("watchtower " + "zq" * 5000 + " feast")
    assert len(response.terms) <= 48


@pytest.mark.parametrize("query", [None, 42, b"feast", ["feast"]])
def test_non_string_queries_do_not_raise(searcher: Searcher, query: object) -> None:
    response = searcher.search(query)  # type: ignore[arg-type]
    assert response.results or response.warnings


@settings(max_examples=150, deadline=None, suppress_health_check=_FIXTURE_OK)
@given(st.text(max_size=120))
def test_any_text_gives_results_or_a_warning(searcher: Searcher, query: str) -> None:
    response = searcher.search(query, limit=3)
    assert response.results or response.warnings
    for hit in response.results:
        assert "<script" not in hit.snippet_html


@settings(max_examples=100, deadline=None, suppress_health_check=_FIXTURE_OK)
@given(st.text(alphabet='card:set-"or ()typekind\\\'\x00fst', max_size=40))
def test_operator_soup_never_raises(searcher: Searcher, query: str) -> None:
    response = searcher.search(query)
    assert response.results or response.warnings


def test_an_internal_error_becomes_a_warning(
    searcher: Searcher, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def boom(*_args: object) -> None:
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(searcher, "_rank", boom)
    response = searcher.search("feast")
    assert response.results == [] and "internal error" in response.warnings[0]
    assert "simulated bug" in caplog.text


def test_dash_as_punctuation_searches_without_a_warning(searcher: Searcher) -> None:
    response = searcher.search("Throne Room - what if I play Feast with it?")
    assert not any("negate" in w for w in response.warnings), response.warnings
    assert "Throne Room" in {r.card for r in response.results[:3]}
