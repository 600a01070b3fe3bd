"""Onsets under louder rivals, by the leak of all the rivals at once (races, eighth round).

Small generated signals: two rivals' voices (shaped noise) reach a player's
microphone through short room filters, as loud as his own voice that starts
under them; the per-pair power model cannot tell them apart, a least-squares
fit of his microphone on both rivals' microphones can.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from voice_scribe.audio.frames import SegmenterConfig, frame_power
from voice_scribe.audio.residual import residual_onset, unexplained_db

RATE = 16000
FRAME = 80  # 5 ms
SECONDS = 1.2


def _voice(rng: np.random.Generator, start: float) -> np.ndarray:
    """Noise shaped by a few formant-like resonances, on from ``start``."""
    x = rng.standard_normal(int(SECONDS * RATE))
    h = np.zeros(64)
    h[0] = 1.0
    h[1:] = 0.6 * rng.standard_normal(63) * np.exp(-np.arange(1, 64) / 12)
    x = np.convolve(x, h)[: len(x)]
    x[: int(start * RATE)] = 0.0
    return x / np.std(x[int(start * RATE):])


def _table(own: bool) -> np.ndarray:
    """Channels 1, 2: rivals speaking from 0.1 s; channel 0: both through short room filters and, if
    ``own``, the player's voice from 0.5 s, as loud as the two copies together."""
    rng = np.random.default_rng(7)
    r1, r2, me = _voice(rng, 0.1), _voice(rng, 0.15), _voice(rng, 0.5)
    filt = [np.concatenate([np.zeros(d), 0.5 * rng.standard_normal(24) * np.exp(-np.arange(24) / 6)]) for d in (20, 35)]
    mics = 1e-4 * rng.standard_normal((len(r1), 3))
    mics[:, 1] += r1 + (0.2 * me if own else 0.0)
    mics[:, 2] += r2 + (0.2 * me if own else 0.0)
    copies = np.convolve(r1, filt[0])[: len(r1)] + np.convolve(r2, filt[1])[: len(r2)]
    mics[:, 0] += copies
    if own:
        mics[:, 0] += me * np.std(copies[int(0.5 * RATE):])
    return mics.astype(np.float32)


def _walk(mics: np.ndarray, first_s: float, cfg: SegmenterConfig) -> float:
    power = frame_power(mics, FRAME)
    noise = float(np.percentile(power[:10, 0], 50))
    first = int(first_s * RATE / FRAME)
    return residual_onset(mics, RATE, 0, first, 0, power[:, 0], noise, FRAME, cfg) * FRAME / RATE


CFG = replace(SegmenterConfig(), lsq_back_ms=250.0)


def test_the_rivals_copies_are_explained_and_the_own_voice_is_not() -> None:
    mics = _table(True)
    ends = (np.arange(0.3, 1.0, 0.05) * RATE).astype(int)
    ratio = unexplained_db(mics, RATE, 0, ends, np.ones(len(ends), bool))
    before, after = ratio[ends < 0.49 * RATE], ratio[ends > 0.55 * RATE]
    assert before.max() < 5.0
    assert after.min() > 6.0


def test_the_own_voice_under_two_rivals_opens_at_its_start() -> None:
    assert abs(_walk(_table(True), 0.62, CFG) - 0.5) <= 0.02


def test_the_copies_alone_pull_nothing_back_and_the_walk_is_off_by_default() -> None:
    assert _walk(_table(False), 0.62, CFG) >= 0.61
    assert _walk(_table(True), 0.62, SegmenterConfig()) == 0.62


def test_the_walk_goes_back_at_most_lsq_back_ms() -> None:
    assert abs(_walk(_table(True), 0.62, replace(CFG, lsq_back_ms=60.0)) - 0.56) < 1e-9


def test_a_transfer_learnt_where_a_rival_speaks_alone_explains_his_copy_not_the_own_voice() -> None:
    from voice_scribe.audio.residual import leak_residual_db, learn_transfer

    rng = np.random.default_rng(5)
    n = 2 * RATE
    rival = np.concatenate([_voice(rng, 0.3), _voice(rng, 0.0)])[:n]  # silent for 0.3 s: the floor
    me = np.concatenate([np.zeros(n - RATE // 2), 0.5 * rng.standard_normal(RATE // 2)])
    mics = 1e-4 * rng.standard_normal((n, 2))
    mics[:, 1] += rival
    mics[3:, 0] += 0.3 * rival[:-3]  # -10.5 dB: the rival leads his microphone
    transfer = learn_transfer(mics[: n - RATE // 2].astype(np.float32), RATE)
    assert abs(abs(transfer[0, 1]).mean() - 0.3) < 0.03
    mics[:, 0] += me
    ends = (np.array([0.8, 1.2, 1.7, 1.9]) * RATE).astype(int)
    ratio = leak_residual_db(mics.astype(np.float32), RATE, 0, ends, transfer)
    assert ratio[:2].max() < -15.0
    assert ratio[2:].min() > 0.0
