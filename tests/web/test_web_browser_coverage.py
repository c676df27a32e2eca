"""What a person sees of the coverage, in Debian's Chromium: the home page and card pages.

The same fixtures as ``test_web_browser`` (the fixture app on a loopback port,
a phone-sized tab): the covered sets in release order with their counts, the
names we know but do not cover, and a card page saying its card is not
covered and why.
"""

from __future__ import annotations

from pathlib import Path

from test_web_browser import base_url, browser, page, pytestmark, shots  # noqa: F401


def test_home_page_shows_what_the_sources_cover(page, base_url: str, shots: Path) -> None:  # noqa: F811
    page.goto(base_url + "/?utm_source=discord")
    covered = page.locator("#covered-sets tbody tr[id] th").all_inner_texts()
    assert covered == ["Dominion", "Prosperity", "Plunder"]
    base = page.locator("#set-base td").all_inner_texts()
    assert base[0] == "2008" and base[-1] == "1"  # released, ..., card-text demonstrations
    heading = page.locator("#not-covered")
    assert heading.is_visible() and heading.inner_text() == "Names we know but do not cover"
    summary = page.locator("details#set-hinterlands summary")
    assert summary.inner_text().startswith("Hinterlands, 2011")
    summary.click()
    page.locator("details#set-hinterlands a", has_text="Margrave").click()
    page.wait_for_url("**/cards/margrave")
    note = page.locator(".coverage-note")
    assert note.is_visible()
    assert "Margrave is a card from Hinterlands, which our sources do not cover" in (
        note.inner_text())
    page.screenshot(path=str(shots / "coverage-uncovered-card.png"), full_page=True)


def test_a_covered_card_page_says_where_its_rulings_come_from(page, base_url: str) -> None:  # noqa: F811
    page.goto(base_url + "/cards/feast?fbclid=abc")
    assert page.locator("h1").inner_text() == "Feast"
    assert page.locator(".coverage-note").inner_text().startswith("Covered: rulings quoted from")
    assert page.locator(".ruling").count() >= 1
