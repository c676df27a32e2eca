"""The README and the book in ``docs/`` stay true to the code.

A newcomer copies commands from the docs first. If a command names a
``rulings`` subcommand that no longer exists, or a script that was renamed,
the docs are wrong, so these tests read every code block and check each
command against the CLI and the file tree. Relative links must point at
files that exist. The README must stay a short front door.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click
import pytest

from rulings_service.cli import main as rulings_cli

ROOT = Path(__file__).resolve().parent.parent
DOC_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")),
             ROOT / "corpus" / "scenarios" / "README.md"]
FENCE = re.compile(r"^```.*?$(.*?)^```", re.S | re.M)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


INLINE_COMMAND = re.compile(r"`((?:\.venv/bin/|python3? |rulings )[^`]+)`")


def _code_lines(text: str) -> list[str]:
    """Lines of fenced blocks, of four-space indented blocks, and inline commands.

    An inline code span counts when it starts like a command (``rulings ...``,
    ``python ...``, ``.venv/bin/...``): the docs quote many commands in prose.
    """
    lines = [line for block in FENCE.findall(text) for line in block.splitlines()]
    outside = FENCE.sub("", text)
    lines += [line[4:] for line in outside.splitlines() if line.startswith("    ")]
    lines += INLINE_COMMAND.findall(outside)
    return lines


def _commands(text: str) -> list[str]:
    """Shell commands in the code blocks, joined across trailing backslashes."""
    joined: list[str] = []
    buffer = ""
    for line in _code_lines(text):
        buffer += line.rstrip("\\").strip() + " "
        if not line.rstrip().endswith("\\"):
            joined.append(buffer.strip())
            buffer = ""
    commands = []
    for line in joined:
        for part in re.split(r"&&|\|", line):
            part = part.split("  #")[0].strip()
            if part:
                commands.append(part)
    return commands


def _words(command: str) -> list[str]:
    try:
        return shlex.split(command, comments=True)
    except ValueError:
        return command.split()


def _all_commands() -> list[tuple[str, str]]:
    found = []
    for path in DOC_FILES:
        if path.exists():
            for command in _commands(path.read_text(encoding="utf-8")):
                found.append((path.relative_to(ROOT).as_posix(), command))
    return found


def _rulings_invocations() -> list[tuple[str, list[str]]]:
    calls = []
    for where, command in _all_commands():
        words = _words(command)
        for index, word in enumerate(words):
            if word == "rulings" or word.endswith("/bin/rulings"):
                calls.append((where, words[index + 1:]))
                break
    return calls


def _script_invocations() -> list[tuple[str, str]]:
    scripts = []
    for where, command in _all_commands():
        for word in _words(command):
            if re.fullmatch(r"(benchmarks|tests|\.ci)/[\w./-]+", word):
                scripts.append((where, word))
    return scripts


def test_the_docs_show_commands_at_all() -> None:
    """Guards the parsing: if it found nothing, the other tests would pass vacuously."""
    assert len(_rulings_invocations()) >= 10
    assert len(_script_invocations()) >= 5


@pytest.mark.parametrize(("where", "args"), _rulings_invocations(),
                         ids=lambda value: value if isinstance(value, str) else " ".join(value))
def test_every_rulings_command_in_the_docs_exists(where: str, args: list[str]) -> None:
    group = rulings_cli
    assert isinstance(group, click.Group)
    if not args or args[0].startswith("-"):
        return
    command = group.get_command(click.Context(group), args[0])
    assert command is not None, f"{where}: `rulings {args[0]}` is not a command"
    known = {opt for param in command.params for opt in getattr(param, "opts", [])}
    known |= {opt for param in command.params for opt in getattr(param, "secondary_opts", [])}
    for word in args[1:]:
        if word.startswith("--"):
            option = word.split("=", 1)[0]
            assert option in known, f"{where}: `rulings {args[0]}` has no option {option}"


@pytest.mark.parametrize(("where", "script"), _script_invocations(),
                         ids=lambda value: value)
def test_every_script_in_the_docs_exists(where: str, script: str) -> None:
    assert (ROOT / script).exists(), f"{where}: {script} does not exist"


def test_relative_links_point_at_files() -> None:
    broken = []
    for path in DOC_FILES:
        if not path.exists():
            continue
        for target in LINK.findall(path.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (path.parent / target).exists():
                broken.append(f"{path.relative_to(ROOT)} -> {target}")
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_the_readme_is_a_front_door() -> None:
    assert len((ROOT / "README.md").read_text(encoding="utf-8").splitlines()) <= 150
