"""Questions that are only card names: words derived from the names are weak evidence."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings_service.search import Searcher, build_index
from rulings_service.search.querylang import parse_query
from tests.search.conftest import tiny_corpus

RULINGS = [
    ("Masquerade", "Only the player who played Masquerade may trash a card."),
    ("Masquerade", "Cards are passed at the same time, to the player on the left."),
    ("Witch", "Each other player gains a Curse card from the Supply."),
    ("Witch", "If the Curse pile is empty, the other players gain nothing."),
    ("Cursed Gold", "You may choose not to play Cursed Gold, and then gain no Curse."),
]


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = tiny_corpus(["Masquerade", "Witch", "Cursed Gold", "Curse"], RULINGS,
                         basic=frozenset({"Curse"}))
    for card in corpus.cards:
        card["types"] = {"Curse": ["Curse"], "Cursed Gold": ["Treasure"]}.get(
            card["name"], ["Action"])
    path: Path = tmp_path_factory.mktemp("terse") / "index"
    build_index(corpus, path, expansions={})
    return Searcher.open(path, corpus, aliases={})


@pytest.mark.parametrize("question", ["masquerade a curse", "masquerade curse"])
def test_the_subjects_rulings_beat_rulings_matching_only_derived_words(
    searcher: Searcher, question: str
) -> None:
    plan = searcher.understander.plan(parse_query(question), [])
    assert plan.terms and max(plan.terms.values()) < 1.0  # only words the names gave
    assert searcher.search(question).results[0].card == "Masquerade"


def test_a_question_with_words_of_its_own_still_matches_them(searcher: Searcher) -> None:
    assert searcher.search("is the curse pile empty for witch").results[0].text.startswith(
        "If the Curse pile is empty")

