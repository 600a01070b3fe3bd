"""The seat spectra of a live stream are computed once per frame (voice_scribe/audio/seats.py ``SpectraCache``).

Consecutive looks of :class:`~voice_scribe.speech.stream.StreamingHearing`
share most of their window; the whitened spectra of the frames a look has
already seen come from the cache its leak model carries. These tests run
the live path twice — with that cache, and with one that keeps nothing (so
every look computes every frame, as before) — and ask for the same
segments; and they check that the cache forgets old frames.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from voice_scribe.audio.seats import SeatConfig, SpectraCache, phat
from voice_scribe.audio.leak import LeakModel, learn_leak
from voice_scribe.audio.segment import SegmenterConfig
from voice_scribe.audio.sources import Frame
from voice_scribe.speech.stream import StreamingHearing
from voice_scribe.speech.transcribe import HearingConfig

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from test_hearing_seats import ALONE, RATE, _table  # noqa: E402

#: after each seat has spoken alone: races and single shouts, the quieter racer 10 dB down
GAME = ALONE + [
    (0, 5.0, 1.2, 1.0), (2, 5.3, 0.5, 0.316),
    (1, 7.5, 0.8, 1.0), (3, 7.7, 0.6, 0.5),
    (2, 10.0, 0.7, 0.316),
    (3, 12.0, 1.0, 1.0), (0, 12.2, 0.5, 0.316),
    (1, 14.5, 0.6, 1.0),
]

CFG = HearingConfig(speech_check=False)


def _live(audio: np.ndarray, leak: LeakModel) -> list[tuple[int, float, float]]:
    """The live path's segments (channel, onset, end), 50 ms frames as a sound card gives them."""
    live = StreamingHearing(channels=audio.shape[1], cfg=CFG, leak=leak)
    utts = []
    for i in range(0, len(audio), 800):
        utts += live.push(Frame(i, RATE, audio[i : i + 800]))
    utts += live.flush()
    return [(u.channel or 0, round(u.t, 4), round(u.end or u.t, 4)) for u in utts]


def _with_and_without(audio: np.ndarray, calibration: np.ndarray) -> tuple[list, list, SpectraCache]:
    learnt = learn_leak(calibration, RATE, CFG.segmenter)
    cache = SpectraCache()
    cached = _live(audio, replace(learnt, spectra=cache))
    afresh = _live(audio, replace(learnt, spectra=SpectraCache(max_frames=0)))  # keeps nothing
    return cached, afresh, cache


def test_live_segments_are_the_same_with_the_cache_on_a_generated_table() -> None:
    audio = _table(GAME, 16.0, seed=3)
    cached, afresh, cache = _with_and_without(audio, _table(ALONE, 5.0, seed=4))
    assert cached == afresh
    assert {c for c, _, _ in cached} == {0, 1, 2, 3}  # every seat heard, the quieter racers too
    assert cache.hits > 3 * cache.misses  # the looks did reuse what was seen


@pytest.mark.audio
def test_live_segments_are_the_same_with_the_cache_on_a_room() -> None:
    from rooms import voices
    from rooms.score import TUNING
    from rooms.table import build_room

    lacking = voices.missing()
    if lacking:
        pytest.skip(f"room simulation needs {', '.join(lacking)} (bash scripts/setup.sh --test)")
    audio = build_room(TUNING[0]).audio[: 60 * RATE]
    cached, afresh, cache = _with_and_without(audio, audio[: 10 * RATE])
    assert cached == afresh
    assert len(cached) >= 10
    assert cache.hits > 3 * cache.misses


def test_phat_with_the_cache_gives_the_same_spectra_wherever_the_window_starts() -> None:
    audio = _table(GAME, 16.0, seed=5)
    cfg = SeatConfig()
    cache = SpectraCache()
    for start in (0, 8000, 8080, 16000, 40000):  # windows on the 5 ms grid, overlapping
        block = audio[start : start + 6 * RATE]
        fresh, reused = phat(block, RATE, cfg), phat(block, RATE, cfg, cache=cache)
        assert np.array_equal(fresh.index, reused.index)
        assert np.array_equal(fresh.phases, reused.phases)
    assert cache.hits > 0


def test_a_window_off_the_grid_or_another_table_reuses_nothing() -> None:
    audio = _table(GAME, 16.0, seed=6)
    cache = SpectraCache()
    phat(audio[:48000], RATE, SeatConfig(), cache=cache)
    misses = cache.misses
    off = phat(audio[40:88040], RATE, SeatConfig(), cache=cache)  # half a frame off the grid
    assert cache.hits == 0 and cache.misses == misses + len(off.index)
    assert np.array_equal(off.phases, phat(audio[40:88040], RATE, SeatConfig()).phases)


def test_the_cache_forgets_old_frames() -> None:
    audio = _table(GAME, 16.0, seed=7)
    cfg = SeatConfig()
    cache = SpectraCache(max_frames=600)
    first = phat(audio[: 2 * RATE], RATE, cfg, cache=cache)
    for start in range(0, len(audio) - 2 * RATE, RATE // 2):
        phat(audio[start : start + 2 * RATE], RATE, cfg, cache=cache)
        assert len(cache) <= 600 and cache.nbytes <= 600 * (first.phases[0].nbytes + first.level[0].nbytes + first.low[0].nbytes)
    hits = cache.hits
    phat(audio[: 2 * RATE], RATE, cfg, cache=cache)  # the first window again: long forgotten
    assert cache.hits == hits and len(first.index) > 0


def test_a_leak_model_carries_its_cache_through_merging() -> None:
    cfg = SegmenterConfig()
    early, late = _table(ALONE[:2], 2.5), _table(ALONE[2:], 5.0)
    first, second = learn_leak(early, RATE, cfg), learn_leak(late, RATE, cfg)
    merged = first.merged(second)
    assert merged.spectra is first.spectra  # the stream's history stays where it was
    hits = merged.spectra.hits
    seen = phat(late, RATE, cfg.seats, cache=merged.spectra)  # the newer block's frames were taken in
    assert merged.spectra.hits - hits == len(seen.index) > 0
    off = learn_leak(late, RATE, replace(cfg, seat_attribution=False))
    assert off.spectra is None
