"""French help for every command and option; the English option names keep working."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from voice_scribe import __version__
from voice_scribe.cli import COMMANDS, build_parser


def help_of(*command: str) -> str:
    done = subprocess.run([sys.executable, "-m", "voice_scribe", *command, "--help"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_french_help_with_a_description(command: str) -> None:
    text = help_of(command)
    assert text.startswith("utilisation : ")
    assert "options :" in text and "options:" not in text and "positional arguments" not in text
    assert "show this help" not in text and "usage:" not in text
    description = text.split("\n\n")[1]
    assert description.strip() and not description.startswith(("options", "arguments"))
    english = {a.dest.upper() for a in build_parser()._subparsers._group_actions[0].choices[command]._actions}
    shown = set(re.findall(r"\b[A-Z_]{3,}\b", text.split("\n\n")[0]))
    assert not shown & (english - {"JSON", "JOURNAL", "VOLUME"}), shown & english  # metavars are French (or the same word)


def test_french_option_names_beside_the_english_ones() -> None:
    listen = help_of("listen")
    for french, english in (("--joueurs", "--players"), ("--reprise", "--resume"), ("--regles", "--rules"),
                            ("--canaux", "--channels"), ("--micro", "--device"), ("--modele", "--model")):
        assert f"{french} " in listen and f"{english} " in listen
    parser = build_parser()
    old = parser.parse_args(["replay", "--calls", "x.jsonl", "--players", "A,B", "--rules", "r.toml"])
    new = parser.parse_args(["replay", "--annonces", "x.jsonl", "--joueurs", "A,B", "--regles", "r.toml"])
    assert (old.calls, old.players, old.rules) == (new.calls, new.players, new.rules) == ("x.jsonl", "A,B", "r.toml")


def test_version() -> None:
    done = subprocess.run([sys.executable, "-m", "voice_scribe", "--version"], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == f"voice-scribe {__version__}"
