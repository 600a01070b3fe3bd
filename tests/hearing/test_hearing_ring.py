"""The live path's buffers (:class:`RecentRows`) hold what joining arrays held, sample for sample.

The reference below is the former way, written out again: every frame joined to the whole
buffer (``np.concatenate``), silence joined over a gap, the front cut to the window on the
segmenter's frame grid. The hearing's buffer, and the window each look segments, must be the
same to the bit, before and after the kept audio moves to a fresh array (the ring's wrap).
"""

from __future__ import annotations

import numpy as np

from voice_scribe.audio.segment import SegmenterConfig
from voice_scribe.audio.sources import Frame
from voice_scribe.speech.endpoint import HISTORY_S, MIN_RUN_S, EndWatch, RecentRows
from voice_scribe.speech.stream import StreamingHearing
from voice_scribe.speech.transcribe import HearingConfig

RATE = 16000
CHANNELS = 4


class JoinedBuffer:
    """The former buffer of :class:`StreamingHearing`: one ``np.concatenate`` per frame."""

    def __init__(self, window_s: float, frame: int) -> None:
        self.buf = np.zeros((0, CHANNELS), np.float32)
        self.start = 0
        self.keep = int(window_s * RATE)
        self.frame = frame

    def append(self, frame: Frame) -> None:
        expected = self.start + len(self.buf)
        if frame.start != expected:
            self.buf = np.concatenate([self.buf, np.zeros((frame.start - expected, CHANNELS), np.float32)])
        self.buf = np.concatenate([self.buf, frame.data.astype(np.float32)])

    def trim(self) -> None:
        if len(self.buf) > self.keep:
            drop = len(self.buf) - self.keep
            drop -= drop % self.frame
            self.buf = self.buf[drop:]
            self.start += drop


def table_with_gaps(seconds: float, seed: int = 5) -> list[Frame]:
    """Four channels of noise with a loud burst now and then, in 50 ms frames, a few dropped:
    some whole frames missing, one gap of an odd length (frames need not stay on the grid)."""
    rng = np.random.default_rng(seed)
    audio = (rng.standard_normal((int(seconds * RATE), CHANNELS)) * 1e-3).astype(np.float32)
    for at in np.arange(0.7, seconds - 1.0, 1.9):
        a, channel = int(at * RATE), int(rng.integers(CHANNELS))
        tone = 0.3 * np.sin(2 * np.pi * 220 * np.arange(int(0.4 * RATE)) / RATE)
        audio[a : a + len(tone), channel] += tone.astype(np.float32)
        audio[a : a + len(tone)] += (0.03 * tone[:, None]).astype(np.float32)  # its leak on the others
    frames = [Frame(i, RATE, audio[i : i + 800]) for i in range(0, len(audio), 800)]
    dropped = {7, 8, 9, 31, 60, 61, 140}
    kept = [f for k, f in enumerate(frames) if k not in dropped]
    odd = kept.index(next(f for f in kept if f.start >= 3 * RATE))
    kept[odd] = Frame(kept[odd].start + 123, RATE, kept[odd].data[123:])  # a gap of 123 samples
    return kept


class SeenHearing(StreamingHearing):
    """The live hearing, writing down the window of audio each look segments as it gets it, and
    the whole buffer before each push cuts its front."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.seen: list[tuple[np.ndarray, int]] = []
        self.uncut: np.ndarray | None = None

    def _trim(self) -> None:
        self.uncut = self._buf.copy()
        super()._trim()

    def _window(self) -> tuple[np.ndarray, int]:
        audio, first = super()._window()
        self.seen.append((audio.copy(), first))
        return audio, first


def test_the_window_each_look_gets_is_the_joined_buffers_to_the_bit() -> None:
    live = SeenHearing(channels=CHANNELS, cfg=HearingConfig(speech_check=False), window_s=2.0)
    joined = JoinedBuffer(2.0, live._watch.frame)
    first_view, first_copy = None, None
    for frame in table_with_gaps(12.0):
        joined.append(frame)
        live.push(frame)
        for audio, first in live.seen:  # the look saw the buffer before the push cut its front
            assert audio.dtype == np.float32
            assert first + len(audio) == joined.start + len(joined.buf)
            assert np.array_equal(audio, joined.buf[first - joined.start :])
        live.seen.clear()
        assert live.uncut is not None and np.array_equal(live.uncut, joined.buf)
        joined.trim()
        assert live._buf_start == joined.start
        assert np.array_equal(live._buf, joined.buf)
        if first_view is None and len(live._buf):
            first_view, first_copy = live._buf, live._buf.copy()
    assert live.looks > 10  # the bursts were looked at
    assert first_view is not None and not np.shares_memory(first_view, live._buf)  # it wrapped
    assert np.array_equal(first_view, first_copy)  # and what it handed out before kept its values


def test_recent_rows_are_what_joining_arrays_gives_across_every_move() -> None:
    rng = np.random.default_rng(11)
    recent = RecentRows(channels=2, dtype=np.float32, capacity=64)
    joined, start = np.zeros((0, 2), np.float32), 0
    handed: list[tuple[np.ndarray, np.ndarray]] = []
    for _ in range(400):
        step = rng.integers(4)
        if step == 0:
            rows = rng.standard_normal((int(rng.integers(0, 40)), 2))  # float64, cast on the way in
            recent.extend(rows)
            joined = np.concatenate([joined, rows.astype(np.float32)])
        elif step == 1:
            count = int(rng.integers(0, 30))
            recent.pad(count)
            joined = np.concatenate([joined, np.zeros((count, 2), np.float32)])
        elif step == 2:
            count = int(rng.integers(-5, 50))
            recent.drop(count)
            count = max(0, min(count, len(joined)))
            joined, start = joined[count:], start + count
        elif rng.integers(10) == 0:
            start = int(rng.integers(1000))
            recent.restart(start)
            joined = joined[:0]
        assert (recent.start, recent.end) == (start, start + len(joined))
        assert np.array_equal(recent.rows, joined)
        handed.append((recent.rows, joined))
    for view, then in handed:
        assert np.array_equal(view, then)


class JoinedWatch(EndWatch):
    """The end watch, with the former memory of own frames kept beside its own: one
    ``np.concatenate`` per frame, started afresh after a gap, cut to ``HISTORY_S``."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self.joined, self.joined_first = np.zeros((0, self.channels), bool), 0

    def _remember(self, first: int, own: np.ndarray) -> None:
        super()._remember(first, own)
        if not len(self.joined) or first != self.joined_first + len(self.joined):
            self.joined, self.joined_first = own[:0], first
        self.joined = np.concatenate([self.joined, own])
        drop = len(self.joined) - int(HISTORY_S * self.rate / self.frame)
        if drop > 0:
            self.joined, self.joined_first = self.joined[drop:], self.joined_first + drop


def test_the_end_watch_remembers_the_frames_joining_would_have() -> None:
    watch = JoinedWatch(CHANNELS, RATE, SegmenterConfig())
    buffer = JoinedBuffer(12.0, watch.frame)
    for frame in table_with_gaps(10.0, seed=9):
        buffer.append(frame)
        watch.watch(buffer.buf, buffer.start)
        buffer.trim()
        assert watch._own.start == watch.joined_first
        assert np.array_equal(watch._own.rows, watch.joined)
        for channel in range(CHANNELS):
            assert watch.last_sound(channel) == joined_last_sound(watch, channel)
    assert watch.joined.any()  # the bursts were heard as own sound
    assert watch.joined_first > 0  # and the memory was cut


def joined_last_sound(watch: JoinedWatch, channel: int) -> float | None:
    """:meth:`EndWatch.last_sound` read off the joined memory."""
    hits = np.flatnonzero(watch.joined[:, channel])
    if not len(hits):
        return None
    gap = max(1, int(round(watch.cfg.burst_gap_ms / watch.cfg.frame_ms)))
    breaks = np.flatnonzero(np.diff(hits) > gap)
    starts = np.concatenate([[hits[0]], hits[breaks + 1]])
    ends = np.concatenate([hits[breaks], [hits[-1]]]) + 1
    for a, b in zip(starts[::-1], ends[::-1], strict=True):
        if (b - a) * watch.frame / watch.rate >= MIN_RUN_S:
            return float((watch.joined_first + b) * watch.frame / watch.rate)
    return None
