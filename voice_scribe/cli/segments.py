"""``voice-scribe segments --audio FILE``: what the hearing layer detects.

One JSON line per utterance: onset, end, attributed player, loudness ratio to
the runner-up channel, ``ambiguous``, and the text when a model is loaded.
Works without any model (energy segmentation and attribution only).
"""

from __future__ import annotations

import argparse
import json
import sys

from voice_scribe.cli import CliError
from voice_scribe.cli.checks import ratio
from voice_scribe.validation import os_error_fr


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("segments", help="les prises de parole détectées dans un enregistrement")
    p.add_argument("--audio", required=True, help="fichier WAV/FLAC (« - » : lu sur l'entrée standard)")
    p.add_argument("--channels", help="joueurs par canal, dans l'ordre : Karadoc,Perceval,…")
    p.add_argument("--json", action="store_true", help="une ligne JSON par prise de parole")
    p.add_argument("--model", help="dossier d'un modèle Vosk (sinon : $VOICE_SCRIBE_MODEL, ou aucun)")
    p.add_argument("--grammar", help="fichier de phrases (une par ligne) pour la reconnaissance")
    p.add_argument("--ratio", type=ratio, default=1.25, help="rapport de volume sous lequel un cri est ambigu")
    p.set_defaults(func=run)


def _grammar(path: str | None) -> list[str] | None:
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8") as f:
            return [line.strip() for line in f if line.strip() and not line.startswith("#")]
    except OSError as exc:
        raise CliError(f"grammaire illisible : {path} ({os_error_fr(exc)})") from None


def run(args: argparse.Namespace) -> int:
    import io
    import os
    from dataclasses import replace

    from voice_scribe.audio.errors import AudioError
    from voice_scribe.speech.recognizer import ENV_MODEL, GrammarError, ModelError
    from voice_scribe.speech.transcribe import HearingConfig, parse_channels, transcribe_file

    cfg = HearingConfig()
    cfg = replace(cfg, segmenter=replace(cfg.segmenter, ratio_threshold=args.ratio))
    model_path = args.model or os.environ.get(ENV_MODEL) or None
    source = io.BytesIO(sys.stdin.buffer.read()) if args.audio == "-" else args.audio
    try:
        utterances = transcribe_file(source, parse_channels(args.channels), model_path, _grammar(args.grammar), cfg=cfg)
    except (AudioError, ModelError, GrammarError) as exc:
        raise CliError(str(exc)) from None
    for u in utterances:
        if args.json:
            print(json.dumps(u.to_json(), ensure_ascii=False))
        else:
            who = u.speaker or (f"canal {u.channel}" if u.channel is not None else "?")
            ratio = f"×{u.loudness_ratio:.2f}" if u.loudness_ratio is not None else ""
            flag = " AMBIGU" if u.ambiguous else ""
            end = f"{u.end:8.3f}" if u.end is not None else "       ?"
            print(f"{u.t:8.3f} → {end}  {who:<12} {ratio:>8}{flag}  {u.text}")
    return 0
