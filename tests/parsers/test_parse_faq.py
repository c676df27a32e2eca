"""Title-plus-paragraph FAQs, from text and from HTML."""

from __future__ import annotations

import pytest
from source_files import FIXTURES, INTRIGUE_FAQ, PROSPERITY_FAQ, source_text

from parsers.faq import html_to_text, parse_faq, parse_faq_html
from parsers.names import NameIndex
from parsers.records import ParseError

SMALL = """Smithy

Draw three cards. You may shuffle.

For example, if your deck is empty you shuffle first.

Village

Count your Actions.

Continue Reading
"""


def test_small_faq(names: NameIndex) -> None:
    doc = parse_faq(SMALL, names, "f")
    assert [e.name for e in doc.entries] == ["Smithy", "Village"]
    assert [r.text for r in doc.entries[0].rulings] == [
        "Draw three cards.",
        "You may shuffle. For example, if your deck is empty you shuffle first.",
    ]
    assert [d.reason for d in doc.debris if d.reason != "entry name"] == ["page link"]
    assert doc.entries[0].rulings[0].set == "base"


def test_unknown_title_is_an_error_with_position(names: NameIndex) -> None:
    text = "Smithy\n\nDraw three cards.\n\nSmitty\n\nDraws.\n"
    with pytest.raises(ParseError) as err:
        parse_faq(text, names, "faq")
    assert err.value.position == text.index("Smitty")
    assert "'Smitty' is not a known card name" in str(err.value)


def test_text_before_the_first_title_is_an_error(names: NameIndex) -> None:
    with pytest.raises(ParseError, match="before the first card title"):
        parse_faq("This FAQ covers things.\n\nSmithy\n\nDraw.\n", names, "faq")


def test_shipped_faqs_parse_whole(names: NameIndex) -> None:
    prosperity = parse_faq(source_text(PROSPERITY_FAQ), names, "prosperity-faq")
    intrigue = parse_faq(source_text(INTRIGUE_FAQ), names, "intrigue-faq")
    assert len(prosperity.entries) == 27  # 25 Kingdom cards, Platinum, Colony
    assert len(intrigue.entries) == 25
    assert all(e.rulings for e in prosperity.entries + intrigue.entries)
    assert [d.reason for d in prosperity.debris if d.reason != "entry name"] == ["page link"]


def test_html_and_text_give_the_same_rulings(names: NameIndex) -> None:
    html = (FIXTURES / "intrigue_faq_excerpt.html").read_text(encoding="utf-8")
    from_html = parse_faq_html(html, names, "intrigue-faq-html")
    from_text = parse_faq(source_text(INTRIGUE_FAQ), names, "intrigue-faq")
    html_cards = [e.name for e in from_html.entries]
    assert html_cards == ["Baron", "Bridge", "Conspirator", "Duke", "Great Hall",
                          "Secret Chamber", "Wishing Well"]
    text_rulings = {e.name: [(r.text, r.kind) for r in e.rulings] for e in from_text.entries}
    for entry in from_html.entries:
        assert [(r.text, r.kind) for r in entry.rulings] == text_rulings[entry.name]


def test_html_rendering_keeps_inline_markup_tight() -> None:
    rendered = html_to_text("<h2>Bridge</h2><p>Play <em>Bridge</em>, then &quot;x&quot;.\n</p>")
    assert rendered == 'Bridge\n\nPlay Bridge, then "x".\n'
