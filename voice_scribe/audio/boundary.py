"""Segment boundaries placed by seat: where each player's seat fingerprint says he speaks.

Each seat's steered response (:func:`seat_response`, from :mod:`.seats`) decides where a burst
opens a segment, or that it is another's leak (:func:`seat_opening`), cuts a burst where its
seat starts speaking after a silence (:func:`split_at_seat`), and marks where a seat's own burst
joined a segment it did not start (:func:`join_bursts`, :func:`seat_spoke`). docs/hearing.md,
« Seat fingerprints (time differences between microphones) » and « Segment boundaries: cuts at a
seat's rise, the rescue, a die's head (fifth round) ».
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from voice_scribe.audio.frames import Segment, SegmenterConfig
from voice_scribe.audio.seats import Seats, Spectra, on_frames, scores_from


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


def seat_opening(seat: np.ndarray, first: int | None, a: int, b: int, cfg: SegmenterConfig) -> int | None:
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
    top = a + int(speaking[0])
    on = _walk_back(seat, top, 0, cfg, rising=False)
    on = min(top, on + int(round(cfg.seat_delay_ms / cfg.frame_ms)))  # the response leads the sound
    if first is None or first < on - int(cfg.seat_lead_ms / cfg.frame_ms):
        return on
    return min(first, on)


def join_bursts(
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


def seat_spoke(
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


def split_at_seat(
    bursts: list[tuple[int, int]], seat: np.ndarray | None, channel: int, cfg: SegmenterConfig
) -> list[tuple[int, int, bool]]:
    """A channel's bursts ``(start, end, cut)``, each cut where its seat starts speaking after ``seat_split_ms`` without.

    A die rolled or a rival's leak on a channel, then its player's own shout
    before the sound dies down, make one burst: cut at the start of the
    seat's rise (back along its rising response, not under ``seat_off``, at
    most ``seat_back_ms``), each piece is judged on its own
    (:func:`seat_opening`); ``cut`` says a piece starts at a cut. Unchanged
    without seats, or for an unknown seat.

    >>> cfg = SegmenterConfig(frame_ms=5.0)
    >>> seat = np.array([0.0] * 38 + [0.06, 0.08] + [0.2] * 10 + [0.3] * 10)[:, None]
    >>> split_at_seat([(0, 60)], seat, 0, cfg)
    [(0, 38, False), (38, 60, True)]
    """
    if seat is None or np.isnan(seat[0, channel]) or cfg.seat_split_ms <= 0:
        return [(a, b, False) for a, b in bursts]
    return [piece for a, b in bursts for piece in _cut_burst(seat[:, channel], a, b, cfg)]


def _walk_back(seat: np.ndarray, i: int, floor: int, cfg: SegmenterConfig, *, rising: bool) -> int:
    """From frame ``i``, where a seat speaks, back towards where its response began: frames are taken
    back while the one before stays at or over ``seat_off`` (and, with ``rising``, under the one
    after it: the response still rising), at most ``seat_back_ms``, never before ``floor``.

    :func:`seat_opening` walks back over the whole run above ``seat_off``; a cut
    (:func:`_cut_burst`) only over the rise, stopping where the response last fell.

    >>> cfg = SegmenterConfig(frame_ms=5.0)
    >>> seat = np.array([0.0, 0.2, 0.08, 0.06, 0.08, 0.2, 0.3])
    >>> _walk_back(seat, 5, 0, cfg, rising=False), _walk_back(seat, 5, 0, cfg, rising=True)
    (1, 3)
    >>> _walk_back(seat, 5, 4, cfg, rising=False)
    4
    """
    limit = max(floor, i - int(cfg.seat_back_ms / cfg.frame_ms))
    while i > limit and seat[i - 1] >= cfg.seat_off and (not rising or seat[i - 1] < seat[i]):
        i -= 1
    return i


def _cut_burst(seat: np.ndarray, a: int, b: int, cfg: SegmenterConfig) -> list[tuple[int, int, bool]]:
    """One burst ``[a, b)`` cut at each rise of its seat after ``seat_split_ms`` without (:func:`split_at_seat`)."""
    quiet = int(round(cfg.seat_split_ms / cfg.frame_ms))
    if b - a <= quiet:
        return [(a, b, False)]
    on = seat[a:b] >= cfg.seat_on
    cuts = []
    silent = 0
    for k in range(b - a):
        if on[k] and silent >= quiet:
            cuts.append(_walk_back(seat, a + k, cuts[-1] + 1 if cuts else a + 1, cfg, rising=True))
        silent = 0 if on[k] else silent + 1
    edges = [a, *cuts, b]
    return [(x, y, x != a) for x, y in zip(edges[:-1], edges[1:], strict=True) if y > x]
