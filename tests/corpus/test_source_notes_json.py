"""The built card JSON carries the printed value and the source's differing word."""

from __future__ import annotations

from rulings_service.corpus_store import Corpus


def test_journey_costs_what_is_printed_and_says_what_the_rulebook_says(corpus: Corpus) -> None:
    journey = corpus.card_by_slug["journey"]
    assert journey["cost"]["coins"] == 4
    assert journey["source_notes"] == [{
        "document": "plunder-rulebook", "field": "cost", "says": "Journey — Cost 3. Event.",
        "note": "The Plunder rulebook lists this at 3; the printed Event costs 4."}]
    assert corpus.card_by_slug["pendant"]["text"].startswith("+1 coin per differently")
    assert corpus.card_by_slug["village"]["source_notes"] == []
