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

from dataclasses import dataclass, field

import numpy as np

from voice_scribe.audio.frames import frame_power
from voice_scribe.audio.onset import high_band
from voice_scribe.audio.session_frames import SessionFrames


@dataclass
class LookCache:
    """The segmenter's figures a live look reuses from the looks before, by session index.

    ``hiss``: each frame's high-band power (the weak-fricative walk, :func:`.onset.hiss_onsets`),
    for frames whose filter taps all lay inside the window they were computed in; ``ratios``: the
    loudness ratio of a channel over a span of session samples (:func:`.segment.loudness_ratio`),
    the oldest dropped past ``max_ratios``.
    """

    channels: int
    #: frames kept (the segmenter's 5 ms frames): more than a look's window
    keep_frames: int = 4000
    max_ratios: int = 4096
    hiss: SessionFrames = field(init=False, repr=False)
    ratios: dict[tuple[int, ...], tuple[float, int]] = field(default_factory=dict, init=False, repr=False)
    #: figures found / computed (for the benchmarks and tests)
    hits: int = field(default=0, init=False)
    misses: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self.hiss = SessionFrames(self.channels, self.keep_frames)

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


def hiss_power(
    audio: np.ndarray, rate: int, cutoff_hz: float, frame: int, cache: LookCache, offset: int, taps: int = 33
) -> np.ndarray:
    """``frame_power(high_band(audio, rate, cutoff_hz, taps), frame)``, the high band's power per frame that
    the weak-fricative walk reads, with the frames a look before computed read from ``cache``.

    ``offset`` is the session sample of ``audio[0]``, on the frame grid, and ``audio`` whole frames.
    A frame's high band needs ``taps // 2`` samples on either side: the window's first and last
    frames (whose filter reaches past its edges, into zeros) are computed for this window and never
    kept; every frame inside is the same in any window that holds it.
    """
    n = len(audio)
    frames = n // frame
    first = offset // frame
    rows, known = cache.hiss.get(first, frames)
    half = (taps - 1) // 2
    edge = -(-half // frame)  # frames at each end that the filter sees past
    known[:edge] = False
    known[max(0, frames - edge) :] = False
    fresh = ~known
    for a, b in _runs(fresh):
        lo, hi = max(0, a * frame - half), min(n, b * frame + half)
        band = high_band(audio[lo:hi], rate, cutoff_hz, taps)
        rows[a:b] = frame_power(band[a * frame - lo : b * frame - lo], frame)
    cache.hits += int(known.sum())
    cache.misses += int(fresh.sum())
    inside = np.zeros(frames, bool)
    inside[edge : max(edge, frames - edge)] = True
    cache.hiss.put(first, rows, fresh & inside)
    return rows


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """[start, end) index pairs of True runs."""
    edges = np.diff(mask.astype(np.int8), prepend=0, append=0)
    return list(zip(np.flatnonzero(edges == 1).tolist(), np.flatnonzero(edges == -1).tolist(), strict=True))
