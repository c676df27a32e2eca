"""Engine commands: ``rulings simulate`` plays many full games on the engine."""

from __future__ import annotations

import json

import click

from engine import registry
from engine.errors import SetupError
from engine.simulate import simulate


def _parse_kingdom(value: str) -> list[str]:
    names = [n.strip() for n in value.split(",") if n.strip()]
    if not names:
        raise click.BadParameter("the kingdom is empty", param_hint="--kingdom")
    implemented = registry.implemented_names()
    unknown = [n for n in names if n not in implemented]
    if unknown:
        raise click.BadParameter(
            f"not implemented by the engine: {', '.join(unknown)} "
            f"(see engine.registry.implemented_names())", param_hint="--kingdom")
    return names


@click.command("simulate")
@click.option("--games", type=click.IntRange(min=1), default=100, show_default=True,
              help="How many full games to play.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Master seed: the same seed replays the same games.")
@click.option("--players", type=click.IntRange(2, 6), default=2, show_default=True)
@click.option("--kingdom", default=None, help='Comma-separated cards, e.g. "Village,Smithy".')
@click.option("--random-kingdom", "random_kingdom", is_flag=True,
              help="A fresh random kingdom of 10 implemented cards for every game.")
@click.option("--event", "events", multiple=True, help="An Event to add (repeatable), e.g. Launch.")
@click.option("--bots", type=click.Choice(["random", "big-money"]), default="random",
              show_default=True, help="Who plays: random legal moves or Big Money bots.")
@click.option("--max-turns", type=click.IntRange(min=1), default=250, show_default=True,
              help="Turn limit per player; games reaching it count as turn-limit hits.")
@click.option("--no-checks", is_flag=True,
              help="Skip the invariant checks after every step (pure speed).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON object.")
def simulate_command(games: int, seed: int, players: int, kingdom: str | None,
                     random_kingdom: bool, events: tuple[str, ...], bots: str, max_turns: int,
                     no_checks: bool, as_json: bool) -> None:
    """Play full games on the engine and report speed, crashes and invariant violations."""
    if bool(kingdom) == random_kingdom:
        raise click.UsageError("give exactly one of --kingdom or --random-kingdom")
    cards = _parse_kingdom(kingdom) if kingdom else None
    for e in events:
        if not registry.is_event(e):
            raise click.BadParameter(f"{e} is not an implemented Event", param_hint="--event")
    try:
        report = simulate(games, seed=seed, players=players, kingdom=cards,
                          random_kingdoms=random_kingdom, bots=bots, events=events,
                          max_turns=max_turns, checks=not no_checks)
    except SetupError as exc:
        raise click.ClickException(str(exc)) from exc
    if as_json:
        click.echo(json.dumps(report.to_dict(), sort_keys=False))
    else:
        click.echo(f"{report.games} games ({report.players} players, {report.bots}) in "
                   f"{report.seconds:.2f} s: {report.games_per_second:.1f} games/s, "
                   f"{report.average_turns:.1f} turns per game on average")
        click.echo(f"crashes: {report.crashes}  invariant violations: {report.violations}  "
                   f"hangs (step limit): {report.hangs}  "
                   f"turn-limit hits: {report.turn_limit_hits}"
                   f"{'' if report.checks else '  (invariant checks off)'}")
        for f in report.failures:
            click.echo(f"  game {f['game']} (seed {f['seed']}, {', '.join(f['kingdom'])}): "
                       f"{f.get('crash') or f.get('violation') or f.get('hang')}", err=True)
    if report.crashes or report.violations or report.hangs:
        raise SystemExit(1)


def register(group: click.Group) -> None:
    """Add this module's commands to the ``rulings`` group."""
    group.add_command(simulate_command)
