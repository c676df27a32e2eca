"""``rulings replay PATH`` and ``rulings audit --scenarios DIR`` on an auditor's own files.

The files live in a temporary folder, outside ``corpus/scenarios/``, and cite
no ruling ids (allowed there). The same strict runner and the same messages
as for the shipped files: a broken file is a message per problem naming the
file and the field, never a traceback, and exit status 1.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulings_service.cli import main

OWN_CASE = """\
id: feast--my-own-case
title: Throne Room on Feast, an auditor's own case
setup:
  kingdom: [Feast, Throne Room]
  players: 2
  player1:
    hand: [Throne Room, Feast, Copper]
steps:
  - play: Throne Room
  - choose: Duchy
  - choose: Duchy
expect:
  player1: {discard: [Duchy, Duchy]}
  trash: [Feast]
"""


def _write(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result


@pytest.fixture()
def built(shipped_build: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The audit checks cited ruling ids against the corpus: the run's one shipped build."""
    monkeypatch.setenv("RULINGS_BUILD_DIR", str(shipped_build))
    return shipped_build


def test_replay_a_file_outside_the_corpus(tmp_path: Path) -> None:
    path = _write(tmp_path / "cases", "feast--my-own-case.yaml", OWN_CASE)
    result = _run("replay", str(path))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "feast--my-own-case: Throne Room on Feast, an auditor's own case"
    assert "rulings: none cited" in result.output
    assert "play Throne Room" in result.output
    as_json = json.loads(_run("replay", str(path), "--json").output)
    assert as_json["passed"] is True and as_json["rulings"] == []
    assert as_json["steps"][-1]["zones"]["trash"] == ["Feast"]


def test_replay_of_a_file_whose_expectation_fails_exits_1(tmp_path: Path) -> None:
    wrong = OWN_CASE.replace("trash: [Feast]", "trash: [Feast, Copper]")
    path = _write(tmp_path, "feast--my-own-case.yaml", wrong)
    result = _run("replay", str(path))
    assert result.exit_code == 1
    assert "trash" in result.output and "Copper" in result.output


@pytest.mark.parametrize("text, wanted", [
    (OWN_CASE.replace("players: 2", "players: two"),
     "feast--broken.yaml: setup.players: expected a whole number"),
    (OWN_CASE.replace("[Feast, Throne Room]", "[Feest, Throne Room]"),
     "feast--broken.yaml: setup.kingdom[0]: unknown card 'Feest'"),
    ("title: x\n  steps: - a\n",
     "feast--broken.yaml: line 2, column 8: invalid YAML: mapping values are not allowed"),
])
def test_replay_of_a_broken_file_is_one_clear_line(tmp_path: Path, text: str,
                                                   wanted: str) -> None:
    path = _write(tmp_path, "feast--broken.yaml", text)
    result = _run("replay", str(path))
    assert result.exit_code == 1
    (line,) = result.output.strip().splitlines()  # one problem, one line
    assert line.startswith(f"Error: {path}: ") and wanted in line, line


def test_replay_of_a_missing_file_says_so(tmp_path: Path) -> None:
    result = _run("replay", str(tmp_path / "nowhere" / "x.yaml"))
    assert result.exit_code == 1
    assert "cannot be read" in result.output and "x.yaml" in result.output


def test_audit_a_folder_outside_the_corpus(tmp_path: Path, built: Path) -> None:
    folder = tmp_path / "cases"
    _write(folder, "feast--my-own-case.yaml", OWN_CASE)
    result = _run("audit", "--scenarios", str(folder))
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert f"{folder}: 1 files, 1 passing, 0 failing, 0 invalid" in lines
    assert "  PASS feast--my-own-case: Throne Room on Feast, an auditor's own case" in lines
    assert lines[-1] == "OK"
    report = json.loads(_run("audit", "--scenarios", str(folder), "--json").stdout)
    assert report["ok"] is True and report["totals"]["passing"] == 1


def test_audit_of_a_folder_with_a_broken_file_exits_1(tmp_path: Path, built: Path) -> None:
    folder = tmp_path / "cases"
    _write(folder, "feast--my-own-case.yaml", OWN_CASE)
    broken = _write(folder, "feast--broken.yaml", OWN_CASE.replace("players: 2", "players: 9"))
    _write(folder, "feast--cites-nothing-real.yaml",
           OWN_CASE.replace("id: feast--my-own-case", "id: feast--cites-nothing-real\n"
                            "rulings: [feast-000000]"))
    result = _run("audit", "--scenarios", str(folder))
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert f"{folder}: 3 files, 2 passing, 0 failing, 1 invalid" in lines
    invalid = [line for line in lines if line.startswith("  INVALID")]
    assert len(invalid) == 1 and str(broken) in invalid[0] and "setup.players" in invalid[0]
    assert "  UNKNOWN RULING feast-000000 (cited by feast--cites-nothing-real)" in lines
    assert lines[-1] == "NOT OK"


def test_audit_of_an_empty_or_missing_folder_exits_1(tmp_path: Path, built: Path) -> None:
    (tmp_path / "empty").mkdir()
    empty = _run("audit", "--scenarios", str(tmp_path / "empty"))
    assert empty.exit_code == 1 and "no scenario files" in empty.output
    missing = _run("audit", "--scenarios", str(tmp_path / "nowhere"))
    assert missing.exit_code == 1 and "no such folder" in missing.output
