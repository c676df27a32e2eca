"""One error shape for every API failure, and HTML error pages for browsers.

Bots get ``{"status", "code", "details", "warnings"}`` whatever went wrong:
a view's own refusal (``ApiError``), a routing 404/405, an oversized body
(413) or an unexpected exception (500, logged, never shown as a traceback).
Whether a request is a bot's is decided by its URL (``/api/...`` or a
``.json`` twin) and, for the other paths, by its Accept header.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

#: Machine-readable codes for the HTTP errors routing and Werkzeug raise.
HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    406: "not_acceptable",
    413: "request_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    422: "invalid_input",
    500: "server_error",
}


class ApiError(Exception):
    """A refusal a view raises; rendered as JSON or as an HTML page."""

    def __init__(
        self,
        status: int,
        code: str,
        details: str,
        warnings: list[str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(details)
        self.status = status
        self.code = code
        self.details = details
        self.warnings = warnings or []
        self.extra = extra

    def body(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "code": self.code,
            "details": self.details,
            "warnings": self.warnings,
            **self.extra,
        }


def wants_json() -> bool:
    """True when the client is a program: API path, ``.json`` twin or JSON Accept."""
    path = request.path
    if path.startswith("/api/") or path.endswith(".json"):
        return True
    best = request.accept_mimetypes.best_match(["text/html", "application/json"])
    return best == "application/json" and request.accept_mimetypes[best] > request.accept_mimetypes[
        "text/html"
    ]


def render_error(error: ApiError) -> Response:
    """The response for an error, in the form the client asked for."""
    if wants_json():
        response = jsonify(error.body())
    else:
        html = render_template("error.html", error=error)
        response = Response(html, mimetype="text/html")
    response.status_code = error.status
    response.headers["Cache-Control"] = "no-store"
    if error.status == 405 and "allowed" in error.extra:
        response.headers["Allow"] = ", ".join(error.extra["allowed"])
    return response


def _from_http(exc: HTTPException) -> ApiError:
    status = exc.code or 500
    code = HTTP_CODES.get(status, f"http_{status}")
    details = exc.description or exc.name
    if status == 404:
        details = f"Nothing lives at {request.path!s}."
    extra: dict[str, Any] = {}
    if status == 405:
        allowed = sorted(getattr(exc, "valid_methods", None) or [])
        details = f"{request.method} is not allowed here; use {', '.join(allowed) or 'GET'}."
        extra["allowed"] = allowed
    if status == 413:
        details = "The request body is larger than this service accepts."
    return ApiError(status, code, details, **extra)


def register_error_handlers(app: Flask) -> None:
    """Route every failure through ``render_error``."""

    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError) -> Response:
        return render_error(exc)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException) -> Response:
        return render_error(_from_http(exc))

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception) -> Response:
        app.logger.exception("unhandled error on %s %s", request.method, request.path)
        return render_error(ApiError(500, "server_error", "The server failed to answer."))
