"""The board replay and the sandbox in a real browser (Debian's Chromium), desktop and phone.

A Possession scenario with an Outpost turn after it (six steps, one a check)
is stepped with the keyboard to the end and back, and played on a timer
(Play, Pause, stopping at the end); the cards a step moved
carry the highlight where they arrived and where they left; a base-set
replay has no Boons or Hexes rows (and a Nocturne one has its Boons rows, so
the check is not vacuous); at 390x844 nothing overflows sideways. The
sandbox is edited, run, and its permalink reloaded in a fresh browser gives
the same answer; invalid YAML and an unknown card are shown inline with the
field and line; markup in a title or notes shows as text. Every stop is
saved as a screenshot (desktop and phone) under $RULINGS_SCREENSHOT_DIR.

The app is the fixture app with two shipped scenario files added to its
scenario folder (copied at test time, run by the real loader and engine).
"""

# ruff: noqa: F811 - the shared browser fixtures are imported, then requested by name
from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from flask import Flask
from test_web_browser import base_url, browser, pytestmark, shots  # noqa: F401
from web_fixtures import SCENARIO_FIXTURES, FixtureScenarios

from rulings_service.app import create_app
from rulings_service.corpus_store import Corpus
from rulings_service.scenarios.loader import SCENARIOS_DIR
from rulings_service.search import Searcher, build_index
from rulings_service.web.services import Services

POSSESSION = "possession--outpost-after-possession-turn"
BARD = "bard--receives-the-top-boon"
VILLAGE = "village--count-your-actions"
VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def app(corpus: Corpus, tmp_path_factory: pytest.TempPathFactory) -> Flask:
    folder = tmp_path_factory.mktemp("scenarios")
    for path in SCENARIO_FIXTURES.glob("*.yaml"):
        shutil.copy(path, folder)
    for scenario_id in (POSSESSION, BARD):
        shutil.copy(SCENARIOS_DIR / f"{scenario_id}.yaml", folder)
    index_dir = tmp_path_factory.mktemp("index-replay")
    build_index(corpus, index_dir)
    services = Services(corpus=corpus, searcher=Searcher.open(index_dir, corpus),
                        scenarios=FixtureScenarios(folder))
    services.index_scenarios()
    return create_app({"TESTING": True}, services=services)


@pytest.fixture(params=sorted(VIEWPORTS))
def tab(request: pytest.FixtureRequest, browser) -> Iterator:
    """A fresh page at each size; page errors and console errors fail the test."""
    context = browser.new_context(viewport=VIEWPORTS[request.param])
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.size = request.param
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    page.on("console", lambda msg: page.errors.append(msg.text) if msg.type == "error" else None)
    yield page
    context.close()
    assert page.errors == []


def _shot(page, shots: Path, name: str) -> None:
    page.screenshot(path=str(shots / f"replay-{name}-{page.size}.png"), full_page=True)


def _current(page, replay: str) -> str:
    return page.locator(f"#replay-{replay}").get_attribute("data-current")


def _visible(page, replay: str) -> list[str]:
    return page.eval_on_selector_all(f"#replay-{replay} .frame",
                                     "els => els.filter(e => !e.hidden).map(e => e.dataset.step)")


def _no_sideways_overflow(page) -> None:
    width, inner = page.evaluate(
        "[document.documentElement.scrollWidth, window.innerWidth]")
    assert width <= inner, f"{page.size}: the page is {width}px wide in a {inner}px window"


# ----------------------------------------------------------------- the board replay
def test_keyboard_steps_a_possession_replay_to_the_end_and_back(
        tab, base_url: str, shots: Path) -> None:
    tab.goto(f"{base_url}/scenarios/{POSSESSION}")
    steps = [str(n) for n in range(7)]  # the starting position and six steps
    assert tab.eval_on_selector_all(f"#replay-{POSSESSION} .frame",
                                    "els => els.map(e => e.dataset.step)") == steps
    assert _visible(tab, POSSESSION) == ["0"]
    for expected in steps[1:]:  # ArrowRight, again and again: it keeps working
        tab.keyboard.press("ArrowRight")
        assert _visible(tab, POSSESSION) == [expected]
    tab.keyboard.press("ArrowRight")  # past the end stays at the end
    assert _visible(tab, POSSESSION) == ["6"]
    assert tab.locator(".step-status").inner_text() == "Step 6 of 6"
    for expected in reversed(steps[:-1]):
        tab.keyboard.press("ArrowLeft")
        assert _visible(tab, POSSESSION) == [expected]
    assert tab.locator(".step-status").inner_text() == "Starting position"
    tab.keyboard.press("End")
    assert _current(tab, POSSESSION) == "6"
    final = tab.locator(".frame:not([hidden])")
    assert "Turn 4 · Player 1" in final.locator(".turnbar").inner_text()
    _shot(tab, shots, "possession-end")
    tab.keyboard.press("Home")
    assert _current(tab, POSSESSION) == "0"
    # A click on a button leaves the keys working, and so does a click on the page.
    tab.locator(f"#replay-{POSSESSION} [data-go=next]").click()
    tab.locator("h1").click()
    tab.keyboard.press("ArrowRight")
    assert _current(tab, POSSESSION) == "2"
    tab.keyboard.press("End")
    tab.keyboard.press("ArrowLeft")
    assert _current(tab, POSSESSION) == "5"
    # The check step says what it checked and that it held.
    tab.keyboard.press("ArrowLeft")
    check = tab.locator(".frame:not([hidden]) .check")
    assert check.inner_text().startswith("Check holds")


def test_play_steps_on_a_timer_and_pause_stops_it(tab, base_url: str) -> None:
    """Play steps every 1.6 s (the page's clock, fast-forwarded), Pause holds the step,
    and playing reaches the end and stops there, the button back to Play."""
    tab.clock.install()
    tab.goto(f"{base_url}/scenarios/{POSSESSION}")
    play = tab.locator(f"#replay-{POSSESSION} [data-go=play]")
    play.click()
    assert play.get_attribute("aria-pressed") == "true"
    tab.clock.run_for(1_700)
    assert _current(tab, POSSESSION) == "1"
    tab.clock.run_for(1_600)
    assert _current(tab, POSSESSION) == "2"
    tab.keyboard.press("p")  # P pauses, as the button does
    assert play.get_attribute("aria-pressed") == "false"
    tab.clock.run_for(5_000)
    assert _current(tab, POSSESSION) == "2"
    play.click()
    tab.clock.run_for(1_600 * 6)
    assert _current(tab, POSSESSION) == "6"  # it stops at the end
    assert play.get_attribute("aria-pressed") == "false"
    assert play.inner_text().endswith("Play")


def test_the_cards_a_step_moved_are_highlighted(tab, base_url: str, shots: Path) -> None:
    tab.goto(f"{base_url}/scenarios/{POSSESSION}")
    tab.keyboard.press("ArrowRight")  # step 1: play Possession
    frame = tab.locator(".frame:not([hidden])")
    assert frame.get_attribute("data-step") == "1"
    mover = frame.locator(".player.current")
    arrived = mover.locator(".zone-in_play .tile.mark-arrived .tile-name").all_inner_texts()
    left = mover.locator(".zone-hand .tile.mark-left .tile-name").all_inner_texts()
    assert arrived == ["Possession"] and left == ["Possession"]
    # The highlight is visible, not only a class name: it is drawn differently.
    plain, marked = tab.evaluate("""() => {
        const style = el => getComputedStyle(el);
        const frame = document.querySelector('.frame:not([hidden])');
        const a = frame.querySelector('.tile.mark-arrived');
        const p = frame.querySelector('.tile:not([data-mark])');
        const look = el => style(el).outlineStyle + style(el).boxShadow;
        return [look(p), look(a)];
    }""")
    assert plain != marked
    _shot(tab, shots, "possession-step1")
    # Nothing is marked on the starting position.
    tab.keyboard.press("Home")
    assert tab.locator(".frame:not([hidden]) .tile[data-mark]").count() == 0


def test_a_base_set_replay_has_no_boons_or_hexes_rows(tab, base_url: str,
                                                      shots: Path) -> None:
    tab.goto(f"{base_url}/scenarios/{VILLAGE}")
    rows = tab.eval_on_selector_all(f"#replay-{VILLAGE} [data-row]",
                                    "els => els.map(e => e.dataset.row)")
    assert not [r for r in rows if "boon" in r or "hex" in r], rows
    assert tab.get_by_text("Boons", exact=False).count() == 0
    assert tab.get_by_text("Hexes", exact=False).count() == 0
    # A Nocturne replay does show its Boons: the rows are there when the game has them.
    tab.goto(f"{base_url}/scenarios/{BARD}")
    rows = tab.eval_on_selector_all(f"#replay-{BARD} .frame:not([hidden]) [data-row]",
                                    "els => els.map(e => e.dataset.row)")
    assert "boons_discard" in rows and not [r for r in rows if "hex" in r], rows
    _shot(tab, shots, "boons")


def test_a_ruling_page_and_the_sandbox_fit_a_phone(browser, base_url: str,
                                                   shots: Path) -> None:
    context = browser.new_context(viewport=VIEWPORTS["phone"])
    page = context.new_page()
    page.size = "phone"
    try:
        for path in ("/rulings/feast-41bc7f", f"/scenarios/{POSSESSION}", "/sandbox"):
            page.goto(base_url + path)
            if path == "/sandbox":
                page.click("button.run")
                page.wait_for_selector(".sandbox-result")
            for key in ("Home", "End"):
                page.keyboard.press(key)  # the first frame and the last, the widest boards
                _no_sideways_overflow(page)
        page.goto(base_url + "/rulings/feast-41bc7f")
        _shot(page, shots, "ruling")
    finally:
        context.close()


# ----------------------------------------------------------------- the sandbox
def _run_in_sandbox(page, text: str) -> None:
    page.fill("#scenario-text", text)
    page.click("button.run")
    page.wait_for_load_state()


def _answer(page) -> dict:
    """What the answer says: the verdict, the steps, and the final board's text."""
    page.keyboard.press("End")
    return {
        "verdict": page.locator(".sandbox-result > .verdict").inner_text(),
        "steps": page.eval_on_selector_all(".sandbox-result .frame h4",
                                           "els => els.map(e => e.textContent.trim())"),
        "final": page.locator(".sandbox-result .frame:not([hidden]) .board").inner_text(),
    }


def test_the_sandbox_edited_run_and_its_permalink_reloaded(tab, browser, base_url: str,
                                                         shots: Path) -> None:
    tab.goto(f"{base_url}/scenarios/feast--throne-room-gains-two")
    tab.locator("a.open-sandbox").click()
    tab.wait_for_url("**/sandbox?scenario=*")
    text = tab.input_value("#scenario-text")
    assert "id: feast--throne-room-gains-two" in text  # prefilled from the replay
    # Edit it: three Coppers in hand, and expect a Duchy pile of 5 (wrong: it is 6).
    edited = text.replace("hand: [Throne Room, Feast, Copper]",
                          "hand: [Throne Room, Feast, Copper, Copper, Copper]")
    edited = edited.replace("supply: {Duchy: 6}", "supply: {Duchy: 5}")
    assert edited.count("Copper") >= 3 and "Duchy: 5" in edited
    _run_in_sandbox(tab, edited)
    assert tab.locator(".engine-label").inner_text() == (
        "This is the engine's answer, not an official ruling.")
    first = _answer(tab)
    assert first["verdict"].startswith("Your expectations did not hold")
    mismatch = tab.locator(".sandbox-result .mismatches").inner_text()
    assert "supply.Duchy" in mismatch and "5" in mismatch and "6" in mismatch
    assert tab.input_value("#scenario-text") == edited  # the editor keeps the text
    _shot(tab, shots, "sandbox-answer")
    link = tab.locator("a.sandbox-permalink").get_attribute("href")
    assert link.startswith("/sandbox?s=")
    fresh = browser.new_context(viewport=VIEWPORTS[tab.size])
    try:
        again = fresh.new_page()
        again.goto(base_url + link)
        assert again.input_value("#scenario-text") == edited
        assert _answer(again) == first
    finally:
        fresh.close()


@pytest.mark.parametrize("broken, field, line", [
    ("title: x\nsetup:\n  kingdom: [Village\nsteps: []\n", "line 4, column 6", None),
    ("title: x\nsetup:\n  kingdom: [Vilage]\n  players: 2\nsteps:\n  - play: Vilage\n",
     "setup.kingdom[0]", "(line 3)"),
])
def test_the_sandbox_shows_problems_inline(tab, base_url: str, shots: Path,
                                           broken: str, field: str, line: str | None) -> None:
    tab.goto(f"{base_url}/")
    tab.click("header nav >> text=Sandbox")  # every page's header leads to it
    tab.wait_for_url("**/sandbox")
    _run_in_sandbox(tab, broken)
    problems = tab.locator("#problems")
    assert problems.is_visible()
    text = problems.inner_text()
    assert field in text and (line is None or line in text), text
    if "Vilage" in broken:
        assert "unknown card 'Vilage'" in text and "did you mean Village?" in text
    else:
        assert "invalid YAML" in text
    assert tab.locator(".sandbox-result").count() == 0
    assert tab.input_value("#scenario-text") == broken  # nothing lost; fix and run again
    _shot(tab, shots, "sandbox-" + ("unknown-card" if "Vilage" in broken else "invalid-yaml"))


def test_markup_in_a_title_or_notes_shows_as_text(tab, base_url: str,
                                                  shots: Path) -> None:
    dialogs: list[str] = []
    tab.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    title = "<script>alert('title')</script><b>bold</b>"
    notes = "<img src=x onerror=\"alert('notes')\"> and <script>window.__xss=1</script>"
    text = yaml.safe_dump({"title": title, "notes": notes, "setup": {
        "kingdom": ["Village"], "players": 2, "player1": {"hand": ["Village"]}},
        "steps": [{"play": "Village"}]}, sort_keys=False)
    tab.goto(f"{base_url}/sandbox")
    _run_in_sandbox(tab, text)
    head = tab.locator(".sandbox-result .replay-head")
    assert head.locator("h3").inner_text() == title
    assert notes in head.locator(".notes").inner_text()
    assert head.locator("b, img, script").count() == 0
    assert tab.evaluate("window.__xss") is None
    tab.wait_for_timeout(200)  # an onerror would have fired by now
    assert dialogs == []
    link = tab.locator("a.sandbox-permalink").get_attribute("href")
    tab.goto(base_url + link)  # and through the permalink too
    assert tab.locator(".sandbox-result .replay-head h3").inner_text() == title
    assert dialogs == []
    _shot(tab, shots, "sandbox-markup-as-text")
