"""Default configuration of the web app.

Values can be overridden, in increasing priority, by ``instance/config.py``
(the Flask instance folder), environment variables prefixed ``RULINGS_``
(``RULINGS_CACHE_MAX_AGE=60``; values are parsed as JSON when they can
be) and the mapping passed to ``create_app``. The defaults are chosen so a
fresh checkout serves safely without any file or variable. Input limits that
are part of the API contract (query and message lengths) live in ``schemas``,
because the OpenAPI document publishes them.
"""

from __future__ import annotations

DEFAULTS: dict[str, object] = {
    # Request bodies larger than this are refused with 413 before a view runs.
    "MAX_CONTENT_LENGTH": 64 * 1024,
    # A whole query string longer than this is refused with 414.
    "MAX_QUERY_STRING": 2048,
    # A path longer than this (in bytes, percent-encoded) is refused with 414.
    # No page or API path comes near it; longer URLs than gunicorn's 8190-byte
    # request line are refused by the worker in the same shape (gunicorn_worker).
    "MAX_PATH": 1024,
    # At most this many [[Card]] references are resolved in one message.
    "MAX_REFERENCES": 10,
    # Seconds browsers and proxies may reuse a GET answer without asking again;
    # the ETag lets them revalidate cheaply after that.
    "CACHE_MAX_AGE": 300,
    # Bytes of GET answers each worker keeps in memory (0: no cache); see web/cache.py.
    "RESPONSE_CACHE_BYTES": 32 * 1024 * 1024,
    # The address the service is published at (``https://rulings.example.org``): every
    # ``uri``, ``web_uri``, ``next_page`` and resolve link starts with it. Unset, links
    # use the Host the request was sent to; forwarded headers are never trusted for it.
    "BASE_URL": None,
    # Items per page of the card, set and kingdom lists (Scryfall pages 175 cards).
    "LIST_PAGE_SIZE": 175,
    # Bodies smaller than this many bytes are sent uncompressed (Flask-Compress).
    "COMPRESS_MIN_SIZE": 2048,
    "SEARCH_DEFAULT_LIMIT": 10,
    "SEARCH_MAX_LIMIT": 50,
    "JSON_SORT_KEYS": False,
    # The sandbox (``/sandbox``, ``POST /api/v1/scenarios/run``): the largest scenario
    # text, and the seconds of wall clock one run may take (see docs/replay-and-sandbox.md).
    "SANDBOX_MAX_BYTES": 16 * 1024,
    "SANDBOX_TIME_BUDGET": 2.0,
}
