"""The ``rulings`` command line.

Each command group lives in its own module and adds itself through a
``register(group)`` function, so the corpus, engine, search, scenario and web
commands stay next to the code they drive.
"""

from __future__ import annotations

import click

from rulings_service.cli import (
    corpus_commands,
    engine_commands,
    scenario_commands,
    search_commands,
    serve_commands,
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Official Dominion rulings: build, search, replay, audit and serve them."""


for _module in (
    corpus_commands,
    engine_commands,
    search_commands,
    scenario_commands,
    serve_commands,
):
    _module.register(main)
