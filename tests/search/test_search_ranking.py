"""Ranking, filters, snippets and facets on the fixture corpus."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulings_service.search import Searcher, build_index
from rulings_service.search.index import index_is_current, read_meta


def top_card(searcher: Searcher, query: str) -> str:
    """The card of the first result (fails the test when there is none)."""
    response = searcher.search(query)
    assert response.results, (query, response.warnings)
    return response.results[0].card


@pytest.mark.parametrize(
    "question, card, words",
    [
        ("can I TR a feast", "Feast", "Throne Room on Feast"),
        ("KC feast how many gains", "King's Court", "three cards"),
        ("wachtower on someone elses turn", "Watchtower", "another player"),
        ("does bridge lower cost of cards in my deck", "Bridge", "decks"),
        ("mining village throne room trash", "Mining Village", "first time"),
        ("how many victory cards in a 2 player game", "General rules: Setup", "two players"),
        ("do durations stay in play", "General rules: Durations", "Clean-up"),
        ("moat vs militia", "Moat", "unaffected"),
    ],
)
def test_answering_ruling_comes_first(
    searcher: Searcher, question: str, card: str, words: str
) -> None:
    first = searcher.search(question).results[0]
    assert first.card == card and words in first.text


def test_two_named_cards_rank_their_interaction_first(searcher: Searcher) -> None:
    results = searcher.search("throne room feast").results
    assert "Throne Room on Feast" in results[0].text
    # the other rulings of both cards follow the interaction
    assert {r.card for r in results[1:4]} <= {"Throne Room", "Feast", "King's Court"}


def test_named_card_beats_incidental_word_match(searcher: Searcher) -> None:
    # "Market" appears in Grand Market's ruling text; the Market ruling must lead.
    assert top_card(searcher, "market buy") == "Market"


def test_stemming_matches_word_forms(searcher: Searcher) -> None:
    assert top_card(searcher, "revealing unaffected attacks") == "Moat"


def test_card_filter_restricts_results(searcher: Searcher) -> None:
    results = searcher.search("card:feast").results
    assert results and {r.card for r in results} == {"Feast"}


def test_card_filter_resolves_abbreviations_and_typos(searcher: Searcher) -> None:
    assert {r.card for r in searcher.search("card:kc").results} == {"King's Court"}
    assert {r.card for r in searcher.search('card:"wachtower"').results} == {"Watchtower"}


def test_set_type_kind_source_filters(searcher: Searcher) -> None:
    assert {r.card for r in searcher.search("set:prosperity").results} == {
        "King's Court", "Watchtower", "Worker's Village", "Grand Market", "Goons",
    }
    assert {r.card for r in searcher.search("type:reaction").results} == {"Moat", "Watchtower"}
    kinds = {r.card for r in searcher.search("kind:setup").results}
    assert kinds == {"General rules: Setup", "Gold", "Estate"}
    assert searcher.search("source:prosperity").results  # unique prefix of prosperity-faq


def test_set_filter_accepts_other_spellings(searcher: Searcher) -> None:
    for spelling in ("set:dark-ages", 'set:"Dark Ages"', "set:darkages", "set:da"):
        response = searcher.search(spelling)
        assert {r.card for r in response.results} == {"Count", "Band of Misfits"}, spelling


def test_negation_excludes(searcher: Searcher) -> None:
    cards = {r.card for r in searcher.search("set:prosperity -card:watchtower").results}
    assert "Watchtower" not in cards and cards
    texts = [r.text for r in searcher.search("feast -throne").results]
    assert texts and not any("Throne" in t for t in texts)


def test_or_between_filters(searcher: Searcher) -> None:
    cards = {r.card for r in searcher.search("card:feast or card:mine").results}
    assert cards == {"Feast", "Mine"}


def test_quoted_phrase_is_required(searcher: Searcher) -> None:
    results = searcher.search('"three times"').results
    assert results and all("three times" in r.text for r in results)
    assert searcher.search('"times three"').results == []


def test_unknown_filter_values_warn_and_search_the_rest(searcher: Searcher) -> None:
    response = searcher.search("set:mars feast")
    assert any("set:mars matches nothing" in w for w in response.warnings)
    assert response.results and response.results[0].card == "Feast"
    response = searcher.search("card:king feast")
    assert any("could mean several cards" in w for w in response.warnings)


def test_snippet_marks_matches_and_is_html_safe(searcher: Searcher) -> None:
    hit = searcher.search("watchtower reveal").results[0]
    assert "<mark>Watchtower</mark>" in hit.snippet_html
    assert "<mark>reveal</mark>" in hit.snippet_html
    assert "player&#x27;s" in hit.snippet_html  # apostrophe escaped, not raw
    stripped = hit.snippet_html.replace("<mark>", "").replace("</mark>", "")
    assert "<" not in stripped and ">" not in stripped


def test_snippet_escapes_markup_in_the_query(searcher: Searcher) -> None:
    response = searcher.search("<script>alert(1)</script> feast")
    for hit in response.results:
        assert "<script" not in hit.snippet_html


def test_facets_count_the_matches(searcher: Searcher) -> None:
    response = searcher.search("set:prosperity", limit=1)
    assert response.facets["set"] == {"prosperity": response.total}
    assert sum(response.facets["kind"].values()) == response.total
    assert response.total > 1 and len(response.results) == 1


def test_results_carry_the_contract_fields(searcher: Searcher, corpus) -> None:
    hit = searcher.search("feast").results[0]
    ruling = next(r for r in corpus.rulings if r["id"] == hit.ruling_id)
    assert (hit.card, hit.card_slug, hit.text) == (
        ruling["card"], ruling["card_slug"], ruling["text"],
    )
    assert isinstance(hit.score, float)


def test_limit_is_respected_and_clamped(searcher: Searcher) -> None:
    assert len(searcher.search("card", limit=2).results) <= 2
    response = searcher.search("throne room", limit=0)
    assert any("out of range" in w for w in response.warnings)
    response = searcher.search("throne room", limit="many")  # type: ignore[arg-type]
    assert response.results and any("not a number" in w for w in response.warnings)


def test_index_records_its_corpus_and_rebuilds_when_stale(tmp_path: Path, make_corpus) -> None:
    corpus = make_corpus()
    build_index(corpus, tmp_path / "index")
    assert read_meta(tmp_path / "index")["rulings"] == len(corpus.rulings)
    assert index_is_current(tmp_path / "index", corpus)
    changed = make_corpus()
    changed.rulings = changed.rulings[:5]
    changed.build_id = "other"
    assert not index_is_current(tmp_path / "index", changed)
    searcher = Searcher.open(tmp_path / "index", changed, aliases={})
    assert read_meta(tmp_path / "index")["rulings"] == 5
    assert searcher.search("feast").results
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no leftovers


def test_repeated_name_finds_the_self_interaction(searcher: Searcher) -> None:
    first = searcher.search("KC a KC").results[0]
    assert "If you King's Court a King's Court" in first.text
    first = searcher.search("TR a TR").results[0]
    assert "If you Throne Room a Throne Room" in first.text


def test_card_on_itself_finds_the_ruling_naming_it_twice(searcher: Searcher) -> None:
    first = searcher.search("can conclave play another conclave").results[0]
    assert first.text.startswith("Conclave normally cannot play a Conclave")


def test_a_counted_name_is_not_a_card_on_itself(searcher: Searcher) -> None:
    from rulings_service.search.querylang import parse_query

    plan = searcher.understander.plan(parse_query("village with 2 villages"), [])
    assert plan.repeated == []
    plan = searcher.understander.plan(parse_query("TR a TR"), [])
    assert plan.repeated == ["throne-room"]


def test_basic_card_named_as_object_does_not_win(searcher: Searcher) -> None:
    # Gold has a ruling of its own; the question is about Mine acting on Gold.
    assert top_card(searcher, "mine a copper into a gold") == "Mine"
    assert top_card(searcher, "how many gold cards per game") == "Gold"


def test_mentioning_more_named_cards_ranks_higher(searcher: Searcher) -> None:
    first = searcher.search("grand market with copper in play").results[0]
    assert first.card == "Grand Market" and "Copper" in first.text


def test_general_rules_topic_is_recognised(searcher: Searcher) -> None:
    response = searcher.search("are boons part of my deck")
    assert response.results[0].card == "General rules: Boons"


def test_out_of_scope_name_does_not_swallow_a_word(searcher: Searcher) -> None:
    # "supply" folds to the out-of-scope card Supplies; it must stay a search word.
    response = searcher.search("gained card from the supply")
    assert "suppli" in response.terms
    assert response.results[0].card == "Feast"


def test_rules_vocabulary_synonyms(searcher: Searcher) -> None:
    # "opponent's turn" is said "another player's turn" in the rulings.
    first = searcher.search("reveal on an opponents turn").results[0]
    assert first.card == "Watchtower" and "another player" in first.text
    # "get" means "gain"; "2" and "two" are the same number.
    assert "gain" in searcher.search("what do I get").terms
    assert "two" in searcher.search("2 players").terms


def test_proximity_prefers_words_together(searcher: Searcher) -> None:
    # Both Throne Room rulings hold "play" and "again"/"twice"; the one that says
    # "play it again" in sequence wins the plain-word question.
    first = searcher.search("play again", limit=1).results[0]
    assert "play it again" in first.text


def test_named_basic_card_counts_less_than_the_card_acting_on_it(searcher: Searcher) -> None:
    results = searcher.search("mine gold", limit=20).results
    mine = max(h.score for h in results if h.card == "Mine")
    gold = max(h.score for h in results if h.card == "Gold")
    assert mine > gold


def test_rulings_mentioning_a_named_card_are_ranked(searcher: Searcher) -> None:
    results = searcher.search("TR", limit=20).results
    feast = next(h for h in results if h.card == "Feast" and "Throne Room" in h.text)
    assert feast.score > 0
    unrelated = [h for h in results if h.card not in ("Throne Room", "Feast", "Mining Village")]
    assert unrelated == []


def test_topic_rulings_get_a_bonus_over_plain_word_matches(searcher: Searcher) -> None:
    first = searcher.search("boons").results[0]
    assert first.card == "General rules: Boons" and first.score > 1.5


def test_a_ruling_shared_by_several_cards_belongs_to_each(searcher: Searcher) -> None:
    # One sentence printed for Estate and Duchy is one ruling, filed under Estate.
    shared = searcher.search("card:duchy").results
    assert [h.card for h in shared] == ["Estate"]
    first = searcher.search("how many duchies in a 2 player game").results[0]
    assert first.text == "Put 8 in the Supply in a game with two players."


def test_a_ruling_about_cards_not_asked_about_ranks_below_the_general_one(
    searcher: Searcher,
) -> None:
    first = searcher.search("gondola").results[0]
    assert first.text.startswith("When playing Gondola")
