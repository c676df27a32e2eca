"""Understanding a question: from parsed clauses to what the ranking needs.

The parser (``querylang``) knows syntax; this module knows Dominion.  It turns
the clauses into a :class:`QueryPlan`: hard constraints (filters, quoted
phrases, negations) as whoosh queries, the cards the question names (with how
sure we are), the general-rules topics it names, and the weighted search terms:
the question's own words minus filler, spelling corrections of words the
corpus does not use, rules-vocabulary synonyms at a lower weight, what the
other cards it names are (types, costs), and, lightest, the ruling words its
words were learned to stand for (``translations``).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache

from rapidfuzz import fuzz, process
from whoosh.query import And, Or, Phrase, Query, Term

from rulings_service.search.cues import primary_intent, question_numbers
from rulings_service.search.describe import CardDescriber, Description
from rulings_service.search.filters import FilterVocabulary, filter_query
from rulings_service.search.names import FULL, FUZZY, WEAK, NameIndex, Recognised
from rulings_service.search.querylang import Clause, ParsedQuery
from rulings_service.search.text import QUERY_FILLER, analyse, fold_word, query_terms
from rulings_service.search.vocabulary import (
    SAME_CARD_WORDS,
    SETUP_WORDS,
    SYNONYMS,
    default_lexicon,
)

#: Weights of added terms, relative to the question's own words (1.0).
SYNONYM_WEIGHT = 0.4
NAME_TERM_WEIGHT = 0.3  # a recognised basic card's name as a plain word
CORRECTION_WEIGHT = 0.8
#: Paraphrase-lexicon words (``corpus/vocabulary.yaml``): a paraphrase is weaker
#: evidence than the rules-vocabulary synonyms above, which are near-exact.
LEXICON_WEIGHT = 0.3
#: What a card named beside the question's subject *is* (its types, a Potion or
#: Debt cost), as words: rulings of the subject speak of such cards by kind ("a
#: card with Potion in its cost", "a Duration card"), not by name.
ATTRIBUTE_WEIGHT = 0.3
#: Learned translations of the question's words (``translations``): weaker evidence
#: still than the lexicon, as nobody checked them (on the seen question sets,
#: 0.1 gave hit@1 0.903 -> 0.906, 0.2 and 0.3 less).
TRANSLATION_WEIGHT = 0.1
#: A card inferred from a description (``describe``) counts as named with its
#: confidence times this, at most 1: the inference's confidence is a share among
#: every card the description could fit, so 0.5 is already a clear first.
INFERRED_SCALE = 3.0
#: The question's words that described the card (its set, its types) weigh this
#: much as search terms: they say which card, not which of its rulings.
DESCRIPTION_WORD_WEIGHT = 0.3
#: A card whose own text trashes it ("Trash this card.", "you may trash this"), not
#: one that reacts to being trashed ("When you trash this"): rulings of the cards
#: that play others speak of "a card that trashes itself" (Ghost, Necromancer).
_TRASHES_ITSELF = re.compile(r"(?<!when you )\btrash this\b", re.I)
#: Types too common to say anything (most kingdom cards are Actions).
UNTOLD_TYPES = frozenset({"action"})
#: A lexicon *phrase* match weighs as much as a synonym (0.3 x 4/3 = 0.4).
PHRASE_FACTOR = SYNONYM_WEIGHT / LEXICON_WEIGHT
MAX_TERMS = 48
MAX_TERM_CHARS = 40  # longer "words" are noise (pasted hashes, keyboard mashing)
#: A word outside the corpus vocabulary is corrected to a corpus word above this score.
SPELLING_ACCEPT = 85.0
#: Spelling corrections kept (per word) before the table starts over.
MAX_CORRECTIONS = 20_000

#: One alternation: "any setup word on word boundaries" in a single regex search.
_SETUP_RE = re.compile("|".join(rf"\b{re.escape(w)}\b" for w in sorted(SETUP_WORDS)))


class PhraseTable:
    """Phrases to find in a question (on word boundaries), each with the terms it adds.

    A phrase that starts with a letter or digit can only match where a word
    of the question starts with its first word, so phrases are filed by
    first word and a question checks only those its words could begin; the
    rest (a phrase starting "$" or "+") are always checked.  Matches come
    back in table order, as a scan of the whole table would give them.
    """

    def __init__(self, phrases: list[tuple[str, tuple[str, ...]]]) -> None:
        self._entries = [(literal, re.compile(rf"(?<!\w){re.escape(literal)}(?!\w)"), targets)
                         for literal, targets in phrases]
        self._by_first: dict[str, list[int]] = {}
        self._always: list[int] = []
        for i, (literal, _, _) in enumerate(self._entries):
            first = _WORD.match(literal)
            if first:
                self._by_first.setdefault(first.group(), []).append(i)
            else:
                self._always.append(i)

    def __len__(self) -> int:
        return len(self._entries)

    def targets(self, lowered: str, words: list[str]) -> list[str]:
        """The terms of every phrase found in ``lowered`` (whose ``_WORD`` words are ``words``)."""
        candidates = set(self._always)
        for word in set(words):
            candidates.update(self._by_first.get(word, ()))
        found: list[str] = []
        for i in sorted(candidates):
            literal, rx, targets = self._entries[i]
            if literal in lowered and rx.search(lowered):
                found += targets
        return found


_WORD = re.compile(r"[a-z0-9]+")
#: Words looked up in the synonyms ("$" is a word there: "$2" is a cost).
_SYNONYM_WORD = re.compile(r"[a-z0-9$]+")


@lru_cache(maxsize=20000)
def _synonyms(word: str) -> tuple[str, ...]:
    """Rules-vocabulary synonyms of one question word, or of its folded form."""
    return tuple(SYNONYMS.get(word, ()) or SYNONYMS.get(fold_word(word), ()))


#: Multi-word (or non-alphanumeric) rules-vocabulary synonyms.
_PHRASE_SYNONYMS = PhraseTable([(k, v) for k, v in SYNONYMS.items()
                                if " " in k or not k.isalnum()])


@dataclass
class QueryPlan:
    """The compiled query: hard constraints, scored terms, named cards."""

    required: list[Query] = field(default_factory=list)
    excluded: list[Query] = field(default_factory=list)
    terms: dict[str, float] = field(default_factory=dict)  # term -> weight
    names: dict[str, float] = field(default_factory=dict)  # slug -> confidence
    highlight: set[str] = field(default_factory=set)
    sequence: list[str] = field(default_factory=list)  # query terms in order, for proximity
    repeated: list[str] = field(default_factory=list)  # slugs named twice ("KC a KC")
    topics: list[str] = field(default_factory=list)  # general-rules topics the question names
    setup: bool = False
    #: The card the question is about: the first one it names (see ``_subject``),
    #: or the card it describes.
    subject: str | None = None
    #: Cards the question describes without naming them (slug -> confidence, best
    #: first); they are also in ``names``, weighted (``INFERRED_SCALE``).
    inferred: dict[str, float] = field(default_factory=dict)
    intents: frozenset[str] = frozenset()  # the kind of answer wanted ("where", "how many")
    numbers: frozenset[int] = frozenset()  # small numbers the question states
    free_text: str = ""  # the question without its filters and negated parts
    free_terms: tuple[str, ...] = ()  # ``free_text`` analysed, in order


class Understander:
    """Builds query plans; holds what it needs from the corpus (names, words, topics)."""

    def __init__(
        self,
        names: NameIndex,
        vocab: FilterVocabulary,
        basic: frozenset[str],
        topics: frozenset[tuple[str, ...]],
        lexicon: dict[str, tuple[str, ...]] | None = None,
        translations: Mapping[str, tuple[str, ...]] | None = None,
        describer: CardDescriber | None = None,
    ) -> None:
        self.names = names
        self.describer = describer
        self.translations = translations or {}
        self.lexicon_weight = LEXICON_WEIGHT
        lexicon = default_lexicon() if lexicon is None else lexicon
        # One-word entries match any inflection ("peeked" ~ "peek"), so by stem;
        # phrases match as written, on word boundaries.
        self._lex_words: dict[str, tuple[str, ...]] = {}
        lex_phrases: list[tuple[str, tuple[str, ...]]] = []
        for phrase, targets in lexicon.items():
            stems = analyse(phrase)
            if re.fullmatch(r"[a-z0-9]+", phrase) and len(stems) == 1:
                old = self._lex_words.get(stems[0], ())
                self._lex_words[stems[0]] = tuple(dict.fromkeys(old + targets))
            else:
                lex_phrases.append((phrase, targets))
        self._lex_phrases = PhraseTable(lex_phrases)
        self.vocab = vocab
        self._basic = basic
        self._topics = topics
        # Topics by their first word: a question's words look up the few topics
        # that can start there instead of every topic scanning every word.
        self._topics_by_first: dict[str, list[tuple[str, ...]]] = {}
        for words in topics:
            if words:
                self._topics_by_first.setdefault(words[0], []).append(words)
        self._words = sorted(names.vocabulary())
        self._words_by_length: dict[int, list[str]] = {}
        self._corrections: dict[str, str | None] = {}
        self._paraphrased: dict[str, tuple[str, ...]] = {}
        self._card_attributes: dict[str, tuple[str, ...]] = {}

    def plan(self, parsed: ParsedQuery, warnings: list[str]) -> QueryPlan:
        plan = QueryPlan()
        words: list[str] = []
        for group in parsed.groups:
            if all(c.kind == "word" and not c.negated for c in group):
                # Plain words (alone or joined by "or") only feed the scored terms.
                words += [c.value for c in group]
                continue
            compiled = [self._compile(c, plan, warnings) for c in group]
            compiled = [q for q in compiled if q is not None]
            hard = any(c.kind != "word" for c in group)
            if len(group) == 1 and group[0].negated:
                plan.excluded.extend(compiled)
            elif hard and compiled:
                plan.required.append(compiled[0] if len(compiled) == 1 else Or(compiled))
            words += [c.value for c in group if c.kind == "word" and not c.negated]
        if parsed.heading and parsed.heading < len(words):
            words = [*words[:parsed.heading], "-", *words[parsed.heading:]]
        text = " ".join(words)
        in_words = self.names.recognise(text)
        recognised = list(in_words)
        for phrase in (c.value for c in parsed.clauses() if c.kind == "phrase" and not c.negated):
            recognised += self.names.recognise(phrase)
        counts = Counter(rec.slug for rec in recognised)
        for rec in recognised:
            plan.names[rec.slug] = max(plan.names.get(rec.slug, 0.0), rec.confidence)
            plan.highlight.update(analyse(rec.name))
        plan.repeated = [
            slug for slug, n in counts.items()
            if n > 1 and not _counted(text, [r for r in in_words if r.slug == slug])
        ]
        # "Remodel a Gold into a Gold": a repeated name beside another card asks about
        # the same card again; alone ("KC a KC") it is the card on itself (see _rank).
        same_card = plan.repeated and len(plan.names) > 1
        for term in analyse(" ".join(SAME_CARD_WORDS)) if same_card else ():
            plan.terms.setdefault(term, SYNONYM_WEIGHT)
        unnamed = _without_names(text, in_words)
        self._add_terms(unnamed, plan)
        # Basic cards' names are also rules words ("a potion in the cost", "gains a
        # curse"); they still count as words, lightly, where rulings use them so.
        for rec in in_words:
            if rec.confidence >= FULL and rec.how == "name" and rec.slug in self._basic:
                for term in query_terms(rec.name):
                    plan.terms.setdefault(term, NAME_TERM_WEIGHT)
        free_text = plan.free_text = parsed.free_text()
        plan.setup = bool(SETUP_WORDS) and _SETUP_RE.search(free_text.lower()) is not None
        plan.subject = _subject(text, in_words, self._basic)
        described = self._describe(text, in_words, plan)
        if not described.inferred and _only_names(plan, text, in_words, self._basic):
            # "BoM Feast" and "Feast BoM" ask the same: no card is the subject.
            plan.subject = None
        for slug, confidence in plan.names.items():
            if slug != plan.subject and confidence >= FUZZY:
                for term in self._attributes(slug):
                    plan.terms.setdefault(term, ATTRIBUTE_WEIGHT)
        plan.intents = primary_intent(free_text)
        plan.numbers = question_numbers(unnamed)
        said = plan.free_terms = tuple(analyse(free_text))
        found = {
            words
            for i, word in enumerate(said)
            for words in self._topics_by_first.get(word, ())
            if tuple(said[i : i + len(words)]) == words
        }
        if said and () in self._topics:
            found.add(())  # an empty topic matches any question with words
        # A topic word that only described the card ("the nocturne night card") is
        # not a question about the topic.
        found = {words for words in found
                 if not words or not set(words) <= described.cue_words}
        plan.topics = [" ".join(words) for words in self._topics if words in found]
        # Last, so every word the question or the tables above gave keeps its weight.
        for term in [t for t, weight in plan.terms.items() if weight >= 1.0]:
            for translated in self.translations.get(term, ()):
                plan.terms.setdefault(translated, TRANSLATION_WEIGHT)
        return plan

    def _describe(self, text: str, recognised: list[Recognised], plan: QueryPlan) -> Description:
        """Infer the card a question describes; it becomes a named card and the subject."""
        if self.describer is None:
            return Description()
        described = self.describer.describe(text, recognised, self._basic)
        if not described.inferred:
            return described
        for guess in described.inferred:
            plan.inferred[guess.slug] = guess.confidence
            weight = min(1.0, INFERRED_SCALE * guess.confidence)
            plan.names[guess.slug] = max(plan.names.get(guess.slug, 0.0), weight)
        plan.subject = described.inferred[0].slug
        start, end = described.span
        asked = set(query_terms(text[:start] + " " + text[end:]))
        # The words that described the card say which card, not which of its rulings,
        # once the question asks something of its own ("..., must I play it?").
        only_described = described.cue_words | (
            set(query_terms(text[start:end])) - asked if asked else set())
        for term in only_described:
            if term in plan.terms:
                plan.terms[term] = min(plan.terms[term], DESCRIPTION_WORD_WEIGHT)
        return described

    def _add_terms(self, text: str, plan: QueryPlan) -> None:
        for term in query_terms(text):
            if len(plan.terms) >= MAX_TERMS:
                break
            if len(term) > MAX_TERM_CHARS:
                continue
            plan.terms[term] = max(plan.terms.get(term, 0.0), 1.0)
            plan.sequence.append(term)
            plan.highlight.add(term)
        lowered = text.lower()
        words = _WORD.findall(lowered)
        for word in words:
            if word.isdigit() or len(word) < 5 or len(word) > MAX_TERM_CHARS:
                continue
            if self.names.is_word(word):
                continue
            fixed = self._correction(word)
            if fixed:
                for term in analyse(fixed):
                    if term not in QUERY_FILLER:
                        plan.terms.setdefault(term, CORRECTION_WEIGHT)
                        plan.highlight.add(term)
        extra: list[str] = []
        for word in _SYNONYM_WORD.findall(lowered):
            extra += _synonyms(word)
        extra += _PHRASE_SYNONYMS.targets(lowered, words)
        for term in analyse(" ".join(extra)):
            plan.terms.setdefault(term, SYNONYM_WEIGHT)
        if self.lexicon_weight <= 0:
            return
        # A phrase ("look through", "turned over") is as specific as a
        # hand-written synonym and weighs as much; a single word is vaguer.
        phrased = self._lex_phrases.targets(lowered, words)
        for term in analyse(" ".join(phrased)):
            if term not in QUERY_FILLER:
                plan.terms.setdefault(term, self.lexicon_weight * PHRASE_FACTOR)
        paraphrased: list[str] = []
        for word in words:
            paraphrased += self._paraphrases(word)
        for term in analyse(" ".join(paraphrased)):
            if term not in QUERY_FILLER:
                plan.terms.setdefault(term, self.lexicon_weight)

    def _attributes(self, slug: str) -> tuple[str, ...]:
        """The analysed words for what card ``slug`` is: its telling types, the
        Potion or Debt in its cost, and whether it trashes itself (kept per card)."""
        found = self._card_attributes.get(slug)
        if found is None:
            card = self.names.cards.get(slug) or {}
            words = [t.lower() for t in card.get("types") or ()]
            cost = card.get("cost") or {}
            words += [unit for unit in ("potion", "debt") if cost.get(unit)]
            if _TRASHES_ITSELF.search(card.get("text") or ""):
                words += ["trashes", "itself"]
            found = self._card_attributes[slug] = tuple(
                analyse(" ".join(w for w in words if w not in UNTOLD_TYPES)))
        return found

    def _paraphrases(self, word: str) -> tuple[str, ...]:
        """The lexicon's terms for one question word: those of its first form the
        lexicon has (kept per word, bounded like the corrections)."""
        found = self._paraphrased.get(word)
        if found is None:
            found = ()
            for form in _word_forms(word):
                if form in self._lex_words:
                    found = self._lex_words[form]
                    break
            if len(self._paraphrased) >= MAX_CORRECTIONS:
                self._paraphrased.clear()
            self._paraphrased[word] = found
        return found

    def _correction(self, word: str) -> str | None:
        """The corpus word ``word`` is a misspelling of, if one is close enough.

        A function of the word alone over a fixed vocabulary, so it is kept per
        word (bounded, like the scorer's caches): misspellings recur
        ("wachtower", "thrown"), and each fuzzy pass over the vocabulary costs
        tens of microseconds.
        """
        if word in self._corrections:
            return self._corrections[word]
        found = process.extractOne(
            word, self._spelling_candidates(len(word)), scorer=fuzz.ratio,
            score_cutoff=SPELLING_ACCEPT,
        )
        if len(self._corrections) >= MAX_CORRECTIONS:
            self._corrections.clear()
        fixed = self._corrections[word] = found[0] if found else None
        return fixed

    def _spelling_candidates(self, length: int) -> list[str]:
        """Corpus words that could score ``SPELLING_ACCEPT`` against a word of ``length``.

        ``fuzz.ratio`` is 100 * (1 - indel distance / total length), and the
        distance is at least the difference in length, so words too much
        longer or shorter can never pass; leaving them out (in the same order,
        so ties still go to the same word) gives the same correction, faster.
        """
        found = self._words_by_length.get(length)
        if found is None:
            slack = 1 - SPELLING_ACCEPT / 100
            found = [w for w in self._words
                     if abs(len(w) - length) <= slack * (len(w) + length) + 1e-9]
            self._words_by_length[length] = found
        return found

    def _compile(self, clause: Clause, plan: QueryPlan, warnings: list[str]) -> Query | None:
        if clause.kind == "filter":
            assert clause.field is not None
            query, warning = filter_query(clause.field, clause.value, self.vocab, self.names)
            if warning:
                warnings.append(warning)
            return query
        terms = analyse(clause.value)
        if not terms:
            if clause.kind == "phrase" or clause.negated:
                warnings.append(f"{clause.value!r} has only common words; ignored")
            return None
        if clause.kind == "phrase" and not clause.negated:
            for term in terms:
                plan.terms[term] = max(plan.terms.get(term, 0.0), 1.0)
            plan.sequence.extend(terms)
            plan.highlight.update(terms)
        if len(terms) == 1:
            return Term("text", terms[0])
        if clause.kind == "phrase":
            return Phrase("text", terms)
        return And([Term("text", t) for t in terms])


def _only_names(plan: QueryPlan, text: str, recognised: list[Recognised],
                basic: frozenset[str]) -> bool:
    """Whether the question is card names side by side (two or more, not basic
    ones) and filler, so the order it names them in says nothing ("BoM Feast",
    "feast, band of misfits?").  A word between them keeps the order's meaning:
    "procession a caravan" is Procession acting on Caravan."""
    sure = sorted((rec for rec in recognised
                   if rec.confidence >= FUZZY and rec.slug not in basic),
                  key=lambda rec: rec.start)
    if any(rec.confidence < FULL for rec in sure):
        return False  # a misspelt name's span may take in a word ("vs mountebank")
    if len({rec.slug for rec in sure}) < 2 or any(w >= 1.0 for w in plan.terms.values()):
        return False
    return all(_SIDE_BY_SIDE.fullmatch(text[a.end:b.start])
               for a, b in zip(sure, sure[1:], strict=False))


#: What may stand between two names said side by side: spaces and marks.  A word
#: keeps the first card the subject: "vs" says who acts on whom ("watchtower vs
#: mountebank" asks about Watchtower), and "beggar and militia" asks about Beggar.
_SIDE_BY_SIDE = re.compile(r"[\s,;:+&/?!.-]*")


def _without_names(text: str, recognised: list[Recognised]) -> str:
    """``text`` with confidently recognised names blanked out (weak ones stay as words:
    "count", and verb forms such as "counted" or "replaced", are rules words too)."""
    out, pos = [], 0
    for rec in recognised:
        if (rec.confidence < FULL and rec.how == "name") or (
            rec.confidence <= WEAK and rec.how == "verb form"
        ):
            continue
        out.append(text[pos : rec.start])
        out.append(" ")
        pos = rec.end
    out.append(text[pos:])
    return "".join(out)


_COUNT_WORDS = frozenset({
    "2", "3", "4", "5", "6", "two", "three", "four", "five", "six", "several", "multiple",
    "many", "more", "other",
})


def _counted(text: str, mentions: list[Recognised]) -> bool:
    """Whether a repeated name is counted ("with 2 Idols") rather than set on itself."""
    for rec in mentions[1:]:
        before = text[: rec.start].split()
        if before and before[-1].lower() in _COUNT_WORDS:
            return True
    return False


#: A card named right after one of these is absent from the situation asked
#: about ("curses without a witch in the kingdom"), so it is not the subject.
_ABSENT_BEFORE = re.compile(
    r"(?:\bwithout|\bno|\bnot|\binstead of|\bexcept|\bbut not)\s+(?:an?\s+|the\s+|any\s+)?$"
)


def _subject(text: str, recognised: list[Recognised], basic: frozenset[str]) -> str | None:
    """The card a question is about: the first confidently named non-basic card.

    Players put the card they ask about first ("guardian out, can I still
    reveal moat?" asks about Guardian); later names are context.  Basic cards
    (Gold, Curse) are usually the object ("sky's gift = 3 golds"), so they are
    the subject only when nothing else is.  A card said to be absent ("without
    a witch") is never the subject.
    """
    ordered = sorted(recognised, key=lambda rec: rec.start)
    present = [
        rec for rec in ordered if not _ABSENT_BEFORE.search(text[: rec.start].lower())
    ] or ordered
    # A misspelt card ("transmuted an estate") is still a card, and the basic
    # beside it still its object; a weak name is more likely a word.
    cards = [rec for rec in present if rec.slug not in basic and rec.confidence >= FUZZY]
    if cards:
        best = max(rec.confidence for rec in cards)
        return next(rec.slug for rec in cards if rec.confidence >= best)
    best = max((rec.confidence for rec in present), default=0.0)
    sure = [rec for rec in present if rec.confidence >= best]
    for rec in sure:
        if rec.slug not in basic:
            return rec.slug
    return sure[0].slug if sure else None


def _word_forms(word: str) -> list[str]:
    """Keys to look a question word up by in the lexicon: its stem, then the
    word with a verb ending taken off ("flipped" -> "flip", which the stemmer
    leaves as "flipp")."""
    forms = analyse(word)[:1]
    for ending in ("ing", "ed"):
        if word.endswith(ending) and len(word) > len(ending) + 2:
            base = word[: -len(ending)]
            if len(base) > 2 and base[-1] == base[-2]:
                base = base[:-1]
            forms += analyse(base)[:1]
    return forms
