"""Options shared by the sub-commands."""

from __future__ import annotations

import argparse

from voice_scribe.cli import CliError


def add_players_and_rules(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", required=True, help="les joueurs, dans l'ordre de jeu : Karadoc,Perceval,Léodagan")
    p.add_argument("--rules", metavar="FICHIER.toml", help="options de règles (défaut : seed 000, niveau ★)")


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
