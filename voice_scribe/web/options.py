"""The ``--web`` option of ``listen``, ``replay`` and ``demo`` (light: nothing of the page is loaded)."""

from __future__ import annotations

import argparse

DEFAULT_PORT = 8080


def add_web_option(parser: argparse.ArgumentParser, pace: bool = False) -> None:
    """``--web [ADRESSE:]PORT`` (and ``--vitesse`` for a recorded game, when the command has none)."""
    parser.add_argument(
        "--web", metavar="[ADRESSE:]PORT", nargs="?", const=str(DEFAULT_PORT),
        help=f"montre la table dans un navigateur (seul --web : port {DEFAULT_PORT}, cette machine seulement ; "
             "0.0.0.0:PORT : le réseau local, pour la télé et les téléphones)",
    )
    if pace:
        parser.add_argument("--vitesse", "--speed", dest="vitesse", type=float, default=1.0, metavar="FACTEUR",
                            help="avec --web : rejoue la partie N fois plus vite (0 : d'un coup)")
