"""Caching, security headers and request limits, applied to every response.

Caching is keyed on the corpus build: an ETag is the hash of the build id and
the body, so a client revalidating after a rebuild never gets a stale 304,
and an unchanged build answers with 304 and no body. The CSP allows only
our own scripts and styles (no inline code), which is why templates carry no
``<script>`` blocks or ``style=`` attributes.
"""

from __future__ import annotations

import hashlib

from flask import Flask, Response, current_app, request
from werkzeug.http import http_date

from rulings_service.web.errors import ApiError
from rulings_service.web.services import services

CSP = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
    ]
)

SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
#: Paths of the JSON API (and its OpenAPI document), whose GET answers any origin may read.
API_PATH = "/api/"
_SECURITY_ITEMS = tuple(SECURITY_HEADERS.items())
_SECURITY_NAMES = frozenset(name.lower() for name in SECURITY_HEADERS)

#: Request headers that can make an answer conditional (304/412) or partial (206).
#: Without any of them ``make_conditional`` only adds a ``Date``, done directly.
_CONDITIONAL_ENVIRON = (
    "HTTP_IF_NONE_MATCH",
    "HTTP_IF_MODIFIED_SINCE",
    "HTTP_IF_MATCH",
    "HTTP_IF_UNMODIFIED_SINCE",
    "HTTP_IF_RANGE",
    "HTTP_RANGE",
)


def _check_limits() -> None:
    """Refuse over-long paths and query strings before any view parses them.

    Checked on the raw (percent-encoded) bytes a client sent, so the limit is
    the one the client can count, and no view echoes a huge path back.
    """
    limit = current_app.config["MAX_QUERY_STRING"]
    if len(request.query_string) > limit:
        raise ApiError(414, "uri_too_long", f"The query string is longer than {limit} bytes.")
    path_limit = current_app.config["MAX_PATH"]
    raw_path = request.environ.get("RAW_URI", "").split("?", 1)[0] or request.path
    if len(raw_path.encode("utf-8", "replace")) > path_limit:
        raise ApiError(414, "uri_too_long", f"The path is longer than {path_limit} bytes.")


def etag_for(body: bytes) -> str:
    """A validator that changes when the build or the body does."""
    build_id = services().corpus.build_id
    return hashlib.sha256(build_id.encode() + b"\0" + body).hexdigest()[:32]


def _add_security_headers(response: Response) -> None:
    """``setdefault`` of every security header, in one pass over the response's headers."""
    headers = response.headers
    present = {name.lower() for name, _ in headers} & _SECURITY_NAMES
    if not present:
        headers.extend(_SECURITY_ITEMS)
        return
    for name, value in _SECURITY_ITEMS:
        if name.lower() not in present:
            headers.add(name, value)


def _make_conditional(response: Response) -> None:
    """``response.make_conditional(request)``, without its parsing when nothing asks for it."""
    environ = request.environ
    if any(key in environ for key in _CONDITIONAL_ENVIRON):
        response.make_conditional(request)
        return
    # All make_conditional does for a request without validators or ranges
    # (the Content-Length of a body set from bytes is already there).
    headers = response.headers
    if "date" not in headers:
        headers["Date"] = http_date()
    if response.automatically_set_content_length and "content-length" not in headers:
        length = response.calculate_content_length()
        if length is not None:
            headers["Content-Length"] = str(length)


def _finish(response: Response) -> Response:
    _add_security_headers(response)
    headers = response.headers
    if request.method in ("GET", "HEAD") and request.path.startswith(API_PATH):
        # Browser bots (a web page calling the API) may read any GET answer, errors
        # included; nothing here depends on cookies, so no origin needs singling out.
        headers["Access-Control-Allow-Origin"] = "*"
    cacheable = (
        request.method in ("GET", "HEAD")
        and response.status_code == 200
        and not response.direct_passthrough
        and "Cache-Control" not in headers
    )
    if cacheable:
        max_age = current_app.config["CACHE_MAX_AGE"]
        headers["Cache-Control"] = f"public, max-age={max_age}"
        headers["Vary"] = "Accept"
        response.set_etag(etag_for(response.get_data()))
        _make_conditional(response)
    elif "Cache-Control" not in headers:
        headers["Cache-Control"] = "no-store"
    return response


def register_headers(app: Flask) -> None:
    """Install the limit check and the response finisher on the app."""
    app.before_request(_check_limits)
    app.after_request(_finish)
