"""The ``voice-scribe`` command: one sub-command per module of this package.

Each module ``voice_scribe.cli.<name>`` exposes ``register(subparsers)``, which
adds its parser and sets ``func(args) -> int``. Modules import the audio stack
lazily, inside ``func``, so that the engine commands work without it.
"""

from __future__ import annotations

import argparse
import importlib
import sys

#: Sub-command modules, in the order ``--help`` lists them.
COMMANDS = ("demo", "listen", "replay", "parse", "segments", "devices", "models", "say")


class CliError(Exception):
    """A user-facing failure: its message is French and printed without a traceback."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="voice-scribe",
        description="Le scribe du Cul de chouette : il écoute, arbitre et compte les points.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMANDE")
    for name in COMMANDS:
        try:
            module = importlib.import_module(f"voice_scribe.cli.{name}")
        except ModuleNotFoundError as exc:
            if exc.name == f"voice_scribe.cli.{name}":
                continue  # not built yet
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except CliError as exc:
        print(f"voice-scribe : {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        print("\nvoice-scribe : interrompu.", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
