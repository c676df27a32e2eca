"""Make ``import engine`` find the library, not this test folder.

pytest puts ``tests/`` on ``sys.path`` (rootdir conftest, no ``__init__``), where
``tests/engine/`` would be picked up as a namespace package named ``engine``
before the editable install's finder is consulted. A regular package anywhere
on ``sys.path`` wins over a namespace portion, so adding the repository root is
enough.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = str(Path(__file__).resolve().parents[2])
if ROOT not in sys.path:
    sys.path.append(ROOT)
