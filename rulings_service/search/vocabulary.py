"""How players talk about the rules, mapped onto how the rulings say it.

Rulings use the printed rules vocabulary ("trash", "other players", "gain");
questions use the table's ("bin", "opponents", "get").  Each entry below maps a
player's word (after stemming) to rules-vocabulary words that are added to the
query at a lower weight, so the ruling's own wording is found while an exact
match on the player's word still counts more.  Phrases are matched on the
lower-cased question before tokenising.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

#: The paraphrase lexicon: data, organised by game concept (see the file's header).
LEXICON_FILE = Path(__file__).resolve().parents[2] / "corpus" / "vocabulary.yaml"

#: word or phrase a player types -> words the rulings use.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "opponent": ("other", "players"),
    "opponents": ("other", "players"),
    "someone else": ("other", "player"),
    "else": ("other",),
    "enemy": ("other", "player"),
    "bin": ("trash",),
    "destroy": ("trash",),
    "junk": ("trash",),
    "remove": ("trash", "return"),
    "purchase": ("buy",),
    "get": ("gain",),
    "receive": ("gain",),
    "money": ("coins", "treasure"),
    "coin": ("coins",),
    "cash": ("coins",),
    "$": ("coins",),
    "vp": ("victory", "points", "worth"),
    "points": ("victory", "worth"),
    "score": ("victory", "points"),
    "double": ("twice", "two"),
    "twice": ("two",),
    "triple": ("three", "times"),
    "reshuffle": ("shuffle",),
    "deck runs out": ("shuffle", "empty"),
    "runs out": ("empty", "enough", "left"),
    "run out": ("empty", "enough", "left"),
    "ran out": ("empty", "enough", "left"),
    "empty deck": ("no", "cards", "left", "deck"),
    "reorder": ("order",),
    "rearrange": ("order",),
    "come back": ("return", "returned"),
    "comes back": ("return", "returned"),
    "nothing": ("no", "not"),
    "give": ("get",),
    "gives": ("get",),
    "draw pile": ("deck",),
    "graveyard": ("discard", "pile"),
    "topdeck": ("top", "deck"),
    "top deck": ("top", "deck"),
    "block": ("unaffected", "reveal", "reaction"),
    "defend": ("unaffected", "reaction"),
    "protect": ("unaffected", "reaction"),
    "immune": ("unaffected",),
    "cheaper": ("cost", "less"),
    "reduce": ("cost", "less"),
    "lower": ("cost", "less"),
    "discount": ("cost", "less"),
    "more expensive": ("cost", "more"),
    "price": ("cost",),
    "tie": ("tied", "turns"),
    "tiebreak": ("tied", "turns"),
    "game over": ("game", "ends"),
    "game end": ("game", "ends"),
    "end game": ("game", "ends"),
    "piles empty": ("supply", "piles", "empty"),
    "stack": ("pile",),
    "hand size": ("cards", "hand"),
    "extra turn": ("turn", "another"),
    "another turn": ("extra", "turn"),
    "show": ("reveal",),
    "look": ("reveal", "look"),
    "copy": ("copies",),
    "copies": ("copy",),
    "play it again": ("play", "twice"),
    "start": ("beginning", "start"),
    "setup": ("set", "supply", "game", "kingdom"),
    "set up": ("supply", "game", "kingdom"),
    "how many": ("number",),
    "attacked": ("attack",),
    "hurt": ("attack",),
    "token": ("tokens", "mat"),
    "mat": ("mat", "set", "aside"),
    "duration": ("durations", "play", "turn"),
    "stay": ("stay", "play"),
    "stays": ("stay", "play"),
    "leftover": ("left",),
    # obligation
    "have to": ("must", "optional", "mandatory"),
    "must": ("have", "optional", "mandatory"),
    "forced": ("must", "optional", "mandatory"),
    "required": ("must", "mandatory"),
    "mandatory": ("optional", "must"),
    "optional": ("mandatory", "may"),
    "choose": ("may", "optional", "decide"),
    "decide": ("choose",),
    "pick": ("choose",),
    # attacks and reactions
    "hit": ("attack", "affect"),
    "hits": ("attack", "affect"),
    "affect": ("affected",),
    "respond": ("reveal", "reaction"),
    "react": ("reveal", "reaction"),
    # turn order and places
    "next player": ("left",),
    "clockwise": ("turn", "order", "left"),
    "following": ("next",),
    "table": ("play",),
    "play area": ("play",),
    "scoring": ("end", "game", "victory"),
    "thrice": ("three", "times"),
    # contractions typed without apostrophes
    "didnt": ("not",),
    "dont": ("not",),
    "doesnt": ("not",),
    "cant": ("cannot", "not"),
    "isnt": ("not",),
    "wont": ("not",),
    "arent": ("not",),
    # tenses the stemmer leaves apart
    "got": ("gain", "get"),
    "gets": ("gain", "get"),
    # where cards go, and piles running out
    "where": ("goes", "put", "into"),
    "go": ("goes", "put"),
    "goes": ("go", "put"),
    "gone": ("left", "empty"),
    "put": ("goes", "into"),
    "low": ("enough", "left"),
    "runs low": ("not", "enough", "left"),
    "empty": ("left", "no", "remaining"),
    "none": ("no", "not", "any"),
    "zero": ("0", "no", "not", "any"),
    "empty hand": ("no", "cards", "hand"),
    "no cards": ("empty",),
    "go back": ("return",),
    "put back": ("return",),
    "return": ("back",),
    # order and timing
    "first": ("before",),
    "before": ("first",),
    "after": ("then",),
    "later": ("after", "next"),
    "now": ("immediately",),
    "immediately": ("now",),
    "combine": ("mix", "match", "both"),
    "mix": ("combine",),
    # who is affected
    "who": ("player",),
    "own": ("yourself", "including"),
    "myself": ("yourself",),
    "too": ("including", "also"),
    "everyone": ("each", "all", "players"),
    "several": ("multiple",),
    "more than one": ("multiple",),
    "many": ("multiple",),
    "buying": ("buy",),
    # Irregular forms the analyzer keeps (``text.IRREGULAR_FORMS`` says why):
    # a question's "lost"/"left" may still mean the verb.
    "lost": ("lose",),
    "left": ("leave",),
}

_NUMBERS = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve",
]
# Rulings write small numbers both ways ("2 cards", "two players").
for _n, _word in enumerate(_NUMBERS, 1):
    SYNONYMS.setdefault(str(_n), (_word,))
    SYNONYMS.setdefault(_word, (str(_n),))

#: Added when a question names the same card twice ("remodel a Gold into a Gold").
SAME_CARD_WORDS = ("same", "copy")

#: Words that mark a question about game setup; setup rulings get a small boost.
SETUP_WORDS = frozenset(
    {
        "setup", "set up", "prepare", "preparation", "randomizer", "randomizers",
        "how many", "pile", "piles", "supply", "kingdom", "players", "player game",
        "start of the game", "starting", "beginning of the game", "recommended",
    }
)


class LexiconError(ValueError):
    """The paraphrase lexicon file is malformed."""


def load_lexicon(path: Path = LEXICON_FILE) -> dict[str, tuple[str, ...]]:
    """Player phrase -> rulings words, from the lexicon file (missing file: empty).

    A phrase listed in several concept groups gets the words of all of them.
    A malformed file is a clear error at start-up rather than silently
    weaker search.
    """
    if not path.exists():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    groups = data.get("paraphrases") if isinstance(data, dict) else None
    if not isinstance(groups, dict):
        raise LexiconError(f"{path}: expected a 'paraphrases' mapping of concept groups")
    lexicon: dict[str, tuple[str, ...]] = {}
    for concept, group in groups.items():
        if not isinstance(group, dict) or not isinstance(group.get("say"), list) or not (
            isinstance(group.get("rules"), list)
        ):
            raise LexiconError(f"{path}: group {concept!r} needs 'say' and 'rules' lists")
        rules = tuple(str(w).lower() for w in group["rules"])
        for phrase in group["say"]:
            key = str(phrase).lower().strip()
            if key:
                lexicon[key] = tuple(dict.fromkeys(lexicon.get(key, ()) + rules))
    return lexicon


@lru_cache(maxsize=1)
def default_lexicon() -> dict[str, tuple[str, ...]]:
    """The shipped lexicon, read on first use: never at import, so a damaged file cannot
    break ``rulings --help`` (``rulings build`` names it; ``datafiles.py``)."""
    return load_lexicon()


def __getattr__(name: str) -> object:
    """``LEXICON``: the shipped lexicon, loaded when first asked for (PEP 562)."""
    if name == "LEXICON":
        return default_lexicon()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
