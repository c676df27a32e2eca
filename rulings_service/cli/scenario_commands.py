"""Commands of this group are added by ``register``."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    """Add this module's commands to the ``rulings`` group."""
