"""The per-card sibling classifiers: fitting, storage, and their place in the ranking."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import numpy as np
import pytest

from rulings_service.search import Searcher, build_index
from rulings_service.search.siblings import SIBLINGS_FILE, SiblingModels, question_features
from tests.search.conftest import ruling_id, tiny_corpus

LOOKOUT = [
    ("Lookout", "You look at the top 3 cards of your deck and deal with all three."),
    ("Lookout", "If your deck runs out, shuffle your discard pile first."),
    ("Lookout", "The card you keep goes back on top of your deck."),
]
EXPANSIONS = {
    ruling_id(*LOOKOUT[0]): ["which card do i trash first", "order of trash and discard",
                             "trash one discard one keep one"],
    ruling_id(*LOOKOUT[1]): ["what if my draw pile is empty", "empty deck reshuffle first",
                             "fewer than three cards left, reshuffle"],
    ruling_id(*LOOKOUT[2]): ["where does the kept card go", "the last card back on top",
                             "kept card on top or in hand"],
}


def _models() -> SiblingModels:
    owned = {"lookout": [ruling_id(*r) for r in LOOKOUT], "alone": ["alone-1"]}
    texts = {rid: (*EXPANSIONS[rid], text) for rid, (_, text) in
             zip(owned["lookout"], LOOKOUT, strict=True)}
    texts["alone-1"] = ("only ruling",)
    return SiblingModels.fit(owned, texts, {"lookout": frozenset({"lookout"})})


def test_each_ruling_wins_the_questions_worded_like_its_own() -> None:
    model = _models().get("lookout")
    assert model is not None
    for question, wanted in [("lookout with an empty deck, do i reshuffle", 1),
                             ("lookout: which one gets trashed first", 0),
                             ("where does lookout's kept card go", 2)]:
        log_probs = model.log_probs(question)
        assert int(np.argmax(log_probs)) == wanted, question
        assert math.isclose(float(np.exp(log_probs).sum()), 1.0)


def test_a_card_with_one_ruling_gets_no_classifier_and_names_are_not_features() -> None:
    models = _models()
    assert "alone" not in models and len(models) == 1
    assert question_features("Lookout trash", frozenset({"lookout"})) == {"trash"}
    assert "lookout" not in models.get("lookout").vocabulary


def test_saved_models_load_to_the_same_probabilities(tmp_path: Path) -> None:
    models = _models()
    models.save(tmp_path / SIBLINGS_FILE)
    loaded = SiblingModels.load(tmp_path / SIBLINGS_FILE)
    assert loaded is not None and set(loaded.cards) == set(models.cards)
    for question in ("empty deck", "trash order", "nothing known here"):
        assert np.array_equal(loaded.get("lookout").log_probs(question),
                              models.get("lookout").log_probs(question))
    assert loaded.get("lookout").rulings == models.get("lookout").rulings


def test_a_missing_or_broken_file_switches_the_classifiers_off(tmp_path: Path) -> None:
    assert SiblingModels.load(tmp_path / "absent.npz") is None
    broken = tmp_path / SIBLINGS_FILE
    broken.write_bytes(b"not an npz file")
    assert SiblingModels.load(broken) is None


@pytest.fixture(scope="module")
def lookout_searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = tiny_corpus(["Lookout", "Village"], [*LOOKOUT, ("Village", "Village gives "
                                                            "+2 Actions; your deck is unchanged.")])
    index = tmp_path_factory.mktemp("siblings") / "index"
    build_index(corpus, index, expansions=EXPANSIONS)
    assert (index / SIBLINGS_FILE).exists()
    return Searcher.open(index, corpus, aliases={})


def test_the_weight_moves_only_the_subject_cards_rulings_by_its_log_probabilities(
        lookout_searcher: Searcher) -> None:
    searcher, question = lookout_searcher, "lookout runs out of deck, what about the discard"
    plan = searcher.understander.plan(*_parsed(question))
    original = searcher.weights
    try:
        searcher.weights = dataclasses.replace(original, siblings=0.0)
        off = searcher._rank(plan).scores.copy()
        searcher.weights = dataclasses.replace(original, siblings=0.5)
        on = searcher._rank(plan)
    finally:
        searcher.weights = original
    model = searcher.siblings.get("lookout")
    docs = searcher._sibling_docs["lookout"]
    shown = on.present[docs]
    assert shown.all()
    expected = off.copy()
    expected[docs] += 0.5 * model.log_probs(plan.free_text)
    assert np.allclose(on.scores, expected)
    assert not np.allclose(on.scores, off)  # the feature did something


@pytest.mark.parametrize(("question", "answer"), [
    ("lookout empty deck", 1),  # the text alone puts "back on top of your deck" first
    ("lookout which one to trash", 0),  # ... and here too
])
def test_the_classifier_puts_the_sibling_its_questions_describe_first(
        lookout_searcher: Searcher, question: str, answer: int) -> None:
    """With the expansion field off, so only the text and the classifier speak."""
    original = lookout_searcher.weights
    tops = []
    try:
        for weight in (0.0, 1.0):
            lookout_searcher.weights = dataclasses.replace(original, asks=0.0, siblings=weight)
            tops.append(lookout_searcher.search(question).results[0].ruling_id)
    finally:
        lookout_searcher.weights = original
    assert tops[0] != ruling_id(*LOOKOUT[answer])  # the words alone choose another sibling
    assert tops[1] == ruling_id(*LOOKOUT[answer])


def _parsed(question: str) -> tuple:
    from rulings_service.search.querylang import parse_query

    return parse_query(question), []
