"""The build: deterministic output, errors that name file and position, safe swaps, CLI."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner

from rulings_service.build import (
    BuildContext,
    BuildError,
    build,
    is_pinned,
    load_manifest,
    read_source,
    write_corpus_json,
)
from rulings_service.cli import corpus_commands
from rulings_service.corpus_store import CORPUS_FILE, Corpus, corpus_file, current_dir
from rulings_service.paths import SOURCES_DIR

DUMP = "000_847cd3a30e55ddae.txt"
CORPUS_ONLY = [("corpus", write_corpus_json)]
CARD_FIELDS = {"name", "slug", "set", "sets", "cost", "types", "kind", "text", "pile_size",
               "in_scope", "implemented", "ruling_ids"}

@click.group()
def main() -> None:
    """Only this area's commands, so these tests do not depend on other command groups."""


corpus_commands.register(main)

RULING_FIELDS = {"id", "card", "card_slug", "topic", "set", "text", "sources", "mentions", "kind",
                 "order"}


def test_rebuild_is_byte_identical_with_identical_ids(built_dir: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    env = {**os.environ, "PYTHONHASHSEED": "4242"}  # a different set/dict iteration order
    subprocess.run(
        [sys.executable, "-c",
         f"from pathlib import Path; from rulings_service.build import build, "
         f"write_corpus_json as w; build(Path({str(again)!r}), steps=[('corpus', w)])"],
        check=True, env=env, cwd=Path(__file__).resolve().parents[2])
    first = corpus_file(built_dir).read_bytes()
    second = corpus_file(again).read_bytes()
    assert first == second
    ids = [r["id"] for r in json.loads(first)["rulings"]]
    assert ids == [r["id"] for r in json.loads(second)["rulings"]]
    assert len(ids) == len(set(ids))


def _copy_sources(tmp_path: Path, *, pinned: bool = True) -> Path:
    """A copy of the shipped sources; ``pinned=False`` marks every manifest entry
    ``pinned: false``, for tests of how the parsers report a deliberately damaged file."""
    target = tmp_path / "sources"
    shutil.copytree(SOURCES_DIR, target)
    if not pinned:
        manifest = yaml.safe_load((target / "manifest.yaml").read_text(encoding="utf-8"))
        for src in manifest["sources"]:
            src["pinned"] = False
        (target / "manifest.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
    return target


def test_missing_source_names_the_file(tmp_path: Path) -> None:
    sources = _copy_sources(tmp_path)
    (sources / DUMP).unlink()
    with pytest.raises(BuildError, match=re.escape(DUMP) + ".*missing"):
        build(tmp_path / "out", sources_dir=sources, steps=CORPUS_ONLY)


def test_damaged_source_names_file_and_position(tmp_path: Path) -> None:
    sources = _copy_sources(tmp_path, pinned=False)
    text = (sources / DUMP).read_text(encoding="utf-8")
    damaged = text.replace(":::Smithy Draw", ":::Smythy Draw")
    (sources / DUMP).write_text(damaged, encoding="utf-8")
    with pytest.raises(BuildError) as err:
        build(tmp_path / "out", sources_dir=sources, steps=CORPUS_ONLY)
    position = damaged.index("Smythy")
    assert f"{DUMP}: at character {position}:" in str(err.value)
    assert "not start with a known card name" in str(err.value)


def test_undecodable_source_names_file_and_byte(tmp_path: Path) -> None:
    sources = _copy_sources(tmp_path, pinned=False)
    raw = bytearray((sources / DUMP).read_bytes())
    raw[500] = 0xFF
    (sources / DUMP).write_bytes(bytes(raw))
    with pytest.raises(BuildError, match=re.escape(DUMP) + r": at byte 500: not valid UTF-8"):
        build(tmp_path / "out", sources_dir=sources, steps=CORPUS_ONLY)


def test_every_shipped_source_is_pinned() -> None:
    manifest = load_manifest(SOURCES_DIR)
    assert [src["file"] for src in manifest if not is_pinned(src)] == []
    for src in manifest:
        text, digest = read_source(SOURCES_DIR, src)
        assert (digest, len(text)) == (src["sha256"], src["chars"]), src["file"]


def _refused(tmp_path: Path, sources: Path, file: str, expected: int, got: int) -> None:
    """The build into a directory holding a good build fails naming the file and the
    character counts, and leaves that build as it was."""
    out = tmp_path / "out"
    build(out, steps=CORPUS_ONLY)
    before = _snapshot(out)
    with pytest.raises(BuildError) as err:
        build(out, sources_dir=sources, steps=CORPUS_ONLY)
    assert re.fullmatch(
        rf".*/{re.escape(file)}: content differs from the manifest \(sha256 [0-9a-f]{{16}}\.\.\. "
        rf"instead of [0-9a-f]{{16}}\.\.\., expected {expected} characters, got {got}\)",
        str(err.value)), str(err.value)
    assert _snapshot(out) == before


def test_truncated_source_is_refused(tmp_path: Path) -> None:
    """Cut at 50,000 characters the dump still parses (into fewer rulings): only the pin
    notices."""
    sources = _copy_sources(tmp_path)
    text = (sources / DUMP).read_text(encoding="utf-8")
    (sources / DUMP).write_text(text[:50_000], encoding="utf-8")
    _refused(tmp_path, sources, DUMP, len(text), 50_000)


@pytest.mark.parametrize("how", ["latin-1 bytes", "utf-8 read as latin-1"])
def test_re_encoded_source_is_refused(tmp_path: Path, how: str) -> None:
    """The rulebook's dashes and bullets are not Latin-1: written as Latin-1 bytes they
    become '?'; read back as Latin-1 and saved as UTF-8 they become three characters each
    (and its card lines would be read as general rules)."""
    sources = _copy_sources(tmp_path)
    plunder = "003_ef1597221509dafe.txt"
    text = (sources / plunder).read_text(encoding="utf-8")
    if how == "latin-1 bytes":
        raw = text.encode("latin-1", errors="replace")
        got = len(raw.decode("utf-8", errors="replace"))
    else:
        damaged = text.encode("utf-8").decode("latin-1")
        raw, got = damaged.encode("utf-8"), len(damaged)
    assert raw != text.encode("utf-8")
    (sources / plunder).write_bytes(raw)
    _refused(tmp_path, sources, plunder, len(text), got)


@pytest.mark.parametrize("change, message", [
    ({"chars": 5}, "'sha256' and 'chars' pin a file together; only 'chars' is given"),
    ({"sha256": "abc", "chars": 5}, "'sha256' must be 64 lower-case hex digits"),
    ({"sha256": "0" * 64, "chars": -1}, "'chars' must be a non-negative integer"),
    ({"pinned": "no"}, "'pinned' must be true or false"),
    ({"pinned": True}, "'pinned: true' needs 'sha256' and 'chars'"),
])
def test_malformed_pin_is_a_clear_error(tmp_path: Path, change: dict, message: str) -> None:
    sources = _copy_sources(tmp_path)
    manifest = yaml.safe_load((sources / "manifest.yaml").read_text(encoding="utf-8"))
    first = manifest["sources"][0]
    first.pop("sha256")
    first.pop("chars")
    first.update(change)
    (sources / "manifest.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
    with pytest.raises(BuildError, match=r"manifest\.yaml: sources\[0\] \(faq-dump\): "
                       + re.escape(message)):
        build(tmp_path / "out", sources_dir=sources, steps=CORPUS_ONLY)


def test_pin_with_the_right_sha256_but_wrong_length_is_a_manifest_error(tmp_path: Path) -> None:
    sources = _copy_sources(tmp_path)
    manifest = yaml.safe_load((sources / "manifest.yaml").read_text(encoding="utf-8"))
    manifest["sources"][1]["chars"] += 1
    (sources / "manifest.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
    with pytest.raises(BuildError, match=r"001_5c3cde148713c62b\.txt: the manifest's pin is "
                       r"inconsistent: the sha256 matches but it says 16940 characters, the "
                       r"file has 16939"):
        build(tmp_path / "out", sources_dir=sources, steps=CORPUS_ONLY)


def test_unpinned_source_gets_parse_errors(tmp_path: Path) -> None:
    """Without the pin a damaged rulebook is still caught where it stops making sense."""
    sources = _copy_sources(tmp_path, pinned=False)
    faq = sources / "002_c24012c8268a4198.txt"
    faq.write_text("Some stray preface.\n\n" + faq.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(BuildError, match=r"002_c24012c8268a4198\.txt: at character 0"):
        build(tmp_path / "out", sources_dir=sources, steps=CORPUS_ONLY)


def _snapshot(directory: Path) -> tuple[str, bytes, list[str]]:
    return (os.readlink(current_dir(directory)), corpus_file(directory).read_bytes(),
            sorted(p.name for p in directory.iterdir()))


def test_failed_build_leaves_previous_build_untouched(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(out, steps=CORPUS_ONLY)
    before = _snapshot(out)
    sources = _copy_sources(tmp_path)
    (sources / DUMP).write_text(":::Smythy Draw three cards.", encoding="utf-8")
    with pytest.raises(BuildError):
        build(out, sources_dir=sources, steps=CORPUS_ONLY)
    assert _snapshot(out) == before

    def boom(ctx: BuildContext) -> None:
        (ctx.staging / "index").mkdir()
        raise OSError("disk full")

    with pytest.raises(BuildError, match="previous build kept: disk full"):
        build(out, steps=[("corpus", write_corpus_json), ("index", boom)])
    assert _snapshot(out) == before


def test_later_steps_see_the_corpus_and_write_into_the_build(tmp_path: Path) -> None:
    seen: list[int] = []

    def index(ctx: BuildContext) -> None:
        seen.append(len(ctx.corpus.rulings))
        (ctx.staging / "index").mkdir()
        (ctx.staging / "index" / "marker").write_text(ctx.corpus.build_id)

    build(tmp_path / "out", steps=[("corpus", write_corpus_json), ("index", index)])
    data = json.loads(corpus_file(tmp_path / "out").read_text())
    assert seen == [len(data["rulings"])]
    marker = current_dir(tmp_path / "out") / "index" / "marker"
    assert marker.read_text() == data["build_id"]


def test_export_json_shape(built_dir: Path) -> None:
    result = CliRunner().invoke(main, ["export", "--json", "--build-dir", str(built_dir)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"build_id", "sources", "cards", "rulings", "kingdoms"}
    assert re.fullmatch(r"[0-9a-f]{64}", data["build_id"])
    assert [s["id"] for s in data["sources"]] == [
        "faq-dump", "prosperity-faq", "intrigue-faq", "plunder-rulebook", "nocturne-rulebook"]
    chars = {s["id"]: s["chars"] for s in data["sources"]}
    for card in data["cards"]:
        assert set(card) >= CARD_FIELDS, card["name"]
        assert isinstance(card["implemented"], bool)
        if card["cost"] is not None:
            assert set(card["cost"]) == {"coins", "potion", "debt"}
    ruling_ids = {r["id"] for r in data["rulings"]}
    for ruling in data["rulings"]:
        assert set(ruling) >= RULING_FIELDS, ruling["id"]
        assert ruling["kind"] in {"card", "general", "setup", "editorial"}
        assert re.fullmatch(r"[a-z0-9-]+-[0-9a-f]{6,}", ruling["id"])
        assert ruling["sources"]
        for src in ruling["sources"]:
            assert 0 <= src["start"] < src["end"] <= chars[src["document"]]
        if ruling["topic"] is None:
            assert ruling["card_slug"] is not None
        else:
            assert ruling["card"].startswith("General rules: ")
    for card in data["cards"]:
        assert set(card["ruling_ids"]) <= ruling_ids
    assert [r["order"] for r in data["rulings"]] == list(range(len(data["rulings"])))
    for kingdom in data["kingdoms"]:
        assert {"id", "name", "source", "sets", "cards", "landscapes", "druid_boons"} \
            <= set(kingdom)


def test_export_requires_json_flag(built_dir: Path) -> None:
    result = CliRunner().invoke(main, ["export", "--build-dir", str(built_dir)])
    assert result.exit_code == 2
    assert "rulings export --json" in result.output


def test_card_command_shows_rulings(built_dir: Path) -> None:
    result = CliRunner().invoke(main, ["card", "Throne", "Room", "--build-dir", str(built_dir)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Throne Room (base, 4 coins)")
    assert "If you Throne Room a Throne Room" in result.output


def test_card_command_takes_a_typo_as_the_one_card_it_fits(built_dir: Path) -> None:
    # The shared matcher's answer, as cards/named gives it: the card, and a note.
    result = CliRunner().invoke(main, ["card", "Thone", "Rom", "--build-dir", str(built_dir)])
    assert result.exit_code == 0, result.output
    assert "'Thone Rom' taken as Throne Room" in result.output
    assert "Throne Room (base, 4 coins)" in result.output


def test_card_command_unclear_name_suggests(built_dir: Path) -> None:
    result = CliRunner().invoke(main, ["card", "Dame", "--build-dir", str(built_dir)])
    assert result.exit_code == 1
    assert "unknown card 'Dame'. Did you mean: Dame Anna" in result.output
    assert "Traceback" not in result.output


def test_card_command_says_a_card_is_not_covered(built_dir: Path) -> None:
    result = CliRunner().invoke(main, ["card", "overlord", "--build-dir", str(built_dir)])
    assert result.exit_code == 1
    assert "Overlord is a card from Empires, which our sources do not cover." in result.output
    assert "Governor" not in result.output


@pytest.mark.slow
def test_build_command_prints_counts(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["build", "--build-dir", str(tmp_path / "b")])
    assert result.exit_code == 0, result.output
    assert "[1/5] faq-dump" in result.output
    assert re.search(r"^\s+intrigue-faq\s+\d+$", result.output, re.M)
    assert re.search(r"^\s+hinterlands\s+26\s+0$", result.output, re.M)


def test_corpus_lookups(corpus: Corpus) -> None:
    feast = corpus.card_by_slug["feast"]
    rulings = corpus.rulings_for_card("feast")
    assert [r["id"] for r in rulings] == feast["ruling_ids"]
    assert corpus.ruling_by_id[rulings[0]["id"]] is rulings[0]
    assert any(r["card"] == "Feast" for r in corpus.rulings_mentioning("Throne Room"))
    assert corpus.card_named("hermit / madman")["name"] == "Madman"
    assert (current_dir(Path("x")) / CORPUS_FILE) == corpus_file(Path("x"))


def test_ensure_built_builds_once_when_missing(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from rulings_service import build as build_module
    from rulings_service.ensure import ensure_built

    monkeypatch.setattr(build_module, "default_steps", lambda: list(CORPUS_ONLY))
    first = ensure_built(tmp_path / "fresh")
    target = os.readlink(current_dir(tmp_path / "fresh"))
    second = ensure_built(tmp_path / "fresh")
    assert first.build_id == second.build_id
    assert os.readlink(current_dir(tmp_path / "fresh")) == target  # loaded, not rebuilt


def test_unreadable_corpus_is_a_clear_error(tmp_path: Path) -> None:
    from rulings_service.corpus_store import CorpusNotBuilt, load_corpus

    with pytest.raises(CorpusNotBuilt, match="run 'rulings build' first"):
        load_corpus(tmp_path / "nothing")
    build(tmp_path / "b", steps=CORPUS_ONLY)
    corpus_file(tmp_path / "b").write_text("{", encoding="utf-8")
    with pytest.raises(CorpusNotBuilt, match="not a readable corpus"):
        load_corpus(tmp_path / "b")


def test_ensure_built_rebuilds_a_stale_corpus(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from rulings_service import build as build_module
    from rulings_service import ensure
    from rulings_service.corpus_store import INPUTS_FILE, is_current
    from rulings_service.ensure import ensure_built

    monkeypatch.setattr(build_module, "default_steps", lambda: list(CORPUS_ONLY))
    out = tmp_path / "stale"
    ensure_built(out)
    assert is_current(out)
    (current_dir(out) / INPUTS_FILE).write_text("0" * 64 + "\n")  # as if a source changed
    before = os.readlink(current_dir(out))
    ensure_built(out)
    assert os.readlink(current_dir(out)) != before
    assert is_current(out)

    (current_dir(out) / INPUTS_FILE).write_text("0" * 64 + "\n")
    kept = os.readlink(current_dir(out))

    def broken(*_args: object, **_kwargs: object) -> None:
        raise BuildError("000_847cd3a30e55ddae.txt: at character 5: damaged")

    monkeypatch.setattr(ensure, "build", broken)
    told: list[str] = []
    corpus = ensure_built(out, on_stale=told.append)
    assert told == ["corpus is stale and could not be rebuilt, using the previous build: "
                    "000_847cd3a30e55ddae.txt: at character 5: damaged"]
    assert os.readlink(current_dir(out)) == kept
    assert corpus.rulings


def _stale_build_that_cannot_rebuild(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    from rulings_service import ensure
    from rulings_service.corpus_store import INPUTS_FILE

    out = tmp_path / "stale"
    build(out, steps=CORPUS_ONLY)
    (current_dir(out) / INPUTS_FILE).write_text("0" * 64 + "\n")  # as if a source changed

    def broken(*_args: object, **_kwargs: object) -> None:
        raise BuildError("x/003_ef1597221509dafe.txt: content differs from the manifest\n"
                         "  (sha256 ...)")

    monkeypatch.setattr(ensure, "build", broken)
    return out


def test_stale_corpus_notice_is_a_logged_warning_not_a_python_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture,
        recwarn: pytest.WarningsRecorder) -> None:
    from rulings_service.ensure import ensure_built

    out = _stale_build_that_cannot_rebuild(tmp_path, monkeypatch)
    with caplog.at_level("WARNING", logger="rulings_service.ensure"):
        assert ensure_built(out).rulings
    assert [r.getMessage() for r in caplog.records] == [
        "corpus is stale and could not be rebuilt, using the previous build: "
        "x/003_ef1597221509dafe.txt: content differs from the manifest (sha256 ...)"]
    assert [str(w.message) for w in recwarn] == []


def test_cli_prints_the_stale_notice_as_one_clean_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _stale_build_that_cannot_rebuild(tmp_path, monkeypatch)
    result = CliRunner().invoke(main, ["card", "Smithy", "--build-dir", str(out)])
    assert result.exit_code == 0, result.output
    assert result.stderr == ("warning: corpus is stale and could not be rebuilt, using the "
                             "previous build: x/003_ef1597221509dafe.txt: content differs "
                             "from the manifest (sha256 ...)\n")
    assert result.stdout.startswith("Smithy (base, 4 coins)")


def test_old_builds_are_pruned_but_young_ones_kept(tmp_path: Path) -> None:
    import time

    out = tmp_path / "many"
    for _ in range(3):
        build(out, steps=CORPUS_ONLY)
    assert len(list(out.glob("build-*"))) == 3  # young: maybe another process's build
    hour_ago = time.time() - 3600
    for path in out.glob("build-*"):
        os.utime(path, (hour_ago, hour_ago))
    build(out, steps=CORPUS_ONLY)
    remaining = sorted(p.name for p in out.glob("build-*"))
    assert len(remaining) == 2  # the new current one and one previous
    assert os.readlink(current_dir(out)) in remaining
