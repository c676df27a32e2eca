"""A short seeded run of ``benchmarks/fuzz.py`` (the long one is a benchmark, not a test),
and proof that it reports each kind of failure with a game that replays it."""

from __future__ import annotations

import pytest
from benchmark_scripts import load_benchmark

from engine.turn import Game

fuzz = load_benchmark("fuzz")


def test_a_short_seeded_fuzz_run_is_clean() -> None:
    report = fuzz.fuzz(200, seed=14, max_turns=10)
    assert report["games"] == 200
    assert (report["crashes"], report["violations"], report["hangs"]) == (0, 0, 0), \
        report["first_failures"]
    assert report["average_turns"] > 10  # games were really played


@pytest.mark.parametrize("kind", ["crash", "violation", "hang"])
def test_each_kind_of_failure_is_counted_with_a_replay(kind: str,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    honest = Game.play_turn

    def broken(self: Game) -> None:
        if self.turn_number == 3:
            if kind == "crash":
                raise KeyError("a card hook that crashes")
            if kind == "hang":
                while True:
                    self._step()
            self.trash.append(self.players[0].all_cards()[0])  # one card in two places
        honest(self)

    monkeypatch.setattr(Game, "play_turn", broken)
    report = fuzz.fuzz(2, seed=5, start=7, max_turns=5)
    counts = {"crash": report["crashes"], "violation": report["violations"],
              "hang": report["hangs"]}
    assert counts[kind] == 2 and sum(counts.values()) == 2
    first = report["first_failures"][kind]
    assert first["game"] == 7 and "--start 7 --games 1" in first["replay"]


def test_a_game_replays_alone_from_its_index() -> None:
    """``--start G --games 1`` plays the same game G as the whole run did."""
    whole = [t for t in fuzz.game_setups(5, seed=9, random_kingdoms=True, traits=True)]
    alone = [t for t in fuzz.game_setups(5, seed=9, random_kingdoms=True, traits=True)
             if t.game >= 4]
    assert alone == whole[4:]
    assert fuzz.players_for(whole[4]) == fuzz.players_for(alone[0])
