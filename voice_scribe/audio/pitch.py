"""A cheap per-frame pitch (YIN on the low band), numpy only.

Used by the onset walk (:mod:`voice_scribe.audio.segment`): a voiced hum on a
player's microphone that a rival's copy cannot explain has the player's own
fundamental, not the rival's (whose own microphone shows it).

The signal is low-passed (windowed sinc) and decimated to ``rate / DECIMATE``;
each frame's cumulative mean normalised difference function (YIN, de
Cheveigné & Kawahara 2002) gives its period: the first lag whose value falls
under ``threshold``, at the bottom of that dip, refined by a parabola; the
value there is the frame's aperiodicity (0: perfectly periodic, about 1:
noise).

>>> rate = 16000
>>> t = np.arange(rate // 2) / rate
>>> hum = np.sin(2 * np.pi * 120 * t) + 0.5 * np.sin(2 * np.pi * 240 * t)
>>> f0, aperiodic = pitch_track(hum.astype(np.float32), rate, np.array([2000, 4000]))
>>> [round(float(f)) for f in f0]
[120, 120]
>>> bool((aperiodic < 0.1).all())
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

#: decimation factor before the difference function (16 kHz → 4 kHz)
DECIMATE = 4


@dataclass(frozen=True)
class PitchConfig:
    #: how far back (ms) an onset placed by its seat walks over frames where the own channel is not a
    #: rival's copy by pitch (:func:`voice_scribe.audio.onset.pitch_onset`; 0: never). Off by default:
    #: at 250 ms it wins 2 tuning races of 176 and loses 1 held out of 205, for 15-20 % more CPU on the
    #: file path and 25-30 % on the live path (docs/hearing.md « Races, seventh round »)
    back_ms: float = 0.0
    #: a rival counts where his predicted leak onto the own channel is within this (dB) of its power
    rival_db: float = 10.0
    #: the own channel is a copy of a voiced rival where its normalised difference at his period is under this
    copy_ap: float = 0.3
    #: frames (5 ms) the walk crosses where pitch cannot tell (an unvoiced rival), between frames it can
    gap_frames: int = 0
    #: the walk stops where the own channel's power falls under this (dB) over its noise floor
    floor_db: float = 12.0
    #: a frame no rival could explain counts as the own channel's (else as undecided)
    alone_is_own: bool = False
    #: a frame pitch cannot decide counts as the own channel's where its power is this much (dB) over the
    #: leak predicted from the others (inf: never)
    undecided_db: float = 3.0
    #: where each frame's window is centred, relative to the frame's centre (ms; negative: before it). A
    #: window centred on the frame hears a voice half a window before it starts, and the walk took the
    #: frames before an onset for the own voice's (0: centred)
    centre_ms: float = -16.0
    #: lowest and highest fundamental searched (Hz)
    f0_min: float = 70.0
    f0_max: float = 400.0
    #: window of the difference function (ms)
    window_ms: float = 32.0
    #: the first dip of the normalised difference under this is the period
    threshold: float = 0.25
    #: low-pass cutoff before decimation (Hz)
    cutoff_hz: float = 900.0


_TAPS = 63


def _lowpass(x: np.ndarray, rate: int, cutoff_hz: float, taps: int = _TAPS) -> np.ndarray:
    n = np.arange(taps) - (taps - 1) / 2
    h = (np.sinc(2 * cutoff_hz / rate * n) * 2 * cutoff_hz / rate * np.hamming(taps)).astype(np.float32)
    return np.convolve(x.astype(np.float32), h, mode="same")


def _frames(y: np.ndarray, starts: np.ndarray, length: int) -> np.ndarray:
    """Rows ``y[s : s + length]`` (zero-padded at the edges)."""
    pad = np.zeros(len(y) + 2 * length, np.float32)
    pad[length : length + len(y)] = y
    idx = (starts + length)[:, None] + np.arange(length)[None, :]
    return pad[np.clip(idx, 0, len(pad) - 1)]


def cmnd(x: np.ndarray, rate: int, centres: np.ndarray, cfg: PitchConfig = PitchConfig()) -> tuple[np.ndarray, int]:
    """``(d, lo)``: each frame's cumulative mean normalised difference ``d[frame, lag - lo]`` for lags
    ``lo .. hi`` (at the decimated rate ``rate / DECIMATE``), frames centred on the samples ``centres``."""
    sub = rate / DECIMATE
    w = max(8, int(round(cfg.window_ms * sub / 1000)))
    lo = max(2, int(np.floor(sub / cfg.f0_max)))
    hi = int(np.ceil(sub / cfg.f0_min))
    # only the span the frames read, and the filter's reach: a few hundred ms, not the whole channel
    margin = (w + hi + 2) * DECIMATE + _TAPS
    a = max(0, (int(np.min(centres)) - margin) // DECIMATE * DECIMATE)
    b = min(len(x), int(np.max(centres)) + margin)
    y = _lowpass(x[a:b], rate, cfg.cutoff_hz)[::DECIMATE]
    starts = (np.asarray(centres) - a) // DECIMATE - w // 2
    f = _frames(y, starts, w + hi + 1).astype(np.float64)
    head = f[:, :w]
    diff = np.empty((len(f), hi + 1))
    diff[:, 0] = 0.0
    for tau in range(1, hi + 1):
        e = head - f[:, tau : tau + w]
        diff[:, tau] = np.einsum("ij,ij->i", e, e)
    cum = np.cumsum(diff[:, 1:], axis=1)
    taus = np.arange(1, hi + 1)
    with np.errstate(invalid="ignore", divide="ignore"):
        d = np.where(cum > 1e-20, diff[:, 1:] * taus / cum, 1.0)
    return d[:, lo - 1 :], lo


def _dips(d: np.ndarray, lo: int, threshold: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each frame's period (decimated samples, parabola-refined), its value, and whether it fell under
    ``threshold`` (else the frame's lowest value is taken)."""
    n, m = d.shape
    rows = np.arange(n)
    under = d < threshold
    has = under.any(axis=1)
    k = np.where(has, np.argmax(under, axis=1), np.argmin(d, axis=1))
    for _ in range(m):  # slide to the bottom of the dip
        nxt = np.minimum(k + 1, m - 1)
        step = (k + 1 < m) & (d[rows, nxt] < d[rows, k])
        if not step.any():
            break
        k = np.where(step, nxt, k)
    left, mid, right = d[rows, np.maximum(k - 1, 0)], d[rows, k], d[rows, np.minimum(k + 1, m - 1)]
    denom = left - 2 * mid + right
    ok = (k > 0) & (k < m - 1) & (np.abs(denom) > 1e-12)
    shift = np.where(ok, 0.5 * (left - right) / np.where(ok, denom, 1.0), 0.0)
    return lo + k + np.clip(shift, -0.5, 0.5), mid, has


def pitch_track(
    x: np.ndarray, rate: int, centres: np.ndarray, cfg: PitchConfig = PitchConfig()
) -> tuple[np.ndarray, np.ndarray]:
    """``(f0, aperiodicity)`` of the frames centred on ``centres`` (samples of ``x``); f0 NaN where no lag
    falls under ``cfg.threshold`` (then the aperiodicity is the lowest value of the frame)."""
    if len(centres) == 0:
        return np.zeros(0), np.zeros(0)
    d, lo = cmnd(x, rate, centres, cfg)
    lag, ap, has = _dips(d, lo, cfg.threshold)
    return np.where(has, rate / DECIMATE / lag, np.nan), ap


def copy_test(
    own: np.ndarray, rivals: list[np.ndarray], relevant: np.ndarray, rate: int, centres: np.ndarray,
    cfg: PitchConfig = PitchConfig(), copy_ap: float = 0.2,
) -> np.ndarray:
    """Per frame: 1 where the own channel is not a copy of any rival that could explain it, -1 where it
    is one, 0 where pitch cannot tell.

    ``relevant[frame, k]``: rival ``k``'s leak could explain the own channel's sound there. A rival
    that is voiced on his own microphone (his period found) gives his period; the own channel is a
    copy of him where it is periodic at that period (its normalised difference there under
    ``copy_ap``): a reverberant copy keeps the source's period. It is not where every relevant
    rival is voiced and the own channel is not periodic at any of their periods (its own voice, or
    its own consonant, breaks the copy's periodicity). An unvoiced relevant rival (a fricative)
    leaves it undecided; so does a frame with no relevant rival.

    >>> rate = 16000
    >>> t = np.arange(rate // 2) / rate
    >>> rival = np.sin(2 * np.pi * 200 * t).astype(np.float32)
    >>> own_hum = (0.5 * rival + np.sin(2 * np.pi * 120 * t)).astype(np.float32)
    >>> centres, rel = np.array([2000, 4000]), np.ones((2, 1), bool)
    >>> copy_test(own_hum, [rival], rel, rate, centres).tolist()
    [1, 1]
    >>> copy_test((0.3 * rival).astype(np.float32), [rival], rel, rate, centres).tolist()
    [-1, -1]
    """
    n = len(centres)
    if n == 0:
        return np.zeros(0, np.int8)
    d_own, lo = cmnd(own, rate, centres, cfg)
    rows = np.arange(n)
    copy = np.zeros(n, bool)
    broken = np.ones(n, bool)
    any_rel = relevant.any(axis=1) if relevant.size else np.zeros(n, bool)
    for k, x in enumerate(rivals):
        rel = relevant[:, k]
        if not rel.any():
            continue
        lag, _, voiced = _dips(cmnd(x, rate, centres, cfg)[0], lo, cfg.threshold)
        at = np.clip(np.round(lag).astype(int) - lo, 0, d_own.shape[1] - 1)
        # the own channel's value at the rival's period, the best of the lag and its neighbours
        near = np.minimum(d_own[rows, at], np.minimum(d_own[rows, np.maximum(at - 1, 0)],
                                                         d_own[rows, np.minimum(at + 1, d_own.shape[1] - 1)]))
        periodic = near < copy_ap
        copy |= rel & voiced & periodic
        broken &= ~rel | (voiced & ~periodic)
    return np.where(copy, -1, np.where(broken & any_rel, 1, 0)).astype(np.int8)
