"""``voice-scribe parse``: what the scribe understands from one sentence, and why.

    voice-scribe parse --players Karadoc,Perceval --speaker Karadoc "grelottine sur Perceval"
    voice-scribe parse --players Karadoc,Perceval --vocab-check --model models/vosk-model-small-fr-0.22
"""

from __future__ import annotations

import argparse
import json
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
    p.add_argument("--players", required=True, help="joueurs, ex. Karadoc,Perceval (alias : Karadoc=cara doc|caradoque)")
    p.add_argument("--speaker", help="qui parle (sinon : un nom dit en premier)")
    p.add_argument("--rules", help="fichier de règles TOML (variantes : achat_call = \"volette\", …)")
    p.add_argument("--vocab-check", action="store_true", help="vérifie que le modèle connaît tous les mots de la grammaire")
    p.add_argument("--model", help="dossier du modèle Vosk (avec --vocab-check)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice_scribe.understand import GrammarError, Matcher, Roster, RosterError, load_grammar

    try:
        roster = Roster.parse(args.players)
        rules = load_rules(args.rules)
        grammar = load_grammar(rules)
    except (RosterError, GrammarError) as exc:
        raise CliError(str(exc)) from None
    if args.vocab_check:
        return _vocab_check(args, grammar, roster)
    if not args.text:
        raise CliError("donnez la phrase à analyser, ex. voice-scribe parse --players Karadoc,Perceval \"pas mou le caillou\"")
    if args.speaker and args.speaker not in roster.players:
        raise CliError(f"--speaker {args.speaker} n'est pas à la table ({', '.join(roster.players)})")
    understanding = Matcher(grammar, roster).understand(args.text, speaker=args.speaker)
    print(json.dumps(understanding.to_json(), ensure_ascii=False, indent=2))
    if not understanding.accepted:
        print(f"→ {understanding.reason}")
    return 0 if understanding.accepted else 3


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
