"""Energy segmentation, crosstalk suppression and channel attribution.

Input: a block of audio, float32, shape (samples, channels), one microphone
per channel, on the session clock (sample 0 = session start). The design and
its measured figures are in docs/hearing.md (« Segmentation and attribution »).

This module holds the segmenter: bursts, duplicates, and :func:`segment_audio`,
which joins its families, each a module of its own: :mod:`.frames` (settings, segments,
frame power: step 1), :mod:`.leak` (the crosstalk model: steps 2-3),
:mod:`.onset` (owned rises and onsets: steps 4 and 6) and :mod:`.boundary`
(segments placed and cut by seat).

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
leak subtracted), and where it responds ``seat_own_lead`` and leads every other
seat too (a shout's head under a rival, :func:`.leak.seat_owned`), a burst whose seat stays silent opens nothing, a seat's
rise gives the onset, and a segment whose seat speaks is kept however loud
a rival's copy is (steps 3-6). The seats also drop a leak copy that would only
bridge two of a channel's bursts (:func:`resolve_duplicates`), join a shout cut
in two by a pause when the same seat goes on (:func:`rejoined`), and, when
``placeless_drop`` is set (off by default), drop a segment over which no seat
speaks, a room's diffuse tail (:func:`placeless`).

Whether a segment is speech at all (not a knock or rolling dice) is decided
after, on the emitted segments only: :mod:`voice_scribe.audio.vad`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from voice_scribe.audio.boundary import join_bursts, seat_opening, seat_response, seat_spoke, split_at_seat
from voice_scribe.audio.carry import LookCache, carried_clean, hiss_power
from voice_scribe.audio.frames import EPS, Segment, SegmenterConfig, frame_power, noise_floor
from voice_scribe.audio.leak import (
    LeakModel, cancelled, learn_and_cancel, learn_leak, own_power, seat_owned, spread_power,
)
from voice_scribe.audio.onset import (
    first_owned, high_band, hiss_onsets, own_onset, owned_rises, pitch_onset, refine_onset,
)
from voice_scribe.audio.prediction import prediction_onset
from voice_scribe.audio.residual import residual_onset
from voice_scribe.audio.seatbands import band_onset
from voice_scribe.audio.seats import phat, seats_from, voiced_share

#: the segmenter's own names, and those of its families (leak, onset, boundary) that other code imports from here
__all__ = [
    "LeakModel",
    "Segment",
    "SegmenterConfig",
    "attribute",
    "bursts_channel",
    "cancelled",
    "frame_power",
    "high_band",
    "learn_leak",
    "loudness_ratio",
    "noise_floor",
    "placeless",
    "rejoined",
    "resolve_duplicates",
    "seat_response",
    "segment_audio",
    "spread_power",
]


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
    if ex <= EPS:
        return 0.0
    n = len(x) + len(y)
    size = 1 << (n - 1).bit_length()
    corr = np.fft.irfft(np.fft.rfft(y, size) * np.conj(np.fft.rfft(x, size)), size)
    lags = np.concatenate([corr[: max_lag + 1], corr[-max_lag:]]) if max_lag > 0 else corr[:1]
    best = float(np.max(np.abs(lags)))
    return best * best / ex


def loudness_ratio(
    audio: np.ndarray, channel: int, a: int, b: int, max_lag: int, *, cache: LookCache | None = None, offset: int = 0
) -> tuple[float, int]:
    """(amplitude ratio of ``channel`` to its loudest coherent rival, rival).

    ``cache``: the ratios of spans measured at earlier looks of a live stream, by session sample
    (``offset``: the session sample of ``audio[0]``); a span the stream measured before gives its ratio again.
    """
    if cache is not None:
        key = (channel, offset + a, offset + b, max_lag, audio.shape[1])
        found = cache.ratio(key)
        if found is None:
            found = loudness_ratio(audio, channel, a, b, max_lag)
            cache.keep_ratio(key, found)
        return found
    x = audio[a:b, channel].astype(np.float64)
    ex = float(x @ x)
    best, rival = 0.0, -1
    for d in range(audio.shape[1]):
        if d == channel:
            continue
        e = _coherent_energy(x, audio[a:b, d].astype(np.float64), max_lag)
        if e > best:
            best, rival = e, d
    if best <= EPS:
        return float("inf"), rival
    return float(np.sqrt(ex / best)), rival


def _overlaps(s: Segment, t: Segment) -> bool:
    return s.start < t.end and t.start < s.end


def _seat_copy(
    seat: np.ndarray, s: Segment, frames_per_s: float, cfg: SegmenterConfig, *, bridge: bool = False
) -> bool:
    """Is the opening burst ``s`` another player's shout heard on this microphone, by the seats alone?

    Its own seat stays under ``cfg.copy_seat_max`` over the whole burst while another seat
    speaks (``seat_on``) and at least ``cfg.copy_seat_ratio`` times as strongly: the sound comes from
    that player's place, not this one's. A seat not learnt (NaN) says nothing.
    ``bridge``: with ``cfg.bridge_seat_max`` and ``cfg.bridge_seat_ratio`` instead (a burst between two of its channel's own).
    """
    most, ratio = (cfg.bridge_seat_max, cfg.bridge_seat_ratio) if bridge else (cfg.copy_seat_max, cfg.copy_seat_ratio)
    if most <= 0:
        return False
    i = int(round(s.start * frames_per_s))
    j = max(i + 1, int(round(s.end * frames_per_s)))
    span = seat[i:j]
    if len(span) == 0 or np.isnan(span[0, s.channel]):
        return False
    own = float(np.nanmax(span[:, s.channel]))
    others = np.delete(span, s.channel, axis=1)
    if others.size == 0 or np.all(np.isnan(others)):
        return False
    other = float(np.nanmax(others))
    return own < most and other >= cfg.seat_on and other >= ratio * max(own, EPS)


def placeless(seat: np.ndarray, s: Segment, frames_per_s: float, cfg: SegmenterConfig) -> bool:
    """Does no seat speak (``seat_on``) anywhere over segment ``s``, its own nor any other?

    A voice at the table makes its seat respond; a sound that reaches a
    microphone from no seat's place (a room's diffuse tail after a shout) does
    not. A segment whose own seat is not learnt (NaN) says nothing.
    """
    i = int(round(s.start * frames_per_s))
    j = max(i + 1, int(round(s.end * frames_per_s)))
    span = seat[i:j]
    if len(span) == 0 or np.isnan(span[0, s.channel]):
        return False
    return float(np.nanmax(span)) < cfg.seat_on


def _seat_leads(seat: np.ndarray, s: Segment, frames_per_s: float, cfg: SegmenterConfig) -> bool:
    """Over the first ``seat_head_ms`` of ``s``, does its own seat speak and lead every other?"""
    i = int(round(s.start * frames_per_s))
    head = seat[i : i + max(1, int(cfg.seat_head_ms / cfg.frame_ms))]
    if len(head) == 0 or np.isnan(head[0, s.channel]):
        return False
    own = float(np.nanmax(head[:, s.channel]))
    others = np.delete(head, s.channel, axis=1)
    other = float(np.nanmax(others)) if others.size and not np.all(np.isnan(others)) else 0.0
    return own >= cfg.seat_on and own > other


def rejoined(segments: list[Segment], seat: np.ndarray, frames_per_s: float, cfg: SegmenterConfig) -> list[Segment]:
    """Segments joined to their channel's previous one over a pause longer than the hangover (up to
    ``cfg.rejoin_ms``) when the same voice goes on: its seat spoke in the previous segment and
    speaks, stronger than any other seat, over the head of the next (a shout cut in two)."""
    gap = cfg.rejoin_ms / 1000
    out: list[Segment] = []
    last: dict[int, int] = {}
    for s in sorted(segments, key=lambda s: (s.start, s.channel)):
        k = last.get(s.channel)
        if k is not None:
            prev = out[k]
            i = int(round(prev.start * frames_per_s))
            j = max(i + 1, int(round(prev.end * frames_per_s)))
            spoke = float(np.nanmax(seat[i:j, s.channel], initial=-1.0)) >= cfg.seat_on
            if s.start - prev.end <= gap and spoke and _seat_leads(seat, s, frames_per_s, cfg):
                out[k] = replace(prev, end=max(prev.end, s.end), peak_dbfs=max(prev.peak_dbfs, s.peak_dbfs))
                continue
        last[s.channel] = len(out)
        out.append(s)
    return out


def resolve_duplicates(
    audio: np.ndarray,
    rate: int,
    segments: list[Segment],
    cfg: SegmenterConfig,
    window_s: float | None = None,
    seat: np.ndarray | None = None,
    *,
    cache: LookCache | None = None,
    offset: int = 0,
) -> list[Segment]:
    """Drop crosstalk copies, set loudness ratios and ambiguous flags.

    The ratio is measured over ``window_s`` (default ``cfg.ratio_window_s``) from each segment's start.
    ``seat`` (each seat's response on the segmenter's frames): a segment whose
    seat speaks at its start is its channel's own, however loud a rival is —
    also when it is only a little louder than a rival's copy (ratio under
    ``ratio_threshold``) and that copy's segment louder still.
    A burst whose seat stays silent over all of it while another seat speaks
    far more strongly is that player's leak copy, dropped whatever its loudness
    ratio (``copy_seat_max``, ``copy_seat_ratio``), unless another opening burst of
    its channel follows within the hangover: the head of a shout, joined to it.
    Between two opening bursts of its channel (within the hangover each side) it
    is no onset, only a bridge: dropped on the looser ``bridge_seat_max``,
    ``bridge_seat_ratio``, or another's leak would join two of his shouts into one.
    ``cache``, ``offset``: a live stream's ratios kept from look to look (:func:`loudness_ratio`).
    """
    if audio.shape[1] == 1:
        return segments
    max_lag = int(cfg.max_lag_ms * rate / 1000)
    window = cfg.ratio_window_s if window_s is None else window_s
    rated: list[tuple[Segment, int]] = []
    for s in segments:
        a = int(round(s.start * rate))
        b = min(int(round(s.end * rate)), a + int(window * rate))
        ratio, rival = loudness_ratio(audio, s.channel, a, max(b, a + 1), max_lag, cache=cache, offset=offset)
        rated.append((replace(s, loudness_ratio=ratio), rival))
    kept: list[Segment] = []
    frame = max(1, int(round(cfg.frame_ms * rate / 1000)))
    gap = cfg.hangover_ms / 1000
    for s, rival in rated:
        if seat is not None:
            after = any(t.channel == s.channel and s.end <= t.start <= s.end + gap for t, _ in rated)
            before = any(t.channel == s.channel and s.start - gap <= t.end <= s.start for t, _ in rated)
            if (not after and _seat_copy(seat, s, rate / frame, cfg)) or (
                    after and before and _seat_copy(seat, s, rate / frame, cfg, bridge=True)):
                continue  # his seat stays silent while another speaks over it: a leak, that no burst of
                # his follows (it is no shout's head), or only bridging two of his own into one
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
    audio: np.ndarray,
    rate: int,
    cfg: SegmenterConfig | None = None,
    leak: LeakModel | None = None,
    *,
    look: LookCache | None = None,
    offset: int = 0,
    power: np.ndarray | None = None,
) -> list[Segment]:
    """Time-ordered speech segments of a (samples, channels) float block.

    ``leak`` is learnt from the block itself when not given.
    A live stream's look (the file path gives none of these; the segments are the same):
    ``look``, what its looks before computed, by session index (``offset``: the session sample
    of ``audio[0]``), with the seat spectra of ``leak`` found by session frame too;
    ``power``, the block's frame powers (``frame_power(audio, frame)``) when already known.
    """
    cfg = cfg or SegmenterConfig()
    if audio.ndim == 1:
        audio = audio[:, None]
    if len(audio) == 0:
        return []
    frame = max(1, int(round(cfg.frame_ms * rate / 1000)))
    power = frame_power(audio, frame) if power is None else power
    noise = noise_floor(power)
    q = power
    clean = audio  # the audio with the direct-path leaks cancelled
    seat = None  # each seat's steered response on the segmenter's frames, when known
    seats = None  # the seats' fingerprints, when known
    if audio.shape[1] > 1:
        cache = leak.spectra if leak is not None else None
        at, session = (offset, look.session) if look is not None else (None, None)
        spectra = phat(audio, rate, cfg.seats, cache=cache, offset=at, session=session) if cfg.seat_attribution else None
        if leak is None:
            leak, clean = learn_and_cancel(audio, rate, cfg, spectra)
            if clean is not audio:
                power = frame_power(clean, frame)
        else:
            clean, power = _cancelled(audio, power, leak, frame, cfg, look, offset)
        gains = leak.power_gains(cfg.default_crosstalk_db)
        spread = spread_power(power, cfg)
        predicted = spread @ gains.T  # each channel's leak from the others
        q = own_power(power, predicted, cfg)
        mine = np.where(power > predicted * 10 ** (cfg.own_margin_db / 10), power, 0.0)
        owned = owned_rises(power, gains, noise, cfg)
        if spectra is not None:
            seats = leak.seats if leak.seats is not None else seats_from(spectra, rate, cfg.seats)
            seat = seat_response(spectra, seats, len(power), frame, cfg)
            q = np.where(seat_owned(seat, cfg), power, q)  # where his seat speaks (and leads), his power is his own
    else:
        owned = np.ones_like(power, dtype=bool)
        mine = power
    voiced = None  # per frame: most of the band's energy under 1 kHz (a voice's spectrum, not a die's)
    if seat is not None and spectra is not None and cfg.die_before_voice:
        voiced = voiced_share(spectra, len(power), frame, cfg.seats) >= cfg.seats.voiced_share
    openers, followers = [], []
    for c in range(audio.shape[1]):
        prev = 0  # where the channel's previous burst ended: an onset is not walked back past it
        pieces = split_at_seat(bursts_channel(q[:, c], float(noise[c]), cfg), seat, c, cfg)
        for k, (a, b, cut) in enumerate(pieces):
            first = first_owned(owned[:, c], a, b)
            if seat is not None and not np.isnan(seat[0, c]):
                first = seat_opening(seat[:, c], first, a, b, cfg)
                if first is not None:
                    first = own_onset(mine[:, c], float(noise[c]), prev, first, cfg)
                    first = pitch_onset(clean, rate, c, first, prev, spread, gains[c], power[:, c],
                                        float(noise[c]), frame, cfg)
                    first = residual_onset(audio, rate, c, first, prev, power[:, c], float(noise[c]), frame, cfg)
                    first = band_onset(audio, rate, c, first, prev, seats, power[:, c], float(noise[c]), frame, cfg)
                    if cfg.pred_back_ms > 0:  # (off by default; the rivals' predicted leak is a whole-table product)
                        first = prediction_onset(audio, c, first, prev, spread * gains[c][None, :], power[:, c],
                                                 float(noise[c]), frame, cfg)
            if voiced is not None and _die_before_voice(voiced[:, c], a, b, pieces[k + 1 : k + 2], cfg):
                prev = b  # a knock just before a voice on this microphone: it would swallow its onset, as an
                continue  # opener or as a follower bridging an earlier segment to it
            if cut and first is not None:  # what comes before a cut is the sound it was cut from
                first = max(first, min(b - 1, a + int(round(cfg.seat_delay_ms / cfg.frame_ms))))
            if first is None:  # no rise of its own: another player's sound, the room's tail, or
                followers.append(_segment(c, a, b, power, frame, rate, len(audio)))  # the rest of a shout
            else:
                openers.append(_segment(c, refine_onset(power[:, c], a, first, cfg), b, power, frame, rate, len(audio)))
            prev = b
    openers.sort(key=lambda s: (s.start, s.channel))
    joined = join_bursts(resolve_duplicates(audio, rate, openers, cfg, cfg.burst_window_s, seat, cache=look, offset=offset),
                         followers, cfg, seat_spoke(seat, frame, rate, cfg))
    if seat is not None and cfg.rejoin_ms > cfg.hangover_ms:
        joined = rejoined(joined, seat, rate / frame, cfg)
    if seat is not None and cfg.placeless_drop:
        joined = [s for s in joined if not placeless(seat, s, rate / frame, cfg)]
    if cfg.hiss_back_ms <= 0:
        return joined
    gains = leak.power_gains(cfg.default_crosstalk_db) if leak is not None else np.zeros((audio.shape[1],) * 2)
    return hiss_onsets(joined, _hiss(audio, clean, rate, frame, cfg, look, offset), gains, frame, rate, cfg)


def _die_before_voice(
    voiced: np.ndarray, a: int, b: int, after: list[tuple[int, int, bool]], cfg: SegmenterConfig
) -> bool:
    """Is the burst ``[a, b)``, ``die_min_ms`` long at least, unvoiced over most of its frames while the
    channel's next burst (``after``), within the hangover, is voiced over most of its own: a die's knock
    before a shout (and not a shout's own unvoiced head, the « t » of « trois », shorter)?"""
    if not after or (after[0][0] - b) * cfg.frame_ms > cfg.hangover_ms or (b - a) * cfg.frame_ms < cfg.die_min_ms:
        return False
    x, y, _ = after[0]
    return float(voiced[a:b].mean()) < 0.5 <= float(voiced[x:y].mean())


def _on_grid(audio: np.ndarray, frame: int, offset: int) -> bool:
    """Is the block whole frames on the session's frame grid (a live look's cache can serve it)."""
    return offset % frame == 0 and len(audio) % frame == 0


def _cancelled(
    audio: np.ndarray, power: np.ndarray, leak: LeakModel, frame: int, cfg: SegmenterConfig,
    look: LookCache | None, offset: int,
) -> tuple[np.ndarray, np.ndarray]:
    """The block with the leak model's direct paths cancelled (:func:`.leak.cancelled`) and its frame
    powers (``power``, the block's own, when nothing was cancelled); a live look's from its cache."""
    if look is not None and _on_grid(audio, frame, offset) and cfg.cancel_leaks and leak.canceller is None and leak.paths:
        return carried_clean(audio, leak.paths, frame, look, offset)
    clean = cancelled(audio, leak, cfg)
    return clean, (power if clean is audio else frame_power(clean, frame))


def _hiss(
    audio: np.ndarray, clean: np.ndarray, rate: int, frame: int, cfg: SegmenterConfig, look: LookCache | None, offset: int
) -> np.ndarray:
    """The high band's power per frame (the weak-fricative walk): from a live look's cache when it
    can serve the block, of the audio or of the audio cancelled with the cache's leak paths."""
    if look is not None and _on_grid(audio, frame, offset):
        if clean is audio:
            return hiss_power(audio, rate, cfg.hiss_hz, frame, look, offset)
        if clean is look.clean:
            return hiss_power(clean, rate, cfg.hiss_hz, frame, look, offset, cancelled=True)
    return frame_power(high_band(clean, rate, cfg.hiss_hz), frame)


def _segment(c: int, a: int, b: int, power: np.ndarray, frame: int, rate: int, n: int) -> Segment:
    return Segment(
        channel=c,
        start=float(a * frame / rate),
        end=float(min(b * frame, n) / rate),
        peak_dbfs=float(10 * np.log10(float(power[a:b, c].max()) + EPS)),
    )


def attribute(segment: Segment, players: Sequence[str] | None) -> str | None:
    """The player at the segment's microphone, if channels are mapped to players."""
    if not players or segment.channel >= len(players):
        return None
    name = players[segment.channel]
    return name or None
