"""Card inference from descriptions (``search/describe.py``) and its place in the ranking.

A small corpus of real card texts: each test describes a card the way a player
who forgot its name does, or asks an ordinary named question that must not be
read as another card.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from parsers.catalogue import slugify
from rulings_service.search import Searcher, build_index
from rulings_service.search.describe import CardDescriber
from rulings_service.search.querylang import parse_query
from tests.search.conftest import tiny_corpus

#: (name, set, types, cost, text): printed texts of a few cards.
CARDS: list[tuple[str, str, list[str], int, str]] = [
    ("Village", "base", ["Action"], 3, "+1 Card, +2 Actions."),
    ("Moat", "base", ["Action", "Reaction"], 2,
     "+2 Cards. When another player plays an Attack card, you may reveal this from your hand. "
     "If you do, you are unaffected by that Attack."),
    ("Militia", "base", ["Action", "Attack"], 4,
     "+2 coins. Each other player discards down to 3 cards in hand."),
    ("Worker's Village", "prosperity", ["Action"], 4, "+1 Card, +2 Actions, +1 Buy."),
    ("City", "prosperity", ["Action"], 5,
     "+1 Card, +2 Actions. If there are one or more empty Supply piles, +1 Card. If there are "
     "two or more, +1 coin and +1 Buy."),
    ("Hoard", "prosperity", ["Treasure"], 6,
     "Worth 2 coins. While this is in play, when you buy a Victory card, gain a Gold."),
    ("Guardian", "nocturne", ["Night", "Duration"], 2,
     "Until your next turn, when another player plays an Attack card, it doesn't affect you. "
     "At the start of your next turn, +1 coin. This is gained to your hand (instead of your "
     "discard pile)."),
    ("Conclave", "nocturne", ["Action"], 4,
     "+2 coins. You may play an Action card from your hand that you don't have a copy of in "
     "play. If you do, +1 Action."),
    ("Monastery", "nocturne", ["Night"], 2,
     "For each card you've gained this turn, you may trash a card from your hand or a Copper "
     "you have in play."),
    ("Gondola", "plunder", ["Treasure", "Duration"], 4,
     "Either now or at the start of your next turn: +2 coins. When you gain this, you may "
     "play an Action card from your hand."),
    ("Buried Treasure", "plunder", ["Treasure", "Duration"], 5,
     "At the start of your next turn, +1 Buy and +3 coins. When you gain this, play it."),
    ("Gold", "base", ["Treasure"], 6, "Worth 3 coins."),
]
RULINGS = [
    ("Village", "Playing several Villages gives you many Actions; keep count out loud."),
    ("Moat", "Revealing Moat makes you unaffected by an Attack such as Militia."),
    ("Moat", "You may reveal Moat even if the Attack would not hurt you."),
    ("Militia", "The other players discard down to 3 cards; a player with 3 or fewer does "
     "nothing."),
    ("Worker's Village", "You draw a card, can play two more Actions and buy one more card."),
    ("City", "The second bonus needs two empty Supply piles, not two of the first bonus."),
    ("Hoard", "If there are no Golds left, you do not get one."),
    ("Hoard", "If you buy several Victory cards, you gain a Gold for each."),
    ("Guardian", "Guardian does not prevent you from using Reactions when other players play "
     "Attacks."),
    ("Guardian", "You are unaffected by Attack cards other players play until your next turn."),
    ("Conclave", "Conclave normally cannot play a Conclave, as that is a card you have in play."),
    ("Conclave", "If you do play a card with Conclave, then Conclave gives you +1 Action."),
    ("Monastery", "If you have gained three cards this turn, you may trash up to three cards."),
    ("Gondola", "Playing the Action card when you gain Gondola is optional."),
    ("Buried Treasure", "You must play Buried Treasure when you gain it, even on another turn."),
    ("Gold", "30 cards per game."),
]


def _corpus() -> Any:
    corpus = tiny_corpus([c[0] for c in CARDS], RULINGS, basic=frozenset({"Gold"}))
    facts = {slugify(name): (set_id, types, cost, text)
             for name, set_id, types, cost, text in CARDS}
    for card in corpus.cards:
        set_id, types, cost, text = facts[card["slug"]]
        card.update(set=set_id, sets=[set_id], types=types, text=text,
                    cost={"coins": cost, "potion": 0, "debt": 0})
    for ruling in corpus.rulings:
        ruling["set"] = facts[ruling["card_slug"]][0]
    return corpus


@pytest.fixture(scope="module")
def searcher(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = _corpus()
    path: Path = tmp_path_factory.mktemp("describe") / "index"
    build_index(corpus, path, expansions={})
    return Searcher.open(path, corpus, aliases={})


def _inferred(searcher: Searcher, question: str) -> dict[str, float]:
    return searcher.understander.plan(parse_query(question), []).inferred


@pytest.mark.parametrize(("question", "card"), [
    ("the 4-cost village from prosperity, what does it give", "workers-village"),
    ("the 5 cost prosperity village, what is the second bonus", "city"),
    ("nocturne night card costing 2 that protects from attacks, can i still reveal moat",
     "guardian"),
    ("prosperity treasure that gives you a gold whenever you buy a victory card", "hoard"),
    ("the nocturne action that plays an action you dont have a copy of in play", "conclave"),
    ("nocturne 2 cost night trasher, one trash per card gained this turn", "monastery"),
    ("plunder treasur duration that plays itself when gained, on another turn too",
     "buried-treasure"),
])
def test_a_described_card_is_inferred_first(searcher: Searcher, question: str,
                                            card: str) -> None:
    inferred = _inferred(searcher, question)
    assert inferred and next(iter(inferred)) == card, inferred
    assert searcher.understander.plan(parse_query(question), []).subject == card


@pytest.mark.parametrize("question", [
    "can moat block militia",
    "guardian out, can I still reveal moat",
    "conclave playing a village, do i get the action",
    "hoard with two victory cards bought",
    "does a village give actions",
    "are there treasure durations in plunder",
    "setting up plunder with a treasure duration in the kingdom",
    "moat blocks an attack card that makes me discard?",
    # A plural names a kind of card: the question is about the kind's rules.
    "got one of those plunder durations that waits for the next time something happens",
    "the nocturne night cards that give you hexes, how do they work",
])
def test_ordinary_questions_are_not_read_as_another_card(searcher: Searcher,
                                                         question: str) -> None:
    assert _inferred(searcher, question) == {}


def test_a_card_named_in_the_description_is_context(searcher: Searcher) -> None:
    question = "nocturne night card costing 2 that protects from attacks, can i still reveal moat"
    plan = searcher.understander.plan(parse_query(question), [])
    assert plan.subject == "guardian" and "moat" in plan.names
    response = searcher.search(question)
    assert response.results[0].card == "Guardian"  # not Moat's rulings
    assert "Moat" in response.names and "Guardian" not in response.names


def test_the_inferred_cards_rulings_rank_as_if_it_were_named(
    searcher: Searcher, monkeypatch: pytest.MonkeyPatch
) -> None:
    question = "nocturne night card costing 2 that protects from attacks, can i still reveal moat"
    assert searcher.search(question).results[0].card == "Guardian"
    monkeypatch.setattr(searcher.understander, "describer", None)
    assert searcher.search(question).results[0].card == "Moat"


def test_the_confidence_is_low_when_many_cards_fit(searcher: Searcher) -> None:
    describer: CardDescriber = searcher.describer
    one = describer.probabilities("the prosperity treasure that gains a gold",
                                  describer.cues("the prosperity treasure that gains a gold"))
    many = describer.probabilities("the plunder treasure that", describer.cues(
        "the plunder treasure that"))
    assert one[0].max() > 2 * many[0].max()


@pytest.mark.parametrize(("question", "cost", "sets"), [
    ("the 5-cost village", 5, set()),
    ("a village costing 3 from base set", 3, {"base"}),
    ("$6 treasure from prosperty", 6, {"prosperity"}),
    ("a card that gives +2 coins", None, set()),
    ("the base cost of a card", None, set()),
])
def test_cues(searcher: Searcher, question: str, cost: int | None, sets: set[str]) -> None:
    cues = searcher.describer.cues(question)
    assert cues.cost == cost
    assert {searcher.describer.set_ids[i] for i in cues.sets} == sets


def test_an_inferred_card_counts_in_the_two_card_warning(searcher: Searcher) -> None:
    question = "nocturne night card costing 2 that protects from attacks, can i still reveal moat"
    assert "no ruling connects Guardian and Moat; the results show each card's closest" \
        " rulings" in searcher.search(question).warnings
    hoard = "prosperity treasure that gives you a gold whenever you buy a victory card"
    assert not [w for w in searcher.search(hoard).warnings if "connects" in w]
