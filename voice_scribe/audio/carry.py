"""What a live stream's looks carry from one to the next, kept by the session's frame or sample index.

A live look segments the last seconds of the table with the file path's own code
(:func:`voice_scribe.audio.segment.segment_audio`); the previous look, half a
second earlier, had all but the newest frames of the same audio. Every figure
here is a function of a few samples of the session only (a frame's high-band
power, a block's energy, the loudness ratio of a span), so it is computed
once and read again at the next looks, at the same session index: the look's
result is the one it would have been without (docs/hearing.md, « Live path,
seventh round »). The file path carries nothing: every cache is an optional
argument, default none.

The caller owns these objects (the live hearing, :class:`voice_scribe.speech.stream.StreamingHearing`);
nothing is global. Valid only for audio that never changes once heard, at the
session index given (the live hearing's buffer).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from voice_scribe.audio.frames import frame_power
from voice_scribe.audio.leak import LeakPaths, cancel_leaks
from voice_scribe.audio.onset import high_band
from voice_scribe.audio.session_frames import SessionFrames


@dataclass
class LookCache:
    """The segmenter's figures a live look reuses from the looks before, by session index.

    ``hiss``: each frame's high-band power (the weak-fricative walk, :func:`.onset.hiss_onsets`),
    for frames whose filter taps all lay inside the window they were computed in; ``ratios``: the
    loudness ratio of a channel over a span of session samples (:func:`.segment.loudness_ratio`),
    the oldest dropped past ``max_ratios``. Where the look cancels the direct-path leaks
    (:func:`.leak.cancel_leaks`), the cancelled audio, its frame powers and its high band are kept
    for the leak paths they were computed with, and start afresh when the paths change.
    """

    channels: int
    #: frames kept (the segmenter's 5 ms frames): more than a look's window
    keep_frames: int = 4000
    max_ratios: int = 4096
    hiss: SessionFrames = field(init=False, repr=False)
    ratios: dict[tuple[int, ...], tuple[float, int]] = field(default_factory=dict, init=False, repr=False)
    #: the leak paths the figures of the cancelled audio below were computed with
    paths: tuple[object, ...] | None = field(default=None, init=False, repr=False)
    #: the last look's cancelled audio, from session sample ``clean_start``; the same as any
    #: window's from session sample ``clean_valid`` on (before it, the window's edge shows)
    clean: np.ndarray | None = field(default=None, init=False, repr=False)
    clean_start: int = field(default=0, init=False)
    clean_valid: int = field(default=0, init=False)
    clean_power: SessionFrames = field(init=False, repr=False)
    clean_hiss: SessionFrames = field(init=False, repr=False)
    #: figures found / computed (for the benchmarks and tests)
    hits: int = field(default=0, init=False)
    misses: int = field(default=0, init=False)
    #: this stream's token, told with each session index to a seat spectra cache the stream may
    #: share (:func:`.seats.phat`): another stream's frames of the same index are not its own
    session: object = field(default_factory=object, init=False, repr=False)

    def __post_init__(self) -> None:
        self.hiss = SessionFrames(self.channels, self.keep_frames)
        self._forget_clean()

    def _forget_clean(self) -> None:
        self.clean = None
        self.clean_power = SessionFrames(self.channels, self.keep_frames)
        self.clean_hiss = SessionFrames(self.channels, self.keep_frames)

    def ratio(self, key: tuple[int, ...]) -> tuple[float, int] | None:
        found = self.ratios.get(key)
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def keep_ratio(self, key: tuple[int, ...], value: tuple[float, int]) -> None:
        self.ratios[key] = value
        while len(self.ratios) > self.max_ratios:
            del self.ratios[next(iter(self.ratios))]

    def for_paths(self, paths: LeakPaths) -> None:
        """The figures of the cancelled audio kept are those of these leak paths (else forgotten)."""
        signature = tuple(paths.items())  # in their order: the order the canceller subtracts them
        if signature != self.paths:
            self.paths = signature
            self._forget_clean()


def carried_frames(
    kept: SessionFrames, cache: LookCache, first: int, frames: int, front: int, back: int,
    compute: Callable[[int, int], np.ndarray],
) -> np.ndarray:
    """``(frames, channels)`` per-frame figures of a look's window (from session frame ``first``):
    those ``kept`` from the looks before, the others ``compute(a, b)`` (window frames ``[a, b)``).

    The first ``front`` and last ``back`` frames depend on the window's edges: always computed,
    never kept; every frame between is the same in any window that holds it, and is kept.
    """
    rows, known = kept.get(first, frames)
    known[:front] = False
    known[max(0, frames - back) :] = False
    fresh = ~known
    for a, b in _runs(fresh):
        rows[a:b] = compute(a, b)
    cache.hits += int(known.sum())
    cache.misses += int(fresh.sum())
    inside = np.zeros(frames, bool)
    inside[front : max(front, frames - back)] = True
    kept.put(first, rows, fresh & inside)
    return rows


def hiss_power(
    audio: np.ndarray, rate: int, cutoff_hz: float, frame: int, cache: LookCache, offset: int,
    taps: int = 33, *, cancelled: bool = False,
) -> np.ndarray:
    """``frame_power(high_band(audio, rate, cutoff_hz, taps), frame)``, the high band's power per frame that
    the weak-fricative walk reads, with the frames a look before computed read from ``cache``.

    ``offset`` is the session sample of ``audio[0]``, on the frame grid, and ``audio`` whole frames.
    A frame's high band needs ``taps // 2`` samples on either side: the window's first and last
    frames (whose filter reaches past its edges, into zeros) are computed for this window and never
    kept; every frame inside is the same in any window that holds it. ``cancelled``: ``audio`` is
    the look's cancelled audio (:func:`carried_clean`), whose first samples are the window's own too.
    """
    n = len(audio)
    half = (taps - 1) // 2
    lead = max(0, cache.clean_valid - offset) if cancelled else 0
    kept = cache.clean_hiss if cancelled else cache.hiss

    def compute(a: int, b: int) -> np.ndarray:
        lo, hi = max(0, a * frame - half), min(n, b * frame + half)
        band = high_band(audio[lo:hi], rate, cutoff_hz, taps)
        return frame_power(band[a * frame - lo : b * frame - lo], frame)

    front, back = -(-(half + lead) // frame), -(-half // frame)  # frames the filter sees past the edges
    return carried_frames(kept, cache, offset // frame, n // frame, front, back, compute)


def carried_clean(
    audio: np.ndarray, paths: LeakPaths, frame: int, cache: LookCache, offset: int, iterations: int = 3
) -> tuple[np.ndarray, np.ndarray]:
    """``cancel_leaks(audio, paths, iterations)`` and its frame powers, the samples and frames a look
    before computed with the same paths read from ``cache``.

    The canceller subtracts each channel's leak ``lag`` samples later, ``iterations`` times over:
    a sample's cancelled value reads at most ``iterations`` times the longest lag back, so past
    that far from the window's start (where the zeros before it show) it is the same in any
    window that holds it. ``offset`` is the session sample of ``audio[0]``, on the frame grid.
    """
    cache.for_paths(paths)
    n = len(audio)
    reach = iterations * max((lag for _, lag in paths.values()), default=0)
    kept = cache.clean
    lo = max(cache.clean_valid, offset + reach)
    hi = min(cache.clean_start + len(kept), offset + n) if kept is not None else lo
    if hi - lo > reach:
        clean = np.empty((n, audio.shape[1]), np.float32)
        clean[: lo - offset] = cancel_leaks(audio[: lo - offset], paths, iterations)
        clean[lo - offset : hi - offset] = kept[lo - cache.clean_start : hi - cache.clean_start]
        tail = max(0, hi - offset - reach)
        clean[hi - offset :] = cancel_leaks(audio[tail:], paths, iterations)[hi - offset - tail :]
        cache.hits += 1
    else:
        clean = cancel_leaks(audio, paths, iterations)
        cache.misses += 1
    cache.clean, cache.clean_start, cache.clean_valid = clean, offset, offset + reach

    def compute(a: int, b: int) -> np.ndarray:
        return frame_power(clean[a * frame : b * frame], frame)

    power = carried_frames(cache.clean_power, cache, offset // frame, n // frame, -(-reach // frame), 0, compute)
    return clean, power


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """[start, end) index pairs of True runs."""
    edges = np.diff(mask.astype(np.int8), prepend=0, append=0)
    return list(zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist(), strict=True))
