"""Onsets under a rival, by pitch; the hiss walk and a rival's ringing fricative (races, sixth round).

Small generated signals: a player's voiced hum (120 Hz) under a louder rival's
copy (200 Hz) on his own microphone, where power cannot tell them apart; and a
rival's fricative whose reverberant tail lingers on the player's microphone.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from voice_scribe.audio.frames import Segment, SegmenterConfig, frame_power
from voice_scribe.audio.onset import hiss_onsets, pitch_onset
from voice_scribe.audio.pitch import PitchConfig, copy_test, pitch_track

RATE = 16000
FRAME = 80  # 5 ms


def _tone(f0: float, start: float, seconds: float, amp: float) -> np.ndarray:
    t = np.arange(int(seconds * RATE)) / RATE
    on = t >= start
    x = amp * (np.sin(2 * np.pi * f0 * t) + 0.5 * np.sin(4 * np.pi * f0 * t) + 0.25 * np.sin(6 * np.pi * f0 * t))
    return (x * on).astype(np.float32)


def _table(hum: bool) -> np.ndarray:
    """Channel 1: the rival, voiced at 200 Hz from 0.1 s. Channel 0: his copy (-6 dB, 2 ms later) and,
    if ``hum``, the own player's hum at 120 Hz from 0.5 s, as loud as the copy."""
    rng = np.random.default_rng(3)
    rival = _tone(200.0, 0.1, 1.0, 0.1)
    mics = 1e-4 * rng.standard_normal((len(rival), 2)).astype(np.float32)
    mics[:, 1] += rival
    mics[32:, 0] += 0.5 * rival[:-32]
    if hum:
        mics[:, 0] += _tone(120.0, 0.5, 1.0, 0.05)
    return mics


def _walk(mics: np.ndarray, first_s: float, cfg: SegmenterConfig) -> float:
    power = frame_power(mics, FRAME)
    noise = float(np.percentile(power[:10, 0], 50))
    gains = np.array([0.0, 0.25])  # the rival's copy onto channel 0: -6 dB of power
    first = int(first_s * RATE / FRAME)
    return pitch_onset(mics, RATE, 0, first, 0, power, gains, power[:, 0], noise, FRAME, cfg) * FRAME / RATE


def test_pitch_track_finds_a_hums_fundamental() -> None:
    x = _tone(120.0, 0.0, 0.5, 0.1)
    f0, aperiodic = pitch_track(x, RATE, np.array([2000, 4000, 6000]))
    assert np.allclose(f0, 120.0, rtol=0.02)
    assert (aperiodic < 0.1).all()


def test_the_own_hum_under_a_rivals_copy_is_not_a_copy() -> None:
    centres = (np.arange(0.55, 0.95, 0.05) * RATE).astype(int)
    relevant = np.ones((len(centres), 1), bool)
    with_hum, copy_only = _table(True), _table(False)
    assert (copy_test(with_hum[:, 0], [with_hum[:, 1]], relevant, RATE, centres) == 1).all()
    assert (copy_test(copy_only[:, 0], [copy_only[:, 1]], relevant, RATE, centres) == -1).all()
    # a rival that could not explain the sound decides nothing
    assert (copy_test(copy_only[:, 0], [copy_only[:, 1]], ~relevant, RATE, centres) == 0).all()


def test_a_hum_under_a_rivals_copy_opens_within_20_ms_of_its_start() -> None:
    cfg = SegmenterConfig(pitch=PitchConfig(back_ms=250.0))
    # the seat placed the onset 120 ms into the hum (its release); power alone is no help: the
    # channel's power stays within 3 dB of what the rival's copy predicts
    assert abs(_walk(_table(True), 0.62, cfg) - 0.5) <= 0.020
    # the walk is what moves it
    assert _walk(_table(True), 0.62, replace(cfg, pitch=PitchConfig(back_ms=0.0))) == 0.62


def test_windows_before_their_frame_do_not_open_the_hum_early() -> None:
    # a window centred on its frame hears the hum half a window (16 ms) before it starts: the walk
    # opened it 15 ms early; windows ending on their frame open it where it starts
    centred = SegmenterConfig(pitch=PitchConfig(back_ms=250.0, centre_ms=0.0))
    before = SegmenterConfig(pitch=PitchConfig(back_ms=250.0, centre_ms=-16.0))
    assert _walk(_table(True), 0.62, centred) <= 0.5 - 0.010
    assert 0.5 - 0.005 <= _walk(_table(True), 0.62, before) <= 0.5 + 0.010
    assert _walk(_table(False), 0.62, before) >= 0.615  # and the copy alone still pulls nothing back


def _hiss_rival_table(hum: bool) -> np.ndarray:
    """Channel 1: the rival's unvoiced sound (noise) from 0.1 s; channel 0: his copy (-6 dB, 2 ms later)
    and, if ``hum``, the own player's hum at 120 Hz from 0.5 s, 3-7 dB over what the copy predicts."""
    rng = np.random.default_rng(5)
    rival = np.zeros(RATE, np.float32)
    rival[int(0.1 * RATE) :] = 0.1 * rng.standard_normal(RATE - int(0.1 * RATE))
    mics = 1e-4 * rng.standard_normal((RATE, 2)).astype(np.float32)
    mics[:, 1] += rival
    mics[32:, 0] += 0.5 * rival[:-32]
    if hum:
        mics[:, 0] += _tone(120.0, 0.5, 1.0, 0.11)
    return mics


def test_a_hum_under_an_unvoiced_rival_opens_where_it_clears_his_leak() -> None:
    # pitch cannot decide under a rival with no period (his noise on his own microphone): those frames
    # count as the own channel's where its power is 3 dB over the leak the rival is predicted
    walk = PitchConfig(back_ms=250.0, alone_is_own=False, gap_frames=0, centre_ms=-16.0, copy_ap=0.3,
                       undecided_db=float("inf"))
    with_power = SegmenterConfig(pitch=replace(walk, undecided_db=3.0))
    assert abs(_walk(_hiss_rival_table(True), 0.62, with_power) - 0.5) <= 0.010
    assert _walk(_hiss_rival_table(True), 0.62, SegmenterConfig(pitch=walk)) == 0.62  # undecided: no walk
    assert _walk(_hiss_rival_table(False), 0.62, with_power) >= 0.615  # his copy alone: none either


def test_a_rivals_copy_alone_does_not_pull_an_onset_back() -> None:
    cfg = SegmenterConfig(pitch=PitchConfig(back_ms=250.0))
    assert _walk(_table(False), 0.62, cfg) >= 0.615


def test_the_walk_stops_at_the_channels_previous_burst() -> None:
    mics = _table(True)
    power = frame_power(mics, FRAME)
    cfg = SegmenterConfig(pitch=PitchConfig(back_ms=250.0))
    prev = int(0.58 * RATE / FRAME)
    got = pitch_onset(mics, RATE, 0, int(0.62 * RATE / FRAME), prev, power, np.array([0.0, 0.25]), power[:, 0],
                      float(power[:10, 0].mean()), FRAME, cfg)
    assert got == prev


def _hiss_table() -> tuple[np.ndarray, list[Segment]]:
    """High-band power per 5 ms frame: the rival's fricative (channel 1) from frame 100 to 140, leaking
    onto channel 0 at -10 dB and ringing on there for 40 ms after it stops; the own player's « s »
    from frame 160. Channel 0's segment opens at frame 160."""
    hiss = np.full((300, 2), 1e-6)
    hiss[100:140, 1] = 1.0
    hiss[100:140, 0] = 0.1
    k = np.arange(140, 200)
    hiss[k, 0] = np.maximum(0.1 * np.exp(-(k - 140) / 8.0), 1e-6)  # the room's tail of the rival's hiss
    hiss[k, 1] = np.maximum(1e-3 * np.exp(-(k - 140) / 8.0), 1e-6)  # his own mic: the direct sound is gone
    hiss[160:200, 0] = 1.0
    seg = Segment(channel=0, start=160 * FRAME / RATE, end=200 * FRAME / RATE, peak_dbfs=-20.0)
    return hiss, [seg]


def test_the_hiss_walk_does_not_take_a_rivals_ringing_fricative_for_the_own() -> None:
    hiss, segments = _hiss_table()
    gains = np.array([[0.0, 0.1], [0.1, 0.0]])
    held = SegmenterConfig(hiss_release_ms=100.0)
    start = hiss_onsets(segments, hiss, gains, FRAME, RATE, held)[0].start
    assert abs(start - 160 * FRAME / RATE) <= 0.010
    # without the hold the walk goes into the tail
    loose = hiss_onsets(segments, hiss, gains, FRAME, RATE, replace(held, hiss_release_ms=0.0))[0].start
    assert loose < 160 * FRAME / RATE - 0.050
