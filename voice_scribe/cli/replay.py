"""``voice-scribe replay``: score a game from a call log, a transcript or a recording."""

from __future__ import annotations

import argparse
import json
import sys

from voice_scribe.cli import CliError
from voice_scribe.cli.common import add_players_and_rules, load_rules, parse_players
from voice_scribe.cli.render import render_events, render_scoreboard


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="rejoue une partie enregistrée et en donne le score",
        description="Rejoue une partie (annonces typées, transcription ou enregistrement) et affiche le score.",
    )
    source = p.add_mutually_exclusive_group(required=True)
    source.add_argument("--calls", metavar="FICHIER.jsonl", help="journal d'annonces typées (une par ligne)")
    source.add_argument("--transcript", metavar="FICHIER.jsonl", help="transcription texte (une phrase par ligne)")
    source.add_argument("--audio", metavar="FICHIER.wav", help="enregistrement de la partie (WAV/FLAC)")
    add_players_and_rules(p)
    p.add_argument("--channels", help="joueur de chaque canal de l'enregistrement, dans l'ordre : A,B,C")
    p.add_argument("--model", help="dossier du modèle Vosk (sinon $VOICE_SCRIBE_MODEL ou models/)")
    p.add_argument("--save-transcript", metavar="FICHIER.jsonl", help="garde la transcription d'un enregistrement")
    p.add_argument("--journal", metavar="FICHIER.jsonl", help="écrit le journal de la partie")
    p.add_argument("--json", action="store_true", help="sortie JSON (scores, vainqueur, éliminés, événements)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice_scribe.journal import JournalError
    from voice_scribe.replay import LogError, load_call_log, replay, result_json

    players = parse_players(args.players)
    rules = load_rules(args.rules)
    try:
        if args.calls:
            calls = load_call_log(args.calls)
            notes: list[str] = []
        else:
            from voice_scribe.cli.hearing_bridge import calls_from_source

            calls, notes = calls_from_source(args, players, rules)
        session, events = replay(players, calls, rules, args.journal)
    except (LogError, JournalError, ValueError) as exc:
        raise CliError(str(exc)) from None
    if args.json:
        json.dump(result_json(session, events), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        for note in notes:
            print(note)
        render_events(events)
        render_scoreboard(session)
    return 0
