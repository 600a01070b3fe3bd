"""Options shared by the sub-commands."""

from __future__ import annotations

import argparse

from voice_scribe.cli import CliError


PLAYERS_HELP = "les joueurs, dans l'ordre de jeu : Karadoc,Perceval,Léodagan"
RULES_HELP = "options de règles (défaut : seed 000, niveau ★)"


def add_players_and_rules(p: argparse.ArgumentParser, players_help: str = PLAYERS_HELP,
                          rules_help: str = RULES_HELP) -> None:
    """``--joueurs``/``--players`` and ``--regles``/``--rules`` (optional: a file's header may give them)."""
    p.add_argument("--joueurs", "--players", dest="players", metavar="NOMS", help=players_help)
    p.add_argument("--regles", "--rules", dest="rules", metavar="FICHIER.toml", help=rules_help)


def add_channels_and_model(p: argparse.ArgumentParser, channels_help: str) -> None:
    """``--canaux``/``--channels`` (who speaks on which channel) and ``--modele``/``--model``."""
    p.add_argument("--canaux", "--channels", dest="channels", metavar="NOMS", help=channels_help)
    p.add_argument("--modele", "--model", dest="model", metavar="DOSSIER",
                   help="dossier du modèle Vosk (sinon $VOICE_SCRIBE_MODEL ou models/)")


def parse_players(text: str) -> list[str]:
    players = [p.strip() for p in text.split(",") if p.strip()]
    if not 2 <= len(players) <= 16:
        raise CliError(f"il faut de 2 à 16 joueurs (reçu : {len(players)})")
    if len({p.casefold() for p in players}) != len(players):
        raise CliError("deux joueurs portent le même nom")
    return players


def load_rules(path: str | None):  # noqa: ANN201 - Rules
    from voice_scribe.engine import Rules, RulesError

    if not path:
        return Rules()
    try:
        return Rules.load(path)
    except RulesError as exc:
        raise CliError(str(exc)) from None
