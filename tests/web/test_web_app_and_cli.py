"""The app factory's configuration sources and the ``rulings serve`` command."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from flask import Flask

from rulings_service.app import create_app
from rulings_service.cli import main as rulings_cli
from rulings_service.cli import serve_commands


def test_environment_overrides_defaults(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_MAX_REFERENCES", "2")
    monkeypatch.setenv("RULINGS_RESPONSE_CACHE_BYTES", "0")
    configured = create_app({"TESTING": True}, services=app.extensions["rulings"])
    assert configured.config["MAX_REFERENCES"] == 2
    assert "rulings_cache" not in configured.extensions
    body = {"message": "[[Feast]] [[Cellar]] [[Market]]"}
    data = configured.test_client().post("/api/v1/resolve", json=body).get_json()
    assert len(data["references"]) == 2 and "first 2 of 3" in data["warnings"][0]


def test_mapping_beats_environment(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULINGS_CACHE_MAX_AGE", "10")
    configured = create_app({"CACHE_MAX_AGE": 60}, services=app.extensions["rulings"])
    response = configured.test_client().get("/api/v1/ping")
    assert response.headers["Cache-Control"] == "public, max-age=60"


def test_instance_config_file_is_read(app: Flask, tmp_path, monkeypatch) -> None:
    (tmp_path / "config.py").write_text("CACHE_MAX_AGE = 7\n")
    monkeypatch.setattr(Flask, "auto_find_instance_path", lambda self: str(tmp_path))
    configured = create_app(services=app.extensions["rulings"])
    assert configured.config["CACHE_MAX_AGE"] == 7


def test_without_scenarios_replay_and_audit_are_absent(app: Flask) -> None:
    from dataclasses import replace

    bare = create_app({"TESTING": True},
                      services=replace(app.extensions["rulings"], scenarios=None))
    client = bare.test_client()
    assert client.get("/audit").status_code == 404
    spec = client.get("/api/openapi.json").get_json()
    assert "/api/v1/audit" not in spec["paths"]
    assert client.get("/cards/feast").status_code == 200


def test_serve_runs_gunicorn_with_the_options(app: Flask, monkeypatch) -> None:
    seen: dict = {}
    monkeypatch.setattr("rulings_service.app.create_app", lambda: app)
    # serve names its links after the address it listens on: keep that off the shared app.
    monkeypatch.setitem(app.config, "BASE_URL", app.config.get("BASE_URL"))
    monkeypatch.setattr(serve_commands, "run_gunicorn",
                        lambda served, options: seen.update(app=served, **options))
    result = CliRunner().invoke(rulings_cli, ["serve", "--port", "9123", "--workers", "3"])
    assert result.exit_code == 0, result.output
    assert seen["app"] is app
    assert seen["bind"] == "127.0.0.1:9123" and seen["workers"] == 3
    assert seen["worker_class"].endswith("SlowClientSafeWorker") and seen["preload_app"] is True
    assert seen["limit_request_line"] == 8190


def test_serve_dev_uses_the_reloader(app: Flask, monkeypatch) -> None:
    calls: list = []
    monkeypatch.setattr("rulings_service.app.create_app", lambda: app)
    # serve names its links after the address it listens on: keep that off the shared app.
    monkeypatch.setitem(app.config, "BASE_URL", app.config.get("BASE_URL"))
    monkeypatch.setattr(app, "run", lambda **kw: calls.append(kw))
    result = CliRunner().invoke(rulings_cli, ["serve", "--dev", "--port", "9124"])
    assert result.exit_code == 0, result.output
    assert calls == [{"host": "127.0.0.1", "port": 9124, "debug": True, "use_reloader": True,
                      "use_debugger": False}]


def test_serve_dev_refuses_other_machines(app: Flask, monkeypatch) -> None:
    """The development server is for this machine only; gunicorn serves the network."""
    calls: list = []
    monkeypatch.setattr("rulings_service.app.create_app", lambda: app)
    # serve names its links after the address it listens on: keep that off the shared app.
    monkeypatch.setitem(app.config, "BASE_URL", app.config.get("BASE_URL"))
    monkeypatch.setattr(app, "run", lambda **kw: calls.append(kw))
    for host in ("0.0.0.0", "192.168.1.5", "::", "example.org"):
        result = CliRunner().invoke(rulings_cli, ["serve", "--dev", "--host", host])
        assert result.exit_code == 2 and "loopback" in result.output, host
    assert calls == []
    for host in ("localhost", "::1", "127.0.0.2"):
        assert CliRunner().invoke(rulings_cli, ["serve", "--dev", "--host", host]).exit_code == 0
    assert [kw["host"] for kw in calls] == ["localhost", "::1", "127.0.0.2"]


def test_serve_rejects_bad_ports() -> None:
    result = CliRunner().invoke(rulings_cli, ["serve", "--port", "70000"])
    assert result.exit_code == 2 and "70000" in result.output


@pytest.mark.slow
def test_default_app_builds_corpus_and_index_when_missing(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("RULINGS_BUILD_DIR", str(tmp_path / "build"))
    real = create_app({"TESTING": True})
    assert (tmp_path / "build" / "current" / "corpus.json").is_file()
    client = real.test_client()
    card = client.get("/api/v1/cards/throne-room").get_json()
    assert card["card"]["name"] == "Throne Room" and card["rulings"]
    hits = client.get("/api/v1/search?q=throne+room+feast").get_json()["results"]
    assert any(h["card"] == "Feast" for h in hits)
