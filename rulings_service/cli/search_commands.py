"""``rulings search``: the search from a terminal, or in batch for evaluation.

``--stdin`` reads one query per line and writes exactly one JSON line per
input line (an empty line gives a result with a warning), so a bot or the
evaluation script can pipe questions through and align answers by line.
"""

from __future__ import annotations

import io
import json
import sys
from dataclasses import asdict
from typing import Any

import click

from rulings_service import ensure
from rulings_service import search as search_pkg


def _open_searcher() -> Any:
    try:
        return ensure.default_searcher()
    except Exception as exc:  # noqa: BLE001 - shown as a one-line error, not a traceback
        raise click.ClickException(f"could not open the search index: {exc}") from exc


def response_dict(query: str, response: Any) -> dict[str, Any]:
    """The JSON shape of one answered query (one line of ``--stdin`` output)."""
    return {
        "query": query,
        "results": [asdict(hit) for hit in response.results],
        "warnings": list(response.warnings),
        "names": list(response.names),
        "total": response.total,
    }


def _print_human(response: Any) -> None:
    for warning in response.warnings:
        click.echo(f"warning: {warning}", err=True)
    if response.names:
        click.echo(f"cards: {', '.join(response.names)}")
    for rank, hit in enumerate(response.results, 1):
        click.echo(f"{rank:2}. {hit.card}  [{hit.ruling_id}]  score {hit.score:.3f}")
        click.echo(f"    {hit.text}")
    if not response.results:
        click.echo("no results")


def _stdin_lines() -> Any:
    """Standard input as text; undecodable bytes become U+FFFD instead of an error."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin
    return io.TextIOWrapper(buffer, encoding="utf-8", errors="replace", newline=None)


def register(group: click.Group) -> None:
    """Add ``search`` to the ``rulings`` group."""

    @group.command("search")
    @click.argument("query", nargs=-1)
    @click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
    @click.option("--limit", "-k", default=10, show_default=True,
                  type=click.IntRange(1, search_pkg.searcher.MAX_LIMIT), help="Results per query.")
    @click.option("--stdin", "from_stdin", is_flag=True,
                  help="Read one query per line; print one JSON line per query.")
    def search_command(query: tuple[str, ...], as_json: bool, limit: int, from_stdin: bool) -> None:
        """Search the rulings: a question, card names, or filters like card:"Throne Room"."""
        if from_stdin and query:
            raise click.UsageError("give either QUERY words or --stdin, not both")
        if not from_stdin and not query:
            raise click.UsageError("give a QUERY (or --stdin to read queries line by line)")
        searcher = _open_searcher()
        if from_stdin:
            for line in _stdin_lines():
                text = line.rstrip("\r\n")
                out = response_dict(text, searcher.search(text, limit=limit))
                click.echo(json.dumps(out, ensure_ascii=False))
            return
        text = " ".join(query)
        response = searcher.search(text, limit=limit)
        if as_json:
            out = response_dict(text, response)
            out["facets"] = response.facets
            click.echo(json.dumps(out, ensure_ascii=False, indent=1))
        else:
            _print_human(response)
