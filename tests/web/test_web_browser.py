"""A real browser (Debian's Chromium through Playwright) walks the site like a person.

search -> card -> ruling -> replay (next, next, previous) -> audit, checking
what is on screen at each stop and saving a screenshot of each; then an XSS
probe typed into the search box must show as text and run nothing. The app
is the fixture app, served on a loopback port by a thread in this process.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from werkzeug.serving import make_server

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not Path(CHROMIUM).exists(),
                       reason=f"{CHROMIUM} is absent (install Debian's chromium; .ci/run does)"),
]


@pytest.fixture(scope="module")
def base_url(app: Flask) -> Iterator[str]:
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=5)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Screenshots go to $RULINGS_SCREENSHOT_DIR when set (CI artefacts), else a temp dir."""
    target = os.environ.get("RULINGS_SCREENSHOT_DIR")
    path = Path(target) if target else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def page(browser):
    context = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


def _visible_steps(page) -> list[str]:
    return page.eval_on_selector_all(
        "#replay-village--count-your-actions .frame",
        "els => els.filter(e => !e.hidden).map(e => e.dataset.step)")


def _in_play(frame) -> list[str]:
    """The names on the tiles of the current player's in-play row of a replay frame."""
    return frame.locator(".player.current .zone-in_play .tile-name").all_inner_texts()


def test_search_card_ruling_replay_audit(page, base_url: str, shots: Path) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)

    page.goto(base_url + "/")
    page.fill("#home-q", "villages actions")
    page.click(".big-search button")
    page.wait_for_url("**/search?q=villages+actions")
    assert page.locator("h1 .query").inner_text() == "villages actions"
    hit = page.locator(".hit").first
    assert "Village" in hit.inner_text()
    assert hit.locator("mark").count() >= 1
    page.screenshot(path=str(shots / "1-search.png"), full_page=True)

    hit.locator("h2 a").click()
    page.wait_for_url("**/cards/village")
    assert page.locator("h1").inner_text() == "Village"
    assert page.locator("dd.cost").inner_text() == "$3"
    assert page.locator(".badge").first.inner_text().lower() == "demonstrated"
    page.screenshot(path=str(shots / "2-card.png"), full_page=True)

    page.locator(".ruling .permalink").first.click()
    page.wait_for_url("**/rulings/village-*")
    assert "keep a careful count of your Actions" in page.locator(".ruling-text").inner_text()
    assert page.locator(".verdict").inner_text() == "Scenario passes"
    # With JavaScript one frame shows at a time, starting from the starting position.
    assert _visible_steps(page) == ["0"]
    assert page.locator(".step-status").inner_text() == "Starting position"
    page.screenshot(path=str(shots / "3-replay-start.png"), full_page=True)

    for expected in ("1", "2", "3"):
        page.locator("#replay-village--count-your-actions [data-go=next]").click()
        assert _visible_steps(page) == [expected]
    step3 = page.locator(".frame:not([hidden])")
    assert "play Market" in step3.locator("h4").inner_text()
    assert _in_play(step3) == ["Village", "Village", "Market"]
    page.screenshot(path=str(shots / "4-replay-step3.png"), full_page=True)
    page.keyboard.press("ArrowLeft")  # the keys work after a click on a button too
    assert _visible_steps(page) == ["2"]
    assert page.locator(".step-status").inner_text() == "Step 2 of 3"

    page.click("header nav >> text=Audit")
    page.wait_for_url("**/audit")
    assert page.locator(".total-demonstrated").inner_text() == "3"
    assert "cellar--deliberately-wrong" in page.locator(".failure").inner_text()
    page.screenshot(path=str(shots / "5-audit.png"), full_page=True)
    assert errors == []


def test_xss_probe_in_the_query_shows_as_text(page, base_url: str, shots: Path) -> None:
    probe = "<script>window.__xss=1</script><img src=x onerror=\"window.__xss=2\">"
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto(base_url + "/search")
    page.fill("#q", probe)
    page.click(".big-search button")
    page.wait_for_load_state()
    assert page.evaluate("window.__xss") is None
    assert page.locator("img[src=x]").count() == 0
    assert page.locator("h1 .query").inner_text() == probe  # shown, as text
    assert page.input_value("#q") == probe
    assert dialogs == []
    page.screenshot(path=str(shots / "6-xss-probe.png"), full_page=True)


def test_replay_works_without_javascript(browser, base_url: str, app: Flask) -> None:
    client = app.test_client()
    ruling_id = next(r["id"] for r in client.get("/api/v1/bulk").get_json()["rulings"]
                     if r["card"] == "Village")
    context = browser.new_context(java_script_enabled=False)
    tab = context.new_page()
    tab.goto(f"{base_url}/rulings/{ruling_id}")
    frames = tab.locator("#replay-village--count-your-actions .frame")
    assert frames.count() == 4  # the starting position and three steps, all listed
    assert all(frames.nth(i).is_visible() for i in range(4))
    assert tab.locator("#replay-village--count-your-actions .controls").is_hidden()
    tab.locator("#village--count-your-actions-step-1 a.next").click()
    assert tab.url.endswith("#village--count-your-actions-step-2")
    context.close()


def test_ruling_replay_log_in_words(browser, base_url: str, shots: Path) -> None:
    """A Throne Room replay on a desktop window: the log says "again", not "again: True".

    Its screenshot, ``web-ruling-replay.png``, is the one in the README (docs/).
    """
    context = browser.new_context(viewport={"width": 1000, "height": 900})
    tab = context.new_page()
    try:
        tab.goto(base_url + "/rulings/feast-41bc7f")
        log = tab.locator("#replay-feast--throne-room-gains-two .log").first.inner_text()
        assert "again" in log and "True" not in log
        assert tab.locator(".verdict").inner_text() == "Scenario passes"
        tab.screenshot(path=str(shots / "web-ruling-replay.png"), full_page=True)
    finally:
        context.close()
