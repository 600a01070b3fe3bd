"""Racers placed early: the hiss walk going back into a rival's fricative leaking on the own microphone.

The ninth round's study (``bench/racers_oracle.py``, docs/hearing.md « Ninth round: early and
missed racers ») found a rival's voice leaking on the own microphone at the placed onset of 25 of
the 28 early tuning racers, and the hiss walk the stage that took 12 of them back into it. These
tests run the walk (:func:`voice_scribe.audio.onset.hiss_onsets`) on high-band powers built by hand.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from voice_scribe.audio.frames import Segment, SegmenterConfig
from voice_scribe.audio.onset import hiss_onsets

RATE = 16000
FRAME = 80  # 5 ms
GAINS = np.array([[0.0, 0.1], [0.1, 0.0]])  # the leak model: -10 dB each way


def _table(rival: bool) -> tuple[np.ndarray, list[Segment]]:
    """High-band power per frame. Channel 0: the own « f » from frame 140, its segment opened (late)
    at frame 150. With ``rival``: the rival's « s » on channel 1 from frame 100 to 140, leaking onto
    channel 0 at -3 dB, more than the leak model's -10 dB says (a near rival, a bright room)."""
    hiss = np.full((300, 2), 1e-6)
    hiss[140:200, 0] = 0.4
    hiss[140:200, 1] = 0.04  # the own « f » leaking the other way
    if rival:
        hiss[100:140, 1] = 1.0
        hiss[100:140, 0] = 0.5
    return hiss, [Segment(channel=0, start=150 * FRAME / RATE, end=200 * FRAME / RATE, peak_dbfs=-20.0)]


def _start(hiss: np.ndarray, segments: list[Segment], cfg: SegmenterConfig) -> int:
    return int(round(hiss_onsets(segments, hiss, GAINS, FRAME, RATE, cfg)[0].start * RATE / FRAME))


def test_the_walk_goes_into_a_rivals_louder_fricative_when_the_leak_is_underestimated() -> None:
    hiss, segments = _table(rival=True)
    assert _start(hiss, segments, SegmenterConfig()) < 120  # off by default: taken back into the rival's « s »


def test_the_walk_stops_where_another_microphone_hears_the_fricative_louder() -> None:
    hiss, segments = _table(rival=True)
    cfg = SegmenterConfig(hiss_louder_db=0.5)
    assert abs(_start(hiss, segments, cfg) - 140) <= 2  # within the 15 ms smoothing of the band


def test_an_own_fricative_alone_is_still_walked_back_over() -> None:
    hiss, segments = _table(rival=False)
    cfg = SegmenterConfig(hiss_louder_db=0.5)
    assert abs(_start(hiss, segments, cfg) - 140) <= 2
    assert abs(_start(hiss, segments, replace(cfg, hiss_louder_db=0.0)) - 140) <= 2


def test_a_larger_leak_margin_also_stops_it() -> None:
    hiss, segments = _table(rival=True)
    assert _start(hiss, segments, SegmenterConfig(hiss_leak_db=12.0)) >= 138  # not into the rival's « s »
