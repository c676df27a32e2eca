"""The app's JSON encoding: orjson, with Flask's meaning for the types it adds.

Every JSON answer goes through here (``jsonify``, the API, the pages' ``.json``
twins).  Encoding a search answer (about 3.5 kB: rulings, snippets, facets) with
the standard library costs about a tenth of the request's time in the worker;
orjson takes a tenth of that.

What changes against Flask's default provider, on purpose:

* text is sent as UTF-8 (``"…"``), not as ``\\u2026`` escapes: the same JSON
  value, in fewer bytes;
* NaN and infinities become ``null`` (the standard library writes ``NaN``,
  which is not JSON).

What does not change: key order as built (``sort_keys`` still sorts), the
compact form outside debug and indentation in debug, and the types Flask's
default knows beyond JSON's own (dates as HTTP dates, ``Decimal``, ``UUID``,
dataclasses, objects with ``__html__``): orjson hands those to Flask's own
``default``.  Values orjson refuses (integers beyond 64 bits) fall back to
the standard library, so nothing that encoded before fails now.

Decoding (``request.get_json``) is strict: orjson, which needs no Python
recursion and refuses invalid UTF-8 and lone surrogates (``"\\ud800"``), then a
nesting limit of ``MAX_JSON_DEPTH``. A body that is JSON but cannot be a
valid request (too deep, a lone surrogate) is refused as ``400
invalid_input``; text that is not JSON at all stays a ``ValueError``, which
the views report as ``malformed_json``. The standard library decoder, which
the default provider uses, overflowed the stack on a body nested 990 deep
and let lone surrogates through to fail later: both answered 500.
"""

from __future__ import annotations

import json
from typing import Any, cast

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider

#: Dates and dataclasses go to Flask's ``default`` (HTTP dates, ``asdict``),
#: not orjson's own forms; dict keys may be ints, as ``json.dumps`` allows.
_OPTIONS = (
    orjson.OPT_PASSTHROUGH_DATETIME
    | orjson.OPT_PASSTHROUGH_DATACLASS
    | orjson.OPT_NON_STR_KEYS
)


#: Deepest nesting of arrays and objects a request body may have (ours need 3).
MAX_JSON_DEPTH = 32
#: orjson's messages for JSON that is well-formed but holds text no request can carry.
_UNICODE_ERRORS = ("surrogate", "utf-8")


def _depth_exceeds(value: Any, limit: int) -> bool:
    """True if ``value`` nests arrays/objects deeper than ``limit`` (iterative: no recursion)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(
            item, list) else None
        if children is None:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def strict_loads(data: str | bytes) -> Any:
    """Decode a request body; ``ApiError`` 400 for a body too deep or with invalid text."""
    from rulings_service.web.errors import ApiError

    try:
        value = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        message = str(exc)
        if "depth limit" in message:  # past orjson's own limit (1024), so past ours
            raise _too_deep() from exc
        if any(word in message.lower() for word in _UNICODE_ERRORS):
            raise ApiError(400, "invalid_input", "The body holds text that is not valid "
                           "Unicode (invalid UTF-8 or a lone surrogate escape).") from exc
        raise
    if _depth_exceeds(value, MAX_JSON_DEPTH):
        raise _too_deep()
    return value


def _too_deep() -> Exception:
    from rulings_service.web.errors import ApiError

    return ApiError(400, "invalid_input",
                    f"The body nests arrays or objects deeper than {MAX_JSON_DEPTH} levels.")


class OrjsonProvider(DefaultJSONProvider):
    """Flask's :class:`DefaultJSONProvider` with orjson doing the encoding and strict decoding."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """``request.get_json``'s decoder: :func:`strict_loads` (options go to the default)."""
        if kwargs:
            return super().loads(s, **kwargs)
        return strict_loads(s)

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """``json.dumps`` with this app's settings; options orjson lacks go to the
        standard library (as the default provider would)."""
        if kwargs.keys() - {"indent", "sort_keys"}:
            return super().dumps(obj, **kwargs)
        indent = kwargs.get("indent") is not None
        sort_keys = kwargs.get("sort_keys", self.sort_keys)
        return _encode(obj, indent=indent, sort_keys=sort_keys).decode()

    def response(self, *args: Any, **kwargs: Any) -> Response:
        """``jsonify``: compact, or indented in debug unless ``compact`` is True."""
        obj = self._prepare_response_obj(args, kwargs)
        pretty = self.compact is False or (self.compact is None and self._app.debug)
        body = _encode(obj, indent=pretty, sort_keys=self.sort_keys) + b"\n"
        # Flask types ``response_class`` as the sans-IO base; the app's is ``flask.Response``.
        response_class = cast("type[Response]", self._app.response_class)
        return response_class(body, mimetype=self.mimetype)


def _encode(obj: Any, *, indent: bool, sort_keys: bool) -> bytes:
    options = _OPTIONS
    if indent:
        options |= orjson.OPT_INDENT_2
    if sort_keys:
        options |= orjson.OPT_SORT_KEYS
    try:
        return orjson.dumps(obj, default=DefaultJSONProvider.default, option=options)
    except orjson.JSONEncodeError:
        # Integers past 64 bits, or a type no default knows: the standard library
        # encodes the first and names the second in its error.
        return json.dumps(
            obj, default=DefaultJSONProvider.default, ensure_ascii=False, sort_keys=sort_keys,
            indent=2 if indent else None, separators=None if indent else (",", ":"),
        ).encode()
