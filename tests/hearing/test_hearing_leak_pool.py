"""The crosstalk's gains pooled over a live stream's overlapping blocks are the file path's on the whole."""

from __future__ import annotations

import numpy as np
import pytest

from voice_scribe.audio.frames import frame_power, noise_floor
from voice_scribe.audio.leak import estimate_leak, estimate_leak_paths
from voice_scribe.audio.leak_pool import LeakPool


def _table(frames: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Frame powers of 3 channels taking turns (each alone for a while, leaking at its own gains
    with a scatter), and the spread power the leak is judged against."""
    rng = np.random.default_rng(seed)
    power = np.full((frames, 3), 1e-8)
    true = np.array([[0.0, 0.2, 0.05], [0.1, 0.0, 0.3], [0.02, 0.15, 0.0]])
    for start in range(0, frames, 50):
        d = rng.integers(3)
        level = 10 ** rng.uniform(-3, -1, 30)
        power[start : start + 30, d] = level
        for c in range(3):
            if c != d:
                power[start : start + 30, c] += level * true[c, d] * 10 ** rng.normal(0, 0.3, 30)
    return power, power.copy()


def test_pooled_gains_over_overlapping_blocks_are_those_of_the_whole() -> None:
    power, spread = _table(2000, seed=3)
    noise = np.full(3, 1e-8)
    pool = LeakPool(channels=3)
    for start in range(0, len(power), 200):  # blocks of 800 frames every 200: each frame seen 4 times
        pool.add_clean(power[start : start + 800], spread[start : start + 800], first=start, noise=noise)
    gains, support = pool.gains(50.0)
    whole, n = estimate_leak(power, spread, noise, 50.0)
    np.testing.assert_allclose(gains, whole)
    np.testing.assert_array_equal(support, n)


def test_a_source_alone_too_briefly_stays_unknown() -> None:
    power = np.full((40, 2), 1e-8)
    power[:10, 0] = 1e-2  # 10 frames alone: fewer than the 20 the file path asks for
    pool = LeakPool(channels=2)
    pool.add_clean(power, power, first=0, noise=np.full(2, 1e-8))
    gains, support = pool.gains(50.0)
    assert np.isnan(gains[1, 0]) and support[1, 0] == 0


def test_only_the_newest_frames_are_kept() -> None:
    power = np.full((100, 2), 1e-8)
    power[:, 0] = 1e-2
    power[:50, 1] = 1e-2 * 0.1  # the leak was 10 dB down, then 20 dB
    power[50:, 1] = 1e-2 * 0.01
    pool = LeakPool(channels=2, keep_frames=40)
    for start in range(0, 100, 10):
        pool.add_clean(power[start : start + 10], power[start : start + 10], first=start, noise=np.full(2, 1e-8))
    gains, support = pool.gains(50.0)
    assert np.isclose(gains[1, 0], 0.01) and support[1, 0] == 40


def _audio(seconds: float, seed: int) -> np.ndarray:
    """Two microphones: a speaker at mic 0 in bursts, heard at mic 1 5 samples later at 0.3, and
    room noise on both."""
    rng = np.random.default_rng(seed)
    n = int(seconds * 16000)
    voice = rng.normal(0, 0.1, n) * (np.sin(np.arange(n) / 16000 * 2 * np.pi * 0.7) > 0.3)
    audio = rng.normal(0, 1e-4, (n, 2))
    audio[:, 0] += voice
    audio[5:, 1] += 0.3 * voice[:-5]
    return audio.astype(np.float32)


def test_the_noise_floor_is_that_of_every_frame_pooled_not_the_block_s() -> None:
    audio = _audio(10.0, seed=5)
    audio[:4000] = 0.0  # digital silence before the stream starts: left out
    power = frame_power(audio, 80)
    pool = LeakPool(channels=2)
    for start in range(0, len(power), 100):
        pool.add_raw(audio[start * 80 : (start + 400) * 80], power[start : start + 400], start, 80, 160)
    np.testing.assert_allclose(10 * np.log10(pool.noise()), 10 * np.log10(noise_floor(power[:-2])), atol=0.1)


def test_the_paths_pooled_over_overlapping_blocks_are_those_of_the_whole() -> None:
    audio = _audio(6.0, seed=2)
    power = frame_power(audio, 80)
    pool = LeakPool(channels=2)
    for start in range(0, len(power), 200):  # 4 s blocks every second, as the live stream learns
        pool.add_raw(audio[start * 80 : (start + 800) * 80], power[start : start + 800], start, 80, 160)
    whole = estimate_leak_paths(audio, power, noise_floor(power), 80, 160, max_samples=10**9)
    assert pool.paths().keys() == whole.keys() == {(1, 0)}
    gain, lag = pool.paths()[(1, 0)]
    assert lag == whole[(1, 0)][1] == 5
    assert gain == pytest.approx(whole[(1, 0)][0], rel=0.02) and gain == pytest.approx(0.3, rel=0.02)


def test_a_speaker_alone_in_a_busy_block_counts_against_the_quiet_floor_heard_before() -> None:
    quiet = np.full((400, 2), 1e-7)
    busy = np.full((100, 2), 1e-4)  # a block all talk: its own floor is the talk's
    busy[:30, 0], busy[:30, 1] = 1e-3, 1e-5  # channel 0 alone, 30 dB over the room's floor
    pool = LeakPool(channels=2)
    pool.add_raw(np.zeros((400 * 80, 2)), quiet, 0, 80, 0)
    pool.add_clean(busy, busy, first=400)
    gains, _ = pool.gains(50.0)
    assert np.isclose(gains[1, 0], 0.01)
    block = LeakPool(channels=2)
    block.add_clean(busy, busy, first=0, noise=noise_floor(busy))  # the block's floor: nobody is 30 dB over it
    assert np.isnan(block.gains(50.0)[0][1, 0])
