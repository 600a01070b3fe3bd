"""What a live look reuses from the frames already seen gives what computing it again gives."""

from __future__ import annotations

import numpy as np

from voice_scribe.audio.segment import SegmenterConfig, frame_power
from voice_scribe.speech.endpoint import EndWatch

RATE = 16000


def _noise(seconds: float) -> np.ndarray:
    rng = np.random.default_rng(3)
    x = 1e-3 * rng.standard_normal((int(seconds * RATE), 4)).astype(np.float32)
    x[RATE : 2 * RATE, 1] += 0.1 * np.sin(np.arange(RATE) * 0.05).astype(np.float32)
    return x


def test_the_watch_s_kept_frame_powers_are_those_of_the_window() -> None:
    audio = _noise(8.0)
    watch = EndWatch(channels=4, rate=RATE, cfg=SegmenterConfig(), power_s=6.0)
    for i in range(0, len(audio), 800):  # 50 ms frames, the whole buffer offered each time
        watch.watch(audio[: i + 800], offset=0)
    first = 3 * RATE  # a window of the last 5 s: within what is kept
    window = audio[first:]
    kept = watch.window_power(window, first)
    assert kept.base is not None  # read from the kept rows, not computed
    assert np.array_equal(kept, frame_power(window, watch.frame))


def test_a_window_not_kept_or_off_the_grid_is_computed() -> None:
    audio = _noise(8.0)
    watch = EndWatch(channels=4, rate=RATE, cfg=SegmenterConfig(), power_s=2.0)
    watch.watch(audio, offset=0)
    for first in (0, 7 * RATE + 40):  # older than what is kept; not on the frame grid
        window = audio[first:]
        window = window[: len(window) - len(window) % watch.frame]
        assert np.array_equal(watch.window_power(window, first), frame_power(window, watch.frame))


def test_calibrating_from_kept_powers_sets_the_same_thresholds() -> None:
    audio = _noise(8.0)
    a = EndWatch(channels=4, rate=RATE, cfg=SegmenterConfig(), power_s=12.0)
    b = EndWatch(channels=4, rate=RATE, cfg=SegmenterConfig(), power_s=12.0)
    a.watch(audio, offset=0)
    b.watch(audio, offset=0)
    a.calibrate(audio[RATE:], offset=RATE)
    b.calibrate(audio[RATE:])
    assert np.array_equal(a._low, b._low)
