"""Behaviours that carry over to unseen questions: paraphrases, question intents,
numbers in ranges, the subject card, bare names of "The X" cards, learned weights.

Each ranking test runs the same question with the behaviour on and off, so it
fails if the behaviour is switched off (or stops mattering).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulings_service.search import Searcher, build_index
from rulings_service.search.cues import (
    bound_match,
    question_intents,
    question_numbers,
    ruling_bounds,
    ruling_kinds,
)
from rulings_service.search.names import NameIndex
from rulings_service.search.querylang import parse_query
from rulings_service.search.searcher import CueWeights
from rulings_service.search.vocabulary import LEXICON, LexiconError, load_lexicon
from tests.search.conftest import FakeCorpus, tiny_corpus

#: Cards of the small corpus below, and their rulings in order (siblings first
#: in the order that the text score alone prefers).
_CARDS = ["Chancellor", "Beggar", "Militia", "Watchtower", "Moat", "Silver", "Copper"]
_RULINGS = [
    ("Chancellor", "You decide whether to put all the cards of your deck in the discard."),
    ("Chancellor", "You may not look through your deck as you discard it."),
    ("Beggar", "You gain a Silver and a Gold card."),
    ("Beggar", "You gain a Silver card into your hand."),
    ("Militia", "Each other player discards down to 3 cards."),
    ("Militia", "A player with 3 or fewer cards does not discard."),
    ("Watchtower", "You can reveal Watchtower when you gain a card."),
    ("Moat", "Revealing Moat makes you unaffected by an Attack."),
    ("Silver", "40 cards per game."),
    ("Copper", "60 cards per game."),
]


def _corpus() -> FakeCorpus:
    return tiny_corpus(_CARDS, _RULINGS, basic=frozenset({"Silver", "Copper"}))


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = _corpus()
    path = tmp_path_factory.mktemp("general") / "index"
    build_index(corpus, path, expansions={})
    return Searcher.open(path, corpus, aliases={})


def _first(searcher: Searcher, query: str, weights: CueWeights) -> str:
    searcher.weights = weights
    searcher.understander.lexicon_weight = weights.lexicon
    try:
        return searcher.search(query).results[0].text
    finally:
        searcher.weights = CueWeights()
        searcher.understander.lexicon_weight = CueWeights().lexicon


# -- paraphrase lexicon -------------------------------------------------------------


def test_paraphrase_finds_the_ruling_in_rules_words(small: Searcher) -> None:
    question = "chancellor can i peek at my cards"
    off = _first(small, question, CueWeights(lexicon=0.0))
    on = _first(small, question, CueWeights(lexicon=0.3))
    assert "look through" not in off  # "cards" alone prefers the sibling
    assert "look through" in on  # "peek" ~ "look through"


def test_lexicon_file_covers_concepts_broadly() -> None:
    # Data, organised by concept: many phrases, each mapped to rulings words.
    assert len(LEXICON) >= 150
    assert {"look", "through"} <= set(LEXICON["peek"])
    assert "reveal" in LEXICON["flip"]


def test_lexicon_merges_groups_and_rejects_bad_files(tmp_path: Path) -> None:
    good = tmp_path / "v.yaml"
    good.write_text(
        "paraphrases:\n  a: {say: [spend], rules: [pay]}\n  b: {say: [Spend], rules: [coins]}\n",
        encoding="utf-8",
    )
    assert load_lexicon(good) == {"spend": ("pay", "coins")}
    assert load_lexicon(tmp_path / "missing.yaml") == {}
    bad = tmp_path / "bad.yaml"
    bad.write_text("paraphrases:\n  a: {say: spend}\n", encoding="utf-8")
    with pytest.raises(LexiconError, match="'a'"):
        load_lexicon(bad)


# -- question intents ------------------------------------------------------------------


@pytest.mark.parametrize(
    "question, intent",
    [
        ("beggar where do the silvers go", "destination"),
        ("how many curses with 3 players", "quantity"),
        ("can i reveal it twice", "permission"),
        ("do i have to trash", "obligation"),
        ("does it still work even if the pile is empty", "exception"),
        ("when do i draw", "timing"),
        ("nothing in my deck", "negative"),
    ],
)
def test_question_intents(question: str, intent: str) -> None:
    assert intent in question_intents(question)


def test_plain_question_has_no_destination_or_quantity_intent() -> None:
    assert not {"destination", "quantity"} & question_intents("moat vs militia")


def test_ruling_kinds() -> None:
    assert "destination" in ruling_kinds("You gain a Silver, putting it into your hand.")
    assert "destination" not in ruling_kinds("You gain a Silver.")
    assert "obligation" in ruling_kinds("You do not have to trash a card.")


def test_destination_intent_prefers_the_ruling_saying_where(small: Searcher) -> None:
    question = "beggar silver, which pile"
    off = _first(small, question, CueWeights())
    on = _first(small, question, CueWeights({"intent:destination": 0.3}))
    assert off == "You gain a Silver and a Gold card."
    assert on == "You gain a Silver card into your hand."


# -- numbers in ranges -------------------------------------------------------------------


def test_number_reasoning() -> None:
    assert question_numbers("militia vs a player with just 2 cards") == {2}
    assert question_numbers("reveal one") == frozenset()  # "one" is mostly a pronoun
    bounds = ruling_bounds("Players with 3 or fewer cards in hand do not discard.")
    assert bound_match(frozenset({2}), bounds) and bound_match(frozenset({3}), bounds)
    assert not bound_match(frozenset({4}), bounds)
    assert bound_match(frozenset({5}), ruling_bounds("if you have at least five cards"))
    assert not bound_match(frozenset({3}), ruling_bounds("with fewer than three cards"))


@pytest.mark.parametrize(
    "question, first",
    [
        ("militia vs 2 cards", "A player with 3 or fewer cards does not discard."),
        ("militia vs 5 cards", "Each other player discards down to 3 cards."),
    ],
)
def test_number_in_range_matches_the_ruling_stating_the_range(
    small: Searcher, question: str, first: str
) -> None:
    # Neither ruling says "2" or "5"; only the range "3 or fewer" holds 2.
    assert _first(small, question, CueWeights(lexicon=0.0)) == first


# -- the card the question is about ----------------------------------------------------


@pytest.mark.parametrize(
    "question, subject",
    [("watchtower and moat: revealing", "Watchtower"), ("moat and watchtower: revealing", "Moat")],
)
def test_first_named_card_is_the_subject(small: Searcher, question: str, subject: str) -> None:
    on = _first(small, question, CueWeights(context_card=0.7, lexicon=0.0))
    assert on.startswith(subject) or f" {subject}" in on


def test_without_subject_weighting_the_order_of_names_does_not_matter(small: Searcher) -> None:
    a = _first(small, "watchtower and moat: revealing", CueWeights(lexicon=0.0))
    b = _first(small, "moat and watchtower: revealing", CueWeights(lexicon=0.0))
    assert a == b  # so the test above is decided by the subject weighting alone


def test_basic_card_is_not_the_subject_beside_another(small: Searcher) -> None:
    plan = small.understander.plan(parse_query("silver from beggar"), [])
    assert plan.subject == "beggar"
    assert small.understander.plan(parse_query("silver count"), []).subject == "silver"


def test_a_misspelt_card_is_the_subject_beside_a_basic_one(small: Searcher) -> None:
    plan = small.understander.plan(parse_query("silver from begar"), [])
    assert plan.names["beggar"] < 1.0 <= plan.names["silver"]  # found fuzzily
    assert plan.subject == "beggar"


# -- names ---------------------------------------------------------------------------------


def test_names_with_a_leading_article_are_found_without_it() -> None:
    names = NameIndex([{"slug": "the-skys-gift", "name": "The Sky's Gift"},
                       {"slug": "gold", "name": "Gold"}])
    found = {rec.slug for rec in names.recognise("sky's gift = 3 golds?")}
    assert found == {"the-skys-gift", "gold"}


# -- learned weights -------------------------------------------------------------------------


def test_cue_weights_load_and_fall_back(tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_text(json.dumps({"weights": {"number": 0.2}, "context_card": 0.8,
                                "lexicon": 0.25}), encoding="utf-8")
    loaded = CueWeights.load(path)
    assert loaded.weights == {"number": 0.2} and loaded.context_card == 0.8
    assert loaded.lexicon == 0.25
    missing = CueWeights.load(tmp_path / "none.json")
    assert missing.weights == {} and missing.context_card == 1.0
    path.write_text("{not json", encoding="utf-8")
    assert CueWeights.load(path).weights == {}


def test_shipped_weights_were_fitted_on_dev() -> None:
    from rulings_service.search.searcher import WEIGHTS_FILE

    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert data["fitted_on"].endswith("dev.yaml")
    assert all(abs(v) <= 0.3 for v in data["weights"].values())


def test_fit_learns_a_helpful_feature_and_leaves_an_unused_one_at_zero() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
    from search_tune import fit

    # The answer trails its rival slightly whenever it has feature "a"; "b" never differs.
    data = [(-0.05, {"a": 1.0})] * 20 + [(0.2, {"a": 0.0, "b": 0.0})] * 5
    weights = fit(data, temperature=0.1, l2=0.1)
    assert weights.get("a", 0.0) > 0.05
    assert "b" not in weights


def test_candidates_expose_scores_and_features(small: Searcher) -> None:
    small.weights = CueWeights()
    found = small.candidates("beggar silver, which pile", limit=3)
    assert found and all(isinstance(f, dict) for _, _, f in found)
    assert any(f.get("intent:destination") == 1.0 for _, _, f in found)
    assert small.candidates("", limit=3) == []


def test_a_question_has_one_intent_the_most_specific() -> None:
    from rulings_service.search.cues import primary_intent

    question = "when i have no cards, where does the silver go"
    assert {"timing", "negative", "destination"} <= question_intents(question)
    assert primary_intent(question) == {"destination"}
    assert primary_intent("moat vs militia") == frozenset()


def test_a_card_said_to_be_absent_is_not_the_subject(small: Searcher) -> None:
    with_it = small.understander.plan(parse_query("beggar and militia"), [])
    without = small.understander.plan(parse_query("copper without a beggar"), [])
    assert with_it.subject == "beggar"
    assert without.subject == "copper"


def test_lexicon_phrases_weigh_more_than_single_words(small: Searcher) -> None:
    small.understander.lexicon_weight = 0.3
    phrase = small.understander.plan(parse_query("chancellor card turned over"), [])
    word = small.understander.plan(parse_query("chancellor card flipped"), [])
    assert phrase.terms["reveal"] > word.terms["reveal"] > 0
