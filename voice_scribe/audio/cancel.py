"""A multichannel leak canceller in the frequency domain (one microphone per player).

In a room, microphone c hears every other player through the room: a long
filter (direct path, reflections, the reverberant tail), not a gain and a
delay. The other microphones hear those players first and loudest, so c's
leak is predicted from them: in each frequency band k of a short-time
Fourier transform, c's spectrum is regressed on the others' spectra over the
last ``taps`` frames (a convolutive transfer function):

    X_c(k, t) ≈ Σ_d Σ_l W_c[k, d, l] · X_d(k, t - l)

The filters are learnt by least squares (a multichannel Wiener filter) on the
frames where c is quiet and another microphone is loud — another player
speaks, c does not — and subtracted everywhere. What is left on c is c's own
voice (the others' leak reduced by the depth of the cancellation), so
speech presence, attribution and onsets can be decided on it: a quieter
player racing a louder one keeps his own shout on his own microphone, and a
leak copy (a segment whose cancelled signal is empty) has nothing left.

That is the aim; measured in the simulated rooms of the hearing benchmark
(microphones 0.2-0.5 m from the mouths, RT60 0.4-1.1 s) it removes only
6-9 dB of leak (under 12 dB even trained on the truth's silent frames) and
the segmenter does worse with it, so ``SegmenterConfig.room_cancel`` is off
by default (figures and reasons: docs/hearing.md).

>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> talk = rng.standard_normal(32000).astype(np.float32) * np.repeat(rng.random(20) > 0.5, 1600)
>>> hiss = 1e-3 * rng.standard_normal((32000, 2)).astype(np.float32)
>>> mics = np.stack([talk, 0.5 * np.roll(talk, 20)], axis=1) + hiss  # mic 1 hears player 0 late, softer
>>> out = cancel(mics, learn_canceller(mics, 16000))
>>> bool(np.mean(out[:, 1] ** 2) < 0.01 * np.mean(mics[:, 1] ** 2))   # more than 20 dB of his leak removed
True
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

_EPS = 1e-12


@dataclass(frozen=True)
class CancelConfig:
    """Settings of the leak canceller (defaults measured on the simulated rooms, docs/hearing.md)."""

    #: STFT window and hop (samples at 16 kHz)
    window: int = 512
    hop: int = 256
    #: frames of the others' past the filter spans (taps * hop: the part of the room's tail it cancels)
    taps: int = 10
    #: a frame trains c's filter when another microphone is this much (dB) louder than c ...
    quiet_db: float = 3.0
    #: ... and that microphone is this much (dB) above its noise floor
    loud_db: float = 20.0
    #: at most this many training frames per microphone (evenly spread)
    max_frames: int = 3000
    #: ridge regularisation, relative to the mean reference power per band
    ridge: float = 1e-3


@dataclass(frozen=True)
class Canceller:
    """Learnt leak filters: ``filters[c]`` has shape (bins, channels - 1, taps), complex.

    ``support[c]`` counts the training frames behind c's filter (0: no filter, c is left as is).
    """

    cfg: CancelConfig
    filters: tuple[np.ndarray | None, ...]
    support: tuple[int, ...]

    @property
    def channels(self) -> int:
        return len(self.filters)

    def merged(self, newer: Canceller, max_support: int = 20_000) -> Canceller:
        """Filters weighted by their training frames (a live stream learns window after window)."""
        if newer.channels != self.channels or newer.cfg != self.cfg:
            return newer
        filters, support = [], []
        for w0, n0, w1, n1 in zip(self.filters, self.support, newer.filters, newer.support, strict=True):
            if w0 is None or n0 == 0:
                filters.append(w1)
                support.append(n1)
            elif w1 is None or n1 == 0:
                filters.append(w0)
                support.append(n0)
            else:
                filters.append((n0 * w0 + n1 * w1) / (n0 + n1))
                support.append(min(n0 + n1, max_support))
        return Canceller(self.cfg, tuple(filters), tuple(support))


def _window(n: int) -> np.ndarray:
    """sqrt-Hann: analysis and synthesis windows whose product sums to 1 at 50 % overlap."""
    return np.sqrt(0.5 - 0.5 * np.cos(2 * np.pi * np.arange(n) / n)).astype(np.float32)


def stft(audio: np.ndarray, cfg: CancelConfig) -> np.ndarray:
    """(bins, frames, channels) complex64 of a (samples, channels) block, padded on both ends."""
    n, channels = audio.shape
    frames = -(-(n + cfg.window) // cfg.hop)
    padded = np.zeros((frames * cfg.hop + cfg.window, channels), np.float32)
    padded[cfg.window - cfg.hop : cfg.window - cfg.hop + n] = audio
    idx = np.arange(frames)[:, None] * cfg.hop + np.arange(cfg.window)[None, :]
    spec = np.fft.rfft(padded[idx] * _window(cfg.window)[None, :, None], axis=1)  # (frames, bins, channels)
    return np.ascontiguousarray(spec.transpose(1, 0, 2)).astype(np.complex64)


def istft(spec: np.ndarray, n: int, cfg: CancelConfig) -> np.ndarray:
    """The (n, channels) float32 block of :func:`stft`'s output (overlap-add)."""
    _, frames, channels = spec.shape
    chunks = np.fft.irfft(spec.transpose(1, 0, 2), cfg.window, axis=1).astype(np.float32)
    chunks *= _window(cfg.window)[None, :, None]
    out = np.zeros((frames * cfg.hop + cfg.window, channels), np.float32)
    for k in range(cfg.window // cfg.hop):  # overlap-add, one phase of frames at a time
        part = chunks[k :: cfg.window // cfg.hop]
        start = k * cfg.hop
        flat = part.reshape(-1, channels)
        out[start : start + len(flat)] += flat
    scale = cfg.window / (2 * cfg.hop)  # sqrt-Hann squared sums to window / (2 hop)
    return out[cfg.window - cfg.hop : cfg.window - cfg.hop + n] / np.float32(scale)


def _lagged(spec: np.ndarray, frames: np.ndarray, refs: list[int], taps: int) -> np.ndarray:
    """(bins, len(frames), len(refs) * taps): the references' frames ``t - lag`` at each chosen t ≥ taps."""
    cols = [spec[:, frames - lag, d] for d in refs for lag in range(taps)]
    return np.stack(cols, axis=2)


def _training_frames(power: np.ndarray, noise: np.ndarray, c: int, cfg: CancelConfig) -> np.ndarray:
    """Frames where another microphone is loud and c is quiet beside it (c's player silent)."""
    others = np.delete(power, c, axis=1) / np.delete(noise, c)[None, :]
    loud = (others > 10 ** (cfg.loud_db / 10)).any(axis=1)
    louder = np.delete(power, c, axis=1).max(axis=1) > power[:, c] * 10 ** (cfg.quiet_db / 10)
    frames = np.flatnonzero(loud & louder)
    frames = frames[frames >= cfg.taps]
    if len(frames) > cfg.max_frames:
        frames = frames[np.linspace(0, len(frames) - 1, cfg.max_frames).astype(int)]
    return frames


def _frame_power(spec: np.ndarray) -> np.ndarray:
    """(frames, channels) mean power over bins."""
    return (np.abs(spec) ** 2).mean(axis=0)


def _floor(power: np.ndarray) -> np.ndarray:
    live = np.where(power > 1e-10, power, np.nan)
    floor = np.nanpercentile(live, 10, axis=0) if np.isfinite(live).any() else np.full(power.shape[1], _EPS)
    return np.maximum(np.nan_to_num(floor, nan=_EPS), _EPS)


def _solve(u: np.ndarray, y: np.ndarray, ridge: float) -> np.ndarray:
    """Per band least squares ``u @ w ≈ y``: u (bins, frames, m), y (bins, frames) → w (bins, m)."""
    uh = np.conj(u.transpose(0, 2, 1))
    r = uh @ u
    p = (uh @ y[:, :, None])[:, :, 0]
    m = r.shape[1]
    load = ridge * np.real(np.trace(r, axis1=1, axis2=2)) / m + _EPS
    r = r + load[:, None, None] * np.eye(m, dtype=r.dtype)[None]
    return np.linalg.solve(r, p[:, :, None])[:, :, 0]


def learn_canceller(audio: np.ndarray, rate: int, cfg: CancelConfig | None = None) -> Canceller:
    """Leak filters of a (samples, channels) block (see the module docstring)."""
    cfg = cfg or CancelConfig()
    channels = audio.shape[1]
    if channels < 2 or len(audio) < cfg.window * 4:
        return Canceller(cfg, (None,) * channels, (0,) * channels)
    spec = stft(audio, cfg)
    return learn_from_spectrum(spec, cfg)


def learn_from_spectrum(spec: np.ndarray, cfg: CancelConfig) -> Canceller:
    channels = spec.shape[2]
    power = _frame_power(spec)
    noise = _floor(power)
    filters: list[np.ndarray | None] = []
    support: list[int] = []
    for c in range(channels):
        frames = _training_frames(power, noise, c, cfg)
        if len(frames) < 4 * cfg.taps * (channels - 1):
            filters.append(None)
            support.append(0)
            continue
        refs = [d for d in range(channels) if d != c]
        w = _solve(_lagged(spec, frames, refs, cfg.taps), spec[:, frames, c], cfg.ridge)
        filters.append(w.reshape(spec.shape[0], len(refs), cfg.taps).astype(np.complex64))
        support.append(len(frames))
    return Canceller(cfg, tuple(filters), tuple(support))


def cancel_spectrum(spec: np.ndarray, canceller: Canceller) -> np.ndarray:
    """Each channel's spectrum less its predicted leak from the others."""
    out = spec.copy()
    for c, w in enumerate(canceller.filters):
        if w is None:
            continue
        refs = [d for d in range(spec.shape[2]) if d != c]
        leak = np.zeros(spec.shape[:2], np.complex64)
        for j, d in enumerate(refs):
            leak += w[:, j, 0][:, None] * spec[:, :, d]
            for lag in range(1, w.shape[2]):
                leak[:, lag:] += w[:, j, lag][:, None] * spec[:, :-lag, d]
        out[:, :, c] -= leak
    return out


def cancel(audio: np.ndarray, canceller: Canceller) -> np.ndarray:
    """The (samples, channels) block with every channel's leak from the others subtracted."""
    if audio.shape[1] != canceller.channels or all(w is None for w in canceller.filters):
        return audio.astype(np.float32)
    spec = stft(audio, canceller.cfg)
    return istft(cancel_spectrum(spec, canceller), len(audio), canceller.cfg)
