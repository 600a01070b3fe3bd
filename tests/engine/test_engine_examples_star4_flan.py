"""The ★★★★ Flan example game, replayed through ``python -m voice_scribe replay --json``.

The expected scores were worked out by hand, step by step, in the comments of
``examples/game6_star4_flan.calls.jsonl``: a Flan won by « À Kadoc ! », a Flan
turned into a Contre-Flan (the flanneur suffers a Double Flan: −2 × 50), a
flanned Suite (the first shouter loses 10), and a winner at 362.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PLAYERS = "Yvain,Gauvain,Bohort"


def replay() -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "voice_scribe", "replay", "--calls", str(EXAMPLES / "game6_star4_flan.calls.jsonl"),
         "--players", PLAYERS, "--rules", str(EXAMPLES / "game6_star4_flan.rules.toml"), "--json"],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_game6_replays_to_its_hand_checked_scores_and_winner() -> None:
    result = replay()
    assert result["scores"] == {"Yvain": -20, "Gauvain": 362, "Bohort": 62}
    assert result["winner"] == "Gauvain"
    assert result["eliminated"] == []
    assert not [e for e in result["events"] if e["kind"] in ("rejected", "bevue")]


def test_game6_steps_the_comments_name() -> None:
    events = replay()["events"]
    scores = [(e.get("player"), e.get("reason"), e.get("points")) for e in events if e["kind"] == "score"]
    assert ("Yvain", "velute", -100) in scores  # step 4: the Contre-Flan's Double Flan
    assert ("Gauvain", "cul_de_chouette", 90) in scores  # step 5: saved
    assert ("Bohort", "flan_suite", -10) in scores  # step 9: the flanned Suite
    flans = [e["player"] for e in events if e["kind"] == "holding" and e["reason"] == "flan" and e["gained"]]
    assert flans == ["Yvain", "Bohort", "Yvain"]
    prompts = [(e["reason"], e["players"]) for e in events if e["kind"] == "prompt"
               and e["reason"] in ("flanned", "contre_flanned")]
    assert prompts == [("flanned", ["Gauvain"]), ("contre_flanned", ["Yvain"]), ("flanned", ["Bohort"])]
    assert not [e for e in events if e["kind"] == "holding" and e["reason"] == "grelottine"]  # 6-5-2 is no Néant
