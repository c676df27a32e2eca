"""Checks of the card catalogue data against the brief and against the sources.

The catalogue is hand-entered data that every other area keys on, so these
tests hold it to two independent references: the set sizes the product lists
give (pinned counts by kind), and the source documents themselves (rulebook
card lines, FAQ titles, dump entries, suggested-kingdom lists). A name the
sources use that the catalogue lacks would make a ruling silently unattached.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from parsers.catalogue import KINDS, Card, Catalogue, load_catalogue, slugify
from rulings_service.paths import CATALOGUE_DIR, SOURCES_DIR

PLUNDER = SOURCES_DIR / "003_ef1597221509dafe.txt"
NOCTURNE = SOURCES_DIR / "004_ba0d11675532cf47.txt"
DUMP = SOURCES_DIR / "000_847cd3a30e55ddae.txt"
TITLED_FAQS = [SOURCES_DIR / "001_5c3cde148713c62b.txt", SOURCES_DIR / "002_c24012c8268a4198.txt"]

#: Counts by kind per set, from the product component lists.
EXPECTED_KINDS: dict[str, dict[str, int]] = {
    "base": {"kingdom": 25, "basic": 7},
    "intrigue": {"kingdom": 25},
    "seaside": {"kingdom": 26},
    "alchemy": {"kingdom": 12, "basic": 1},
    "prosperity": {"kingdom": 25, "basic": 2},
    "cornucopia": {"kingdom": 13, "prize": 5},
    "hinterlands": {"kingdom": 26},
    # 35 Kingdom piles: 34 single cards plus the Knights pile; the other pile is Ruins.
    "dark-ages": {
        "kingdom": 34, "pile": 2, "ruins": 5, "shelter": 3, "knight": 10, "non-supply": 3,
    },
    "guilds": {"kingdom": 13},
    "promo": {"kingdom": 5},
    # The pile is "Loot" (30 cards, 2 of each Loot).
    "plunder": {"kingdom": 40, "event": 15, "trait": 15, "loot": 15, "pile": 1},
    # The piles are the two two-sided State cards (Deluded / Envious, Miserable / ...).
    "nocturne": {
        "kingdom": 33, "heirloom": 7, "boon": 12, "hex": 12, "state": 5, "non-supply": 2,
        "spirit": 3, "zombie": 3, "pile": 2,
    },
}

KNOWN_TYPES = frozenset({
    "Action", "Treasure", "Victory", "Curse", "Attack", "Reaction", "Duration", "Prize", "Looter",
    "Ruins", "Shelter", "Knight", "Night", "Fate", "Doom", "Heirloom", "Spirit", "Zombie",
    "Command", "Loot", "Event", "Trait", "Boon", "Hex", "State", "Landmark", "Project", "Way",
    "Ally",
})
#: Kinds that have no cost printed (landscapes and pile names).
COSTLESS_KINDS = frozenset({"boon", "hex", "state", "trait", "pile", "out-of-scope"})
VICTORY_PILE = {2: 8, 3: 12, 4: 12, 5: 12, 6: 12}

#: A rulebook card line: "Name — Cost N. Type - Type. Text" or "Name — State. Text".
CARD_LINE = re.compile(
    r"^(?P<name>[^—]+?) — (?:Cost (?P<cost>\d+)\. (?P<types>[A-Z][A-Za-z -]*?)|(?P<state>State))"
    r"\. (?P<text>.+)$"
)


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue(CATALOGUE_DIR)


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _section(lines: list[str], start: str, stop: str) -> list[str]:
    """The lines strictly between two heading lines."""
    i = lines.index(start)
    j = lines.index(stop, i + 1)
    return lines[i + 1 : j]


# --------------------------------------------------------------------------- shape


def test_counts_by_kind_per_set(catalogue: Catalogue) -> None:
    by_set: dict[str, Counter[str]] = {}
    for card in catalogue.in_scope():
        by_set.setdefault(card.set, Counter())[card.kind] += 1
    assert {s: dict(c) for s, c in by_set.items()} == EXPECTED_KINDS


def test_every_set_file_is_present(catalogue: Catalogue) -> None:
    assert set(catalogue.sets) == set(EXPECTED_KINDS) | {"out-of-scope"}


def test_names_and_slugs_are_unique(catalogue: Catalogue) -> None:
    names = [c.name.lower() for c in catalogue.cards]
    slugs = [c.slug for c in catalogue.cards]
    assert [n for n, k in Counter(names).items() if k > 1] == []
    assert [s for s, k in Counter(slugs).items() if k > 1] == []
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", s) for s in slugs)


def test_kinds_types_and_texts_are_valid(catalogue: Catalogue) -> None:
    for card in catalogue.cards:
        assert card.kind in KINDS, card
        assert set(card.types) <= KNOWN_TYPES, (card.name, card.types)
        if card.in_scope and card.kind != "pile":
            assert card.types, f"{card.name} has no types"
            assert card.text.strip(), f"{card.name} has no text"
            assert card.text == card.text.strip() and "  " not in card.text, card.name


def test_costs_are_valid(catalogue: Catalogue) -> None:
    for card in catalogue.cards:
        if card.kind in COSTLESS_KINDS:
            if card.kind != "pile" or not card.in_scope:
                assert card.cost is None, f"{card.name} ({card.kind}) should have no cost"
            continue
        assert card.cost is not None, f"{card.name} needs a cost"
        assert isinstance(card.cost.coins, int) and 0 <= card.cost.coins <= 11, card.name
        assert card.cost.potion in (0, 1) and card.cost.debt == 0, card.name


def test_pile_sizes(catalogue: Catalogue) -> None:
    get = catalogue.get
    for card in catalogue.in_scope():
        if card.kind == "kingdom":
            if card.name == "Rats":
                assert card.pile_size == 20  # the dump: "There are 20 copies of Rats"
            elif "Victory" in card.types:
                assert card.pile_size == VICTORY_PILE, card.name
            else:
                assert card.pile_size == 10, card.name
        elif card.kind in {"event", "trait", "boon", "hex", "state", "heirloom", "ruins",
                           "shelter", "knight", "loot", "zombie"}:
            assert card.pile_size is None, card.name
        elif card.kind == "prize":
            assert card.pile_size == 1, card.name
    expected = {
        "Copper": 60, "Silver": 40, "Gold": 30, "Estate": VICTORY_PILE, "Duchy": VICTORY_PILE,
        "Province": {2: 8, 3: 12, 4: 12, 5: 15, 6: 18},
        "Curse": {2: 10, 3: 20, 4: 30, 5: 40, 6: 50}, "Potion": 16, "Platinum": 12,
        "Colony": {2: 8, 3: 12, 4: 12}, "Ruins": {2: 10, 3: 20, 4: 30, 5: 40, 6: 50},
        "Spoils": 15, "Madman": 10, "Mercenary": 10, "Loot": 30, "Imp": 13, "Wish": 12,
        "Will-o'-Wisp": 12, "Bat": 10, "Ghost": 6, "Knights": 10,
    }
    assert {name: get(name).pile_size for name in expected} == expected


def test_piles_name_their_members(catalogue: Catalogue) -> None:
    for card in catalogue.cards:
        for member in card.members:
            found = catalogue.get(member)
            assert found is not None, f"{card.name} member {member!r} is not in the catalogue"
            assert found.in_scope == card.in_scope, member
    assert len(catalogue.get("Knights").members) == 10
    assert len(catalogue.get("Ruins").members) == 5
    assert {catalogue.get(m).kind for m in catalogue.get("Loot").members} == {"loot"}
    assert len(catalogue.get("Loot").members) == 15


def test_lookup_by_alias_case_and_slug(catalogue: Catalogue) -> None:
    assert catalogue.get("Hermit / Madman").name == "Madman"
    assert catalogue.get("Urchin / Mercenary").name == "Mercenary"
    assert catalogue.get("jack of all trades").name == "Jack of All Trades"
    assert catalogue.get("Forest's Gift").name == "The Forest's Gift"
    assert catalogue.get("Haunted Wood").name == "Haunted Woods"
    assert "Jack of all Trades" in catalogue.get("Jack of All Trades").aliases
    assert catalogue.get("Deluded/Envious").name == "Deluded / Envious"
    assert catalogue.get("Settlers / Bustling Village").name == "Settlers/Bustling Village"
    assert catalogue.by_slug("kings-court").name == "King's Court"
    assert catalogue.by_slug("will-o-wisp").name == "Will-o'-Wisp"


# --------------------------------------------------------------------------- rulebooks


def _rulebook_card_lines(path: Path) -> list[re.Match[str]]:
    return [m for line in _lines(path) if (m := CARD_LINE.match(line))]


@pytest.mark.parametrize(("path", "expected"), [(PLUNDER, 70), (NOCTURNE, 51)])
def test_rulebook_card_lines_agree_with_catalogue(
    catalogue: Catalogue, path: Path, expected: int
) -> None:
    matches = _rulebook_card_lines(path)
    assert len(matches) == expected  # the regex still sees every card line
    for m in matches:
        name, text = m["name"], m["text"]
        if m["state"]:
            sides = name.split(" / ")
            if len(sides) == 2:  # a two-sided State: "A: text B: text"
                first, second = sides
                head, _, tail = text.partition(f" {second}: ")
                pile = catalogue.get(name)
                assert pile is not None and pile.kind == "pile" and list(pile.members) == sides
                assert catalogue.get(first).text == head.split(f"{first}: ", 1)[1]
                assert catalogue.get(second).text == tail
                continue
            card = catalogue.get(name)
            assert card is not None and card.kind == "state" and card.text == text
            continue
        card = catalogue.get(name)
        assert card is not None, f"{name} is not in the catalogue"
        assert card.name == name and card.in_scope
        # Where the line differs from the printed card, the catalogue keeps the printed
        # value and says so in a source note (tests/catalogue/test_source_notes.py).
        noted = {n.field for n in card.source_notes}
        assert card.cost is not None
        assert (card.cost.coins == int(m["cost"])) is ("cost" not in noted), name
        assert list(card.types) == m["types"].split(" - "), name
        assert (card.text == text) is ("text" not in noted), name


def test_trait_lines_agree_with_catalogue(catalogue: Catalogue) -> None:
    lines = _section(_lines(PLUNDER), "Trait Cards", "Kingdom Card Notes")
    traits = [c for c in catalogue.in_scope() if c.kind == "trait"]
    assert len(lines) == len(traits) == 15
    assert sorted(f"{c.name} {c.text}" for c in traits) == sorted(lines)


@pytest.mark.parametrize(("start", "stop", "kind"), [
    ("Boons", "Hexes", "boon"), ("Hexes", "Kingdom Card Notes", "hex"),
])
def test_boon_and_hex_lines_agree_with_catalogue(
    catalogue: Catalogue, start: str, stop: str, kind: str
) -> None:
    lines = [ln for ln in _section(_lines(NOCTURNE), start, stop) if ": " in ln]
    cards = [c for c in catalogue.in_scope() if c.kind == kind]
    assert len(lines) == len(cards) == 12
    assert sorted(f"{c.name}: {c.text}" for c in cards) == sorted(lines)


def _suggested_kingdom_names(path: Path) -> list[str]:
    """Every capitalised candidate card name in the suggested-kingdom lists."""
    lines = _lines(path)
    start = lines.index("Suggested Kingdoms")
    names: list[str] = []
    for line in lines[start:]:
        if not line.startswith("- "):
            continue
        body = line[2:].split(": ", 1)[1]  # drop the kingdom's own name
        for inner in re.findall(r"\(([^)]*)\)", body):  # Druid's Boons
            names.extend(part.strip() for part in inner.split(","))
        body = re.sub(r"\s*\([^)]*\)", "", body)
        for item in re.split(r",| • ", body):
            item = item.strip()
            parts = item.split(" on ", 1)  # "Trait on Pile"
            names.extend(parts)
            if len(parts) == 2 and "/" in parts[1]:  # a Trait on a split pile
                names.extend(half.strip() for half in parts[1].split("/"))
    return [n for n in names if n]


@pytest.mark.parametrize("path", [PLUNDER, NOCTURNE])
def test_suggested_kingdom_names_are_all_known(catalogue: Catalogue, path: Path) -> None:
    names = _suggested_kingdom_names(path)
    assert len(names) > 150  # both lists have 20+ kingdoms of 10+ names
    missing = sorted({n for n in names if catalogue.get(n) is None})
    assert missing == []


def test_druid_boons_are_in_scope(catalogue: Catalogue) -> None:
    boons = [n for n in _suggested_kingdom_names(NOCTURNE) if n.startswith("The ")]
    assert len(boons) == 15  # five Druid kingdoms of three Boons
    assert all(catalogue.get(n).kind == "boon" and catalogue.get(n).in_scope for n in boons)


def test_out_of_scope_names_come_from_the_sources(catalogue: Catalogue) -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(SOURCES_DIR.glob("*.txt")))
    out = [c for c in catalogue.cards if not c.in_scope]
    assert len(out) > 100
    for card in out:
        assert card.set != "out-of-scope", f"{card.name} needs its own 'set'"
        assert any(n in text for n in (card.name, *card.aliases)), card.name


# --------------------------------------------------------------------------- FAQs


@pytest.mark.parametrize(
    ("path", "set_id"), [(TITLED_FAQS[0], "prosperity"), (TITLED_FAQS[1], "intrigue")]
)
def test_titled_faq_headings_are_the_sets_cards(
    catalogue: Catalogue, path: Path, set_id: str
) -> None:
    headings = [
        line.strip() for line in _lines(path)
        if line.strip() and len(line) < 40 and "." not in line and line != "Continue Reading"
    ]
    assert [h for h in headings if catalogue.get(h) is None] == []
    cards = [catalogue.get(h) for h in headings]
    assert sorted(c.name for c in cards) == sorted(
        c.name for c in catalogue.in_scope() if c.set == set_id
    )


#: Dump entries that are not about one card.
DUMP_NON_CARDS = ("Trash", "Shelters", "Recommended sets", "7 Coppers", "-If you make")


def test_dump_entries_start_with_a_catalogue_name(catalogue: Catalogue) -> None:
    names = sorted(catalogue.names(), key=len, reverse=True)
    entries = [e.strip() for e in DUMP.read_text(encoding="utf-8").split(":::") if e.strip()]
    found: set[str] = set()
    for entry in entries:
        if entry.startswith(DUMP_NON_CARDS):
            continue
        low = entry.lower()
        name = next(
            (n for n in names if low.startswith(n) and low[len(n) : len(n) + 1] in ("", " ", ":")),
            None,
        )
        assert name is not None, f"dump entry without a known name: {entry[:40]!r}"
        found.add(catalogue.get(name).name)
    faq_sets = {"base", "intrigue", "seaside", "alchemy", "prosperity", "cornucopia",
                "hinterlands", "dark-ages", "guilds", "promo"}
    wanted = {c.name for c in catalogue.in_scope() if c.set in faq_sets and c.kind == "kingdom"}
    assert wanted - found == set()


# --------------------------------------------------------------------------- loader


def _write(directory: Path, body: str, name: str = "x.yaml") -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    (directory / name).write_text(body, encoding="utf-8")
    return directory


@pytest.mark.parametrize(("body", "message"), [
    ("set: x\ncards: [{name: A, kind: wizard}]\n", "unknown kind"),
    ("set: x\ncards: [{name: A, colour: red}]\n", "unknown fields"),
    ("set: x\ncards: [{name: A, cost: cheap}]\n", "cost must be"),
    ("set: x\ncards: [{name: A, cost: {coins: 1, gems: 2}}]\n", "unknown cost fields"),
    ("set: x\ncards: [{name: A, pile_size: {two: 8}}]\n", "pile_size mapping"),
    ("set: x\ncards: [{name: A}, {name: a}]\n", "duplicate card name"),
    ("set: x\ncards: [{name: A}, {name: B, aliases: [a]}]\n", "duplicate card name"),
    ("set: x\ncards: [{kind: kingdom}]\n", "needs a 'name'"),
    ("cards: []\n", "expected a mapping"),
    ("set: x\ncards: [unclosed\n", "not valid YAML"),
    ("set: x\ncards: [{name: A, types: Action}]\n", "types must be a list"),
    ("set: x\ncards: [{name: A, aliases: [1]}]\n", "aliases must be a list"),
    ("set: x\ncards: [{name: A, cost: -1}]\n", "non-negative integer"),
    ("set: x\ncards: [{name: A, cost: {coins: 3, potion: one}}]\n", "non-negative integer"),
    ("set: x\ncards: [{name: A, text: 3}]\n", "text must be a string"),
    ("set: x\ncards: [{name: A, extra: [1]}]\n", "extra must be a mapping"),
    ("set: x\nin_scope: maybe\ncards: []\n", "'in_scope' a boolean"),
    ("set: x\ncards: {name: A}\n", "'cards' must be a list"),
])
def test_loader_rejects_bad_files_with_a_clear_error(
    tmp_path: Path, body: str, message: str
) -> None:
    from parsers.catalogue import CatalogueError

    with pytest.raises(CatalogueError, match=message):
        load_catalogue(_write(tmp_path, body))


def test_loader_refuses_a_missing_directory(tmp_path: Path) -> None:
    from parsers.catalogue import CatalogueError

    with pytest.raises(CatalogueError, match="does not exist"):
        load_catalogue(tmp_path / "nowhere")


def test_loader_reads_costs_piles_and_scope(tmp_path: Path) -> None:
    body = (
        "set: demo\ntitle: Demo\nin_scope: false\ncards:\n"
        "- {name: Golem, cost: {coins: 4, potion: 1}, pile_size: {2: 8, '3': 12}}\n"
    )
    cat = load_catalogue(_write(tmp_path, body))
    card: Card = cat.get("golem")
    assert card.kind == "out-of-scope" and not card.in_scope and card.set == "demo"
    assert card.cost.as_dict() == {"coins": 4, "potion": 1, "debt": 0}
    assert card.pile_size == {2: 8, 3: 12}
    assert cat.sets == {"demo": "Demo"} and cat.in_scope() == []


def test_landscape_kind(catalogue: Catalogue) -> None:
    kinds = {n: catalogue.get(n).landscape_kind for n in (
        "Cheap", "Prepare", "Museum", "Cathedral", "Way of the Sheep", "Cave Dwellers", "Quest",
        "Cage", "The Sky's Gift", "Artisan",
    )}
    assert kinds == {
        "Cheap": "trait", "Prepare": "event", "Museum": "landmark", "Cathedral": "project",
        "Way of the Sheep": "way", "Cave Dwellers": "ally", "Quest": "event",
        "Cage": None, "The Sky's Gift": None, "Artisan": None,
    }


def test_cards_are_hashable(catalogue: Catalogue) -> None:
    assert len(set(catalogue.cards)) == len(catalogue.cards)


@pytest.mark.parametrize(("name", "slug"), [
    ("King's Court", "kings-court"), ("Will-o'-Wisp", "will-o-wisp"),
    ("Patrician/Emporium", "patrician-emporium"), ("Farmers' Market", "farmers-market"),
])
def test_slugify(name: str, slug: str) -> None:
    assert slugify(name) == slug
