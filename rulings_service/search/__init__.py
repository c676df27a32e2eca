"""Search over the rulings: question understanding, query language, name lookup.

Public interface (the contract the web app and the CLI code against):
``build_index(corpus, index_dir, expansions=None)`` (``None``: the shipped
``corpus/expansions/*.yaml``; ``expansions.load_expansions`` reads them),
``Searcher.open(index_dir, corpus)``,
``searcher.search(query, limit) -> SearchResponse``, ``named_exact``,
``named_fuzzy``, ``autocomplete``. Opening the default build's index, built
first if need be, is ``rulings_service.ensure.default_searcher()``: search
reads a build and never makes one.
"""

from __future__ import annotations

from rulings_service.search.index import build_index
from rulings_service.search.names import NameMatch
from rulings_service.search.searcher import Searcher, SearchHit, SearchResponse

__all__ = [
    "INDEX_DIRNAME", "NameMatch", "SearchHit", "SearchResponse", "Searcher", "build_index",
]

#: The index lives in this directory of the build (``corpus_store.index_dir()``).
INDEX_DIRNAME = "index"
