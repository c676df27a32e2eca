"""The API's name answers come from the shared matcher: one card, or why not.

A real card outside our sets is ``not_covered`` with its set, never a card of
ours spelled alike (``overlord`` was once answered Governor); ``resolve``
posts nothing as found for it; the same typo means the same card in
``cards/named``, ``resolve`` and the audit's "did you mean".
"""

from __future__ import annotations

from flask.testing import FlaskClient


def test_a_card_outside_our_sets_is_not_covered(client: FlaskClient) -> None:
    for query in ("fuzzy=overlord", "exact=Overlord", "fuzzy=OVERLORD"):
        response = client.get(f"/api/v1/cards/named?{query}")
        body = response.get_json()
        assert response.status_code == 404, query
        assert (body["code"], body["name"], body["set"]) == ("not_covered", "Overlord", "empires")
        assert body["details"] == "Overlord is a card from Empires, which our sources do not cover."


def test_second_edition_names_are_known(client: FlaskClient) -> None:
    body = client.get("/api/v1/cards/named?fuzzy=sentry").get_json()
    assert (body["code"], body["name"], body["set"]) == ("not_covered", "Sentry", "dominion-2e")
    assert body["set_name"] == "Dominion (second edition)"


def test_a_typo_means_one_card(client: FlaskClient) -> None:
    response = client.get("/api/v1/cards/named?fuzzy=thron")
    assert response.status_code == 200 and response.get_json()["name"] == "Throne Room"


def test_nothing_close_is_not_found(client: FlaskClient) -> None:
    body = client.get("/api/v1/cards/named?fuzzy=xyzzy").get_json()
    assert body["code"] == "not_found" and body["candidates"] == []


def test_resolve_posts_nothing_as_found_for_an_uncovered_card(client: FlaskClient) -> None:
    data = client.post("/api/v1/resolve",
                       json={"message": "is [[Overlord]] like [[thron]]?"}).get_json()
    overlord, throne = data["references"]
    assert overlord["found"] is False and overlord["card"] is None
    assert overlord["candidates"] == [] and overlord["url"] is None
    assert overlord["not_covered"] == {
        "name": "Overlord", "set": "empires", "set_name": "Empires",
        "note": "Overlord is a card from Empires, which our sources do not cover."}
    assert throne["found"] is True and throne["card"]["name"] == "Throne Room"
    assert "[[Overlord]]: Overlord is a card from Empires, which our sources do not cover." \
        in data["text"]
    assert "Governor" not in data["text"]


def test_the_audit_refuses_an_uncovered_card_saying_why(client: FlaskClient) -> None:
    response = client.get("/api/v1/audit?card=overlord")
    body = response.get_json()
    assert response.status_code == 400 and body["code"] == "invalid_input"
    assert "Empires, which our sources do not cover" in body["details"]


def test_the_audit_suggests_what_cards_named_answers(client: FlaskClient) -> None:
    body = client.get("/api/v1/audit?card=thron").get_json()
    assert body["candidates"] == ["Throne Room"]


def test_a_source_note_shows_on_the_card_page_and_in_the_json(
        client: FlaskClient, corpus, monkeypatch) -> None:  # noqa: ANN001
    note = {"document": "plunder-rulebook", "field": "cost", "says": "Feast — Cost 3.",
            "note": "The rulebook lists this at 3 (a test note)."}
    feast = next(c for c in corpus.cards if c["slug"] == "feast")
    monkeypatch.setitem(feast, "source_notes", [note])
    # A query string of its own: the response cache may hold the page without the note.
    page = client.get("/cards/feast?source-note-test").get_data(as_text=True)
    assert "The rulebook lists this at 3 (a test note)." in page
    assert "Our note: the cost, types and text above are the printed card" in page
    answer = client.get("/api/v1/cards/feast?source-note-test=1").get_json()
    assert answer["card"]["source_notes"] == [note]



def test_a_card_without_notes_has_an_empty_list(app, corpus) -> None:  # noqa: ANN001
    from rulings_service.web.schemas import CardSchema

    card = {k: v for k, v in corpus.cards[0].items() if k != "source_notes"}
    with app.test_request_context("/"):
        assert CardSchema().dump({**card, "implemented": True})["source_notes"] == []
