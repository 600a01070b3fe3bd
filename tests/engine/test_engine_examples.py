"""The bundled example games, replayed through ``voice-scribe replay --json``.

The expected scores were worked out by hand, step by step, in the comments of
each ``examples/*.calls.jsonl`` file.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"

GAMES = [
    (
        "game1_star1.calls.jsonl",
        "Karadoc,Perceval,Léodagan",
        None,
        {"Karadoc": 82, "Perceval": 270, "Léodagan": 376},
        "Léodagan",
        [],
    ),
    (
        "game2_no_negatives.calls.jsonl",
        "Arthur,Lancelot",
        "game2_no_negatives.rules.toml",
        {"Arthur": 414, "Lancelot": 120, "Gauvain": 63},
        "Arthur",
        [],
    ),
    (
        "game3_elimination.calls.jsonl",
        "Bohort,Gauvain,Yvain",
        None,
        {"Bohort": -347, "Gauvain": 378, "Yvain": -71},
        "Gauvain",
        ["Bohort"],
    ),
]


def replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "voice_scribe", "replay", *args], capture_output=True, text=True, cwd=ROOT
    )


@pytest.mark.parametrize("log,players,rules,scores,winner,eliminated", GAMES, ids=[g[0] for g in GAMES])
def test_example_game_replays_to_its_hand_checked_scores(log, players, rules, scores, winner, eliminated) -> None:
    args = ["--calls", str(EXAMPLES / log), "--players", players, "--json"]
    if rules:
        args += ["--rules", str(EXAMPLES / rules)]
    done = replay(*args)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["scores"] == scores
    assert result["winner"] == winner
    assert result["eliminated"] == eliminated
    assert not [e for e in result["events"] if e["kind"] == "rejected"]


def test_text_output_is_a_french_scoreboard() -> None:
    done = replay("--calls", str(EXAMPLES / "game1_star1.calls.jsonl"), "--players", "Karadoc,Perceval,Léodagan")
    assert done.returncode == 0, done.stderr
    assert "Scores" in done.stdout and "Léodagan" in done.stdout and "376" in done.stdout


def test_the_journal_of_a_replay_resumes_to_the_same_game(tmp_path) -> None:
    from voice_scribe.session import Session

    journal = tmp_path / "partie.jsonl"
    done = replay("--calls", str(EXAMPLES / "game3_elimination.calls.jsonl"), "--players", "Bohort,Gauvain,Yvain",
                  "--journal", str(journal))
    assert done.returncode == 0, done.stderr
    session, warnings = Session.resume(journal)
    assert session.game.scores == {"Bohort": -347, "Gauvain": 378, "Yvain": -71}
    assert session.state.winner == "Gauvain"


@pytest.mark.parametrize(
    "content,message",
    [
        ('{"t": 1, "player": "Karadoc", "kind": "des", "dice": [1, 2, 3]}\n{oops\n', "ligne 2 : JSON invalide"),
        ('{"t": 1, "player": "Karadoc", "kind": "tirelipimpon"}\n', "type d'annonce inconnu"),
        ('{"t": 1, "kind": "des", "dice": [1, 2, 3]}\n', "sans joueur"),
    ],
)
def test_a_bad_call_log_is_a_french_message_not_a_traceback(tmp_path, content: str, message: str) -> None:
    log = tmp_path / "log.jsonl"
    log.write_text(content)
    done = replay("--calls", str(log), "--players", "Karadoc,Perceval")
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_missing_files_and_bad_rosters_are_clear(tmp_path) -> None:
    done = replay("--calls", str(tmp_path / "absent.jsonl"), "--players", "Karadoc,Perceval")
    assert done.returncode == 2 and "introuvable" in done.stderr
    done = replay("--calls", str(EXAMPLES / "game1_star1.calls.jsonl"), "--players", "Karadoc")
    assert done.returncode == 2 and "de 2 à 16 joueurs" in done.stderr
    done = replay("--calls", str(EXAMPLES / "game1_star1.calls.jsonl"), "--players", "A,B", "--rules",
                  str(tmp_path / "none.toml"))
    assert done.returncode == 2 and "introuvable" in done.stderr
