"""Game 10: a Flan, a Contre-Flan and a Tichette in one ★★★★ game, replayed through the CLI.

The scores were worked out by hand in examples/game10_star4_all.calls.jsonl.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def test_game_10_flan_contre_flan_and_tichette_to_the_hand_checked_scores() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "voice_scribe", "replay", "--calls", str(EXAMPLES / "game10_star4_all.calls.jsonl"),
         "--players", "Yvain,Gauvain,Bohort", "--rules", str(EXAMPLES / "game10_star4_all.rules.toml"), "--json"],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["scores"] == {"Yvain": -152, "Gauvain": 362, "Bohort": 324}
    assert result["winner"] == "Gauvain" and result["eliminated"] == []
    events = result["events"]
    assert not [e for e in events if e["kind"] == "rejected"]
    # the ticheur's dice appear in no event before the tichage
    tichage = next(i for i, e in enumerate(events) if e.get("reason") == "tichette_won")
    assert not [e for e in events[:tichage] if e.get("dice") == [1, 3, 6]]
