"""Jinja filters for text that must stay text, and log fields worded for people.

Search snippets arrive as escaped text with ``<mark>`` around matches. We
only pass a snippet through as HTML if that is really all it holds: once the
``<mark>`` tags are removed no ``<`` or ``>`` may remain. Anything else is
escaped whole, so a bug in the snippet builder can never become an XSS hole.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask
from markupsafe import Markup, escape

from rulings_service.sets import set_name

_MARK = re.compile(r"</?mark>")


def marked(snippet: str | None) -> Markup:
    text = snippet or ""
    bare = _MARK.sub("", text)
    if "<" in bare or ">" in bare:
        return escape(text)
    opened = text.count("<mark>")
    if opened != text.count("</mark>"):
        return escape(bare)
    return Markup(text)


def _words(key: object) -> str:
    return str(key).replace("_", " ")


def _field_value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(_field_value(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return ", ".join(f"{_words(k)} {_field_value(v)}" for k, v in value.items())
    return _words(value)  # engine identifiers (choose_supply_card); card names have no "_"


def log_fields(data: dict[str, Any] | None) -> list[str]:
    """A log event's extra fields as words: a true flag is its name ("again").

    The engine records flags as booleans (``again: True``); a reader wants the
    word, and a false or empty flag says nothing worth showing.
    """
    out = []
    for key, value in (data or {}).items():
        if value is True:
            out.append(_words(key))
        elif value is False or value is None:
            continue
        else:
            out.append(f"{_words(key)}: {_field_value(value)}")
    return out


def register_filters(app: Flask) -> None:
    app.jinja_env.filters["marked"] = marked
    app.jinja_env.filters["log_fields"] = log_fields
    app.jinja_env.filters["set_name"] = set_name
