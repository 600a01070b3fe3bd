"""The crosstalk (direct paths and power gains) pooled over everything a live stream has heard,
as the file path learns it over the whole recording.

The file path finds each direct path (:func:`.leak.estimate_leak_paths`) by correlating the
microphones over every frame where one speaker is alone, and learns each gain ``g[c, d]`` (:func:`.leak.estimate_leak`) as one percentile of
``power[c] / spread[d]`` over every frame of the recording where d speaks alone. A live stream
learns it on its last few seconds at each learning and merges the windows' percentiles
(:meth:`.leak.LeakModel.merged`): a weighted mean of the windows' percentiles is not the
percentile of all their frames, and a window with few frames of evidence moves it.
:class:`GainPool` keeps the ratio of every such frame once (by session frame), and gives the
percentile of all of them, and sums the paths' correlations over those frames: the file path's
estimate on the past (docs/hearing.md, « Live path, eighth round »). In a reverberant room a
speaker is 9 dB over every other microphone in few frames (70-1100 in a 2.5 min tuning room):
a 4 s window seldom holds the 20 it takes, so the live path learnt almost no direct path
where the file path cancels three.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from voice_scribe.audio.frames import EPS, SegmenterConfig
from voice_scribe.audio.leak import LeakPaths, dominant_frames
from voice_scribe.audio.seats import PooledFloor

#: fewer frames where a speaker is alone than this and his gains stay unknown (as ``estimate_leak``)
MIN_FRAMES = 20


@dataclass
class LeakPool:
    """Every frame's evidence of the crosstalk seen so far, and the file path's estimates from it.

    Each block (a live stream's learning window, overlapping the one before) is added twice:
    :meth:`add_raw`, its audio and raw frame powers (the noise floor's histogram; each frame where
    a speaker is alone, correlated with the other microphones for the direct paths), then, once
    cancelled with :meth:`paths`, :meth:`add_clean`, its frame powers and the others' spread power
    (each such frame's leak ratio, for the gains). Frames pooled already (before :attr:`upto_raw`,
    :attr:`upto`) are skipped, so each frame counts once. A frame is a speaker's alone against the
    noise floor of every frame pooled so far (their 10th percentile, as :func:`.frames.noise_floor`
    takes it over the whole recording), not the block's: a few seconds of a busy table have a
    floor raised by the talk. Only the newest ``keep_frames`` ratios of each source are kept.

    >>> pool = LeakPool(channels=2)
    >>> power = np.array([[1.0, 0.01]] * 30)
    >>> pool.add_clean(power, power, first=0, noise=np.array([1e-6, 1e-6]))
    >>> pool.add_clean(power, power, first=10, noise=np.array([1e-6, 1e-6]))  # 20 new, 10 pooled already
    >>> gains, support = pool.gains(50.0)
    >>> float(gains[1, 0]), float(support[1, 0]), bool(np.isnan(gains[0, 1]))
    (0.01, 40.0, True)
    """

    channels: int
    keep_frames: int = 60_000
    #: a direct path is used from this many frames where its source was alone (the file path: 20)
    path_frames: int = MIN_FRAMES
    #: session frame up to which every frame's ratio has been pooled
    upto: int = field(default=0, init=False)
    #: session frame up to which every frame's power and correlations have been pooled
    upto_raw: int = field(default=0, init=False)
    #: source d → (frames, channels) ratios power[c] / spread[d], one row per frame where d is alone
    _rows: dict[int, list[np.ndarray]] = field(default_factory=dict, init=False, repr=False)
    #: every pooled frame's raw power, for the noise floor (powers up to 1: 1000 bins of 0.1 dB)
    _floor: PooledFloor = field(init=False, repr=False)
    #: source d → (channels, lags) sums of mic c at t + lag times d at t over d's frames alone
    _corr: dict[int, np.ndarray] = field(default_factory=dict, init=False, repr=False)
    _energy: dict[int, float] = field(default_factory=dict, init=False, repr=False)
    _frames: dict[int, int] = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._floor = PooledFloor(self.channels, bins=1000, least=EPS)

    def noise(self) -> np.ndarray:
        """Each channel's noise floor: the 10th percentile of every frame pooled (0.1 dB bins)."""
        return self._floor.floor()

    def add_raw(self, audio: np.ndarray, power: np.ndarray, first: int, frame: int, max_lag: int) -> None:
        """Pool a block's raw frames: ``audio`` from session sample ``first * frame``, ``power``
        its frame powers. A frame is correlated once ``max_lag`` samples after it are heard."""
        whole = max(0, (len(audio) - max_lag) // frame)  # frames with every lag inside the block
        skip = max(0, self.upto_raw - first)
        if skip >= whole:
            return
        self._floor.add(power[skip:whole])
        noise = self.noise()
        for d in range(self.channels):
            dominant = dominant_frames(power[:whole], noise, d)
            dominant[:skip] = False
            if not dominant.any():
                continue
            idx = (np.flatnonzero(dominant)[:, None] * frame + np.arange(frame)).ravel()
            xd = audio[idx, d].astype(np.float64)
            corr = self._corr.setdefault(d, np.zeros((self.channels, max_lag + 1)))
            at = idx[:, None] + np.arange(max_lag + 1)  # (samples, lags): c at t + lag
            for c in range(self.channels):
                if c != d:
                    corr[c] += xd @ audio[:, c][at].astype(np.float64)
            self._energy[d] = self._energy.get(d, 0.0) + float(xd @ xd)
            self._frames[d] = self._frames.get(d, 0) + int(dominant.sum())
        self.upto_raw = first + whole

    def paths(self) -> LeakPaths:
        """``{(c, d): (gain, lag)}`` as :func:`.leak.estimate_leak_paths` finds them, on every
        frame pooled where d was alone (from :data:`MIN_FRAMES` of them)."""
        paths: LeakPaths = {}
        for d, corr in self._corr.items():
            if self._frames[d] < self.path_frames:
                continue
            for c in range(self.channels):
                if c != d:
                    lag = int(np.argmax(np.abs(corr[c])))
                    paths[(c, d)] = (float(corr[c, lag]) / self._energy[d], lag)
        return paths

    def add_clean(self, power: np.ndarray, spread: np.ndarray, first: int, noise: np.ndarray | None = None) -> None:
        """Pool a block's frame powers with the direct paths cancelled, from session frame ``first``
        (``noise``: the floor to judge a speaker alone against; the pooled raw one by default)."""
        skip = max(0, self.upto - first)
        if skip >= len(power):
            return
        noise = self.noise() if noise is None else noise
        for d in range(self.channels):
            dominant = dominant_frames(power, noise, d)
            dominant[:skip] = False
            if not dominant.any():
                continue
            ratios = power[dominant] / spread[dominant, d][:, None]
            rows = self._rows.setdefault(d, [])
            rows.append(ratios)
            if sum(len(r) for r in rows) > 2 * self.keep_frames:
                self._rows[d] = [np.concatenate(rows)[-self.keep_frames :]]
        self.upto = first + len(power)

    def gains(self, percentile: float) -> tuple[np.ndarray, np.ndarray]:
        """``(g, n)`` as :func:`.leak.estimate_leak` gives them: NaN and 0 where a source was never
        alone for :data:`MIN_FRAMES` frames; diagonal 0."""
        g = np.full((self.channels, self.channels), np.nan)
        n = np.zeros((self.channels, self.channels))
        for d, rows in self._rows.items():
            ratios = np.concatenate(rows)[-self.keep_frames :]
            if len(ratios) < MIN_FRAMES:
                continue
            for c in range(self.channels):
                if c != d:
                    g[c, d] = float(np.percentile(ratios[:, c], percentile))
                    n[c, d] = float(len(ratios))
        np.fill_diagonal(g, 0.0)
        return g, n
