"""The ``voice-scribe`` command: one sub-command per module of this package.

Each module ``voice_scribe.cli.<name>`` exposes ``register(subparsers)``, which
adds its parser and sets ``func(args) -> int``. Modules import the audio stack
lazily, inside ``func``, so that the engine commands work without it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from typing import NoReturn

from voice_scribe.cli.errors import CliError  # re-exported: every command raises it

#: Sub-command modules, in the order ``--help`` lists them.
COMMANDS = ("demo", "listen", "replay", "parse", "segments", "devices", "models", "say", "historique")


_ARGPARSE_FR = (
    ("the following arguments are required", "arguments obligatoires manquants"),
    ("one of the arguments", "il faut l'un des arguments"),
    ("is required", "est obligatoire"),
    ("unrecognized arguments", "arguments inconnus"),
    ("invalid choice", "choix invalide"),
    ("choose from", "au choix"),
    ("expected one argument", "une valeur est attendue"),
    ("not allowed with argument", "incompatible avec l'argument"),
    ("invalid float value", "nombre invalide"),
    ("invalid int value", "entier invalide"),
    ("argument ", "argument "),
)


class _FrenchParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's messages, in French
        for english, french in _ARGPARSE_FR:
            message = message.replace(english, french)
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog} : erreur : {message}\n")


class _FrenchHelp(argparse.HelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None):  # noqa: ANN001, ANN201 - argparse API
        return super().add_usage(usage, actions, groups, prefix or "utilisation : ")

    def start_section(self, heading):  # noqa: ANN001, ANN201 - argparse API
        return super().start_section(f"{heading} " if heading else heading)  # « options : », French spacing


#: French names beside the English ones, for every command that has the option (both keep working).
FRENCH_OPTIONS = {
    "--players": "--joueurs", "--rules": "--regles", "--model": "--modele", "--channels": "--canaux",
    "--device": "--micro", "--speaker": "--joueur", "--grammar": "--grammaire", "--ratio": "--rapport",
    "--dir": "--dossier", "--manifest": "--manifeste", "--out": "--sortie", "--voice": "--voix",
    "--rate": "--debit", "--list-voices": "--voix-disponibles", "--quiet": "--discret",
    "--vocab-check": "--verifie-vocabulaire", "--audio": "--enregistrement", "--resume": "--reprise",
}
#: French metavars, by option destination (argparse would print the English name in capitals).
FRENCH_METAVARS = {
    "players": "NOMS", "rules": "FICHIER.toml", "model": "DOSSIER", "channels": "NOMS", "device": "MICRO",
    "speaker": "NOM", "grammar": "FICHIER", "ratio": "RAPPORT", "dir": "DOSSIER", "manifest": "FICHIER",
    "out": "FICHIER.wav", "voice": "VOIX", "rate": "MOTS/MIN", "volume": "VOLUME", "audio": "FICHIER",
    "text": "TEXTE", "name": "NOM", "file": "FICHIER",
}


def _french_option(parser: argparse.ArgumentParser, action: argparse.Action) -> None:
    for english, french in FRENCH_OPTIONS.items():
        if english in action.option_strings and french not in parser._option_string_actions:
            action.option_strings.insert(0, french)
            parser._option_string_actions[french] = action
    if action.metavar is None and action.nargs != 0 and action.choices is None:
        action.metavar = FRENCH_METAVARS.get(action.dest, "VALEUR" if action.option_strings else action.dest.upper())


def _frenchify(parser: argparse.ArgumentParser) -> None:
    """argparse's own words, in French (the user-facing text of the whole CLI is French)."""
    parser.formatter_class = _FrenchHelp
    parser._positionals.title = "arguments positionnels"
    parser._optionals.title = "options"
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            action.help = "affiche cette aide et quitte"
        elif isinstance(action, argparse._VersionAction):
            action.help = "affiche la version et quitte"
        elif isinstance(action, argparse._SubParsersAction):
            helps = {choice.dest: choice.help for choice in action._choices_actions}
            for name, child in action.choices.items():
                if not child.description and helps.get(name):
                    child.description = helps[name][:1].upper() + helps[name][1:] + "."
                _frenchify(child)
        elif not isinstance(action, argparse._SubParsersAction):
            _french_option(parser, action)


def build_parser() -> argparse.ArgumentParser:
    parser = _FrenchParser(
        prog="voice-scribe",
        description="Le scribe du Cul de chouette : il écoute, arbitre et compte les points.",
    )
    from voice_scribe import __version__

    parser.add_argument("--version", action="version", version=f"voice-scribe {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMANDE", title="commandes")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"voice_scribe.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"voice_scribe.cli.{name}":
                continue  # not built yet
            raise
        module.register(sub)
    _frenchify(parser)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run one command: 0 done, 2 bad input (a French message), 1 an internal fault (its log file named).

    No traceback ever reaches the screen: an unexpected exception, in the main thread or
    another, is written to :func:`voice_scribe.cli.checks.fault_log` and pointed to.
    """
    from voice_scribe.cli.checks import FaultCatcher

    # One BLAS thread, set before any command imports numpy: the crosstalk fit of the live
    # hearing is many small matrix products, and idle OpenBLAS threads spinning on a 2-core
    # machine made one fit cost 5.2 s of CPU instead of 0.1 s (bench/bench_verdicts.py sets
    # the same). A value the user exported is kept.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    catcher = FaultCatcher()
    _tolerant_streams()
    with catcher.threads():
        try:
            return _run(argv)
        except Exception as exc:  # noqa: BLE001 - the one place every fault is turned into a message
            return catcher.report(exc)


def _tolerant_streams() -> None:
    """A stray byte typed (stdin) or a name the terminal cannot show (stdout) is never a crash."""
    for stream, errors in ((sys.stdin, "surrogateescape"), (sys.stdout, "replace"), (sys.stderr, "replace")):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors=errors)
            except (ValueError, OSError):  # a closed or detached stream
                pass


def _run(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except CliError as exc:
        print(f"voice-scribe : {exc}", file=sys.stderr)
        return exc.code
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("\nvoice-scribe : interrompu.", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
