"""Document expansion: the per-ruling "asked as" questions (``corpus/expansions``).

The loader's errors name the file and key; unknown ruling ids are warnings;
a ruling is found through an expansion question that shares no word with its
text, and only while the component is on; expansions are never shown.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rulings_service import corpus_store
from rulings_service.search import Searcher, build_index
from rulings_service.search.expansions import (
    ExpansionError,
    load_expansions,
    read_expansion_file,
)
from rulings_service.search.index import read_meta
from rulings_service.search.reranker import CueWeights
from tests.search.conftest import FakeCorpus, ruling_id, tiny_corpus

# -- the loader ------------------------------------------------------------------------------


def _write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def test_loader_reads_and_merges_files(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", "sets: [base]\nrulings:\n  chapel-1: ['can I trash nothing',"
           " ' is zero ok ']\n  chapel-2: []\n")
    _write(tmp_path, "b.yaml", "rulings:\n  moat-1: ['does moat stop witch']\n")
    _write(tmp_path, "notes.txt", "not read: only *.yaml files are expansion files")
    loaded = load_expansions(tmp_path, known_ids={"chapel-1", "chapel-2", "moat-1"})
    assert loaded.questions == {
        "chapel-1": ("can I trash nothing", "is zero ok"),
        "moat-1": ("does moat stop witch",),
    }  # an empty list adds nothing
    assert loaded.warnings == ()
    assert loaded.files == ("a.yaml", "b.yaml")


def test_missing_directory_means_no_expansions(tmp_path: Path) -> None:
    assert load_expansions(tmp_path / "none").questions == {}


MALFORMED = {
    "not yaml": ("rulings: {chapel-1: [oops", "not valid YAML"),
    "top level list": ("- a\n- b\n", "expected a mapping"),
    "unknown top key": ("ruling:\n  chapel-1: [a]\n", "unknown top-level key"),
    "rulings a list": ("rulings: [a, b]\n", "'rulings' must map"),
    "questions a string": ("rulings:\n  chapel-1: 'can I trash nothing'\n",
                           "chapel-1: expected a list"),
    "question a mapping": ("rulings:\n  chapel-1: [{q: x}]\n", "chapel-1: question 1"),
    "empty question": ("rulings:\n  chapel-1: ['ok', '  ']\n", "chapel-1: question 2"),
    "numeric id": ("rulings:\n  12: [a]\n", "ruling id 12"),
    "sets not a list": ("sets: base\nrulings: {}\n", "'sets' must be a list"),
    "overlong question": ("rulings:\n  chapel-1: ['" + "x" * 600 + "']\n", "characters long"),
}


@pytest.mark.parametrize("text, message", MALFORMED.values(), ids=MALFORMED.keys())
def test_malformed_file_is_a_clear_error(tmp_path: Path, text: str, message: str) -> None:
    _write(tmp_path, "bad.yaml", text)
    with pytest.raises(ExpansionError) as err:
        load_expansions(tmp_path)
    assert "bad.yaml" in str(err.value) and message in str(err.value)


def test_non_utf8_file_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_bytes(b"rulings:\n  chapel-1: ['\xff\xfe']\n")
    with pytest.raises(ExpansionError, match="bad.yaml: not UTF-8"):
        read_expansion_file(tmp_path / "bad.yaml")


def test_unknown_ruling_ids_are_warnings_not_errors(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", "rulings:\n  chapel-1: [a]\n  gone-9: [b]\n  gone-8: [c]\n")
    loaded = load_expansions(tmp_path, known_ids={"chapel-1"})
    assert loaded.questions == {"chapel-1": ("a",)}
    assert len(loaded.warnings) == 1
    assert "a.yaml" in loaded.warnings[0] and "gone-8, gone-9" in loaded.warnings[0]


def test_a_ruling_in_two_files_gets_both_with_a_warning(tmp_path: Path) -> None:
    _write(tmp_path, "a.yaml", "rulings:\n  chapel-1: [a]\n")
    _write(tmp_path, "b.yaml", "rulings:\n  chapel-1: [b, a]\n")
    loaded = load_expansions(tmp_path)
    assert loaded.questions == {"chapel-1": ("a", "b")}
    assert any("b.yaml" in w and "chapel-1" in w for w in loaded.warnings)


def test_every_shipped_key_is_a_ruling_of_the_shipped_corpus(tmp_path: Path) -> None:
    """Ids are content hashes: a corpus change orphans keys, and this says which."""
    from rulings_service.build import build, write_corpus_json

    build(tmp_path, steps=[("corpus", write_corpus_json)])
    ids = {r["id"] for r in corpus_store.load_corpus(tmp_path).rulings}
    loaded = load_expansions(known_ids=ids)
    assert loaded.files, "no expansion files shipped in corpus/expansions"
    assert loaded.questions
    assert not [w for w in loaded.warnings if "not in the corpus" in w], loaded.warnings


def test_expansion_files_are_an_input_of_the_build_fingerprint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "repo"
    (root / "corpus" / "expansions").mkdir(parents=True)
    sources, catalogue = tmp_path / "sources", tmp_path / "catalogue"
    sources.mkdir()
    catalogue.mkdir()
    monkeypatch.setattr(corpus_store, "REPO_ROOT", root)
    path = _write(root / "corpus" / "expansions", "a.yaml", "rulings:\n  x-1: [a]\n")
    before = corpus_store.inputs_fingerprint(sources, catalogue)
    path.write_text("rulings:\n  x-1: [b]\n", encoding="utf-8")
    assert corpus_store.inputs_fingerprint(sources, catalogue) != before


# -- ranking -----------------------------------------------------------------------------------

_CARDS = ["Chapel", "Moat", "Village", "Smithy"]
#: Chapel's target ruling says "zero"; the question says "nothing", "skip", "trash".
_RULINGS = [
    ("Chapel", "You trash up to 4 cards from your hand, one by one, and may trash Coppers."),
    ("Chapel", "Choosing zero cards is allowed."),
    ("Moat", "Revealing Moat makes you unaffected by an Attack."),
    ("Village", "Village gives you +2 Actions and one card."),
    ("Smithy", "Smithy draws 3 cards; if your deck runs out, shuffle."),
]
_TARGET = "Choosing zero cards is allowed."
_QUESTION = "chapel can I skip trashing and trash nothing"


_EXPANSIONS = {
    ruling_id("Chapel", _TARGET): [
        "can I trash nothing with chapel", "chapel skip trashing entirely"],
    ruling_id("Chapel", _RULINGS[0][1]): [
        "how many cards can chapel trash", "chapel trash coppers"],
    ruling_id("Moat", _RULINGS[2][1]): ["does moat block witch"],
    ruling_id("Village", _RULINGS[3][1]): ["how many actions from village"],
    ruling_id("Smithy", _RULINGS[4][1]): ["smithy with an empty deck", "do I shuffle for smithy"],
    "orphan-000000": ["a question about a ruling that is gone"],
}


def _corpus() -> FakeCorpus:
    return tiny_corpus(_CARDS, _RULINGS)


@pytest.fixture(scope="module")
def expanded(tmp_path_factory: pytest.TempPathFactory) -> Searcher:
    corpus = _corpus()
    path = tmp_path_factory.mktemp("expansions") / "index"
    build_index(corpus, path, expansions=_EXPANSIONS)
    return Searcher.open(path, corpus, aliases={})


def _search(searcher: Searcher, query: str, asks: float):
    searcher.weights = dataclasses.replace(CueWeights(), asks=asks)
    try:
        return searcher.search(query)
    finally:
        searcher.weights = CueWeights()


def test_the_question_shares_no_word_with_the_target_text() -> None:
    from rulings_service.search.text import analyse, query_terms

    assert not set(query_terms(_QUESTION)) & set(analyse(_TARGET))


def test_a_ruling_is_found_through_its_expansion_questions(expanded: Searcher) -> None:
    on = _search(expanded, _QUESTION, asks=0.5)
    assert on.results[0].text == _TARGET


def test_switching_expansions_off_changes_the_answer(expanded: Searcher) -> None:
    off = _search(expanded, _QUESTION, asks=0.0)
    assert off.results and off.results[0].text != _TARGET


def test_expansions_rank_but_are_never_shown(expanded: Searcher) -> None:
    response = _search(expanded, _QUESTION, asks=0.5)
    questions = [q for qs in _EXPANSIONS.values() for q in qs]
    for hit in response.results:
        assert hit.text in {text for _, text in _RULINGS}
        assert not any(q in hit.snippet_html or q in hit.text for q in questions)
    # The hit's snippet is its ruling text: no expansion word is highlighted in it.
    assert "<mark>" not in response.results[0].snippet_html


def test_index_metadata_counts_expansions_and_orphans(expanded: Searcher, tmp_path: Path) -> None:
    build_index(_corpus(), tmp_path / "index", expansions=_EXPANSIONS)
    meta = read_meta(tmp_path / "index")
    assert meta["expanded_rulings"] == 5 and meta["expansion_questions"] == 8
    assert any("1 ruling id(s) not in the corpus" in w for w in meta["expansion_warnings"])


def test_malformed_shipped_style_files_fail_the_index_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rulings_service.search import expansions

    bad = tmp_path / "expansions"
    bad.mkdir()
    _write(bad, "broken.yaml", "rulings:\n  chapel-1: 'one string'\n")
    monkeypatch.setattr(expansions, "EXPANSIONS_DIR", bad)
    with pytest.raises(ExpansionError, match="broken.yaml: chapel-1"):
        build_index(_corpus(), tmp_path / "index")
    assert not (tmp_path / "index").exists()  # nothing half-written


@pytest.mark.parametrize("query", [
    "", "\x00skip\x07 nothing", "trash " * 600, "🎉🃏", '"unbalanced nothing', "-", "asks:x",
    "chapel OR OR nothing", None, 42,
])
def test_hostile_input_is_safe_with_expansions_on(expanded: Searcher, query: object) -> None:
    response = _search(expanded, query, asks=0.5)  # type: ignore[arg-type]
    assert response.results or response.warnings
    assert not any("internal error" in w for w in response.warnings)


def _tuning_grids() -> dict[str, tuple[float, ...]]:
    """The grids ``benchmarks/search_tune.py`` searches, read from its source (not run)."""
    import ast

    source = (Path(__file__).resolve().parents[2] / "benchmarks" / "search_tune.py").read_text()
    return {
        node.targets[0].id: ast.literal_eval(node.value)
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name)
        and node.targets[0].id in ("ASKS_GRID", "ASKS_B_GRID", "SIBLINGS_GRID")
    }


def test_shipped_weights_switch_expansions_on_with_a_fitted_weight() -> None:
    import json

    from rulings_service.search.reranker import WEIGHTS_FILE

    data = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))
    grids = _tuning_grids()
    assert data["asks"] > 0 and data["asks"] in grids["ASKS_GRID"]
    assert data["asks_b"] in grids["ASKS_B_GRID"]
    assert data.get("siblings", 0.0) in grids["SIBLINGS_GRID"]
    loaded = CueWeights.load()
    assert (loaded.asks, loaded.asks_b) == (data["asks"], data["asks_b"])
