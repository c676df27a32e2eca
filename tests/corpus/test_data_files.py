"""Damaged and missing data files: ``rulings build`` names the file and the field or line,
and the previous build stays current; nothing is read when ``rulings`` is imported.

Each test copies the data files it damages into ``tmp_path`` and builds into a
temporary build directory (a small stand-in replaces the index step).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rulings_service import artefacts
from rulings_service.build import BuildContext, BuildError, build, write_corpus_json
from rulings_service.corpus_store import current_dir
from rulings_service.datafiles import DataFileError, data_files, validate_all
from rulings_service.paths import CATALOGUE_DIR, CORPUS_DIR, REPO_ROOT, SOURCES_DIR


def _stand_in(ctx: BuildContext) -> None:
    (ctx.staging / "index").mkdir()
    (ctx.staging / "index" / "stand-in").write_text(ctx.corpus.build_id)


STEPS = [("corpus", write_corpus_json), ("index", _stand_in)]


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    """A copy of every data file (not the sources' texts: the manifest points at them)."""
    artefacts.forget_verified()
    root = tmp_path / "corpus"
    for name in ("vocabulary.yaml", "abbreviations.yaml"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(CORPUS_DIR / name, root / name)
    shutil.copytree(CORPUS_DIR / "expansions", root / "expansions")
    (root / "scenarios").mkdir()
    shutil.copyfile(CORPUS_DIR / "scenarios" / "informational.yaml",
                    root / "scenarios" / "informational.yaml")
    shutil.copytree(CATALOGUE_DIR, root / "catalogue")
    shutil.copytree(SOURCES_DIR, root / "sources")
    return root


def _build(corpus: Path, out: Path) -> None:
    build(out, sources_dir=corpus / "sources", catalogue_dir=corpus / "catalogue",
          corpus_dir=corpus, steps=STEPS)


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_every_shipped_data_file_is_valid() -> None:
    validate_all()
    checked = {f.path.relative_to(CORPUS_DIR).as_posix() for f in data_files()}
    assert {"sources/manifest.yaml", "vocabulary.yaml", "abbreviations.yaml",
            "scenarios/informational.yaml", "catalogue/base.yaml",
            "expansions/dark-ages.yaml"} <= checked


# (file, damage: (old text, new text), the message after "<file>: ")
DAMAGES = [
    ("vocabulary.yaml", ("paraphrases:\n", "paraphrases: [\n"),
     "line 15: not valid YAML (expected ',' or ']', but got ':')"),
    ("vocabulary.yaml", ("rules: [look, through, look at]", "rules: look"),
     "paraphrases.looking.rules: Not a valid list."),
    ("abbreviations.yaml", ("- {abbr: TR, card: Throne Room}", "- {abbr: TR}"),
     "abbreviations.0.card: Missing data for required field."),
    ("abbreviations.yaml", ("- {abbr: CR, card: Council Room}",
                            "- {abbr: CR, card: Council Room, casesensitive: true}"),
     "abbreviations.1.casesensitive: Unknown field."),
    ("sources/manifest.yaml", ("format: colon-dump", "format: colon"),
     "sources.0.format: Must be one of: colon-dump, titled-faq, titled-faq-html, rulebook."),
    ("sources/manifest.yaml", ("sources:\n", "source:\n"),
     "source: Unknown field."),
    ("catalogue/seaside.yaml", ("in_scope: true", "in_scope: maybe"),
     "in_scope: Not a valid boolean."),
    ("catalogue/seaside.yaml", ("- name: Bazaar", "- nam: Bazaar"),
     "cards.1.name: Missing data for required field."),
    ("expansions/dark-ages.yaml", ("rulings:\n  altar-3fb08a:\n", "rulings:\n  altar-3fb08a: 5\n"
                                   "  altar-x:\n"),
     "rulings.altar-3fb08a: Not a valid list."),
    ("scenarios/informational.yaml", ("reason: table-talk", "reason: chatter"),
     "rulings.festival-b70d0a.reason: Must be one of: definition, hidden-information, "
     "outside-engine, physical-handling, restates-card-text, table-talk."),
]


@pytest.mark.parametrize("name, damage, message", DAMAGES,
                         ids=[f"{d[0]}:{d[2][:30]}" for d in DAMAGES])
def test_a_damaged_data_file_fails_the_build_and_keeps_the_previous_one(
        corpus: Path, tmp_path: Path, name: str, damage: tuple[str, str], message: str) -> None:
    out = tmp_path / "out"
    _build(corpus, out)
    before = os.readlink(current_dir(out))
    _edit(corpus / name, *damage)
    with pytest.raises(BuildError) as failed:
        _build(corpus, out)
    assert str(failed.value) == f"{corpus / name}: {message}"
    assert os.readlink(current_dir(out)) == before
    artefacts.verify(current_dir(out))


@pytest.mark.parametrize("name", ["vocabulary.yaml", "abbreviations.yaml",
                                  "sources/manifest.yaml", "scenarios/informational.yaml"])
def test_a_missing_data_file_is_named_as_missing(corpus: Path, name: str) -> None:
    (corpus / name).unlink()
    with pytest.raises(DataFileError) as failed:
        validate_all(corpus, corpus / "sources", corpus / "catalogue")
    assert str(failed.value) == f"{corpus / name}: missing"


def test_a_deleted_catalogue_file_is_named_as_missing(corpus: Path, tmp_path: Path) -> None:
    (corpus / "catalogue" / "seaside.yaml").unlink()
    with pytest.raises(BuildError) as failed:
        _build(corpus, tmp_path / "out")
    assert str(failed.value) == (f"{corpus / 'catalogue' / 'seaside.yaml'}: missing (the "
                                 "catalogue of set 'seaside', which source 'faq-dump' covers)")


def test_the_build_keeps_copies_of_the_files_the_server_reads(corpus: Path,
                                                              tmp_path: Path) -> None:
    out = tmp_path / "out"
    _build(corpus, out)
    for name in ("vocabulary.yaml", "abbreviations.yaml"):
        assert (current_dir(out) / "data" / name).read_bytes() == (corpus / name).read_bytes()


def test_the_server_reads_the_builds_copies(shipped_build: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from rulings_service.search import searcher as searcher_module
    from rulings_service.web import services

    opened: dict[str, object] = {}
    monkeypatch.setattr(searcher_module.Searcher, "open",
                        classmethod(lambda cls, *a, **kw: opened.update(kw)))
    monkeypatch.setattr(services, "Services", lambda **_kw: pytest.skip("searcher seen"))
    with pytest.raises(pytest.skip.Exception):
        services.load_default_services(shipped_build, prime_audit=False)
    data = current_dir(shipped_build).resolve() / "data"
    assert opened == {"abbreviations_file": data / "abbreviations.yaml",
                      "lexicon_file": data / "vocabulary.yaml"}


def test_help_reads_no_data_file() -> None:
    """``rulings --help`` with every read of ``corpus/*.yaml`` failing, as if all were damaged."""
    guard = (
        "import pathlib, sys\n"
        "real = pathlib.Path.read_text\n"
        "def read_text(self, *a, **k):\n"
        "    if self.suffix == '.yaml' and 'corpus' in self.parts:\n"
        "        raise RuntimeError(f'read at import: {self}')\n"
        "    return real(self, *a, **k)\n"
        "pathlib.Path.read_text = read_text\n"
        "import builtins\n"
        "real_open = builtins.open\n"
        "def guarded(file, *a, **k):\n"
        "    if str(file).endswith('.yaml') and '/corpus/' in str(file):\n"
        "        raise RuntimeError(f'opened at import: {file}')\n"
        "    return real_open(file, *a, **k)\n"
        "builtins.open = guarded\n"
        "from rulings_service.cli import main\n"
        "main(['--help'])\n"
    )
    result = subprocess.run([sys.executable, "-c", guard], capture_output=True, text=True,
                            cwd=REPO_ROOT, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "serve" in result.stdout and "build" in result.stdout
