"""The name-resolution set: what typed names must mean (``name_cases.yaml``).

Every input has an expected answer: a card of ours, a real card outside our
sets (with its set), ambiguous (with names that must be offered), or none.
The one figure that matters is wrong cards: an answer naming a card other
than the expected one. It must be 0, and each case is also checked on its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from rulings_service.cardnames import (
    AMBIGUOUS,
    CARD,
    NONE,
    NOT_COVERED,
    CardNames,
    NameAnswer,
    default_card_names,
)

CASES_FILE = Path(__file__).with_name("name_cases.yaml")


def _cases() -> list[tuple[str, str, Any]]:
    data = yaml.safe_load(CASES_FILE.read_text(encoding="utf-8"))
    out = []
    for group, rows in data.items():
        for typed, expected in rows:
            out.append((group, str(typed), expected))
    return out


CASES = _cases()


@pytest.fixture(scope="module")
def names() -> CardNames:
    return default_card_names()


def _wrong_card(answer: NameAnswer, expected: Any) -> bool:
    """Whether ``answer`` names a card that is not the one expected."""
    if answer.known is None:
        return False
    if expected == "none" or "ambiguous" in expected:
        return True
    wanted = expected.get("card") or expected["not_covered"][0]
    return answer.known.name != wanted


def test_the_set_is_large_and_varied() -> None:
    groups = {group for group, _, _ in CASES}
    assert len(CASES) >= 300
    assert {"typos", "abbreviations", "plurals_and_possessives", "out_of_scope",
            "second_edition", "ambiguous", "none"} <= groups


def test_no_answer_names_a_wrong_card(names: CardNames) -> None:
    wrong = [(typed, expected, names.lookup(typed).known)
             for _, typed, expected in CASES if _wrong_card(names.lookup(typed), expected)]
    assert wrong == []


@pytest.mark.parametrize("group, typed, expected", CASES,
                         ids=[f"{g}:{t}" for g, t, _ in CASES])
def test_case(names: CardNames, group: str, typed: str, expected: Any) -> None:
    answer = names.lookup(typed)
    if expected == "none":
        assert answer.status == NONE and answer.known is None
    elif "card" in expected:
        assert (answer.status, answer.known and answer.known.name) == (CARD, expected["card"])
    elif "not_covered" in expected:
        name, set_id = expected["not_covered"]
        assert answer.status == NOT_COVERED
        assert (answer.known.name, answer.known.set_id) == (name, set_id)
        assert answer.known.coverage_note and "do not cover" in answer.known.coverage_note
    else:
        assert answer.status == AMBIGUOUS and answer.known is None
        assert set(expected["ambiguous"]) <= set(answer.candidates), answer.candidates
        assert len(answer.candidates) <= 6


def test_suggestions_never_offer_a_look_alike_for_a_known_name(names: CardNames) -> None:
    assert names.suggest("overlord", ["Governor", "Overseer", "Village"]) == []
    assert names.suggest("Feest", ["Feast", "Festival", "Village"]) == ["Feast"]
    assert names.suggest("thron", ["Throne Room", "Patron"]) == ["Throne Room"]


def test_the_audit_says_a_card_is_not_covered() -> None:
    from rulings_service.scenarios.audit import UnknownScope, resolve_scope

    class _Corpus:
        rulings: list = []
        cards = [{"slug": "governor", "name": "Governor", "set": "promo"}]

    with pytest.raises(UnknownScope) as info:
        resolve_scope(_Corpus(), None, "overlord")
    assert str(info.value) == ("no card 'overlord' in the corpus: Overlord is a card from"
                               " Empires, which our sources do not cover.")
