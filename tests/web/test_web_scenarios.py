"""Ruling pages with replays, the replay endpoint and the audit, on fixture scenarios."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from rulings_service.corpus_store import Corpus


def _ruling(corpus: Corpus, card: str) -> dict:
    return next(r for r in corpus.rulings if r["card"] == card)


def test_demonstrated_ruling_shows_badge_and_replay(client: FlaskClient,
                                                    corpus: Corpus) -> None:
    ruling = _ruling(corpus, "Village")
    html = client.get(f"/rulings/{ruling['id']}").get_data(as_text=True)
    assert 'class="badge badge-demonstrated"' in html
    assert "Two Villages then a Market leave three Actions" in html
    assert "Scenario passes" in html
    steps = re.findall(r'<li class="step" id="village--count-your-actions-step-(\d)"', html)
    assert steps == ["1", "2", "3"]
    # Previous/next links work without JavaScript (anchors), and the script is linked.
    assert 'href="#village--count-your-actions-step-2" rel="next"' in html
    assert 'href="#village--count-your-actions-step-1" rel="prev"' in html
    assert '<script src="/static/replay.js" defer></script>' in html
    # Each step shows its log and the zones: after step 3 player 1 has Village, Village, Market.
    last = html[html.index('id="village--count-your-actions-step-3"'):]
    assert "play Market" in last and "Zones after this step" in last


def test_replay_twin_and_api_carry_the_transcript(client: FlaskClient,
                                                  corpus: Corpus) -> None:
    ruling = _ruling(corpus, "Village")
    twin = client.get(f"/rulings/{ruling['id']}.json").get_json()
    replay = client.get(f"/api/v1/rulings/{ruling['id']}/replay").get_json()
    assert twin["replays"] == replay["scenarios"]
    transcript = replay["scenarios"][0]
    assert transcript["passed"] is True
    assert [s["step"] for s in transcript["steps"]] == ["play Village", "play Village",
                                                        "play Market"]
    final = transcript["steps"][-1]["zones"]
    assert final["turn"]["actions"] == 3
    assert final["players"][0]["in_play"] == ["Village", "Village", "Market"]
    assert twin["ruling"]["status"]["status"] == "demonstrated"


def test_undemonstrated_ruling_has_no_replay(client: FlaskClient, corpus: Corpus) -> None:
    ruling = _ruling(corpus, "King's Court")
    data = client.get(f"/api/v1/rulings/{ruling['id']}/replay").get_json()
    assert data == {"ruling_id": ruling["id"], "scenarios": []}
    html = client.get(f"/rulings/{ruling['id']}").get_data(as_text=True)
    assert "No scenario demonstrates this ruling yet." in html
    assert client.get("/api/v1/rulings/nope-000000/replay").status_code == 404


def test_audit_page_counts_and_shows_failures(client: FlaskClient, corpus: Corpus) -> None:
    data = client.get("/audit.json").get_json()["audit"]
    totals = data["totals"]
    assert totals["rulings"] == len(corpus.rulings)
    assert totals["demonstrated"] == 3 and totals["passing"] == 2
    assert totals["failing"] == 1  # the Cellar scenario's expectation is wrong on purpose
    failing = [f["scenario"] for f in data["failures"]]
    assert failing == ["cellar--deliberately-wrong"]
    html = client.get("/audit").get_data(as_text=True)
    assert "cellar--deliberately-wrong" in html
    assert "player1.hand: expected" in html
    assert re.search(r"<h4>actual</h4>.*Silver", html, re.S)
    assert 'href="/audit?set=base"' in html


def test_audit_filters_and_api(client: FlaskClient) -> None:
    base = client.get("/api/v1/audit?set=base").get_json()["audit"]
    assert base["scope"] == {"set": "base", "card": None}
    assert set(base["by_set"]) == {"base"}
    village = client.get("/audit.json?card=Village").get_json()["audit"]
    assert village["totals"]["rulings"] == 1 and village["totals"]["passing"] == 1


def test_replay_log_reads_as_words(client: FlaskClient, corpus: Corpus) -> None:
    """Flags in the log are words for people ("again"), never Python values ("True")."""
    ruling_id = next(r["id"] for r in corpus.rulings if r["card"] == "Feast"
                     and "feast--throne-room-gains-two" in _scenarios(client, r["id"]))
    html = client.get(f"/rulings/{ruling_id}").get_data(as_text=True)
    assert '<span class="data">again</span>' in html
    assert "True" not in html and "False" not in html


def _scenarios(client: FlaskClient, ruling_id: str) -> list[str]:
    replay = client.get(f"/api/v1/rulings/{ruling_id}/replay").get_json()
    return [s["id"] for s in replay["scenarios"]]


def test_log_fields_words() -> None:
    from rulings_service.web.filters import log_fields

    assert log_fields({"again": True, "skipped": False, "cost": 4, "kind": "choose_card",
                       "chosen_cards": ["Copper", "Estate"], "none": None}) == [
        "again", "cost: 4", "kind: choose card", "chosen cards: Copper, Estate"]
    assert log_fields(None) == []


def test_unknown_audit_scope_is_refused(client: FlaskClient) -> None:
    """An audit of nothing must not read as a pass: 400 naming the sets, suggesting cards."""
    data = client.get("/api/v1/audit?set=nope").get_json()
    assert data["status"] == 400 and data["code"] == "invalid_input"
    assert "base" in data["choices"] and "basic" in data["choices"]
    assert "'nope'" in data["details"] and "prosperity" in data["details"]
    twin = client.get("/audit.json?card=Vilage")
    assert twin.status_code == 400 and "Village" in twin.get_json()["candidates"]
    assert client.get("/audit.json?card=nope").status_code == 400
    page = client.get("/audit?set=nope")
    assert page.status_code == 400 and page.mimetype == "text/html"
    assert 'href="/audit?set=base"' in page.get_data(as_text=True)
    html = client.get("/audit?card=Vilage").get_data(as_text=True)
    assert 'href="/audit?card=Village"' in html
    # Known scopes still answer, including a set with cards but no scenarios and "basic".
    for query in ("set=basic", "set=hinterlands", "card=village", "card=Throne%20Room",
                  "card=General%20rules:%20Durations"):
        assert client.get(f"/api/v1/audit?{query}").status_code == 200, query


def test_runner_refusal_of_a_scope_is_a_400(app, client: FlaskClient, monkeypatch) -> None:
    """If the runner refuses a scope the web check let through, the answer is still 400."""

    class UnknownScope(ValueError):
        kind, choices, candidates = "card", ["Cellar"], ["Cellar"]

    def refuse(*_a, **_k):
        raise UnknownScope("no card 'Cellar' in set 'plunder'")

    monkeypatch.setattr(app.extensions["rulings"].scenarios, "run_audit", refuse)
    response = client.get("/api/v1/audit?set=plunder&card=Cellar")
    assert response.status_code == 400
    data = response.get_json()
    assert data["code"] == "invalid_input" and data["candidates"] == ["Cellar"]


def test_card_text_demonstrations_are_labelled_not_official(client: FlaskClient) -> None:
    html = client.get("/cards/village").get_data(as_text=True)
    assert "Demonstrations of the card's text by our engine (1)" in html
    assert "not official rulings" in html
    assert "village--card-text-two-actions" in html
    assert "The sources hold no FAQ" not in html  # base has rulings
    twin = client.get("/cards/village.json").get_json()
    api = client.get("/api/v1/cards/village").get_json()
    expected = [{"id": "village--card-text-two-actions",
                 "title": "Village's printed text, played out by the engine"}]
    assert twin["card_text_demonstrations"] == api["card_text_demonstrations"] == expected
    assert twin["sources_have_faq"] is True
    # The demonstration is not one of Village's rulings' scenarios.
    assert all("village--card-text-two-actions" not in r["scenarios"] for r in twin["rulings"])


def test_card_of_a_set_without_faq_says_so(client: FlaskClient) -> None:
    html = client.get("/cards/margrave").get_data(as_text=True)
    assert "The sources hold no FAQ for this card's set" in html
    assert "Demonstrations of the card" not in html  # the fixture has none for Margrave
    data = client.get("/cards/margrave.json").get_json()
    assert data["sources_have_faq"] is False and data["card_text_demonstrations"] == []
