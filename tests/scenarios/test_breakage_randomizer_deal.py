"""The preparation scenarios (a Kingdom dealt from Randomizer cards) fail when the deal
is done wrongly, and the deal refuses what no randomizer deck could turn over.

The style of ``test_scenarios_catch_breakage.py``: a plausible wrong version of the
dealing rule is patched into ``engine.randomizer``, and each scenario must then fail
(after first passing unbroken).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine import randomizer
from engine.errors import SetupError
from rulings_service.scenarios.loader import find_scenario, load_scenarios
from rulings_service.scenarios.runner import run_scenario

Patch = Callable[[pytest.MonkeyPatch], None]
real_deal = randomizer.deal


def no_landscape_limit(mp: pytest.MonkeyPatch) -> None:
    """Every Event or Trait turned over is used."""
    mp.setattr(randomizer, "MAX_LANDSCAPES", 99)


def landscapes_left_out(mp: pytest.MonkeyPatch) -> None:
    """Events and Traits are never shuffled in (the deck is Kingdom cards only)."""
    mp.setattr(randomizer, "landscape_randomizers", lambda sets: [])


def one_set_only(mp: pytest.MonkeyPatch) -> None:
    """Only the first set's randomizers make the deck."""
    real = randomizer.kingdom_randomizers
    mp.setattr(randomizer, "kingdom_randomizers", lambda sets: real(list(sets)[:1]))


def colony_by_first_randomizer(mp: pytest.MonkeyPatch) -> None:
    """The first randomizer turned over decides Colonies, an Event included."""

    def deal(sets, dealt, **kw):
        result = real_deal(sets, dealt, **kw)
        return randomizer.Deal(**{**result.__dict__, "colony_randomizer": dealt[0]})

    mp.setattr(randomizer, "deal", deal)


def bane_by_next_randomizer(mp: pytest.MonkeyPatch) -> None:
    """The next randomizer after the Kingdom is the Bane, whatever it is (an Event
    turned over there is then used as a landscape)."""
    mp.setattr(randomizer, "KINGDOM_SIZE", 11)


def separate_deck_limited_to_one(mp: pytest.MonkeyPatch) -> None:
    """A separate landscape deck deals only one, whatever was chosen."""

    def deal(sets, dealt, **kw):
        result = real_deal(sets, dealt, **kw)
        used = [*result.events, *result.traits][:1]
        return randomizer.Deal(**{**result.__dict__, "events": [e for e in result.events
                                                                 if e in used]})

    mp.setattr(randomizer, "deal", deal)


CASES: list[tuple[str, Patch]] = [
    ("preparation--randomizers-of-two-sets-with-landscapes", landscapes_left_out),
    ("preparation--randomizers-of-two-sets-with-landscapes", one_set_only),
    ("preparation--third-landscape-skipped", no_landscape_limit),
    ("preparation--colony-randomizer-skips-landscapes", colony_by_first_randomizer),
    ("preparation--bane-randomizer-skips-landscapes", bane_by_next_randomizer),
    ("preparation--separate-landscape-deck", separate_deck_limited_to_one),
]


@pytest.mark.parametrize(("scenario_id", "breaks"), CASES,
                         ids=[f"{sid}:{b.__name__}" for sid, b in CASES])
def test_scenario_fails_when_the_deal_is_wrong(scenario_id: str, breaks: Patch,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = find_scenario(scenario_id)
    assert run_scenario(scenario).passed, "the scenario must pass before the deal is broken"
    breaks(monkeypatch)
    assert not run_scenario(scenario).passed, f"{scenario_id} still passes with the deal broken"


def test_every_dealing_scenario_has_a_case() -> None:
    dealing = {s.id for s in load_scenarios() if (s.setup or {}).get("randomizers")}
    assert dealing == {sid for sid, _ in CASES}


KINGDOM = ["Cage", "Crew", "Rope", "Pendant", "Tools", "Grotto", "Siren", "Search", "Shaman",
           "Taskmaster"]


@pytest.mark.parametrize(("dealt", "kw", "message"), [
    (["Village", *KINGDOM[1:]], {}, "not a randomizer of plunder"),
    ([*KINGDOM, "Cage"], {}, "only once"),
    ([*KINGDOM, "Wealthy Village"], {}, "complete after 10 randomizers, not 11"),
    (KINGDOM[:9], {}, "do not complete"),
    (KINGDOM, {"landscapes": "separate", "landscape_count": 3}, "1 or 2"),
    (KINGDOM, {"landscapes": "separate", "landscape_count": 1}, "do not complete"),
    (KINGDOM, {"landscape_count": 1}, "separate"),
])
def test_impossible_deals_are_setup_errors(dealt: list[str], kw: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        randomizer.deal(["plunder"], dealt, **kw)


def test_the_plunder_randomizers_are_one_per_kingdom_pile_plus_its_landscapes() -> None:
    assert len(randomizer.kingdom_randomizers(["plunder"])) == 40
    assert len(randomizer.landscape_randomizers(["plunder"])) == 30
    # Knights is one pile, so one randomizer.
    dark_ages = randomizer.kingdom_randomizers(["dark-ages"])
    assert "Knights" in dark_ages and not any(n.startswith("Sir ") for n in dark_ages)
