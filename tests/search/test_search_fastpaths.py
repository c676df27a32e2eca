"""The speed-ups of the search internals give exactly what the plain formulas give.

Each fast path (cached BM25 shares summed as arrays, top-k by rounded score,
facet counts by signature, unasked-mention penalties from tables, phrase
lookup by first word, snippet marks by term, analysis word by word) is
checked here against a direct, slow statement of the same rule on the fixture
corpus.  ``benchmarks/search_identity.py`` checks the whole search over the
real corpus before and after a change; these keep the rules pinned in the suite.
"""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from whoosh.filedb.filestore import RamStorage

from rulings_service.search import Searcher
from rulings_service.search.cues import bound_match
from rulings_service.search.index import make_schema
from rulings_service.search.querylang import _Scanner, parse_query
from rulings_service.search.scoring import FIELD_WEIGHTS, K1, B, TextScorer
from rulings_service.search.searcher import (
    MENTION_BONUS,
    OWNER_BONUS,
    PAIR_BONUS,
    UNASKED_MENTION,
    Ranking,
)
from rulings_service.search.snippets import snippet_html
from rulings_service.search.text import ANALYZER, analyse
from rulings_service.search.understanding import PhraseTable

TEXTS = [
    "You play one card now, and in a later turn you may draw a card again.",
    "You play it again.",
    "Shuffle your discard pile, then draw.",
    "Play a card, then play another card, then play a third card.",
]


def _scorer() -> TextScorer:
    ix = RamStorage().create_index(make_schema())
    with ix.writer() as w:
        for i, text in enumerate(TEXTS):
            w.add_document(id=str(i), doctype="ruling", text=text, title="Card " + str(i))
    return TextScorer(ix.reader(), ix.schema)


def _plain_bm25f(s: TextScorer, terms: dict[str, float], allowed=None) -> dict[int, float]:
    """BM25F term by term, document by document: the formula the cache must reproduce."""
    scores: dict[int, float] = {}
    for field, fweight in FIELD_WEIGHTS.items():
        for term, qweight in terms.items():
            docs = s.postings[field].get(term) or {}
            idf = s.idf(field, term) * qweight * fweight
            for docnum, positions in docs.items():
                if allowed is not None and docnum not in allowed:
                    continue
                tf = len(positions)
                norm = K1 * (1 - B + B * s.lengths[field].get(docnum, 0) / s.avg[field])
                scores[docnum] = scores.get(docnum, 0.0) + idf * tf * (K1 + 1) / (tf + norm)
    return scores


@pytest.mark.parametrize("allowed", [None, frozenset({0, 3}), frozenset()])
def test_cached_shares_equal_the_plain_formula_to_the_bit(allowed) -> None:
    s = _scorer()
    terms = {t: w for t, w in zip(analyse("play card again draw shuffle"),
                                  (1.0, 0.4, 0.8, 1.0, 0.3), strict=True)}
    expected = _plain_bm25f(s, terms, allowed)
    assert s.score(terms, allowed) == expected  # first call fills the cache
    assert s.score(terms, allowed) == expected  # second call reads it


def test_limiting_to_documents_drops_the_others_but_keeps_their_statistics() -> None:
    s = _scorer()
    terms = {t: 1.0 for t in analyse("play card")}
    everything = s.score(terms)
    s.limit_to(frozenset({1, 3}))
    assert s.score(terms) == {d: v for d, v in everything.items() if d in {1, 3}}


def test_top_is_the_head_of_the_full_sort_by_rounded_score(searcher: Searcher) -> None:
    rng = random.Random(5)
    docs = sorted(searcher._ruling_docs)
    for _ in range(200):
        chosen = rng.sample(docs, rng.randint(0, len(docs)))
        # Values on a coarse grid, plus a hair, so that rounding makes ties.
        scores = {d: rng.randint(0, 40) / 2000 + rng.choice((0.0, 4e-5, -4e-5)) for d in chosen}
        limit = rng.randint(1, 12)
        full = sorted(((d, round(v, 4)) for d, v in scores.items()),
                      key=lambda kv: (-kv[1], searcher._order[kv[0]]))
        ranking = Ranking.from_dict(searcher.scorer.size, scores)
        assert searcher._top(ranking, limit) == full[:limit]


def test_facet_counts_equal_counting_every_rulings_values(searcher: Searcher) -> None:
    rng = random.Random(9)
    docs = sorted(searcher._ruling_docs)
    for _ in range(50):
        chosen = rng.sample(docs, rng.randint(1, len(docs)))
        counts = Counter(key for d in chosen for key in searcher._facet_keys[d])
        expected: dict[str, dict[str, int]] = {}
        for (facet, value), n in sorted(counts.items()):
            expected.setdefault(facet, {})[value] = n
        assert searcher._facet_counts(dict.fromkeys(chosen)) == expected


@pytest.mark.parametrize("question", [
    "throne room feast", "king's court a king's court", "gain a card", "watchtower curse",
    "feast",
])
def test_unasked_penalty_equals_the_per_ruling_rule(searcher: Searcher, question: str) -> None:
    plan = searcher.understander.plan(parse_query(question), [])
    scores = dict.fromkeys(sorted(searcher._ruling_docs), 1.0)
    expected = {
        d: sc - UNASKED_MENTION * min(
            len(searcher._mentions[d] - searcher._owners[d] - plan.names.keys()), 2)
        for d, sc in scores.items()
    }
    ranking = Ranking.from_dict(searcher.scorer.size, scores)
    searcher._penalise_unasked(ranking, plan)
    assert ranking.as_dict() == expected


@pytest.mark.parametrize("terms", [set(), {"play"}, {"play", "card", "nosuchterm"}])
def test_snippet_marks_every_word_of_the_terms_and_nothing_else(terms: set[str]) -> None:
    text = "Play a card, then PLAY another card & <b>; playing cards is fine."
    html = snippet_html(text, terms)
    marked = re.findall(r"<mark>(.*?)</mark>", html)
    words = re.findall(r"[^\W_]+", text)
    assert marked == [w for w in words if analyse(w)[:1] and analyse(w)[0] in terms]
    assert "<b>" not in html


@given(st.text(alphabet=st.sampled_from("abcIİßéñ_'$-2 \u00a0\u2019Shuffling"),
               max_size=40) | st.text(max_size=40))
def test_word_by_word_analysis_equals_the_analyzer_over_the_whole_text(text: str) -> None:
    assert analyse(text) == [token.text for token in ANALYZER(text)]


@pytest.mark.parametrize("question", [
    "look through my deck", "put it back on top", "+1 card from it", "$5 or more",
    "don't reveal", "looking through", "nothing here at all", "",
])
def test_phrase_table_finds_what_scanning_every_phrase_finds(question: str) -> None:
    phrases = [("look through", ("search",)), ("on top", ("top",)), ("+1 card", ("draw",)),
               ("$5", ("cost",)), ("don't", ("not",)), ("through", ("via",)),
               ("put it back", ("return",)), ("look", ("see",))]
    table = PhraseTable(phrases)
    lowered = question.lower()
    scanned = [t for literal, targets in phrases
               if re.search(rf"(?<!\w){re.escape(literal)}(?!\w)", lowered) for t in targets]
    assert table.targets(lowered, re.findall(r"[a-z0-9]+", lowered)) == scanned


def test_best_is_the_head_of_a_stable_sort_by_score(searcher: Searcher) -> None:
    rng = random.Random(11)
    docs = sorted(searcher._ruling_docs)
    for _ in range(200):
        chosen = rng.sample(docs, rng.randint(1, min(80, len(docs))))
        scores = {d: rng.randint(0, 12) / 4 for d in chosen}  # many ties
        n = rng.randint(1, 40)
        expected = sorted(scores, key=lambda d: (-scores[d], d))[:n]
        assert Searcher._best(Ranking.from_dict(searcher.scorer.size, scores), n) == expected


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 6, 7, 10])
def test_ranges_holding_a_number_are_the_rulings_the_plain_rule_finds(
    searcher: Searcher, n: int
) -> None:
    said = searcher.scorer.postings["text"].get(str(n), {})
    expected = sorted(d for d in searcher._bounded
                      if d not in said and bound_match(frozenset({n}), searcher._bounds[d]))
    assert list(searcher._ranges_holding(n)) == expected
    assert list(searcher._ranges_holding(n)) == expected  # from the table the second time


def _loop_read_word(text: str, pos: int) -> int:
    start = pos
    while pos < len(text) and not text[pos].isspace():
        if text[pos] == '"' and pos > start:
            break
        pos += 1
    return pos


def _loop_skip_space(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


@given(st.text(alphabet=' \t\n\x0b\x0c\x1c\x1f\x85\xa0\u2003\u3000"ab-:é', max_size=14))
def test_query_scanner_regexes_move_as_character_loops_do(text: str) -> None:
    for pos in range(len(text) + 1):
        sc = _Scanner(text)
        sc.pos = pos
        sc.read_word()
        assert sc.pos == _loop_read_word(text, pos)
        sc.pos = pos
        sc.skip_space()
        assert sc.pos == _loop_skip_space(text, pos)


def _plain_bonus(searcher: Searcher, d: int, weights, owning) -> float:
    """The named-card bonus of one ruling, stated plainly (the rule ``_bonuses`` vectorises)."""
    owners, mentions = searcher._owners[d], searcher._mentions[d]
    others = [w for slug, w in weights.items() if slug not in owners and slug in mentions]
    bonus = MENTION_BONUS * sum(others)
    owned = max((w for slug, w in owning.items() if slug in owners), default=0.0)
    if owned:
        bonus += OWNER_BONUS * owned
        if others:
            bonus += PAIR_BONUS * min(owned, max(others))
    return bonus


@pytest.mark.parametrize("question", [
    "throne room feast", "king's court a king's court", "watchtower curse", "feast",
    "mine a silver", "throne room a village and a market",
])
def test_vectorised_bonuses_equal_the_per_ruling_rule(searcher: Searcher, question: str) -> None:
    import numpy as np

    plan = searcher.understander.plan(parse_query(question), [])
    assert plan.names  # the fixture corpus has these cards
    docs = np.array(sorted(searcher._ruling_docs), dtype=np.intp)
    weights = searcher._name_weights(plan)
    expected = [_plain_bonus(searcher, d, *weights) for d in docs.tolist()]
    assert any(expected)
    assert searcher._bonuses(docs, plan).tolist() == expected
