"""Onsets under a louder rival, by the own channel's prediction error from the rival's (ninth round).

Two microphones: a rival's noisy voice on his own microphone reaches the other one
through a short room (a delay, a gain, two reflections), where it is louder than the
quiet player's hum starting under it. A filter fitted on the rival's stretch before
predicts that leak; the hum is what it leaves unexplained.
"""

from __future__ import annotations

import numpy as np

from voice_scribe.audio.frames import SegmenterConfig, frame_power, noise_floor
from voice_scribe.audio.prediction import error_ratio_db, prediction_error, prediction_onset

RATE = 16000
FRAME = 80
ON = 0.5  # the hum's start (s)
PLACED = 0.62  # where the seat put its onset (s)


def _room(x: np.ndarray) -> np.ndarray:
    """The rival's sound as the other microphone hears it: 2.5 ms later, and two reflections."""
    y = np.zeros_like(x)
    for delay, gain in ((40, 0.6), (95, 0.3), (170, -0.2)):
        y[delay:] += gain * x[: len(x) - delay]
    return y


def _table(hum_db: float | None, seed: int = 3) -> np.ndarray:
    rng = np.random.default_rng(seed)
    n = 2 * RATE  # the table's second second is silent: the noise floor
    t = np.arange(n) / RATE
    rival = rng.standard_normal(n) * (0.6 + 0.4 * np.sin(2 * np.pi * 4 * t) ** 2)  # a rival's voiced noise
    rival[(t < 0.1) | (t >= 1.0)] = 0.0
    own = _room(rival)
    if hum_db is not None:
        hum = sum(np.sin(2 * np.pi * 120 * k * t) / k for k in range(1, 8))
        hum[(t < ON) | (t >= 1.0)] = 0.0
        on = (t >= ON) & (t < 1.0)
        own += hum * np.std(own[on]) / np.std(hum[on]) * 10 ** (hum_db / 20)
    out = np.stack([own, rival + 0.1 * _room(own)], axis=1)
    return (0.05 * out + 1e-5 * rng.standard_normal(out.shape)).astype(np.float32)


def _walk(audio: np.ndarray, cfg: SegmenterConfig, prev: int = 0) -> float:
    power = frame_power(audio, FRAME)
    noise = noise_floor(power)
    leak_in = np.zeros_like(power)
    leak_in[:, 1] = power[:, 1] * 0.4
    first = int(PLACED * RATE / FRAME)
    return prediction_onset(audio, 0, first, prev, leak_in, power[:, 0], float(noise[0]), FRAME, cfg) * FRAME / RATE


def test_the_fit_explains_the_rivals_leak() -> None:
    audio = _table(None)
    a, b = int(0.2 * RATE), int(0.6 * RATE)
    err, pred = prediction_error(audio[a:b, 0], audio[a:b, 1:], int(0.2 * RATE), 200, 1e-3)
    assert 10 * np.log10(np.mean(err[int(0.2 * RATE):] ** 2) / np.mean(pred[int(0.2 * RATE):] ** 2)) < -15


def test_a_hum_under_the_rivals_leak_rises_over_the_prediction() -> None:
    ratio = error_ratio_db(_table(-8.0), 0, [1], int(0.2 * RATE / FRAME), 40, int(0.7 * RATE / FRAME), FRAME, 200, 1e-3)
    on = int((ON - 0.2) * RATE / FRAME)
    assert np.median(ratio[on + 3 : on + 20]) > np.median(ratio[:40]) + 6


def test_the_walk_opens_a_hum_8_db_under_the_leak_near_its_start() -> None:
    cfg = SegmenterConfig(pred_back_ms=200.0, pred_taps=200)
    assert abs(_walk(_table(-8.0), cfg) - ON) <= 0.02


def test_the_rivals_leak_alone_pulls_nothing_back() -> None:
    cfg = SegmenterConfig(pred_back_ms=200.0, pred_taps=200)
    assert _walk(_table(None), cfg) == PLACED


def test_off_by_default_and_never_past_the_previous_burst() -> None:
    audio = _table(-8.0)
    assert _walk(audio, SegmenterConfig()) == PLACED
    prev = int(0.56 * RATE / FRAME)
    assert _walk(audio, SegmenterConfig(pred_back_ms=200.0, pred_taps=200), prev=prev) == PLACED
