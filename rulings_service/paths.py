"""Where the shipped data lives and where builds are written.

The service runs from a checkout (``pip install -e .``): shipped data sits in
``corpus/`` next to the packages. Build output (the corpus JSON and the whoosh
index) goes to ``corpus/build/`` unless ``RULINGS_BUILD_DIR`` says otherwise,
so tests and parallel builds can use their own directory.
"""

from __future__ import annotations

import os
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
CORPUS_DIR = REPO_ROOT / "corpus"
SOURCES_DIR = CORPUS_DIR / "sources"
CATALOGUE_DIR = CORPUS_DIR / "catalogue"
SCENARIOS_DIR = CORPUS_DIR / "scenarios"
TEMPLATES_DIR = REPO_ROOT / "templates"


def build_dir() -> Path:
    """The directory builds are written to (created on demand by the build)."""
    override = os.environ.get("RULINGS_BUILD_DIR")
    return Path(override) if override else CORPUS_DIR / "build"
