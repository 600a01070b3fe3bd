"""examples/game13_early_races: every race decided the moment it is certain, scored by hand from seed 000
in the log's comments before the engine ran (docs/rules.md FT12–FT17)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PLAYERS = "Karadoc,Perceval,Léodagan,Bohort"


def replay() -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "voice_scribe", "replay", "--calls", str(EXAMPLES / "game13_early_races.calls.jsonl"),
         "--players", PLAYERS, "--rules", str(EXAMPLES / "game13_early_races.rules.toml"), "--json"],
        capture_output=True, text=True, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_game13_replays_to_its_hand_checked_scores() -> None:
    result = replay()
    assert result["scores"] == {"Karadoc": 216, "Perceval": 0, "Léodagan": 15, "Bohort": 9}
    assert result["winner"] is None
    assert not [e for e in result["events"] if e["kind"] in ("rejected", "bevue")]


def test_game13_each_verdict_comes_when_it_is_certain_not_when_the_window_closes() -> None:
    events = replay()["events"]
    paid = [(e["player"], e["reason"], e["points"], e["t"]) for e in events if e["kind"] == "score"]
    assert ("Karadoc", "raitournelle", 16, 1.4) in paid  # at his own shout (the window closes at 2.5)
    assert ("Léodagan", "suite_last", -10, 4.9) in paid  # with the last Grelotte (closes at 5.5)
    assert ("Karadoc", "pelican", 28, 16.05) in paid  # at the last Zbradaraldjan (closes at 17.0)
    [grelottine] = [e for e in events if e["kind"] == "holding" and e["player"] == "Karadoc"]
    assert round(grelottine["t"], 3) == 9.95  # Karadoc's « Fort heureusement » tie window past (closes at 11.0)
    too_late = [(e["player"], e["rule"]) for e in events if e["kind"] == "prompt" and e["reason"] == "too_late_shout"]
    assert too_late == [("Léodagan", "artichette"), ("Bohort", "neant_souffle")]
