"""The frequency-domain leak canceller (voice_scribe/audio/cancel.py) on small generated signals."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

from voice_scribe.audio import cancel as cancel_module
from voice_scribe.audio.cancel import CancelConfig, Canceller, cancel, istft, learn_canceller, stft
from voice_scribe.audio.leak import learn_leak
from voice_scribe.audio.segment import SegmenterConfig, segment_audio

RATE = 16000


def _db(x: np.ndarray) -> float:
    return float(10 * np.log10(np.mean(np.asarray(x, np.float64) ** 2) + 1e-20))


def _room_filter(rng: np.random.Generator, delay: int, length: int, gain: float) -> np.ndarray:
    """A leak path: a delayed direct sound and an exponentially decaying random tail (a small room)."""
    h = np.zeros(delay + length, np.float32)
    h[delay] = gain
    tail = rng.standard_normal(length) * np.exp(-np.arange(length) / (length / 5))
    h[delay:] += 0.5 * gain * tail.astype(np.float32) / np.sqrt(np.sum(tail**2))
    return h


def _voices(rng: np.random.Generator, seconds: float, players: int) -> np.ndarray:
    """Each player's dry "voice": coloured noise in 0.2-0.6 s bursts, players mostly taking turns."""
    n = int(seconds * RATE)
    out = np.zeros((n, players), np.float32)
    t = 0
    while t < n - RATE:
        p = int(rng.integers(players))
        length = int(rng.uniform(0.2, 0.6) * RATE)
        burst = np.convolve(rng.standard_normal(length), np.ones(4) / 4, mode="same")
        out[t : t + length, p] += burst.astype(np.float32) * 0.1
        t += length + int(rng.uniform(0.05, 0.4) * RATE)
    return out


def _mix(voices: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, dict[tuple[int, int], np.ndarray]]:
    """Microphone c hears player c directly and every other player d through a room filter."""
    n, players = voices.shape
    paths = {(c, d): _room_filter(rng, int(rng.integers(5, 40)), 1200, 0.4) for c in range(players) for d in range(players) if c != d}
    mics = voices.copy()
    for (c, d), h in paths.items():
        mics[:, c] += np.convolve(voices[:, d], h)[:n]
    mics += 1e-4 * rng.standard_normal(mics.shape).astype(np.float32)
    return mics, paths


def test_stft_then_istft_gives_the_signal_back() -> None:
    cfg = CancelConfig()
    x = np.random.default_rng(1).standard_normal((7001, 3)).astype(np.float32)
    assert np.abs(istft(stft(x, cfg), len(x), cfg) - x).max() < 1e-4


def test_a_room_leak_is_cancelled_where_only_the_other_player_speaks() -> None:
    rng = np.random.default_rng(2)
    voices = _voices(rng, 30.0, 2)
    mics, _ = _mix(voices, rng)
    out = cancel(mics, learn_canceller(mics, RATE))
    for c, d in ((0, 1), (1, 0)):
        leak_only = (np.abs(voices[:, d]) > 0) & (voices[:, c] == 0)
        assert _db(mics[leak_only, c]) - _db(out[leak_only, c]) > 15.0  # more than 15 dB of the leak gone


def test_a_quiet_racer_survives_under_a_louder_players_leak() -> None:
    rng = np.random.default_rng(3)
    voices = _voices(rng, 30.0, 2)
    # a race: from 25 s player 1 speaks 12 dB under his rival's leak on his own microphone
    loud = 0.3 * np.convolve(rng.standard_normal(RATE), np.ones(4) / 4, mode="same").astype(np.float32)
    quiet = 0.1 * loud[::-1].copy()
    voices[25 * RATE : 26 * RATE] = np.stack([loud, quiet], axis=1)
    mics, _ = _mix(voices, rng)
    before = _db(mics[25 * RATE + 2000 : 26 * RATE, 1]) - _db(quiet)
    out = cancel(mics, learn_canceller(mics[: 24 * RATE], RATE))  # learnt on the table before the race
    residue = out[25 * RATE + 2000 : 26 * RATE, 1] - voices[25 * RATE + 2000 : 26 * RATE, 1]
    assert before > 4.0  # his own microphone is dominated by the rival's leak
    assert _db(quiet) - _db(residue) > 6.0  # after cancellation his own voice dominates it
    assert abs(_db(out[25 * RATE + 2000 : 26 * RATE, 1]) - _db(quiet)) < 3.0


def test_without_evidence_nothing_is_learnt_and_nothing_changes() -> None:
    steady = 1e-3 * np.random.default_rng(4).standard_normal((RATE * 3, 2)).astype(np.float32)
    canceller = learn_canceller(steady, RATE)
    assert canceller.filters == (None, None) and canceller.support == (0, 0)
    assert np.array_equal(cancel(steady, canceller), steady)


def test_one_microphone_has_nothing_to_cancel() -> None:
    mono = np.random.default_rng(5).standard_normal((RATE, 1)).astype(np.float32)
    assert learn_canceller(mono, RATE).filters == (None,)


def test_merged_filters_are_weighted_by_their_evidence() -> None:
    cfg = CancelConfig(taps=2)
    a = np.ones((3, 1, 2), np.complex64)
    b = np.full((3, 1, 2), 4.0, np.complex64)
    merged = Canceller(cfg, (a, None), (300, 0)).merged(Canceller(cfg, (b, b), (100, 50)))
    assert np.allclose(merged.filters[0], 1.75)  # (300 * 1 + 100 * 4) / 400
    assert merged.filters[1] is b and merged.support == (400, 50)


@pytest.mark.parametrize("room_cancel", [False, True])
def test_segmenter_hears_each_player_once_on_his_own_microphone(room_cancel: bool) -> None:
    rng = np.random.default_rng(6)
    voices = np.zeros((12 * RATE, 2), np.float32)
    shouts = [(0, 1.0), (1, 3.0), (0, 5.0), (1, 7.0), (0, 9.0), (1, 9.3)]  # the last two race
    for p, t in shouts:
        burst = np.convolve(rng.standard_normal(int(0.5 * RATE)), np.ones(4) / 4, mode="same")
        voices[int(t * RATE) : int(t * RATE) + len(burst), p] += 0.2 * burst.astype(np.float32)
    mics, _ = _mix(voices, rng)
    cfg = SegmenterConfig(room_cancel=room_cancel)
    assert (learn_leak(mics, RATE, cfg).canceller is not None) is room_cancel
    heard = segment_audio(mics, RATE, cfg)
    assert sorted((s.channel, round(s.start, 1)) for s in heard) == sorted((p, t) for p, t in shouts)


def test_the_module_examples_hold() -> None:
    assert doctest.testmod(cancel_module).failed == 0
