"""``voice-scribe parse``: what the scribe understands from one sentence, and why.

    voice-scribe parse --players Karadoc,Perceval --speaker Karadoc "grelottine sur Perceval"
    voice-scribe parse --journal partie.jsonl --speaker Perceval "je mise sur la linotte"
    voice-scribe parse --players Karadoc,Perceval --vocab-check --model models/vosk-model-small-fr-0.22
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
from pathlib import Path

from voice_scribe.cli import CliError
from voice_scribe.cli.common import load_rules


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser(
        "parse",
        help="montre l'annonce comprise dans une phrase (ou pourquoi elle est rejetée)",
        description="Montre ce que le scribe comprend d'une phrase : annonce, commande, hésitation ou rejet.",
    )
    p.add_argument("text", nargs="?", help="la phrase entendue, ex. « grelottine sur Perceval »")
    p.add_argument("--players", help="joueurs, ex. Karadoc,Perceval (alias : Karadoc=cara doc|caradoque) ; avec --journal : ceux du journal")
    p.add_argument("--speaker", help="qui parle (sinon : un nom dit en premier)")
    p.add_argument("--rules", help="fichier de règles TOML (variantes : achat_call = \"volette\", …)")
    p.add_argument(
        "--journal",
        help="lit la phrase dans l'état de la partie de ce journal (ce qui est permis maintenant) ;"
        " sans lui, hors contexte : toute annonce est envisagée",
    )
    p.add_argument("--vocab-check", action="store_true", help="vérifie que le modèle connaît tous les mots de la grammaire")
    p.add_argument("--model", help="dossier du modèle Vosk (avec --vocab-check)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice_scribe.scribe import readings_of, which_one
    from voice_scribe.understand import GrammarError, Matcher, ResultKind, Roster, RosterError, load_grammar
    from voice_scribe.voice.phrasebook import Phrasebook

    session = _session_of(args.journal) if args.journal else None
    if not args.players and session is None:
        raise CliError("donnez les joueurs (--players Karadoc,Perceval) ou un journal (--journal FICHIER)")
    try:
        roster = Roster.parse(args.players) if args.players else Roster.of(session.players)
        rules = session.rules if session is not None else load_rules(args.rules)
        grammar = load_grammar(rules)
    except (RosterError, GrammarError) as exc:
        raise CliError(str(exc)) from None
    if session is not None and set(roster.players) != set(session.players):
        raise CliError(f"--players ne correspond pas aux joueurs du journal ({', '.join(session.players)})")
    if args.vocab_check:
        return _vocab_check(args, grammar, roster)
    if not args.text:
        raise CliError("donnez la phrase à analyser, ex. voice-scribe parse --players Karadoc,Perceval \"pas mou le caillou\"")
    if args.speaker and args.speaker not in roster.players:
        raise CliError(f"--speaker {args.speaker} n'est pas à la table ({', '.join(roster.players)})")
    table = session.game if session is not None else None
    understanding = Matcher(grammar, roster).understand(args.text, speaker=args.speaker, table=table)
    out = understanding.to_json()
    if table is not None:
        out["now"] = table.now().text
    print(json.dumps(out, ensure_ascii=False, indent=2))
    phrasebook = Phrasebook(rules)
    readings = readings_of(understanding, phrasebook) if understanding.kind is ResultKind.AMBIGUOUS else []
    if len(readings) > 1:  # the question the scribe would ask
        print(f"→ {which_one(readings, phrasebook).screen}")
    elif not understanding.accepted:
        print(f"→ {understanding.reason}")
    return 0 if understanding.accepted else 3


def _session_of(path: str):
    """The game of a journal, folded from a copy (reading a sentence against it never writes to it)."""
    from voice_scribe.journal import JournalError
    from voice_scribe.session import Session

    if not Path(path).is_file():
        raise CliError(f"journal introuvable : {path}")
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "journal.jsonl"
        shutil.copyfile(path, copy)
        try:
            session, _ = Session.resume(copy)
        except (JournalError, ValueError) as exc:
            raise CliError(f"journal illisible : {path} ({exc})") from None
        session.close()
    return session


def _vocab_check(args: argparse.Namespace, grammar, roster) -> int:
    from voice_scribe.understand import check_vocabulary, model_vocabulary, vosk_phrases

    if not args.model:
        raise CliError("--vocab-check demande --model DOSSIER (un modèle Vosk)")
    if not Path(args.model).is_dir():
        raise CliError(f"modèle introuvable : {args.model}")
    try:
        import vosk
    except ImportError:
        raise CliError("le paquet vosk n'est pas installé (pip install vosk)") from None
    vosk.SetLogLevel(-1)
    try:
        model = vosk.Model(str(args.model))
    except Exception:
        raise CliError(f"impossible de charger le modèle Vosk : {args.model}") from None
    known = model_vocabulary(model)
    report = check_vocabulary(vosk_phrases(grammar, roster), known, roster)
    print(report.to_french())
    return 0 if report.ok else 4
