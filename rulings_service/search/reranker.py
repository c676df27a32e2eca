"""The within-card reranker's weights: what they are, where they live.

Most wrong first answers are a sibling ruling of the right card; the
reranker reorders the best rulings by interpretable features
(``Searcher.cue_features``: does the ruling give the kind of answer the
question asks for).  Its weights are learned on the dev question set only,
by ``benchmarks/search_tune.py``, and stored as data next to this module so
a refit changes no code.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path

from rulings_service.search.scoring import ASKS_B
from rulings_service.search.understanding import LEXICON_WEIGHT

log = logging.getLogger(__name__)

#: The cue weights learned on dev by ``benchmarks/search_tune.py``.
WEIGHTS_FILE = Path(__file__).with_name("cue_weights.json")


@dataclass
class CueWeights:
    """Weights of the within-card reranker's features (``Searcher.cue_features``).

    Learned on the dev set only, by ``benchmarks/search_tune.py`` (pairwise
    logistic regression of the right ruling against its close competitors,
    then a small grid for the two non-additive weights), and read from
    ``cue_weights.json``; missing weights mean the feature is off.
    """

    #: Feature name -> bonus added to a ruling's score when the feature holds.
    weights: dict[str, float] = field(default_factory=dict)
    #: Owner bonus share of a named card that is not the question's subject.
    context_card: float = 1.0
    #: Weight of paraphrase-lexicon words (the understander's ``lexicon_weight``);
    #: a design constant (``understanding.LEXICON_WEIGHT``), not fitted.
    lexicon: float = LEXICON_WEIGHT
    #: Weight of the expansion questions' BM25 (``TextScorer.score_asks``) added to
    #: the raw text score; 0 switches document expansion off.
    asks: float = 0.0
    #: Length normalisation of the expansion field (BM25's b).
    asks_b: float = ASKS_B
    #: Weight of log P(ruling | question) from the question's card's sibling
    #: classifier (``search/siblings.py``); 0 switches it off.
    siblings: float = 0.0

    def features(self) -> dict[str, float]:
        return self.weights

    @classmethod
    def load(cls, path: Path | None = None) -> CueWeights:
        """The learned weights; every feature off if the file is missing or unreadable."""
        path = path or WEIGHTS_FILE
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            return cls(
                weights={str(k): float(v) for k, v in (data.get("weights") or {}).items()},
                context_card=float(data.get("context_card", 1.0)),
                lexicon=float(data.get("lexicon", LEXICON_WEIGHT)),
                asks=float(data.get("asks", 0.0)),
                asks_b=float(data.get("asks_b", ASKS_B)),
                siblings=float(data.get("siblings", 0.0)),
            )
        except (OSError, ValueError, TypeError, AttributeError) as exc:
            log.warning("cue weights unreadable (%s); within-card cues are off", exc)
            return cls()
