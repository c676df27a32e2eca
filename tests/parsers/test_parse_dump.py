"""The ``:::`` dump: small fixtures for each rule, then golden tests on the shipped dump."""

from __future__ import annotations

import pytest
from source_files import DUMP, source_text

from parsers.dump import parse_dump
from parsers.names import NameIndex
from parsers.records import ParsedDocument, ParseError

SMALL = (":::Council Room The other players must draw a card. All players shuffle as needed. "
         ":::Bag of Gold: The Gold goes on your deck. This is a Prize; see the Additional Rules. "
         ":::Diadem: This is a Treasure. This is a Prize; see the Additional Rules. "
         ":::Walled Village: :::Trash "
         ":::Possession You make the decisions: -You see his cards. [Continued on blank tab] "
         ":::Curse Curses are always in the Supply. "
         "::: -You gain the cards he would gain. -Possession is cumulative. ")


#: Debris that is document structure (names, separators, headings) rather than dropped text.
STRUCTURE = {"entry name", "entry separator", "kingdom group heading"}


def rulings_of(doc: ParsedDocument, name: str) -> list[str]:
    return [r.text for e in doc.entries if e.name == name for r in e.rulings]


def test_small_dump(names: NameIndex) -> None:
    doc = parse_dump(SMALL, names, "d")
    assert [e.name for e in doc.entries] == [
        "Council Room", "Bag of Gold", "Diadem", "Walled Village", "Possession", "Curse"]
    assert rulings_of(doc, "Council Room") == [
        "The other players must draw a card.", "All players shuffle as needed."]
    assert rulings_of(doc, "Bag of Gold")[0] == "The Gold goes on your deck."
    walled = next(e for e in doc.entries if e.name == "Walled Village")
    assert walled.empty and walled.rulings == []
    assert rulings_of(doc, "Possession") == [
        "You make the decisions:", "You see his cards.", "You gain the cards he would gain.",
        "Possession is cumulative."]
    reasons = sorted({d.reason for d in doc.debris} - STRUCTURE)
    assert reasons == ["continuation marker", "list bullet", "non-card entry"]


def test_spans_point_at_the_ruling_text(names: NameIndex) -> None:
    doc = parse_dump(SMALL, names, "d")
    for ruling in doc.all_rulings():
        assert " ".join(SMALL[ruling.span.start:ruling.span.end].split()) == ruling.text


def test_unknown_entry_name_is_an_error_with_position(names: NameIndex) -> None:
    text = ":::Smithy Draw three cards. :::Smithee Draws. "
    with pytest.raises(ParseError) as err:
        parse_dump(text, names, "faq-dump")
    assert err.value.document == "faq-dump"
    assert err.value.position == text.index("Smithee")
    assert "faq-dump: at character" in str(err.value)


def test_not_a_dump_is_an_error(names: NameIndex) -> None:
    with pytest.raises(ParseError, match="no ':::' entry separators"):
        parse_dump("Smithy Draw three cards.", names, "x")


def test_continuation_without_its_marker_is_an_error(names: NameIndex) -> None:
    with pytest.raises(ParseError, match="must come as a pair"):
        parse_dump(":::Smithy Draw three cards. ::: -More text. ", names, "x")


def test_recommended_sets_split_where_names_run_together(names: NameIndex) -> None:
    text = (":::Recommended sets of 10 from Dominion: First Game: Cellar, Market, Militia, Mine, "
            "Moat, Remodel, Smithy, Village, Woodcutter, Workshop Big Money: Adventurer, "
            "Bureaucrat, Chancellor, Chapel, Feast, Laboratory, Market, Mine, Moneylender, and "
            "Throne Room 7 Coppers and 3 Estates. ")
    doc = parse_dump(text, names, "d")
    assert [k.name for k in doc.kingdoms] == ["First Game", "Big Money"]
    assert doc.kingdoms[0].cards[-1] == "Workshop"
    assert doc.kingdoms[1].cards[-1] == "Throne Room"
    assert [d.reason for d in doc.debris if d.reason not in STRUCTURE] == ["stray text"]


def test_recommended_set_with_a_wrong_count_is_an_error(names: NameIndex) -> None:
    text = ":::Recommended sets of 10 from Dominion: Tiny: Cellar, Market "
    with pytest.raises(ParseError, match="lists 2 known cards"):
        parse_dump(text, names, "d")


# ------------------------------------------------------------------ golden: shipped dump


@pytest.fixture(scope="module")
def dump(names: NameIndex) -> ParsedDocument:
    return parse_dump(source_text(DUMP), names, "faq-dump")


def test_ruins_sub_cards(dump: ParsedDocument) -> None:
    assert rulings_of(dump, "Ruins") == ["See Additional Rules for Dark Ages and Preparation."]
    assert rulings_of(dump, "Abandoned Mine") == ["When you play this, you just get +1 Coin."]
    assert rulings_of(dump, "Survivors") == [
        "You either discard both cards, or put both cards back on top; you cannot just "
        "discard one card."]
    for member in ("Ruined Library", "Ruined Market", "Ruined Village"):
        assert len(rulings_of(dump, member)) == 1


def test_shelters_header_is_a_topic_and_parts_go_to_each_shelter(dump: ParsedDocument) -> None:
    topic = [r.text for r in dump.general if r.subject == "Shelters"]
    assert topic == ["See Preparation.", "A shelter is never in the supply."]
    assert rulings_of(dump, "Necropolis").count(
        "This is an Action card; when you play it, you get +2 Actions.") == 1
    assert "This card does not give you a way to trash itself, it merely does something if " \
           "you manage to trash it." in rulings_of(dump, "Overgrown Estate")


def test_knights_sentences_naming_one_knight_go_to_that_knight(dump: ParsedDocument) -> None:
    assert rulings_of(dump, "Sir Vander")[0].startswith("If Sir Vander is trashed, you gain a Gold")
    assert rulings_of(dump, "Dame Anna") == [
        "When playing Dame Anna, you may choose to trash zero, one, or two cards from your hand."]
    assert rulings_of(dump, "Sir Martin")[-1] == (
        "Sir Martin only costs 4 Coins, though the other Knights all cost 5 Coins.")
    knights = rulings_of(dump, "Knights")
    assert knights[0].startswith("The ability Knights have in common")
    assert any("Sir Vander, and the card gained for Dame Natalie" in t for t in knights)


def test_prizes_are_entries_with_the_shared_prize_sentence(dump: ParsedDocument) -> None:
    for prize in ("Bag of Gold", "Diadem", "Followers", "Princess", "Trusty Steed"):
        assert "This is a Prize; see the Additional Rules." in rulings_of(dump, prize)


def test_vp_token_paragraph_is_one_general_rule_with_three_sources(dump: ParsedDocument) -> None:
    vp = [r for r in dump.general if r.subject == "VP tokens"]
    assert len(vp) == 5
    assert vp[0].text.startswith("When a player takes VP tokens")
    for ruling in vp:
        assert ruling.kind == "general"
        assert ruling.cards == ["Bishop", "Goons", "Monument"]
        assert len(ruling.spans()) == 3
    assert rulings_of(dump, "Monument") == []
    assert rulings_of(dump, "Bishop")[0] == (
        "Trashing a card is optional for the other players but mandatory for you.")


def test_possession_continuation_is_joined(dump: ParsedDocument) -> None:
    texts = rulings_of(dump, "Possession")
    assert texts[0].startswith("You are not taking a turn with the deck")
    assert texts[-1] == ("Possession is cumulative; if you play it twice in one turn, there "
                         "will be two extra turns after this one.")
    assert any(t.startswith("If you make another player play an Attack via Possession")
               for t in texts)
    assert not any("Continued on blank tab" in r.text for r in dump.all_rulings())
    assert [d.reason for d in dump.debris].count("continuation marker") == 1


def test_recommended_sets(dump: ParsedDocument) -> None:
    assert len(dump.kingdoms) == 32
    assert all(len(k.cards) == 10 for k in dump.kingdoms)
    pools = next(k for k in dump.kingdoms if k.name == "Pools, Tools, and Fools")
    assert pools.cards[-1] == "Wishing Well"
    assert pools.sets == ["alchemy", "intrigue"]
    assert next(k for k in dump.kingdoms if k.name == "Buried Treasure").cards[0] == "Ambassador"
    stray = [d for d in dump.debris if d.reason == "stray text"]
    assert len(stray) == 1
    assert source_text(DUMP)[stray[0].span.start:stray[0].span.end] == "7 Coppers and 3 Estates."


def test_name_colon_variants(dump: ParsedDocument) -> None:
    assert rulings_of(dump, "Bag of Gold")[0].startswith("The Gold you gain comes from the Supply")
    assert rulings_of(dump, "Hunting Party")[0].startswith("First you draw a card")
    assert not any(r.text.startswith(":") for r in dump.all_rulings())


def test_composite_headers(dump: ParsedDocument) -> None:
    madman = [e for e in dump.entries if e.name == "Madman"]
    assert len(madman) == 2  # its own entry and "Hermit / Madman"
    assert [r.text for r in madman[0].rulings] == [r.text for r in madman[1].rulings]
    mercenary = [e for e in dump.entries if e.name == "Mercenary"]
    assert [r.text for r in mercenary[0].rulings] == [r.text for r in mercenary[1].rulings]


def test_typo_kept_as_printed(dump: ParsedDocument) -> None:
    assert ("The gained card comes from the supply and is put into your hard; it can be spent "
            "the same turn.") in rulings_of(dump, "Explorer")


def test_empty_entries(dump: ParsedDocument) -> None:
    empty = {e.name for e in dump.entries if e.empty}
    assert {"Walled Village", "Governor", "Jack of All Trades", "Farmland"} <= empty
    assert len(empty) == 28  # 26 Hinterlands cards, Walled Village, Governor
    assert "Trash" not in {e.name for e in dump.entries}


def test_bracketed_notes_are_editorial(dump: ParsedDocument) -> None:
    workshop = next(e for e in dump.entries if e.name == "Workshop")
    assert workshop.rulings[-1].kind == "editorial"
    assert workshop.rulings[-1].text == (
        "You cannot gain cards with Potion in the cost with Workshop.")


def test_every_card_entry_span_starts_with_its_name(dump: ParsedDocument) -> None:
    text = source_text(DUMP)
    for entry in dump.entries:
        head = text[entry.span.start:entry.span.start + 40]
        assert entry.name.split()[0].lower() in head.lower()


def test_setup_sentences_are_setup_rules(dump: ParsedDocument) -> None:
    kinds = {r.text: r.kind for r in dump.all_rulings()}
    assert kinds["Put 8 in the Supply in a game with two players."] == "setup"
    assert kinds["In games using this card, each player starts the game with a Coin token."] \
        == "setup"
    duke = next(t for t in kinds if t.startswith("During set-up, place 12 Dukes"))
    assert kinds[duke] == "setup"
    fairgrounds = next(t for t in kinds if t.startswith("By default there are only 17"))
    assert kinds[fairgrounds] == "card"  # mentions a setup rule, but is about scoring
