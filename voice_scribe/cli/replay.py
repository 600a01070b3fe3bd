"""``voice-scribe replay``: score a game from a call log, a transcript or a recording."""

from __future__ import annotations

import argparse
import json
import sys

from voice_scribe.cli import CliError
from voice_scribe.cli.checks import journal_written
from voice_scribe.cli.common import add_players_and_rules, load_rules, parse_players
from voice_scribe.cli.render import print_decisions, print_replies, render_scoreboard


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
    from voice_scribe.replay import LogError, load_call_log, replay, replay_utterances, result_json

    players = parse_players(args.players)
    rules = load_rules(args.rules)
    try:
        if args.calls:
            session, groups = replay(players, load_call_log(args.calls), rules, args.journal)
            events = [e for _, group in groups for e in group]
            if not args.json:
                print_decisions(groups, rules)
        else:
            utterances = _utterances(args, players, rules)
            session, events, replies = replay_utterances(players, utterances, rules, args.journal)
            if not args.json:
                print_replies(replies)
    except (LogError, JournalError, ValueError) as exc:
        raise CliError(str(exc)) from None
    if args.json:
        json.dump(result_json(session, events), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        render_scoreboard(session)
    journal_written(session)
    return 0


def _utterances(args: argparse.Namespace, players: list[str], rules):  # noqa: ANN001, ANN202
    """A transcript file, or a recording heard by the audio side."""
    if args.transcript:
        from voice_scribe.understand import load_transcript

        return load_transcript(args.transcript)
    from voice_scribe.cli.hearing import hear_recording

    utterances = hear_recording(args.audio, players, rules, args.channels, args.model)
    if args.save_transcript:
        from pathlib import Path

        Path(args.save_transcript).write_text(
            "".join(json.dumps(u.to_json(), ensure_ascii=False) + "\n" for u in utterances), encoding="utf-8"
        )
    return utterances
