"""Card definitions, one module per expansion.

A definition (:class:`~engine.cards.core.CardDef`) is data plus the few hooks
a card needs; plain ``+N`` bonuses are fields, not code. Importing this
package registers every definition in :mod:`engine.registry`.
"""

from engine.cards import (  # noqa: F401  (imported for registration)
    alchemy,
    base,
    basic,
    cornucopia,
    dark_ages,
    guilds,
    hinterlands,
    intrigue,
    nocturne,
    plunder,
    promo,
    prosperity,
    seaside,
)
