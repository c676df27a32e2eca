"""The orjson provider encodes what Flask's default provider encodes, to the same values."""

from __future__ import annotations

import dataclasses
import datetime
import decimal
import json
import uuid

import pytest
from flask import Flask
from flask.testing import FlaskClient
from markupsafe import Markup

from rulings_service.web.json_provider import OrjsonProvider


@dataclasses.dataclass
class _Point:
    x: int
    label: str


def _apps(**config: object) -> tuple[Flask, Flask]:
    """Two bare apps with this project's JSON settings: one on orjson, one on Flask's default."""
    fast, plain = Flask("fast"), Flask("plain")
    fast.json = OrjsonProvider(fast)
    for app in (fast, plain):
        app.json.sort_keys = False  # type: ignore[attr-defined]
        app.config.update(config)
    return fast, plain


VALUES = [
    {"b": 1, "a": [1.5, -0.0, 1e-7, 10**18], "text": "caf\u00e9 \u2026 \"<mark>\""},
    {"when": datetime.datetime(2026, 11, 30, 5, 6, 7, tzinfo=datetime.UTC),
     "day": datetime.date(2026, 11, 30)},
    {"price": decimal.Decimal("1.10"), "id": uuid.UUID(int=7), "html": Markup("<b>x</b>")},
    {"point": _Point(3, "p"), 7: "int key"},
    {"huge": 2**70, "nested": {"z": None, "y": True}},
]


@pytest.mark.parametrize("value", VALUES)
def test_responses_decode_to_what_the_default_provider_sends(value: object) -> None:
    fast, plain = _apps()
    with fast.app_context():
        sent = fast.json.response(value)
    with plain.app_context():
        expected = plain.json.response(value)
    assert json.loads(sent.get_data()) == json.loads(expected.get_data())
    assert sent.mimetype == expected.mimetype == "application/json"
    assert sent.get_data().endswith(b"\n")


def test_key_order_is_kept_unless_sorting_is_asked() -> None:
    fast, _ = _apps()
    with fast.app_context():
        assert fast.json.response({"b": 1, "a": 2}).get_data() == b'{"b":1,"a":2}\n'
        fast.json.sort_keys = True  # type: ignore[attr-defined]
        assert fast.json.response({"b": 1, "a": 2}).get_data() == b'{"a":2,"b":1}\n'


def test_text_is_utf8_not_escapes_and_html_stays_text() -> None:
    fast, _ = _apps()
    with fast.app_context():
        body = fast.json.response({"s": "\u2026<script>"}).get_data()
    assert body == '{"s":"\u2026<script>"}\n'.encode()


def test_debug_answers_are_indented_and_compact_wins_over_debug() -> None:
    fast, _ = _apps()
    fast.debug = True
    with fast.app_context():
        assert fast.json.response({"a": [1]}).get_data() == b'{\n  "a": [\n    1\n  ]\n}\n'
        fast.json.compact = True  # type: ignore[attr-defined]
        assert fast.json.response({"a": [1]}).get_data() == b'{"a":[1]}\n'


def test_not_a_number_is_sent_as_null_not_as_invalid_json() -> None:
    fast, _ = _apps()
    with fast.app_context():
        assert json.loads(fast.json.response({"x": float("nan")}).get_data()) == {"x": None}


def test_dumps_with_standard_library_options_keeps_their_meaning() -> None:
    fast, plain = _apps()
    value = {"s": "\u00e9", "b": 2, "a": 1}
    for kwargs in ({}, {"indent": 2}, {"sort_keys": True}, {"ensure_ascii": True},
                   {"separators": (",", "=")}):
        decoded = fast.json.dumps(value, **kwargs)
        if "separators" in kwargs or "ensure_ascii" in kwargs:
            assert decoded == plain.json.dumps(value, **kwargs)
        else:
            assert json.loads(decoded) == json.loads(plain.json.dumps(value, **kwargs))


def test_an_unknown_type_still_fails_as_with_the_default_provider() -> None:
    fast, _ = _apps()
    with fast.app_context(), pytest.raises(TypeError):
        fast.json.response({"x": object()})


def test_the_service_answers_through_orjson(client: FlaskClient) -> None:
    assert isinstance(client.application.json, OrjsonProvider)
    body = client.get("/api/v1/search?q=feast").get_data()
    assert json.loads(body)["results"]
