"""Load test of ``rulings serve`` on loopback: search and card requests against a ceiling.

Starts ``rulings serve`` on a free 127.0.0.1 port (building the corpus and
index first if missing), then for each target runs ``--concurrency`` clients
(processes x threads, each thread on its own keep-alive connection) for at
most ``--seconds`` seconds or ``--max-requests`` requests, whichever comes
first, and reports throughput, p50/p99 latency and errors. Each target is
first run the same way for ``--warmup`` seconds, unmeasured: a fresh worker
fills its per-process tables (each term's BM25 shares, analysed strings, a
ruling's escaped text...) on first use, which a server in service has long
done; ``--warmup 0`` measures from a cold start. The ceiling is
``/api/v1/ping``: the same server, app and headers, with no work behind it.
It stops the server it started and talks to nothing but 127.0.0.1.

    .venv/bin/python benchmarks/load_test.py                # defaults: 32 clients, 10 s each
    .venv/bin/python benchmarks/load_test.py --seconds 5 --json-out result.json

Search is driven with many distinct realistic questions: every question of
``benchmarks/questions/*.yaml`` plus every card name, shuffled (fixed seed),
about 4,100 distinct URLs. The server keeps an in-process cache of GET answers
(``web/cache.py``); the primary result is a server with that cache OFF, where
every search really runs the search. A second server with the cache ON is
measured separately and its hit rate reported (from the ``X-Cache`` header),
because a cached run mostly measures how often the same URLs come back.

The peer (issue 18) is what a self-hoster would run instead: Datasette over
SQLite FTS5 (porter) holding the same rulings, in its own virtualenv
(``benchmarks/datasette_peer.py`` says how it is set up and asked). On the
uncached server, our search and Datasette's are run alternately
``--peer-rounds`` times with the same clients and questions, and the ratio
of throughput and of p99 is printed with its min and max. The earlier target
of search at half the ping ceiling is retired (it measured Python's floor,
not a peer); the ping line stays as context. The exit status is 1 when any
request failed. The RSS of ``rulings serve`` (master and workers) after the
warm-up and measured runs is printed too.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from statistics import median
from urllib.parse import quote

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
import datasette_peer  # noqa: E402  (a sibling script, not a package)

HOST = "127.0.0.1"
QUESTIONS_DIR = Path(__file__).resolve().parent / "questions"


def load_questions(directory: Path = QUESTIONS_DIR) -> list[str]:
    """Every question of the search benchmarks, each once, in file order."""
    seen: dict[str, None] = {}
    for path in sorted(directory.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        for item in data.get("questions", []):
            if isinstance(item, dict) and str(item.get("q") or "").strip():
                seen.setdefault(str(item["q"]).strip(), None)
    return list(seen)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def wait_ready(port: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", "/api/v1/ping")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not answer on port {port} within {timeout:.0f} s")


def _client_process(port: int, paths: list[str], threads: int, seconds: float,
                    max_requests: int, start_at: float, out: mp.Queue) -> None:
    """One client process: ``threads`` keep-alive connections hammering ``paths``."""
    latencies: list[float] = []
    errors: list[str] = []
    cache_hits = [0]
    lock = threading.Lock()
    budget = [max_requests]

    def worker(offset: int) -> None:
        conn = http.client.HTTPConnection(HOST, port, timeout=10)
        i = offset
        while time.monotonic() < start_at + seconds:
            with lock:
                if budget[0] <= 0:
                    break
                budget[0] -= 1
            path = paths[i % len(paths)]
            i += 1
            began = time.perf_counter()
            try:
                conn.request("GET", path)
                response = conn.getresponse()
                response.read()
                status = response.status
                hit = response.getheader("X-Cache") == "hit"
            except (OSError, http.client.HTTPException) as exc:
                errors.append(f"{path}: {type(exc).__name__}")
                conn.close()
                conn = http.client.HTTPConnection(HOST, port, timeout=10)
                continue
            elapsed = time.perf_counter() - began
            with lock:
                latencies.append(elapsed)
                cache_hits[0] += hit
                if status != 200:
                    errors.append(f"{path}: HTTP {status}")
        conn.close()

    while time.monotonic() < start_at:
        time.sleep(0.001)
    pool = [threading.Thread(target=worker, args=(n * 7,)) for n in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    out.put((latencies, errors, cache_hits[0]))


def run_target(name: str, port: int, paths: list[str], concurrency: int, processes: int,
               seconds: float, max_requests: int) -> dict:
    per_process = max(1, concurrency // processes)
    queue: mp.Queue = mp.Queue()
    start_at = time.monotonic() + 0.5
    procs = [
        mp.Process(target=_client_process,
                   args=(port, paths[k::processes] or paths, per_process, seconds,
                         max_requests // processes, start_at, queue))
        for k in range(processes)
    ]
    for p in procs:
        p.start()
    latencies: list[float] = []
    errors: list[str] = []
    hits = 0
    for _ in procs:
        got_lat, got_err, got_hits = queue.get(timeout=seconds + 60)
        latencies += got_lat
        errors += got_err
        hits += got_hits
    for p in procs:
        p.join(timeout=10)
    wall = max(time.monotonic() - start_at, 1e-9)
    latencies.sort()

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000

    return {
        "target": name,
        "requests": len(latencies),
        "errors": len(errors),
        "error_samples": errors[:5],
        "seconds": round(wall, 2),
        "throughput_rps": round(len(latencies) / wall, 1),
        "p50_ms": round(pct(0.50), 2) if latencies else None,
        "p99_ms": round(pct(0.99), 2) if latencies else None,
        "distinct_paths": len(set(paths)),
        "cache_hit_rate": round(hits / len(latencies), 3) if latencies else None,
    }


def list_cards(port: int) -> list[dict]:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    conn.request("GET", "/api/v1/cards")
    return json.loads(conn.getresponse().read())["cards"]


def search_questions(cards: list[dict]) -> list[str]:
    """Every benchmark question and every card name, once each, shuffled the same way each run."""
    queries = load_questions() + [c["name"] for c in cards]
    random.Random(6).shuffle(queries)
    return list(dict.fromkeys(queries))


def search_paths(cards: list[dict]) -> list[str]:
    """Our search's URL for each of :func:`search_questions`."""
    return [f"/api/v1/search?q={quote(q)}" for q in search_questions(cards)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--processes", type=int, default=4, help="client processes")
    parser.add_argument("--seconds", type=float, default=10.0, help="per target, at most")
    parser.add_argument("--max-requests", type=int, default=50_000, help="per target, at most")
    parser.add_argument("--warmup", type=float, default=5.0,
                        help="seconds each target runs unmeasured first (0: none)")
    parser.add_argument("--workers", type=int, default=None, help="server workers")
    parser.add_argument("--threads", type=int, default=None, help="threads per server worker")
    parser.add_argument("--worker-model", choices=["gevent", "threads"], default=None,
                        help="rulings serve --worker-model (default: the server's default)")
    parser.add_argument("--cache", choices=["both", "on", "off"], default="both",
                        help="run with the server's response cache on, off, or both")
    parser.add_argument("--peer", choices=["datasette", "none"], default="datasette",
                        help="the self-hoster's peer, measured against the uncached server")
    parser.add_argument("--peer-rounds", type=int, default=3,
                        help="alternations of our search and the peer's (each --seconds long)")
    parser.add_argument("--json-out", type=Path, default=None)
    args = parser.parse_args(argv)
    if not 1 <= args.seconds <= 120 or not 1 <= args.max_requests <= 1_000_000:
        parser.error("--seconds must be 1..120 and --max-requests 1..1000000")
    if not 0 <= args.warmup <= 60:
        parser.error("--warmup must be 0..60 seconds")
    if not 1 <= args.peer_rounds <= 10:
        parser.error("--peer-rounds must be 1..10")

    modes = {"both": [False, True], "on": [True], "off": [False]}[args.cache]
    report = []
    for cached in modes:
        results = serve_and_measure(args, cached)
        report.append({"cache": cached, "results": results, **summarise(args, results, cached)})
    # The primary result is the uncached one: every search searches.
    ok = report[0]["target_met"]
    if args.json_out:
        args.json_out.write_text(json.dumps(report, indent=2))
    return 0 if ok else 1


def start_server(port: int, workers: int | None, threads: int | None,
                 cached: bool, worker_model: str | None = None) -> subprocess.Popen:
    """``rulings serve`` on ``port`` in a session of its own (stopped by :func:`stop_server`)."""
    rulings = Path(sys.executable).with_name("rulings")
    command = [str(rulings), "serve", "--host", HOST, "--port", str(port)]
    if workers:
        command += ["--workers", str(workers)]
    if threads:
        command += ["--threads", str(threads)]
    if worker_model:
        command += ["--worker-model", worker_model]
    env = dict(os.environ)
    if not cached:
        env["RULINGS_RESPONSE_CACHE_BYTES"] = "0"
    return subprocess.Popen(command, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            env=env, start_new_session=True)


def stop_server(server: subprocess.Popen) -> None:
    """Stop the server's whole session (its workers too), by force if it lingers."""
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)


def serve_and_measure(args: argparse.Namespace, cached: bool) -> list[dict]:
    """Start a server (cache on or off), run the three targets, stop the server."""
    port = free_port()
    server = start_server(port, args.workers, args.threads, cached, args.worker_model)
    try:
        wait_ready(port, timeout=300)
        cards = list_cards(port)
        targets = {
            "ceiling (/api/v1/ping)": ["/api/v1/ping"],
            "search (/api/v1/search)": search_paths(cards),
            "card (/api/v1/cards/<slug>)": [f"/api/v1/cards/{c['slug']}" for c in cards],
        }
        results = []
        for name, paths in targets.items():
            if args.warmup:
                run_target(name, port, paths, args.concurrency, args.processes, args.warmup,
                           args.max_requests)
            results.append(run_target(name, port, paths, args.concurrency, args.processes,
                                      args.seconds, args.max_requests))
        rss = datasette_peer.tree_rss_mb(server.pid)
        print(f"rulings serve RSS after warm-up (master and workers): {rss:.0f} MiB")
        results[0]["server_rss_mib"] = round(rss, 1)
        if not cached and args.peer == "datasette":
            results += measure_datasette(args, port, search_questions(cards))
        return results
    finally:
        stop_server(server)


def measure_datasette(args: argparse.Namespace, port: int, questions: list[str]) -> list[dict]:
    """Our uncached search and Datasette's (both forms), alternated; print the ratios."""
    sides = {"ours": [f"/api/v1/search?q={quote(q)}" for q in questions]}
    sides |= {f"datasette {mode}": [datasette_peer.search_path(q, mode) for q in questions]
              for mode in datasette_peer.MODES}
    with tempfile.TemporaryDirectory(prefix="rulings-datasette-") as tmp:
        database = Path(tmp) / f"{datasette_peer.DATABASE}.db"
        count = datasette_peer.build_database(datasette_peer.fetch_rulings(HOST, port), database)
        peer_port = free_port()
        peer = datasette_peer.start(database, HOST, peer_port)
        try:
            wait_ready_path(peer_port, "/-/versions.json", timeout=120)
            answered = {mode: datasette_peer.share_answered(HOST, peer_port, questions, mode)
                        for mode in datasette_peer.MODES}
            rss_peer = 0.0
            rounds: list[dict] = []
            for k in range(args.peer_rounds):
                for name, paths in sides.items():
                    target_port = port if name == "ours" else peer_port
                    if args.warmup and k == 0:
                        run_target(name, target_port, paths, args.concurrency, args.processes,
                                   args.warmup, args.max_requests)
                    result = run_target(f"round {k + 1}: {name}", target_port, paths,
                                        args.concurrency, args.processes, args.seconds,
                                        args.max_requests)
                    result["peer_side"] = name
                    rounds.append(result)
                rss_peer = max(rss_peer, datasette_peer.tree_rss_mb(peer.pid))
        finally:
            stop_server(peer)
    print(f"\nDatasette {datasette_peer.VERSION} over SQLite FTS5 (porter), {count} rulings, "
          f"{args.peer_rounds} alternations, RSS {rss_peer:.0f} MiB; of the first 200 "
          "questions, answered with at least one ruling: "
          + ", ".join(f"{mode} {share:.0%}" for mode, share in answered.items()))
    for r in rounds:
        print(f"  {r['target']:28} {r['throughput_rps']:>9} req/s  p50 {r['p50_ms']:>7} ms"
              f"  p99 {r['p99_ms']:>7} ms  errors {r['errors']}")
    width = len(sides)
    for mode in datasette_peer.MODES:
        pairs = [(rounds[i], next(r for r in rounds[i:i + width]
                                  if r["peer_side"] == f"datasette {mode}"))
                 for i in range(0, len(rounds), width)]
        rps = [a["throughput_rps"] / max(b["throughput_rps"], 1e-9) for a, b in pairs]
        p99 = [b["p99_ms"] / max(a["p99_ms"], 1e-9) for a, b in pairs]
        print(f"our uncached search / Datasette {mode}: req/s x{median(rps):.2f} "
              f"(min {min(rps):.2f}, max {max(rps):.2f}); its p99 / ours "
              f"x{median(p99):.2f} (min {min(p99):.2f}, max {max(p99):.2f})")
        rounds[0][f"ratio_rps_{mode}"] = [round(x, 2) for x in rps]
        rounds[0][f"ratio_p99_{mode}"] = [round(x, 2) for x in p99]
    rounds[0].update(peer_rulings=count, peer_answered_share=answered,
                     peer_rss_mib=round(rss_peer, 1))
    return rounds


def wait_ready_path(port: int, path: str, timeout: float) -> None:
    """Wait until ``path`` on ``port`` answers 200 (for a server that has no ping)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection(HOST, port, timeout=2)
            conn.request("GET", path)
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the peer did not answer on port {port} within {timeout:.0f} s")


def summarise(args: argparse.Namespace, results: list[dict], cached: bool) -> dict:
    """Print one table; return whether the issue's target is met."""
    ceiling = results[0]["throughput_rps"]
    print(f"\nresponse cache {'ON' if cached else 'OFF'}: concurrency {args.concurrency}, "
          f"{os.cpu_count()} CPUs, {args.seconds:g} s per target after {args.warmup:g} s"
          f" unmeasured")
    print(f"{'target':32} {'requests':>9} {'errors':>6} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8}"
          f" {'of ceiling':>10} {'URLs':>6} {'cache hits':>10}")
    for r in results[:3]:  # the peer's rounds print their own table
        share = r["throughput_rps"] / ceiling if ceiling else 0.0
        r["share_of_ceiling"] = round(share, 3)
        hits = f"{r['cache_hit_rate']:.0%}" if cached and r["cache_hit_rate"] is not None else "-"
        print(f"{r['target']:32} {r['requests']:>9} {r['errors']:>6} {r['throughput_rps']:>9}"
              f" {r['p50_ms']:>8} {r['p99_ms']:>8} {share:>10.0%} {r['distinct_paths']:>6}"
              f" {hits:>10}")
    ok = all(r["errors"] == 0 for r in results)
    label = "cached run, for comparison" if cached else "primary: every search searches"
    print(f"0 errors ({label}):", "yes" if ok else "NO")
    return {"target_met": ok}


if __name__ == "__main__":
    sys.exit(main())
