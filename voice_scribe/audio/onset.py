"""Onsets: where a channel's own sound starts.

A burst opens a segment only with a *rise* of power that is its own (:func:`owned_rises`: the
nearest microphone gets the largest share of a new sound before the room's reverberation builds
up); the onset is the start of that rise (:func:`refine_onset`), walked back along the own
channel when a seat placed it (:func:`own_onset`; further over frames that are not a rival's copy
by pitch, :func:`pitch_onset`), then over a weak first consonant in the high band
(:func:`hiss_onsets`). docs/hearing.md, « Onsets: energy, not Vosk », « Segmentation and
attribution » step 6, « Onsets, fifth round: walked back along the own channel », « Races,
sixth round » and « Races, seventh round ».
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from voice_scribe.audio.frames import Segment, SegmenterConfig, max_filter
from voice_scribe.audio.leak import spread_power
from voice_scribe.audio.pitch import copy_test


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
    near = max_filter(r, int(round(cfg.delay_ms / cfg.frame_ms)))
    margin = 10 ** (cfg.owned_margin_db / 10)
    out = np.zeros(power.shape, bool)
    for c in range(power.shape[1]):
        explained = np.zeros(len(power))
        for d in range(power.shape[1]):
            if d != c:
                explained = np.maximum(explained, margin * gains[c, d] * near[:, d])
        out[:, c] = (r[:, c] > explained) & (r[:, c] > noise[c] * 10 ** (cfg.low_db / 10))
    return out


def first_owned(owned: np.ndarray, a: int, b: int) -> int | None:
    hits = np.flatnonzero(owned[a:b])
    return a + int(hits[0]) if len(hits) else None


def own_onset(mine: np.ndarray, noise: float, prev: int, first: int, cfg: SegmenterConfig) -> int:
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
    >>> own_onset(mine, 1e-3, 0, 30, cfg)
    10
    >>> own_onset(mine, 1e-3, 25, 30, cfg)
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


def pitch_onset(
    clean: np.ndarray, rate: int, c: int, first: int, prev: int, spread: np.ndarray, gains: np.ndarray,
    power: np.ndarray, noise: float, frame: int, cfg: SegmenterConfig,
) -> int:
    """Walk an onset placed by its seat further back, over frames where the own channel is not a
    rival's copy by pitch (:func:`.pitch.copy_test`), at most ``pitch.back_ms``, never before ``prev``.

    Under a louder rival the own channel's power stays within a few dB of its leak prediction over a
    voiced first consonant (« deux »): power cannot tell the hum from the copy. Its pitch can: the
    copy keeps the rival's period (his own microphone shows it), the own voice breaks it. A rival
    counts where what he is predicted to leak onto ``c`` (his ``spread`` power times ``gains[d]``, the
    gains onto ``c``) is within ``pitch.rival_db`` of ``c``'s ``power``. The walk goes back while the
    own power stays ``pitch.floor_db`` over the noise floor and no frame is a copy, over frames that
    are not one; a frame pitch cannot decide (a rival with no period: a fricative, or three voices
    at once on his microphone) counts as the own channel's where its power is ``pitch.undecided_db``
    over the leak predicted, as does one no rival could explain with ``pitch.alone_is_own``, and up to
    ``pitch.gap_frames`` other undecided frames in a row are crossed. Each frame's window ends on it
    (``pitch.centre_ms``): a centred one hears the voice half a window before it starts. Frames are
    judged a few at a time from the onset back, so a walk that stops soon costs little.
    docs/hearing.md, « Races, sixth round » and « Races, seventh round ».
    """
    p = cfg.pitch
    limit = max(prev, first - int(p.back_ms / cfg.frame_ms), 0)
    if p.back_ms <= 0 or limit >= first or clean.shape[1] < 2:
        return first
    best, gap, end = first, 0, first
    while end > limit:  # a few frames at a time, from the onset back: most walks stop in the first ones
        start = max(limit, end - _PITCH_CHUNK)
        status, loud, own = _pitch_frames(clean, rate, c, start, end, spread, gains, power, noise, frame, cfg)
        for k in range(end - start - 1, -1, -1):
            if not loud[k] or status[k] < 0:
                return best
            if status[k] > 0 or own[k]:
                best, gap = start + k, 0
            else:
                gap += 1
                if gap > p.gap_frames:
                    return best
        end = start
    return best


#: frames the pitch walk judges at a time
_PITCH_CHUNK = 8


def _pitch_frames(
    clean: np.ndarray, rate: int, c: int, a: int, b: int, spread: np.ndarray, gains: np.ndarray,
    power: np.ndarray, noise: float, frame: int, cfg: SegmenterConfig,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Frames ``[a, b)`` of channel ``c`` for :func:`pitch_onset`: the copy test's verdict (1 not a copy,
    -1 a copy, 0 undecided), whether the own power is loud enough, and whether an undecided frame counts
    as the own channel's anyway (no rival could explain it, or its power clears the predicted leak)."""
    p = cfg.pitch
    others = [d for d in range(clean.shape[1]) if d != c]
    rivals = spread[a:b][:, others] * gains[others] >= power[a:b, None] * 10 ** (-p.rival_db / 10)
    # each frame's window ends ``-centre_ms`` later than a centred one: it hears no voice before the frame
    centres = np.maximum(np.arange(a, b) * frame + frame // 2 + int(round(p.centre_ms * rate / 1000)), 0)
    status = copy_test(clean[:, c], [clean[:, d] for d in others], rivals, rate, centres, p, p.copy_ap)
    loud = power[a:b] > noise * 10 ** (p.floor_db / 10)
    own = ~rivals.any(axis=1) & p.alone_is_own
    if np.isfinite(p.undecided_db):
        own |= power[a:b] > spread[a:b] @ gains * 10 ** (p.undecided_db / 10)
    return status, loud, own


def refine_onset(power: np.ndarray, a: int, first: int, cfg: SegmenterConfig) -> int:
    """The start of the rise that ``first`` belongs to: back while the power keeps falling, not before ``a``."""
    limit = max(a, first - int(round(cfg.refine_ms / cfg.frame_ms)))
    i = first
    while i > limit and power[i - 1] < power[i] and power[i - 1] > 0.0:
        i -= 1
    return i


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


def hiss_onsets(
    segments: list[Segment], hiss: np.ndarray, gains: np.ndarray, frame: int, rate: int, cfg: SegmenterConfig
) -> list[Segment]:
    """Move each onset back over a weak fricative that starts the shout, on its own channel.

    From the detected onset, frames are taken back while the own channel's
    high-band power stays ``hiss_db`` above its level before (the 20th
    percentile 200-500 ms earlier) and above what the other channels' high
    band would leak onto it (held with a ``hiss_release_ms`` release: a
    rival's fricative rings on in the room after his microphone has gone
    quiet); never past the channel's previous segment. ``hiss_leak_db`` sets
    that last margin apart from ``hiss_db``; ``hiss_louder_db`` also stops the
    walk where another microphone's high band, unscaled, is louder (both off
    by default: measured, they trade early racers for late ones).
    """
    back = int(cfg.hiss_back_ms / cfg.frame_ms)
    smooth = hiss.copy()
    smooth[1:-1] = (hiss[:-2] + hiss[1:-1] + hiss[2:]) / 3
    if cfg.hiss_release_ms > 0:  # the others' high band spread over the mic-to-mic delay, and held
        near = spread_power(smooth, replace(cfg, reverb_release_ms=cfg.hiss_release_ms))
    else:
        near = max_filter(smooth, int(round(cfg.delay_ms / cfg.frame_ms)))
    factor = 10 ** (cfg.hiss_db / 10)
    leak_factor = 10 ** ((cfg.hiss_db if cfg.hiss_leak_db < 0 else cfg.hiss_leak_db) / 10)
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
        leak = (near[stop:i][:, others] * gains[c, others]).max(axis=1, initial=0.0) * leak_factor
        if cfg.hiss_louder_db != 0 and others:  # another microphone's own fricative, louder there
            louder = smooth[stop:i][:, others].max(axis=1) * 10 ** (cfg.hiss_louder_db / 10)
            leak = np.maximum(leak, louder)
        j = i
        while j > stop and smooth[j - 1, c] > level and smooth[j - 1, c] > leak[j - 1 - stop]:
            j -= 1
        if j < i:
            s = replace(s, start=float(j * frame / rate))
        out.append(s)
        prev_end[c] = s.end
    out.sort(key=lambda s: (s.start, s.channel))
    return out
