"""The search index as a step of ``rulings build``.

The build runs its steps against a staging directory and swaps it in only when
every step succeeded, so the index is always the index of the corpus next to
it: a failed index build leaves the previous corpus and index in place.
"""

from __future__ import annotations

from typing import Any

from rulings_service.search import INDEX_DIRNAME
from rulings_service.search.index import build_index, read_meta


def index_step(ctx: Any) -> None:
    """Write the whoosh index of ``ctx.corpus`` into ``ctx.staging / "index"``.

    The shipped expansion questions are indexed with it; a malformed expansion
    file fails the step (the previous build stays), orphaned ruling ids are
    reported as warnings.
    """
    target = ctx.staging / INDEX_DIRNAME
    build_index(ctx.corpus, target)
    meta = read_meta(target)
    ctx.progress(
        f"search index: {meta.get('rulings')} rulings, {meta.get('cards')} cards, "
        f"{meta.get('expansion_questions')} expansion questions for "
        f"{meta.get('expanded_rulings')} rulings in {meta.get('seconds')} s"
    )
    for warning in meta.get("expansion_warnings") or ():
        ctx.progress(f"warning: {warning}")
