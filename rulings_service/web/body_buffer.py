"""Request bodies are read whole, up to the size limit, before Flask sees them.

Why a WSGI wrapper rather than Flask's own reading: Flask reads the body
lazily, inside a view, where any failure of the *transport* (a malformed
chunked encoding raised by gunicorn's decoder, a socket read that times out,
a client that hangs up) looks like an unexpected exception and becomes a 500.
And for a chunked body, which has no ``Content-Length``, Werkzeug's size
limit silently truncates at ``MAX_CONTENT_LENGTH`` instead of refusing, so a
1 MB body answered 400 ("not JSON") rather than 413. Reading the body here, as
a buffering proxy would, turns each of those into its own answer in the
API's error shape (400, 408, 413) and hands the app an in-memory body of known
length.
"""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Callable, Iterable
from typing import Any

from rulings_service.web.headers import SECURITY_HEADERS

WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]
_READ_SIZE = 16 * 1024
#: How much of a refused (too large) body is read and dropped so the client sees the 413.
DRAIN_BYTES = 2 * 1024 * 1024
_REASONS = {400: "Bad Request", 408: "Request Timeout", 413: "Content Too Large"}


class _Refusal(Exception):
    def __init__(self, status: int, code: str, details: str) -> None:
        super().__init__(details)
        self.status, self.code, self.details = status, code, details


def _read_body(environ: dict[str, Any], limit: int) -> bytes | None:
    """The whole body (None if the request has none); ``_Refusal`` if it cannot be had."""
    chunked = "chunked" in environ.get("HTTP_TRANSFER_ENCODING", "").lower()
    length_header = environ.get("CONTENT_LENGTH") or ""
    if not chunked and not length_header:
        return None
    too_large = _Refusal(413, "request_too_large",
                         f"The request body is larger than this service accepts "
                         f"({limit} bytes).")
    expected: int | None = None
    if not chunked:
        if not length_header.isdigit():
            raise _Refusal(400, "bad_request", "The Content-Length header is not a number.")
        expected = int(length_header)
        if expected > limit:
            raise too_large
    stream = environ["wsgi.input"]
    parts: list[bytes] = []
    size = 0
    try:
        while expected is None or size < expected:
            want = _READ_SIZE if expected is None else min(_READ_SIZE, expected - size)
            part = stream.read(want)
            if not part:
                break
            size += len(part)
            if size > limit:
                raise too_large
            parts.append(part)
    except _Refusal:
        raise
    except TimeoutError as exc:
        raise _Refusal(408, "request_timeout", "The request body did not arrive in time."
                       ) from exc
    except Exception as exc:  # noqa: BLE001 - any failure of the transport is the client's
        # gunicorn's chunked decoder raises its own ParseException subclasses here.
        raise _Refusal(400, "bad_request",
                       f"The request body could not be read: {type(exc).__name__}.") from exc
    if expected is not None and size < expected:
        raise _Refusal(400, "bad_request", f"The request body ended after {size} of the "
                       f"{expected} bytes its Content-Length announced.")
    return b"".join(parts)


def _drain(stream: Any) -> None:
    """Read and drop up to ``DRAIN_BYTES`` more of a refused body before answering.

    The server closes the connection after a refusal; closing with unread
    bytes in the socket makes the kernel send a reset, which can destroy the
    413 before the client reads it. Reading a little more first (a lingering
    close, in nginx's terms) lets an ordinary over-large upload see its answer.
    """
    drained = 0
    with contextlib.suppress(Exception):
        while drained < DRAIN_BYTES and (part := stream.read(_READ_SIZE)):
            drained += len(part)


def _refuse(start_response: Callable[..., Any], refusal: _Refusal) -> list[bytes]:
    body = json.dumps({"status": refusal.status, "code": refusal.code,
                       "details": refusal.details, "warnings": []},
                      separators=(",", ":")).encode()
    start_response(f"{refusal.status} {_REASONS[refusal.status]}", [
        ("Content-Type", "application/json"), ("Content-Length", str(len(body))),
        ("Cache-Control", "no-store"),
        *SECURITY_HEADERS.items(),
    ])
    return [body]


class BodyBuffer:
    """WSGI middleware: read the body whole (at most ``limit`` bytes) or refuse the request."""

    def __init__(self, app: WSGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]
                 ) -> Iterable[bytes]:
        try:
            body = _read_body(environ, self.limit)
        except _Refusal as refusal:
            if refusal.status == 413:
                _drain(environ["wsgi.input"])
            return _refuse(start_response, refusal)
        if body is not None:
            environ["wsgi.input"] = io.BytesIO(body)
            environ["CONTENT_LENGTH"] = str(len(body))
            environ.pop("HTTP_TRANSFER_ENCODING", None)
            environ.pop("wsgi.input_terminated", None)
        return self.app(environ, start_response)
