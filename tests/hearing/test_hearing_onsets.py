"""Onsets walked back along the own channel: a voiced hum before the released consonant (« deux »).

A small generated table, four microphones, one per player (the players,
their voices and where they sit are those of ``test_hearing_seats``). The
hum is a steady low tone that reaches every microphone at once (no seat's
time differences, as a low tone in a reverberant room carries the room's
phases), loudest on its player's own microphone; his voice follows it.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from test_hearing_seats import ALONE, DELAYS, LEAK, _voice
from voice_scribe.audio.segment import SegmenterConfig, segment_audio

RATE = 16000
HUM_S = 0.12


def _hum(seconds: float, pitch: float = 130.0) -> np.ndarray:
    t = np.arange(int(seconds * RATE)) / RATE
    ramp = np.minimum(1.0, t / 0.005)
    return (0.1 * ramp * (np.sin(2 * np.pi * pitch * t) + 0.3 * np.sin(4 * np.pi * pitch * t))).astype(np.float32)


def _table(hum_at: float, rival: tuple[int, float, float, float] | None, hum_s: float = HUM_S) -> np.ndarray:
    """Each player alone (the seats are learnt), then player 1's hum (``hum_s``) at ``hum_at``, his voice after it."""
    rng = np.random.default_rng(0)
    mics = 1e-4 * rng.standard_normal((int(7.0 * RATE), 4)).astype(np.float32)
    for player, start, length, gain in [*ALONE, *([rival] if rival else [])]:
        dry = gain * _voice(player, length, rng)
        for m in range(4):
            a = int(start * RATE) + int(DELAYS[player][m])
            mics[a : a + len(dry), m] += (1.0 if m == player else LEAK) * dry
    hum = _hum(hum_s)
    a = int(hum_at * RATE)
    for m in range(4):
        mics[a : a + len(hum), m] += (1.0 if m == 1 else LEAK) * hum
    voice = _voice(1, 0.5, rng)
    for m in range(4):
        b = a + len(hum) + int(DELAYS[1][m])
        mics[b : b + len(voice), m] += (1.0 if m == 1 else LEAK) * voice
    return mics


def _onset(mics: np.ndarray, cfg: SegmenterConfig, after: float) -> float:
    return min(s.start for s in segment_audio(mics, RATE, cfg) if s.channel == 1 and s.start > after)


def test_a_hum_under_a_rival_s_leak_opens_the_shout_where_it_starts() -> None:
    # player 0 talks from 4.6 s to 5.6 s at half level; player 1 hums at 5.0 s, his voice at 5.12 s
    mics = _table(5.0, (0, 4.6, 1.0, 0.5))
    cfg = SegmenterConfig()
    assert abs(_onset(mics, cfg, 4.8) - 5.0) <= 0.020
    # without the walk his seat places it where the voice starts, the hum's length later
    assert _onset(mics, replace(cfg, own_back_ms=0.0), 4.8) - 5.0 > 0.080


def test_the_walk_does_not_take_a_rival_s_copy_for_the_shout() -> None:
    # player 0 shouts from 4.8 s at full level; player 1 starts at 5.0 s with no hum: before it, his
    # microphone only copies player 0, under its leak prediction, and the onset stays where it is
    mics = _table(5.0, (0, 4.8, 0.8, 1.0), hum_s=0.0)
    cfg = SegmenterConfig()
    assert abs(_onset(mics, cfg, 4.7) - 5.0) <= 0.020
    # walked on the power alone (no leak prediction), it would go into the copy
    assert _onset(mics, replace(cfg, own_margin_db=-30.0), 4.7) < 4.97
