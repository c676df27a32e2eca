"""Corpus commands: ``rulings build``, ``rulings export --json``, ``rulings card NAME``."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Any

import click

from rulings_service.build import BuildError, build, canonical_json
from rulings_service.cardnames import NOT_COVERED, card_names_for
from rulings_service.corpus_store import Corpus, CorpusNotBuilt
from rulings_service.ensure import ensure_built


def _build_dir(value: str | None) -> Path | None:
    return Path(value) if value else None


@click.command("build")
@click.option("--build-dir", type=click.Path(file_okay=False), default=None,
              help="Where to write the build (default: corpus/build or $RULINGS_BUILD_DIR).")
@click.option("--quiet", "-q", is_flag=True, help="Only print errors.")
def build_command(build_dir: str | None, quiet: bool) -> None:
    """Parse the sources and write the corpus (and further build steps such as the index)."""
    say = (lambda _m: None) if quiet else (lambda m: click.echo(m, err=True))
    try:
        report = build(_build_dir(build_dir), progress=say)
    except BuildError as exc:
        raise click.ClickException(str(exc)) from exc
    if quiet:
        return
    click.echo(f"Build {report.build_id[:12]} in {report.seconds:.2f} s -> {report.directory}")
    click.echo("Rulings per source (a merged ruling counts for each source it cites):")
    for source, count in report.per_source.items():
        click.echo(f"  {source:<20} {count:>5}")
    click.echo("Per set:                cards  rulings")
    for set_id, (cards, rulings) in report.per_set.items():
        click.echo(f"  {set_id:<20} {cards:>6} {rulings:>8}")
    click.echo("Totals: " + ", ".join(f"{k} {v}" for k, v in report.totals.items()))
    for warning in report.warnings:
        click.echo(f"warning: {warning}", err=True)


def _load(build_dir: str | None) -> Corpus:
    try:
        return ensure_built(_build_dir(build_dir),
                            on_stale=lambda message: click.echo(f"warning: {message}", err=True))
    except (BuildError, CorpusNotBuilt) as exc:
        raise click.ClickException(str(exc)) from exc


@click.command("export")
@click.option("--json", "as_json", is_flag=True, help="Print the corpus as one JSON object.")
@click.option("--build-dir", type=click.Path(file_okay=False), default=None)
def export_command(as_json: bool, build_dir: str | None) -> None:
    """Print the whole corpus (sources, cards, rulings, kingdoms) on stdout."""
    if not as_json:
        raise click.UsageError("only JSON export is available: use 'rulings export --json'")
    click.echo(canonical_json(_load(build_dir).as_dict()), nl=False)


def _wrap(text: str, indent: str) -> str:
    return textwrap.fill(text, width=88, initial_indent=indent,
                         subsequent_indent=" " * len(indent) + "  ")


def _cost(cost: dict[str, Any] | None) -> str:
    if cost is None:
        return "no cost"
    parts = [f"{cost['coins']} coins"] if cost["coins"] is not None else []
    parts += [f"{cost[k]} {k}" for k in ("potion", "debt") if cost[k]]
    return ", ".join(parts) or "0 coins"


@click.command("card")
@click.argument("name", nargs=-1, required=True)
@click.option("--build-dir", type=click.Path(file_okay=False), default=None)
@click.option("--json", "as_json", is_flag=True, help="Print the card and rulings as JSON.")
def card_command(name: tuple[str, ...], build_dir: str | None, as_json: bool) -> None:
    """Show a card and its rulings."""
    wanted = " ".join(name)
    corpus = _load(build_dir)
    answer = card_names_for(corpus.cards).lookup(wanted)
    card = corpus.card_by_slug.get(answer.known.slug) if answer.known else None
    if card is None:
        if answer.status == NOT_COVERED and answer.known is not None:
            raise click.ClickException(answer.known.coverage_note or "not covered")
        near = answer.candidates
        hint = f" Did you mean: {', '.join(near)}?" if near else ""
        raise click.ClickException(f"unknown card {wanted!r}.{hint}")
    if answer.how in ("prefix", "typo"):
        click.echo(f"note: {wanted!r} taken as {card['name']} (the one card it fits)", err=True)
    rulings = corpus.rulings_for_card(card["slug"])
    related = [corpus.ruling_by_id[i] for i in card.get("related_ruling_ids", [])]
    if as_json:
        click.echo(json.dumps({"card": card, "rulings": rulings, "related": related},
                              ensure_ascii=False, indent=1, sort_keys=True))
        return
    scope = "" if card["in_scope"] else "  [out of scope]"
    click.echo(f"{card['name']} ({card['set']}, {_cost(card['cost'])}){scope}")
    if answer.known is not None and answer.known.coverage_note:
        click.echo(f"  {answer.known.coverage_note}")
    click.echo(f"  {' - '.join(card['types']) or card['kind']}")
    if card["text"]:
        click.echo(_wrap(card["text"], "  "))
    click.echo(f"\n{len(rulings)} ruling(s):" if rulings else "\nNo rulings.")
    for ruling in [*rulings, *related]:
        cites = ", ".join(f"{s['document']}@{s['start']}" for s in ruling["sources"])
        click.echo(_wrap(f"[{ruling['kind']}] {ruling['text']}", "- "))
        click.echo(f"    {ruling['id']}  ({cites})")


def register(group: click.Group) -> None:
    """Add this module's commands to the ``rulings`` group."""
    for command in (build_command, export_command, card_command):
        group.add_command(command)
