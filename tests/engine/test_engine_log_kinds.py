"""One vocabulary of log-event kinds: the engine's ``LogKind``.

The engine logs only members of the enum (mypy refuses anything else in
``_event``/``log``), and every layer that words or checks a kind covers every
member: a new kind the engine starts writing fails here until the schema, the
transcript's verbs and the captions know it.
"""

from __future__ import annotations

import re

import pytest

from engine.log import LogEvent
from engine.vocabulary import LOG_KINDS, LOG_VERBS, LogKind
from rulings_service.paths import REPO_ROOT
from rulings_service.scenarios import narrate
from rulings_service.scenarios.schema import LOG_EVENTS, LogFactSchema
from rulings_service.scenarios.transcript import describe_event

#: A logging call of the engine and its first argument, up to the next comma.
CALL = re.compile(r"(?:self\._event|\bg\.log|self\.log)\(\s*([^,]+),")


def _first_arguments() -> list[str]:
    source = "\n".join(p.read_text(encoding="utf-8") for p in (REPO_ROOT / "engine").rglob("*.py"))
    return [arg.strip() for arg in CALL.findall(source)]


def test_the_engine_logs_only_enum_members_and_every_member_is_logged() -> None:
    args = _first_arguments()
    assert len(args) > 40  # the scan sees the engine's calls (about fifty)
    # The one forwarding call, ``log`` handing its own argument to ``_event``.
    literal = [a for a in args
               if a != "kind" and (not a.startswith("LogKind.") or '"' in a)]
    assert literal == [], f"logging calls not naming a LogKind: {literal}"
    used = {name for a in args for name in re.findall(r"LogKind\.([A-Z_]+)", a)}
    assert used == {k.name for k in LogKind}


def test_the_schema_accepts_exactly_the_engine_kinds() -> None:
    assert set(LOG_EVENTS) == set(LOG_KINDS) == {k.value for k in LogKind}
    for kind in LogKind:
        assert not LogFactSchema().validate({"event": kind.value})
    assert LogFactSchema().validate({"event": "gian"})


def test_every_kind_has_a_log_verb_and_a_caption_wording() -> None:
    assert set(LOG_VERBS) == set(LogKind)
    effects, own = set(narrate.EFFECT_VERBS), set(narrate.OWN_SENTENCE)
    assert not effects & own
    assert effects | own == set(LogKind)


@pytest.mark.parametrize("kind", list(LogKind))
def test_each_kind_is_worded_by_the_shared_verb(kind: LogKind) -> None:
    event = LogEvent(kind, 0, ("Copper",), (1,), None, 0, {}, 1)
    assert LOG_VERBS[kind] in event.text()
    line = describe_event({"event": kind.value, "player": 1, "cards": ["Copper"]})
    assert LOG_VERBS[kind] in line
    assert event.to_dict()["kind"] == kind.value and type(event.to_dict()["kind"]) is str
