"""An in-process cache of GET answers, valid for the life of the loaded build.

The corpus, the index and the scenario results are immutable while a process
runs, so the answer to a URL never changes until the next build is loaded (by
a restart). Repeated searches and card lookups, which is what bots send, are
then answered without searching or serialising again. The cache is bounded in
bytes, per worker process; ``RESPONSE_CACHE_BYTES = 0`` turns it off (the load
test measures both ways). Answers the cache saw say so in ``X-Cache: hit`` or
``miss``, which is how the load test reports its hit rate.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import Flask, Response, current_app, g, request

from rulings_service.web.links import base_is_configured

#: Answers larger than this are not cached (the bulk download, the audit page).
MAX_ENTRY_BYTES = 256 * 1024


class ResponseCache:
    """A thread-safe LRU of (body, mimetype) by URL, bounded in total bytes."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._entries: OrderedDict[str, tuple[bytes, str]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> tuple[bytes, str] | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is None:
                self.misses += 1
                return None
            self._entries.move_to_end(key)
            self.hits += 1
            return entry

    def put(self, key: str, body: bytes, mimetype: str) -> None:
        if len(body) > min(MAX_ENTRY_BYTES, self.max_bytes):
            return
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._bytes -= len(old[0])
            self._entries[key] = (body, mimetype)
            self._bytes += len(body)
            while self._bytes > self.max_bytes and self._entries:
                _, (dropped, _) = self._entries.popitem(last=False)
                self._bytes -= len(dropped)


def _key() -> str:
    """The URL; with the host too when links are built from it (no ``BASE_URL``)."""
    if base_is_configured():
        return request.full_path
    return request.host + request.full_path


def _serve_cached() -> Response | None:
    cache: ResponseCache | None = current_app.extensions.get("rulings_cache")
    if cache is None or request.method != "GET":
        return None
    entry = cache.get(_key())
    if entry is None:
        return None
    g.from_cache = True
    response = Response(entry[0], mimetype=entry[1])
    response.headers["X-Cache"] = "hit"
    return response


def _store(response: Response) -> Response:
    cache: ResponseCache | None = current_app.extensions.get("rulings_cache")
    if (
        cache is not None
        and request.method == "GET"
        and response.status_code == 200
        and not response.direct_passthrough
        and not g.get("from_cache")
        and request.endpoint != "static"
    ):
        cache.put(_key(), response.get_data(), response.mimetype or "application/octet-stream")
        response.headers["X-Cache"] = "miss"
    return response


def register_cache(app: Flask) -> None:
    """Install the cache when ``RESPONSE_CACHE_BYTES`` is positive.

    Registered before the header finisher, so ``_store`` runs after it (Flask
    runs after-request functions in reverse) and sees the final body, while the
    finisher still adds headers and the ETag to answers served from the cache.
    """
    size = int(app.config.get("RESPONSE_CACHE_BYTES", 0))
    if size <= 0:
        return
    app.extensions["rulings_cache"] = ResponseCache(size)
    app.before_request(_serve_cached)
    app.after_request(_store)
