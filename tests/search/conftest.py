"""A small corpus following the built-corpus contract, indexed once per session.

The rulings paraphrase real ones closely enough that ranking questions are
meaningful, but the set is small so the index builds in a fraction of a second.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from parsers.catalogue import slugify
from rulings_service.search import Searcher, build_index

CARDS = [
    ("Throne Room", "base", ["Action"]), ("Feast", "base", ["Action"]),
    ("Market", "base", ["Action"]), ("Village", "base", ["Action"]),
    ("Mine", "base", ["Action"]), ("Moat", "base", ["Action", "Reaction"]),
    ("Gardens", "base", ["Victory"]), ("Copper", "base", ["Treasure"]),
    ("Gold", "base", ["Treasure"]), ("Militia", "base", ["Action", "Attack"]),
    ("Bridge", "intrigue", ["Action"]), ("Mining Village", "intrigue", ["Action"]),
    ("Great Hall", "intrigue", ["Action", "Victory"]),
    ("King's Court", "prosperity", ["Action"]),
    ("Watchtower", "prosperity", ["Action", "Reaction"]),
    ("Worker's Village", "prosperity", ["Action"]), ("Grand Market", "prosperity", ["Action"]),
    ("Treasury", "seaside", ["Action"]), ("Count", "dark-ages", ["Action"]),
    ("Band of Misfits", "dark-ages", ["Action"]),
    ("Will-o'-Wisp", "nocturne", ["Action", "Spirit"]),
    ("King's Cache", "plunder", ["Treasure"]), ("Cheap", "plunder", []),
    ("Goons", "prosperity", ["Action", "Attack"]), ("Supplies", "menagerie", ["Treasure"]),
    ("Estate", "base", ["Victory"]), ("Duchy", "base", ["Victory"]),
    ("Conclave", "nocturne", ["Action"]), ("Gondola", "plunder", ["Treasure", "Duration"]),
]
#: Basic cards (questions usually name them as the object of another card).
BASIC = {"Copper", "Gold", "Estate", "Duchy"}
#: Rulings printed for several cards, merged into one listed under each (``cards``).
SHARED = {"Put 8 in the Supply in a game with two players.": ["Estate", "Duchy"]}
#: Named by the sources but outside our sets: no rulings of their own.
OUT_OF_SCOPE = {"Supplies"}

RULINGS = [
    ("Throne Room", "You pick another Action card in your hand, play it, and play it again.", []),
    ("Throne Room", "If you Throne Room a Throne Room, you play an Action twice, and then "
     "another Action twice.", []),
    ("Throne Room", "Throne Room does not use up an extra Action for the card it plays.", []),
    ("Feast", "If you use Throne Room on Feast, you will gain two cards, even though you can "
     "only trash Feast once.", ["Throne Room"]),
    ("Feast", "The gained card goes into your Discard pile. It has to be a card from the "
     "Supply.", []),
    ("King's Court", "If you King's Court a Feast, you gain three cards but trash Feast only "
     "once.", ["Feast"]),
    ("King's Court", "King's Court plays the chosen card three times; it is optional.", []),
    ("King's Court", "If you King's Court a King's Court, you play three different Actions "
     "three times each.", []),
    ("Watchtower", "You can reveal Watchtower when you gain a card on another player's turn, "
     "for example a Curse from a Witch.", []),
    ("Watchtower", "When you play Watchtower, you draw until you have 6 cards in hand.", []),
    ("Bridge", "Bridge lowers the cost of all cards, including cards in players' hands and "
     "decks, for the rest of the turn; costs never go below 0.", []),
    ("Mine", "You trash a Treasure from your hand and gain a Treasure costing up to 3 more, "
     "such as trashing a Copper to gain a Silver.", ["Copper"]),
    ("Mining Village", "You can trash Mining Village only the first time you play it in a "
     "turn, for example with Throne Room.", ["Throne Room"]),
    ("Market", "Market gives you one more Buy for the turn.", []),
    ("Village", "Playing several Villages gives you many Actions; keep count out loud.", []),
    ("Count", "You choose one option from each of the two lists in order.", []),
    ("Gardens", "Gardens is worth 1 victory point per 10 cards you have at the end of the "
     "game, rounded down.", []),
    ("Band of Misfits", "Band of Misfits plays as a cheaper Action card from the Supply; it "
     "becomes that card until it leaves play.", []),
    ("Worker's Village", "Worker's Village gives one card, two Actions and one Buy.", []),
    ("Grand Market", "You cannot buy Grand Market if you have a Copper in play.", ["Copper"]),
    ("Treasury", "You may put Treasury on top of your deck if you did not buy a Victory "
     "card this turn.", []),
    ("Will-o'-Wisp", "Will-o'-Wisp reveals the top card of your deck and takes it if it "
     "costs 2 or less.", []),
    ("King's Cache", "King's Cache plays a Treasure three times.", []),
    ("Moat", "Revealing Moat makes you unaffected by an Attack such as Militia.", ["Militia"]),
    ("General rules: Setup", "In a game with two players, use 8 of each Victory card in "
     "the Supply.", []),
    ("General rules: Durations", "Duration cards stay in play until the Clean-up of the "
     "last turn they do something.", []),
    ("Great Hall", "[Editor's note: Great Hall is an Action and Victory card.]", []),
    ("Goons", "You get 1 VP token for each card you buy, but not for cards gained other ways.", []),
    ("Gold", "30 cards per game.", []),
    # The special case comes first, so only the ranking can put the general one first.
    ("Gondola", "If you play Gondola twice with King's Cache, you choose each time.",
     ["King's Cache"]),
    ("Gondola", "When playing Gondola, choose whether to get +2 coins now or next turn.", []),
    ("Conclave", "If you do play a card with Conclave, then Conclave gives you +1 Action.", []),
    ("Conclave", "Conclave normally cannot play a Conclave, as that is a card you have in play.",
     []),
    ("Estate", "Put 8 in the Supply in a game with two players.", []),
    ("General rules: Boons", "Boons, Hexes, and States are never in a player's deck.", []),
]


@dataclass
class FakeCorpus:
    """Just the attributes of ``corpus_store.Corpus`` that search uses."""

    build_id: str
    cards: list[dict[str, Any]]
    rulings: list[dict[str, Any]]
    sources: list[dict[str, Any]] = field(default_factory=list)


def make_corpus() -> FakeCorpus:
    card_names = {name for name, _, _ in CARDS}
    sets = {name: set_id for name, set_id, _ in CARDS}
    cards = [
        {"name": n, "slug": slugify(n), "set": s, "sets": [s], "types": t,
         "kind": "basic" if n in BASIC else ("out-of-scope" if n in OUT_OF_SCOPE else "kingdom"),
         "text": "", "in_scope": n not in OUT_OF_SCOPE}
        for n, s, t in CARDS
    ]
    rulings = []
    for order, (card, text, mentions) in enumerate(RULINGS):
        is_card = card in card_names
        topic = None if is_card else card.split(": ", 1)[1].lower()
        kind = "card" if is_card else ("setup" if topic == "setup" else "general")
        if card in BASIC:
            kind = "setup"
        if text.startswith("["):
            kind = "editorial"
        slug = slugify(card) if is_card else topic
        rulings.append({
            "id": f"{slug}-{hashlib.sha1(text.encode()).hexdigest()[:6]}",
            "card": card, "card_slug": slugify(card) if is_card else None, "topic": topic,
            "set": sets.get(card, "base"), "text": text,
            "sources": [{"document": "faq-dump" if order % 2 else "prosperity-faq",
                         "start": order * 10, "end": order * 10 + 9}],
            "mentions": mentions, "kind": kind, "order": order,
            "cards": SHARED.get(text, [card] if is_card else []),
        })
    digest = hashlib.sha256(repr(rulings).encode()).hexdigest()
    sources = [{"id": "faq-dump"}, {"id": "prosperity-faq"}]
    return FakeCorpus(build_id=digest, cards=cards, rulings=rulings, sources=sources)


def ruling_id(card: str, text: str) -> str:
    """A ruling id of the shipped form, ``<slug>-<sha1 hex6>``."""
    return f"{slugify(card)}-{hashlib.sha1(text.encode()).hexdigest()[:6]}"


def tiny_corpus(card_names: list[str], rulings: list[tuple[str, str]],
                basic: frozenset[str] = frozenset()) -> FakeCorpus:
    """A base-set corpus of the named cards and ``(card, text)`` rulings, in order.

    For tests that need a few rulings of their own, apart from the shared corpus.
    """
    cards = [
        {"name": n, "slug": slugify(n), "set": "base", "sets": ["base"], "types": ["Action"],
         "kind": "basic" if n in basic else "kingdom", "text": "", "in_scope": True}
        for n in card_names
    ]
    entries = [
        {"id": ruling_id(card, text), "card": card, "card_slug": slugify(card), "topic": None,
         "set": "base", "text": text, "sources": [{"document": "faq", "start": i, "end": i + 1}],
         "mentions": [], "kind": "card", "order": i, "cards": [card]}
        for i, (card, text) in enumerate(rulings)
    ]
    return FakeCorpus(hashlib.sha256(repr(entries).encode()).hexdigest(), cards, entries)


def general_ruling(topic: str, text: str, order: int, *, kind: str = "general",
                   set_name: str = "nocturne", document: str = "rulebook") -> dict[str, Any]:
    """A general-rules ruling of ``topic`` ("General rules: Boons"), no card's, at
    ``order`` of ``document``; for tests that add a few to :func:`tiny_corpus`."""
    return {
        "id": ruling_id(topic, text), "card": f"General rules: {topic.title()}",
        "card_slug": None, "topic": topic, "set": set_name, "text": text,
        "sources": [{"document": document, "start": order, "end": order + 1}],
        "mentions": [], "kind": kind, "order": order, "cards": []}


@pytest.fixture(scope="session")
def corpus() -> FakeCorpus:
    return make_corpus()


@pytest.fixture(scope="session")
def index_dir(tmp_path_factory: pytest.TempPathFactory, corpus: FakeCorpus) -> Path:
    path = tmp_path_factory.mktemp("search") / "index"
    build_index(corpus, path, expansions={})
    return path


@pytest.fixture(scope="session")
def searcher(index_dir: Path, corpus: FakeCorpus) -> Searcher:
    return Searcher.open(index_dir, corpus, aliases={})


@pytest.fixture(name="make_corpus")
def make_corpus_fixture():
    """The corpus factory, for tests that need a fresh copy to change."""
    return make_corpus
