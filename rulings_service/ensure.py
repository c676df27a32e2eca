"""Reading the corpus, building it first when the current build is missing, stale or damaged.

This is build orchestration for readers (the web app, the CLI, the audit and the
benchmarks). It sits above ``corpus_store`` and ``search`` (which only read a
build) and ``build`` (which makes one, with the search index as a step), so
none of those imports another back.
"""

from __future__ import annotations

import gc
import logging
import threading
from collections.abc import Callable
from pathlib import Path

from rulings_service.artefacts import ArtefactDamaged, verify
from rulings_service.build import BuildError, build
from rulings_service.corpus_store import (
    Corpus,
    CorpusNotBuilt,
    corpus_file,
    current_dir,
    index_dir,
    is_current,
    load_corpus,
)
from rulings_service.paths import CATALOGUE_DIR, SOURCES_DIR
from rulings_service.search import Searcher

log = logging.getLogger(__name__)


def ensure_built(build_dir: Path | None = None,
                 on_stale: Callable[[str], None] | None = None, *,
                 sources_dir: Path = SOURCES_DIR,
                 catalogue_dir: Path = CATALOGUE_DIR) -> Corpus:
    """Load the corpus, building it first if there is none, it is stale or it is damaged.

    Stale means the sources, catalogue or parser/index code changed since the build. If a
    stale corpus cannot be rebuilt (say a source was damaged), the previous one is used and
    a one-line message says why: passed to ``on_stale`` (the CLI prints it to stderr), else
    logged as a warning - not a Python ``warnings`` warning, whose module path and code
    line mean nothing to a user. With no previous corpus the ``BuildError`` propagates.

    Damaged means a file of the build differs from the hash the build recorded
    (``artefacts.verify``, once per process): it is rebuilt, and when that fails too
    ``CorpusDamaged`` names the damaged file and why it could not be rebuilt; a
    damaged build is never served.
    """
    def rebuild() -> None:
        build(build_dir, sources_dir=sources_dir, catalogue_dir=catalogue_dir)

    tell = on_stale or (lambda message: log.warning("%s", message))
    if not corpus_file(build_dir).exists():
        rebuild()
    elif not is_current(build_dir, sources_dir, catalogue_dir):
        try:
            rebuild()
        except BuildError as exc:
            tell(stale_message(exc))
    try:
        verify(current_dir(build_dir))
    except ArtefactDamaged as damage:
        tell(f"{damage}; rebuilding")
        try:
            rebuild()
            verify(current_dir(build_dir))
        except (BuildError, ArtefactDamaged) as exc:
            reason = " ".join(str(exc).split())
            raise CorpusDamaged(f"{damage}, and it could not be rebuilt: {reason}") from exc
    return load_corpus(build_dir)


class CorpusDamaged(CorpusNotBuilt):
    """The current build is damaged and could not be rebuilt."""


def stale_message(exc: Exception) -> str:
    """The one-line notice that a stale corpus is served because the rebuild failed."""
    reason = " ".join(str(exc).split())
    return f"corpus is stale and could not be rebuilt, using the previous build: {reason}"


_default: Searcher | None = None
_default_lock = threading.Lock()


def default_searcher() -> Searcher:
    """The searcher of the default build (built first if need be), opened once per process."""
    global _default
    with _default_lock:
        if _default is None:
            _default = Searcher.open(index_dir(), ensure_built())
            # The loaded index is tens of thousands of long-lived objects; keeping
            # them out of the cyclic GC's generations avoids multi-ms collection
            # pauses in the middle of queries.
            gc.freeze()
        return _default
