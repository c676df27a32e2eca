"""The sibling classifiers (one per card, one for the general rules): fitting, storage,
and their place in the ranking."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import numpy as np
import pytest

import rulings_service.search.searcher as searcher_module
from rulings_service.search import Searcher, build_index
from rulings_service.search.index import GENERAL_RULES
from rulings_service.search.siblings import (
    L2,
    SIBLINGS_FILE,
    CardModel,
    SiblingModels,
    question_features,
)
from tests.search.conftest import general_ruling, ruling_id, tiny_corpus

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


def test_a_converged_group_fits_nearer_the_minimum() -> None:
    """``converged`` groups (the general rules) take the accelerated fit nearer the
    penalised loss's minimum; with many examples the plain fit's 300 steps stop
    well short of it."""
    rulings = ["first", "second", "third"]
    # Each ruling's word in 7 questions of 10, a neighbour's in the others, and a
    # word of each question's own: rare words are what plain descent learns slowly.
    texts = {rid: tuple(f"word{k if i % 10 < 7 else (k + 1) % 3} own{k}x{i}"
                        for i in range(200))
             for k, rid in enumerate(rulings)}
    early = SiblingModels.fit({"group": rulings}, texts, {}).get("group")
    close = SiblingModels.fit({"group": rulings}, texts, {}, converged={"group"}).get("group")

    def loss(model: CardModel | None) -> float:
        assert model is not None
        examples = [(question_features(q, frozenset()), k)
                    for k, rid in enumerate(rulings) for q in texts[rid]]
        cross_entropy = -sum(float(model.log_probs_of(f)[k]) for f, k in examples)
        penalty = L2 / 2 * float((model.weights.astype(np.float64) ** 2).sum())
        return (cross_entropy + penalty) / len(examples)

    assert loss(close) < loss(early) - 0.01


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


#: General rules of two topics, and how players ask for each (expansions).
GENERAL = [
    ("boons", "Boons are a face-down deck of landscape cards."),
    ("boons", "Received Boons go to the Boons discard pile."),
    ("hexes", "Hexes are like Boons, but bad."),
]
GENERAL_EXPANSIONS = {
    ruling_id(*GENERAL[0]): ["boon basics", "basics of the boons", "the boons, the basics"],
    ruling_id(*GENERAL[1]): ["where does a boon go after i use it", "used boon afterwards",
                             "finished with a boon, where to put it"],
    ruling_id(*GENERAL[2]): ["what is a hex", "hexes are bad boons?", "hex vs boon"],
}


@pytest.fixture(scope="module")
def general_searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = tiny_corpus(["Bard"], [("Bard", "Receive a Boon after playing Bard.")])
    for order, (topic, text) in enumerate(GENERAL, 100):
        corpus.rulings.append(general_ruling(topic, text, order))
    index = tmp_path_factory.mktemp("general-siblings") / "index"
    build_index(corpus, index, expansions=GENERAL_EXPANSIONS)
    return Searcher.open(index, corpus, aliases={})


def test_the_general_rules_of_every_topic_are_one_group(general_searcher: Searcher) -> None:
    model = general_searcher.siblings.get(GENERAL_RULES)
    assert model is not None
    assert set(model.rulings) == {ruling_id(*r) for r in GENERAL}
    assert set(general_searcher.siblings.cards) == {GENERAL_RULES}  # Bard has one ruling


def test_the_general_classifier_adds_its_probability_and_picks_the_described_rule(
        general_searcher: Searcher, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the expansion field off, only the text and the classifier speak: the
    text alone prefers the sentence saying "Boons" twice."""
    searcher, question = general_searcher, "boon basics please"
    monkeypatch.setattr(searcher, "weights", dataclasses.replace(searcher.weights, asks=0.0))
    plan = searcher.understander.plan(*_parsed(question))
    on = searcher._rank(plan).scores.copy()
    weight = searcher_module.GENERAL_SIBLINGS
    monkeypatch.setattr(searcher_module, "GENERAL_SIBLINGS", 0.0)
    off = searcher._rank(plan).scores.copy()
    assert searcher.search(question).results[0].ruling_id == ruling_id(*GENERAL[1])
    model = searcher.siblings.get(GENERAL_RULES)
    docs = searcher._sibling_docs[GENERAL_RULES]
    expected = off.copy()
    expected[docs] += weight * np.exp(model.log_probs(plan.free_text))
    assert np.allclose(on, expected)
    monkeypatch.setattr(searcher_module, "GENERAL_SIBLINGS", weight)
    assert searcher.search(question).results[0].ruling_id == ruling_id(*GENERAL[0])


def test_a_question_whose_best_answer_is_a_card_ruling_leaves_the_general_rules_alone(
        general_searcher: Searcher, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = general_searcher.understander.plan(*_parsed("bard"))
    on = general_searcher._rank(plan).scores.copy()
    monkeypatch.setattr(searcher_module, "GENERAL_SIBLINGS", 0.0)
    assert np.array_equal(general_searcher._rank(plan).scores, on)
