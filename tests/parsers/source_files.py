"""The shipped source documents, by role, for the parser tests."""

from __future__ import annotations

from pathlib import Path

from rulings_service.paths import SOURCES_DIR

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
DUMP = "000_847cd3a30e55ddae.txt"
PROSPERITY_FAQ = "001_5c3cde148713c62b.txt"
INTRIGUE_FAQ = "002_c24012c8268a4198.txt"
PLUNDER = "003_ef1597221509dafe.txt"
NOCTURNE = "004_ba0d11675532cf47.txt"


def source_text(file: str) -> str:
    return (SOURCES_DIR / file).read_text(encoding="utf-8")
