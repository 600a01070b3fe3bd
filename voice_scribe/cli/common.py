"""Options shared by the sub-commands."""

from __future__ import annotations

import argparse

from voice_scribe.cli import CliError


def add_players_and_rules(p: argparse.ArgumentParser) -> None:
    p.add_argument("--players", required=True, help="les joueurs, dans l'ordre de jeu : Karadoc,Perceval,Léodagan")
    p.add_argument("--rules", metavar="FICHIER.toml", help="options de règles (défaut : seed 000, niveau ★)")


def parse_players(text: str) -> list[str]:
    from voice_scribe.cli.checks import check_players

    return check_players([p.strip() for p in text.split(",") if p.strip()])


def load_rules(path: str | None):  # noqa: ANN201 - Rules
    from voice_scribe.engine import Rules, RulesError

    if not path:
        return Rules()
    try:
        return Rules.load(path)
    except RulesError as exc:
        raise CliError(str(exc)) from None
