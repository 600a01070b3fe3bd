"""``voice-scribe say "texte"``: speak (or write to a WAV) one sentence with the scribe's voice.

The way to check a voice setup: same engine, voice, rate and volume as the
scribe in a game.
"""

from __future__ import annotations

import argparse

from voice_scribe.cli import CliError


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "say",
        help="prononcer une phrase avec la voix du scribe (vérifier la synthèse vocale)",
        description="Prononce une phrase avec la voix du scribe, ou l'écrit dans un fichier WAV.",
    )
    parser.add_argument("text", nargs="?", help="la phrase à prononcer")
    parser.add_argument("--out", metavar="FICHIER.wav", help="écrire la parole dans ce fichier au lieu de la jouer")
    parser.add_argument("--voice", default=None, help="voix espeak-ng (défaut : roa/fr ; aussi roa/fr-be, fr+m3…)")
    parser.add_argument("--rate", type=int, default=None, help="débit en mots par minute (80 à 450, défaut : 170)")
    parser.add_argument("--volume", type=float, default=None, help="volume de 0 à 1 (défaut : 1)")
    parser.add_argument("--list-voices", action="store_true", help="lister les voix françaises et quitter")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice_scribe.voice.speaker import (
        DEFAULT_RATE,
        DEFAULT_VOICE,
        SpeechError,
        Speaker,
        Status,
        VoiceConfig,
        french_voices,
        playback_problem,
    )

    try:
        if args.list_voices:
            for voice in french_voices():
                print(voice)
            return 0
        if not args.text or not args.text.strip():
            raise CliError("rien à dire : donnez une phrase, par exemple voice-scribe say \"Bévue pour Karadoc !\"")
        config = VoiceConfig(
            voice=args.voice or DEFAULT_VOICE,
            rate=args.rate if args.rate is not None else DEFAULT_RATE,
            volume=args.volume if args.volume is not None else 1.0,
        ).check()
        if args.out is None:
            problem = playback_problem()
            if problem:
                raise CliError(
                    f"{problem}.\nRien ne peut être joué sur cette machine : "
                    f"ajoutez --out FICHIER.wav pour écrire la phrase dans un fichier."
                )
        out_dir = None
        if args.out is not None:
            from pathlib import Path

            out_dir = Path(args.out).resolve().parent
        with Speaker(config, out_dir=out_dir, check_playback=False, stale_after_s=None) as speaker:
            ticket = speaker.say(args.text, out=args.out)
            span = ticket.wait()
    except SpeechError as exc:
        raise CliError(str(exc)) from None
    if ticket.status is not Status.SPOKEN or span is None:
        raise CliError(ticket.error or "la phrase n'a pas été prononcée")
    if args.out is not None:
        print(f"Écrit : {args.out} ({span.audio_s:.1f} s, 22 050 Hz, voix {config.voice})")
    return 0
