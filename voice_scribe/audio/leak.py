"""The leak model: how much of each player's voice the other microphones hear, learnt and removed.

Steps 2 and 3 of the segmenter (:mod:`.segment`; docs/hearing.md, « Segmentation and
attribution »): the direct path (gain + delay) by which one microphone hears another's speaker,
estimated where that speaker is alone and cancelled at signal level (:func:`estimate_leak_paths`,
:func:`cancel_leaks`; or the room's filters of :mod:`.cancel`), then the residual leak in the
power domain (:func:`estimate_leak`, :func:`spread_power`, :func:`own_power`). A
:class:`LeakModel` holds it all, with the seats' fingerprints; a live stream learns one per
window and merges it into what it knew (docs/hearing.md, « Live: StreamingHearing »).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import numpy as np

from voice_scribe.audio.cancel import Canceller, cancel, learn_canceller
from voice_scribe.audio.frames import SegmenterConfig, frame_power, max_filter, noise_floor
from voice_scribe.audio.seats import Seats, Spectra, SpectraCache, phat, seats_from


LeakPaths = dict[tuple[int, int], tuple[float, int]]


def dominant_frames(power: np.ndarray, noise: np.ndarray, d: int) -> np.ndarray:
    """Frames where channel d is loud and at least 9 dB above every other channel."""
    others = np.delete(power, d, axis=1)
    return (power[:, d] > noise[d] * 1e3) & (power[:, d] > 8 * others.max(axis=1, initial=0.0))


def estimate_leak_paths(
    audio: np.ndarray, power: np.ndarray, noise: np.ndarray, frame: int, max_lag: int, max_samples: int = 48_000
) -> LeakPaths:
    """``{(c, d): (gain, lag)}``: mic c hears the speaker at mic d ``lag`` samples later at ``gain``.

    Estimated by cross-correlation over frames where d clearly dominates
    (c's samples are read at their true position, so runs of frames need
    not be contiguous).
    """
    channels = audio.shape[1]
    paths: LeakPaths = {}
    for d in range(channels):
        dominant = dominant_frames(power, noise, d)
        if dominant.sum() < 20:
            continue
        frames = np.flatnonzero(dominant)
        if len(frames) * frame > max_samples:  # enough for a gain: keep evenly spread frames
            frames = frames[np.linspace(0, len(frames) - 1, max_samples // frame).astype(int)]
        idx = (frames[:, None] * frame + np.arange(frame)).ravel()
        idx = idx[idx + max_lag < len(audio)]
        xd = audio[idx, d].astype(np.float64)
        ed = float(xd @ xd)
        for c in range(channels):
            if c != d:
                # correlate c at t + lag with d at t (c hears d later, never earlier)
                corr = [float(audio[idx + lag, c].astype(np.float64) @ xd) for lag in range(max_lag + 1)]
                lag = int(np.argmax(np.abs(corr)))
                paths[(c, d)] = (corr[lag] / ed, lag)
    return paths


def cancel_leaks(audio: np.ndarray, paths: LeakPaths, iterations: int = 3) -> np.ndarray:
    """Subtract from each channel the other speakers' direct-path leak (gain + delay).

    The mics hear each other's leaks too, so the clean signals solve
    ``y_c = x_c - sum_d g_cd * y_d(t - lag_cd)``, by fixed-point iteration
    (each round cuts the error by another leak gain). A first-order
    canceller: of a real room's leak (a filter: reverberation) it removes the
    direct path only; the power-domain step handles the rest.
    """
    x = audio.astype(np.float32)
    y = x
    for _ in range(iterations):
        nxt = x.copy()
        for (c, d), (gain, lag) in paths.items():
            if lag:
                nxt[lag:, c] -= np.float32(gain) * y[:-lag, d]
            else:
                nxt[:, c] -= np.float32(gain) * y[:, d]
        y = nxt
    return y


def estimate_leak(
    power: np.ndarray, spread: np.ndarray, noise: np.ndarray, percentile: float = 35.0
) -> tuple[np.ndarray, np.ndarray]:
    """``(g, n)``: ``g[c, d]`` is the power on c over d's (spread) power when d
    alone speaks, from ``n[c, d]`` frames. NaN (and n = 0) where d never spoke
    alone; diagonal 0.
    """
    channels = power.shape[1]
    g = np.full((channels, channels), np.nan)
    n = np.zeros((channels, channels))
    for d in range(channels):
        dominant = dominant_frames(power, noise, d)
        if dominant.sum() < 20:
            continue
        for c in range(channels):
            if c != d:
                # a low percentile: the leak is a floor, c's own speech only adds to it
                g[c, d] = float(np.percentile(power[dominant, c] / spread[dominant, d], percentile))
                n[c, d] = float(dominant.sum())
    np.fill_diagonal(g, 0.0)
    return g, n


def _release(x: np.ndarray, alpha: float) -> np.ndarray:
    """Peak hold with exponential release along axis 0: ``y[t] = max_s<=t x[s] * alpha**(t-s)``.

    Computed in the log domain as a cumulative max, in blocks so that the
    ramp ``t * log(alpha)`` stays small.
    """
    if alpha <= 0.0:
        return x
    la = np.log(alpha)
    logx = np.log(np.maximum(x, 1e-30))
    out = np.empty_like(logx)
    carry = np.full(x.shape[1:], -np.inf)
    block = 4096
    for i in range(0, len(x), block):
        seg = logx[i : i + block]
        ramp = (np.arange(len(seg)) * la)[:, None] if seg.ndim == 2 else np.arange(len(seg)) * la
        acc = np.maximum.accumulate(np.concatenate([carry[None, ...], seg - ramp]), axis=0)[1:]
        out[i : i + block] = acc + ramp
        carry = out[i + len(seg) - 1] + la  # y[last] decayed by one step: the next block's t = 0
    return np.exp(out)


def spread_power(power: np.ndarray, cfg: SegmenterConfig) -> np.ndarray:
    """The others' power spread over ±``delay_ms`` (mic-to-mic delay) and held
    with a ``reverb_release_ms`` release (the room's tail)."""
    width = int(round(cfg.delay_ms / cfg.frame_ms))
    alpha = float(np.exp(-cfg.frame_ms / cfg.reverb_release_ms)) if cfg.reverb_release_ms > 0 else 0.0
    return _release(max_filter(power, width), alpha)


@dataclass(frozen=True)
class LeakModel:
    """What is known of the crosstalk: direct paths (signal) and residual power gains.

    ``support`` counts the frames (where the source spoke alone) behind each
    pair's estimate. A live stream learns a model per window and merges it
    into what it knew (:meth:`merged`), weighting by support, so that a
    player silent in the current window keeps his leak removed and a window
    with a few frames of evidence does not overrule a long history.
    """

    paths: LeakPaths
    gains: np.ndarray  # (channels, channels), NaN: unknown
    support: np.ndarray  # (channels, channels) frames
    #: the room's leak filters, when learnt (``SegmenterConfig.room_cancel``): they replace ``paths``
    canceller: Canceller | None = None
    #: each seat's time-difference fingerprint (``SegmenterConfig.seat_attribution``)
    seats: Seats | None = None
    #: the whitened spectra of frames already seen (:class:`.seats.SpectraCache`): a live stream's
    #: looks share most of their audio, and each look reuses what the last one computed
    spectra: SpectraCache | None = field(default=None, compare=False, repr=False)

    def merged(self, newer: LeakModel, max_support: float = 4000.0) -> LeakModel:
        n0, n1 = self.support, newer.support
        total = n0 + n1
        log0 = np.log(np.nan_to_num(self.gains, nan=1.0) + 1e-30)
        log1 = np.log(np.nan_to_num(newer.gains, nan=1.0) + 1e-30)
        with np.errstate(invalid="ignore", divide="ignore"):
            log_g = (n0 * log0 + n1 * log1) / total
        gains = np.where(total > 0, np.exp(log_g), np.nan)
        np.fill_diagonal(gains, 0.0)
        paths = dict(self.paths)
        for pair, (gain, lag) in newer.paths.items():
            old = paths.get(pair)
            w0, w1 = float(n0[pair]), float(n1[pair])
            if old is None or w0 == 0:
                paths[pair] = (gain, lag)
            elif old[1] == lag:
                paths[pair] = ((w0 * old[0] + w1 * gain) / (w0 + w1), lag)
            elif w1 > w0:
                paths[pair] = (gain, lag)
        canceller = newer.canceller
        if self.canceller is not None and newer.canceller is not None:
            canceller = self.canceller.merged(newer.canceller)
        elif newer.canceller is None:
            canceller = self.canceller
        seats = newer.seats if self.seats is None else self.seats
        if self.seats is not None and newer.seats is not None and self.seats.channels == newer.seats.channels:
            seats = self.seats.merged(newer.seats)
        cache = self.spectra if self.spectra is not None else newer.spectra
        if cache is not None and newer.spectra is not None:
            cache.absorb(newer.spectra)  # the newer block's frames, for the looks to come
        return LeakModel(paths, gains, np.minimum(total, max_support), canceller, seats, cache)

    def power_gains(self, default_db: float) -> np.ndarray:
        g = np.where(np.isnan(self.gains), 10 ** (default_db / 10), self.gains)
        np.fill_diagonal(g, 0.0)
        return g


def learn_leak(
    audio: np.ndarray, rate: int, cfg: SegmenterConfig, *, cache: SpectraCache | None = None,
    offset: int | None = None, session: object = None,
) -> LeakModel:
    """Estimate the crosstalk of a (samples, channels) block.

    The model carries the block's whitened spectra (``cache``, or a new
    :class:`.seats.SpectraCache`) when seats are on: :func:`segment_audio`
    given this model reuses them for the frames it shares with the block.
    ``offset``, ``session``: the block's first session sample and its session, for a live stream's
    cache (:func:`.seats.phat`).
    """
    if cfg.seat_attribution and audio.ndim == 2 and audio.shape[1] > 1:
        cache = cache if cache is not None else SpectraCache()
        model = learn_and_cancel(audio, rate, cfg, phat(audio, rate, cfg.seats, cache=cache, offset=offset, session=session))[0]
        return replace(model, spectra=cache)
    return learn_and_cancel(audio, rate, cfg)[0]


def learn_and_cancel(
    audio: np.ndarray, rate: int, cfg: SegmenterConfig, spectra: Spectra | None = None
) -> tuple[LeakModel, np.ndarray]:
    """The leak model of a block and the block with that leak cancelled.

    ``spectra``: the block's whitened spectra (:func:`.seats.phat`), when already computed.
    """
    seats = None
    if cfg.seat_attribution and audio.shape[1] > 1:
        spectra = spectra if spectra is not None else phat(audio, rate, cfg.seats)
        seats = seats_from(spectra, rate, cfg.seats)
    frame = max(1, int(round(cfg.frame_ms * rate / 1000)))
    power = frame_power(audio, frame)
    noise = noise_floor(power)
    paths: LeakPaths = {}
    canceller = None
    clean = audio
    if cfg.cancel_leaks and cfg.room_cancel and audio.shape[1] > 1:
        canceller = learn_canceller(audio, rate, cfg.cancel)
        clean = cancel(audio, canceller)
    elif cfg.cancel_leaks:
        paths = estimate_leak_paths(audio, power, noise, frame, int(cfg.max_lag_ms * rate / 1000))
        clean = cancel_leaks(audio, paths)
    if clean is not audio:
        power = frame_power(clean, frame)
    gains, support = estimate_leak(power, spread_power(power, cfg), noise, cfg.leak_percentile)
    return LeakModel(paths, gains, support, canceller, seats), clean


def cancelled(audio: np.ndarray, leak: LeakModel, cfg: SegmenterConfig) -> np.ndarray:
    """The audio with the others' leak removed from each channel, as the leak model knows it."""
    if not cfg.cancel_leaks:
        return audio
    if leak.canceller is not None:
        return cancel(audio, leak.canceller)
    return cancel_leaks(audio, leak.paths) if leak.paths else audio


def own_power(power: np.ndarray, leak: np.ndarray, cfg: SegmenterConfig) -> np.ndarray:
    """Power left on each channel once the others' leak (with margin) is subtracted."""
    return np.maximum(power - leak * 10 ** (cfg.crosstalk_margin_db / 10), 0.0)


def seat_owned(seat: np.ndarray, cfg: SegmenterConfig) -> np.ndarray:
    """Per frame and channel: is the channel's power its own by its seat (no leak subtracted)?

    Where its seat speaks (``seat_own``, 0: ``seat_on``) it is. With ``seat_own_lead`` set, also
    where its seat responds that much and leads every other seat at that frame (by
    ``seat_own_lead_ratio``: over that many times the strongest other; a shout's head under
    a rival: the power under the predicted leak is the player's); with ``seat_own_strict``, a seat that
    speaks while another leads keeps its power as leak. A seat not learnt (NaN) owns nothing.
    """
    speaks = seat >= (cfg.seat_own or cfg.seat_on)
    if cfg.seat_own_lead <= 0 or seat.shape[1] < 2:
        return speaks
    filled = np.nan_to_num(seat, nan=-np.inf)
    best = filled.max(axis=1, keepdims=True)
    second = np.sort(filled, axis=1)[:, -2:-1]
    rival = np.where(filled >= best, second, best)  # the strongest other seat, per frame and channel
    leads = filled > cfg.seat_own_lead_ratio * np.maximum(rival, 0.0)
    heads = leads & (seat >= cfg.seat_own_lead)
    return (speaks & leads if cfg.seat_own_strict else speaks) | heads
