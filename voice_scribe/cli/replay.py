"""``voice-scribe replay``: score a game from a call log, a transcript or a recording.

``replay FICHIER`` guesses what the file is; a call log or a transcript that
starts with a header line (players, rules) needs nothing else.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from voice_scribe.cli import CliError
from voice_scribe.cli.checks import journal_written
from voice_scribe.cli.common import (
    PLAYERS_HELP,
    add_channels_and_model,
    add_players_and_rules,
    load_rules,
    parse_players,
)
from voice_scribe.cli.render import print_decisions, print_replies, render_scoreboard

AUDIO_SUFFIXES = (".wav", ".flac", ".ogg", ".mp3")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "replay",
        help="rejoue une partie enregistrée et en donne le score",
        description="Rejoue une partie (annonces typées, transcription ou enregistrement) et affiche le score. "
                    "Un fichier qui commence par un en-tête (joueurs, règles) se rejoue seul : replay FICHIER.",
    )
    p.add_argument("file", nargs="?", metavar="FICHIER",
                   help="annonces typées, transcription ou enregistrement (le type se devine)")
    source = p.add_mutually_exclusive_group()
    source.add_argument("--annonces", "--calls", dest="calls", metavar="FICHIER.jsonl",
                        help="journal d'annonces typées (une par ligne)")
    source.add_argument("--transcription", "--transcript", dest="transcript", metavar="FICHIER.jsonl",
                        help="transcription texte (une phrase par ligne)")
    source.add_argument("--enregistrement", "--audio", dest="audio", metavar="FICHIER.wav",
                        help="enregistrement de la partie (WAV/FLAC)")
    add_players_and_rules(p, f"{PLAYERS_HELP} (sinon l'en-tête du fichier)",
                          "options de règles (sinon l'en-tête du fichier, sinon seed 000, niveau ★)")
    add_channels_and_model(p, "joueur de chaque canal de l'enregistrement, dans l'ordre : A,B,C")
    p.add_argument("--garde-transcription", "--save-transcript", dest="save_transcript", metavar="FICHIER.jsonl",
                   help="garde la transcription d'un enregistrement (avec son en-tête : joueurs, règles)")
    p.add_argument("--journal", metavar="FICHIER.jsonl", help="écrit le journal de la partie")
    p.add_argument("--json", action="store_true", help="sortie JSON (scores, vainqueur, éliminés, événements)")
    from voice_scribe.web.options import add_web_option

    add_web_option(p, pace=True)  # the table's page (voice_scribe/web)
    p.set_defaults(func=run)


def _source(args: argparse.Namespace) -> tuple[str, str]:
    """(calls | transcript | audio, path), from the options or from what the file holds."""
    given = [(kind, getattr(args, kind)) for kind in ("calls", "transcript", "audio") if getattr(args, kind)]
    if given and args.file:
        raise CliError(f"deux fichiers à rejouer : {args.file} et {given[0][1]} ; donnez-en un seul")
    if given:
        return given[0]
    if not args.file:
        raise CliError("indiquez le fichier à rejouer : voice-scribe replay FICHIER (ou --annonces, "
                       "--transcription, --enregistrement)")
    if args.file.lower().endswith(AUDIO_SUFFIXES):
        return "audio", args.file
    from voice_scribe.jsonlines import JsonLinesError, read_records

    try:
        for _, data in read_records(args.file):
            if data.get("type") == "header" and "version" in data:
                raise CliError(f"{args.file} est le journal d'une partie : reprenez-la avec "
                               f"voice-scribe listen --reprise {args.file}")
            if data.get("type") == "header":
                continue
            return ("calls" if "kind" in data else "transcript"), args.file
    except JsonLinesError as exc:
        raise CliError(str(exc)) from None
    raise CliError(f"fichier vide : {args.file} (aucune ligne à rejouer)")


def _roster(args: argparse.Namespace, kind: str, path: str):  # noqa: ANN202 - (list[str], Rules)
    """Players and rules: the options, else the file's header; they must agree with the file."""
    from voice_scribe.replay import header_roster, read_header

    header = read_header(path) if kind != "audio" else None
    named, header_rules = header_roster(header, path)
    players = parse_players(args.players) if args.players else named
    if players is None:
        raise CliError(f"indiquez les joueurs (--joueurs A,B,C) : {path} n'a pas d'en-tête qui les nomme")
    if named is not None and args.players and players != named:
        raise CliError(f"--joueurs {','.join(players)} ne sont pas les joueurs de {path} ({','.join(named)})")
    if args.rules:
        return players, load_rules(args.rules)
    if header_rules is None and kind != "audio":
        print(f"voice-scribe : {path} ne dit pas ses règles : règles par défaut (seed 000, niveau ★) ; "
              "sinon --regles FICHIER.toml.", file=sys.stderr)
    return players, header_rules or load_rules(None)


def run(args: argparse.Namespace) -> int:
    from voice_scribe.journal import JournalError
    from voice_scribe.replay import (
        LogError,
        check_not_empty,
        check_roster,
        load_call_log,
        replay,
        replay_utterances,
        result_json,
    )

    try:
        kind, path = _source(args)
        players, rules = _roster(args, kind, path)
        if args.web:  # played back on the table's page, at its pace
            from voice_scribe.cli.web import replay_on_page

            return replay_on_page(args, kind, path, players, rules, lambda: _utterances(args, kind, path, players, rules))
        if kind == "calls":
            calls = load_call_log(path)
            check_not_empty(calls, path, "journal d'annonces")
            newcomers = {c.player for c in calls if c.kind.value == "chante_sloubi"}
            check_roster(players + sorted(newcomers), [c.player for c in calls], path, strict=True)
            session, groups = replay(players, calls, rules, args.journal)
            events = [e for _, group in groups for e in group]
            if not args.json:
                print_decisions(groups, rules)
        else:
            utterances = _utterances(args, kind, path, players, rules)
            check_not_empty(utterances, path, "transcription" if kind == "transcript" else "enregistrement")
            check_roster(players, [u.speaker for u in utterances], path, strict=False)
            session, events, replies = replay_utterances(players, utterances, rules, args.journal)
            if not args.json:
                print_replies(replies, rules)
    except (LogError, JournalError, ValueError) as exc:
        raise CliError(str(exc)) from None
    if args.json:
        json.dump(result_json(session, events), sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        render_scoreboard(session)
    journal_written(session)
    return 0


def _utterances(args: argparse.Namespace, kind: str, path: str, players: list[str], rules):  # noqa: ANN001, ANN202
    """A transcript file, or a recording heard by the audio side."""
    if kind == "transcript":
        from voice_scribe.understand import TranscriptError, load_transcript

        try:
            return load_transcript(path)
        except TranscriptError as exc:
            raise CliError(str(exc)) from None
    from voice_scribe.cli.hearing import hear_recording
    from voice_scribe.replay import header_record

    utterances = hear_recording(path, players, rules, args.channels, args.model)
    if args.save_transcript:
        lines = [header_record(players, rules)] + [u.to_json() for u in utterances]
        Path(args.save_transcript).write_text(
            "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8"
        )
    return utterances
