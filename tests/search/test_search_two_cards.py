"""Questions naming two cards: a warning when no ruling connects them, each card's
closest rulings still shown."""

from __future__ import annotations

import pytest

from rulings_service.search import Searcher


def _unconnected(response) -> list[str]:
    return [w for w in response.warnings if w.startswith("no ruling connects")]


@pytest.mark.parametrize("question", ["throne room feast", "feast throne room",
                                      "king's court a feast", "moat militia"])
def test_no_warning_when_a_ruling_of_one_names_the_other(searcher: Searcher,
                                                          question: str) -> None:
    response = searcher.search(question)
    assert response.results and _unconnected(response) == []


def test_a_warning_names_the_cards_no_ruling_connects(searcher: Searcher) -> None:
    response = searcher.search("market village")
    assert _unconnected(response) == [
        "no ruling connects Market and Village; the results show each card's closest rulings"]
    cards = [hit.card for hit in response.results]
    assert "Market" in cards and "Village" in cards


def test_each_cards_closest_ruling_is_on_a_short_page(searcher: Searcher) -> None:
    # Throne Room has three rulings, Market one: a page of two still shows Market's.
    response = searcher.search("throne room market", limit=2)
    assert _unconnected(response)
    assert {hit.card for hit in response.results} == {"Throne Room", "Market"}
    full = searcher.search("throne room market", limit=10)
    assert full.results[0] == response.results[0]  # the best ruling keeps its place


def test_one_card_or_a_weak_name_gives_no_warning(searcher: Searcher) -> None:
    assert _unconnected(searcher.search("village")) == []
    assert _unconnected(searcher.search("village count the actions")) == []
