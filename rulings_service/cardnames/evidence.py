"""When an everyday word in free text is a card name: only on evidence.

"How do I count my points" is about counting, "what if the supply runs out"
about the Supply, "do I need a village" about villages in general: the cards
Count, Supplies and Village are not meant. The names this applies to are data
(``corpus/common_word_names.yaml``); for them a find in free text counts only
with one of these pieces of evidence:

* **capitals**: written with a capital where no sentence starts ("can Mine
  gain...", not "Mine is..." at the start, nor a question in capitals);
* **a card-shaped phrase**: a game verb just before it, past an article or a
  number ("play a mine", "gained two Mines"), a digit ("2 idols"), a card word
  or a card's verb just after it ("the count card", "war hex", "mine
  trashes"), or the question's first word as its topic ("forge if I trash
  nothing", "avoid - are they shuffled"), unless what follows makes it a word
  ("count my points");
* **the rest of the question**: another card name right beside it, joined by
  "and", "with", "on"... ("throne room a mine", "mine and remodel").

Explicit lookups (``cards/named``, ``[[Card]]``, the CLI) name a card on
purpose and do not ask this module.
"""

from __future__ import annotations

from collections.abc import Sequence


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: Game verbs that take a card as their object ("play a mine").
CARD_VERBS = _words("""
    play plays played playing buy buys bought buying gain gains gained gaining
    trash trashes trashed trashing discard discards discarded discarding reveal reveals
    revealed revealing topdeck topdecked exile exiled return returns returned
    throne throned tr trd kc kced overpay overpaid choose chose chosen name named naming
    """)
#: Words between the verb and the name that keep the phrase card-shaped.
DETERMINERS = _words("""
    a an the my your his her their our its this that another one two three each every
    any some no extra second first
    """)
#: Words right after a name that show a card is meant ("count card", "mine trashes").
CARD_FOLLOWERS = _words("""
    card cards token tokens trait event effect ability text hex hexes boon boons
    heirloom loot prize state spirit
    trashes gains gives draws lets says costs makes plays reveals discards work works
    """)
#: Words after a question's first word that make it a verb or noun of its own
#: ("count my points", "avoid the attack", "search for"), not a topic named first;
#: not "a": "mine a silver" uses the card as a verb.
NOT_A_TOPIC = _words("""
    my your his her their our its the for to up out of it them all me you this that
    is are was were be
    """)
#: Words joining two card names ("mine and remodel", "throne room with a mine").
JOINERS = _words("and or with on onto vs versus plus then into from") | DETERMINERS


def has_evidence(
    words: Sequence[str],
    start: int,
    end: int,
    capitalised: bool,
    sentence_start: bool,
    shouting: bool,
    beside_card: bool,
    topic_ok: bool = True,
    trait: bool = False,
    headed: bool = False,
) -> bool:
    """Whether the lower-case ``words[start:end]`` of a question are meant as a card name.

    ``capitalised``: the name's first letter was typed upper case;
    ``sentence_start``: it opens a sentence (where a capital says nothing);
    ``shouting``: the question has no lower-case letters at all;
    ``beside_card``: another card name sits next to it, past :data:`JOINERS`
    only (the caller knows the other names it found); ``topic_ok``: whether
    the name may stand first as a question's topic (not for a card outside our
    sets, whose questions we cannot answer: "supply pile empty" is the Supply);
    ``trait``: the name is a Trait's, whose pile is named after it ("the cursed pile");
    ``headed``: a dash or colon follows the name ("avoid - are the 3 cards shuffled"),
    so the first word heads the question even when a verb comes next.
    """
    if capitalised and not sentence_start and not shouting:
        return True
    if beside_card:
        return True
    # Terse questions name their topic first ("forge if I trash nothing", "war hex
    # and no 3 or 4 cost"), which an English sentence rarely opens with.
    if topic_ok and start == 0 and (headed or not (end < len(words) and words[end] in NOT_A_TOPIC)):
        return True
    # Counted copies ("2 idols in play") are cards.
    if start > 0 and words[start - 1].isdigit():
        return True
    before = [w for w in words[max(0, start - 3):start]]
    while before and before[-1] in DETERMINERS:
        before.pop()
    if before and before[-1] in CARD_VERBS:
        return True
    following = words[end] if end < len(words) else ""
    return following in CARD_FOLLOWERS or (trait and following in ("pile", "piles"))


def skip_joiners(words: Sequence[str], index: int, step: int) -> int:
    """The index of the first word from ``index`` (going by ``step``) that is no joiner."""
    while 0 <= index < len(words) and words[index] in JOINERS:
        index += step
    return index
