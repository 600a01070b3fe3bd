"""Seat scores near a tie, and the time-frequency weighting of the seats' votes (voice_scribe/audio/seats.py).

The tables are the small generated ones of test_hearing_seats.py: four microphones, each player
reaching every microphone with a delay fixed by where he sits, the others at half amplitude.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from voice_scribe.audio.seats import SeatConfig, SpectraCache, _weighted, learn_seats, phat, scores_from
from voice_scribe.audio.segment import SegmenterConfig, segment_audio

sys.path.insert(0, str(Path(__file__).parent))
from test_hearing_seats import ALONE, RATE, _table  # noqa: E402

#: player 0 shouts; player 2, 10 dB quieter, starts 10 ms after him
NEAR_TIE = [(0, 5.0, 0.8, 1.0), (2, 5.01, 0.5, 0.316)]


@pytest.mark.parametrize("weight_db", [0.0, 30.0])
def test_a_racer_10_db_quieter_10_ms_after_a_louder_rival_is_heard_with_his_onset(weight_db: float) -> None:
    mics = _table(ALONE + NEAR_TIE, 6.5, seed=3)
    cfg = SegmenterConfig(seats=SeatConfig(weight_db=weight_db))
    heard = [(s.channel, s.start) for s in segment_audio(mics, RATE, cfg) if 4.8 < s.start < 5.8]
    assert sorted(c for c, _ in heard) == [0, 2]
    onsets = dict(heard)
    assert abs(onsets[0] - 5.0) <= 0.02 and abs(onsets[2] - 5.01) <= 0.02


def test_weighted_votes_count_the_bins_over_the_floor_and_never_raise_the_plain_score() -> None:
    cfg = SeatConfig(weight_db=30.0, weight_gain=1.0, agree_gain=1.0)
    floor = np.array([-60.0, -60.0])
    level = np.full((2, 2, 8), -60.0)  # two frames, two seats' microphones, 8 bins at the floor ...
    level[:, :, :2] = -20.0  # ... but two bins 40 dB over it
    votes = np.zeros((2, 2, 8), np.float32)
    votes[0, 0, :2] = 1.0  # frame 0: seat 0's loud bins point at him
    votes[1, 0, 2:] = 1.0  # frame 1: only the noise between them does
    votes[:, 1, :] = 0.5  # seat 1: every bin half-coherent
    score = _weighted(votes, level, floor, cfg)
    assert score[0, 0] == pytest.approx(2 / 8)  # his loud bins: the plain mean
    assert score[1, 0] == pytest.approx(0.0)  # the noise bins weigh nothing: vetoed
    assert score[0, 1] == pytest.approx(2 * 0.5 / 8)  # only where his microphone hears something
    assert (score <= votes.mean(axis=2) + 1e-6).all()


def test_a_silent_seat_stays_near_zero_and_a_speaking_one_high_with_weighting() -> None:
    mics = _table(ALONE + [(3, 5.0, 1.0, 1.0)], 6.5)
    cfg = SeatConfig(weight_db=30.0)
    seats = learn_seats(mics, RATE, cfg)
    scores = scores_from(phat(mics, RATE, cfg), seats)
    frames = slice(int(5.1 * RATE / cfg.hop), int(5.9 * RATE / cfg.hop))
    assert np.median(scores[frames, 3]) > 0.5
    assert np.abs(scores[frames, :3]).max() < 0.1


def test_weighted_scores_through_the_cache_are_a_fresh_looks_whatever_the_window() -> None:
    # the cache keeps each frame's per-bin votes; each window weighs them with its own noise floor
    mics = _table(ALONE + NEAR_TIE, 6.5, seed=4)
    cfg = SeatConfig(weight_db=30.0)
    seats = learn_seats(mics, RATE, cfg)
    cache = SpectraCache()
    for start in (0, 8000, 24000, 40000):  # overlapping windows on the 5 ms grid
        block = mics[start : start + 4 * RATE]
        cached = scores_from(phat(block, RATE, cfg, cache=cache), seats)
        assert np.allclose(cached, scores_from(phat(block, RATE, cfg), seats), atol=1e-6)
    assert cache.hits > 0
