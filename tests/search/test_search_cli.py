"""``rulings search``: human, --json and --stdin output on the fixture corpus."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulings_service import ensure
from rulings_service.cli import main
from rulings_service.search import Searcher


@pytest.fixture()
def runner(searcher: Searcher, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setattr(ensure, "_default", searcher)
    return CliRunner()


def test_human_output_lists_ranked_rulings(runner: CliRunner) -> None:
    result = runner.invoke(main, ["search", "can", "I", "TR", "a", "feast"])
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[1]
    assert first.startswith(" 1. Feast")


def test_json_output_has_contract_fields(runner: CliRunner) -> None:
    result = runner.invoke(main, ["search", "--json", "--limit", "2", "watchtower"])
    data = json.loads(result.output)
    assert len(data["results"]) == 2
    assert set(data["results"][0]) == {
        "ruling_id", "card", "card_slug", "text", "score", "snippet_html",
    }
    assert "set" in data["facets"]


def test_stdin_prints_one_json_line_per_input_line(runner: CliRunner) -> None:
    lines = ["can I TR a feast", "", "card:", "\x00🎉", '"unbalanced', "bridge cost"]
    result = runner.invoke(main, ["search", "--stdin", "-k", "3"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    out = [json.loads(line) for line in result.output.splitlines()]
    assert [o["query"] for o in out] == lines
    assert out[0]["results"][0]["card"] == "Feast"
    assert out[1]["warnings"] and out[2]["warnings"] and out[4]["warnings"]
    assert out[5]["results"][0]["card"] == "Bridge"


def test_missing_query_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["search"])
    assert result.exit_code == 2 and "give a QUERY" in result.output


def test_unopenable_index_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken() -> Searcher:
        raise OSError("no corpus built")

    monkeypatch.setattr(ensure, "default_searcher", broken)
    result = CliRunner().invoke(main, ["search", "feast"])
    assert result.exit_code == 1 and "could not open the search index" in result.output
    assert "Traceback" not in result.output
