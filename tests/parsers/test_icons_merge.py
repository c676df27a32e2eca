"""Icon restoration from twins, explicit gap marks, and de-duplication."""

from __future__ import annotations

from parsers.icons import ICON_GAP_MARK, find_gaps, mark_gaps, restore, similarity
from parsers.merge import is_context_dependent, merge_documents
from parsers.records import Entry, ParsedDocument, Ruling, Span


def test_restore_copies_only_icons_from_the_twin() -> None:
    gapped = "This is a Treasure worth , like Gold. It costs less per Action card."
    twin = "This is a Treasure worth 3 coins, like Gold. It costs 2 coins less per Action card."
    assert restore(gapped, twin) == (
        "This is a Treasure worth 3 coins, like Gold. It costs 2 coins less per Action card.", 2)


def test_restore_keeps_the_gapped_sources_own_wording() -> None:
    gapped = "if you trash Golem (from Dominion: Alchemy), which costs , you get 3 total."
    twin = ("if you trash Golem (from Alchemy) which costs 4 coins 1 potion, "
            "you get 3 VP tokens total.")
    assert restore(gapped, twin)[0] == (
        "if you trash Golem (from Dominion: Alchemy), which costs 4 coins 1 potion, "
        "you get 3 VP tokens total.")


def test_restore_after_a_plus_and_at_the_start() -> None:
    assert restore("You get + per token.", "You get +1 coin per token.")[0] == (
        "You get +1 coin per token.")
    assert restore("in costs is ignored.", "Potion in costs is ignored.")[0] == (
        "Potion in costs is ignored.")


def test_restore_ignores_differences_that_are_not_icons() -> None:
    assert restore("Buy Grand Market only Coppers.", "Buy Grand Market - only the Coppers.") == (
        "Buy Grand Market only Coppers.", 0)


def test_find_gaps_on_stripped_text_and_not_on_whole_text() -> None:
    assert find_gaps("It is worth per Treasure") == [12]
    assert find_gaps("in costs is ignored.") == [0]  # a sentence cannot start lower-case
    assert find_gaps("It's worth 1 , like an Estate.") != []
    assert find_gaps("you will get total from Diadem") != []
    assert find_gaps("It is worth 1 coin per Treasure, like Copper.") == []
    assert find_gaps("It never costs less than 0 coins.") == []
    assert find_gaps("That would be +3 coins .") == []  # a stray space, not a stripped icon


def test_mark_gaps_makes_the_hole_visible() -> None:
    text, marks = mark_gaps("You gain a card costing up to per differently named card")
    assert text == f"You gain a card costing up to {ICON_GAP_MARK} per differently named card"
    assert marks == [text.index(ICON_GAP_MARK)]


def test_similarity_ignores_icons() -> None:
    assert similarity("worth , like Gold", "worth 3 coins, like Gold") == 1.0
    assert similarity("Draw a card.", "Trash your hand.") < 0.5


def _doc(doc_id: str, entries: dict[str, list[str]]) -> ParsedDocument:
    doc = ParsedDocument(doc_id)
    pos = 0
    for name, texts in entries.items():
        entry = Entry(name, Span(doc_id, pos, pos + 1))
        for text in texts:
            entry.rulings.append(Ruling(name, text, Span(doc_id, pos, pos + len(text))))
            pos += len(text) + 1
        doc.entries.append(entry)
    return doc


def test_merge_twins_repeats_and_shared_sentences() -> None:
    dump = _doc("dump", {
        "Loan": ["This is a Treasure worth 1 coin, like Copper.", "Reveal until a Treasure."],
        "Quarry": ["This is a Treasure worth 1 coin, like Copper."],
        "Madman": ["It is not in the Supply."],
    })
    dump.entries.append(Entry("Madman", Span("dump", 900, 901),
                              [Ruling("Madman", "It is not in the Supply.",
                                      Span("dump", 900, 924))]))
    faq = _doc("faq", {"Loan": ["This is a Treasure worth , like Copper.",
                                "Remember to play Treasures in any order."]})
    result = merge_documents([dump, faq])
    texts = [r.text for r in result.rulings]
    assert len(texts) == len(set(texts))
    shared = next(r for r in result.rulings if r.text.startswith("This is a Treasure worth"))
    assert shared.cards == ["Loan", "Quarry"]
    assert {s.document for s in shared.spans()} == {"dump", "faq"}
    madman = next(r for r in result.rulings if r.subject == "Madman")
    assert len(madman.spans()) == 2
    assert result.twins_merged == 1
    assert [r.order for r in result.rulings] == list(range(len(result.rulings)))
    assert "Remember to play Treasures in any order." in texts


def test_merge_marks_gaps_without_a_twin() -> None:
    faq = _doc("faq", {"Diadem": ["You will get total from Diadem."]})
    (ruling,) = merge_documents([faq]).rulings
    assert ICON_GAP_MARK in ruling.text
    assert len(ruling.icon_gaps) == 1


def _general(doc_id: str, topic: str, text: str, start: int) -> Ruling:
    return Ruling(topic, text, Span(doc_id, start, start + len(text)), kind="general",
                  is_topic=True)


def test_short_sentences_stay_with_their_own_card_topic_and_document() -> None:
    """"See Preparation." under Shelters and under Heirlooms are two rulings; so are
    "This is mandatory." under two cards of one document, and one topic's short line
    printed in two documents. A long shared sentence still merges across cards."""
    prize = "This is a Prize; see the Additional Rules."
    dump = _doc("dump", {"Shaman": ["This is mandatory."], "Fawning": ["This is mandatory."],
                         "Bag of Gold": [prize], "Diadem": [prize]})
    dump.general += [_general("dump", "Shelters", "See Preparation.", 500),
                     _general("dump", "Components", "1 Rule booklet", 600)]
    book = ParsedDocument("book")
    book.general += [_general("book", "Heirlooms", "See Preparation.", 10),
                     _general("book", "Components", "1 Rule booklet", 40)]
    rulings = merge_documents([dump, book]).rulings

    def owners(text: str) -> list[tuple[str, list[str], list[str]]]:
        return sorted((r.subject, r.cards, [s.document for s in r.spans()])
                      for r in rulings if r.text == text)

    assert owners("This is mandatory.") == [("Fawning", ["Fawning"], ["dump"]),
                                            ("Shaman", ["Shaman"], ["dump"])]
    assert owners("See Preparation.") == [("Heirlooms", [], ["book"]),
                                          ("Shelters", [], ["dump"])]
    assert owners("1 Rule booklet") == [("Components", [], ["book"]),
                                        ("Components", [], ["dump"])]
    assert owners(prize) == [("Bag of Gold", ["Bag of Gold", "Diadem"], ["dump", "dump"])]


def test_context_dependent_means_at_most_five_words() -> None:
    assert is_context_dependent("Follow the instructions in order.")
    assert is_context_dependent("See Preparation.")
    assert not is_context_dependent("This is a Shelter; see Preparation.")
