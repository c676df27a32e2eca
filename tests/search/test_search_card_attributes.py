"""What a card named beside the subject *is* (types, Potion/Debt cost, whether it
trashes itself) becomes search words."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings_service.search import Searcher, build_index
from rulings_service.search import understanding as understanding_module
from rulings_service.search.querylang import parse_query
from rulings_service.search.understanding import ATTRIBUTE_WEIGHT
from tests.search.conftest import ruling_id, tiny_corpus

UNIVERSITY = [
    ("University", "Gaining an Action card is optional when you play it."),
    ("University", "Cards with Potion in their cost can't be gained by this."),
]


def _plan(searcher: Searcher, question: str):
    return searcher.understander.plan(parse_query(question), [])


def test_the_object_cards_types_are_added_lightly_but_not_action(searcher: Searcher) -> None:
    plan = _plan(searcher, "can moat block goons")
    assert plan.subject == "moat"
    assert plan.terms.get("attack") == ATTRIBUTE_WEIGHT
    assert "action" not in plan.terms


def test_the_subjects_own_types_are_not_added(searcher: Searcher) -> None:
    assert "attack" not in _plan(searcher, "goons and the vp tokens").terms


def test_a_weakly_named_card_adds_nothing(
    searcher: Searcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "count" in lower case is a word far more often than the card Count; give
    # Count a telling type for the test, and the understander a fresh table.
    monkeypatch.setitem(searcher.names.cards["count"], "types", ["Action", "Attack"])
    monkeypatch.setattr(searcher.understander, "_card_attributes", {})
    weak = _plan(searcher, "moat keep count")
    # Lower case with nothing card-shaped around it, "count" is not the card at all
    # (the common-word rule of rulings_service.cardnames.evidence).
    assert "count" not in weak.names
    assert "attack" not in weak.terms
    assert _plan(searcher, "moat and Count").terms.get("attack") == ATTRIBUTE_WEIGHT


@pytest.fixture(scope="module")
def alchemy(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = tiny_corpus(["University", "Familiar"], UNIVERSITY)
    for card in corpus.cards:
        card["cost"] = {"coins": 3, "potion": 1, "debt": 0}
        card["types"] = ["Action", "Attack"] if card["name"] == "Familiar" else ["Action"]
    path: Path = tmp_path_factory.mktemp("alchemy") / "index"
    build_index(corpus, path, expansions={})
    return Searcher.open(path, corpus, aliases={})


def test_a_potion_cost_finds_the_ruling_about_potion_costs(
    alchemy: Searcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    question = "can university gain a familiar"
    first = alchemy.search(question).results[0].ruling_id
    assert first == ruling_id(*UNIVERSITY[1])
    # Without the attribute words the general ruling (first in the corpus) wins.
    monkeypatch.setattr(understanding_module, "ATTRIBUTE_WEIGHT", 0.0)
    alchemy.understander._card_attributes.clear()
    assert alchemy.search(question).results[0].ruling_id == ruling_id(*UNIVERSITY[0])


GHOST = [
    ("Ghost", "Ghost plays that card again, resolving it completely."),
    ("Ghost", "If Ghost plays a card that trashes itself, it plays it again."),
]


@pytest.fixture(scope="module")
def ghost(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = tiny_corpus(["Ghost", "Feast", "Catacombs"], GHOST)
    texts = {"Feast": "Trash this card. Gain a card costing up to 5 Coins.",
             "Catacombs": "When you trash this, gain a cheaper card."}
    for card in corpus.cards:
        card["text"] = texts.get(card["name"], "")
    path: Path = tmp_path_factory.mktemp("ghost") / "index"
    build_index(corpus, path, expansions={})
    return Searcher.open(path, corpus, aliases={})


def test_a_card_that_trashes_itself_is_said_to(ghost: Searcher) -> None:
    assert {"trash", "itself"} <= set(_plan(ghost, "ghost plays a feast twice").terms)
    # Catacombs only reacts to being trashed: the general ruling comes first.
    assert "itself" not in _plan(ghost, "ghost plays catacombs twice").terms
    assert ghost.search("ghost plays a feast twice").results[0].ruling_id == ruling_id(*GHOST[1])
    assert ghost.search("ghost plays catacombs twice").results[0].ruling_id == ruling_id(*GHOST[0])
