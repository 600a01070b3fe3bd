"""Misses and phantoms (issue 11, sixth round), on small generated tables.

Four microphones, one per player, each player reaching every microphone
with a delay fixed by where he sits (his own first), the others at half
amplitude; every microphone also hears a diffuse tail of each sound (the sound
convolved with decaying noise, different at each microphone),
as a room's reverberation does: the part of a leak that no gain and delay
explain. A leak copy must not become a second shout; two true shouts close
together must both be kept.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from conftest import needs_espeak
from test_hearing_boundaries import _roll, check  # noqa: F401  (check: the speech check, a fixture)
from test_hearing_seats import DELAYS, LEAK, _voice

from voice_scribe.audio import synth
from voice_scribe.audio.segment import Segment, SegmenterConfig, segment_audio
from voice_scribe.audio.vad import SpeechCheck, keep_speech

RATE = 16000


def _tail(dry: np.ndarray, rng: np.random.Generator, gain: float, decay_s: float = 0.08) -> np.ndarray:
    """A diffuse tail of ``dry``: convolved with decaying noise (incoherent from one microphone to the next)."""
    n = int(4 * decay_s * RATE)
    h = rng.standard_normal(n) * np.exp(-np.arange(n) / (decay_s * RATE))
    h *= gain / np.sqrt((h**2).sum())
    return np.convolve(dry, h)[: len(dry) + n].astype(np.float32)


def _table(shouts: list[tuple[int, float, float, float]], seconds: float, tail: float = 0.3, seed: int = 0) -> np.ndarray:
    """``shouts``: (player, start s, length s, gain); the four microphones, a diffuse tail ``tail`` (amplitude)."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    mics = 1e-4 * rng.standard_normal((n, 4)).astype(np.float32)
    for player, start, length, gain in shouts:
        dry = gain * _voice(player, length, rng)
        for m in range(4):
            a = int(start * RATE) + int(DELAYS[player][m])
            x = (1.0 if m == player else LEAK) * dry
            if tail > 0:
                x = _tail(x, rng, tail)[: len(x) + int(0.3 * RATE)]
                x[: len(dry)] += (1.0 if m == player else LEAK) * dry
            b = min(n, a + len(x))
            mics[a:b, m] += x[: b - a]
    return mics


#: each player alone once (the table teaches itself the seats and the leak)
ALONE = [(0, 0.5, 0.6, 1.0), (1, 1.5, 0.6, 1.0), (2, 2.5, 0.6, 1.0), (3, 3.5, 0.6, 1.0)]


def _near(segments: list[Segment], a: float, b: float) -> list[tuple[int, float]]:
    """(channel, onset) of the segments opening between ``a`` and ``b`` s, in time order."""
    return [(s.channel, round(s.start, 3)) for s in sorted(segments, key=lambda s: s.start) if a <= s.start <= b]


@pytest.mark.parametrize("tail", [0.0, 0.8])
def test_a_rivals_leak_with_no_shout_of_its_own_opens_nothing(tail: float) -> None:
    # player 1 talks for 1.5 s, nobody else: every other microphone hears only his leak (and the room's tail)
    mics = _table(ALONE + [(1, 5.0, 1.5, 1.0)], 7.5, tail=tail, seed=1)
    heard = _near(segment_audio(mics, RATE), 4.7, 7.0)
    assert [c for c, _ in heard] == [1]
    assert abs(heard[0][1] - 5.0) < 0.03
    if tail > 0:  # by levels alone, the tail on player 0's microphone is a second shout
        levels = _near(segment_audio(mics, RATE, SegmenterConfig(seat_attribution=False)), 4.7, 7.0)
        assert 0 in [c for c, _ in levels]


@pytest.mark.parametrize("tail", [0.0, 0.8])
@pytest.mark.parametrize("gap", [0.1, -0.1])
def test_two_true_shouts_100_ms_apart_at_6_db_of_each_other_are_both_kept(tail: float, gap: float) -> None:
    # player 0 shouts at 5.0 s; player 2, 6 dB quieter, 100 ms after him (or before him)
    mics = _table(ALONE + [(0, 5.0, 0.6, 1.0), (2, 5.0 + gap, 0.6, 0.5)], 7.0, tail=tail)
    heard = _near(segment_audio(mics, RATE), 4.7, 6.5)
    assert [c for c, _ in heard] == sorted([0, 2], key=lambda c: 5.0 + (gap if c == 2 else 0.0))
    starts = dict((c, t) for c, t in heard)
    assert abs(starts[0] - 5.0) < 0.03 and abs(starts[2] - (5.0 + gap)) < 0.03


@needs_espeak
def test_a_shout_joined_after_a_long_head_is_kept_from_where_its_seat_spoke(check: SpeechCheck) -> None:
    # a segment opened by a die (1.0-1.6 s), a rival's word leaking in at 1.65 s (speech: the head is
    # kept as it is), then the player's own shout at 2.2 s, where his seat spoke: the check's first
    # window (the die) is not speech, the seat's part is, so the segment stays, from the seat's rise
    rng = np.random.default_rng(3)
    audio = np.zeros((int(4.0 * RATE), 1), np.float32)
    audio[int(1.0 * RATE) : int(1.6 * RATE), 0] = _roll(0.6, rng)
    word = synth.speak("Non", "fr")[: int(0.45 * RATE)]
    audio[int(1.65 * RATE) : int(1.65 * RATE) + len(word), 0] += 0.1 * word
    shout = synth.speak("Pas mou le caillou", "fr")
    audio[int(2.2 * RATE) : int(2.2 * RATE) + len(shout), 0] += 0.5 * shout
    marked = Segment(channel=0, start=1.0, end=3.5, peak_dbfs=-20.0, seat_rise=2.2)
    assert [s.start for s in keep_speech([marked], audio, RATE, check)] == [2.2]
    # unmarked (no seat joined it), the same segment is judged at its start only: dropped
    assert keep_speech([replace(marked, seat_rise=None)], audio, RATE, check) == []
