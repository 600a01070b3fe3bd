"""The bundled example games, as journals written by the real session (a replay of each log)."""

from __future__ import annotations

from pathlib import Path

import pytest

from voice_scribe.engine import Rules
from voice_scribe.replay import load_call_log, replay, replay_utterances
from voice_scribe.understand import load_transcript

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

#: game → (roster in turn order, rules file or None), as the engine's own example tests play them
GAMES = {
    "game1_star1": (["Karadoc", "Perceval", "Léodagan"], None),
    "game2_no_negatives": (["Arthur", "Lancelot"], "game2_no_negatives.rules.toml"),
    "game3_elimination": (["Bohort", "Gauvain", "Yvain"], None),
    "game4_star2": (["Karadoc", "Perceval", "Bohort"], "game4_star2.rules.toml"),
    "game5_star3": (["Arthur", "Lancelot", "Gauvain"], "game5_star3.rules.toml"),
    "game6_star4_flan": (["Yvain", "Gauvain", "Bohort"], "game6_star4_flan.rules.toml"),
    "game7_star4_tichette": (["Karadoc", "Perceval", "Léodagan"], "game7_star4_tichette.rules.toml"),
    "game8_doublette": (["Karadoc", "Léodagan", "Perceval", "Bohort"], "game8_doublette.rules.toml"),
    "game9_aquitaine": (["Karadoc", "Perceval", "Léodagan"], "game9_aquitaine.rules.toml"),
    "game10_star4_all": (["Yvain", "Gauvain", "Bohort"], "game10_star4_all.rules.toml"),
}


def rules_of(game: str) -> Rules:
    name = GAMES[game][1]
    return Rules.load(EXAMPLES / name) if name else Rules()


def journal_of_calls(game: str, folder: Path):  # noqa: ANN201 - (Path, Session)
    """The game's call log replayed by the engine, its journal written: (journal, the replayed session)."""
    path = folder / f"{game}.jsonl"
    session, _ = replay(GAMES[game][0], load_call_log(EXAMPLES / f"{game}.calls.jsonl"), rules_of(game), path)
    session.close()
    return path, session


def journal_of_transcript(game: str, folder: Path):  # noqa: ANN201 - (Path, Session)
    """The game's transcript heard and understood by the scribe (« annule » included), its journal written."""
    path = folder / f"{game}.heard.jsonl"
    utterances = load_transcript(EXAMPLES / f"{game}.transcript.jsonl")
    session, _, _ = replay_utterances(GAMES[game][0], utterances, rules_of(game), path)
    session.close()
    return path, session


@pytest.fixture
def journals(tmp_path: Path) -> dict[str, tuple[Path, object]]:
    return {game: journal_of_calls(game, tmp_path) for game in GAMES}
