"""Knowing the end of a shout the moment it is known: a per-frame energy watch.

The segmenter (:func:`voice_scribe.audio.segment.segment_audio`) is the one
judge of what a shout is, where it starts and where it ends; it costs tens of
milliseconds a look. :class:`EndWatch` costs next to nothing per frame: it
keeps each channel's raw frame power (the segmenter's frames, on the session
clock) against a threshold a little *below* the segmenter's low one, and says

* when a channel's run of sound has been followed by ``wait_s`` of quiet
  (:meth:`EndWatch.ended`): the moment a segment on it can be complete, so the
  live hearing looks then rather than at its next periodic look;
* whether anything is sounding at all, and since when (:meth:`EndWatch.earliest`):
  a quiet table needs no look, and the settled horizon can move on without one;
* whether a channel's own sound came back after a segment's end and may still be
  joined to it (:meth:`EndWatch.returning`): the segment is held then, in case
  that sound is the rest of the shout — not for a flicker.

Its memory of those frames, and the live hearing's of its recent audio, is a
:class:`RecentRows`: rows appended at the end of one preallocated array and
dropped from its front, read as one contiguous view without a copy.

Why it is safe: the segmenter's own power is the raw power less the others'
leak, and a burst needs it over the low threshold, so a frame the watch calls
quiet (raw power ``margin_db`` under that threshold) holds no burst. The
thresholds follow the noise floor of the last analysed window.

>>> watch = EndWatch(channels=2, rate=16000, cfg=SegmenterConfig())
>>> watch.watch(np.zeros((1600, 2), np.float32), offset=0)
>>> watch.ended(now=0.1, wait_s=0.35)
[]
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from voice_scribe.audio.frames import frame_power, noise_floor
from voice_scribe.audio.leak import LeakModel
from voice_scribe.audio.segment import SegmenterConfig


#: how much of each channel's own sound the watch remembers (s): enough for a hangover and more
HISTORY_S = 3.0
#: a channel's own sound shorter than this is a flicker of leak left over: it calls for no look of
#: its own and holds no shout once over (s)
MIN_RUN_S = 0.05


@dataclass
class RecentRows:
    """The last rows of a stream (``(rows, channels)``: samples or frames), kept in one
    preallocated array: appended at its end, dropped from its front.

    :attr:`rows` is always one contiguous view, no copy. When the array is full, the rows kept
    move to a fresh array (of ``capacity`` rows, or twice what must fit when that is more): each
    row is copied once per ``capacity`` − kept rows appended, rather than the whole of them at
    every append as joining arrays would. Rows are never written over, so a view handed out
    keeps its values. :attr:`start` is the stream index of ``rows[0]``.

    >>> recent = RecentRows(channels=2, dtype=np.float32, capacity=4)
    >>> recent.extend(np.ones((3, 2)))
    >>> recent.pad(2)
    >>> recent.drop(1)
    >>> recent.rows.tolist(), recent.start, recent.end
    ([[1.0, 1.0], [1.0, 1.0], [0.0, 0.0], [0.0, 0.0]], 1, 5)
    """

    channels: int
    dtype: type
    capacity: int
    #: stream index of the first row kept
    start: int = 0
    _array: np.ndarray = field(init=False, repr=False)
    _begin: int = field(default=0, init=False)  # array row of rows[0]
    _end: int = field(default=0, init=False)  # array row after the last

    def __post_init__(self) -> None:
        self._array = np.empty((max(1, self.capacity), self.channels), self.dtype)

    def __len__(self) -> int:
        return self._end - self._begin

    @property
    def rows(self) -> np.ndarray:
        """The rows kept, oldest first (a view)."""
        return self._array[self._begin : self._end]

    @property
    def end(self) -> int:
        """Stream index after the last row kept."""
        return self.start + len(self)

    def extend(self, rows: np.ndarray) -> None:
        """Append ``rows`` (cast to the dtype, as ``astype`` casts)."""
        self._room(len(rows))[:] = rows

    def pad(self, count: int) -> None:
        """Append ``count`` rows of zeros (silence over dropped frames)."""
        self._room(count)[:] = 0

    def drop(self, count: int) -> None:
        """Forget the ``count`` oldest rows (none when ``count`` ≤ 0)."""
        count = max(0, min(count, len(self)))
        self._begin += count
        self.start += count

    def restart(self, start: int) -> None:
        """Forget every row; the next appended is stream index ``start``."""
        self._begin = self._end
        self.start = start

    def _room(self, count: int) -> np.ndarray:
        """The ``count`` array rows after the last kept, moving the kept rows to a fresh array
        when they do not fit."""
        if self._end + count > len(self._array):
            kept = len(self)
            array = np.empty((max(self.capacity, 2 * (kept + count)), self.channels), self.dtype)
            array[:kept] = self.rows
            self._array, self._begin, self._end = array, 0, kept
        self._end += count
        return self._array[self._end - count : self._end]


@dataclass(frozen=True)
class Run:
    """A channel's sound, from its first loud frame to its last (session seconds)."""

    channel: int
    start: float
    end: float


@dataclass
class EndWatch:
    channels: int
    rate: int
    cfg: SegmenterConfig
    #: how far under the segmenter's low threshold (dB) a frame still counts as sound
    margin_db: float = 3.0
    #: how much of each channel's raw frame power is kept (s): a look's window's, so that
    #: :meth:`calibrate` reads it rather than computing it again
    power_s: float = HISTORY_S
    _frame: int = field(init=False)
    _upto: int = field(default=0, init=False)  # session sample watched so far (whole frames)
    _low: np.ndarray = field(init=False, repr=False)
    _leak: np.ndarray = field(init=False, repr=False)  # raw power each channel takes from each other one
    _heard: list[float | None] = field(init=False, repr=False)  # first raw sound since the last look
    _start: list[float | None] = field(init=False, repr=False)  # current own run's first frame
    _last: list[float] = field(init=False, repr=False)  # current own run's last frame end
    #: the recent own frames of each channel (``(frames, channels)``, over the low threshold);
    #: its start is a session frame
    _own: RecentRows = field(init=False, repr=False)
    #: the recent raw frame powers (``(frames, channels)``), from a session frame
    _power: RecentRows = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._frame = max(1, int(round(self.cfg.frame_ms * self.rate / 1000)))
        # before any noise is known: the segmenter's absolute floor, the lowest it ever uses
        self._low = np.full(self.channels, 10 ** ((self.cfg.abs_low_dbfs - self.margin_db) / 10))
        self._own = RecentRows(self.channels, bool, 2 * self._history_frames())
        self._power = RecentRows(self.channels, np.float64, 2 * self._frames(self.power_s))
        self._leak = np.zeros((self.channels, self.channels))
        self._heard = [None] * self.channels
        self._start = [None] * self.channels
        self._last = [0.0] * self.channels

    @property
    def frame(self) -> int:
        """Samples per frame (the segmenter's)."""
        return self._frame

    def calibrate(self, audio: np.ndarray, leak: LeakModel | None = None, offset: int | None = None) -> None:
        """After a look: thresholds from the noise floor of ``audio`` (the window the segmenter
        just analysed), and the crosstalk it removes (a channel's own sound ends when it does,
        not when the last player still talking next to it stops). Sound heard from now on is new.

        ``offset``: the session sample of ``audio[0]``, when it is audio the watch has seen: its
        frame powers are then those the watch computed as frames arrived, not computed again.
        """
        self._heard = [None] * self.channels
        if leak is not None:
            self._leak = raw_leak(leak, self.cfg)
        if len(audio) >= self._frame:
            noise = noise_floor(self.window_power(audio, offset))
            low = np.maximum(noise * 10 ** (self.cfg.low_db / 10), 10 ** (self.cfg.abs_low_dbfs / 10))
            self._low = low * 10 ** (-self.margin_db / 10)

    def watch(self, audio: np.ndarray, offset: int) -> None:
        """Look at the whole frames not seen yet of ``audio`` (``audio[0]`` is session sample ``offset``)."""
        begin = max(self._upto, offset)
        begin += -begin % self._frame  # frames stay on the session's frame grid
        whole = (offset + len(audio) - begin) // self._frame
        if whole <= 0:
            return
        power = frame_power(audio[begin - offset : begin - offset + whole * self._frame], self._frame)
        heard = power >= self._low
        near = power.copy()  # the others' power over the mic-to-mic delay, as the segmenter spreads it
        for k in range(1, int(round(self.cfg.delay_ms / self.cfg.frame_ms)) + 1):
            near[k:] = np.maximum(near[k:], power[:-k])
            near[:-k] = np.maximum(near[:-k], power[k:])
        own = power - near @ self._leak.T >= self._low * 10 ** (self.margin_db / 10)
        self._remember(begin // self._frame, own)
        self._keep_power(begin // self._frame, power)
        for c in range(self.channels):
            raw = np.flatnonzero(heard[:, c])
            if len(raw) and self._heard[c] is None:
                self._heard[c] = self._time(begin, int(raw[0]))
            hits = np.flatnonzero(own[:, c])
            if len(hits):
                if self._start[c] is None:
                    self._start[c] = self._time(begin, int(hits[0]))
                self._last[c] = self._time(begin, int(hits[-1]) + 1)
        self._upto = begin + whole * self._frame

    def ended(self, now: float, wait_s: float) -> list[Run]:
        """The own runs followed by ``wait_s`` of quiet by ``now``, each reported once."""
        out = []
        for c in range(self.channels):
            start = self._start[c]
            if start is not None and self._last[c] + wait_s <= now:
                out.append(Run(c, start, self._last[c]))
                self._start[c] = None
        return out

    def last_sound(self, channel: int) -> float | None:
        """End of the channel's last own sound that was more than a flicker (None: none heard).

        Its runs of own frames are bridged over ``burst_gap_ms`` as the segmenter bridges them;
        a run shorter than ``MIN_RUN_S`` is a flicker. A shout may be complete a hangover after
        this, although a flicker since keeps the channel's run (:meth:`ended`) going.

        >>> watch = EndWatch(channels=1, rate=16000, cfg=SegmenterConfig())
        >>> watch.watch(np.zeros((1600, 1), np.float32), offset=0)
        >>> watch.last_sound(0) is None
        True
        """
        for start, last in reversed(self._runs(channel, 0)):
            if (last - start) * self._frame / self.rate >= MIN_RUN_S:
                return (self._own.start + last) * self._frame / self.rate
        return None

    def _runs(self, channel: int, first: int) -> list[tuple[int, int]]:
        """The channel's remembered runs of own frames from history row ``first`` on, bridged over
        ``burst_gap_ms``: ``[start, end)`` history rows."""
        hits = np.flatnonzero(self._own.rows[first:, channel]) + first
        if not len(hits):
            return []
        gap = max(1, int(round(self.cfg.burst_gap_ms / self.cfg.frame_ms)))
        breaks = np.flatnonzero(np.diff(hits) > gap)
        starts = np.concatenate([[hits[0]], hits[breaks + 1]])
        ends = np.concatenate([hits[breaks], [hits[-1]]]) + 1
        return [(int(a), int(b)) for a, b in zip(starts, ends, strict=True)]

    def sounding(self, min_s: float = 0.0) -> float | None:
        """First frame of the own runs still going that have lasted ``min_s`` (None: none)."""
        starts = [s for s, last in zip(self._start, self._last, strict=True) if s is not None and last - s >= min_s]
        return min(starts) if starts else None

    def returning(self, channel: int, after: float, within: float, now: float, quiet: float) -> float | None:
        """Onset of the channel's own sound that came back after ``after`` (a segment's end)
        and began within ``within`` of it, while it may still be joined to that segment (None:
        nothing came back, or what did cannot be joined any more).

        That sound is the channel's last run of own frames after ``after`` (gaps up to
        ``burst_gap_ms`` bridged, as the segmenter bridges them). It may still be joined while
        it goes on or has been quiet less than ``quiet`` (the live hearing's wait), unless it
        was a flicker: shorter than ``MIN_RUN_S`` and quiet for ``burst_gap_ms``, it holds
        nothing (the segmenter makes no burst of it).

        >>> watch = EndWatch(channels=1, rate=16000, cfg=SegmenterConfig())
        >>> watch.watch(np.zeros((16000, 1), np.float32), offset=0)
        >>> watch.returning(0, after=0.5, within=0.3, now=1.0, quiet=0.35) is None
        True
        """
        first = max(0, int(np.ceil(after * self.rate / self._frame - 1e-9)) - self._own.start)
        runs = self._runs(channel, first)
        if not runs:
            return None
        start, last = runs[-1]
        seconds = self._frame / self.rate
        onset, silent = (self._own.start + start) * seconds, now - (self._own.start + last) * seconds
        if onset > after + within or silent > quiet:
            return None  # too late to be joined (a new shout, if anything), or long over
        if (last - start) * seconds < MIN_RUN_S and silent > self.cfg.burst_gap_ms / 1000:
            return None  # a flicker of leak left over, over
        return onset

    def earliest(self) -> float | None:
        """First sound (leak included) heard since the last look: no new shout can begin before."""
        heard = [s for s in self._heard if s is not None]
        return min(heard) if heard else None

    def _remember(self, first: int, own: np.ndarray) -> None:
        """Keep the own frames of the last ``HISTORY_S`` (``first``: session frame of ``own[0]``)."""
        if not len(self._own) or first != self._own.end:
            self._own.restart(first)  # the first frames, or after a gap
        self._own.extend(own)
        self._own.drop(len(self._own) - self._history_frames())

    def _history_frames(self) -> int:
        return self._frames(HISTORY_S)

    def _frames(self, seconds: float) -> int:
        return int(seconds * self.rate / self._frame)

    def _keep_power(self, first: int, power: np.ndarray) -> None:
        """Keep the raw frame powers of the last ``power_s`` (``first``: session frame of ``power[0]``)."""
        if not len(self._power) or first != self._power.end:
            self._power.restart(first)
        self._power.extend(power)
        self._power.drop(len(self._power) - self._frames(self.power_s))

    def window_power(self, audio: np.ndarray, offset: int | None) -> np.ndarray:
        """``frame_power(audio)``: the kept powers when they cover ``audio`` (whole frames on the
        session's grid, from session sample ``offset``), the same figures (a frame's power is its
        own samples'), else computed."""
        frames = len(audio) // self._frame
        if offset is not None and offset % self._frame == 0 and len(audio) == frames * self._frame:
            first = offset // self._frame - self._power.start
            if first >= 0 and first + frames <= len(self._power):
                return self._power.rows[first : first + frames]
        return frame_power(audio, self._frame)

    def _time(self, begin: int, frame: int) -> float:
        return (begin + frame * self._frame) / self.rate


def raw_leak(leak: LeakModel, cfg: SegmenterConfig) -> np.ndarray:
    """``g[c, d]``: the raw power channel c takes from channel d's (the direct path the segmenter
    cancels and the residual it subtracts), with the segmenter's margin: frame powers do not add
    like signals, so the watch cannot cancel as finely and errs towards « quiet » (a look too
    early finds the shout still going and costs nothing else)."""
    g = leak.power_gains(cfg.default_crosstalk_db)
    for (c, d), (gain, _lag) in leak.paths.items():
        g[c, d] += gain * gain
    return g * 10 ** (cfg.crosstalk_margin_db / 10)
