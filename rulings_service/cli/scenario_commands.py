"""``rulings replay`` and ``rulings audit``: watch a ruling happen, and check them all.

Both commands turn every expected problem (an unknown id, an invalid scenario
file, a corpus that cannot be built) into a one-line message and a non-zero
exit, never a traceback. The audit's progress bar goes to stderr so that
``--json`` output on stdout stays machine-readable.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from rulings_service.scenarios.loader import ScenarioFileError


def register(group: click.Group) -> None:
    """Add this module's commands to the ``rulings`` group."""
    group.add_command(replay_command)
    group.add_command(audit_command)
    group.add_command(scenarios_command)


def _looks_like_path(argument: str) -> bool:
    """A file argument ends in .yaml (or names an existing file); anything else is an id."""
    return argument.endswith((".yaml", ".yml")) or Path(argument).is_file()


@click.command("replay")
@click.argument("scenario_id", metavar="ID_OR_PATH")
@click.option(
    "--json", "as_json", is_flag=True,
    help="Print the transcript as JSON (it always holds every zone after each step).",
)
@click.option(
    "--all-zones", is_flag=True,
    help="Print every zone after each step, not only the zones that changed.",
)
@click.option(
    "--no-log", "no_log", is_flag=True,
    help="Run without the event log (as bots do): log facts are listed as unchecked.",
)
def replay_command(scenario_id: str, as_json: bool, all_zones: bool, no_log: bool) -> None:
    """Replay a scenario step by step, with its nested log.

    ID_OR_PATH is a scenario id of the corpus or a scenario file anywhere
    (PATH.yaml; a file outside corpus/scenarios/ may list no ruling ids).
    The start shows every zone; after each step, the text output shows only
    the zones that changed (--all-zones: every zone). Exits 1 if the scenario
    fails or the file is invalid.
    """
    from rulings_service.scenarios import replay
    from rulings_service.scenarios.transcript import format_transcript

    try:
        if _looks_like_path(scenario_id):
            from rulings_service.scenarios.loader import load_any_scenario_file
            from rulings_service.scenarios.runner import run_scenario

            scenario = load_any_scenario_file(Path(scenario_id))
            transcript = run_scenario(scenario, log=not no_log).as_dict(with_steps=True)
        else:
            transcript = replay(scenario_id, log=not no_log)
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
@click.option(
    "--scenarios", "folder", metavar="DIR",
    type=click.Path(file_okay=False, dir_okay=True, path_type=Path),
    help="Audit the scenario files of DIR (your own cases, from anywhere) instead of the "
    "corpus: each file must load and pass; cited ruling ids must exist.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON object.")
def audit_command(
    set_id: str | None, card: str | None, max_informational: float | None,
    folder: Path | None, as_json: bool,
) -> None:
    """Replay every scenario and account for every ruling in scope.

    Exits 1 when a scenario fails, a ruling in scope is unclassified, a
    scenario cites an unknown ruling id or a file is invalid, when the
    informational share exceeds --max-informational, and for an unknown set or card.
    With --scenarios DIR: exits 1 when a file of DIR is invalid, fails or cites
    an unknown ruling id, or when DIR holds no scenario file.
    """
    if folder is not None:
        if set_id or card or max_informational is not None:
            raise click.UsageError(
                "--scenarios audits the files of a folder; --set, --card and "
                "--max-informational scope the corpus audit, so give one or the other"
            )
        _audit_folder(folder, as_json)
        return
    from rulings_service.ensure import ensure_built
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


def _audit_folder(folder: Path, as_json: bool) -> None:
    """``rulings audit --scenarios DIR``: every file of DIR loaded, replayed and reported."""
    from rulings_service.scenarios.folder_audit import audit_folder, format_folder_audit
    from rulings_service.scenarios.loader import scenario_paths

    if not folder.is_dir():
        raise click.ClickException(f"{folder}: no such folder")
    known = None
    try:
        from rulings_service.ensure import ensure_built

        known = {r["id"] for r in ensure_built().rulings}
    except Exception as exc:  # noqa: BLE001 - the files can still be replayed
        click.echo(f"warning: cannot load the corpus, so ruling ids are not checked: {exc}",
                   err=True)
    with click.progressbar(length=len(scenario_paths(folder)), label="replaying",
                           file=sys.stderr, show_pos=True) as bar:
        report = audit_folder(folder, known, progress=lambda _: bar.update(1))
    if as_json:
        click.echo(json.dumps(report, indent=2, ensure_ascii=False))
    else:
        for line in format_folder_audit(report):
            click.echo(line)
    if not report["ok"]:
        sys.exit(1)
