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


@pytest.mark.parametrize("questions", [
    ["Band of Misfits Feast", "BoM Feast", "Feast BoM", "feast, band of misfits?"],
    ["market village", "village market", "Village, Market"],
    ["throne room feast", "feast throne room", "TR feast", "feast TR"],
    ["king's court feast", "feast king's court", "KC feast"],
    ["moat militia", "militia moat"],
    ["gondola king's cache", "king's cache gondola"],
])
def test_names_side_by_side_give_the_same_first_ruling_in_any_order(
    searcher: Searcher, questions: list[str]
) -> None:
    firsts = {q: searcher.search(q).results[0].ruling_id for q in questions}
    assert len(set(firsts.values())) == 1, firsts


def test_side_by_side_names_have_no_subject_but_a_word_between_keeps_one(
    searcher: Searcher,
) -> None:
    from rulings_service.search.querylang import parse_query

    def subject(question: str) -> str | None:
        return searcher.understander.plan(parse_query(question), []).subject

    assert subject("BoM Feast") is None and subject("Feast BoM") is None
    assert subject("can I TR a feast") == "throne-room"  # Throne Room acting on Feast
    assert subject("feast, what does BoM do with it") == "feast"


@pytest.mark.parametrize("dashed", ["throne room - feast", "throne room -- feast",
                                    "throne room \u2013 feast", "throne room - feast -"])
def test_a_dash_between_words_is_punctuation_in_the_ranking(searcher: Searcher,
                                                            dashed: str) -> None:
    plain, with_dash = searcher.search("throne room feast"), searcher.search(dashed)
    assert with_dash.warnings == plain.warnings
    assert [h.ruling_id for h in with_dash.results] == [h.ruling_id for h in plain.results]
    assert "Feast" in {h.card for h in with_dash.results}


def test_a_dash_against_a_word_still_negates(searcher: Searcher) -> None:
    negated = searcher.search("throne room -feast")
    assert negated.results and not any(
        "feast" in h.text.lower() or h.card == "Feast" for h in negated.results)
    assert not any("negate" in w for w in negated.warnings)
