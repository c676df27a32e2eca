"""gunicorn workers for ``rulings serve``: slow clients cannot starve them, and every
refusal gunicorn makes itself keeps the API's error shape.

Why gevent (``SlowClientSafeWorker``) and not threads: a threaded worker hands
each new connection to a thread *before* the request has arrived, and reads
the request line, headers and body with no deadline, so a client trickling a
few header bytes holds a thread for as long as it likes; eight such sockets
(2 workers x 4 threads) stopped the service. Under gevent a waiting
connection is a greenlet of a few kilobytes, a worker holds up to
``worker_connections`` of them, and the deadlines below close the ones that
dawdle. Search is CPU-bound either way, so the process stays the unit of
parallelism; the measurements that chose this are in ``docs/operations.md``.

Deadlines (seconds):

* ``HEADER_TIMEOUT``: the request line and headers must all arrive within it
  (the first request of a connection as much as the next one); otherwise the
  connection is closed. gunicorn's keep-alive idle limit is the same clock.
* ``READ_TIMEOUT``: any single read or write on the socket (the body, the
  answer) that makes no progress for this long fails.
* ``REQUEST_TIMEOUT``: a whole request, body and answer included; a client
  trickling a body one byte at a time is cut off here.

gunicorn parses the request line and headers before the app sees anything,
and refuses malformed or over-long ones with its own HTML page; the chunked
body is decoded while the app reads it. ``JsonRefusals`` answers all of these
with the API's JSON shape and security headers instead.
"""

from __future__ import annotations

import contextlib
import json
import socket
from typing import Any

import gevent
from gunicorn import util
from gunicorn.http import errors as http_errors
from gunicorn.workers.ggevent import GeventWorker
from gunicorn.workers.gthread import ThreadWorker

from rulings_service.web.headers import SECURITY_HEADERS

HEADER_TIMEOUT = 10.0
READ_TIMEOUT = 10.0
REQUEST_TIMEOUT = 30.0
#: A refused client's remaining bytes are read and dropped for at most this long / this much.
LINGER_SECONDS = 2.0
LINGER_BYTES = 1024 * 1024
#: Open connections one worker process holds at most (idle keep-alive ones included).
WORKER_CONNECTIONS = 1000

#: gunicorn's refusals: exception class -> (status, reason, code, details), first match wins.
REFUSALS: tuple[tuple[type[BaseException] | tuple[type[BaseException], ...],
                     tuple[int, str, str, str]], ...] = (
    (http_errors.LimitRequestLine,
     (414, "URI Too Long", "uri_too_long",
      "The request line (method, URL and version) is longer than {limit} bytes.")),
    (http_errors.LimitRequestHeaders,
     (431, "Request Header Fields Too Large", "headers_too_large",
      "The request has too many or too large header fields.")),
    (http_errors.UnsupportedTransferCoding,
     (501, "Not Implemented", "not_implemented",
      "The request uses a transfer coding this service does not support (only chunked).")),
    (http_errors.ExpectationFailed,
     (417, "Expectation Failed", "expectation_failed",
      "The request's Expect header asks for something this service does not do.")),
    ((http_errors.InvalidChunkSize, http_errors.ChunkMissingTerminator,
      http_errors.InvalidChunkExtension),
     (400, "Bad Request", "bad_request", "The chunked request body is malformed.")),
    (http_errors.ParseException,
     (400, "Bad Request", "bad_request", "The request is not valid HTTP/1.1: {error}")),
)


class RequestTimeout(BaseException):
    """A request took longer than ``REQUEST_TIMEOUT`` to arrive and be answered.

    A ``BaseException``, like gevent's own ``Timeout``, so the app's catch-all
    error handler cannot turn it into a 500: it reaches the worker, which
    answers 408 (or just closes, if the answer had started).
    """


def error_response(status: int, reason: str, code: str, details: str) -> bytes:
    """A complete HTTP/1.1 response carrying the API's error shape; the connection closes."""
    body = json.dumps({"status": status, "code": code, "details": details,
                       "warnings": []}, separators=(",", ":")).encode()
    head = [f"HTTP/1.1 {status} {reason}", "Connection: close",
            "Content-Type: application/json", f"Content-Length: {len(body)}",
            "Cache-Control: no-store",
            *(f"{name}: {value}" for name, value in SECURITY_HEADERS.items())]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


def refusal_for(exc: BaseException, limit: int) -> bytes | None:
    """The JSON response for an error gunicorn raised while parsing, or None if not one."""
    for kinds, (status, reason, code, details) in REFUSALS:
        if isinstance(exc, kinds):
            # The parser's message quotes the client's bytes; keep it short and printable.
            error = "".join(c if c.isprintable() else "?" for c in str(exc))[:200]
            return error_response(status, reason, code, details.format(limit=limit,
                                                                       error=error))
    if isinstance(exc, RequestTimeout | socket.timeout):
        return error_response(408, "Request Timeout", "request_timeout",
                              "The request did not arrive in time.")
    return None


class JsonRefusals:
    """Answers gunicorn's own refusals in the error shape; mixed into a gunicorn worker."""

    cfg: Any
    log: Any

    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        response = refusal_for(exc, self.cfg.limit_request_line)
        if response is None:
            super().handle_error(req, client, addr, exc)  # type: ignore[misc]
            return
        self.log.info("refused request from %s: %s", (addr or ("",))[0], exc)
        # OSError: the client is gone; there is nothing left to tell it.
        with contextlib.suppress(OSError):
            util.write_nonblock(client, response)
            lingering_close(client)


def lingering_close(client: socket.socket) -> None:
    """Stop sending, then read and drop what the client is still sending, for a moment.

    Closing a socket with unread bytes in its receive buffer makes the kernel
    send a reset, which can destroy our answer before the client reads it (a
    client still sending a 100 kB request line sees "connection reset"
    instead of its 414). nginx calls this a lingering close.
    """
    client.shutdown(socket.SHUT_WR)
    client.settimeout(LINGER_SECONDS)
    drained = 0
    while drained < LINGER_BYTES:
        data = client.recv(65536)
        if not data:
            return
        drained += len(data)


class SlowClientSafeWorker(JsonRefusals, GeventWorker):
    """gunicorn's gevent worker with header, read and whole-request deadlines."""

    def timeout_ctx(self) -> gevent.Timeout:
        # Wraps the reading of each request line and headers (gunicorn's keep-alive loop).
        return gevent.Timeout(HEADER_TIMEOUT, False)

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        sock.settimeout(READ_TIMEOUT)
        with gevent.Timeout(REQUEST_TIMEOUT, RequestTimeout):
            return super().handle_request(listener_name, req, sock, addr)


class JsonErrorWorker(JsonRefusals, ThreadWorker):
    """gunicorn's threaded worker with JSON refusals: ``rulings serve --worker-model threads``.

    Kept for comparison and for hosts where gevent cannot run; it has no
    header deadline, so it is only safe behind a buffering proxy (nginx).
    """
