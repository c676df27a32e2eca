"""Icon restoration from twins, explicit gap marks, and de-duplication."""

from __future__ import annotations

from parsers.icons import ICON_GAP_MARK, find_gaps, mark_gaps, restore, similarity
from parsers.merge import merge_documents
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
