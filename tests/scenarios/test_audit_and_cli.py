"""The audit's counts and exit status, and the replay/audit commands."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
import yaml
from click.testing import CliRunner

from rulings_service.cli import main
from rulings_service.scenarios.audit import UnknownScope, format_audit, run_audit
from rulings_service.scenarios.loader import load_scenario_file


def scenario(tmp_path: Path, sid: str, rulings: list[str], hand_expected: list[str]):
    data = {
        "id": sid,
        "title": f"{sid} probe",
        "rulings": rulings,
        "setup": {
            "kingdom": ["Smithy"],
            "players": 2,
            "player1": {"hand": ["Smithy"], "deck": ["Copper", "Silver", "Gold"]},
        },
        "steps": [{"play": "Smithy"}],
        "expect": {"player1": {"hand": hand_expected}},
    }
    path = tmp_path / f"{sid}.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return load_scenario_file(path)


def fake_corpus(*rulings: dict) -> SimpleNamespace:
    return SimpleNamespace(
        build_id="f" * 64, rulings=list(rulings), ruling_by_id={r["id"]: r for r in rulings}
    )


def ruling(rid: str, card: str = "Smithy", set_id: str = "base") -> dict:
    return {"id": rid, "card": card, "card_slug": card.lower(), "set": set_id, "text": rid}


def test_audit_counts_every_status(tmp_path: Path) -> None:
    good = scenario(tmp_path, "smithy--good", ["smithy-aaaaaa"], ["Copper", "Silver", "Gold"])
    bad = scenario(tmp_path, "smithy--bad", ["smithy-bbbbbb"], ["Copper"])
    corpus = fake_corpus(
        ruling("smithy-aaaaaa"),
        ruling("smithy-bbbbbb"),
        ruling("smithy-cccccc"),
        ruling("bridge-dddddd", card="Bridge", set_id="intrigue"),
    )
    seen: list[str] = []
    report = run_audit("base", corpus=corpus, scenarios=[good, bad], progress=seen.append)
    assert sorted(seen) == ["smithy--bad", "smithy--good"]
    assert report["totals"] == {
        "rulings": 3,
        "demonstrated": 2,
        "passing": 1,
        "failing": 1,
        "informational": 0,
        "unclassified": 1,
    }
    assert report["by_card"]["Smithy"]["failing"] == 1
    assert report["ok"] is False
    [failure] = report["failures"]
    assert failure["scenario"] == "smithy--bad"
    assert failure["mismatches"] == [
        {"field": "player1.hand", "expected": ["Copper"], "actual": ["Copper", "Silver", "Gold"]}
    ]
    assert [u["ruling_id"] for u in report["unclassified"]] == ["smithy-cccccc"]
    json.dumps(report)


def test_audit_is_ok_only_when_everything_in_scope_passes(tmp_path: Path) -> None:
    good = scenario(tmp_path, "smithy--good", ["smithy-aaaaaa"], ["Copper", "Silver", "Gold"])
    corpus = fake_corpus(ruling("smithy-aaaaaa"), ruling("bridge-d", "Bridge", "intrigue"))
    assert run_audit("base", corpus=corpus, scenarios=[good])["ok"] is True
    assert run_audit(None, card="Bridge", corpus=corpus, scenarios=[good])["ok"] is False


def test_audit_reports_stale_ruling_ids(tmp_path: Path) -> None:
    stale = scenario(tmp_path, "smithy--stale", ["smithy-000000"], ["Copper", "Silver", "Gold"])
    report = run_audit(corpus=fake_corpus(), scenarios=[stale])
    assert report["unknown_ruling_ids"] == [
        {"scenario": "smithy--stale", "ruling_id": "smithy-000000"}
    ]
    assert report["ok"] is False


def test_basic_scope_takes_basic_cards_of_every_set_and_nothing_else(tmp_path: Path) -> None:
    good = scenario(tmp_path, "smithy--good", ["potion-aaaaaa"], ["Copper", "Silver", "Gold"])
    corpus = fake_corpus(
        ruling("potion-aaaaaa", "Potion", "alchemy"),
        ruling("copper-bbbbbb", "Copper", "base"),
        ruling("smithy-cccccc", "Smithy", "base"),
    )
    corpus.cards = [
        {"slug": "potion", "kind": "basic"},
        {"slug": "copper", "kind": "basic"},
        {"slug": "smithy", "kind": "kingdom"},
    ]
    report = run_audit("basic", corpus=corpus, scenarios=[good])
    assert report["totals"]["rulings"] == 2
    assert sorted(report["by_set"]) == ["alchemy", "base"]
    assert sorted(report["by_card"]) == ["Copper", "Potion"]
    assert report["totals"]["passing"] == 1 and report["totals"]["unclassified"] == 1
    assert report["scenarios"]["run"] == 1


def test_unknown_set_or_card_raises_unknown_scope(tmp_path: Path) -> None:
    good = scenario(tmp_path, "smithy--good", ["smithy-aaaaaa"], ["Copper", "Silver", "Gold"])
    corpus = fake_corpus(ruling("smithy-aaaaaa"), ruling("bridge-d", "Bridge", "intrigue"))
    with pytest.raises(UnknownScope) as info:
        run_audit(None, card="Smithe", corpus=corpus, scenarios=[good])
    assert (info.value.kind, info.value.value) == ("card", "Smithe")
    assert info.value.candidates == ["Smithy"] and info.value.choices == ["Bridge", "Smithy"]
    assert str(info.value) == "no card 'Smithe' in the corpus; did you mean 'Smithy'?"
    with pytest.raises(UnknownScope) as info:
        run_audit("nonsense", corpus=corpus, scenarios=[good])
    assert info.value.kind == "set" and info.value.choices == ["base", "basic", "intrigue"]
    assert "no set 'nonsense' in the corpus; sets: base, basic, intrigue" in str(info.value)
    with pytest.raises(ValueError, match="did you mean 'intrigue'"):
        run_audit("intrige", corpus=corpus, scenarios=[good])


def test_known_scopes_with_other_spellings_are_accepted(tmp_path: Path) -> None:
    good = scenario(tmp_path, "smithy--good", ["smithy-aaaaaa"], ["Copper", "Silver", "Gold"])
    corpus = fake_corpus(ruling("smithy-aaaaaa"))
    corpus.cards = [
        {"slug": "smithy", "name": "Smithy", "set": "base", "aliases": ["Smithie"]},
        {"slug": "oasis", "name": "Oasis", "set": "hinterlands", "aliases": []},
    ]
    for spelling in ("smithy", "SMITHY", "Smithie"):
        report = run_audit(None, card=spelling, corpus=corpus, scenarios=[good])
        assert report["scope"]["card"] == "Smithy"
        assert report["totals"]["passing"] == 1 and report["ok"] is True
    # A set or card of the catalogue without rulings is a real, empty scope.
    assert run_audit("hinterlands", corpus=corpus, scenarios=[good])["totals"]["rulings"] == 0
    assert run_audit(None, card="Oasis", corpus=corpus, scenarios=[good])["scenarios"]["run"] == 0


def test_informational_limit_fails_the_audit_only_when_exceeded(
    tmp_path: Path, monkeypatch
) -> None:
    from rulings_service.scenarios import audit
    from rulings_service.scenarios.status import Informational

    good = scenario(tmp_path, "smithy--good", ["smithy-aaaaaa"], ["Copper", "Silver", "Gold"])
    info = {
        rid: Informational(rid, "table-talk", "say your Actions out loud")
        for rid in ("smithy-bbbbbb", "smithy-cccccc", "smithy-dddddd")
    }
    monkeypatch.setattr(audit, "informational", lambda: info)
    corpus = fake_corpus(*(ruling(f"smithy-{c * 6}") for c in "abcd"))
    report = run_audit("base", corpus=corpus, scenarios=[good])
    assert report["informational_share"] == 0.75 and report["ok"] is True
    assert report["max_informational"] is None and report["informational_exceeded"] is False
    within = run_audit("base", corpus=corpus, scenarios=[good], max_informational=0.75)
    assert within["ok"] is True and within["informational_exceeded"] is False
    over = run_audit("base", corpus=corpus, scenarios=[good], max_informational=0.5)
    assert over["ok"] is False and over["informational_exceeded"] is True
    assert (
        "TOO MANY INFORMATIONAL: 75.0% of the rulings in scope are informational, "
        "more than the limit of 50.0%"
    ) in list(format_audit(over))
    with pytest.raises(ValueError, match="share from 0 to 1"):
        run_audit("base", corpus=corpus, scenarios=[good], max_informational=10)


@pytest.fixture()
def built(shipped_build: Path) -> Path:
    """The run's real build of the shipped sources (``tests/conftest.py``), shared."""
    return shipped_build


def test_audit_command_base_set_is_clean(built: Path, monkeypatch) -> None:
    monkeypatch.setenv("RULINGS_BUILD_DIR", str(built))
    command = ["audit", "--set", "base", "--json", "--max-informational", "0.10"]
    result = CliRunner().invoke(main, command)
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    totals = report["totals"]
    assert totals["failing"] == 0 and totals["unclassified"] == 0
    assert totals["informational"] <= 0.10 * totals["rulings"]
    assert report["max_informational"] == 0.10 and not report["informational_exceeded"]
    assert totals["demonstrated"] + totals["informational"] == totals["rulings"]


def test_audit_command_basic_cards_are_clean(built: Path, monkeypatch) -> None:
    monkeypatch.setenv("RULINGS_BUILD_DIR", str(built))
    result = CliRunner().invoke(main, ["audit", "--set", "basic", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    basics = {"Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Potion",
              "Platinum", "Colony"}
    assert set(report["by_card"]) <= basics
    assert {"Potion", "Platinum", "Colony", "Copper", "Curse"} <= set(report["by_card"])
    assert set(report["by_set"]) == {"alchemy", "base", "prosperity"}
    totals = report["totals"]
    assert totals["failing"] == 0 and totals["unclassified"] == 0
    assert totals["demonstrated"] + totals["informational"] == totals["rulings"]


def test_audit_command_fails_on_unclassified_scope(built: Path, monkeypatch) -> None:
    monkeypatch.setenv("RULINGS_BUILD_DIR", str(built))
    # Every shipped ruling is classified now, so take Cage's scenarios away.
    from rulings_service.scenarios import loader

    scan = loader.scan_scenarios

    def without_cage(*args, **kwargs):
        scenarios, errors = scan(*args, **kwargs)
        return [s for s in scenarios if not s.id.startswith("cage--")], errors

    monkeypatch.setattr(loader, "scan_scenarios", without_cage)
    result = CliRunner().invoke(main, ["audit", "--card", "Cage"])
    assert result.exit_code == 1
    assert "UNCLASSIFIED cage-" in result.stdout


def test_audit_command_unknown_set_is_one_line(built: Path, monkeypatch) -> None:
    monkeypatch.setenv("RULINGS_BUILD_DIR", str(built))
    result = CliRunner().invoke(main, ["audit", "--set", "nope"])
    assert result.exit_code == 1
    assert "no set 'nope' in the corpus; sets: " in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(("card", "wanted"), [
    ("Foo", "Error: no card 'Foo' in the corpus"),
    ("Feest", "Error: no card 'Feest' in the corpus; did you mean 'Feast'?"),
])
def test_audit_command_unknown_card_exits_1(
    built: Path, monkeypatch, card: str, wanted: str
) -> None:
    monkeypatch.setenv("RULINGS_BUILD_DIR", str(built))
    result = CliRunner().invoke(main, ["audit", "--card", card, "--json"])
    assert result.exit_code == 1
    assert wanted in result.output and '"ok"' not in result.output


def test_audit_command_informational_limit(built: Path, monkeypatch) -> None:
    """Base has a few informational rulings (6 of 100): a limit of 0 fails the run."""
    monkeypatch.setenv("RULINGS_BUILD_DIR", str(built))
    result = CliRunner().invoke(main, ["audit", "--set", "base", "--max-informational", "0"])
    assert result.exit_code == 1
    assert "TOO MANY INFORMATIONAL" in result.stdout and result.stdout.rstrip().endswith("NOT OK")
    bad = CliRunner().invoke(main, ["audit", "--set", "base", "--max-informational", "1.5"])
    assert bad.exit_code == 2 and "0<=x<=1" in bad.output


def test_replay_command_prints_steps_and_zones() -> None:
    result = CliRunner().invoke(main, ["replay", "feast--throne-room-gains-two"])
    assert result.exit_code == 0, result.output
    assert "player 1 plays Feast again (Throne Room)" in result.output
    assert "player 1 discard: [Duchy, Duchy]" in result.output
    assert result.output.rstrip().endswith("PASS")


def test_replay_text_says_it_shows_changed_zones_and_all_zones_shows_every_zone() -> None:
    sid = "feast--throne-room-gains-two"
    changed = CliRunner().invoke(main, ["replay", sid])
    assert changed.exit_code == 0, changed.output
    assert "only the zones that changed are shown; --all-zones shows every zone" in (
        changed.output
    )
    assert "after (changed zones):" in changed.output
    # Player 2's zones and player 1's deck did not change, so only --all-zones prints them.
    assert "player 2 hand: []" not in changed.output.split("1. play Throne Room")[1]
    every = CliRunner().invoke(main, ["replay", sid, "--all-zones"])
    assert every.exit_code == 0, every.output
    assert "only the zones that changed" not in every.output
    after = every.output.split("after (every zone):")[1]
    for line in ("player 1 deck: []", "player 2 hand: []", "player 1 hand: [Copper]",
                 "trash: [Feast]"):
        assert line in after, line
    start = every.output.split("  start:")[1].split("  1. ")[0]
    assert len(after.splitlines()) - 2 == len(start.strip().splitlines())  # same zones listed


def test_replay_shows_a_refused_answer_and_a_step_that_changed_nothing() -> None:
    chapel = CliRunner().invoke(main, ["replay", "chapel--cannot-trash-itself"])
    assert "answer refused (as expected): ['Chapel', 'Chapel', 'Estate']" in chapel.output
    market = CliRunner().invoke(main, ["replay", "market--plus-card-action-buy-coin"])
    refused = market.output.split("refused (as expected): cannot buy Copper: no Buys left")[1]
    assert refused.splitlines()[1] == "     after: no zone changed"


def test_replay_help_describes_the_text_output_honestly() -> None:
    help_text = " ".join(CliRunner().invoke(main, ["replay", "--help"]).output.split())
    assert "with the log and every zone after each step" not in help_text
    assert "the text output shows only the zones that changed (--all-zones: every zone)" in (
        help_text
    )


def test_replay_command_json_and_unknown_id() -> None:
    result = CliRunner().invoke(main, ["replay", "smithy--draw-three", "--json"])
    transcript = json.loads(result.output)
    assert transcript["passed"] and transcript["steps"][0]["zones"]["players"][0]["hand"]
    missing = CliRunner().invoke(main, ["replay", "../../etc--passwd"])
    assert missing.exit_code == 1 and "no scenario '../../etc--passwd'" in missing.output


def test_invalid_file_is_reported_by_the_commands_without_traceback(
    tmp_path: Path, monkeypatch
) -> None:
    from rulings_service.scenarios import loader

    (tmp_path / "smithy--broken.yaml").write_text(
        "id: smithy--broken\ntitle: t\nrulings: []\nsetup: {kingdom: [Smithy], players: 9}\n"
        "steps: [{play: Smithy}]\nexpect: {}\n",
        encoding="utf-8",
    )
    monkeypatch.setattr(loader, "SCENARIOS_DIR", tmp_path)
    listing = CliRunner().invoke(main, ["scenarios"])
    assert listing.exit_code == 1
    assert "smithy--broken.yaml: setup.players: Must be greater than or equal to 2" in (
        listing.output
    )
    replay = CliRunner().invoke(main, ["replay", "smithy--broken"])
    assert replay.exit_code == 1 and "setup.players" in replay.output
    assert "Traceback" not in listing.output + replay.output


def test_misspelt_card_fails_the_listing_and_the_replay_naming_the_field(
    tmp_path: Path, monkeypatch
) -> None:
    from rulings_service.scenarios import loader

    shipped = loader.SCENARIOS_DIR / "feast--throne-room-gains-two.yaml"
    text = shipped.read_text(encoding="utf-8")
    assert "hand: [Throne Room, Feast, Copper]" in text
    (tmp_path / shipped.name).write_text(
        text.replace("hand: [Throne Room, Feast, Copper]", "hand: [Throne Room, Feest, Copper]"),
        encoding="utf-8",
    )
    monkeypatch.setattr(loader, "SCENARIOS_DIR", tmp_path)
    wanted = "setup.player1.hand[1]: unknown card 'Feest' (did you mean Feast?)"
    listing = CliRunner().invoke(main, ["scenarios"])
    assert listing.exit_code == 1
    assert f"feast--throne-room-gains-two.yaml: {wanted}" in listing.output
    replay = CliRunner().invoke(main, ["replay", "feast--throne-room-gains-two"])
    assert replay.exit_code == 1 and wanted in replay.output


def card_text_scenario(tmp_path: Path, sid: str, card: str, hand_expected: list[str]):
    """A card-text demonstration (no ruling) of Smithy's '+3 Cards'."""
    data = {
        "id": sid,
        "title": f"{sid} probe",
        "card_text": card,
        "setup": {
            "kingdom": ["Smithy"],
            "players": 2,
            "player1": {"hand": ["Smithy"], "deck": ["Copper", "Silver", "Gold"]},
        },
        "steps": [{"play": "Smithy"}],
        "expect": {"player1": {"hand": hand_expected}},
    }
    path = tmp_path / f"{sid}.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return load_scenario_file(path)


def corpus_with_cards(*rulings: dict, cards: dict[str, str]) -> SimpleNamespace:
    corpus = fake_corpus(*rulings)
    corpus.cards = [{"name": n, "slug": n.lower(), "set": s, "sets": [s]} for n, s in cards.items()]
    return corpus


def test_card_text_demonstrations_are_counted_apart_from_rulings(tmp_path: Path) -> None:
    good = card_text_scenario(tmp_path, "smithy--text-good", "Smithy",
                              ["Copper", "Silver", "Gold"])
    corpus = corpus_with_cards(ruling("bridge-dddddd", "Bridge", "intrigue"),
                               cards={"Smithy": "base", "Bridge": "intrigue"})
    report = run_audit("base", corpus=corpus, scenarios=[good])
    assert report["totals"]["rulings"] == 0 and report["totals"]["demonstrated"] == 0
    section = report["card_text"]
    assert section["totals"] == {"demonstrations": 1, "passing": 1, "failing": 0}
    assert section["by_set"] == {"base": {"demonstrations": 1, "passing": 1, "failing": 0}}
    assert section["by_card"]["Smithy"]["passing"] == 1
    assert "not official rulings" in section["label"]
    assert report["ok"] is True
    lines = list(format_audit(report))
    assert any("not official rulings" in line for line in lines)
    # Another set's audit does not replay it.
    other = run_audit("intrigue", corpus=corpus, scenarios=[good])
    assert other["card_text"]["totals"]["demonstrations"] == 0


def test_a_failing_card_text_demonstration_fails_the_audit(tmp_path: Path) -> None:
    bad = card_text_scenario(tmp_path, "smithy--text-bad", "Smithy", ["Copper"])
    corpus = corpus_with_cards(cards={"Smithy": "base"})
    for scope in ({"set": "base"}, {"card": "Smithy"}, {}):
        report = run_audit(**scope, corpus=corpus, scenarios=[bad])
        assert report["card_text"]["totals"] == {"demonstrations": 1, "passing": 0,
                                                 "failing": 1}
        assert report["card_text"]["by_card"]["Smithy"]["failing"] == 1
        assert [f["scenario"] for f in report["failures"]] == ["smithy--text-bad"]
        assert report["ok"] is False
