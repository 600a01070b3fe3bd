"""Onsets under a louder rival: the own channel's residual after the leak of *all* rivals at once.

Under a louder rival the own channel's power stays within a few dB of the leak a per-pair power
model predicts (docs/hearing.md, « Races, seventh round »). This walk predicts the own microphone
from every other microphone together: per frequency bin, a least-squares fit of the own channel's
short-time spectrum on the others' (one complex weight per rival channel, ridge-regularised) over
the stretch before the placed onset. A rival's copy is what the others explain; the own voice,
starting, is what they do not. The onset walks back while the unexplained share of its frames
stays ``lsq_db`` over what it is while only the rivals sound (:func:`residual_onset`), or goes to
where that share jumps most (:func:`change_scores`, ``lsq_jump_db``). Measured and off by default:
the own voice leaks onto the rivals' microphones, so they explain it too, and the walk makes more
onsets early than it mends late (docs/hearing.md, « Races, eighth round », which also measures
:func:`new_bins`).
"""

from __future__ import annotations

import numpy as np

from voice_scribe.audio.frames import SegmenterConfig

#: short-time window (s) and the fit's band (Hz)
_WINDOW_S = 0.032
_LOW_HZ, _HIGH_HZ = 150.0, 4000.0


def _spectra(audio: np.ndarray, rate: int, ends: np.ndarray) -> np.ndarray:
    """``(windows, channels, bins)`` spectra of Hann windows ending at each of ``ends`` (samples)."""
    n = int(round(_WINDOW_S * rate))
    starts = np.clip(ends - n, 0, None)
    idx = starts[:, None] + np.arange(n)[None, :]
    idx = np.clip(idx, 0, len(audio) - 1)
    frames = audio[idx].astype(np.float64) * np.hanning(n)[None, :, None]  # (windows, n, channels)
    spec = np.fft.rfft(frames, axis=1)  # (windows, bins, channels)
    freqs = np.fft.rfftfreq(n, 1 / rate)
    keep = (freqs >= _LOW_HZ) & (freqs <= _HIGH_HZ)
    return np.transpose(spec[:, keep, :], (0, 2, 1))


def _fit(own: np.ndarray, others: np.ndarray, use: np.ndarray, ridge: float) -> np.ndarray:
    """Per bin, the others' weights predicting ``own`` over the windows ``use``: ``(bins, rivals)``."""
    x = others[use]  # (w, r, bins)
    y = own[use]  # (w, bins)
    gram = np.einsum("wrf,wsf->frs", np.conj(x), x)  # (bins, r, r)
    scale = np.trace(gram, axis1=1, axis2=2).real / max(1, x.shape[1])
    gram = gram + (ridge * scale + 1e-12)[:, None, None] * np.eye(x.shape[1])[None]
    rhs = np.einsum("wrf,wf->fr", np.conj(x), y)
    return np.linalg.solve(gram, rhs[..., None])[..., 0]


def unexplained_db(audio: np.ndarray, rate: int, c: int, ends: np.ndarray, fit: np.ndarray,
                   ridge: float = 0.05, rounds: int = 2, own_db: float = 0.0) -> np.ndarray:
    """Per window ending at ``ends``: the own channel's power the others do not explain over the
    power they do (dB), over its 25th percentile on the windows ``fit`` (True: the fit is made on
    them), then fitted again without those already ``own_db`` over it (``rounds`` fits in all): the own
    voice in the fit's stretch is taken out of it, and what the fit cannot explain of the copies
    (the room's diffuse tail) is the level the own voice must rise over."""
    spec = _spectra(audio, rate, ends)
    own = spec[:, c, :]
    others = np.delete(spec, c, axis=1)
    use = fit.copy()
    ratio = np.zeros(len(ends))
    for _ in range(max(1, rounds)):
        if use.sum() < 4:
            break
        w = _fit(own, others, use, ridge)
        pred = np.einsum("wrf,fr->wf", others, w)
        err = (np.abs(own - pred) ** 2).sum(axis=1)
        expl = (np.abs(pred) ** 2).sum(axis=1)
        ratio = 10 * np.log10((err + 1e-20) / (expl + 1e-20))
        ratio = ratio - float(np.percentile(ratio[fit], 25))
        use = fit & (ratio < own_db)
    return ratio


def residual_onset(audio: np.ndarray, rate: int, c: int, first: int, prev: int, power: np.ndarray,
                   noise: float, frame: int, cfg: SegmenterConfig) -> int:
    """Walk an onset placed by its seat back while the own channel is not explained by all the
    rivals at once (:func:`unexplained_db` over ``lsq_db``), at most ``lsq_back_ms``, never before
    ``prev``, while the own ``power`` stays ``own_db`` over its noise floor. The fit reads the
    ``lsq_back_ms + lsq_fit_ms`` before the onset."""
    if cfg.lsq_back_ms <= 0 or audio.shape[1] < 2:
        return first
    back = int(cfg.lsq_back_ms / cfg.frame_ms)
    limit = max(prev, first - back, 0)
    if limit >= first:
        return first
    if cfg.lsq_jump_db > 0:  # the candidate onset where the rivals leave the most more unexplained after than before
        taus = np.arange(first - 2, limit - 1, -2)
        if len(taus) == 0:
            return first
        scores = change_scores(audio, rate, c, taus * frame)
        if np.all(np.isnan(scores)):
            return first
        k = int(np.nanargmax(scores))
        return int(taus[k]) if scores[k] >= cfg.lsq_jump_db and power[taus[k]] > noise * 10 ** (cfg.own_db / 10) else first
    lo = max(prev, first - back - int(cfg.lsq_fit_ms / cfg.frame_ms), 0)
    idx = np.arange(lo, first)
    ends = (idx + 1) * frame  # each window ends on its frame's end: it hears nothing after it
    fit = np.ones(len(idx), bool)
    ratio = unexplained_db(audio, rate, c, ends, fit, cfg.lsq_ridge, 2, cfg.lsq_db)
    level = noise * 10 ** (cfg.own_db / 10)
    i = first
    while i > limit:
        k = i - 1 - lo
        if ratio[k] < cfg.lsq_db or power[i - 1] <= level:
            break
        i -= 1
    return i


def _ratio_db(own: np.ndarray, others: np.ndarray, w: np.ndarray, sel: np.ndarray) -> float:
    pred = np.einsum("wrf,fr->wf", others[sel], w)
    err = float((np.abs(own[sel] - pred) ** 2).sum())
    expl = float((np.abs(pred) ** 2).sum())
    return 10 * np.log10((err + 1e-20) / (expl + 1e-20))


def change_scores(audio: np.ndarray, rate: int, c: int, taus: np.ndarray, fit_s: float = 0.15,
                  gap_s: float = 0.03, post_s: float = 0.04, hop: int = 160, ridge: float = 0.05) -> np.ndarray:
    """Per candidate onset (samples ``taus``): how much more of the own channel the rivals leave
    unexplained just after it than just before it (dB), the fit made on the ``fit_s`` before it but the
    last ``gap_s`` (both tests out of the fit's sample, so its optimism is the same for both)."""
    lo, hi = int(taus.min() - (fit_s + 0.04) * rate), int(taus.max() + (post_s + 0.01) * rate)
    ends = np.arange(max(lo, hop), min(hi, len(audio)) + 1, hop)
    spec = _spectra(audio, rate, ends)
    own, others = spec[:, c, :], np.delete(spec, c, axis=1)
    out = np.full(len(taus), np.nan)
    for k, t in enumerate(taus):
        fit = (ends >= t - fit_s * rate) & (ends < t - gap_s * rate)
        pre = (ends >= t - gap_s * rate) & (ends < t)
        post = (ends > t + 0.25 * post_s * rate) & (ends <= t + post_s * rate)
        if fit.sum() < 4 or not pre.any() or not post.any():
            continue
        w = _fit(own, others, fit, ridge)
        out[k] = _ratio_db(own, others, w, post) - _ratio_db(own, others, w, pre)
    return out


def new_bins(audio: np.ndarray, rate: int, c: int, ends: np.ndarray, lag_s: float = 0.02,
             rise_db: float = 6.0, calm_db: float = 1.0) -> np.ndarray:
    """Per window ending at ``ends``: the share of the band's bins where the own channel rose
    ``rise_db`` over ``lag_s`` while no other channel rose ``calm_db`` (a sound starting that only
    the own microphone hears: the spectral flux of the own channel where the rivals show none)."""
    lag = int(round(lag_s * rate))
    now = 10 * np.log10(np.abs(_spectra(audio, rate, ends)) ** 2 + 1e-12)
    then = 10 * np.log10(np.abs(_spectra(audio, rate, np.maximum(ends - lag, 1))) ** 2 + 1e-12)
    rise = now - then  # (windows, channels, bins)
    others = np.delete(rise, c, axis=1).max(axis=1)
    return ((rise[:, c] >= rise_db) & (others < calm_db)).mean(axis=1)


def learn_transfer(audio: np.ndarray, rate: int, lead_db: float = 10.0, loud_db: float = 25.0) -> np.ndarray:
    """``(channels, channels, bins)``: per bin, how each channel's sound reaches each other microphone
    (``H[c, d]``: microphone c's spectrum over d's), learnt over the block's windows (32 ms, not
    overlapping) where microphone d leads every other by ``lead_db`` and stands ``loud_db`` over its
    floor. Learnt where one player speaks alone, it does not hold the own voice of a later racer, as a
    fit over the race's own stretch does (:func:`unexplained_db`)."""
    n = int(round(_WINDOW_S * rate))
    ends = np.arange(n, len(audio) + 1, n)
    channels = audio.shape[1]
    bins = _spectra(audio[:n], rate, np.array([n])).shape[2]
    num = np.zeros((channels, channels, bins), complex)
    den = np.zeros((channels, bins))
    for a in range(0, len(ends), 4096):  # a block of windows at a time
        spec = _spectra(audio, rate, ends[a : a + 4096])  # (w, ch, bins)
        energy = (np.abs(spec) ** 2).sum(axis=2)
        floor = np.percentile(energy, 10, axis=0) + 1e-20 if a == 0 else floor
        for d in range(channels):
            others = np.delete(energy, d, axis=1).max(axis=1)
            lead = (energy[:, d] > others * 10 ** (lead_db / 10)) & (energy[:, d] > floor[d] * 10 ** (loud_db / 10))
            if lead.any():
                x = spec[lead]
                num[:, d] += np.einsum("wcf,wf->cf", x, np.conj(x[:, d]))
                den[d] += (np.abs(x[:, d]) ** 2).sum(axis=0)
    return num / (den[None, :, :] + 1e-20)


def leak_residual_db(audio: np.ndarray, rate: int, c: int, ends: np.ndarray, transfer: np.ndarray) -> np.ndarray:
    """Per window ending at ``ends``: the own channel's power left once every other channel's sound is
    taken away through ``transfer`` (:func:`learn_transfer`), over the power taken away (dB)."""
    spec = _spectra(audio, rate, ends)
    others = [d for d in range(audio.shape[1]) if d != c]
    pred = np.einsum("wrf,rf->wf", spec[:, others], transfer[c, others])
    err = (np.abs(spec[:, c] - pred) ** 2).sum(axis=1)
    expl = (np.abs(pred) ** 2).sum(axis=1)
    return 10 * np.log10((err + 1e-20) / (expl + 1e-20))
