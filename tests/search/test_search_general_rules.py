"""General-rules questions: sentences that point back, topics spoken of by another
topic's rulings, and "what is a ..." questions (issue 15's rules style)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

import rulings_service.search.searcher as searcher_module
from rulings_service.search import Searcher, build_index
from tests.search.conftest import general_ruling, tiny_corpus

#: (topic, kind, text), in rulebook order.
GENERAL = [
    ("exchange", "general", "Nocturne has cards that tell you to exchange a card for another."),
    ("exchange", "general", "The card is returned to its pile and the other card is taken."),
    ("exchange", "general", "This does not count as gaining a card."),
    ("boons", "general", "Boons are a face-down deck of landscape cards."),
    ("boons", "general", "Each Boon is received by turning over the top Boon."),
    ("states", "general", "Receiving Boons is not gaining a card."),
    ("states", "general", "States are cards that a player takes."),
    ("events", "general", "Events are not Kingdom cards; they sit on the table."),
    ("traits", "general", "Traits go on a random Action or Treasure pile."),
    ("preparation", "setup", "Events and Traits can be shuffled into the randomizer deck."),
    ("preparation", "setup", "If any cards use Boons, shuffle the Boons deck."),
]


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = tiny_corpus(["Bard"], [("Bard", "Receive a Boon after playing Bard.")])
    for order, (topic, kind, text) in enumerate(GENERAL, 100):
        corpus.rulings.append(general_ruling(topic, text, order, kind=kind))
    path: Path = tmp_path_factory.mktemp("general-rules") / "index"
    build_index(corpus, path, expansions={})
    return Searcher.open(path, corpus, aliases={})


@pytest.fixture(autouse=True)
def _one_share_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test here shows one share at work; the general rules' classifier, which
    learns these few sentences' own words, would rank them alone
    (``test_search_siblings`` tests it)."""
    monkeypatch.setattr(searcher_module, "GENERAL_SIBLINGS", 0.0)


def _doc(searcher: Searcher, text: str) -> int:
    return next(d for d, r in searcher._rulings.items() if r["text"] == text)


def _first_only_with(searcher: Searcher, monkeypatch: pytest.MonkeyPatch, question: str,
                     answer: str, constant: str) -> None:
    """``answer`` ranks first, and not vacuously: with ``constant`` at 0 it does not."""
    assert searcher.search(question).results[0].text == answer
    monkeypatch.setattr(searcher_module, constant, 0.0)
    assert searcher.search(question).results[0].text != answer


def test_a_sentence_that_points_back_continues_the_one_before(searcher: Searcher) -> None:
    pairs = dict(zip(searcher._anaphors.tolist(), searcher._antecedents.tolist(), strict=True))
    this = _doc(searcher, "This does not count as gaining a card.")
    assert pairs == {this: _doc(searcher, "The card is returned to its pile and the other "
                                          "card is taken.")}


def test_it_is_found_by_the_words_of_the_sentence_it_continues(
        searcher: Searcher, monkeypatch: pytest.MonkeyPatch) -> None:
    # Without the carried score the sentence it continues comes first.
    _first_only_with(searcher, monkeypatch,
                     "the card is returned to its pile: does that count as gaining",
                     "This does not count as gaining a card.", "ANAPHOR_SHARE")


def test_another_topics_general_ruling_that_speaks_of_a_topic(searcher: Searcher) -> None:
    mentions = {words: {searcher._rulings[d]["text"] for d in docs}
                for words, docs in searcher._topic_mentions.items() if docs}
    assert "Receiving Boons is not gaining a card." in mentions[("boon",)]
    # Setup rulings name every topic a game may use: not among general mentions.
    assert all(searcher._rulings[d]["kind"] == "general"
               for docs in searcher._topic_mentions.values() for d in docs)


def test_a_setup_ruling_of_two_asked_topics_shares_their_bonus(
        searcher: Searcher, monkeypatch: pytest.MonkeyPatch) -> None:
    _first_only_with(searcher, monkeypatch,
                     "events and traits with the other randomizers, shuffle them in?",
                     "Events and Traits can be shuffled into the randomizer deck.",
                     "TOPIC_MENTION_SHARE")


def test_what_is_a_topic_gets_the_sentence_that_introduces_it(
        searcher: Searcher, monkeypatch: pytest.MonkeyPatch) -> None:
    defining = {words: {searcher._rulings[d]["text"] for d in docs}
                for words, docs in searcher._defining.items()}
    assert defining[("boon",)] == {"Boons are a face-down deck of landscape cards."}
    assert defining[("state",)] == {"States are cards that a player takes."}
    _first_only_with(searcher, monkeypatch, "what are boons",
                     "Boons are a face-down deck of landscape cards.", "DEFINITION_BONUS")


@pytest.fixture(scope="module")
def repeating(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    """A card whose sentence that points back repeats the words of the one it continues."""
    corpus = tiny_corpus(["Harbor"], [
        ("Harbor", "You get +2 Actions and a coin this turn."),
        ("Harbor", "At the start of your next turn you get only one more Action."),
        ("Harbor", "This means you play 2 Actions on your next turn."),
    ])
    path: Path = tmp_path_factory.mktemp("repeating") / "index"
    build_index(corpus, path, expansions={})
    return Searcher.open(path, corpus, aliases={})


def test_words_a_sentence_repeats_are_not_carried_twice(
        repeating: Searcher, monkeypatch: pytest.MonkeyPatch) -> None:
    # The words alone: the card's classifier, fitted on these three sentences, knows
    # "only one more" and would rank them by itself.
    monkeypatch.setattr(repeating, "weights",
                        dataclasses.replace(repeating.weights, siblings=0.0))
    question = "harbor next turn only one more action or 2"
    first = "At the start of your next turn you get only one more Action."
    assert repeating.search(question).results[0].text == first
    # Carrying the earlier sentence's whole score counts "next turn action" twice.
    monkeypatch.setattr(searcher_module, "repeated",
                        lambda shared, terms, pairs: np.zeros(pairs))
    assert repeating.search(question).results[0].text != first
