"""Learned translations: fitted from question/ruling pairs, stored, used by the understander."""

from __future__ import annotations

import dataclasses
import logging
import shutil
from pathlib import Path

import pytest

from rulings_service.search import Searcher, build_index, translations
from rulings_service.search.querylang import parse_query
from rulings_service.search.translations import (
    MIN_PAIRS,
    TRANSLATIONS_FILE,
    fit_translations,
    load_translations,
    save_translations,
)
from rulings_service.search.understanding import TRANSLATION_WEIGHT
from tests.search.conftest import FakeCorpus, ruling_id, tiny_corpus

#: Rulings that say "reveal" where players say "dig", and others that do not.
DIGGERS = [
    (f"Card{i}", f"Reveal cards from the top of your deck until you reveal card {i}.")
    for i in range(MIN_PAIRS)
]
OTHERS = [(f"Other{i}", f"Gain a Silver and put it on your deck, number {i}.")
          for i in range(12 * MIN_PAIRS)]


def _pairs(n_diggers: int = MIN_PAIRS) -> list[tuple[tuple[str, ...], str]]:
    pairs = [((f"how deep do i dig for {i}",), text) for i, (_, text) in
             enumerate(DIGGERS[:n_diggers])]
    return pairs + [((f"where does the silver go {i}",), text) for i, (_, text) in
                    enumerate(OTHERS)]


def test_a_question_word_translates_to_the_ruling_words_it_keeps_company_with() -> None:
    table = fit_translations(_pairs())
    assert "reveal" in table["dig"]
    # "silver" is in the questions and the rulings alike: nothing to translate.
    assert "silver" not in table
    assert all(len(targets) <= 3 for targets in table.values())


def test_a_word_most_rulings_use_is_no_translation(monkeypatch: pytest.MonkeyPatch) -> None:
    share = (MIN_PAIRS + 1) / (len(DIGGERS) + len(OTHERS))  # "reveal" is in 5 of 65 rulings
    monkeypatch.setattr(translations, "MAX_TARGET_SHARE", share / 2)
    assert "reveal" not in fit_translations(_pairs()).get("dig", ())


def test_an_association_needs_enough_pairs() -> None:
    assert "dig" not in fit_translations(_pairs(MIN_PAIRS - 1))


def test_saved_translations_load_back(tmp_path: Path) -> None:
    table = fit_translations(_pairs())
    save_translations(table, tmp_path / TRANSLATIONS_FILE)
    assert load_translations(tmp_path / TRANSLATIONS_FILE) == table


def test_a_missing_or_broken_file_means_no_translations(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    assert load_translations(tmp_path / "absent.json") == {}
    broken = tmp_path / TRANSLATIONS_FILE
    broken.write_text("{not json", encoding="utf-8")
    with caplog.at_level(logging.WARNING):
        assert load_translations(broken) == {}
    assert "translations unreadable" in caplog.text


LOOKOUT = [("Lookout", "Put the last card back on top of your deck."),
           ("Lookout", "Reveal the top three cards of your deck, then trash one.")]


@pytest.fixture(scope="module")
def diggers(tmp_path_factory: pytest.TempPathFactory) -> tuple[FakeCorpus, Path]:
    """An index whose expansions teach "dig" -> "reveal", beside Lookout's two rulings."""
    rulings = DIGGERS + OTHERS + LOOKOUT
    corpus = tiny_corpus(sorted({card for card, _ in rulings}), rulings)
    questions = {ruling_id(card, text): list(asked) for (asked, _), (card, text) in
                 zip(_pairs(), DIGGERS + OTHERS, strict=True)}
    path = tmp_path_factory.mktemp("translations") / "index"
    build_index(corpus, path, expansions=questions)
    return corpus, path


def test_the_build_fits_them_and_a_question_gets_them_lightly(
    diggers: tuple[FakeCorpus, Path]
) -> None:
    corpus, path = diggers
    plan = Searcher.open(path, corpus, aliases={}).understander.plan(
        parse_query("lookout: how deep do i dig"), [])
    assert plan.terms["dig"] == 1.0
    assert plan.terms["reveal"] == TRANSLATION_WEIGHT


def _searcher(path: Path, corpus: FakeCorpus) -> Searcher:
    """The searcher without its sibling classifiers, whose priors would decide a tie here."""
    searcher = Searcher.open(path, corpus, aliases={})
    searcher.weights = dataclasses.replace(searcher.weights, siblings=0.0)
    return searcher


def test_a_translation_picks_the_ruling_that_answers_in_the_rules_words(
    diggers: tuple[FakeCorpus, Path], tmp_path: Path
) -> None:
    corpus, path = diggers
    question = "lookout: how deep do i dig"
    first = _searcher(path, corpus).search(question).results[0]
    assert first.ruling_id == ruling_id(*LOOKOUT[1])
    # The same index without its translations: the first ruling in corpus order wins.
    bare = tmp_path / "index"
    shutil.copytree(path, bare)
    (bare / TRANSLATIONS_FILE).unlink()
    first = _searcher(bare, corpus).search(question).results[0]
    assert first.ruling_id == ruling_id(*LOOKOUT[0])
