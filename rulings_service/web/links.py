"""Absolute links in API answers: ``uri`` (the JSON resource) and ``web_uri`` (its page).

Every link is built from one base URL. ``BASE_URL`` (``RULINGS_BASE_URL`` in
the environment) is the address the service is published at, and is what a
deployment behind a proxy must set. Only when it is unset is the request's own
host used, and that is the ``Host`` the client sent to us: a forwarded header
(``X-Forwarded-Host``) is never read, because any client can send one and the
links would then point wherever it likes. Builders are plain functions of a
record, so schemas, ``resolve`` and the pagination share them.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

from flask import current_app, request

API_PREFIX = "api/v1/"


def base_url() -> str:
    """The configured base URL with one trailing slash, else the request's host URL."""
    configured = current_app.config.get("BASE_URL")
    if configured:
        return str(configured).rstrip("/") + "/"
    return request.host_url


def base_is_configured() -> bool:
    """Whether links are independent of the request (the response cache keys on it)."""
    return bool(current_app.config.get("BASE_URL"))


def absolute(path: str, params: dict[str, Any] | None = None) -> str:
    """``base_url()`` joined with a path relative to the root, plus an encoded query."""
    url = base_url() + path.lstrip("/")
    if params:
        url += "?" + urlencode(params)
    return url


def _segment(value: object) -> str:
    return quote(str(value), safe="")


def card_uri(card: dict[str, Any]) -> str:
    return absolute(f"{API_PREFIX}cards/{_segment(card['slug'])}")


def card_web_uri(card: dict[str, Any]) -> str:
    return absolute(f"cards/{_segment(card['slug'])}")


def ruling_uri(ruling: dict[str, Any]) -> str:
    return absolute(f"{API_PREFIX}rulings/{_segment(_ruling_id(ruling))}")


def ruling_web_uri(ruling: dict[str, Any]) -> str:
    return absolute(f"rulings/{_segment(_ruling_id(ruling))}")


def _ruling_id(ruling: dict[str, Any]) -> str:
    """Rulings carry ``id``; search hits carry ``ruling_id``."""
    return ruling.get("id") or ruling["ruling_id"]


def source_uri(source: dict[str, Any]) -> str:
    return absolute(f"{API_PREFIX}sources/{_segment(source['id'])}")


def source_web_uri(source: dict[str, Any]) -> str:
    return absolute(f"sources/{_segment(source['id'])}")


def scenario_uri(scenario: dict[str, Any]) -> str:
    return absolute(f"{API_PREFIX}scenarios/{_segment(scenario['id'])}")


def scenario_web_uri(scenario: dict[str, Any]) -> str | None:
    """The scenario's own replay page, ``/scenarios/<id>``."""
    return absolute(f"scenarios/{_segment(scenario['id'])}")


def set_cards_uri(set_record: dict[str, Any]) -> str:
    return absolute(f"{API_PREFIX}cards", {"set": set_record["id"]})


def set_web_uri(set_record: dict[str, Any]) -> str:
    return absolute("", None) + f"#set-{_segment(set_record['id'])}"


def api_uri(path: str) -> str:
    """An API path (``/search``) as an absolute URL."""
    return absolute(API_PREFIX + path.lstrip("/"))


def page_uri(page: int) -> str:
    """The current request's URL with ``page`` replaced: Scryfall's ``next_page``."""
    params = [(k, v) for k, v in request.args.items(multi=True) if k != "page"]
    params.append(("page", str(page)))
    return base_url() + request.path.lstrip("/") + "?" + urlencode(params)
