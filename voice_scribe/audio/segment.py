"""Energy segmentation, crosstalk suppression and channel attribution.

Input: a block of audio, float32, shape (samples, channels), one microphone
per channel, on the session clock (sample 0 = session start).

1. Frame power per channel (``frame_ms`` frames).
2. Crosstalk suppression in the power domain: for each pair of channels the
   leak gain ``g[c, d]`` (power on c when only d speaks) is estimated from
   frames where d clearly dominates; then ``Q[c] = P[c] - margin * sum_d
   g[c, d] * P[d]`` (P[d] max-filtered over a few frames for acoustic delay).
   What remains is (mostly) c's own speech.
3. Per-channel hysteresis VAD on Q: a segment is a run above the low
   threshold, bridged over gaps shorter than ``hangover_ms``, kept if it holds
   at least ``min_speech_ms`` above the high threshold. Its onset is the
   first frame above the low threshold (the *energy onset*).
4. Duplicates: a sound heard on two microphones that survives step 2 (leak
   stronger than estimated, a player between two mics) is found by waveform
   coherence: for segment i on channel c and every other channel d, the
   energy of d's component coherent with c (best lag within ``max_lag_ms``)
   gives the loudness ratio ``sqrt(E_c / E_coh_d)`` to the runner-up.
   ratio < 1/threshold: the sound is someone else's, louder elsewhere: drop.
   ratio < threshold: neither mic is clearly louder: keep the louder, flag
   ``ambiguous``. Otherwise the channel clearly owns it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

_EPS = 1e-12


@dataclass(frozen=True)
class SegmenterConfig:
    frame_ms: float = 5.0
    #: detection threshold above the noise floor / absolute floor (dB, dBFS)
    high_db: float = 20.0
    low_db: float = 9.0
    abs_high_dbfs: float = -50.0
    abs_low_dbfs: float = -62.0
    min_speech_ms: float = 60.0
    hangover_ms: float = 300.0
    #: leak gain assumed when it cannot be estimated (dB of power)
    default_crosstalk_db: float = -9.0
    #: safety factor on the estimated leak (dB) before subtraction
    crosstalk_margin_db: float = 3.0
    #: max filter on the other channels' power (ms) for mic-to-mic delay
    delay_ms: float = 10.0
    #: loudness ratio (amplitude) under which two channels are undecided
    ratio_threshold: float = 1.25
    max_lag_ms: float = 10.0
    #: subtract each channel's estimated leak (gain + delay) at signal level
    cancel_leaks: bool = True
    #: window from the onset used for the coherence ratio (s)
    ratio_window_s: float = 1.0


@dataclass(frozen=True)
class Segment:
    channel: int
    start: float
    end: float
    peak_dbfs: float
    loudness_ratio: float | None = None
    ambiguous: bool = False

    @property
    def duration(self) -> float:
        return self.end - self.start


def frame_power(audio: np.ndarray, frame: int) -> np.ndarray:
    """Mean square per frame, shape (frames, channels); a partial last frame counts."""
    n, c = audio.shape
    frames = -(-n // frame)
    padded = np.zeros((frames * frame, c), np.float64)
    padded[:n] = audio
    return (padded.reshape(frames, frame, c) ** 2).mean(axis=1)


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
    """Per-channel noise power: the 10th percentile of frame power."""
    return np.maximum(np.percentile(power, 10, axis=0), _EPS)


def estimate_leak(power: np.ndarray, noise: np.ndarray, default_db: float) -> np.ndarray:
    """``g[c, d]``: power ratio on c when d alone speaks (diagonal 0)."""
    channels = power.shape[1]
    g = np.full((channels, channels), 10 ** (default_db / 10))
    for d in range(channels):
        others = np.delete(power, d, axis=1)
        dominant = (power[:, d] > noise[d] * 1e3) & (power[:, d] > 8 * others.max(axis=1, initial=0.0))
        if dominant.sum() < 20:
            continue
        for c in range(channels):
            if c != d:
                g[c, d] = float(np.percentile(power[dominant, c] / power[dominant, d], 50))
    np.fill_diagonal(g, 0.0)
    return g


def leak_power(power: np.ndarray, cfg: SegmenterConfig, noise: np.ndarray) -> np.ndarray:
    """Predicted crosstalk power on each channel (no safety margin)."""
    if power.shape[1] == 1:
        return np.zeros_like(power)
    g = estimate_leak(power, noise, cfg.default_crosstalk_db)
    width = int(round(cfg.delay_ms / cfg.frame_ms))
    return _max_filter(power, width) @ g.T


def own_power(power: np.ndarray, leak: np.ndarray, cfg: SegmenterConfig) -> np.ndarray:
    """Power left on each channel once the others' leak (with margin) is subtracted."""
    return np.maximum(power - leak * 10 ** (cfg.crosstalk_margin_db / 10), 0.0)


def cancel_leaks(audio: np.ndarray, power: np.ndarray, noise: np.ndarray, frame: int, max_lag: int) -> np.ndarray:
    """Subtract from each channel the others' signals at the estimated gain and delay.

    For each pair (c, d), gain and delay come from the cross-correlation of c
    with d over frames where d clearly dominates. A first-order canceller: a
    real room's leak is a filter (reverb), of which this removes the direct
    path; the power-domain margin handles the rest.
    """
    channels = audio.shape[1]
    out = audio.astype(np.float32, copy=True)
    for d in range(channels):
        others = np.delete(power, d, axis=1)
        dominant = (power[:, d] > noise[d] * 1e3) & (power[:, d] > 8 * others.max(axis=1, initial=0.0))
        if dominant.sum() < 20:
            continue
        idx = (np.flatnonzero(dominant)[:, None] * frame + np.arange(frame)).ravel()
        idx = idx[idx < len(audio)]
        xd = audio[idx, d].astype(np.float64)
        ed = float(xd @ xd)
        for c in range(channels):
            if c == d:
                continue
            xc = audio[idx, c].astype(np.float64)
            best_lag, best = 0, 0.0
            for lag in range(0, max_lag + 1):  # c hears d later, never earlier
                v = float(xc[lag:] @ xd[: len(xd) - lag]) if lag else float(xc @ xd)
                if abs(v) > abs(best):
                    best_lag, best = lag, v
            gain = best / ed
            shifted = np.zeros(len(audio), np.float32)
            shifted[best_lag:] = audio[: len(audio) - best_lag, d] if best_lag else audio[:, d]
            out[:, c] -= np.float32(gain) * shifted
    return out


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """[start, end) index pairs of True runs."""
    if not mask.any():
        return []
    edges = np.diff(mask.astype(np.int8), prepend=0, append=0)
    return list(zip(np.flatnonzero(edges == 1), np.flatnonzero(edges == -1), strict=True))


def vad_channel(q: np.ndarray, noise: float, cfg: SegmenterConfig) -> list[tuple[int, int]]:
    """Speech runs (frame indices) of one channel's own power."""
    high = max(noise * 10 ** (cfg.high_db / 10), 10 ** (cfg.abs_high_dbfs / 10))
    low = max(noise * 10 ** (cfg.low_db / 10), 10 ** (cfg.abs_low_dbfs / 10))
    gap = int(cfg.hangover_ms / cfg.frame_ms)
    min_high = max(1, int(cfg.min_speech_ms / cfg.frame_ms))
    merged: list[list[int]] = []
    for a, b in _runs(q >= low):
        if merged and a - merged[-1][1] <= gap:
            merged[-1][1] = b
        else:
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


def resolve_duplicates(audio: np.ndarray, rate: int, segments: list[Segment], cfg: SegmenterConfig) -> list[Segment]:
    """Drop crosstalk copies, set loudness ratios and ambiguous flags."""
    if audio.shape[1] == 1:
        return segments
    max_lag = int(cfg.max_lag_ms * rate / 1000)
    rated: list[tuple[Segment, int]] = []
    for s in segments:
        a = int(round(s.start * rate))
        b = min(int(round(s.end * rate)), a + int(cfg.ratio_window_s * rate))
        ratio, rival = loudness_ratio(audio, s.channel, a, max(b, a + 1), max_lag)
        rated.append((replace(s, loudness_ratio=ratio), rival))
    kept: list[Segment] = []
    for s, rival in rated:
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


def segment_audio(audio: np.ndarray, rate: int, cfg: SegmenterConfig | None = None) -> list[Segment]:
    """Time-ordered speech segments of a (samples, channels) float block."""
    cfg = cfg or SegmenterConfig()
    if audio.ndim == 1:
        audio = audio[:, None]
    if len(audio) == 0:
        return []
    frame = max(1, int(round(cfg.frame_ms * rate / 1000)))
    power = frame_power(audio, frame)
    noise = noise_floor(power)
    if audio.shape[1] > 1 and cfg.cancel_leaks:
        cleaned = cancel_leaks(audio, power, noise, frame, int(cfg.max_lag_ms * rate / 1000))
        power = frame_power(cleaned, frame)
    leak = leak_power(power, cfg, noise)
    q = own_power(power, leak, cfg)
    segments = []
    for c in range(audio.shape[1]):
        for a, b in vad_channel(q[:, c], float(noise[c]), cfg):
            peak = float(power[a:b, c].max())
            segments.append(
                Segment(
                    channel=c,
                    start=float(a * frame / rate),
                    end=float(min(b * frame, len(audio)) / rate),
                    peak_dbfs=float(10 * np.log10(peak + _EPS)),
                )
            )
    segments.sort(key=lambda s: (s.start, s.channel))
    return resolve_duplicates(audio, rate, segments, cfg)


def attribute(segment: Segment, players: Sequence[str] | None) -> str | None:
    """The player at the segment's microphone, if channels are mapped to players."""
    if not players or segment.channel >= len(players):
        return None
    name = players[segment.channel]
    return name or None
