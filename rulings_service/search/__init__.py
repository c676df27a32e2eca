"""Search over the rulings: question understanding, query language, name lookup.

Public interface (the contract the web app and the CLI code against):
``build_index(corpus, index_dir, expansions=None)`` (``None``: the shipped
``corpus/expansions/*.yaml``; ``expansions.load_expansions`` reads them),
``Searcher.open(index_dir, corpus)``,
``searcher.search(query, limit) -> SearchResponse``, ``named_exact``,
``named_fuzzy``, ``autocomplete``; ``default_searcher()`` opens the index of the
default build once per process.
"""

from __future__ import annotations

import gc
import threading

from rulings_service.search.index import build_index
from rulings_service.search.names import NameMatch
from rulings_service.search.searcher import Searcher, SearchHit, SearchResponse

__all__ = [
    "INDEX_DIRNAME", "NameMatch", "SearchHit", "SearchResponse", "Searcher", "build_index",
    "default_searcher",
]

#: The index lives in this directory of the build (``corpus_store.index_dir()``).
INDEX_DIRNAME = "index"

_default: Searcher | None = None
_default_lock = threading.Lock()


def default_searcher() -> Searcher:
    """The searcher of the default build (built first if missing), opened once per process."""
    global _default
    with _default_lock:
        if _default is None:
            from rulings_service import corpus_store

            corpus = corpus_store.ensure_built()
            _default = Searcher.open(corpus_store.index_dir(), corpus)
            # The loaded index is tens of thousands of long-lived objects; keeping
            # them out of the cyclic GC's generations avoids multi-ms collection
            # pauses in the middle of queries.
            gc.freeze()
        return _default
