"""A card the sources never explain: the search says so instead of leaving readers to guess."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings_service.search import Searcher, build_index
from tests.search.conftest import tiny_corpus

RULINGS = [
    ("Feast", "The gained card goes into your discard pile."),
    ("Feast", "Buying a card with Haggler in play gains a cheaper card as well."),
]
UNRULED = "Haggler has no rulings of its own in the sources"


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = tiny_corpus(["Feast", "Haggler"], RULINGS)
    path: Path = tmp_path_factory.mktemp("unruled") / "index"
    build_index(corpus, path, expansions={})
    return Searcher.open(path, corpus, aliases={})


@pytest.mark.parametrize("question", ["haggler", "can i buy a card with Haggler", "hagler"])
def test_a_card_without_rulings_is_named_in_a_warning(searcher: Searcher, question: str) -> None:
    answer = searcher.search(question)
    assert sum(w.startswith(UNRULED) for w in answer.warnings) == 1, answer.warnings
    # The rulings that mention it are still the answer.
    assert answer.results and answer.results[0].card == "Feast"


@pytest.mark.parametrize("question", ["feast", "where does the feast card go"])
def test_a_card_with_rulings_gets_no_such_warning(searcher: Searcher, question: str) -> None:
    assert not any("no rulings of its own" in w for w in searcher.search(question).warnings)
