"""``deploy/nginx.conf``, the example internet-scale deployment: it parses, it agrees with
the service's limits and headers, and served through it our ETags and Cache-Control work.

The live tests run nginx (when installed: Debian's ``nginx-light``) on a loopback
port in front of a real ``rulings serve`` subprocess; the file's production
paths and upstream addresses are replaced with temporary ones.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import free_port, get, parse_response, raw_request
from serve_process import rulings_serve

from rulings_service.paths import REPO_ROOT
from rulings_service.web.config import DEFAULTS
from rulings_service.web.gunicorn_worker import HEADER_TIMEOUT, READ_TIMEOUT
from rulings_service.web.headers import SECURITY_HEADERS

DEPLOY = REPO_ROOT / "deploy"
CONF = (DEPLOY / "nginx.conf").read_text(encoding="utf-8")
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                  else None)
needs_nginx = pytest.mark.skipif(NGINX is None, reason="nginx is not installed")


def _directive(name: str) -> list[str]:
    return re.findall(rf"^\s*{name}\s+([^;]+);", CONF, flags=re.MULTILINE)


def test_the_limits_and_deadlines_are_the_services() -> None:
    assert _directive("client_max_body_size") == [f"{DEFAULTS['MAX_CONTENT_LENGTH'] // 1024}k"]
    for name in ("client_header_timeout", "client_body_timeout", "send_timeout"):
        assert float(_directive(name)[0].rstrip("s")) <= max(HEADER_TIMEOUT, READ_TIMEOUT)
    # Our Cache-Control and ETag are honoured, never overridden.
    assert not _directive("proxy_ignore_headers") and not _directive("proxy_hide_header")
    assert _directive("proxy_cache_revalidate") == ["on"]
    assert not _directive("proxy_cache_valid"), "the upstream's max-age decides, not nginx"
    assert _directive("proxy_intercept_errors") == [], "our own error answers pass through"


def test_nginxs_own_answers_carry_the_security_headers() -> None:
    text = (DEPLOY / "security_headers.conf").read_text(encoding="utf-8")
    found = dict(re.findall(r'^add_header (\S+) "(.*)" always;$', text, flags=re.MULTILINE))
    assert found == {**SECURITY_HEADERS, "Cache-Control": "no-store"}
    for body in re.findall(r"return \d+ '(.*)';", CONF):
        assert set(json.loads(body)) == {"status", "code", "details", "warnings"}


def _local_copy(tmp: Path, upstream_port: int, listen: int) -> Path:
    """The example with temporary paths, one loopback upstream and a loopback port."""
    text = CONF.replace("/var/log/nginx", str(tmp)).replace("/var/cache/nginx/rulings",
                                                            str(tmp / "cache"))
    text = re.sub(r"(upstream rulings \{\n)(\s*server [^\n]+\n)+",
                  rf"\g<1>        server 127.0.0.1:{upstream_port};\n", text)
    text = text.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    shutil.copyfile(DEPLOY / "security_headers.conf", tmp / "security_headers.conf")
    (tmp / "nginx.conf").write_text(text, encoding="utf-8")
    return tmp / "nginx.conf"


def _globals(tmp: Path) -> str:
    user = "user root; " if os.geteuid() == 0 else ""
    return f"{user}pid {tmp / 'nginx.pid'};"


@needs_nginx
def test_the_example_parses(tmp_path: Path) -> None:
    conf = _local_copy(tmp_path, 8000, 8080)
    result = subprocess.run([NGINX, "-t", "-p", str(tmp_path), "-c", str(conf), "-e",
                             str(tmp_path / "startup.log"), "-g", _globals(tmp_path)],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    assert "syntax is ok" in result.stderr


@pytest.fixture(scope="module")
def proxied(shipped_build: Path, tmp_path_factory: pytest.TempPathFactory
            ) -> Iterator[tuple[int, int]]:
    """(nginx's port, the replica's port)."""
    if NGINX is None:
        pytest.skip("nginx is not installed")
    tmp = tmp_path_factory.mktemp("nginx")
    with rulings_serve(shipped_build, env={"RULINGS_BASE_URL": "https://rulings.example.org"}
                       ) as replica:
        listen = free_port()
        conf = _local_copy(tmp, replica, listen)
        nginx = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(conf), "-e",
                                  str(tmp / "startup.log"), "-g",
                                  _globals(tmp) + " daemon off;"],
                                 start_new_session=True)
        try:
            deadline = time.monotonic() + 20
            while True:
                try:
                    get(listen, "/api/v1/ping")
                    break
                except OSError:
                    if time.monotonic() > deadline or nginx.poll() is not None:
                        raise RuntimeError("nginx did not start") from None
                    time.sleep(0.1)
            yield listen, replica
        finally:
            os.killpg(nginx.pid, signal.SIGTERM)
            nginx.wait(timeout=10)


@needs_nginx
def test_through_nginx_our_etags_and_cache_control_hold(proxied: tuple[int, int]) -> None:
    listen, replica = proxied
    path = "/api/v1/search?q=can+i+throne+room+a+feast"
    direct = get(replica, path)
    first = get(listen, path)
    second = get(listen, path)
    assert first[0] == second[0] == 200
    assert first[1]["x-proxy-cache"] == "MISS" and second[1]["x-proxy-cache"] == "HIT"
    assert first[1]["etag"] == second[1]["etag"] == direct[1]["etag"]
    assert second[1]["cache-control"] == "public, max-age=300"
    assert second[2] == direct[2]
    assert get(listen, path, f"If-None-Match: {direct[1]['etag']}\r\n")[0] == 304


@needs_nginx
def test_nginxs_refusals_keep_the_error_shape(proxied: tuple[int, int]) -> None:
    listen, _ = proxied
    head = (b"POST /api/v1/resolve HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
            b"application/json\r\nContent-Length: 100000\r\nConnection: close\r\n\r\n")
    status, headers, body = parse_response(raw_request(listen, head + b"a" * 100_000))
    assert status == 413 and headers["content-type"] == "application/json"
    assert json.loads(body)["code"] == "request_too_large"
    for name, value in SECURITY_HEADERS.items():
        assert headers[name.lower()] == value
    # The service's own refusals pass through untouched.
    status, headers, body = get(listen, "/api/v1/cards/no-such-card")
    assert status == 404 and json.loads(body)["code"] == "not_found"
