"""Turning ``field:value`` clauses into whoosh queries, leniently.

A filter value is matched the way a person would expect: ``set:Dark Ages``,
``set:darkages`` and ``set:dark`` all mean ``dark-ages``; ``type:attacks``
means ``attack``; ``card:kc`` means King's Court.  A value that matches
nothing, or several things, yields a warning naming the choices and the filter
is dropped, so the rest of the query still runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from whoosh.query import Query, Term

from rulings_service.search.names import NameIndex
from rulings_service.search.text import fold_word, name_words

#: Other names people use for set ids.
SET_ALIASES = {
    "dominion": "base", "base-set": "base", "da": "dark-ages", "darkages": "dark-ages",
    "promos": "promo", "promotional": "promo", "prosp": "prosperity", "hl": "hinterlands",
    "corn": "cornucopia", "alch": "alchemy",
}


@dataclass
class FilterVocabulary:
    """The values each filter field can take in this corpus."""

    sets: frozenset[str]
    types: frozenset[str]
    kinds: frozenset[str]
    sources: frozenset[str]


def _canon(value: str) -> str:
    return "-".join(name_words(value))


def _pick(value: str, known: Iterable[str], what: str) -> tuple[str | None, str | None]:
    """Known value for ``value``: exact, folded plural, or unique prefix; else a warning."""
    known = sorted(known)
    canon = _canon(value)
    if canon in known:
        return canon, None
    flat = canon.replace("-", "")
    folded = [k for k in known if fold_word(k.replace("-", "")) == fold_word(flat)]
    if len(folded) == 1:
        return folded[0], None
    prefixed = [k for k in known if flat and k.replace("-", "").startswith(flat)]
    if len(prefixed) == 1:
        return prefixed[0], None
    choices = prefixed or known
    shown = ", ".join(choices[:15]) + (", ..." if len(choices) > 15 else "")
    verb = "is ambiguous" if len(prefixed) > 1 else "matches nothing"
    return None, f"{what}:{value} {verb}; expected one of: {shown}; filter ignored"


def filter_query(
    field: str, value: str, vocab: FilterVocabulary, names: NameIndex
) -> tuple[Query | None, str | None]:
    """The whoosh query of one filter clause, or (None, warning)."""
    if field in ("card", "mentions"):
        match = names.named_fuzzy(value)
        if match.card is None:
            known = match.answer.known
            if known is not None and known.coverage_note:
                return None, f"{field}:{value}: {known.coverage_note} Filter ignored."
            if match.candidates:
                return None, (
                    f"{field}:{value} could mean several cards ({', '.join(match.candidates[:8])});"
                    " filter ignored"
                )
            return None, f"{field}:{value} matches no card; filter ignored"
        slug = match.card["slug"]
        return Term("card" if field == "card" else "cards", slug), None
    if field == "set":
        canon = _canon(value)
        canon = SET_ALIASES.get(canon, SET_ALIASES.get(canon.replace("-", ""), canon))
        found, warning = _pick(canon, vocab.sets, "set")
    elif field == "type":
        found, warning = _pick(value, vocab.types, "type")
    elif field == "kind":
        found, warning = _pick(value, vocab.kinds, "kind")
    elif field == "source":
        found, warning = _pick(value, vocab.sources, "source")
    else:  # the parser only produces the fields above
        return None, f"unknown field {field!r}; filter ignored"
    return (Term(field, found), None) if found else (None, warning)
