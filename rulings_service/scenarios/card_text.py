"""Card-text demonstrations: scenarios tied to a card's printed text, not to a ruling.

Some sets have no FAQ in the sources (the dump names every Hinterlands card
but gives no text), so there is no official ruling to demonstrate. A scenario
may then say ``card_text: <Card>``: it shows, with this engine, what the
card's printed text does. Such a scenario is counted apart from the rulings
(the audit's ``card_text`` section, the card page's own heading), because
presenting the engine's reading of a card as an official ruling would be
false. A failing demonstration still fails the audit: the engine disagrees
with what the scenario's author read on the card.

Everything here is plain functions over scenarios and the corpus, so the
audit, the CLI and the web service share one definition of "in scope".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from parsers.catalogue import slugify
from rulings_service.scenarios.loader import Scenario

#: The per-set and per-card counts of the audit's card-text section.
CARD_TEXT_KEYS = ("demonstrations", "passing", "failing")
#: How every reader is told what these scenarios are (audit, CLI, card page).
CARD_TEXT_LABEL = (
    "card-text demonstrations: this engine playing out the card's printed text, "
    "not official rulings"
)


def by_card(scenarios: Iterable[Scenario]) -> dict[str, list[str]]:
    """Card name -> ids of the scenarios demonstrating its printed text."""
    index: dict[str, list[str]] = {}
    for scenario in scenarios:
        if scenario.card_text:
            index.setdefault(scenario.card_text, []).append(scenario.id)
    return index


def card_sets(corpus: Any) -> dict[str, str]:
    """Card name -> its set in the catalogue (empty for a corpus without cards)."""
    cards = getattr(corpus, "cards", None) or ()
    return {c["name"]: c.get("set") for c in cards if c.get("name")}


def sets_without_rulings(corpus: Any) -> frozenset[str]:
    """Sets of the catalogue for which the sources hold no ruling at all (no FAQ)."""
    ruled = {r.get("set") for r in corpus.rulings}
    return frozenset(set(card_sets(corpus).values()) - ruled - {None})


def in_scope(
    scenario: Scenario,
    corpus: Any,
    set_id: str | None,
    card: str | None,
    basics: frozenset[str] | None = None,
) -> bool:
    """Whether an audit of ``set_id`` / ``card`` replays this card-text demonstration.

    ``basics`` is the slugs of the basic cards when the scope is ``basic``.
    """
    name = scenario.card_text
    if not name:
        return False
    if basics is not None and slugify(name) not in basics:
        return False
    if basics is None and set_id and card_sets(corpus).get(name) != set_id:
        return False
    return not card or slugify(card) == slugify(name)


def count(
    scenarios: Iterable[Scenario], results: dict[str, dict[str, Any]], corpus: Any
) -> dict[str, Any]:
    """Totals, per set and per card, of the card-text demonstrations replayed.

    ``results`` maps scenario id to the runner's result (``passed``); only the
    scenarios replayed are counted.
    """
    sets = card_sets(corpus)
    totals = dict.fromkeys(CARD_TEXT_KEYS, 0)
    per_set: dict[str, dict[str, int]] = {}
    per_card: dict[str, dict[str, int]] = {}
    for scenario in scenarios:
        if not scenario.card_text or scenario.id not in results:
            continue
        outcome = "passing" if results[scenario.id]["passed"] else "failing"
        for counts in (
            totals,
            per_set.setdefault(sets.get(scenario.card_text) or "(none)",
                               dict.fromkeys(CARD_TEXT_KEYS, 0)),
            per_card.setdefault(scenario.card_text, dict.fromkeys(CARD_TEXT_KEYS, 0)),
        ):
            counts["demonstrations"] += 1
            counts[outcome] += 1
    return {
        "label": CARD_TEXT_LABEL,
        "totals": totals,
        "by_set": dict(sorted(per_set.items())),
        "by_card": dict(sorted(per_card.items())),
    }
