"""The self-hoster's peer for load_test.py: Datasette over SQLite FTS5 (porter), same rulings.

Someone who wants "search these rulings over HTTP" without this project
would put the rulings in SQLite, add an FTS5 index and serve it with
Datasette. Datasette is never a dependency of the project: like pyminion
(engine_speed.py), it is installed in its own virtualenv,
``benchmarks/.venv-datasette``, created on first use.

The database holds exactly the rulings our server serves: they are read from
that server's ``/api/v1/bulk`` (id, card, set, topic, text) and indexed with
``tokenize='porter'`` over text, card and topic. Datasette runs as its users
would benchmark it: ``--immutable`` (no file-change checks), facet
suggestions off (an API client never sees them), its default SQL threads, no
log output. A question is asked in two ways, both 10 rows (our search's
default page size):

- ``table``: the table's JSON with ``_search``, what Datasette gives without
  any configuration. Its default mode quotes each word, so every word must
  match (most whole questions match nothing), the rows come in table order,
  not by relevance, and the row count is computed, as our ``total`` is.
- ``ranked``: a canned query a self-hoster would write for a search box: any
  of the question's words (FTS5 ``OR``), ordered by FTS5's bm25 ``rank``.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
VENV = HERE / ".venv-datasette"
VERSION = "0.65.5"
DATABASE = "rulings"
MODES = ("table", "ranked")
RANKED_SQL = ("select rulings.id, rulings.card, rulings.card_set, rulings.topic, rulings.text"
              " from rulings_fts join rulings on rulings.rowid = rulings_fts.rowid"
              " where rulings_fts match :q order by rank limit 10")


def ensure_venv() -> Path:
    """The Datasette executable, installing Datasette in its own venv the first time."""
    exe = VENV / "bin" / "datasette"
    if not exe.exists():
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
        subprocess.run([str(VENV / "bin" / "pip"), "install", "-q", f"datasette=={VERSION}"],
                       check=True)
    return exe


def fetch_rulings(host: str, port: int) -> list[dict]:
    """The rulings our server holds, from its bulk document."""
    conn = http.client.HTTPConnection(host, port, timeout=120)
    conn.request("GET", "/api/v1/bulk")
    response = conn.getresponse()
    body = response.read()
    if response.status != 200:
        raise SystemExit(f"/api/v1/bulk answered {response.status}")
    return json.loads(body)["rulings"]


def build_database(rulings: list[dict], path: Path) -> int:
    """Write the rulings and their FTS5 (porter) index to ``path``; return the row count."""
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    with db:
        db.execute("CREATE TABLE rulings (id TEXT PRIMARY KEY, card TEXT, card_set TEXT,"
                   " topic TEXT, text TEXT)")
        db.executemany("INSERT INTO rulings VALUES (?, ?, ?, ?, ?)",
                       [(r["id"], r["card"], r["set"], r.get("topic") or "", r["text"])
                        for r in rulings])
        db.execute("CREATE VIRTUAL TABLE rulings_fts USING fts5(text, card, topic,"
                   " content='rulings', tokenize='porter')")
        db.execute("INSERT INTO rulings_fts (rowid, text, card, topic)"
                   " SELECT rowid, text, card, topic FROM rulings")
    db.execute("VACUUM")
    count = db.execute("SELECT count(*) FROM rulings").fetchone()[0]
    db.close()
    return count


def start(path: Path, host: str, port: int) -> subprocess.Popen:
    """Datasette serving ``path`` on ``port``, in a session of its own."""
    metadata = path.with_suffix(".metadata.json")
    metadata.write_text(json.dumps({"databases": {DATABASE: {
        "tables": {"rulings": {"fts_table": "rulings_fts", "fts_pk": "rowid"}},
        "queries": {"search": {"sql": RANKED_SQL}}}}}))
    command = [str(ensure_venv()), "serve", "--immutable", str(path), "--host", host,
               "--port", str(port), "--metadata", str(metadata),
               "--setting", "suggest_facets", "off"]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ), start_new_session=True)


def fts_any(question: str) -> str:
    """An FTS5 query matching any word of ``question`` (each word quoted, so none is syntax)."""
    words = re.findall(r"\w+", question)
    return " OR ".join(f'"{w}"' for w in words) or '""'


def search_path(question: str, mode: str = "table") -> str:
    """Datasette's answer to one question (see the module docstring for ``mode``)."""
    if mode == "ranked":
        return f"/{DATABASE}/search.json?q={quote(fts_any(question))}&_shape=objects"
    return f"/{DATABASE}/rulings.json?_search={quote(question)}&_size=10&_shape=objects"


def share_answered(host: str, port: int, questions: list[str], mode: str,
                   sample: int = 200) -> float:
    """Of ``sample`` questions, the share Datasette answers with at least one ruling."""
    conn = http.client.HTTPConnection(host, port, timeout=30)
    answered = 0
    picked = questions[:sample]
    for question in picked:
        conn.request("GET", search_path(question, mode))
        body = json.loads(conn.getresponse().read())
        answered += bool(body.get("rows"))
    conn.close()
    return answered / max(1, len(picked))


def tree_rss_mb(pid: int) -> float:
    """Resident memory of a process and all its descendants, in MiB (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(ppid, []).append(int(entry.name))
    total_kb, todo = 0, [pid]
    while todo:
        current = todo.pop()
        todo += children.get(current, [])
        try:
            for line in Path(f"/proc/{current}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total_kb += int(line.split()[1])
        except OSError:
            continue
    return total_kb / 1024
