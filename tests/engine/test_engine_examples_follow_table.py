"""Games 11 and 12 (issue 10), replayed through ``python -m voice_scribe replay --json``.

The expected scores were worked out by hand from seed 000, step by step, in the comments of
``examples/game11_follow_table.calls.jsonl`` and ``examples/game12_follow_table.calls.jsonl``,
before the engine was run on them: a « Sans fin » as soon as the tie exists, a Grelottine stake in
two breaths, challenge throws chouettes then cul, two players crossing 343 in a Grelottine, each
Velutée player's own chouette, and a Pélican still tied whose 28 points go to the 18 bettor.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PLAYERS = "Karadoc,Perceval,Léodagan"


def replay(name: str) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "voice_scribe", "replay", "--calls", str(EXAMPLES / f"{name}.calls.jsonl"),
         "--players", PLAYERS, "--rules", str(EXAMPLES / f"{name}.rules.toml"), "--json"],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def faults(events: list[dict]) -> list[dict]:
    return [e for e in events if e["kind"] in ("rejected", "bevue")]


def test_game11_sans_fin_split_stake_two_part_throw_and_two_crossing() -> None:
    result = replay("game11_follow_table")
    assert result["scores"] == {"Karadoc": 345, "Perceval": 348, "Léodagan": -10}
    assert result["winner"] == "Perceval"  # the higher of the two who crossed together
    events = result["events"]
    assert faults(events) == []
    assert [e["points"] for e in events if e["kind"] == "score" and e["reason"] == "suite_last"] == [-10]
    winners = [e for e in events if e["kind"] == "winner"]
    assert len(winners) == 1 and winners[0]["player"] == "Perceval"


def test_game12_velutee_own_dice_soufflette_two_parts_and_pelican_to_the_18_bettor() -> None:
    result = replay("game12_follow_table")
    assert result["scores"] == {"Karadoc": -18, "Perceval": 170, "Léodagan": 29}
    assert result["winner"] is None
    events = result["events"]
    assert faults(events) == []
    own = [(e["player"], e["reason"], e["points"]) for e in events if e["kind"] == "score"]
    assert ("Karadoc", "velutee_pair", -18) in own
    assert ("Léodagan", "soufflette_won", 30) in own and ("Perceval", "soufflette_won", -30) in own
    assert ("Perceval", "pelican", 28) in own
