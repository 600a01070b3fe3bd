"""kill -9 of a live game at random moments: no record lost, every resume identical (a few trials;
``bench/bench_fuzz.py --kill 100`` runs a hundred)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from killing import run_trial  # noqa: E402


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_live_game_killed_at_a_random_moment_resumes_with_nothing_lost(tmp_path, seed: int) -> None:
    trial = run_trial(tmp_path, seed)
    assert trial.logged >= trial.printed, "a verdict was printed whose record is not in the journal"
    assert trial.scores == trial.again and set(trial.scores) == {"Karadoc", "Perceval", "Léodagan"}
    assert trial.kept, "the resumed game changed a record the crash had left"
    assert trial.shown == trial.folded, "the resumed game shows other scores than its journal holds"
