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


def _finish(response: Response) -> Response:
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    cacheable = (
        request.method in ("GET", "HEAD")
        and response.status_code == 200
        and not response.direct_passthrough
        and "Cache-Control" not in response.headers
    )
    if cacheable:
        max_age = current_app.config["CACHE_MAX_AGE"]
        response.headers["Cache-Control"] = f"public, max-age={max_age}"
        response.headers["Vary"] = "Accept"
        response.set_etag(etag_for(response.get_data()))
        response.make_conditional(request)
    elif "Cache-Control" not in response.headers:
        response.headers["Cache-Control"] = "no-store"
    return response


def register_headers(app: Flask) -> None:
    """Install the limit check and the response finisher on the app."""
    app.before_request(_check_limits)
    app.after_request(_finish)
