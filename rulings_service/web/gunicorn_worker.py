"""A gunicorn worker whose refusals of over-long requests keep the API's error shape.

gunicorn parses the request line and headers before the app sees anything,
and refuses a line over ``limit_request_line`` (at most 8190 bytes) or too
many/too large headers with its own HTML page. ``rulings serve`` sets those
limits to gunicorn's maxima, so URLs up to about 8 KB reach the app, whose own
check (``headers._check_limits``) answers 414 in the error shape. Beyond that
the request never reaches Flask; this worker answers those refusals with the
same JSON shape and security headers instead of gunicorn's page. Every other
error is left to gunicorn.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from gunicorn import util
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine
from gunicorn.workers.gthread import ThreadWorker

from rulings_service.web.headers import SECURITY_HEADERS

#: gunicorn's refusals we answer ourselves: exception class -> (status, reason, code, details).
REFUSALS: dict[type[Exception], tuple[int, str, str, str]] = {
    LimitRequestLine: (414, "URI Too Long", "uri_too_long",
                       "The request line (method, URL and version) is longer than {limit} "
                       "bytes."),
    LimitRequestHeaders: (431, "Request Header Fields Too Large", "headers_too_large",
                          "The request has too many or too large header fields."),
}


def error_response(status: int, reason: str, code: str, details: str) -> bytes:
    """A complete HTTP/1.1 response carrying the API's error shape; the connection closes."""
    body = json.dumps({"status": status, "code": code, "details": details,
                       "warnings": []}, separators=(",", ":")).encode()
    head = [f"HTTP/1.1 {status} {reason}", "Connection: close",
            "Content-Type: application/json", f"Content-Length: {len(body)}",
            "Cache-Control: no-store",
            *(f"{name}: {value}" for name, value in SECURITY_HEADERS.items())]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


class JsonErrorWorker(ThreadWorker):
    """gunicorn's threaded worker, with over-long requests refused in the error shape."""

    def handle_error(self, req: Any, client: Any, addr: Any, exc: Exception) -> None:
        for kind, (status, reason, code, details) in REFUSALS.items():
            if isinstance(exc, kind):
                limit = self.cfg.limit_request_line
                self.log.warning("refused request from %s: %s", (addr or ("",))[0], exc)
                # OSError: the client is gone; there is nothing left to tell it.
                with contextlib.suppress(OSError):
                    util.write_nonblock(client, error_response(
                        status, reason, code, details.format(limit=limit)))
                return
        super().handle_error(req, client, addr, exc)
