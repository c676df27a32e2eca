"""Search quality on the question sets: hit@1, hit@5 and MRR, ours vs plain BM25.

"ours, no expansions" is our search with document expansion (the rulings'
"asked as" questions, ``corpus/expansions``) switched off, to show what it adds.

Usage:
    .venv/bin/python benchmarks/search_eval.py [--misses] [--json FILE]

Each question names the card (or general-rules topic) and a short quote of the
ruling that answers it; the quote is resolved to the ruling id here, at run
time, and the script stops with an error if a quote matches no ruling of that
card or more than one (ids are content hashes, so this keeps the question set
valid across rebuilds and segmentation changes).  Question files: ``dev.yaml``
(tuned on), ``heldout.yaml``, ``fresh.yaml``, ``blind.yaml``, ``final.yaml`` and
``last.yaml``, ``diagnostic.yaml`` (read for failure classes), ``unseen.yaml``, the
blind sets, and issue 15's ``descriptive``, ``chat`` and ``rules`` sets, the
sealed sets of its three styles (``sealed_rules2`` to ``sealed_rules5`` by later
writers) and the fitting sets ``fit_descriptive``, ``fit_descriptive2``,
``fit_rules``, ``fit_rules2``, ``fit_rules3`` and ``sealed_rules`` (read once
scored).  Rows
``style:<style>`` pool every set but the fitting ones (``FITTING``) by the
file's ``style:`` (default ``named``) (see
``benchmarks/questions/README.md`` for what each has been used for).

The baseline is what "plain full-text search" means: a whoosh index of the same
rulings' text with the default analyzer and BM25F scoring, queried through
whoosh's default ``QueryParser`` (AND of the words), and the same parser with
OR grouping (which suits questions better; both are shown).  ``--misses``
prints the questions of the scored splits that our search does not put
first: use it with ``--splits dev`` while tuning, so held-out questions stay
unseen.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from whoosh.analysis import StandardAnalyzer
from whoosh.fields import ID, TEXT, Schema
from whoosh.filedb.filestore import RamStorage
from whoosh.qparser import OrGroup, QueryParser

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rulings_service import corpus_store  # noqa: E402
from rulings_service.ensure import ensure_built  # noqa: E402
from rulings_service.search import Searcher  # noqa: E402
from rulings_service.search.expansions import load_expansions  # noqa: E402
from rulings_service.search.text import exact_key  # noqa: E402

QUESTIONS = ROOT / "benchmarks" / "questions"
SPLITS = ("dev", "heldout", "fresh", "blind", "final", "last", "diagnostic", "unseen", "sealed",
          "blind2", "blind3", "blind4", "blind5", "blind6", "blind7", "blind8", "blind9",
          "blind10", "blind11", "blind12", "blind13", "blind14", "blind15", "blind16",
          "blind17", "blind18", "blind19", "blind20",
          "descriptive", "chat", "rules", "sealed_descriptive", "sealed_chat", "sealed_rules",
          "sealed_rules2", "sealed_rules3", "sealed_rules4", "sealed_rules5", "fit_descriptive",
          "fit_descriptive2", "fit_rules", "fit_rules2", "fit_rules3")
#: Sets the search may be tuned on: left out of the per-style figures.
FITTING = frozenset({"dev", "fit_descriptive", "fit_descriptive2", "fit_rules", "fit_rules2",
                     "fit_rules3", "sealed_rules"})
#: A file's ``style:`` says how its questions ask; the earlier sets name their card.
DEFAULT_STYLE = "named"
DEPTH = 10  # MRR counts ranks up to this depth
#: An evaluation question whose words and those of one of its answer's expansion
#: questions overlap this much (Jaccard of the word sets) is a "twin": the
#: expansion restates it nearly word for word, so it measures recall of the
#: expansion file rather than generalisation.
TWIN_JACCARD = 0.7


class QuestionError(ValueError):
    """A question's expected answer does not resolve to exactly one ruling."""


@dataclass
class Question:
    q: str
    answers: frozenset[str]  # ruling ids, any of which counts as a hit
    split: str
    style: str = DEFAULT_STYLE


def _norm(text: str) -> str:
    text = text.replace("\u2019", "'").replace("\u201c", '"').replace("\u201d", '"')
    return re.sub(r"\s+", " ", text).strip().lower()


def resolve(corpus: Any, card: str, quote: str) -> str:
    """The id of the one ruling of ``card`` whose text contains ``quote``."""
    key = exact_key(card)
    owned = [
        r for r in corpus.rulings
        if key in (exact_key(r.get("card") or ""), exact_key(r.get("card_slug") or ""))
    ]
    if not owned:
        raise QuestionError(f"no rulings belong to {card!r}")
    found = [r for r in owned if _norm(quote) in _norm(r["text"])]
    if len(found) != 1:
        what = "matches no ruling" if not found else f"matches {len(found)} rulings"
        raise QuestionError(f"{card!r}: quote {quote!r} {what} of that card")
    return found[0]["id"]


def load_questions(corpus: Any) -> list[Question]:
    questions, errors = [], []
    for split in SPLITS:
        data = yaml.safe_load((QUESTIONS / f"{split}.yaml").read_text(encoding="utf-8"))
        style = data.get("style", DEFAULT_STYLE)
        for i, item in enumerate(data["questions"]):
            try:
                ids = {resolve(corpus, item["card"], item["quote"])}
                for alt in item.get("also") or ():
                    ids.add(resolve(corpus, alt["card"], alt["quote"]))
            except QuestionError as exc:
                errors.append(f"{split}.yaml #{i + 1} ({item['q']!r}): {exc}")
                continue
            questions.append(Question(item["q"], frozenset(ids), split, style))
    if errors:
        raise SystemExit("unresolvable questions:\n  " + "\n  ".join(errors))
    return questions


class Baseline:
    """Plain BM25F over ruling text with whoosh's default query parser."""

    def __init__(self, corpus: Any, or_group: bool) -> None:
        schema = Schema(id=ID(stored=True), text=TEXT(analyzer=StandardAnalyzer()))
        self.ix = RamStorage().create_index(schema)
        with self.ix.writer() as w:
            for r in corpus.rulings:
                w.add_document(id=r["id"], text=r["text"])
        group = OrGroup if or_group else None
        self.parser = (
            QueryParser("text", schema, group=group) if group else QueryParser("text", schema)
        )
        self.searcher = self.ix.searcher()

    def ranked(self, q: str) -> list[str]:
        query = self.parser.parse(q)
        return [hit["id"] for hit in self.searcher.search(query, limit=DEPTH)]


def metrics(ranks: list[int | None]) -> dict[str, float]:
    n = len(ranks) or 1
    return {
        "n": len(ranks),
        "hit@1": sum(1 for r in ranks if r == 1) / n,
        "hit@5": sum(1 for r in ranks if r is not None and r <= 5) / n,
        "mrr": sum(1 / r for r in ranks if r is not None) / n,
    }


def _words(text: str) -> frozenset[str]:
    return frozenset(re.findall(r"[a-z0-9]+", text.lower().replace("'", "").replace("\u2019", "")))


def expansion_twins(corpus: Any, questions: list[Question]) -> set[int]:
    """Indexes of the questions that have a twin among their answers' expansion questions."""
    asked = load_expansions(known_ids=corpus.ruling_by_id).questions
    twins = set()
    for i, question in enumerate(questions):
        words = _words(question.q)
        for rid in question.answers:
            for other in asked.get(rid, ()):
                theirs = _words(other)
                if len(words & theirs) >= TWIN_JACCARD * max(len(words | theirs), 1):
                    twins.add(i)
    return twins


def rank_of(ids: list[str], answers: frozenset[str]) -> int | None:
    for i, rid in enumerate(ids[:DEPTH], 1):
        if rid in answers:
            return i
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--misses", action="store_true",
                        help="show the scored questions not ranked first")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--check", action="store_true",
                        help="only check that every question resolves to one ruling")
    parser.add_argument("--splits", default=",".join(SPLITS),
                        help="comma-separated question files to score (default: all)")
    args = parser.parse_args()

    corpus = ensure_built()
    questions = load_questions(corpus)
    if args.check:
        print(f"{len(questions)} questions resolve to exactly one ruling each")
        return
    wanted = set(args.splits.split(","))
    questions = [q for q in questions if q.split in wanted]
    ours = Searcher.open(corpus_store.index_dir(), corpus)
    # The same search without what the expansion questions give (their field and the
    # sibling classifiers fitted on them), to show what they add.
    unexpanded = Searcher.open(corpus_store.index_dir(), corpus)
    unexpanded.weights = dataclasses.replace(unexpanded.weights, asks=0.0, siblings=0.0)
    systems = {
        "ours": lambda q: [h.ruling_id for h in ours.search(q, limit=DEPTH).results],
        "ours, no expansions": lambda q: [
            h.ruling_id for h in unexpanded.search(q, limit=DEPTH).results],
        "bm25 (default parser, AND)": Baseline(corpus, or_group=False).ranked,
        "bm25 (OR group)": Baseline(corpus, or_group=True).ranked,
    }
    ranks: dict[str, dict[str, list[int | None]]] = {s: {} for s in systems}
    twins = expansion_twins(corpus, questions)
    untwinned: dict[str, dict[str, list[int | None]]] = {s: {} for s in systems}
    misses = []
    for name, run in systems.items():
        for i, question in enumerate(questions):
            ids = run(question.q)
            rank = rank_of(ids, question.answers)
            ranks[name].setdefault(question.split, []).append(rank)
            ranks[name].setdefault("all", []).append(rank)
            if question.split not in FITTING:
                ranks[name].setdefault(f"style:{question.style}", []).append(rank)
            if i not in twins:
                untwinned[name].setdefault(question.split, []).append(rank)
                untwinned[name].setdefault("all", []).append(rank)
            if name == "ours" and rank != 1:
                misses.append((question, rank, ids[:3]))

    report: dict[str, Any] = {"build_id": corpus.build_id, "rulings": len(corpus.rulings)}
    print(f"corpus {corpus.build_id[:12]}: {len(corpus.rulings)} rulings; questions: "
          + ", ".join(f"{s} {len(ranks['ours'].get(s, []))}" for s in (*SPLITS, "all")
                      if ranks["ours"].get(s)))
    print(f"{'system':28} {'split':10} {'n':>4} {'hit@1':>7} {'hit@5':>7} {'MRR':>7}")
    styles = sorted(k for k in ranks["ours"] if k.startswith("style:"))
    for name in systems:
        for split in (*SPLITS, "all", *styles):
            if not ranks[name].get(split):
                continue
            m = metrics(ranks[name][split])
            report.setdefault(name, {})[split] = m
            print(f"{name:28} {split:10} {m['n']:>4} {m['hit@1']:>7.3f} {m['hit@5']:>7.3f}"
                  f" {m['mrr']:>7.3f}")
    print(f"\nwithout the {len(twins)} questions that have a twin among their answer's "
          f"expansion questions (word-set Jaccard >= {TWIN_JACCARD}):")
    print(f"{'system':28} {'split':10} {'n':>4} {'hit@1':>7} {'hit@5':>7} {'MRR':>7}")
    for name in ("ours", "ours, no expansions"):
        for split in (*SPLITS, "all"):
            if not untwinned[name].get(split):
                continue
            m = metrics(untwinned[name][split])
            report.setdefault(f"{name} (no twins)", {})[split] = m
            print(f"{name:28} {split:10} {m['n']:>4} {m['hit@1']:>7.3f} {m['hit@5']:>7.3f}"
                  f" {m['mrr']:>7.3f}")
    if args.misses:
        by_id = corpus.ruling_by_id
        print(f"\nquestions not ranked first ({len(misses)}):")
        for question, rank, top in misses:
            want = next(iter(question.answers))
            print(f"- [{question.split}] {question.q!r}: rank {rank}; "
                  f"wanted [{by_id[want]['card']}] {by_id[want]['text'][:90]!r}")
            for rid in top[:2]:
                print(f"      got [{by_id[rid]['card']}] {by_id[rid]['text'][:90]!r}")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
