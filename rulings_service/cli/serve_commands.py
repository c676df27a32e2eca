"""``rulings serve``: the web service under gunicorn, or Flask's reloader with ``--dev``.

gunicorn is embedded (``BaseApplication``) so a fresh machine needs nothing
but this package: the command builds the corpus and the search index if they
are missing, loads them once in the master process (``preload_app``) and
forks workers that share that memory. Each worker is a gevent worker
(``web/gunicorn_worker.py``): one process holds many connections, slow ones
included, with deadlines on headers, reads and whole requests, so slow
clients cannot starve it; ``docs/operations.md`` has the measurements.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from typing import Any

import click

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
#: gunicorn's largest request line and header field (0 would mean unbounded, which we avoid).
MAX_REQUEST_LINE = 8190
#: ``--worker-model`` -> gunicorn worker class.
WORKER_CLASSES = {
    "gevent": "rulings_service.web.gunicorn_worker.SlowClientSafeWorker",
    "threads": "rulings_service.web.gunicorn_worker.JsonErrorWorker",
}


def is_loopback(host: str) -> bool:
    """True for names and addresses that only this machine can reach."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def default_base_url(host: str, port: int) -> str:
    """The address links name when ``RULINGS_BASE_URL`` is unset: where we were told to listen.

    Links never come from the request's ``Host`` header, which any client sets (a
    spoofed one would put another site into a bot's reply). A wildcard bind
    (``0.0.0.0``, ``::``) names this machine by its host name, as Jupyter does.
    """
    name = host.strip("[]")
    try:
        if ipaddress.ip_address(name).is_unspecified:
            name = socket.getfqdn()
    except ValueError:
        pass
    if ":" in name:
        name = f"[{name}]"
    return f"http://{name}:{port}/"


def default_workers() -> int:
    """One per core, 2 to 8: search is CPU-bound and the GIL makes a process the unit.

    More processes than cores only add switching: on 2 cores the load test's
    uncached search gave the same throughput (600-640 req/s) with 2, 3 or 4
    workers, and the best p99 with 2 (see README, "Load").
    """
    return max(2, min(8, os.cpu_count() or 1))


def run_gunicorn(app: Any, options: dict[str, Any]) -> None:
    """Serve ``app`` with gunicorn's arbiter, configured from ``options``."""
    from gunicorn.app.base import BaseApplication

    class _Embedded(BaseApplication):
        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return app

    _Embedded().run()


@click.command("serve")
@click.option("--host", default=DEFAULT_HOST, show_default=True, help="Interface to bind.")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(1, 65535))
@click.option("--workers", type=click.IntRange(1, 64), default=None,
              help="Worker processes [default: 1 per core, 2 to 8].")
@click.option("--worker-model", type=click.Choice(sorted(WORKER_CLASSES)), default="gevent",
              show_default=True,
              help="gevent: many connections per worker, slow clients cut off (the default); "
                   "threads: a fixed pool of threads per worker, only safe behind nginx.")
@click.option("--threads", type=click.IntRange(1, 64), default=4, show_default=True,
              help="Threads per worker (--worker-model threads only).")
@click.option("--dev", is_flag=True,
              help="Flask's development server with the reloader (loopback only, no debugger).")
def serve_command(host: str, port: int, workers: int | None, worker_model: str, threads: int,
                  dev: bool) -> None:
    """Serve the rulings pages and API (builds the corpus and index first if missing)."""
    from rulings_service.app import create_app

    if dev and not is_loopback(host):
        raise click.UsageError(
            f"--dev serves Flask's development server, which is not fit for other machines; "
            f"use a loopback --host (127.0.0.1, ::1, localhost), not {host!r}, "
            f"or drop --dev to serve with gunicorn."
        )

    click.echo("Loading the corpus and the search index (building them if missing)...", err=True)
    app = load_app(create_app)
    if not app.config.get("BASE_URL"):
        app.config["BASE_URL"] = default_base_url(host, port)
    corpus = app.extensions["rulings"].corpus
    click.echo(f"Corpus {corpus.build_id[:12]}: {len(corpus.cards)} cards, "
               f"{len(corpus.rulings)} rulings. Serving on http://{host}:{port}/ "
               f"(links name {app.config['BASE_URL']}; set RULINGS_BASE_URL to change)", err=True)
    if dev:
        # The reloader only: Werkzeug's interactive debugger runs arbitrary
        # Python for whoever can reach a traceback page, so it stays off.
        app.run(host=host, port=port, debug=True, use_reloader=True, use_debugger=False)
        return
    run_gunicorn(app, gunicorn_options(host, port, workers or default_workers(), threads,
                                       worker_model))


def load_app(create_app: Any) -> Any:
    """The app over the current build; a build that cannot be had is one line, not a traceback."""
    from rulings_service.build import BuildError
    from rulings_service.corpus_store import CorpusNotBuilt

    try:
        return create_app()
    except (BuildError, CorpusNotBuilt) as exc:
        raise click.ClickException(" ".join(str(exc).split())) from exc


def gunicorn_options(host: str, port: int, workers: int, threads: int = 4,
                     worker_model: str = "gevent") -> dict[str, Any]:
    """gunicorn's settings for the service.

    The request-line and header limits are gunicorn's maxima (8190 bytes), so
    any URL up to about 8 KB reaches the app, whose own checks answer 414 in
    the API's error shape; longer lines are refused by the worker
    (``web/gunicorn_worker.py``) in the same shape. gunicorn stops reading at
    those limits, so no request can make a worker buffer more than that.
    ``keepalive`` is the threaded model's idle limit; the gevent worker bounds
    each request's headers, and the idle time before them, by its own
    ``HEADER_TIMEOUT``. gunicorn's control socket is off: it lives at one
    fixed path per user, which several servers on one machine would share.
    """
    from rulings_service.web.gunicorn_worker import WORKER_CONNECTIONS

    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "threads": threads,
        "worker_class": WORKER_CLASSES[worker_model],
        "worker_connections": WORKER_CONNECTIONS,
        "preload_app": True,
        "timeout": 30,
        "keepalive": 5,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "limit_request_line": MAX_REQUEST_LINE,
        "limit_request_fields": 50,
        "limit_request_field_size": MAX_REQUEST_LINE,
        "control_socket_disable": True,
    }


def register(group: click.Group) -> None:
    """Add this module's commands to the ``rulings`` group."""
    group.add_command(serve_command)
