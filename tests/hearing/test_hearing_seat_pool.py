"""The seats pooled over a live stream's overlapping blocks are the file path's on the whole."""

from __future__ import annotations

import numpy as np

from test_hearing_seats import ALONE, RATE, _table
from voice_scribe.audio.seats import SeatConfig, SeatPool, learn_seats

CFG = SeatConfig()
#: each player alone twice, then two of them talking over each other
SHOUTS = [*ALONE, *[(p, 4.5 + t, 0.5, g) for p, t, _, g in ALONE], (1, 9.0, 0.8, 1.0), (3, 9.2, 0.6, 0.5)]


def _pooled(mics: np.ndarray, block_s: float = 4.0, every_s: float = 1.0) -> SeatPool:
    pool = SeatPool(mics.shape[1], RATE, CFG)
    block, every = int(block_s * RATE), int(every_s * RATE)
    for end in range(every, len(mics) + every, every):  # the last 4 s at each learning, every second
        a = max(0, end - block)
        pool.learn(mics[a:end], a // CFG.hop)
    return pool


def test_pooled_seats_over_overlapping_blocks_are_those_of_the_whole() -> None:
    mics = _table(SHOUTS, 10.0, seed=4)
    pooled = _pooled(mics).seats()
    whole = learn_seats(mics, RATE)
    assert whole.known.all()
    np.testing.assert_array_equal(pooled.known, whole.known)
    np.testing.assert_array_equal(pooled.lags, whole.lags)
    # each frame taught once: the whole's frames (the floor from a histogram of 0.1 dB bins: a
    # frame at the threshold may fall on the other side)
    assert np.abs(pooled.support - whole.support).max() <= 0.02 * whole.support.max()


def test_each_frame_teaches_once_however_many_blocks_hold_it() -> None:
    mics = _table(ALONE, 5.0, seed=2)
    once = _pooled(mics, block_s=5.0, every_s=5.0).seats()  # one block: the whole
    overlapping = _pooled(mics, block_s=4.0, every_s=0.5).seats()  # each frame in up to 8 blocks
    np.testing.assert_array_equal(overlapping.support, once.support)
    np.testing.assert_allclose(overlapping.votes, once.votes, rtol=1e-5, atol=1e-3)


def test_the_floor_is_that_of_every_frame_heard_not_the_block_s() -> None:
    # a quiet start, then a block of nothing but talk: judged against its own floor (the talk's),
    # no frame of it is 20 dB up; against the floor of all heard, the loud seat's frames teach
    rng = np.random.default_rng(0)
    quiet = _table([], 3.0, seed=1)
    busy = _table([(0, 0.05, 2.0, 1.0), (1, 0.05, 2.0, 0.05)], 2.2, seed=3)
    busy += 0.02 * rng.standard_normal(busy.shape).astype(np.float32)  # babble on every microphone
    mics = np.concatenate([quiet, busy])
    pool = SeatPool(4, RATE, CFG)
    pool.learn(mics[: len(quiet)], 0)
    pool.learn(mics[len(quiet) :], len(quiet) // CFG.hop)
    alone = learn_seats(busy, RATE)
    assert alone.support[0] < pool.seats().support[0]
    assert pool.seats().known[0]


def test_a_pooled_path_at_another_lag_than_its_seat_s_time_difference_is_not_used() -> None:
    from voice_scribe.speech.stream import _agreeing

    seats = learn_seats(_table(ALONE, 5.0, seed=2), RATE)
    assert seats.known.all()
    # seat 0 reaches microphone 1 14 samples after his own (test_hearing_seats.DELAYS), 31 to mic 2
    paths = {(1, 0): (0.2, 14), (2, 0): (0.3, 84), (0, 1): (0.1, 17)}
    assert _agreeing(paths, seats) == {(1, 0): (0.2, 14), (0, 1): (0.1, 17)}
