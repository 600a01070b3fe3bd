"""Onsets under a louder rival, by the own seat's time differences band by band (races, eighth round).

Small generated signals on three microphones: each player's sound reaches the
others' microphones later (his seat's lags) and weaker. A quiet player's low
voice starts under a loud rival's high-band noise: the broadband seat response
is the rival's, the low band still carries the quiet player's lags.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from voice_scribe.audio.frames import SegmenterConfig, frame_power
from voice_scribe.audio.seatbands import band_onset, band_scores, own_bands
from voice_scribe.audio.seats import learn_seats

RATE = 16000
FRAME = 80
#: samples by which player p's sound reaches microphone m
DELAYS = ((0, 6, 11), (7, 0, 5), (12, 4, 0))


def _filtered(rng: np.random.Generator, n: int, lo_hz: float, hi_hz: float) -> np.ndarray:
    spec = np.fft.rfft(rng.standard_normal(n))
    f = np.fft.rfftfreq(n, 1 / RATE)
    spec[(f < lo_hz) | (f > hi_hz)] = 0.0
    x = np.fft.irfft(spec, n)
    return x / np.std(x)


def _mics(sources: list[np.ndarray]) -> np.ndarray:
    n = len(sources[0])
    out = 1e-4 * np.random.default_rng(1).standard_normal((n + 16, 3))
    for p, x in enumerate(sources):
        for m in range(3):
            d = DELAYS[p][m]
            out[d : d + n, m] += x * (1.0 if m == p else 0.5)
    return out[:n].astype(np.float32)


def _seats():
    """Each player alone for a second in turn after a second of silence, voiced (under 1 kHz): the seats are learnt."""
    rng = np.random.default_rng(2)
    n = RATE
    parts = []
    for p in range(3):
        srcs = [np.zeros(n) for _ in range(3)]
        srcs[p] = 0.1 * _filtered(rng, n, 150.0, 900.0)
        parts += [_mics([np.zeros(n)] * 3), _mics(srcs)]  # a silence first: each microphone's floor
    return learn_seats(np.concatenate(parts), RATE)


def _race(own: bool) -> np.ndarray:
    """Player 1 loud over 1-4 kHz from 0.1 s; player 0, if ``own``, 10 dB quieter under 450 Hz from 0.5 s."""
    rng = np.random.default_rng(4)
    n = int(1.0 * RATE)
    rival = 0.1 * _filtered(rng, n, 1000.0, 4000.0)
    rival[: int(0.1 * RATE)] = 0.0
    me = 0.03 * _filtered(rng, n, 150.0, 450.0)
    me[: int(0.5 * RATE)] = 0.0
    return _mics([me if own else np.zeros(n), rival, np.zeros(n)])


def _walk(mics: np.ndarray, seats, cfg: SegmenterConfig, prev: int = 0) -> float:
    power = frame_power(mics, FRAME)
    noise = float(np.percentile(power[:10, 0], 50))
    first = int(0.62 * RATE / FRAME)
    return band_onset(mics, RATE, 0, first, prev, seats, power[:, 0], noise, FRAME, cfg) * FRAME / RATE


CFG = replace(SegmenterConfig(), band_back_ms=250.0)


def test_the_low_band_carries_the_quiet_players_seat_under_a_loud_rival() -> None:
    seats = _seats()
    assert seats.known.all()
    ends = np.arange(0.3 * RATE, 0.8 * RATE, FRAME).astype(int)  # a window ending every 5 ms
    held = own_bands(band_scores(_race(True), RATE, seats, ends), 0, CFG.band_z)
    assert held[ends < 0.5 * RATE].max() == 0
    assert held[ends > 0.53 * RATE].min() >= 1


def test_the_quiet_players_onset_walks_back_to_his_start() -> None:
    assert abs(_walk(_race(True), _seats(), CFG) - 0.5) <= 0.02


def test_the_rivals_copy_alone_pulls_nothing_back_and_the_walk_is_off_by_default() -> None:
    seats = _seats()
    assert _walk(_race(False), seats, CFG) >= 0.61
    assert _walk(_race(True), seats, SegmenterConfig()) == 0.62
