"""The engine benchmarks measure what they say: real games, a ratio of the two engines'
times over the same number of games, and the spread over the rounds."""

from __future__ import annotations

from benchmark_scripts import load_benchmark

speed = load_benchmark("engine_speed")
memory = load_benchmark("engine_memory")


def test_ours_plays_real_games() -> None:
    result = speed.ours(3, seed=1)
    assert result["games"] == 3
    assert result["average_turns"] > 10  # Big Money needs well over ten turns
    assert result["games_per_second"] == 3 / result["seconds"]


def test_the_like_for_like_configuration_plays_the_same_games() -> None:
    """Atomic moves off changes the cost, never the games (one semantics)."""
    assert speed.ours(4, seed=2, atomic=False)["average_turns"] == \
        speed.ours(4, seed=2)["average_turns"]


def test_turn_by_turn_plays_the_same_games() -> None:
    """One checkpoint per turn or one per game: the same games, only the cost differs."""
    assert speed.ours(4, seed=3, turn_by_turn=True)["average_turns"] == \
        speed.ours(4, seed=3)["average_turns"]


def test_the_ratio_is_of_total_times_and_the_spread_of_rounds() -> None:
    rounds = [
        ({"games": 100, "seconds": 1.0}, {"games": 100, "seconds": 2.0}),  # 2x
        ({"games": 100, "seconds": 2.0}, {"games": 100, "seconds": 2.0}),  # 1x
    ]
    s = speed.summarize(rounds)
    assert s["ours_games_per_second"] == 200 / 3
    assert s["pyminion_games_per_second"] == 50
    assert s["ratio"] == (200 / 3) / 50
    assert (s["ratio_min"], s["ratio_max"]) == (1.0, 2.0)


def test_memory_reports_the_peak_of_a_real_run() -> None:
    report = memory.measure(2)
    assert report["games"] == 2
    assert report["peak_mib"] >= report["import_mib"] > 5
