"""The published sets, in release order, from ``corpus/sets.yaml``.

Their own module because both the name matcher (``cardnames``, which words a
known-but-uncovered card's set) and the coverage counts (``coverage``, which
also asks the matcher for every published name) need them: neither imports
the other for them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import yaml

from rulings_service.paths import CORPUS_DIR

SETS_FILE = CORPUS_DIR / "sets.yaml"


@lru_cache(maxsize=1)
def set_facts() -> tuple[dict[str, Any], ...]:
    """The sets of ``corpus/sets.yaml`` in release order, each with its ``order``."""
    data = yaml.safe_load(SETS_FILE.read_text(encoding="utf-8"))
    return tuple({**entry, "order": n} for n, entry in enumerate(data["sets"]))


def set_name(set_id: str) -> str:
    """A set's human name; an id the file lacks is shown readably rather than refused."""
    for entry in set_facts():
        if entry["id"] == set_id:
            return str(entry["name"])
    return set_id.replace("-", " ").title()


def facts_of(set_id: str) -> dict[str, Any]:
    """A set's entry in ``corpus/sets.yaml`` (empty if the file lacks it)."""
    return next((e for e in set_facts() if e["id"] == set_id), {})


def release_key(set_id: str) -> tuple[int, str]:
    """Sorts set ids in release order; ids the file lacks come last, by id."""
    return facts_of(set_id).get("order", len(set_facts())), set_id
