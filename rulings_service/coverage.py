"""What the sources cover, said once for the home page, ``/api/v1/sets`` and every card.

A set is *covered* when one of the source documents is about it (the
manifest's ``sets``). Covering a set does not mean it has rulings: the FAQ
dump names Hinterlands but holds no Hinterlands FAQ, so its cards have their
printed facts and nothing official beyond them, and the coverage note says so.
Every other set the catalogue knows (the later expansions, the second
editions) is *known but not covered*: its names are recognised, its cards
carry no text and no rulings, and the note names the set.

Counts per covered set: rulings, rulings demonstrated by a scenario, and
card-text demonstrations (scenarios playing out a printed text, ``card_text:``;
they are this project's engine, never official rulings).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rulings_service.cardnames import published_by_set
from rulings_service.sets import facts_of, release_key, set_name


@dataclass(frozen=True)
class Coverage:
    """The coverage facts of one build, computed once (see :func:`build_coverage`)."""

    covered: list[dict[str, Any]]
    uncovered: list[dict[str, Any]]
    by_set: dict[str, dict[str, Any]] = field(repr=False)

    def card_facts(self, card: Mapping[str, Any]) -> tuple[bool, str]:
        """``(covered, coverage_note)`` of a card, from its set's record."""
        record = self.by_set.get(card.get("set") or "")
        if record is None or not record["covered"] or not card.get("in_scope", True):
            name = set_name(card.get("set") or "")
            return False, (f"{card['name']} is a card from {name}, which our sources do not "
                           "cover: the name is recognised, but no text or ruling is held.")
        return True, record["coverage_note"]


def _covered_note(name: str, rulings: int, titles: list[str]) -> str:
    if not rulings:
        return (f"The sources hold no FAQ for {name}: its cards have their printed facts "
                "but no official rulings.")
    short = [title.split(" (", 1)[0] for title in titles]
    return f"Covered: rulings quoted from {', '.join(short)}."


def build_coverage(
    corpus: Any,
    status: Callable[[str], Mapping[str, Any] | None],
    card_text_scenarios: Mapping[str, list[str]] | None = None,
) -> Coverage:
    """Count what each set has; ``status`` is a ruling's demonstrated/informational record.

    ``card_text_scenarios`` maps a card name to the scenarios demonstrating its
    printed text (empty until such scenarios exist).
    """
    source_sets: dict[str, list[str]] = {}
    for source in corpus.sources:
        for set_id in source.get("sets", ()):
            source_sets.setdefault(set_id, []).append(source["title"])
    cited_titles: dict[str, set[str]] = {}
    titles_by_id = {s["id"]: s["title"] for s in corpus.sources}
    counts: dict[str, dict[str, int]] = {}

    def bucket(set_id: str) -> dict[str, int]:
        return counts.setdefault(set_id, {"cards": 0, "rulings": 0, "demonstrated": 0,
                                          "card_text_demonstrations": 0})

    for card in corpus.cards:
        bucket(card["set"])["cards"] += 1
    for ruling in corpus.rulings:
        if not ruling.get("set"):
            continue
        counted = bucket(ruling["set"])
        counted["rulings"] += 1
        record = status(ruling["id"]) or {}
        if record.get("status") == "demonstrated":
            counted["demonstrated"] += 1
        for ref in ruling.get("sources", ()):
            title = titles_by_id.get(ref["document"], ref["document"])
            cited_titles.setdefault(ruling["set"], set()).add(title)
    for name, scenario_ids in (card_text_scenarios or {}).items():
        card = corpus.card_named(name)
        if card is not None:
            bucket(card["set"])["card_text_demonstrations"] += len(scenario_ids)

    by_set: dict[str, dict[str, Any]] = {}
    # Every published name outside our sets is known, with or without a catalogue entry.
    published = published_by_set()
    for set_id in sorted(counts.keys() | source_sets.keys() | published.keys(),
                         key=release_key):
        name = set_name(set_id)
        entry: dict[str, Any] = {
            "id": set_id, "name": name, "released": facts_of(set_id).get("released"),
            "covered": set_id in source_sets, **bucket(set_id)}
        if entry["covered"]:
            titles = sorted(cited_titles.get(set_id, ()))
            entry["coverage_note"] = _covered_note(name, entry["rulings"], titles)
        else:
            entry["coverage_note"] = (f"Our sources do not cover {name}: its card names are "
                                      "recognised, with no text or rulings.")
        by_set[set_id] = entry
    covered = [e for e in by_set.values() if e["covered"]]
    uncovered = []
    for entry in by_set.values():
        if entry["covered"]:
            continue
        names = sorted(c["name"] for c in corpus.cards if c["set"] == entry["id"])
        # Known names the corpus has no page for (rulings_service.cardnames' data).
        more = sorted(set(published.get(entry["id"], ())) - set(names))
        uncovered.append({**entry, "card_names": sorted([*names, *more]), "more_names": more})
    return Coverage(covered=covered, uncovered=uncovered, by_set=by_set)
