"""The Datasette peer of benchmarks/load_test.py: its database holds what it is given, indexed.

Datasette itself is not installed here (it lives in its own venv); these tests
check the parts that decide fairness: every ruling is in the SQLite table, the
FTS5 index stems with porter as the brief requires, the question URL asks for
our search's page size, and the memory figure reads real processes.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from benchmark_scripts import load_benchmark

peer = load_benchmark("datasette_peer")

RULINGS = [
    {"id": "feast-1", "card": "Feast", "set": "base", "topic": "Throne Room",
     "text": "If you Throne Room a Feast, you gain two cards."},
    {"id": "moat-1", "card": "Moat", "set": "base", "topic": None,
     "text": "Moat reveals against attacks."},
]


def test_database_holds_every_ruling_with_a_porter_index(tmp_path: Path) -> None:
    path = tmp_path / "rulings.db"
    assert peer.build_database(RULINGS, path) == 2
    db = sqlite3.connect(path)
    sql = db.execute("SELECT sql FROM sqlite_master WHERE name = 'rulings_fts'").fetchone()[0]
    assert "porter" in sql
    # "gaining" and "attack" only match through stemming (the texts say "gain", "attacks").
    for word, expected in (("gaining", "feast-1"), ("attack", "moat-1")):
        rows = db.execute("SELECT r.id FROM rulings_fts JOIN rulings r ON r.rowid ="
                          " rulings_fts.rowid WHERE rulings_fts MATCH ?", (word,)).fetchall()
        assert rows == [(expected,)], word
    db.close()


def test_question_url_asks_for_ten_rows_of_a_full_text_search() -> None:
    url = urlsplit(peer.search_path("can I Throne Room a Feast?"))
    assert url.path == "/rulings/rulings.json"
    query = parse_qs(url.query)
    assert query["_search"] == ["can I Throne Room a Feast?"] and query["_size"] == ["10"]


def test_tree_rss_counts_children() -> None:
    alone = peer.tree_rss_mb(os.getpid())
    child = subprocess.Popen(
        [sys.executable, "-c", "import time; print('up', flush=True); time.sleep(30)"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None and child.stdout.readline() == "up\n"
        assert alone > 1
        assert peer.tree_rss_mb(os.getpid()) > alone
    finally:
        child.kill()
        child.wait()


def test_ranked_form_asks_fts5_for_any_word_with_nothing_read_as_syntax(tmp_path: Path) -> None:
    query = peer.fts_any('Can I "Throne Room" a Feast? NOT*')
    assert query == '"Can" OR "I" OR "Throne" OR "Room" OR "a" OR "Feast" OR "NOT"'
    path = tmp_path / "rulings.db"
    peer.build_database(RULINGS, path)
    db = sqlite3.connect(path)
    rows = db.execute(peer.RANKED_SQL, {"q": peer.fts_any("does a Feast gain twice?")})
    assert [row[0] for row in rows] == ["feast-1"]
    db.close()
    url = urlsplit(peer.search_path("Feast?", "ranked"))
    assert url.path == "/rulings/search.json" and parse_qs(url.query)["q"] == ['"Feast"']
