"""Self-checking builds: the build records a sha256 of every file it wrote, loading verifies.

Why: a damaged ``corpus.json`` or index segment used to surface as a
traceback (or click's bare ``Aborted!``) when the server started, and a
hand-edited but still valid ``corpus.json`` was served under its old build
id, with ETags that claimed nothing had changed. With every file's hash
recorded at build time, any change after the build is noticed before the
file is parsed, and the caller (``ensure.ensure_built``) rebuilds or
names the file.

The record is ``checksums.sha256`` in the build directory, in the format of
``sha256sum`` (``<hex>  <relative path>`` per line), so an operator can also
run ``cd corpus/build/current && sha256sum -c checksums.sha256``.
Verification reads every recorded file once per process (about 0.1 s for a
full build); a directory already verified is remembered by its resolved path.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

CHECKSUMS_FILE = "checksums.sha256"
_CHUNK = 1024 * 1024

#: Build directories (resolved) this process has verified; builds never change in place.
_verified: set[Path] = set()


class ArtefactDamaged(Exception):
    """A file of a build differs from what the build wrote; the message names it."""


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        while block := handle.read(_CHUNK):
            digest.update(block)
    return digest.hexdigest()


def record_checksums(directory: Path) -> None:
    """Write the hash of every file under ``directory`` (the last thing a build writes)."""
    lines = []
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
        relative = path.relative_to(directory).as_posix()
        if relative != CHECKSUMS_FILE:
            lines.append(f"{_sha256(path)}  {relative}\n")
    (directory / CHECKSUMS_FILE).write_text("".join(lines), encoding="utf-8")


def verify(directory: Path) -> None:
    """Check every recorded file of a build; ``ArtefactDamaged`` naming the first bad one.

    A build without a record (made before builds recorded one, or with the
    record removed) cannot be trusted either, and is reported the same way.
    """
    resolved = directory.resolve()
    if resolved in _verified:
        return
    record = directory / CHECKSUMS_FILE
    try:
        text = record.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ArtefactDamaged(f"{record}: missing (the build's checksums)") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ArtefactDamaged(f"{record}: unreadable ({exc})") from exc
    for number, line in enumerate(text.splitlines(), 1):
        expected, sep, relative = line.partition("  ")
        if not sep or len(expected) != 64 or not relative or ".." in Path(relative).parts:
            raise ArtefactDamaged(f"{record}: line {number} is not '<sha256>  <file>'")
        path = directory / relative
        try:
            actual = _sha256(path)
        except FileNotFoundError:
            raise ArtefactDamaged(f"{path}: missing from the build") from None
        except OSError as exc:
            raise ArtefactDamaged(f"{path}: unreadable ({exc.strerror})") from exc
        if actual != expected:
            raise ArtefactDamaged(f"{path}: damaged (its sha256 differs from the one the "
                                  f"build recorded)")
    _verified.add(resolved)


def forget_verified() -> None:
    """Drop the per-process memory of verified builds (tests damage a build in place)."""
    _verified.clear()
