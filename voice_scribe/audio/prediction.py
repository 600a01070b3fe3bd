"""Onsets under a louder rival: the own channel's short-time prediction error from the rivals' channels.

Under a louder rival the later racer's first syllable is 5-25 dB under the rival's sound on his own
microphone (``bench/onset_stretch.py``): neither power, pitch, the seat nor a voiceprint sees it. What
can is a prediction of the own channel from the rival's: a short FIR filter per pair (``pred_taps``
samples, a little look-ahead), fitted by least squares on the stretch just before the walk (the
block form of an NLMS canceller run over it, then frozen), leaves a prediction error that rises
over what it explains where a voice the rival's microphone does not hold as loudly starts.

The walk: from an onset the seat placed, back at most ``pred_back_ms``, never before the end of
the channel's previous burst, while the error over the explained power stays ``pred_db`` over what
it was on the fit's own frames and the own power stays ``own_db`` over its floor; with ``pred_step``
a walk is kept only where it stops on a step (the frames before its stop explained as on the fit).
The fit reads the ``pred_fit_ms`` before the walk's earliest frame: if the own voice started there
the fit holds it and the walk stops short (it cannot make the onset early by that).

Measured and off by default: at 0.2-0.5 m the filters explain little of the own channel even on
their fit (error over prediction -9 to +7 dB), and no race was won on the tuning or held-out rooms
(docs/hearing.md, « Ninth round: late onsets »).
"""

from __future__ import annotations

import numpy as np

from voice_scribe.audio.frames import SegmenterConfig

#: samples of look-ahead of the filter (a third player's sound may reach the own microphone first)
LEAD = 16


def _design(refs: np.ndarray, taps: int, lead: int) -> np.ndarray:
    """``(samples, refs * taps)``: each reference delayed by ``-lead .. taps - lead - 1`` samples."""
    n, r = refs.shape
    pad = np.concatenate([np.zeros((taps, r)), refs, np.zeros((lead, r))])
    cols = [pad[taps - k + lead : taps - k + lead + n, j] for j in range(r) for k in range(taps)]
    return np.stack(cols, axis=1)


def prediction_error(own: np.ndarray, refs: np.ndarray, fit: int, taps: int, ridge: float,
                     lead: int = LEAD) -> tuple[np.ndarray, np.ndarray]:
    """(error, prediction) of ``own`` (samples,) from ``refs`` (samples, rivals) by one FIR per rival,
    least squares over the first ``fit`` samples (ridge ``ridge`` times the mean design power)."""
    x = _design(refs.astype(np.float64), taps, lead)
    y = own.astype(np.float64)
    a = x[:fit]
    gram = a.T @ a
    gram[np.diag_indices_from(gram)] += ridge * float(np.trace(gram)) / len(gram) + 1e-12
    w = np.linalg.solve(gram, a.T @ y[:fit])
    pred = x @ w
    return y - pred, pred


def _frames(x: np.ndarray, frame: int) -> np.ndarray:
    n = len(x) // frame
    return (x[: n * frame].reshape(n, frame) ** 2).mean(axis=1)


def error_ratio_db(audio: np.ndarray, c: int, rivals: list[int], lo: int, fit_frames: int, hi: int, frame: int,
                   taps: int, ridge: float, smooth: int = 3) -> np.ndarray:
    """Per frame ``lo .. hi - 1``: the own channel's prediction error over its prediction (dB, a
    ``smooth``-frame mean), the filters fitted on frames ``lo .. lo + fit_frames - 1``."""
    a, b = lo * frame, hi * frame
    err, pred = prediction_error(audio[a:b, c], audio[a:b][:, rivals], fit_frames * frame, taps, ridge)
    e, p = _frames(err, frame), _frames(pred, frame)
    if smooth > 1:
        k = np.ones(smooth) / smooth
        e, p = np.convolve(e, k, mode="same"), np.convolve(p, k, mode="same")
    return 10 * np.log10((e + 1e-20) / (p + 1e-20))


def prediction_onset(audio: np.ndarray, c: int, first: int, prev: int, leak_in: np.ndarray, power: np.ndarray,
                     noise: float, frame: int, cfg: SegmenterConfig) -> int:
    """Walk an onset placed by its seat back while the own channel's prediction error from its
    loudest rivals rises over what it was on the fit (:func:`error_ratio_db`, ``pred_db``), at most
    ``pred_back_ms``, never before ``prev``, while the own ``power`` stays ``own_db`` over its floor.
    ``leak_in``: ``(frames, channels)`` each rival's predicted leak onto channel ``c`` (its spread
    power times its gain): the ``pred_rivals`` loudest at the onset are the references."""
    if cfg.pred_back_ms <= 0 or audio.shape[1] < 2 or first <= prev:
        return first
    limit = max(prev, first - int(cfg.pred_back_ms / cfg.frame_ms), 0)
    fit = int(cfg.pred_fit_ms / cfg.frame_ms)
    lo = max(prev, limit - fit, 0)
    if limit >= first or limit - lo < fit // 2:
        return first  # no room before the walk to learn the rivals' leak
    level = noise * 10 ** (cfg.own_db / 10)
    if power[first - 1] <= level:
        return first
    at = leak_in[first].copy()
    at[c] = -np.inf
    order = [int(d) for d in np.argsort(at)[::-1] if d != c and np.isfinite(at[d])]
    rivals = order[: max(1, cfg.pred_rivals)]
    if not rivals or float(leak_in[lo:limit, rivals].mean()) <= noise:
        return first  # no rival sounds over the fit: nothing to predict
    ratio = error_ratio_db(audio, c, rivals, lo, limit - lo, first, frame, cfg.pred_taps, cfg.pred_ridge)
    base = float(np.median(ratio[: limit - lo]))
    if base > -cfg.pred_fit_db:
        return first  # the fit explains too little of the own channel to show a rise over it
    i = first
    while i > limit:
        k = i - 1 - lo
        if ratio[k] < base + cfg.pred_db or power[i - 1] <= level:
            break
        i -= 1
    if cfg.pred_step and i < first:
        # a step, not a stretch the fit does not generalise to: the walk stopped on a frame the filters
        # explain (not at its limit nor on the floor), and the frames before it are explained as on the fit
        before = ratio[max(0, i - lo - cfg.pred_step) : i - lo]
        if i <= limit or power[i - 1] <= level or len(before) == 0 or float(before.mean()) > base + cfg.pred_db / 2:
            return first
    return i
