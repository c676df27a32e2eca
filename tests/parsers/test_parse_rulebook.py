"""Rulebooks: sections, card lines, notes, suggested kingdoms."""

from __future__ import annotations

import pytest
from source_files import NOCTURNE, PLUNDER, source_text

from parsers.names import NameIndex
from parsers.records import ParsedDocument, ParseError
from parsers.rulebook import SECTIONS, parse_rulebook

SMALL = """Dominion: Plunder
Durations
Duration cards stay in play. For example Crew stays until your next turn.
- Events are not Kingdom cards.
Kingdom Cards
The printed coin symbol is written as "coins".
Cage — Cost 2. Treasure - Duration. Set aside up to 4 cards from your hand face down (on this).
Crew — Cost 5. Action - Duration. +3 Cards. At the start of your next turn, put this onto your deck.
Trait Cards
Cheap Cheap cards cost 1 coin less.
Kingdom Card Notes
Crew: Putting this onto your deck isn't optional.
Suggested Kingdoms
Plunder & Dominion:
- Voodoo: Maelstrom • Crew, Cage, Flagship, Gondola, Shaman • Artisan, Bureaucrat, \
Cursed on Festival, Moneylender, Remodel
"""


@pytest.fixture(scope="module")
def small(names: NameIndex) -> ParsedDocument:
    return parse_rulebook(SMALL, names, "plunder-rulebook", "plunder")


def test_general_rules_sections(small: ParsedDocument) -> None:
    durations = [(r.subject, r.kind, r.text) for r in small.general if r.subject == "Durations"]
    assert durations == [
        ("Durations", "general",
         "Duration cards stay in play. For example Crew stays until your next turn."),
        ("Durations", "general", "Events are not Kingdom cards."),
    ]
    # The transcriber's remark on how the booklet is rendered is debris, not a ruling.
    assert [r for r in small.general if r.subject == "Kingdom Cards"] == []
    remark = SMALL.index("The printed coin symbol")
    assert [(d.span.start, d.reason) for d in small.debris
            if d.reason == "transcription remark"] == [(remark, "transcription remark")]


def test_card_lines(small: ParsedDocument) -> None:
    lines = {line.name: line for line in small.card_lines}
    assert set(lines) == {"Cage", "Crew", "Cheap"}
    assert lines["Crew"].cost == 5
    assert lines["Crew"].types == ("Action", "Duration")
    assert lines["Crew"].text.startswith("+3 Cards.")
    assert lines["Cheap"].text == "Cheap cards cost 1 coin less."
    assert SMALL[lines["Cage"].span.start:lines["Cage"].span.end].startswith("Cage — Cost 2.")


def test_notes(small: ParsedDocument) -> None:
    assert [(e.name, [r.text for r in e.rulings]) for e in small.entries] == [
        ("Crew", ["Putting this onto your deck isn't optional."])]


def test_suggested_kingdom(small: ParsedDocument) -> None:
    (kingdom,) = small.kingdoms
    assert kingdom.name == "Voodoo"
    assert kingdom.group == "Plunder & Dominion"
    assert kingdom.sets == ["plunder", "base"]
    assert len(kingdom.cards) == 10
    assert "Festival" in kingdom.cards
    assert [(x.name, x.kind, x.pile) for x in kingdom.landscapes] == [
        ("Maelstrom", "event", None), ("Cursed", "trait", "Festival")]


def test_malformed_card_line_is_an_error_with_position(names: NameIndex) -> None:
    text = "Kingdom Cards\nCage — Cost 2. Treasure. Fine.\nCrew — Costs five. Oops\n"
    with pytest.raises(ParseError) as err:
        parse_rulebook(text, names, "plunder-rulebook", "plunder")
    assert err.value.position == text.index("Crew")
    assert "malformed card line" in str(err.value)


def test_note_for_unknown_card_is_an_error(names: NameIndex) -> None:
    text = "Kingdom Card Notes\nCrew: Fine.\nCrewe: Not a card.\n"
    with pytest.raises(ParseError, match="note for unknown card 'Crewe'"):
        parse_rulebook(text, names, "r", "plunder")


def test_not_a_rulebook(names: NameIndex) -> None:
    with pytest.raises(ParseError, match="not a rulebook"):
        parse_rulebook("Hello\nWorld\n", names, "r", "plunder")


# ------------------------------------------------------------------ golden: shipped rulebooks


@pytest.fixture(scope="module")
def plunder(names: NameIndex) -> ParsedDocument:
    return parse_rulebook(source_text(PLUNDER), names, "plunder-rulebook", "plunder")


@pytest.fixture(scope="module")
def nocturne(names: NameIndex) -> ParsedDocument:
    return parse_rulebook(source_text(NOCTURNE), names, "nocturne-rulebook", "nocturne")


def test_plunder_accounting(plunder: ParsedDocument) -> None:
    by_section: dict[str, int] = {}
    for line in plunder.card_lines:
        by_section[line.section] = by_section.get(line.section, 0) + 1
    assert by_section == {"Kingdom Cards": 40, "Event Cards": 15, "Loot Cards": 15,
                          "Trait Cards": 15}
    notes = {e.name for e in plunder.entries}
    assert len(notes) == 85  # a note for every Kingdom card, Trait, Loot and Event
    assert notes == {line.name for line in plunder.card_lines}
    assert len(plunder.kingdoms) == 29
    assert all(len(k.cards) == 10 for k in plunder.kingdoms)
    assert plunder.unknown_names == []


def test_plunder_kingdom_details(plunder: ParsedDocument) -> None:
    city = next(k for k in plunder.kingdoms if k.name == "City Builders")
    assert ("Nearby", "trait", "Patrician/Emporium") in [
        (x.name, x.kind, x.pile) for x in city.landscapes]
    assert "Museum" in [x.name for x in city.landscapes]  # a landscape, not one of the 10
    assert "Museum" not in city.cards
    pretty = next(k for k in plunder.kingdoms if k.name == "Pretty Trinkets")
    assert pretty.notes == "use Platinum / Colony"


def test_nocturne_accounting(nocturne: ParsedDocument) -> None:
    sections = {line.section for line in nocturne.card_lines}
    assert sections == {"Kingdom Cards", "Heirloom Cards", "Other Cards", "Boons", "Hexes"}
    names_printed = {line.name for line in nocturne.card_lines}
    assert {"Deluded", "Envious", "Miserable", "Twice Miserable", "Lost in the Woods"} \
        <= names_printed
    assert len([x for x in nocturne.card_lines if x.section == "Boons"]) == 12
    assert len([x for x in nocturne.card_lines if x.section == "Hexes"]) == 12
    assert len([x for x in nocturne.card_lines if x.section == "Kingdom Cards"]) == 33
    midnight = next(k for k in nocturne.kingdoms if k.name == "Midnight")
    assert midnight.druid_boons == ["The Swamp's Gift", "The Flame's Gift", "The Wind's Gift"]
    assert len(nocturne.kingdoms) == 25
    assert nocturne.unknown_names == []
    topics = {r.subject for r in nocturne.general}
    assert {"Night", "Heirlooms", "Boons", "Hexes", "States", "Durations", "Exchange",
            "Preparation", "Components", "Sample turn"} <= topics


def test_every_section_heading_is_known_and_seen(plunder: ParsedDocument,
                                                 nocturne: ParsedDocument) -> None:
    for doc in (plunder, nocturne):
        headings = [s for s in doc.sections if ":" not in s]
        assert set(headings) <= set(SECTIONS)
        assert "Suggested Kingdoms" in headings
