"""The ★★ and ★★★ example games, replayed through ``python -m voice_scribe replay --json``.

The expected scores were worked out by hand, step by step, in the comments of
``examples/game4_star2.calls.jsonl`` and ``examples/game5_star3.calls.jsonl``.
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
        "game4_star2.calls.jsonl",
        "Karadoc,Perceval,Bohort",
        "game4_star2.rules.toml",
        {"Karadoc": 269, "Perceval": 218, "Bohort": 197},
        "Karadoc",
        [],
    ),
    (
        "game5_star3.calls.jsonl",
        "Arthur,Lancelot,Gauvain",
        "game5_star3.rules.toml",
        {"Arthur": 128, "Lancelot": 298, "Gauvain": 349},
        "Gauvain",
        [],
    ),
]


def replay(log: str, players: str, rules: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "voice_scribe", "replay", "--calls", str(EXAMPLES / log), "--players", players,
         "--rules", str(EXAMPLES / rules), "--json"],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("log,players,rules,scores,winner,eliminated", GAMES, ids=[g[0] for g in GAMES])
def test_example_game_replays_to_its_hand_checked_scores(log, players, rules, scores, winner, eliminated) -> None:
    result = replay(log, players, rules)
    assert result["scores"] == scores
    assert result["winner"] == winner
    assert result["eliminated"] == eliminated
    events = result["events"]
    end = next((i for i, e in enumerate(events) if e["kind"] == "winner"), len(events))
    assert not [e for e in events[:end] if e["kind"] == "rejected"]
    # a race decided as soon as it is certain may end the game before the log's closing « Suivant ! »
    assert {e["reason"] for e in events[end:] if e["kind"] == "rejected"} <= {"game_over"}


def test_game4_steps_the_comments_name() -> None:
    events = replay(*GAMES[0][:3])["events"]
    reasons = [(e.get("player"), e.get("reason"), e.get("points")) for e in events if e["kind"] == "score"]
    assert ("Karadoc", "artichette", -16) in reasons
    assert ("Perceval", "patte_de_canard", 18) in reasons
    assert ("Bohort", "cul_de_chouette_double", 160) in reasons
    assert ("Bohort", "achat", -30) in reasons
    assert ("Perceval", "contre_sirop", 20) in reasons
    assert ("Perceval", "soufflette_won", 40) in reasons
    assert ("Bohort", "poulette", 10) in reasons
    assert [(e["player"], e["reason"]) for e in events if e["kind"] == "bevue"] == [
        ("Karadoc", "achat_not_allowed"),
        ("Perceval", "declared"),
    ]
    assert [e["reason"] for e in events if e["kind"] == "winner"] == ["cul_de_chouette"]


def test_game5_steps_the_comments_name() -> None:
    events = replay(*GAMES[1][:3])["events"]
    reasons = [(e.get("player"), e.get("reason"), e.get("points")) for e in events if e["kind"] == "score"]
    assert ("Lancelot", "verdier_won", 25) in reasons and ("Gauvain", "verdier_won", 25) in reasons
    assert ("Arthur", "bleu_rouge_won", 56) in reasons
    assert ("Lancelot", "chouette_velute", 144) in reasons
    assert ("Gauvain", "petit_intervalle", 120) in reasons and ("Lancelot", "intervalle_paien_won", 120) in reasons
    assert ("Gauvain", "bleu_rouge_won", 72) in reasons and ("Gauvain", "pelican", 28) in reasons
    jarrets = [e["player"] for e in events if e["kind"] == "holding" and e["reason"] == "jarret" and e["gained"]]
    assert sorted(jarrets) == ["Arthur", "Gauvain"]
    assert [(e["player"], e["reason"]) for e in events if e["kind"] == "bevue"] == [("Gauvain", "repeated_relance")]
