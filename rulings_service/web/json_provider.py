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
"""

from __future__ import annotations

import json
from typing import Any

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


class OrjsonProvider(DefaultJSONProvider):
    """Flask's :class:`DefaultJSONProvider` with orjson doing the encoding."""

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
        return self._app.response_class(body, mimetype=self.mimetype)


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
