"""``benchmarks/search_costs.py``: its switches turn their part off, its figures count answers."""

from __future__ import annotations

from pathlib import Path

from rulings_service.search import Searcher
from tests.benchmark_scripts import load_benchmark
from tests.search.conftest import FakeCorpus, ruling_id

FEAST_ON_THRONE_ROOM = ("Feast", "If you use Throne Room on Feast, you will gain two cards, even"
                        " though you can only trash Feast once.")


def _fresh(index_dir: Path, corpus: FakeCorpus) -> Searcher:
    return Searcher.open(index_dir, corpus, aliases={})


def test_each_switch_turns_off_its_own_part(index_dir: Path, corpus: FakeCorpus) -> None:
    bench = load_benchmark("search_costs")
    full = _fresh(index_dir, corpus)
    full.understander.translations = {"thrown": ("throne",)}
    for name, switch_off in bench.SWITCHES.items():
        searcher = _fresh(index_dir, corpus)
        searcher.understander.translations = {"thrown": ("throne",)}
        switch_off(searcher)
        changed = {
            "asks": searcher.weights.asks == 0 != full.weights.asks,
            "siblings": searcher.weights.siblings == 0 != full.weights.siblings,
            "cues": "_add_cues" in vars(searcher) and "_add_cues" not in vars(full),
            "lexicon": searcher.understander.lexicon_weight == 0
            != full.understander.lexicon_weight,
            "translations": not searcher.understander.translations,
        }[name]
        assert changed, name
    assert set(bench.configurations()) == {
        "full search", "without all five", *(f"without {n}" for n in bench.SWITCHES)}


def test_measure_counts_hits_at_one_and_five(searcher: Searcher) -> None:
    bench = load_benchmark("search_costs")
    eval_module = bench.search_eval
    answered = eval_module.Question("can I throne room a feast",
                                    frozenset({ruling_id(*FEAST_ON_THRONE_ROOM)}), "dev")
    unanswerable = eval_module.Question("can I throne room a feast",
                                        frozenset({"no-such-ruling-000000"}), "dev")
    figures = bench.measure(searcher, [answered, unanswerable], repeats=1)
    assert figures["hit@1"] == 0.5
    assert figures["hit@5"] == 0.5
    assert figures["ms_per_question"] > 0
