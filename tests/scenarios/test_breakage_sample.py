"""The breakage sample, over every set's file, is large enough to mean something."""

from __future__ import annotations

import importlib

#: One module per set (``test_breakage_<set>.py``), each with its ``CASES``.
SET_MODULES = (
    "test_breakage_alchemy",
    "test_breakage_base",
    "test_breakage_cornucopia",
    "test_breakage_dark_ages",
    "test_breakage_guilds",
    "test_breakage_intrigue",
    "test_breakage_nocturne",
    "test_breakage_plunder",
    "test_breakage_promo",
    "test_breakage_prosperity",
    "test_breakage_seaside",
)


def test_sample_is_large_enough() -> None:
    cases = [case for name in SET_MODULES for case in importlib.import_module(name).CASES]
    assert len({sid for sid, _ in cases}) >= 20
