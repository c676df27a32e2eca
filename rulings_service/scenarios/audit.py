"""The audit: replay every scenario and account for every ruling in scope.

The audit is the corpus used as a test suite of the engine. For the selected
scope (a set, a card, or everything) it counts per set and per card the
rulings, how many are demonstrated, passing, failing, informational and
unclassified, and lists each failure with the expected and actual values.
Scenario files that do not load, scenarios naming ruling ids the corpus does
not have (a stale id after a corpus change) and rulings both demonstrated and
informational are reported too, because each means a ruling is not really
checked. ``ok`` is false when anything in scope fails or is unclassified, or
when the informational share exceeds the limit the caller set
(``max_informational``). An unknown set or card raises :class:`UnknownScope`.

Card-text demonstrations (scenarios with ``card_text``, for sets the sources
hold no FAQ for) are counted in their own ``card_text`` section, per set and
per card, never among the rulings; a failing one fails the audit like any
failing scenario (:mod:`~rulings_service.scenarios.card_text`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from parsers.catalogue import slugify as _slugify
from rulings_service.scenarios import card_text
from rulings_service.scenarios.loader import Scenario, scan_scenarios
from rulings_service.scenarios.names import suggest
from rulings_service.scenarios.runner import run_scenario
from rulings_service.scenarios.status import classify, informational, scenarios_by_ruling

COUNT_KEYS = ("rulings", "demonstrated", "passing", "failing", "informational", "unclassified")

#: Called with each scenario id as it finishes (the CLI drives a progress bar with it).
Progress = Callable[[str], None]


#: A scope that is not a set: every basic card (kind ``basic``) of any set —
#: Copper...Curse of the base set plus Potion (Alchemy), Platinum and Colony
#: (Prosperity). Issue 4 covers "the base set and the basic cards", and those
#: three live in other sets, so ``--set base`` alone misses them.
BASIC_SCOPE = "basic"


class UnknownScope(ValueError):
    """The audit was asked for a set or card the corpus does not have.

    An audit of nothing would count zero rulings and report ``ok``, which
    reads as a pass; so an unknown scope is an error the callers turn into
    a refusal (the CLI exits 1, the web answers 400). ``kind`` is ``"set"``
    or ``"card"``, ``value`` what was asked, ``choices`` every valid value of
    that kind (sets, ``basic`` included; card names) and ``candidates`` the
    closest of them to ``value`` (for "did you mean").
    """

    def __init__(self, kind: str, value: str, choices: list[str], candidates: list[str],
                 note: str | None = None):
        self.kind = kind
        self.value = value
        self.choices = choices
        self.candidates = candidates
        message = f"no {kind} {value!r} in the corpus"
        if note:
            message += f": {note}"
        if candidates:
            message += f"; did you mean {' or '.join(repr(c) for c in candidates)}?"
        if kind == "set":
            message += (
                f"{'' if candidates else ';'} sets: {', '.join(choices)} "
                f"({BASIC_SCOPE!r} is the basic cards of every set)"
            )
        super().__init__(message)


#: Card names are few and repeat in every scope check; the web service audits
#: many scopes per process, so each name is slugified once.
slugify = lru_cache(maxsize=4096)(_slugify)


@dataclass
class AuditMemo:
    """What audits of one process share: the scanned scenario files and each replay.

    Within one process the scenario files, the engine and the corpus do not
    change, so neither does a scenario's result; reading 800 files costs
    seconds, replaying them all a few more. The web service keeps one memo,
    so only its first audit pays; the CLI runs one audit and needs none.
    """

    scanned: tuple[list[Scenario], list[str]] | None = None
    results: dict[str, dict[str, Any]] = field(default_factory=dict)

    def scan(self) -> tuple[list[Scenario], list[str]]:
        """The valid scenarios and the file errors, read on first use."""
        if self.scanned is None:
            scenarios, errors = scan_scenarios()
            self.scanned = (scenarios, [str(err) for err in errors])
        return self.scanned


def known_sets(corpus: Any) -> list[str]:
    """Every set an audit may be scoped to: those of the rulings and of the catalogue, and basic."""
    sets = {r.get("set") for r in corpus.rulings}
    for card in getattr(corpus, "cards", None) or ():
        sets.add(card.get("set"))
        sets.update(card.get("sets") or ())
    sets.discard(None)
    return sorted({*map(str, sets), BASIC_SCOPE})


def card_scope_names(corpus: Any) -> dict[str, str]:
    """Slug -> name of everything ``--card`` accepts: catalogue cards (and their
    aliases) and the cards or general-rules topics rulings belong to."""
    names: dict[str, str] = {}
    for ruling in corpus.rulings:
        if ruling.get("card"):
            names.setdefault(slugify(ruling["card"]), ruling["card"])
            if ruling.get("card_slug"):
                names.setdefault(ruling["card_slug"], ruling["card"])
    for card in getattr(corpus, "cards", None) or ():
        names[card["slug"]] = card["name"]
        for alias in card.get("aliases") or ():
            names.setdefault(slugify(alias), card["name"])
    return names


def resolve_scope(corpus: Any, set_id: str | None, card: str | None) -> str | None:
    """Check the scope; return the card's catalogue name (an alias resolved), or None.

    Raises :class:`UnknownScope` for a set or card the corpus does not know.
    """
    if set_id:
        sets = known_sets(corpus)
        if set_id not in sets:
            raise UnknownScope("set", set_id, sets, suggest(set_id, sets))
    if not card:
        return None
    names = card_scope_names(corpus)
    found = names.get(slugify(card))
    if found is None:
        from rulings_service.cardnames import coverage

        choices = sorted(set(names.values()))
        known = coverage(card)
        note = known.coverage_note if known is not None else None
        raise UnknownScope("card", card, choices, suggest(card, choices), note)
    return found


def basic_card_slugs(corpus: Any) -> frozenset[str]:
    """Slugs of the catalogue's basic cards (the supply piles every set shares)."""
    return frozenset(c["slug"] for c in corpus.cards if c.get("kind") == "basic")


def scope_rulings(corpus: Any, set_id: str | None, card: str | None) -> list[dict[str, Any]]:
    """The rulings an audit of this scope accounts for (``set_id`` may be ``"basic"``)."""
    basics = basic_card_slugs(corpus) if set_id == BASIC_SCOPE else None
    return [r for r in corpus.rulings if _in_scope(r, set_id, card, basics)]


def _in_scope(
    ruling: dict[str, Any],
    set_id: str | None,
    card: str | None,
    basics: frozenset[str] | None = None,
) -> bool:
    if basics is not None:
        if ruling.get("card_slug") not in basics:
            return False
    elif set_id and ruling.get("set") != set_id:
        return False
    if card:
        wanted = slugify(card)
        return wanted in {ruling.get("card_slug"), slugify(ruling.get("card") or "")}
    return True


def _empty_counts() -> dict[str, int]:
    return dict.fromkeys(COUNT_KEYS, 0)


def scenarios_in_scope(
    corpus: Any, scenarios: list[Scenario], set_id: str | None, card: str | None
) -> list[Scenario]:
    """The scenarios an audit of this scope replays (all of them for the whole corpus):
    those of its rulings, those about its card (``cards``) and its card-text demonstrations."""
    card = resolve_scope(corpus, set_id, card)
    if not (set_id or card):
        return scenarios
    scope_ids = {r["id"] for r in scope_rulings(corpus, set_id, card)}
    basics = basic_card_slugs(corpus) if set_id == BASIC_SCOPE else None
    wanted = slugify(card) if card else None
    return [
        s
        for s in scenarios
        if scope_ids.intersection(s.rulings)
        or (wanted and wanted in {slugify(name) for name in s.cards})
        or card_text.in_scope(s, corpus, set_id, card, basics)
    ]


def run_audit(
    set: str | None = None,  # noqa: A002 - the contract's keyword name
    card: str | None = None,
    *,
    corpus: Any = None,
    scenarios: list[Scenario] | None = None,
    progress: Progress | None = None,
    max_informational: float | None = None,
    memo: AuditMemo | None = None,
) -> dict[str, Any]:
    """Replay the scenarios in scope and count every ruling; JSON-serialisable result.

    Raises :class:`UnknownScope` when ``set`` or ``card`` names nothing in the
    corpus (before anything is replayed). A card may be given by any spelling
    that slugifies to its name, or by an alias; the report's scope names it
    as the catalogue does.

    ``max_informational`` (a share from 0 to 1) fails the audit when more of
    the rulings in scope than that are informational: marking rulings
    informational is the easy way out of writing scenarios, and this is the
    guard against it. ``None`` (the default) sets no limit, since a single
    card's few rulings can honestly all be informational.

    ``memo`` is an :class:`AuditMemo` the caller keeps between audits: the
    scenario files are read once and each scenario is replayed once, then
    every later scope is counted from what it holds.
    """
    if max_informational is not None and not 0 <= max_informational <= 1:
        raise ValueError(f"max_informational must be a share from 0 to 1, got {max_informational}")
    started = time.perf_counter()
    if corpus is None:
        from rulings_service.ensure import ensure_built

        corpus = ensure_built()
    card = resolve_scope(corpus, set, card)
    file_errors: list[str] = []
    if scenarios is None and memo is not None:
        scenarios, file_errors = memo.scan()
    elif scenarios is None:
        scenarios, errors = scan_scenarios()
        file_errors = [str(err) for err in errors]
    info = informational()
    by_ruling = scenarios_by_ruling(scenarios)
    scope = scope_rulings(corpus, set, card)
    selected = scenarios_in_scope(corpus, scenarios, set, card)

    replayed = memo.results if memo is not None else {}
    results: dict[str, dict[str, Any]] = {}
    for scenario in selected:
        if scenario.id not in replayed:
            replayed[scenario.id] = run_scenario(scenario).as_dict(with_steps=False)
        results[scenario.id] = replayed[scenario.id]
        if progress:
            progress(scenario.id)

    totals = _empty_counts()
    by_set: dict[str, dict[str, int]] = {}
    by_card: dict[str, dict[str, int]] = {}
    unclassified: list[dict[str, Any]] = []
    conflicts: list[dict[str, Any]] = []
    for ruling in scope:
        record = classify(ruling["id"], by_ruling, info)
        keys = ["rulings"]
        if record["status"] == "demonstrated":
            keys.append("demonstrated")
            outcomes = [results[sid]["passed"] for sid in record["scenarios"] if sid in results]
            keys.append("passing" if outcomes and all(outcomes) else "failing")
        else:
            keys.append(record["status"])
        if record["status"] == "unclassified":
            unclassified.append(_ruling_brief(ruling))
        if "conflict" in record:
            conflicts.append({**_ruling_brief(ruling), "problem": record["conflict"]})
        for counts in (
            totals,
            by_set.setdefault(ruling.get("set") or "(none)", _empty_counts()),
            by_card.setdefault(ruling.get("card") or "(none)", _empty_counts()),
        ):
            for key in keys:
                counts[key] += 1

    known = frozenset(corpus.ruling_by_id)
    unknown = [
        {"scenario": s.id, "ruling_id": rid}
        for s in selected
        for rid in s.rulings
        if rid not in known
    ]
    failures = [
        {
            "scenario": sid,
            "title": res["title"],
            "rulings": res["rulings"],
            "error": res["error"],
            "mismatches": res["mismatches"],
        }
        for sid, res in results.items()
        if not res["passed"]
    ]
    share = totals["informational"] / totals["rulings"] if totals["rulings"] else 0.0
    too_informational = max_informational is not None and share > max_informational
    ok = not (failures or unclassified or unknown or file_errors or conflicts or too_informational)
    return {
        "build_id": getattr(corpus, "build_id", None),
        "scope": {"set": set, "card": card},
        "ok": ok,
        "totals": totals,
        "informational_share": round(share, 4),
        "max_informational": max_informational,
        "informational_exceeded": too_informational,
        "scenarios": {
            "run": len(results),
            "passing": sum(1 for r in results.values() if r["passed"]),
            "failing": len(failures),
            "seconds": {sid: r["seconds"] for sid, r in results.items()},
        },
        "by_set": dict(sorted(by_set.items())),
        "by_card": dict(sorted(by_card.items())),
        "card_text": card_text.count(selected, results, corpus),
        "failures": failures,
        "unclassified": unclassified,
        "unknown_ruling_ids": unknown,
        "conflicts": conflicts,
        "file_errors": file_errors,
        "seconds": round(time.perf_counter() - started, 3),
    }


def _ruling_brief(ruling: dict[str, Any]) -> dict[str, Any]:
    return {
        "ruling_id": ruling["id"],
        "card": ruling.get("card"),
        "set": ruling.get("set"),
        "text": ruling.get("text", ""),
    }


def format_audit(report: dict[str, Any]) -> Iterable[str]:
    """The human-readable audit: totals, per-set and per-card tables, then problems."""
    scope = report["scope"]
    label = ", ".join(f"{k} {v}" for k, v in scope.items() if v) or "everything"
    yield f"Audit of {label} (corpus {str(report['build_id'])[:12]})"
    yield _row("", *COUNT_KEYS)
    yield _row("TOTAL", *(report["totals"][k] for k in COUNT_KEYS))
    yield ""
    for title, table in (("per set", report["by_set"]), ("per card", report["by_card"])):
        yield f"{title}:"
        for name, counts in table.items():
            yield _row(name, *(counts[k] for k in COUNT_KEYS))
        yield ""
    yield from _format_card_text(report.get("card_text"))
    sc = report["scenarios"]
    yield (
        f"scenarios: {sc['run']} run, {sc['passing']} passing, {sc['failing']} failing; "
        f"informational share {report['informational_share']:.1%}"
        + _limit_text(report.get("max_informational"))
        + f"; {report['seconds']} s"
    )
    if report.get("informational_exceeded"):
        yield (
            f"TOO MANY INFORMATIONAL: {report['informational_share']:.1%} of the rulings in "
            f"scope are informational, more than the limit of {report['max_informational']:.1%}"
        )
    for failure in report["failures"]:
        yield f"FAIL {failure['scenario']}: {failure['title']}"
        if failure["error"]:
            yield f"    error: {failure['error']}"
        for mm in failure["mismatches"]:
            yield f"    {mm['field']}: expected {mm['expected']!r}, actual {mm['actual']!r}"
    for item in report["unclassified"]:
        yield f"UNCLASSIFIED {item['ruling_id']} ({item['card']}): {item['text'][:90]}"
    for item in report["unknown_ruling_ids"]:
        yield f"UNKNOWN RULING {item['ruling_id']} in scenario {item['scenario']}"
    for item in report["conflicts"]:
        yield f"CONFLICT {item['ruling_id']}: {item['problem']}"
    for error in report["file_errors"]:
        yield f"INVALID FILE {error}"
    yield "OK" if report["ok"] else "NOT OK"


def _format_card_text(section: dict[str, Any] | None) -> Iterable[str]:
    """The card-text demonstrations, apart from the rulings (they are not rulings)."""
    if not section or not section["totals"]["demonstrations"]:
        return
    yield f"{section['label']}:"
    yield _row("", *card_text.CARD_TEXT_KEYS)
    yield _row("TOTAL", *(section["totals"][k] for k in card_text.CARD_TEXT_KEYS))
    for title in ("by_set", "by_card"):
        yield f"{title.replace('_', ' ')}:"
        for name, counts in section[title].items():
            yield _row(name, *(counts[k] for k in card_text.CARD_TEXT_KEYS))
    yield ""


def _limit_text(limit: float | None) -> str:
    return "" if limit is None else f" (limit {limit:.1%})"


def _row(name: str, *cells: object) -> str:
    return f"{name[:28]:<28}" + "".join(f"{str(c):>14}" for c in cells)
