"""``rulings replay`` and ``rulings audit``: watch a ruling happen, and check them all.

Both commands turn every expected problem (an unknown id, an invalid scenario
file, a corpus that cannot be built) into a one-line message and a non-zero
exit, never a traceback. The audit's progress bar goes to stderr so that
``--json`` output on stdout stays machine-readable.
"""

from __future__ import annotations

import json
import sys

import click

from rulings_service.scenarios.loader import ScenarioFileError


def register(group: click.Group) -> None:
    """Add this module's commands to the ``rulings`` group."""
    group.add_command(replay_command)
    group.add_command(audit_command)
    group.add_command(scenarios_command)


@click.command("replay")
@click.argument("scenario_id")
@click.option(
    "--json", "as_json", is_flag=True,
    help="Print the transcript as JSON (it always holds every zone after each step).",
)
@click.option(
    "--all-zones", is_flag=True,
    help="Print every zone after each step, not only the zones that changed.",
)
def replay_command(scenario_id: str, as_json: bool, all_zones: bool) -> None:
    """Replay scenario SCENARIO_ID step by step, with its nested log.

    The start shows every zone; after each step, the text output shows only
    the zones that changed (--all-zones: every zone). Exits 1 if the scenario fails.
    """
    from rulings_service.scenarios import replay
    from rulings_service.scenarios.transcript import format_transcript

    try:
        transcript = replay(scenario_id)
    except KeyError:
        raise click.ClickException(
            f"no scenario {scenario_id!r} (see `rulings scenarios` for the list)"
        ) from None
    except ScenarioFileError as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps(transcript, indent=2, ensure_ascii=False))
    else:
        for line in format_transcript(transcript, all_zones=all_zones):
            click.echo(line)
    if not transcript["passed"]:
        sys.exit(1)


@click.command("scenarios")
def scenarios_command() -> None:
    """List the scenarios (id, rulings, title); exit 1 if any file is invalid."""
    from rulings_service.scenarios.loader import scan_scenarios

    scenarios, errors = scan_scenarios()
    for scenario in scenarios:
        subject = ", ".join(scenario.rulings) or f"card text: {scenario.card_text}"
        click.echo(f"{scenario.id:<48} {subject:<40} {scenario.title}")
    for error in errors:
        click.echo(f"INVALID {error}", err=True)
    if errors:
        sys.exit(1)


@click.command("audit")
@click.option(
    "--set",
    "set_id",
    metavar="SET",
    help="Only rulings of this set (e.g. base), or 'basic' for the basic cards of every set.",
)
@click.option("--card", metavar="CARD", help="Only rulings of this card.")
@click.option(
    "--max-informational",
    type=click.FloatRange(0, 1),
    metavar="SHARE",
    default=None,
    help="Fail when more than this share (0 to 1, e.g. 0.10) of the rulings in scope are "
    "informational. No limit by default.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON object.")
def audit_command(
    set_id: str | None, card: str | None, max_informational: float | None, as_json: bool
) -> None:
    """Replay every scenario and account for every ruling in scope.

    Exits 1 when a scenario fails, a ruling in scope is unclassified, a
    scenario cites an unknown ruling id or a file is invalid, when the
    informational share exceeds --max-informational, and for an unknown set or card.
    """
    from rulings_service.corpus_store import ensure_built
    from rulings_service.scenarios.audit import (
        UnknownScope,
        format_audit,
        run_audit,
        scenarios_in_scope,
    )
    from rulings_service.scenarios.loader import scan_scenarios

    try:
        corpus = ensure_built()
    except Exception as exc:  # noqa: BLE001 - any build failure becomes one message
        raise click.ClickException(f"cannot load the corpus: {exc}") from None
    scenarios, errors = scan_scenarios()
    try:
        selected = scenarios_in_scope(corpus, scenarios, set_id, card)
    except UnknownScope as exc:
        raise click.ClickException(str(exc)) from None
    with click.progressbar(
        length=len(selected), label="replaying", file=sys.stderr, show_pos=True
    ) as bar:
        report = run_audit(
            set_id,
            card,
            corpus=corpus,
            scenarios=scenarios,
            progress=lambda _: bar.update(1),
            max_informational=max_informational,
        )
    report["file_errors"] = [str(err) for err in errors]
    report["ok"] = report["ok"] and not errors
    demonstrations = report["card_text"]["totals"]["demonstrations"]
    if report["totals"]["rulings"] == 0 and demonstrations == 0:
        click.echo("warning: the scope has no rulings, so there is nothing to check", err=True)
    if as_json:
        click.echo(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        for line in format_audit(report):
            click.echo(line)
    if not report["ok"]:
        sys.exit(1)
