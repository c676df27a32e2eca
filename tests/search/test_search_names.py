"""Name lookup tiers (exact, fuzzy, ambiguous, autocomplete) and recognition in questions."""

from __future__ import annotations

import pytest

from rulings_service.cardnames import Abbreviation, load_abbreviations
from rulings_service.search import Searcher
from rulings_service.search.names import FUZZY, WEAK, NameIndex
from rulings_service.search.querylang import parse_query
from rulings_service.search.text import name_key


@pytest.mark.parametrize(
    "typed", ["King's Court", "kings court", "KINGS COURT", "King\u2019s  Court", "kingscourt"]
)
def test_exact_ignores_case_and_punctuation(searcher: Searcher, typed: str) -> None:
    card = searcher.named_exact(typed)
    assert card is not None and card["name"] == "King's Court"


@pytest.mark.parametrize("typed", ["King", "Kings Courts", "KC", "", "   ", None, 42])
def test_exact_answers_only_exact_names(searcher: Searcher, typed: object) -> None:
    assert searcher.named_exact(typed) is None


@pytest.mark.parametrize(
    "typed, name",
    [
        ("wachtower", "Watchtower"),  # typo
        ("Throne Rooms", "Throne Room"),  # plural
        ("KC", "King's Court"),  # community abbreviation
        ("bom", "Band of Misfits"),
        ("thron", "Throne Room"),  # unique prefix
        ("will o wisp", "Will-o'-Wisp"),
        ("gardns", "Gardens"),
    ],
)
def test_fuzzy_answers_when_one_card_is_clearly_meant(
    searcher: Searcher, typed: str, name: str
) -> None:
    match = searcher.named_fuzzy(typed)
    assert match.card is not None and match.card["name"] == name
    assert not match.ambiguous


def test_fuzzy_returns_candidates_when_ambiguous(searcher: Searcher) -> None:
    match = searcher.named_fuzzy("king")
    assert match.card is None and match.ambiguous
    # King's Castle is an Empires card: known, and offered after ours.
    assert match.candidates == ["King's Court", "King's Cache", "King's Castle"]


@pytest.mark.parametrize("typed", ["zzzzqqq", "", "!!!", None])
def test_fuzzy_without_candidates_is_not_ambiguous(searcher: Searcher, typed: object) -> None:
    match = searcher.named_fuzzy(typed)
    assert match.card is None and not match.ambiguous and match.candidates == []


def test_autocomplete_puts_whole_name_prefixes_first(searcher: Searcher) -> None:
    names = searcher.autocomplete("vil")
    assert names[0] == "Village"
    assert set(names[1:]) == {"Mining Village", "Worker's Village"}


def test_autocomplete_ignores_case_and_apostrophes(searcher: Searcher) -> None:
    assert searcher.autocomplete("KINGS C") == ["King's Cache", "King's Court"]


@pytest.mark.parametrize("typed", ["", "   ", "\x00", "🎉", None, "zzz", "x" * 10_000])
def test_autocomplete_never_raises(searcher: Searcher, typed: object) -> None:
    assert searcher.autocomplete(typed) == []


def test_autocomplete_caps_at_twenty() -> None:
    cards = [{"name": f"Card {i:02d}", "slug": f"card-{i:02d}"} for i in range(40)]
    index = NameIndex(cards)
    assert index.autocomplete("card") == [f"Card {i:02d}" for i in range(20)]


def test_recognises_names_anywhere_in_a_question(searcher: Searcher) -> None:
    found = searcher.names.recognise("if i TR a feast, do kings courts get three")
    assert [(r.name, r.how) for r in found] == [
        ("Throne Room", "abbreviation"), ("Feast", "name"), ("King's Court", "name"),
    ]


def test_recognises_possessives_and_typos(searcher: Searcher) -> None:
    found = searcher.names.recognise("wachtower's reaction on bridge's turn")
    assert [(r.name, r.how) for r in found] == [("Watchtower", "fuzzy"), ("Bridge", "name")]


def test_corpus_words_are_not_fuzzed_into_names(searcher: Searcher) -> None:
    # "treasure" is one edit from "Treasury", but the corpus uses it as a word.
    found = searcher.names.recognise("can i trash a treasure")
    assert [r.name for r in found] == []


def test_a_common_word_is_a_card_only_on_evidence(searcher: Searcher) -> None:
    # Lower case and nothing card-shaped around it: the word, not the card Count.
    assert searcher.names.recognise("keep count of actions") == []
    strong = searcher.names.recognise("keep Count of actions")
    assert [(r.name, r.confidence) for r in strong] == [("Count", 1.0)]


def test_a_common_word_heading_the_question_before_a_dash_is_the_card(
        searcher: Searcher) -> None:
    # "count is ..." opens with the word; "count - is ..." heads the question with it.
    assert searcher.names.recognise("count is the number of actions") == []
    headed = searcher.names.recognise("count - is the number of actions")
    assert [r.name for r in headed] == ["Count"]
    plan = searcher.understander.plan(parse_query("count \u2014 is it an attack"), [])
    assert "count" in plan.names


def test_case_sensitive_abbreviation_needs_its_case() -> None:
    cards = [{"name": "Horn of Plenty", "slug": "horn-of-plenty"}]
    index = NameIndex(cards, abbreviations=[Abbreviation("HoP", "Horn of Plenty", True)])
    assert [r.name for r in index.recognise("does HoP count itself")] == ["Horn of Plenty"]
    assert index.recognise("hop over it") == []


def test_shipped_abbreviations_name_real_cards() -> None:
    from parsers.catalogue import load_catalogue
    from rulings_service.paths import CATALOGUE_DIR

    catalogue = load_catalogue(CATALOGUE_DIR)
    entries = load_abbreviations()
    assert len(entries) >= 20
    unknown = [e.card for e in entries if catalogue.get(e.card) is None]
    assert unknown == []


def test_name_key_folds_plurals_and_possessives() -> None:
    assert name_key("Gardens") == name_key("garden")
    assert name_key("King's Caches") == name_key("kings cache")
    assert name_key("Libraries") == name_key("library")


def test_a_name_is_not_assembled_from_split_words(searcher: Searcher) -> None:
    # "go on" runs together to "goon", the folded key of Goons; it is two words.
    assert [r.name for r in searcher.names.recognise("can it go on the pile")] == []
    assert [r.name for r in searcher.names.recognise("throneroom")] == ["Throne Room"]


def test_abbreviation_as_verb_or_plural(searcher: Searcher) -> None:
    for typed in ("if I TR'd a feast", "TRing a feast", "two TRs"):
        assert "Throne Room" in [r.name for r in searcher.names.recognise(typed)], typed
    assert searcher.names.recognise("she wore a dress") == []


def test_the_supply_is_not_supplies(searcher: Searcher) -> None:
    assert searcher.names.recognise("from the supply") == []
    found = searcher.names.recognise("can I play Supplies with Throne Room")
    assert [(r.name, r.confidence) for r in found] == [("Supplies", WEAK), ("Throne Room", 1.0)]


def _scoped_names() -> NameIndex:
    """Village is one of our cards; Villa, Anvil and Villain are real cards outside our sets."""
    cards = [
        {"slug": "villa", "name": "Villa", "in_scope": False},
        {"slug": "village", "name": "Village", "in_scope": True},
        {"slug": "anvil", "name": "Anvil", "in_scope": False},
        {"slug": "villain", "name": "Villain", "in_scope": False},
        {"slug": "workshop", "name": "Workshop", "in_scope": True},
    ]
    return NameIndex(cards)


def test_fuzzy_prefers_in_scope_prefix_over_out_of_scope_spelling() -> None:
    # "vil" is spelled closest to Anvil (ratio 75), but Village begins with it.
    match = _scoped_names().named_fuzzy("vil")
    assert match.card is None
    # The names beginning with "vil", ours first; Anvil is only spelled alike.
    assert match.candidates == ["Village", "Villa", "Villain"]


def test_out_of_scope_names_are_still_found() -> None:
    names = _scoped_names()
    assert names.named_fuzzy("anvil").card["name"] == "Anvil"
    assert names.named_fuzzy("anv").card["name"] == "Anvil"
    assert "Villain" in names.named_fuzzy("vil").candidates


def test_autocomplete_lists_in_scope_names_before_out_of_scope_ones() -> None:
    # Alphabetically Villa comes before Village.
    assert _scoped_names().autocomplete("vil") == ["Village", "Villa", "Villain"]


def _fortunes() -> NameIndex:
    """Fortune is a real card outside our sets; Fortune Teller and Fortune Hunter are ours."""
    cards = [
        {"slug": "fortune", "name": "Fortune", "in_scope": False},
        {"slug": "fortune-teller", "name": "Fortune Teller", "in_scope": True},
        {"slug": "fortune-hunter", "name": "Fortune Hunter", "in_scope": True},
    ]
    return NameIndex(cards)


def test_a_misspelt_name_of_ours_beats_an_out_of_scope_name_it_starts_with() -> None:
    found = _fortunes().recognise("fortune teler what are they digging for")
    assert [(r.name, r.how, r.end) for r in found] == [("Fortune Teller", "fuzzy", 13)]


def test_an_out_of_scope_name_stays_when_no_name_of_ours_is_meant() -> None:
    names = _fortunes()
    assert [(r.name, r.confidence) for r in names.recognise("fortune and glory")] == [
        ("Fortune", WEAK)]
    assert [r.name for r in names.recognise("fortune hunter, fortune teller")] == [
        "Fortune Hunter", "Fortune Teller"]


def test_a_cards_verb_names_it() -> None:
    cards = [{"slug": "possession", "name": "Possession"}, {"slug": "gold", "name": "Gold"}]
    names = NameIndex(cards, abbreviations=load_abbreviations())
    for typed in ("while possessing someone", "i possessed my buddy", "when i possess a player"):
        assert [r.name for r in names.recognise(typed)] == ["Possession"], typed


@pytest.mark.parametrize("typed", [
    "i throne roomed a feast", "can a feast be throne-roomed", "Throne Rooming a Feast",
    "what if i king's courted a feast",
])
def test_a_several_word_name_used_as_a_verb_is_the_card(searcher: Searcher, typed: str) -> None:
    found = {r.name: (r.confidence, r.how) for r in searcher.names.recognise(typed)}
    assert found.get("Feast") == (1.0, "name")
    assert ({"Throne Room", "King's Court"} & found.keys()), typed
    assert (1.0, "verb form") in found.values()


@pytest.mark.parametrize("typed, name", [
    ("then i feasted it", "Feast"),
    ("bridging twice", "Bridge"), ("militia'd me", "Militia"),
])
def test_a_one_word_verb_form_is_as_sure_as_a_misspelling(
    searcher: Searcher, typed: str, name: str
) -> None:
    found = searcher.names.recognise(typed)
    assert [(r.name, r.confidence, r.how) for r in found] == [(name, FUZZY, "verb form")]


def test_a_common_words_verb_form_stays_a_word(searcher: Searcher) -> None:
    # Village is an everyday word too (a village is any +2 Actions card): its verb
    # form needs the same evidence as the word.
    assert searcher.names.recognise("the villaged turn") == []
    assert [r.name for r in searcher.names.recognise("I played a village then bridged")] == [
        "Village", "Bridge"]
    # "counted" is an English word, and nothing around it says the card Count.
    assert searcher.names.recognise("how are the actions counted") == []
    plan = searcher.understander.plan(parse_query("how are the actions counted"), [])
    assert "count" in plan.terms


def test_words_that_only_look_like_verb_forms_name_nothing(searcher: Searcher) -> None:
    for typed in ("i played a card", "it minted money", "the marked ones", "kingdoms"):
        assert [r.name for r in searcher.names.recognise(typed)] == [], typed
