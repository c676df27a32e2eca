"""Jinja filters for text that must stay text.

Search snippets arrive as escaped text with ``<mark>`` around matches. We
only pass a snippet through as HTML if that is really all it holds: once the
``<mark>`` tags are removed no ``<`` or ``>`` may remain. Anything else is
escaped whole, so a bug in the snippet builder can never become an XSS hole.
"""

from __future__ import annotations

import re

from flask import Flask
from markupsafe import Markup, escape

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


def register_filters(app: Flask) -> None:
    app.jinja_env.filters["marked"] = marked
