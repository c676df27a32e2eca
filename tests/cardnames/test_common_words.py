"""A common word is a card name only on evidence, in the search's recognition.

The questions of issue 16 that mean nothing of the sort name no card; the
same words with a capital, in a card-shaped phrase, or next to another card
name do. Run over the whole catalogue with the shared matcher.
"""

from __future__ import annotations

import pytest

from rulings_service.cardnames import default_card_names
from rulings_service.search.names import NameIndex


@pytest.fixture(scope="module")
def names() -> NameIndex:
    matcher = default_card_names()
    cards = [{"slug": k.slug, "name": k.name, "in_scope": k.covered, "kind": k.kind}
             for k in matcher.entries.values() if k.in_corpus]
    return NameIndex(cards, matcher=matcher)


NOT_CARDS = [
    "how do I count my victory points",
    "does it count as an Action for Conspirator",
    "is this mine to keep",
    "what if the supply runs out",
    "from the supply",
    "can my friend take the card",
    "I'm confused about reactions",
    "is it cheap to buy a province",
    "how to avoid the attack",
    "do I need a village for two terminals",
    "lots of villages in a row",
    "I wish I had drawn my Gold",
    "search the rulebook for reactions",
    "I'm in a rush, what does Moat do",
    "is a duration card nearby in play",
    "they are shy about attacking",
    "a rich deck with Gold",
    "prepare the kingdom",
    "can I deliver it to him",
    "the cursed player loses",
]


@pytest.mark.parametrize("question", NOT_CARDS)
def test_the_word_is_no_card(names: NameIndex, question: str) -> None:
    common = {"Count", "Mine", "Supplies", "Friendly", "Ironmonger", "Cheap", "Avoid",
              "Village", "Wish", "Search", "Rush", "Nearby", "Shy", "Rich", "Prepare",
              "Deliver", "Cursed"}
    assert common.isdisjoint(r.name for r in names.recognise(question))


CARDS = [
    ("can Mine gain a Gold to my hand", "Mine"),
    ("mine - can I spend the silver right away", "Mine"),
    ("I played a mine on a copper", "Mine"),
    ("Throne Room a mine", "Mine"),
    ("throne room and mine", "Mine"),
    ("what does the count card do", "Count"),
    ("how does count work", "Count"),
    ("does a Village give +2 actions", "Village"),
    ("I played a village then bridged", "Village"),
    ("2 villages in play", "Village"),
    ("can I buy Cheap cards", "Cheap"),
    ("is Avoid an event", "Avoid"),
    ("friendly trait on a pile", "Friendly"),
    ("IM reveals a Curse", "Ironmonger"),
    ("cheap trait with Bridge", "Cheap"),
    ("when do I buy Supplies", "Supplies"),
    ("gained a card off the cursed pile", "Cursed"),
]


@pytest.mark.parametrize("question, card", CARDS)
def test_evidence_makes_it_the_card(names: NameIndex, question: str, card: str) -> None:
    assert card in [r.name for r in names.recognise(question)]


def test_a_real_card_outside_our_sets_is_not_read_as_a_typo_of_ours(names: NameIndex) -> None:
    # "overlrd" is closest to Overlord (Empires), which the corpus has no card for.
    assert names.recognise("what does overlrd do") == []
    assert [r.name for r in names.recognise("what does governer do")] == ["Governor"]


def test_a_card_filter_on_an_uncovered_card_says_why() -> None:
    from rulings_service.search.filters import filter_query

    matcher = default_card_names()
    cards = [{"slug": k.slug, "name": k.name, "in_scope": k.covered, "kind": k.kind}
             for k in matcher.entries.values() if k.in_corpus]
    query, warning = filter_query("card", "overlord", None, NameIndex(cards, matcher=matcher))
    assert query is None
    assert warning == ("card:overlord: Overlord is a card from Empires, which our sources do"
                       " not cover. Filter ignored.")
