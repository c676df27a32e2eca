"""A general sentence that only says which kinds of cards a set has ("Plunder has
Duration cards.") never ranks above the rulings of the card a question names."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rulings_service.search import Searcher, build_index
from tests.search.conftest import general_ruling, tiny_corpus

CONTENT_FREE = "Plunder has Duration cards."
GENERAL = [CONTENT_FREE, "Duration cards stay in play until the Clean-up of the last turn "
           "they do something."]


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = tiny_corpus(["Gondola", "Cage"], [
        ("Gondola", "When playing Gondola, choose whether to get +2 coins now or next turn."),
        ("Gondola", "Playing the Action card when you gain Gondola is optional."),
        ("Cage", "Cage sets aside up to 4 cards from your hand until you gain a Victory card."),
    ])
    for card in corpus.cards:
        card.update(set="plunder", sets=["plunder"], types=["Treasure", "Duration"])
    for i, text in enumerate(GENERAL):
        corpus.rulings.append(general_ruling("durations", text, 100 + i, set_name="plunder",
                                             document="faq"))
    path: Path = tmp_path_factory.mktemp("content-free") / "index"
    build_index(corpus, path, expansions={})
    return Searcher.open(path, corpus, aliases={})


def test_only_the_category_sentence_is_content_free(searcher: Searcher) -> None:
    free = [searcher._rulings[d]["text"] for d in np.flatnonzero(searcher._content_free_mask)]
    assert free == [CONTENT_FREE]


@pytest.mark.parametrize(("question", "card"), [
    ("plunder has duration cards gondola", "Gondola"),
    ("gondola duration cards plunder", "Gondola"),
    ("is cage a duration", "Cage"),
])
def test_it_ranks_below_the_named_cards_rulings(searcher: Searcher, question: str, card: str,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    results = searcher.search(question).results
    texts = [hit.text for hit in results]
    own = [i for i, hit in enumerate(results) if hit.card == card]
    assert own and CONTENT_FREE in texts and texts.index(CONTENT_FREE) > max(own)
    if card == "Gondola" and question.startswith("plunder"):
        # Not vacuous: on its words alone the sentence would come first.
        monkeypatch.setattr(searcher, "_content_free_mask",
                            np.zeros_like(searcher._content_free_mask))
        assert searcher.search(question).results[0].text == CONTENT_FREE


def test_without_a_named_card_it_still_answers(searcher: Searcher) -> None:
    assert searcher.search("does plunder have duration cards").results[0].text == CONTENT_FREE
