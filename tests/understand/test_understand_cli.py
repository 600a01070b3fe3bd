"""``voice-scribe parse``: the matched call as JSON, or the rejection reason."""

from __future__ import annotations

import argparse
import json
import sys

from voice_scribe.cli import CliError
from voice_scribe.cli import parse as parse_command


def main(argv: list[str]) -> int:
    """The dispatcher's contract for one sub-command (register → func → CliError as exit 1)."""
    parser = argparse.ArgumentParser(prog="voice-scribe")
    parse_command.register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except CliError as exc:
        print(f"voice-scribe : {exc}", file=sys.stderr)
        return 1


def test_understand_cli_parse_call(capsys):
    rc = main(["parse", "--players", "Karadoc,Perceval", "--speaker", "Karadoc", "civet de cinquante sur une chouette"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert (out["kind"], out["player"], out["number"], out["combination"]) == ("civet", "Karadoc", 50, "chouette")
    assert "cost" in out


def test_understand_cli_parse_rejection(capsys):
    rc = main(["parse", "--players", "Karadoc,Perceval", "grelottine sur Gauvain"])
    out = capsys.readouterr().out
    assert rc == 3 and "gauvain" in out and "rejected" in out


def test_understand_cli_user_errors_are_french(capsys):
    assert main(["parse", "--players", "Karadoc", "--speaker", "Arthur", "suivant"]) == 1
    assert "n'est pas à la table" in capsys.readouterr().err
    assert main(["parse", "--players", "Karadoc", "--vocab-check"]) == 1
    assert "--model" in capsys.readouterr().err
