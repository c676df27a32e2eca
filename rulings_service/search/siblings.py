"""Which of a card's rulings a question is about: one small classifier per card.

Most wrong first answers are a sibling of the answer: another ruling of the
right card.  BM25 weighs a question's words by how rare they are in the whole
corpus, but what decides between siblings are the words that separate *them*:
"2 players" against "3 or more players", "from the trash" against "from the
Supply", "in hand" against "on the deck".  So for every card with two or more
rulings a softmax regression over those rulings is fitted on their expansion
questions and texts (binary features: the question's terms, less the card's
own name), at index build time, and kept next to the index.  The searcher adds
``weight x log P(ruling | question)`` to the scores of the question's card's
rulings (``Searcher._weigh_siblings``); the weight is fitted with the
expansion weight (``benchmarks/search_tune.py``).

Fitting is plain full-batch gradient descent from zero weights, so the same
expansions give the same model on every machine.
"""

from __future__ import annotations

import logging
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from rulings_service.search.text import analyse

log = logging.getLogger(__name__)

#: File of the fitted models inside the index directory.
SIBLINGS_FILE = "siblings.npz"
#: L2 penalty (summed over a card's examples), steps and step size of the fit.
L2 = 1.0
STEPS = 300
STEP_SIZE = 1.0
#: Steps of the accelerated fit of a group fitted to convergence (see ``fit_card``).
CONVERGED_STEPS = 120


def question_features(text: str, name_terms: frozenset[str]) -> frozenset[str]:
    """A question's (or ruling's) terms without the card's own name.

    Question words the search itself leaves out ("when", "where", "can",
    "if") stay: between siblings they say which answer is wanted (on the
    seen sets, keeping them: hit@1 0.885 -> 0.890).
    """
    return frozenset(analyse(text)) - name_terms


@dataclass(frozen=True)
class CardModel:
    """A fitted classifier over one card's rulings."""

    rulings: tuple[str, ...]  # ruling ids, in the order of the classes
    vocabulary: Mapping[str, int]  # term -> row of ``weights``
    weights: np.ndarray  # (terms, rulings)
    bias: np.ndarray  # (rulings,)
    name_terms: frozenset[str]

    def log_probs(self, question: str) -> np.ndarray:
        """log P(ruling | question) for each of the card's rulings, in ``rulings`` order."""
        return self.log_probs_of(analyse(question))

    def log_probs_of(self, terms: Iterable[str]) -> np.ndarray:
        """:meth:`log_probs` of a question already analysed into ``terms``."""
        z = self.scores(frozenset(terms) - self.name_terms).astype(np.float64)
        z -= z.max()
        return z - np.log(np.exp(z).sum())

    def scores(self, features: frozenset[str]) -> np.ndarray:
        """The unnormalised class scores of ``features`` (a fresh array)."""
        rows = [self.vocabulary[t] for t in features if t in self.vocabulary]
        return self.weights[rows].sum(axis=0) + self.bias if rows else self.bias.copy()


def fit_card(examples: Sequence[tuple[frozenset[str], int]], classes: int,
             converge: bool = False) -> tuple[dict[str, int], np.ndarray, np.ndarray]:
    """Softmax regression of ``examples`` (features, class) into ``classes`` classes.

    A card's fit is ``STEPS`` of plain gradient descent, stopped well before
    convergence: its weight in the ranking (``CueWeights.siblings``) was fitted
    to these models, and early stopping is their regularisation.  With
    ``converge``, ``CONVERGED_STEPS`` of Nesterov's accelerated descent take the
    same loss much nearer its minimum (the general rules' group: loss 1.30
    against 2.36 after plain descent's 300 steps, in 40% of the time); that
    group's probabilities are added as they are, and the converged fit ranks
    general-rules questions better (``docs/search.md``).

    In single precision: the general rules' group (159 classes, some 1,200
    terms, 2,600 examples) is the largest fit of the build, and float32 halves
    its time; the probabilities differ in the sixth digit.
    """
    vocabulary = {t: i for i, t in enumerate(sorted(set().union(*(f for f, _ in examples))))}
    x = np.zeros((len(examples), len(vocabulary)), dtype=np.float32)
    y = np.zeros((len(examples), classes), dtype=np.float32)
    for i, (features, label) in enumerate(examples):
        x[i, [vocabulary[t] for t in features]] = 1.0
        y[i, label] = 1.0
    n = len(examples)

    def descend(weights: np.ndarray, bias: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """One gradient step of the penalised cross-entropy from (weights, bias)."""
        z = x @ weights + bias
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        gradient = (p - y) / n
        return (weights - STEP_SIZE * (x.T @ gradient + L2 / n * weights),
                bias - STEP_SIZE * gradient.sum(axis=0))

    weights = np.zeros((len(vocabulary), classes), dtype=np.float32)
    bias = np.zeros(classes, dtype=np.float32)
    if not converge:
        for _ in range(STEPS):
            weights, bias = descend(weights, bias)
        return vocabulary, weights, bias
    last_weights, last_bias = weights, bias
    for k in range(CONVERGED_STEPS):
        momentum = k / (k + 3)
        ahead_weights = weights + momentum * (weights - last_weights)
        ahead_bias = bias + momentum * (bias - last_bias)
        last_weights, last_bias = weights, bias
        weights, bias = descend(ahead_weights, ahead_bias)
    return vocabulary, weights, bias


class SiblingModels:
    """The fitted classifiers by card slug."""

    def __init__(self, cards: Mapping[str, CardModel]) -> None:
        self.cards = dict(cards)

    def __contains__(self, slug: object) -> bool:
        return slug in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, slug: str | None) -> CardModel | None:
        return self.cards.get(slug) if slug else None

    @classmethod
    def fit(
        cls,
        owned: Mapping[str, Sequence[str]],
        texts: Mapping[str, Iterable[str]],
        name_terms: Mapping[str, frozenset[str]],
        converged: Collection[str] = (),
    ) -> SiblingModels:
        """One classifier per card of ``owned`` (slug -> its ruling ids) with 2+ rulings.

        ``texts`` gives each ruling's training texts (its expansion questions and
        its own text); a card whose texts hold no term besides its name gets none.
        The groups of ``converged`` are fitted to convergence (``fit_card``).
        """
        cards = {}
        for slug, rulings in owned.items():
            if len(rulings) < 2:
                continue
            names = name_terms.get(slug, frozenset())
            examples = [(question_features(text, names), k)
                        for k, rid in enumerate(rulings) for text in texts.get(rid, ())]
            examples = [(f, k) for f, k in examples if f]
            if len({k for _, k in examples}) < 2:
                continue
            vocabulary, weights, bias = fit_card(examples, len(rulings), slug in converged)
            cards[slug] = CardModel(tuple(rulings), vocabulary, weights, bias, names)
        return cls(cards)

    # -- storage: a few flat arrays with per-card offsets, no pickles ----------------

    def save(self, path: Path) -> None:
        slugs = sorted(self.cards)
        models = [self.cards[s] for s in slugs]
        np.savez(
            path,
            slugs=np.array(slugs, dtype=str),
            rulings=np.array([r for m in models for r in m.rulings], dtype=str),
            ruling_start=_offsets(len(m.rulings) for m in models),
            terms=np.array([t for m in models for t in _ordered(m.vocabulary)], dtype=str),
            term_start=_offsets(len(m.vocabulary) for m in models),
            weights=np.concatenate([m.weights.ravel() for m in models] or [np.zeros(0)]),
            bias=np.concatenate([m.bias for m in models] or [np.zeros(0)]),
            names=np.array([" ".join(sorted(m.name_terms)) for m in models], dtype=str),
        )

    @classmethod
    def load(cls, path: Path) -> SiblingModels | None:
        """The models saved at ``path``; None (the feature off) if missing or unreadable."""
        try:
            with np.load(path, allow_pickle=False) as data:
                arrays = {k: data[k] for k in data.files}
            cards = {}
            weight_at = 0
            for i, slug in enumerate(arrays["slugs"].tolist()):
                r0, r1 = arrays["ruling_start"][i], arrays["ruling_start"][i + 1]
                t0, t1 = arrays["term_start"][i], arrays["term_start"][i + 1]
                size = int((t1 - t0) * (r1 - r0))
                weights = arrays["weights"][weight_at:weight_at + size].reshape(t1 - t0, r1 - r0)
                weight_at += size
                cards[slug] = CardModel(
                    tuple(arrays["rulings"][r0:r1].tolist()),
                    {t: j for j, t in enumerate(arrays["terms"][t0:t1].tolist())},
                    weights,
                    arrays["bias"][r0:r1],
                    frozenset(arrays["names"][i].split()),
                )
            return cls(cards)
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, IndexError) as exc:
            log.warning("sibling classifiers unreadable (%s); the search goes without them", exc)
            return None


def _offsets(sizes: Iterable[int]) -> np.ndarray:
    return np.concatenate([[0], np.cumsum(list(sizes), dtype=np.int64)]).astype(np.int64)


def _ordered(vocabulary: Mapping[str, int]) -> list[str]:
    return sorted(vocabulary, key=vocabulary.__getitem__)
