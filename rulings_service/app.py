"""The Flask application factory.

``create_app()`` with no arguments is what ``rulings serve`` and gunicorn use:
it loads the built corpus (building it when missing), opens the search index
and finds the scenario runner. Tests pass ``services`` to serve a small
fixture corpus without touching the build directory.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask
from flask_compress import Compress

from rulings_service.paths import REPO_ROOT, TEMPLATES_DIR
from rulings_service.web.api import make_api_blueprint
from rulings_service.web.body_buffer import BodyBuffer
from rulings_service.web.cache import register_cache
from rulings_service.web.config import DEFAULTS
from rulings_service.web.errors import register_error_handlers
from rulings_service.web.filters import register_filters
from rulings_service.web.headers import register_headers
from rulings_service.web.json_provider import OrjsonProvider
from rulings_service.web.pages import make_pages_blueprint
from rulings_service.web.schemas import MAX_QUERY
from rulings_service.web.services import Services, load_default_services

STATIC_DIR = REPO_ROOT / "rulings_service" / "web" / "static"


def create_app(
    config: Mapping[str, Any] | None = None, *, services: Services | None = None
) -> Flask:
    """Build the app: configuration, back ends, blueprints, errors and headers."""
    app = Flask(
        "rulings_service",
        template_folder=str(TEMPLATES_DIR),
        static_folder=str(STATIC_DIR),
        instance_relative_config=True,
    )
    app.config.from_mapping(DEFAULTS)
    app.config.from_pyfile("config.py", silent=True)
    # RULINGS_CACHE_MAX_AGE=60 sets CACHE_MAX_AGE; values are JSON when they parse.
    app.config.from_prefixed_env("RULINGS")
    if config:
        app.config.update(config)
    app.json = OrjsonProvider(app)
    app.json.sort_keys = False
    app.jinja_env.autoescape = True

    app.extensions["rulings"] = services or load_default_services()
    with_scenarios = app.extensions["rulings"].scenarios is not None

    app.register_blueprint(make_pages_blueprint(with_scenarios))
    app.register_blueprint(make_api_blueprint(with_scenarios))
    register_error_handlers(app)
    # Compression runs last (Flask runs after-request functions in reverse), after the
    # cache stored the plain body and the finisher set the ETag, which it suffixes.
    Compress(app)
    register_cache(app)
    register_headers(app)
    register_filters(app)
    # Bodies are read whole before Flask sees them: transport failures answer
    # 400/408/413 in the error shape instead of surfacing inside a view.
    app.wsgi_app = BodyBuffer(app.wsgi_app, int(app.config["MAX_CONTENT_LENGTH"]))  # type: ignore[method-assign]

    @app.context_processor
    def _globals() -> dict[str, Any]:
        return {"with_scenarios": with_scenarios, "max_query": MAX_QUERY}

    return app
