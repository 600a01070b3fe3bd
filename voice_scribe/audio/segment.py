"""Energy segmentation, crosstalk suppression and channel attribution.

Input: a block of audio, float32, shape (samples, channels), one microphone
per channel, on the session clock (sample 0 = session start). The design and
its measured figures are in docs/hearing.md.

1. Frame power per channel (``frame_ms`` frames), noise floor per channel.
2. Crosstalk cancellation at signal level: the direct path (gain + delay) by
   which mic c hears the speaker at mic d is estimated where d speaks alone,
   and ``y_c = x_c - sum_d g_cd * y_d(t - lag_cd)`` is solved by iteration.
3. Residual leak in the power domain (the room's tail): ``Q[c] = P[c] -
   margin * sum_d g[c, d] * hold(P[d])``, ``hold`` a ±delay max filter with
   an exponential release. What remains is (mostly) c's own speech.
4. Per-channel *bursts* on Q (hysteresis, gaps up to ``burst_gap_ms``
   bridged), judged one by one: a burst can open a segment only if it holds
   a *rise* of power that is its own — larger than what every other
   channel's simultaneous rise would leak onto it (``owned_rises``): the
   nearest microphone gets the largest share of a new sound before the
   room's reverberation builds up. A burst without one (a leak copy, a
   room's tail) can only extend a segment already open on its channel.
5. Duplicates: a sound heard on two microphones that survives (leak stronger
   than estimated, a player between two mics) is found by waveform
   coherence over the first ``burst_window_s`` of each opening burst: for
   burst i on channel c and every other channel d, the energy of d's
   component coherent with c (best lag within ``max_lag_ms``) gives the
   loudness ratio ``sqrt(E_c / E_coh_d)`` to the runner-up.
   ratio < 1/threshold: the sound is someone else's, louder elsewhere: drop.
   ratio < threshold: neither mic is clearly louder: keep the louder, flag
   ``ambiguous``. Otherwise the channel clearly owns it.
6. Bursts joined over ``hangover_ms`` into segments; the onset is the start
   of the opening rise, then moved back over a weak first consonant (« six »,
   « trois », « Fauvette »): while the own channel's high band (> 2.5 kHz)
   stays 6 dB above its level before and above the others' leak.

Seat fingerprints (:mod:`voice_scribe.audio.seats`, ``seat_attribution``,
on by default): each player's time differences between the microphones,
learnt from the table, give a per-frame response per seat that does not
depend on loudness. Where a seat speaks its channel's power is its own (no
leak subtracted), a burst whose seat stays silent opens nothing, a seat's
rise gives the onset, and a segment whose seat speaks is kept however loud
a rival's copy is (steps 3-6).

Whether a segment is speech at all (not a knock or rolling dice) is decided
after, on the emitted segments only: :mod:`voice_scribe.audio.vad`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from voice_scribe.audio.cancel import CancelConfig, Canceller, cancel, learn_canceller
from voice_scribe.audio.seats import SeatConfig, Seats, Spectra, SpectraCache, on_frames, phat, scores_from, seats_from

_EPS = 1e-12


@dataclass(frozen=True)
class SegmenterConfig:
    frame_ms: float = 5.0
    #: detection threshold above the noise floor / absolute floor (dB, dBFS)
    high_db: float = 20.0
    low_db: float = 12.0
    abs_high_dbfs: float = -50.0
    abs_low_dbfs: float = -62.0
    min_speech_ms: float = 30.0
    #: a run must last this long (or reach the high threshold) to open a segment
    onset_min_ms: float = 20.0
    hangover_ms: float = 300.0
    #: leak gain assumed when it cannot be estimated (dB of power)
    default_crosstalk_db: float = -9.0
    #: percentile of c/d power ratios, over frames where d speaks alone, taken as the leak
    leak_percentile: float = 50.0
    #: safety factor on the estimated leak (dB) before subtraction
    crosstalk_margin_db: float = 5.0
    #: max filter on the other channels' power (ms) for mic-to-mic delay
    delay_ms: float = 10.0
    #: release of the others' power when predicting leak: the room's tail (ms, 0: none)
    reverb_release_ms: float = 50.0
    #: loudness ratio (amplitude) under which two channels are undecided
    ratio_threshold: float = 1.25
    max_lag_ms: float = 10.0
    #: subtract each channel's estimated direct-path leak (gain + delay) at signal level
    cancel_leaks: bool = True
    #: window from the onset used for the coherence ratio (s)
    ratio_window_s: float = 1.0
    #: gaps (ms) bridged inside one burst of sound; bursts are judged one by one (own or leak)
    burst_gap_ms: float = 80.0
    #: window from a burst's start used for its coherence ratio (s)
    burst_window_s: float = 0.3
    #: a burst is a channel's own only if it holds a *rise* of power that no other channel's
    #: rise explains as leak: rise_c > owned_margin * g[c, d] * rise_d for every d (dB)
    owned_margin_db: float = 6.0
    #: a rise: power (10 ms) at least this much (dB) above its minimum over the previous 10-40 ms
    rise_db: float = 3.0
    #: how far back (ms) an onset is refined, on the own channel, to the start of its rise
    refine_ms: float = 40.0
    #: weak first consonants (« six », « trois », « Fauvette »): how far back (ms) an onset may move
    #: while the own channel's high band (above ``hiss_hz``) stays ``hiss_db`` over what came before
    hiss_back_ms: float = 250.0
    hiss_hz: float = 2500.0
    hiss_db: float = 6.0
    #: cancel each microphone's leak from the others with learnt room filters (:mod:`.cancel`)
    #: instead of a gain and a delay per pair; presence, rises and onsets are then read on it
    room_cancel: bool = False
    cancel: CancelConfig = CancelConfig()
    #: attribute by seat fingerprints (time differences between microphones, :mod:`.seats`)
    seat_attribution: bool = True
    seats: SeatConfig = SeatConfig()
    #: a seat is speaking where its steered response reaches this (0 silent, 1 alone in a dry room)
    seat_on: float = 0.1
    #: a burst whose seat response stays under this over its first ``seat_head_ms`` is another's leak
    seat_off: float = 0.05
    seat_head_ms: float = 200.0
    #: how far back (ms) an onset follows its seat's response down to ``seat_off``
    seat_back_ms: float = 150.0
    #: the seat's response rises this long (ms) before the sound (a 32 ms window, smoothed)
    seat_delay_ms: float = 10.0
    #: how long (ms) before its seat speaks an owned rise of power may open a segment
    seat_lead_ms: float = 40.0
    #: how far back (ms) an onset placed by its seat walks along the own channel's power over the
    #: leak it is predicted (a voiced hum before « deux »'s release carries the room's phases, not
    #: the seat's), never past the end of the channel's previous burst (0: never)
    own_back_ms: float = 120.0
    #: ... while its power stays ``own_db`` over the noise floor and ``own_margin_db`` over its leak
    own_db: float = 12.0
    own_margin_db: float = 6.0
    #: a burst is cut where its seat starts speaking after this long (ms) without (0: never), so that
    #: a rival's leak or a die rolled just before a shout does not make it a follower or swallow its onset
    seat_split_ms: float = 150.0


@dataclass(frozen=True)
class Segment:
    channel: int
    start: float
    end: float
    peak_dbfs: float
    loudness_ratio: float | None = None
    ambiguous: bool = False
    #: where the segment's seat first spoke, when it began with a sound its seat never made (a die,
    #: a rival's leak) and the seat's own burst joined it over the hangover: the speech check
    #: (:func:`.vad.keep_speech`) moves the onset there when what came before is not speech
    seat_rise: float | None = None

    @property
    def duration(self) -> float:
        return self.end - self.start


def frame_power(audio: np.ndarray, frame: int) -> np.ndarray:
    """Mean square per frame, shape (frames, channels); a partial last frame counts."""
    n, c = audio.shape
    frames = -(-n // frame)
    if n == frames * frame:
        x = audio.astype(np.float64)
    else:
        x = np.zeros((frames * frame, c), np.float64)
        x[:n] = audio
    np.square(x, out=x)  # in place, and the sum below in the same order as a mean: the same figures, 4× sooner
    return np.add.reduce(x.reshape(frames, frame, c), axis=1) / frame


def _max_filter(x: np.ndarray, width: int) -> np.ndarray:
    """Running max along axis 0 over ``2*width+1`` frames."""
    if width <= 0:
        return x
    out = x.copy()
    for k in range(1, width + 1):
        out[k:] = np.maximum(out[k:], x[:-k])
        out[:-k] = np.maximum(out[:-k], x[k:])
    return out


def noise_floor(power: np.ndarray) -> np.ndarray:
    """Per-channel noise power: the 10th percentile of frame power.

    Digital silence (below -100 dBFS: a stream not started yet, muted spans)
    is left out, or it would pull the floor under the real room noise.
    """
    out = np.empty(power.shape[1])
    for c in range(power.shape[1]):
        live = power[power[:, c] > 1e-10, c]
        out[c] = np.percentile(live, 10) if len(live) else _EPS
    return np.maximum(out, _EPS)


LeakPaths = dict[tuple[int, int], tuple[float, int]]


def _dominant_frames(power: np.ndarray, noise: np.ndarray, d: int) -> np.ndarray:
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
        dominant = _dominant_frames(power, noise, d)
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
        dominant = _dominant_frames(power, noise, d)
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
    return _release(_max_filter(power, width), alpha)


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
    audio: np.ndarray, rate: int, cfg: SegmenterConfig, *, cache: SpectraCache | None = None
) -> LeakModel:
    """Estimate the crosstalk of a (samples, channels) block.

    The model carries the block's whitened spectra (``cache``, or a new
    :class:`.seats.SpectraCache`) when seats are on: :func:`segment_audio`
    given this model reuses them for the frames it shares with the block.
    """
    if cfg.seat_attribution and audio.ndim == 2 and audio.shape[1] > 1:
        cache = cache if cache is not None else SpectraCache()
        model = _learn(audio, rate, cfg, phat(audio, rate, cfg.seats, cache=cache))[0]
        return replace(model, spectra=cache)
    return _learn(audio, rate, cfg)[0]


def _learn(
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


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """[start, end) index pairs of True runs."""
    if not mask.any():
        return []
    edges = np.diff(mask.astype(np.int8), prepend=0, append=0)
    return list(zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1), strict=True))


def _thresholds(noise: float, cfg: SegmenterConfig) -> tuple[float, float]:
    high = max(noise * 10 ** (cfg.high_db / 10), 10 ** (cfg.abs_high_dbfs / 10))
    low = max(noise * 10 ** (cfg.low_db / 10), 10 ** (cfg.abs_low_dbfs / 10))
    return high, low


def bursts_channel(q: np.ndarray, noise: float, cfg: SegmenterConfig) -> list[tuple[int, int]]:
    """Bursts of sound (frame indices) of one channel's own power.

    Runs above the low threshold bridged over gaps up to ``burst_gap_ms``; a
    burst needs ``min_speech_ms`` above the high threshold, and can only
    *start* with a run that holds a frame above the high threshold or lasts
    ``onset_min_ms``, so a lone blip of residual crosstalk does not pull the
    onset early. Bursts are what the leak test judges, one by one: a leak
    copy just before a player's own shout does not drag his onset early.
    """
    high, low = _thresholds(noise, cfg)
    gap = int(cfg.burst_gap_ms / cfg.frame_ms)
    min_high = max(1, int(cfg.min_speech_ms / cfg.frame_ms))
    min_start = max(1, int(cfg.onset_min_ms / cfg.frame_ms))
    merged: list[list[int]] = []
    for a, b in _runs(q >= low):
        if merged and a - merged[-1][1] <= gap:
            merged[-1][1] = b
        elif b - a >= min_start or bool((q[a:b] >= high).any()):
            merged.append([a, b])
    return [(a, b) for a, b in merged if int((q[a:b] >= high).sum()) >= min_high]


def _coherent_energy(x: np.ndarray, y: np.ndarray, max_lag: int) -> float:
    """Energy of y's component coherent with x at the best lag in ±max_lag."""
    ex = float(x @ x)
    if ex <= _EPS:
        return 0.0
    n = len(x) + len(y)
    size = 1 << (n - 1).bit_length()
    corr = np.fft.irfft(np.fft.rfft(y, size) * np.conj(np.fft.rfft(x, size)), size)
    lags = np.concatenate([corr[: max_lag + 1], corr[-max_lag:]]) if max_lag > 0 else corr[:1]
    best = float(np.max(np.abs(lags)))
    return best * best / ex


def loudness_ratio(audio: np.ndarray, channel: int, a: int, b: int, max_lag: int) -> tuple[float, int]:
    """(amplitude ratio of ``channel`` to its loudest coherent rival, rival)."""
    x = audio[a:b, channel].astype(np.float64)
    ex = float(x @ x)
    best, rival = 0.0, -1
    for d in range(audio.shape[1]):
        if d == channel:
            continue
        e = _coherent_energy(x, audio[a:b, d].astype(np.float64), max_lag)
        if e > best:
            best, rival = e, d
    if best <= _EPS:
        return float("inf"), rival
    return float(np.sqrt(ex / best)), rival


def _overlaps(s: Segment, t: Segment) -> bool:
    return s.start < t.end and t.start < s.end


def resolve_duplicates(
    audio: np.ndarray,
    rate: int,
    segments: list[Segment],
    cfg: SegmenterConfig,
    window_s: float | None = None,
    seat: np.ndarray | None = None,
) -> list[Segment]:
    """Drop crosstalk copies, set loudness ratios and ambiguous flags.

    The ratio is measured over ``window_s`` (default ``cfg.ratio_window_s``) from each segment's start.
    ``seat`` (each seat's response on the segmenter's frames): a segment whose
    seat speaks at its start is its channel's own, however loud a rival is —
    also when it is only a little louder than a rival's copy (ratio under
    ``ratio_threshold``) and that copy's segment louder still.
    """
    if audio.shape[1] == 1:
        return segments
    max_lag = int(cfg.max_lag_ms * rate / 1000)
    window = cfg.ratio_window_s if window_s is None else window_s
    rated: list[tuple[Segment, int]] = []
    for s in segments:
        a = int(round(s.start * rate))
        b = min(int(round(s.end * rate)), a + int(window * rate))
        ratio, rival = loudness_ratio(audio, s.channel, a, max(b, a + 1), max_lag)
        rated.append((replace(s, loudness_ratio=ratio), rival))
    kept: list[Segment] = []
    frame = max(1, int(round(cfg.frame_ms * rate / 1000)))
    for s, rival in rated:
        if seat is not None and s.loudness_ratio is not None and s.loudness_ratio < cfg.ratio_threshold:
            i = int(round(s.start * rate / frame))
            head = seat[i : i + max(1, int(cfg.seat_head_ms / cfg.frame_ms)), s.channel]
            if len(head) and not np.isnan(head[0]) and float(head.max()) >= cfg.seat_on:
                kept.append(s)  # his seat speaks: his own, under a louder rival
                continue
        if s.loudness_ratio is not None and s.loudness_ratio < 1.0 / cfg.ratio_threshold:
            continue  # someone else's shout, clearly louder on another mic
        if s.loudness_ratio is not None and s.loudness_ratio < cfg.ratio_threshold:
            twins = [t for t, _ in rated if t.channel == rival and _overlaps(s, t)]
            twin_louder = any((t.loudness_ratio or 0) > s.loudness_ratio for t in twins)
            if twin_louder:
                continue  # its twin on the rival channel is kept
            s = replace(s, ambiguous=True)
        kept.append(s)
    return kept


def segment_audio(
    audio: np.ndarray, rate: int, cfg: SegmenterConfig | None = None, leak: LeakModel | None = None
) -> list[Segment]:
    """Time-ordered speech segments of a (samples, channels) float block.

    ``leak`` is learnt from the block itself when not given.
    """
    cfg = cfg or SegmenterConfig()
    if audio.ndim == 1:
        audio = audio[:, None]
    if len(audio) == 0:
        return []
    frame = max(1, int(round(cfg.frame_ms * rate / 1000)))
    power = frame_power(audio, frame)
    noise = noise_floor(power)
    q = power
    clean = audio  # the audio with the direct-path leaks cancelled
    seat = None  # each seat's steered response on the segmenter's frames, when known
    if audio.shape[1] > 1:
        cache = leak.spectra if leak is not None else None
        spectra = phat(audio, rate, cfg.seats, cache=cache) if cfg.seat_attribution else None
        if leak is None:
            leak, clean = _learn(audio, rate, cfg, spectra)
        else:
            clean = cancelled(audio, leak, cfg)
        if clean is not audio:
            power = frame_power(clean, frame)
        gains = leak.power_gains(cfg.default_crosstalk_db)
        predicted = spread_power(power, cfg) @ gains.T  # each channel's leak from the others
        q = own_power(power, predicted, cfg)
        mine = np.where(power > predicted * 10 ** (cfg.own_margin_db / 10), power, 0.0)
        owned = owned_rises(power, gains, noise, cfg)
        if spectra is not None:
            seats = leak.seats if leak.seats is not None else seats_from(spectra, rate, cfg.seats)
            seat = seat_response(spectra, seats, len(power), frame, cfg)
            q = np.where(seat >= cfg.seat_on, power, q)  # where his seat speaks, his power is his own
    else:
        owned = np.ones_like(power, dtype=bool)
        mine = power
    openers, followers = [], []
    for c in range(audio.shape[1]):
        prev = 0  # where the channel's previous burst ended: an onset is not walked back past it
        for a, b, cut in _split_at_seat(bursts_channel(q[:, c], float(noise[c]), cfg), seat, c, cfg):
            first = _first_owned(owned[:, c], a, b)
            if seat is not None and not np.isnan(seat[0, c]):
                first = _seat_opening(seat[:, c], first, a, b, cfg)
                if first is not None:
                    first = _own_onset(mine[:, c], float(noise[c]), prev, first, cfg)
            if cut and first is not None:  # what comes before a cut is the sound it was cut from
                first = max(first, min(b - 1, a + int(round(cfg.seat_delay_ms / cfg.frame_ms))))
            if first is None:  # no rise of its own: another player's sound, the room's tail, or
                followers.append(_segment(c, a, b, power, frame, rate, len(audio)))  # the rest of a shout
            else:
                openers.append(_segment(c, _refine_onset(power[:, c], a, first, cfg), b, power, frame, rate, len(audio)))
            prev = b
    openers.sort(key=lambda s: (s.start, s.channel))
    joined = _join_bursts(resolve_duplicates(audio, rate, openers, cfg, cfg.burst_window_s, seat), followers, cfg,
                          _seat_spoke(seat, frame, rate, cfg))
    if cfg.hiss_back_ms <= 0:
        return joined
    gains = leak.power_gains(cfg.default_crosstalk_db) if leak is not None else np.zeros((audio.shape[1],) * 2)
    return _hiss_onsets(joined, frame_power(high_band(clean, rate, cfg.hiss_hz), frame), gains, frame, rate, cfg)


def seat_response(spectra: Spectra, seats: Seats, frames: int, frame: int, cfg: SegmenterConfig) -> np.ndarray:
    """``(frames, channels)`` each seat's steered response on the segmenter's frames; NaN for an unknown seat.

    Scaled to the chance level of four microphones (six pairs): with fewer
    pairs a silent seat's response wanders more (its spread goes as one over
    the square root of the pairs), so the same thresholds hold.
    """
    pairs = max(1, seats.channels * (seats.channels - 1) // 2)
    out = on_frames(scores_from(spectra, seats), frames, frame, cfg.seats) * np.sqrt(pairs / 6)
    out[:, ~seats.known] = np.nan
    return out


def _seat_opening(seat: np.ndarray, first: int | None, a: int, b: int, cfg: SegmenterConfig) -> int | None:
    """Where a burst of one channel opens a segment, by its seat's response: ``None`` if it is another's.

    A burst whose seat stays silent (under ``seat_off``) over its first
    ``seat_head_ms``, and never speaks after, is a leak copy, whatever its
    rise (one that starts as a rival's reverberant leak and holds its own
    player's shout later opens where his seat speaks). Where the seat
    speaks (``seat_on``) the segment opens at the start of that run of the
    response above ``seat_off`` (at most ``seat_back_ms`` earlier): the rise
    of his seat is his direct sound, not a rival's leak. An owned rise of
    power opens it instead when it comes first, but not more than
    ``seat_lead_ms`` before.
    """
    head = seat[a : min(b, a + max(1, int(cfg.seat_head_ms / cfg.frame_ms)))]
    speaking = np.flatnonzero(seat[a:b] >= cfg.seat_on)
    if len(speaking) == 0:
        return None if float(head.max()) < cfg.seat_off else first
    on = a + int(speaking[0])
    limit = max(0, on - int(cfg.seat_back_ms / cfg.frame_ms))
    top = on
    while on > limit and seat[on - 1] >= cfg.seat_off:
        on -= 1
    on = min(top, on + int(round(cfg.seat_delay_ms / cfg.frame_ms)))  # the response leads the sound
    if first is None or first < on - int(cfg.seat_lead_ms / cfg.frame_ms):
        return on
    return min(first, on)


def high_band(audio: np.ndarray, rate: int, cutoff_hz: float, taps: int = 33) -> np.ndarray:
    """The audio above ``cutoff_hz``: a windowed-sinc FIR high-pass (linear phase, delay compensated)."""
    n = np.arange(taps) - (taps - 1) / 2
    low = np.sinc(2 * cutoff_hz / rate * n) * 2 * cutoff_hz / rate * np.hamming(taps)
    h = -low
    h[(taps - 1) // 2] += 1.0
    out = np.empty(audio.shape, np.float32)
    for c in range(audio.shape[1]):
        out[:, c] = np.convolve(audio[:, c], h.astype(np.float32), mode="same")
    return out


def _hiss_onsets(
    segments: list[Segment], hiss: np.ndarray, gains: np.ndarray, frame: int, rate: int, cfg: SegmenterConfig
) -> list[Segment]:
    """Move each onset back over a weak fricative that starts the shout, on its own channel.

    From the detected onset, frames are taken back while the own channel's
    high-band power stays ``hiss_db`` above its level before (the 20th
    percentile 200-500 ms earlier) and above what the other channels' high
    band would leak onto it; never past the channel's previous segment.
    """
    back = int(cfg.hiss_back_ms / cfg.frame_ms)
    smooth = hiss.copy()
    smooth[1:-1] = (hiss[:-2] + hiss[1:-1] + hiss[2:]) / 3
    near = _max_filter(smooth, int(round(cfg.delay_ms / cfg.frame_ms)))
    factor = 10 ** (cfg.hiss_db / 10)
    out, prev_end = [], {}
    for s in sorted(segments, key=lambda s: (s.start, s.channel)):
        c, i = s.channel, int(round(s.start * rate / frame))
        before = smooth[max(0, i - 100) : max(0, i - 40), c]
        if len(before) < 10:
            out.append(s)
            prev_end[c] = s.end
            continue
        level = float(np.percentile(before, 20)) * factor
        stop = max(i - back, int(np.ceil(prev_end.get(c, 0.0) * rate / frame)), 0)
        others = [d for d in range(hiss.shape[1]) if d != c]
        leak = (near[stop:i][:, others] * gains[c, others]).max(axis=1, initial=0.0) * factor
        j = i
        while j > stop and smooth[j - 1, c] > level and smooth[j - 1, c] > leak[j - 1 - stop]:
            j -= 1
        if j < i:
            s = replace(s, start=float(j * frame / rate))
        out.append(s)
        prev_end[c] = s.end
    out.sort(key=lambda s: (s.start, s.channel))
    return out


def rises(power: np.ndarray, cfg: SegmenterConfig) -> np.ndarray:
    """New power per frame and channel: 10 ms power minus its minimum over the previous 10-40 ms (≥ 0)."""
    smooth = power.copy()
    smooth[1:] = 0.5 * (power[1:] + power[:-1])
    lo, hi = max(1, int(round(10 / cfg.frame_ms))), max(2, int(round(40 / cfg.frame_ms)))
    base = np.full_like(smooth, np.inf)
    for k in range(lo, hi + 1):
        base[k:] = np.minimum(base[k:], smooth[:-k])
    base[:lo] = smooth[:lo]
    rise = np.where(smooth >= base * 10 ** (cfg.rise_db / 10), smooth - base, 0.0)
    return np.maximum(rise, 0.0)


def owned_rises(power: np.ndarray, gains: np.ndarray, noise: np.ndarray, cfg: SegmenterConfig) -> np.ndarray:
    """``(frames, channels)`` True where a channel's rise is not the leak of another channel's rise.

    The closest microphone gets the largest share of a new sound's energy,
    before the room's reverberation builds up: a rise on c is c's own when,
    for every other channel d, it exceeds what d's rise (±``delay_ms``) would
    leak onto c (``g[c, d] * rise_d``) by ``owned_margin_db``. Two players
    starting together each own their rise; a loud player's leak does not.
    """
    r = rises(power, cfg)
    near = _max_filter(r, int(round(cfg.delay_ms / cfg.frame_ms)))
    margin = 10 ** (cfg.owned_margin_db / 10)
    out = np.zeros(power.shape, bool)
    for c in range(power.shape[1]):
        explained = np.zeros(len(power))
        for d in range(power.shape[1]):
            if d != c:
                explained = np.maximum(explained, margin * gains[c, d] * near[:, d])
        out[:, c] = (r[:, c] > explained) & (r[:, c] > noise[c] * 10 ** (cfg.low_db / 10))
    return out


def _first_owned(owned: np.ndarray, a: int, b: int) -> int | None:
    hits = np.flatnonzero(owned[a:b])
    return a + int(hits[0]) if len(hits) else None


def _own_onset(mine: np.ndarray, noise: float, prev: int, first: int, cfg: SegmenterConfig) -> int:
    """Walk an onset placed by its seat back along its own channel: while the channel's power
    (``mine``: zero where it is not ``own_margin_db`` over its leak prediction; 15 ms mean) stays
    ``own_db`` over its noise floor, at most ``own_back_ms``, never before ``prev`` (where the
    channel's previous burst ended).

    A seat's response rises with the released consonant; a voiced hum before it (« deux », « trois »)
    is the own channel's sound already, while a rival's shout it only copies stays under its leak
    prediction. The walk only moves through frames of the own channel's sound, so it does not go
    before the sound starts.

    >>> cfg = SegmenterConfig()
    >>> mine = np.array([0.0] * 10 + [1.0] * 20 + [2.0] * 10)
    >>> _own_onset(mine, 1e-3, 0, 30, cfg)
    10
    >>> _own_onset(mine, 1e-3, 25, 30, cfg)
    25
    """
    if cfg.own_back_ms <= 0:
        return first
    limit = max(prev, first - int(cfg.own_back_ms / cfg.frame_ms))
    level = noise * 10 ** (cfg.own_db / 10)
    i = first
    while i > limit and float(mine[max(0, i - 3) : i].mean()) > level:
        i -= 1
    return i


def _refine_onset(power: np.ndarray, a: int, first: int, cfg: SegmenterConfig) -> int:
    """The start of the rise that ``first`` belongs to: back while the power keeps falling, not before ``a``."""
    limit = max(a, first - int(round(cfg.refine_ms / cfg.frame_ms)))
    i = first
    while i > limit and power[i - 1] < power[i] and power[i - 1] > 0.0:
        i -= 1
    return i


def _segment(c: int, a: int, b: int, power: np.ndarray, frame: int, rate: int, n: int) -> Segment:
    return Segment(
        channel=c,
        start=float(a * frame / rate),
        end=float(min(b * frame, n) / rate),
        peak_dbfs=float(10 * np.log10(float(power[a:b, c].max()) + _EPS)),
    )


def _join_bursts(
    openers: list[Segment],
    followers: list[Segment],
    cfg: SegmenterConfig,
    spoke: Callable[[Segment], bool | None] | None = None,
) -> list[Segment]:
    """A channel's bursts bridged over ``hangover_ms`` into segments.

    Only an *opener* (a burst with a rise of its own, not a leak copy) starts a
    segment; a *follower* only extends one. The first burst gives onset and ratio.
    ``spoke`` (did a segment's seat speak in it; ``None``: unknown): an opener
    whose seat speaks, joining a segment whose seat never did, marks where
    (``Segment.seat_rise``); the onset stays the first burst's.
    """
    gap = cfg.hangover_ms / 1000
    last: dict[int, Segment] = {}
    out: list[Segment] = []
    follows = {id(s) for s in followers}
    for s in sorted([*openers, *followers], key=lambda s: (s.start, s.channel)):
        prev = last.get(s.channel)
        if id(s) in follows and (prev is None or s.start - prev.end > gap):
            continue  # opens nothing
        if prev is not None and s.start - prev.end <= gap:
            joined = replace(prev, end=max(prev.end, s.end), peak_dbfs=max(prev.peak_dbfs, s.peak_dbfs))
            if spoke is not None and id(s) not in follows and prev.seat_rise is None and spoke(s) and spoke(prev) is False:
                joined = replace(joined, seat_rise=s.start)
            out[out.index(prev)] = joined
            last[s.channel] = joined
        else:
            out.append(s)
            last[s.channel] = s
    out.sort(key=lambda s: (s.start, s.channel))
    return out


def _seat_spoke(
    seat: np.ndarray | None, frame: int, rate: int, cfg: SegmenterConfig
) -> Callable[[Segment], bool | None] | None:
    """``spoke(segment)``: did its seat's response reach ``seat_on`` in it (``None``: seat unknown)."""
    if seat is None:
        return None

    def spoke(s: Segment) -> bool | None:
        if np.isnan(seat[0, s.channel]):
            return None
        i = int(round(s.start * rate / frame))
        j = max(i + 1, int(round(s.end * rate / frame)))
        return bool(np.nanmax(seat[i:j, s.channel], initial=-1.0) >= cfg.seat_on)

    return spoke


def _split_at_seat(
    bursts: list[tuple[int, int]], seat: np.ndarray | None, channel: int, cfg: SegmenterConfig
) -> list[tuple[int, int, bool]]:
    """A channel's bursts ``(start, end, cut)``, each cut where its seat starts speaking after ``seat_split_ms`` without.

    A die rolled or a rival's leak on a channel, then its player's own shout
    before the sound dies down, make one burst: cut at the start of the
    seat's rise (back along its rising response, not under ``seat_off``, at
    most ``seat_back_ms``), each piece is judged on its own
    (:func:`_seat_opening`); ``cut`` says a piece starts at a cut. Unchanged
    without seats, or for an unknown seat.

    >>> cfg = SegmenterConfig(frame_ms=5.0)
    >>> seat = np.array([0.0] * 38 + [0.06, 0.08] + [0.2] * 10 + [0.3] * 10)[:, None]
    >>> _split_at_seat([(0, 60)], seat, 0, cfg)
    [(0, 38, False), (38, 60, True)]
    """
    if seat is None or np.isnan(seat[0, channel]) or cfg.seat_split_ms <= 0:
        return [(a, b, False) for a, b in bursts]
    return [piece for a, b in bursts for piece in _cut_burst(seat[:, channel], a, b, cfg)]


def _cut_burst(seat: np.ndarray, a: int, b: int, cfg: SegmenterConfig) -> list[tuple[int, int, bool]]:
    """One burst ``[a, b)`` cut at each rise of its seat after ``seat_split_ms`` without (:func:`_split_at_seat`)."""
    quiet = int(round(cfg.seat_split_ms / cfg.frame_ms))
    if b - a <= quiet:
        return [(a, b, False)]
    on = seat[a:b] >= cfg.seat_on
    cuts = []
    silent = 0
    for k in range(b - a):
        if on[k] and silent >= quiet:
            j = a + k
            limit = max(cuts[-1] + 1 if cuts else a + 1, j - int(cfg.seat_back_ms / cfg.frame_ms))
            while j > limit and cfg.seat_off <= seat[j - 1] < seat[j]:
                j -= 1
            cuts.append(j)
        silent = 0 if on[k] else silent + 1
    edges = [a, *cuts, b]
    return [(x, y, x != a) for x, y in zip(edges[:-1], edges[1:], strict=True) if y > x]


def attribute(segment: Segment, players: Sequence[str] | None) -> str | None:
    """The player at the segment's microphone, if channels are mapped to players."""
    if not players or segment.channel >= len(players):
        return None
    name = players[segment.channel]
    return name or None
