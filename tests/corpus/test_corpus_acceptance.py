"""The issue's acceptance numbers, pinned on the built corpus."""

from __future__ import annotations

import pytest

from parsers.catalogue import load_catalogue
from parsers.faq import parse_faq
from parsers.icons import ICON_GAP_MARK, find_gaps
from parsers.names import NameIndex
from parsers.rulebook import parse_rulebook
from rulings_service.corpus_store import Corpus
from rulings_service.paths import CATALOGUE_DIR, SOURCES_DIR

FAQS = {"prosperity-faq": "001_5c3cde148713c62b.txt", "intrigue-faq": "002_c24012c8268a4198.txt"}
RULEBOOKS = {"plunder-rulebook": ("003_ef1597221509dafe.txt", "plunder"),
             "nocturne-rulebook": ("004_ba0d11675532cf47.txt", "nocturne")}


def documents(card: dict) -> set[str]:
    return {p["document"] for p in card["printed_in"]
            if p["role"] in ("entry", "empty-entry", "note")}


def ruling_documents(corpus: Corpus, card: dict) -> set[str]:
    return {s["document"] for r in corpus.rulings_for_card(card["slug"]) for s in r["sources"]}


@pytest.fixture(scope="module")
def twice(corpus: Corpus) -> list[dict]:
    """The Intrigue and Prosperity cards with an entry in the dump and in their own FAQ."""
    return [c for c in corpus.cards
            if "faq-dump" in documents(c) and documents(c) & set(FAQS)]


def test_every_non_empty_entry_has_a_ruling(corpus: Corpus) -> None:
    with_text = [c for c in corpus.cards
                 if any(p["role"] in ("entry", "note") for p in c["printed_in"])]
    assert with_text
    assert [c["name"] for c in with_text if not (c["ruling_ids"] or c["related_ruling_ids"])] == []
    from_dump = [c for c in with_text
                 if any(p["role"] == "entry" and p["document"] == "faq-dump"
                        for p in c["printed_in"])]
    # 213 non-empty dump entries; the three Shelters, Madman and Mercenary have two each.
    # Sub-cards with their own entry (5 Ruins, 4 Knights) count as cards, as do the piles.
    assert len(from_dump) == 208
    with_dump_ruling = [c for c in from_dump if "faq-dump" in ruling_documents(corpus, c)]
    assert len(with_dump_ruling) == 207
    # Monument's dump text is only the shared VP-token paragraph, a general rule.
    assert [c["name"] for c in from_dump if c not in with_dump_ruling] == ["Monument"]
    for doc in RULEBOOKS:
        noted = [c for c in with_text if doc in documents(c)]
        assert len(noted) >= 60
        assert all(doc in ruling_documents(corpus, c) for c in noted)


def test_the_52_repeated_entries_are_merged(corpus: Corpus, twice: list[dict]) -> None:
    assert len(twice) == 52
    assert {c["set"] for c in twice} == {"intrigue", "prosperity"}
    for card in twice:
        rulings = corpus.rulings_for_card(card["slug"]) + [
            corpus.ruling_by_id[i] for i in card["related_ruling_ids"]]
        cited = {s["document"] for r in rulings for s in r["sources"]}
        assert "faq-dump" in cited and cited & set(FAQS), card["name"]
        merged = [r for r in rulings if len({s["document"] for s in r["sources"]}) > 1]
        if card["name"] != "Monument":  # its dump text is only the shared VP-token paragraph
            assert merged, card["name"]


def test_no_ruling_text_appears_twice(corpus: Corpus) -> None:
    """A text may repeat only as a sentence of at most five words ("See Preparation."),
    which means something only next to its own card or topic; then each copy is a
    different card/topic or document. Any other repeat is a missed merge."""
    by_text: dict[str, list[dict]] = {}
    for ruling in corpus.rulings:
        by_text.setdefault(" ".join(ruling["text"].lower().split()), []).append(ruling)
    repeated = {text: rulings for text, rulings in by_text.items() if len(rulings) > 1}
    assert [text for text in repeated if len(text.split()) > 5] == []
    for rulings in repeated.values():
        places = [(r["card"], tuple(sorted({s["document"] for s in r["sources"]})))
                  for r in rulings]
        assert len(places) == len(set(places)), places
    assert set(repeated) == {"see preparation.", "this is not optional.", "this is mandatory.",
                             "follow the instructions in order.", "1 rule booklet",
                             "trashing a card is optional.", '"any number" includes zero.'}


@pytest.mark.parametrize("text, owners", [
    ("See Preparation.", {("General rules: Shelters", "faq-dump"),
                          ("General rules: Heirlooms", "nocturne-rulebook")}),
    ("This is not optional.", {("Soothsayer", "faq-dump"), ("Ghost", "nocturne-rulebook")}),
    ("Follow the instructions in order.", {("Rats", "faq-dump"),
                                           ("Vampire", "nocturne-rulebook")}),
    ("This is mandatory.", {("Shaman", "plunder-rulebook"), ("Fawning", "plunder-rulebook"),
                            ("Tireless", "plunder-rulebook")}),
])
def test_short_sentences_stay_with_their_own_card(corpus: Corpus, text: str,
                                                  owners: set[tuple[str, str]]) -> None:
    found = [r for r in corpus.rulings if r["text"] == text]
    assert {(r["card"], s["document"]) for r in found for s in r["sources"]} == owners
    assert all(len(r["sources"]) == 1 and r["cards"] in ([], [r["card"]]) for r in found)


def test_real_shared_rulings_stay_merged(corpus: Corpus) -> None:
    prize = next(r for r in corpus.rulings
                 if r["text"] == "This is a Prize; see the Additional Rules.")
    assert prize["cards"] == ["Bag of Gold", "Diadem", "Followers", "Princess", "Trusty Steed"]
    vp = [r for r in corpus.rulings if r["text"] == "When a player takes VP tokens, he takes "
          "a player mat to put them on."]
    assert len(vp) == 1 and vp[0]["topic"] == "vp-tokens"
    assert len(vp[0]["sources"]) == 3  # printed under Bishop, Goons and Monument
    shelter = next(r for r in corpus.rulings if r["text"] == "This is a Shelter; see Preparation.")
    assert shelter["cards"] == ["Hovel", "Necropolis", "Overgrown Estate"]


def test_no_unrepaired_icon_gaps_in_the_repeated_entries(corpus: Corpus,
                                                         twice: list[dict]) -> None:
    for card in twice:
        for ruling in corpus.rulings_for_card(card["slug"]):
            assert ruling["icon_gaps"] == 0, ruling["text"]
            assert find_gaps(ruling["text"]) == [], ruling["text"]
    restored = [r for r in corpus.rulings if r["icons_restored"]]
    assert len(restored) >= 30  # 37 rulings, 48 icons, when this was written


def test_gaps_without_a_twin_are_marked(corpus: Corpus) -> None:
    marked = {r["card"]: r["text"] for r in corpus.rulings if r["icon_gaps"]}
    assert set(marked) == {"Diadem", "Horn of Plenty", "Magic Lamp"}
    assert all(ICON_GAP_MARK in text for text in marked.values())


def test_every_faq_ruling_is_cited(corpus: Corpus) -> None:
    """Merging drops no FAQ sentence: each one's span is a source of some ruling."""
    names = NameIndex(load_catalogue(CATALOGUE_DIR))
    cited = {(s["document"], s["start"], s["end"]) for r in corpus.rulings for s in r["sources"]}
    for doc_id, file in FAQS.items():
        doc = parse_faq((SOURCES_DIR / file).read_text(encoding="utf-8"), names, doc_id)
        for ruling in doc.all_rulings():
            assert (doc_id, ruling.span.start, ruling.span.end) in cited, ruling.text


def test_empty_entries_are_cards_without_rulings(corpus: Corpus) -> None:
    hinterlands = [c for c in corpus.cards if c["set"] == "hinterlands" and c["in_scope"]]
    assert len(hinterlands) == 26
    for card in [*hinterlands, corpus.card_named("Walled Village"), corpus.card_named("Governor")]:
        assert card["ruling_ids"] == [], card["name"]
        assert [p["role"] for p in card["printed_in"]] == ["empty-entry"], card["name"]


def test_every_rulebook_line_note_and_section_is_accounted_for(corpus: Corpus) -> None:
    names = NameIndex(load_catalogue(CATALOGUE_DIR))
    printed = {(p["document"], p["start"], p["end"], p["role"])
               for c in corpus.cards for p in c["printed_in"]}
    cited = {(s["document"], s["start"], s["end"]) for r in corpus.rulings for s in r["sources"]}
    topics = {(s["document"], r["topic"]) for r in corpus.rulings if r["topic"]
              for s in r["sources"]}
    for doc_id, (file, set_id) in RULEBOOKS.items():
        doc = parse_rulebook((SOURCES_DIR / file).read_text(encoding="utf-8"), names, doc_id,
                             set_id)
        for line in doc.card_lines:
            assert (doc_id, line.span.start, line.span.end, "card-line") in printed, line.name
        for entry in doc.entries:
            assert (doc_id, entry.span.start, entry.span.end, "note") in printed, entry.name
            for ruling in entry.rulings:
                assert (doc_id, ruling.span.start, ruling.span.end) in cited, ruling.text
        for ruling in doc.general:
            assert (doc_id, ruling.span.start, ruling.span.end) in cited, ruling.text
        general_sections = {"Components", "Preparation", "Durations", "Loot", "Events",
                            "Traits", "Additional Rules for Nocturne", "Sample Turn"}
        for section in set(doc.sections) & general_sections:
            assert any(d == doc_id for d, _ in topics), section
    nocturne_topics = {t for d, t in topics if d == "nocturne-rulebook"}
    assert {"night", "heirlooms", "boons", "hexes", "states", "durations", "exchange"} \
        <= nocturne_topics
    plunder_topics = {t for d, t in topics if d == "plunder-rulebook"}
    assert {"components", "preparation", "durations", "loot", "events", "traits"} \
        <= plunder_topics


def test_every_out_of_scope_name_is_flagged(corpus: Corpus) -> None:
    named = set()
    for kingdom in corpus.kingdoms:
        named.update(kingdom["cards"])
        named.update(x["name"] for x in kingdom["landscapes"])
        named.update(x["pile"] for x in kingdom["landscapes"] if x["pile"])
        named.update(kingdom["druid_boons"])
    for ruling in corpus.rulings:
        named.update(ruling["mentions"])
    unknown = [n for n in named if corpus.card_named(n) is None]
    assert unknown == []
    out_of_scope = {n for n in named if not corpus.card_named(n)["in_scope"]}
    assert {"Vassal", "Artisan", "Courtier", "Way of the Sheep", "Cathedral"} <= out_of_scope
    in_scope_sets = {"base", "intrigue", "seaside", "alchemy", "prosperity", "cornucopia",
                     "hinterlands", "dark-ages", "guilds", "promo", "plunder", "nocturne"}
    assert all(corpus.card_named(n)["set"] not in in_scope_sets for n in out_of_scope)


def test_kingdoms(corpus: Corpus) -> None:
    assert len(corpus.kingdoms) == 86  # 32 recommended sets, 29 Plunder, 25 Nocturne
    assert all(len(k["cards"]) == 10 for k in corpus.kingdoms)
    ids = [k["id"] for k in corpus.kingdoms]
    assert len(ids) == len(set(ids))
    voodoo = next(k for k in corpus.kingdoms if k["name"] == "Voodoo")
    assert {"name": "Cursed", "kind": "trait", "pile": "Festival"} in voodoo["landscapes"]


#: Game terms the sources cite with their set that are not cards.
CONCEPTS = {"Coffers", "Heirlooms", "Landmarks", "Shelters", "Way"}


def test_names_cited_with_another_set_are_known(corpus: Corpus) -> None:
    """"Territory (from Allies)", "Training, from Adventures": each such name is in the
    catalogue (flagged out of scope when it is), or is a game term rather than a card."""
    import re

    from parsers.names import SET_NAMES

    names = NameIndex(load_catalogue(CATALOGUE_DIR))
    sets = "|".join(SET_NAMES)
    cited = re.compile(rf"((?:[A-Z][\w'\u2019-]*)(?: (?:of the |of |the )?[A-Z][\w'\u2019-]*)*)"
                       rf",? \(?(?:from|in) (?:Dominion: )?({sets})\b")
    checked = 0
    for file in sorted(SOURCES_DIR.glob("*.txt")):
        for m in cited.finditer(file.read_text(encoding="utf-8")):
            phrase = m.group(1)
            if phrase in CONCEPTS:
                continue
            found = names.mentioned_names(phrase) or [names.canonical(phrase)]
            assert found and found[0] is not None, (file.name, phrase)
            checked += 1
    assert checked > 60  # 79 when this was written
    territory = corpus.card_named("Territory")
    assert territory is not None and territory["in_scope"] is False


def test_a_card_s_rulings_read_in_order(corpus: Corpus) -> None:
    texts = [r["text"] for r in corpus.rulings_for_card("conspirator")]
    first = texts.index("You evaluate whether or not Conspirator gives you +1 Card and +1 "
                        "Action when you play it.")
    assert texts[first + 1].startswith("If later in the turn you play more Action cards")
