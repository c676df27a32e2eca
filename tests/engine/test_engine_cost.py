"""Cost: equality with a plain int and hashing agree, so costs work in sets and dicts."""

from __future__ import annotations

from engine.cost import Cost


def test_a_plain_coin_cost_is_found_where_its_int_is_and_back() -> None:
    assert Cost(3) == 3
    assert Cost(3) in {3}
    assert 3 in {Cost(3)}
    assert {Cost(2): "two"}[2] == "two"


def test_potion_and_debt_costs_are_not_their_coins() -> None:
    assert Cost(3, potion=1) != 3
    assert Cost(3, potion=1) not in {3}
    assert Cost(0, debt=8) not in {0}
    assert len({Cost(3), Cost(3, potion=1), Cost(3, debt=3), Cost(3)}) == 3
