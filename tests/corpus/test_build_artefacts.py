"""Damaged builds: noticed by their checksums, rebuilt, or named in one line; never served.

Each test builds into its own temporary directory (the corpus step plus a
small stand-in for the index step, whose files the checksums cover the same
way), damages one file and loads it again.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import click
import pytest
import yaml
from click.testing import CliRunner

from rulings_service import artefacts, ensure
from rulings_service import build as build_module
from rulings_service.build import BuildContext, BuildError, build, write_corpus_json
from rulings_service.cli import corpus_commands, serve_commands
from rulings_service.corpus_store import corpus_file, current_dir, load_corpus
from rulings_service.ensure import CorpusDamaged, ensure_built
from rulings_service.paths import SOURCES_DIR

DUMP = "000_847cd3a30e55ddae.txt"
SEGMENT = "index/MAIN_test.seg"


def _index_stand_in(ctx: BuildContext) -> None:
    (ctx.staging / "index").mkdir()
    (ctx.staging / SEGMENT).write_bytes(ctx.corpus.build_id.encode() * 100)


STEPS = [("corpus", write_corpus_json), ("index", _index_stand_in)]


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch) -> None:
    artefacts.forget_verified()
    monkeypatch.setattr(build_module, "default_steps", lambda: list(STEPS))


def _built(tmp_path: Path) -> Path:
    out = tmp_path / "out"
    build(out, steps=STEPS)
    return out


def _told(out: Path) -> tuple[object, list[str]]:
    told: list[str] = []
    corpus = ensure_built(out, on_stale=told.append)
    return corpus, told


def test_every_written_file_is_recorded_and_verifies(tmp_path: Path) -> None:
    out = _built(tmp_path)
    lines = (current_dir(out) / artefacts.CHECKSUMS_FILE).read_text().splitlines()
    recorded = sorted(line.split("  ", 1)[1] for line in lines)
    assert recorded == sorted(["corpus.json", SEGMENT, *(f"sources/{p.name}" for p in
                                                        SOURCES_DIR.glob("*.txt"))]
                              + [f"sources/{p.name}" for p in SOURCES_DIR.glob("*.html")]
                              + ["data/abbreviations.yaml", "data/vocabulary.yaml"])
    artefacts.verify(current_dir(out))


@pytest.mark.parametrize("damage", ["truncate", "edit"])
def test_damaged_corpus_json_is_rebuilt(tmp_path: Path, damage: str) -> None:
    out = _built(tmp_path)
    path = corpus_file(out)
    original = json.loads(path.read_text())
    before = os.readlink(current_dir(out))
    if damage == "truncate":
        path.write_text(path.read_text()[:1000])
    else:  # hand-edited but valid, old build id kept
        edited = dict(original)
        edited["rulings"] = [{**original["rulings"][0], "text": "Edited by hand."},
                             *original["rulings"][1:]]
        path.write_text(json.dumps(edited))
    corpus, told = _told(out)
    assert told == [f"{current_dir(out) / 'corpus.json'}: damaged (its sha256 differs from "
                    f"the one the build recorded); rebuilding"]
    assert os.readlink(current_dir(out)) != before
    assert corpus.build_id == original["build_id"]
    assert corpus.rulings[0]["text"] == original["rulings"][0]["text"]


def test_damaged_index_segment_is_rebuilt(tmp_path: Path) -> None:
    out = _built(tmp_path)
    segment = current_dir(out) / SEGMENT
    segment.write_bytes(b"\0" * 10)
    _, told = _told(out)
    assert told == [f"{segment}: damaged (its sha256 differs from the one the build "
                    f"recorded); rebuilding"]
    artefacts.verify(current_dir(out))


def test_missing_artefact_and_missing_record_are_named(tmp_path: Path) -> None:
    out = _built(tmp_path)
    (current_dir(out) / SEGMENT).unlink()
    assert _told(out)[1] == [f"{current_dir(out) / SEGMENT}: missing from the build; "
                             f"rebuilding"]
    artefacts.forget_verified()
    (current_dir(out) / artefacts.CHECKSUMS_FILE).unlink()
    assert _told(out)[1] == [f"{current_dir(out) / artefacts.CHECKSUMS_FILE}: missing (the "
                             f"build's checksums); rebuilding"]


def _cannot_rebuild(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args: object, **_kwargs: object) -> None:
        raise BuildError("x/000_847cd3a30e55ddae.txt: at character 5: damaged")

    monkeypatch.setattr(ensure, "build", broken)


def test_damaged_build_that_cannot_be_rebuilt_is_one_line(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    out = _built(tmp_path)
    corpus_file(out).write_text("{}")
    _cannot_rebuild(monkeypatch)
    with pytest.raises(CorpusDamaged) as err:
        ensure_built(out, on_stale=lambda _m: None)
    assert str(err.value) == (
        f"{current_dir(out) / 'corpus.json'}: damaged (its sha256 differs from the one the "
        f"build recorded), and it could not be rebuilt: x/000_847cd3a30e55ddae.txt: at "
        f"character 5: damaged")


def test_cli_and_serve_name_the_damaged_file_without_a_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _built(tmp_path)
    (current_dir(out) / SEGMENT).write_bytes(b"junk")
    _cannot_rebuild(monkeypatch)

    @click.group()
    def main() -> None:
        """This area's commands only."""

    corpus_commands.register(main)
    serve_commands.register(main)
    expected = (f"Error: {current_dir(out) / SEGMENT}: damaged (its sha256 differs from the "
                f"one the build recorded), and it could not be rebuilt: "
                f"x/000_847cd3a30e55ddae.txt: at character 5: damaged\n")
    result = CliRunner().invoke(main, ["card", "Smithy", "--build-dir", str(out)])
    assert result.exit_code == 1 and result.stderr.endswith(expected)
    artefacts.forget_verified()
    monkeypatch.setenv("RULINGS_BUILD_DIR", str(out))
    monkeypatch.setattr(serve_commands, "run_gunicorn", lambda *_a: pytest.fail("served"))
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 1 and result.stderr.endswith(expected), result.output
    assert "Traceback" not in result.output and "Aborted" not in result.output


def test_source_pages_quote_the_builds_copy(tmp_path: Path) -> None:
    sources = tmp_path / "sources"
    shutil.copytree(SOURCES_DIR, sources)
    out = tmp_path / "out"
    build(out, sources_dir=sources, steps=STEPS)
    original = (sources / DUMP).read_text(encoding="utf-8")
    (sources / DUMP).write_text("junk", encoding="utf-8")
    corpus = load_corpus(out)
    assert corpus.source_text(DUMP) == original
    assert corpus.sources_dir == current_dir(out).resolve() / "sources"


def test_a_fall_in_rulings_warns_naming_the_source(tmp_path: Path) -> None:
    sources = tmp_path / "sources"
    shutil.copytree(SOURCES_DIR, sources)
    out = tmp_path / "out"
    first = build(out, sources_dir=sources, steps=STEPS)
    assert not [w for w in first.warnings if "fewer than" in w]
    manifest = yaml.safe_load((sources / "manifest.yaml").read_text(encoding="utf-8"))
    for src in manifest["sources"]:
        src["pinned"] = False
    (sources / "manifest.yaml").write_text(yaml.safe_dump(manifest), encoding="utf-8")
    text = (sources / DUMP).read_text(encoding="utf-8")
    cut = text[:50_000]  # still parses, into fewer rulings (test_truncated_source_is_refused)
    (sources / DUMP).write_text(cut, encoding="utf-8")
    report = build(out, sources_dir=sources, steps=STEPS)
    assert [w for w in report.warnings if "fewer than" in w] == [
        "source 'faq-dump' gives 461 rulings, 55% fewer than the previous build's 1017: check "
        "that the source is complete",
        "the corpus has 1066 rulings, 28% fewer than the previous build's 1480 (sources that "
        "fell: 'faq-dump')"]
