"""The ``voice-scribe`` command: one sub-command per module of this package.

Each module ``voice_scribe.cli.<name>`` exposes ``register(subparsers)``, which
adds its parser and sets ``func(args) -> int``. Modules import the audio stack
lazily, inside ``func``, so that the engine commands work without it.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

#: Sub-command modules, in the order ``--help`` lists them.
COMMANDS = ("demo", "listen", "replay", "parse", "segments", "devices", "models", "say")


class CliError(Exception):
    """A user-facing failure: its message is French and printed without a traceback.

    The exit code is 2 (the user must change something: a file, an option, the
    machine's set-up) unless ``code`` says otherwise.
    """

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


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


def _frenchify(parser: argparse.ArgumentParser) -> None:
    """argparse's own words, in French (the user-facing text of the whole CLI is French)."""
    parser.formatter_class = _FrenchHelp
    parser._positionals.title = "arguments"
    parser._optionals.title = "options"
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction):
            action.help = "affiche cette aide et quitte"
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                _frenchify(child)


def build_parser() -> argparse.ArgumentParser:
    parser = _FrenchParser(
        prog="voice-scribe",
        description="Le scribe du Cul de chouette : il écoute, arbitre et compte les points.",
    )
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
