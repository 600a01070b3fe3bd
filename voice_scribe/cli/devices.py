"""``voice-scribe devices``: the input devices (microphones) PortAudio sees."""

from __future__ import annotations

import argparse

from voice_scribe.cli import CliError


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("devices", help="lister les micros disponibles",
                              description="Les micros (périphériques d'entrée audio) que voit PortAudio.")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice_scribe.audio.errors import AudioError
    from voice_scribe.audio.sources import list_input_devices

    try:
        devices = list_input_devices()
    except AudioError as exc:
        raise CliError(f"{exc} Sans micro, jouez au clavier : voice-scribe listen --clavier.") from None
    if not devices:
        raise CliError("aucun périphérique d'entrée audio (micro) n'est disponible. "
                       "Sans micro, jouez au clavier : voice-scribe listen --joueurs A,B,C --clavier.")
    for d in devices:
        star = "*" if d.is_default else " "
        print(
            f"{star} {d.index:>3}  {d.name}  ({d.hostapi}, {d.max_input_channels} canal(aux), "
            f"{d.default_samplerate:g} Hz)"
        )
    print("* : micro par défaut. Choisissez-en un par son indice ou son nom (--micro).")
    return 0
