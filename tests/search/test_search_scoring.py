"""The in-memory BM25F scorer against a tiny index built in the test."""

from __future__ import annotations

from whoosh.filedb.filestore import RamStorage

from rulings_service.search.index import make_schema
from rulings_service.search.scoring import TextScorer
from rulings_service.search.text import QUERY_FILLER, analyse, query_terms

TEXTS = [
    "You play one card now, and in a later turn you may draw again.",  # far apart
    "You play it again.",  # together
    "Shuffle your discard pile.",  # neither
]


def scorer() -> TextScorer:
    ix = RamStorage().create_index(make_schema())
    with ix.writer() as w:
        for i, text in enumerate(TEXTS):
            w.add_document(id=str(i), doctype="ruling", text=text, title="")
    return TextScorer(ix.reader(), ix.schema)


def test_bm25_scores_only_matching_documents_and_prefers_short_ones() -> None:
    s = scorer()
    scores = s.score({t: 1.0 for t in analyse("play again")})
    assert set(scores) == {0, 1}
    assert scores[1] > scores[0]


def test_rare_terms_weigh_more() -> None:
    s = scorer()
    assert s.idf("text", analyse("shuffle")[0]) > s.idf("text", analyse("play")[0])


def test_proximity_rewards_consecutive_words_only_when_close() -> None:
    s = scorer()
    bonus = s.proximity(analyse("play again"), [0, 1, 2])
    assert set(bonus) == {1} and bonus[1] > 0
    assert s.proximity(analyse("again play"), [0, 1, 2]) == {}  # order matters


def test_allowed_restricts_scoring() -> None:
    s = scorer()
    assert set(s.score({analyse("play")[0]: 1.0}, allowed={0})) == {0}


def test_a_doubled_consonant_is_undone_with_the_suffix() -> None:
    """Porter's step 1b: "sitting" and "stopped" meet "sit" and "stop" in a ruling."""
    assert analyse("sitting stopped getting") == analyse("sit stop get")
    assert analyse("added falling hissing") == analyse("add fall hiss")  # short or l/s/z: kept


def test_no_meaningful_word_is_stemmed_into_question_filler() -> None:
    """Porter took "using" to "us" and "done" (as "do") is filler: both vanished from
    questions; now they reach the index as words of their own."""
    assert query_terms("games using fool") == ["game", "use", "fool"]
    assert analyse("used uses use") == ["use"] * 3
    assert query_terms("when is a duration done") == ["durat", "done"]
    assert "us" in QUERY_FILLER and "do" in QUERY_FILLER  # the words they fell into


def test_a_negative_contraction_keeps_its_not() -> None:
    """The apostrophe split "can't" into "can" (filler) and "t" (a stop letter)."""
    assert query_terms("can't I trash it") == ["not", "trash"]
    assert analyse("didn't doesn\u2019t WON'T") == ["did", "not", "doe", "not", "will", "not"]
    assert analyse("Philosopher's Stone isn't") == ["philosoph", "stone", "not"]
