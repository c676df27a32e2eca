"""Segmentation: one claim per unit, examples kept with their claim, nothing lost but debris."""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from parsers.segment import normalise_space, segment

KNOWN_DEBRIS = {"list bullet", "editorial bracket", "continuation marker", "stray punctuation"}


def texts(text: str) -> list[str]:
    seg = segment(text)
    return [normalise_space(text[u.start:u.end]) for u in seg.units]


def test_sentences_split_and_example_stays_with_its_claim() -> None:
    text = ("Costs are 1 coin lower. For example, Duchy costs 4 Coins then. "
            "Cards in decks are affected too.")
    assert texts(text) == [
        "Costs are 1 coin lower. For example, Duchy costs 4 Coins then.",
        "Cards in decks are affected too.",
    ]


def test_example_in_its_own_paragraph_joins_the_previous_claim() -> None:
    text = "Count actions carefully.\n\nFor example, Throne Room is one Action.\n"
    assert texts(text) == ["Count actions carefully. For example, Throne Room is one Action."]


def test_no_split_inside_parentheses_or_after_abbreviations() -> None:
    text = ('Say it out loud (i.e. "I play a Market. I play a Village...). '
            "Then e.g. Smithy draws.")
    assert texts(text) == [
        'Say it out loud (i.e. "I play a Market. I play a Village...).',
        "Then e.g. Smithy draws.",
    ]


def test_question_mark_in_quotes_does_not_end_a_sentence() -> None:
    assert texts('Where the card shows "?" as its value, none is given. Next.') == [
        'Where the card shows "?" as its value, none is given.', "Next."]


def test_standalone_brackets_are_editorial_and_brackets_are_debris() -> None:
    text = "Gain a card. [You cannot gain Potion cards. Nor Curses.] Done."
    seg = segment(text)
    kinds = [(normalise_space(text[u.start:u.end]), u.editorial) for u in seg.units]
    assert kinds == [("Gain a card.", False), ("You cannot gain Potion cards.", True),
                     ("Nor Curses.", True), ("Done.", False)]
    assert [r for _, _, r in seg.debris] == ["editorial bracket", "editorial bracket"]


def test_inline_brackets_stay_in_the_sentence() -> None:
    assert texts("Place 12 for a 3- or 4- [or 5- or 6-] player game.") == [
        "Place 12 for a 3- or 4- [or 5- or 6-] player game."]


def test_bullets_and_continuation_marker_are_debris() -> None:
    text = "It has parts: -You see cards. -You gain cards. [Continued on blank tab] "
    seg = segment(text)
    assert texts(text) == ["It has parts:", "You see cards.", "You gain cards."]
    assert [r for _, _, r in seg.debris] == ["list bullet", "list bullet", "continuation marker"]


def test_dash_between_types_is_not_a_bullet() -> None:
    assert texts("Action - Victory cards are Actions. An Action- Attack too.") == [
        "Action - Victory cards are Actions.", "An Action- Attack too."]


def test_offsets_refer_to_the_whole_text() -> None:
    text = "XXXX Gain a Gold. Draw."
    seg = segment(text, 5)
    assert [(u.start, u.end) for u in seg.units] == [(5, 17), (18, 23)]


# The property test draws text from the sources' own alphabet: words, sentence
# punctuation, brackets, parentheses, quotes, bullets, paragraph breaks.
PIECES = st.one_of(
    st.text(alphabet=string.ascii_letters + string.digits + "'+,;:", min_size=1, max_size=8),
    st.sampled_from([" ", " ", " ", ". ", "? ", "! ", "\n\n", "\n", "(", ")", "[", "]", '"',
                     " -You", "\n- ", " - ", "For example, ", "i.e. ", "...",
                     "[Continued on blank tab]", "[Note. More.] "]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, max_size=40).map("".join))
def test_segmentation_loses_no_text_except_known_debris(text: str) -> None:
    seg = segment(text)
    covered = [False] * len(text)
    last_end = -1
    for unit in seg.units:
        assert unit.start >= last_end, "units overlap"
        last_end = unit.end
        for i in range(unit.start, unit.end):
            covered[i] = True
    for start, end, reason in seg.debris:
        assert reason in KNOWN_DEBRIS
        for i in range(start, end):
            assert not covered[i], "debris inside a unit"
            covered[i] = True
    lost = [text[i] for i in range(len(text)) if not covered[i] and not text[i].isspace()]
    assert lost == []
    for start, end, reason in seg.debris:
        if reason == "stray punctuation":
            assert not any(ch.isalnum() for ch in text[start:end])
