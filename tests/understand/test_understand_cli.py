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


def _journal(tmp_path, name, *calls):
    from voice_scribe.engine.rules import Rules
    from voice_scribe.session import Session

    path = tmp_path / name
    session = Session.new(["Karadoc", "Perceval", "Léodagan"], Rules.from_dict({"level": 1}), path)
    session.hear_all(calls)
    session.close()
    return path


def test_understand_cli_parse_against_a_journal(tmp_path, capsys):
    from voice_scribe.engine.calls import Call, CallKind as K

    path = _journal(
        tmp_path,
        "sirop.jsonl",
        Call(K.CHOUETTES, "Karadoc", 1.0, dice=(4, 4)),
        Call(K.CUL, "Karadoc", 1.5, dice=(2,)),
        Call(K.JE_SIROTE, "Karadoc", 1.8),
    )
    before = path.read_bytes()
    rc = main(["parse", "--journal", str(path), "--speaker", "Perceval", "je mise sur la linotte"])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and (out["kind"], out["number"]) == ("pari_oiseau", 1)
    assert "sirop" in out["now"].lower()
    assert path.read_bytes() == before  # reading against a journal never writes to it
    # the same words out of context are still a bet (every call considered); against a fresh game, refused
    fresh = _journal(tmp_path, "fresh.jsonl")
    rc = main(["parse", "--journal", str(fresh), "--speaker", "Perceval", "linotte"])
    out = capsys.readouterr().out
    assert rc == 3 and "personne ne sirote" in out


def test_understand_cli_journal_errors_are_french(tmp_path, capsys):
    assert main(["parse", "--journal", str(tmp_path / "absent.jsonl"), "suivant"]) == 1
    assert "journal introuvable" in capsys.readouterr().err
    assert main(["parse", "suivant"]) == 1
    assert "--journal" in capsys.readouterr().err


def test_understand_cli_parse_ask_back_is_the_scribes_question(capsys):
    """Out of context « un quatre » is a question; parse prints the one the scribe would ask, in words."""
    rc = main(["parse", "--players", "Karadoc,Perceval", "un quatre"])
    out = capsys.readouterr().out
    assert rc == 3 and '"result": "ambiguous"' in out
    assert out.rstrip().endswith("→ Vous avez dit « chouettes 1 et 4 » ou « dé 4 » ?")
    assert "{" not in out.splitlines()[-1]
