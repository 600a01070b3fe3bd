"""Onsets under a louder rival: the own seat's time differences read band by band.

A seat's broadband response (:mod:`.seats`) is the mean over every bin of the microphones' PHAT
cross-spectra steered to the seat's lags: under a louder rival most bins carry the rival's
phases, and the quieter racer's seat stays under ``seat_on`` until his voice dominates the whole
band. Band by band, the bins of his own harmonics can still carry his lags. This walk takes an
onset placed by its seat back while, in at least ``band_min`` bands, his seat's response is
``band_z`` over chance and over every other known seat's. Measured and off by default: in the
rooms no band holds the later racer's seat before the broadband response does (docs/hearing.md,
« Races, eighth round »).
"""

from __future__ import annotations

import numpy as np

from voice_scribe.audio.frames import SegmenterConfig
from voice_scribe.audio.seats import Seats, _band, _pairs

#: the bands (Hz) read apart
BANDS_HZ = ((150.0, 500.0), (500.0, 1000.0), (1000.0, 1800.0), (1800.0, 3000.0), (3000.0, 5000.0))


def band_scores(audio: np.ndarray, rate: int, seats: Seats, ends: np.ndarray, smooth: int = 3) -> np.ndarray:
    """``(windows, seats, bands)``: each seat's steered response in each band over the seats' window
    ending at each of ``ends`` (samples), as a z-score over chance (random phases), averaged over
    ``smooth`` windows back; NaN for an unknown seat."""
    cfg = seats.cfg
    band = _band(rate, cfg)
    win = np.hanning(cfg.window)
    starts = np.clip(ends - cfg.window, 0, max(0, len(audio) - cfg.window))
    idx = starts[:, None] + np.arange(cfg.window)[None, :]
    x = np.fft.rfft(audio[idx].astype(np.float64) * win[None, :, None], axis=1)[:, band, :]  # (w, bins, ch)
    x = np.transpose(x / (np.abs(x) + 1e-20), (0, 2, 1))  # (w, ch, bins), whitened
    pairs = _pairs(seats.channels)
    cross = np.stack([x[:, i] * np.conj(x[:, j]) for i, j in pairs], axis=1)  # (w, pairs, bins)
    steer = seats.steering.reshape(seats.channels, len(pairs), -1)
    votes = np.real(np.einsum("wqb,sqb->wsb", cross, steer)) / len(pairs)  # (w, seats, bins)
    freqs = np.fft.rfftfreq(cfg.window, 1 / rate)[band]
    out = np.empty((len(ends), seats.channels, len(BANDS_HZ)))
    for k, (lo, hi) in enumerate(BANDS_HZ):
        sel = (freqs >= lo) & (freqs < hi)
        n = max(1, int(sel.sum()))
        out[:, :, k] = votes[:, :, sel].mean(axis=2) * np.sqrt(len(pairs) * n)  # chance: about ±1
    if smooth > 1:
        acc = out.copy()
        for j in range(1, smooth):
            acc[j:] += out[:-j]
            acc[:j] += out[:1]
        out = acc / smooth
    out[:, ~seats.known] = np.nan
    return out


def own_bands(scores: np.ndarray, c: int, z: float) -> np.ndarray:
    """``(windows,)`` how many bands the seat ``c`` holds: ``z`` over chance and over every other known seat."""
    own = scores[:, c, :]
    others = np.delete(scores, c, axis=1)
    rival = np.nanmax(np.where(np.isnan(others), -np.inf, others), axis=1) if others.shape[1] else np.full_like(own, -np.inf)
    return ((own >= z) & (own > rival)).sum(axis=1)


def band_onset(audio: np.ndarray, rate: int, c: int, first: int, prev: int, seats: Seats | None, power: np.ndarray,
               noise: float, frame: int, cfg: SegmenterConfig) -> int:
    """Walk an onset placed by its seat back while its seat holds ``band_min`` bands (:func:`own_bands`),
    at most ``band_back_ms``, never before ``prev``, while the own ``power`` stays ``own_db`` over its noise
    floor; up to ``band_gap`` frames that do not are crossed."""
    if cfg.band_back_ms <= 0 or seats is None or not bool(seats.known[c]) or audio.shape[1] < 2:
        return first
    limit = max(prev, first - int(cfg.band_back_ms / cfg.frame_ms), 0)
    if limit >= first:
        return first
    frames = np.arange(limit, first)
    held = own_bands(band_scores(audio, rate, seats, (frames + 1) * frame), c, cfg.band_z)
    level = noise * 10 ** (cfg.own_db / 10)
    best, gap = first, 0
    for k in range(len(frames) - 1, -1, -1):
        if power[frames[k]] <= level:
            break
        if held[k] >= cfg.band_min:
            best, gap = int(frames[k]), 0
        else:
            gap += 1
            if gap > cfg.band_gap:
                break
    return best
