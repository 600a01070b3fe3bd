"""Live hearing: frames in, utterances out, on the session clock.

:class:`StreamingHearing` keeps the last ``window_s`` seconds of audio and
segments its recent part with the same code as file replay
(:func:`voice_scribe.audio.segment.segment_audio`); a segment is emitted once
it has ended (``hangover`` of silence seen after it, and a 50 ms margin) and
only once.

When it looks: a per-frame energy watch (:class:`~voice_scribe.speech.endpoint.EndWatch`)
tells the moment a channel's sound has been followed by that silence, and the
hearing looks then, so a shout is emitted about ``hangover`` + 50 ms after it
ends rather than at the next periodic look. While something is sounding it
also looks every ``hop_s`` (onsets for the decoding, the crosstalk model);
a quiet table costs no look at all. ``watch=False`` gives the former
behaviour (a look every ``hop_s``, whatever is heard).

Decoding while the shout goes: once a look has found a shout's onset, its
channel's recognizer is fed from that onset (less the pre-roll of
:func:`~voice_scribe.speech.transcribe.decode_segment`) as frames arrive, in
the same chunks as the file path, so at the end only the last chunks and
Vosk's final result remain, and the words are those of decoding the whole
segment afterwards. If a later look moves the onset, the recognizer starts
that segment afresh from the new one.

A shout whose channel sounds again soon after its end is held while that sound may
still be joined to it (not for a flicker): :meth:`StreamingHearing._holding`.
Each utterance goes to ``on_heard`` the moment it is decoded, before the rest of
the frame's work.

A segment is emitted as the file path has it: the speech check's (a die's head before a
shout left out, ``Segment.seat_rise`` carried to the session clock by :func:`shifted`).
What still makes the two paths differ is the crosstalk model, learnt at the looks on the last
``learn_s`` and merged (docs/hearing.md, « Live path, sixth round »); with ``crosstalk_s`` its
crosstalk part is learnt as the file path learns it, on that much recent audio at once; with
``pooled``, on every frame heard so far where a speaker was alone, each counted once
(:class:`~voice_scribe.audio.leak_pool.LeakPool`; « Live path, eighth round »). A leak the
merged windows never learn keeps the segmenter's −9 dB for the whole table: ``pool_unknown`` takes
it from the frames pooled instead, 3 dB up (on by default), ``prior_db`` at a given gain (measured,
off; « Ninth round: the live path's misses »).

Frames pass through an optional :class:`~voice_scribe.audio.mute.Mute` first,
so the scribe does not hear itself.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from voice_scribe.audio.carry import LookCache
from voice_scribe.audio.frames import frame_power, noise_floor
from voice_scribe.audio.leak import LeakModel, LeakPaths, cancelled, learn_leak, spread_power
from voice_scribe.audio.leak_pool import LeakPool
from voice_scribe.audio.mute import Mute
from voice_scribe.audio.seats import SeatPool, Seats
from voice_scribe.audio.segment import Segment, segment_audio
from voice_scribe.audio.sources import Frame
from voice_scribe.audio.vad import SpeechCheck, keep_speech
from voice_scribe.speech.endpoint import MIN_RUN_S, EndWatch, RecentRows
from voice_scribe.speech.recognizer import ChannelRecognizer, Grammar
from voice_scribe.speech.transcribe import (
    HearingConfig,
    SegmentDecoder,
    chunk_samples,
    decode_span,
    to_utterance,
)
from voice_scribe.speech.utterance import Utterance, Word

#: how long after a segment's last sound (beyond the hangover) it is taken as ended (s)
END_MARGIN_S = 0.05
#: how long after a sound begins the first look is taken (s): enough for the segmenter to see it
FIRST_LOOK_S = 0.1
#: a segment still going at a look but ended this long before it has fallen quiet (s)
QUIET_BEFORE_LOOK_S = 0.02
#: a channel's returning sound that begins up to this much later than a hangover after a segment's
#: end may still be joined to it: the segmenter's gaps move by a few frames between looks (s)
JOIN_SLACK_S = 0.08
#: pooled direct paths whose gains all moved less than this (same pairs, same lags) are kept as
#: they were: a look's cancelled audio is carried only while the paths stay the same
PATH_SETTLE = 0.002


#: a pooled direct path's lag and its source seat's time difference agree within this (samples)
PATH_SEAT_SAMPLES = 2


def _agreeing(paths: LeakPaths, seats: Seats) -> LeakPaths:
    """The ``paths`` whose lag is the source seat's time difference between the two microphones
    (or whose source seat is not known).

    >>> import numpy as np
    >>> votes = np.zeros((2, 1, 157), complex)  # 2 microphones, 1 pair, the band's bins at 16 kHz
    >>> seats = Seats(votes, np.zeros(2), 16000)  # no seat known: every path kept
    >>> _agreeing({(1, 0): (0.2, 33), (0, 1): (0.1, 84)}, seats) == {(1, 0): (0.2, 33), (0, 1): (0.1, 84)}
    True
    """
    pairs = {pair: q for q, pair in enumerate(itertools.combinations(range(seats.channels), 2))}
    known, lags = seats.known, seats.lags
    out: LeakPaths = {}
    for (c, d), (gain, lag) in paths.items():
        q = pairs[(min(c, d), max(c, d))]
        if not known[d] or abs(lag - abs(int(lags[d, q]))) <= PATH_SEAT_SAMPLES:
            out[(c, d)] = (gain, lag)
    return out


def _settled(old: LeakPaths, new: LeakPaths) -> bool:
    """Are ``new`` paths ``old`` ones but for gains moved by less than :data:`PATH_SETTLE`?"""
    return old.keys() == new.keys() and all(
        old[pair][1] == lag and abs(old[pair][0] - gain) < PATH_SETTLE for pair, (gain, lag) in new.items()
    )


def with_prior(leak: LeakModel | None, prior_db: float, quantile: float = -1.0) -> LeakModel | None:
    """``leak`` with each leak it does not know yet (NaN gain) given a starting value: the
    ``quantile`` of the gains it knows (if ``quantile`` ≥ 0 and it knows some), else ``prior_db``
    (if < 0; otherwise left unknown: the segmenter takes its ``default_crosstalk_db``).

    A live table's first seconds come before any speaker has been heard alone long enough for his
    leak to be learnt (docs/hearing.md, « Ninth round: the live path's misses »).

    >>> g = np.full((3, 3), np.nan); np.fill_diagonal(g, 0.0); g[0, 1], g[0, 2] = 0.04, 0.06
    >>> young = with_prior(LeakModel({}, g, np.zeros((3, 3))), -12.0)
    >>> np.round(10 * np.log10(young.gains[1:, 0]), 1).tolist(), young.gains[0, 1:].tolist()
    ([-12.0, -12.0], [0.04, 0.06])
    >>> round(float(with_prior(LeakModel({}, g, np.zeros((3, 3))), -12.0, 0.5).gains[2, 1]), 3)
    0.05
    """
    if leak is None or (quantile < 0 and prior_db >= 0):
        return leak
    gains = leak.gains
    off = ~np.eye(len(gains), dtype=bool)
    unknown = off & np.isnan(gains)
    if not unknown.any():
        return leak
    known = off & ~unknown
    if quantile >= 0 and known.any():
        prior = float(np.quantile(gains[known], min(quantile, 1.0)))
    elif prior_db < 0:
        prior = 10 ** (prior_db / 10)
    else:
        return leak
    return replace(leak, gains=np.where(unknown, prior, gains))


def shifted(seg: Segment, dt: float) -> Segment:
    """``seg`` moved by ``dt`` seconds: from a look's window clock to the session's, every instant
    it holds (the seat's rise too, where the speech check may move the onset).

    >>> shifted(Segment(2, 1.0, 2.0, -20.0, seat_rise=1.4), 10.0)
    Segment(channel=2, start=11.0, end=12.0, peak_dbfs=-20.0, loudness_ratio=None, ambiguous=False, seat_rise=11.4)
    """
    rise = None if seg.seat_rise is None else seg.seat_rise + dt
    return replace(seg, start=seg.start + dt, end=seg.end + dt, seat_rise=rise)


@dataclass
class StreamingHearing:
    channels: int
    players: Sequence[str] | None = None
    model: Any | None = None
    grammar: Grammar | None = None
    cfg: HearingConfig = field(default_factory=HearingConfig)
    mute: Mute | None = None
    window_s: float = 12.0
    hop_s: float = 0.5
    #: crosstalk known beforehand (e.g. learnt from a calibration round where
    #: each player says his name alone); refined as the game goes
    leak: LeakModel | None = None
    #: look the moment a sound's end is known (False: only every ``hop_s``)
    watch: bool = True
    #: feed the recognizer while the shout goes (False: decode it once it has ended)
    decode_early: bool = True
    #: the recent audio each look segments (s): more when a shout still going began earlier
    analysis_s: float = 6.0
    #: the recent audio each look learns the crosstalk from (s), merged into what was known
    learn_s: float = 4.0
    #: the crosstalk is learnt again at most this often (s): most looks use what is known
    learn_every_s: float = 1.0
    #: the crosstalk (direct paths and residual gains, not the seats) is learnt on this much of
    #: the recent audio (s, at most ``window_s``), as the file path learns it on the whole
    #: recording, and replaces the one known (None: learnt with the seats on ``learn_s``, merged)
    crosstalk_s: float | None = None
    #: ... at most this often (s)
    crosstalk_every_s: float = 5.0
    #: the crosstalk's direct paths and power gains are learnt on every frame heard so far where a
    #: speaker was alone (:class:`~voice_scribe.audio.leak_pool.LeakPool`), as the file path learns
    #: them over the whole recording, rather than merged from each learning window's (False)
    pooled: bool = False
    #: ... a pooled direct path is cancelled once its source was alone in this many frames
    pool_path_frames: int = 20
    #: ... the power gains pooled too (False: the direct paths only, the gains merged)
    pool_gains: bool = True
    #: ... the pooled power gains raised by this much (dB): a margin over the file path's estimate
    pool_margin_db: float = 0.0
    #: ... the seats too (:class:`~voice_scribe.audio.seats.SeatPool`): every frame where a seat's
    #: microphone leads teaches once, against the floor of every frame heard (False: the seats
    #: merged from each learning window's, as without ``pooled``)
    pool_seats: bool = True
    #: ... a seat the pool does not know yet (fewer frames than ``SeatConfig.min_support``) takes
    #: the merged windows' votes meanwhile (False: unknown until the pool knows it)
    pool_seats_fallback: bool = True
    #: ... a pooled direct path from d to c is used only if its lag is the time difference seat d's
    #: fingerprint has between microphones c and d (within :data:`PATH_SEAT_SAMPLES`; a seat not
    #: known: the path is used): a path on few frames can peak at a reflection's lag
    pool_path_seat_check: bool = False
    #: ... each pooled power gain no lower than the merged windows' (which over-estimate a leak
    #: learnt on few frames): measured, off (docs/hearing.md, « Live path, eighth round »)
    pool_gains_max: bool = False
    #: each look reads what the looks before computed of the same audio (the high band, loudness
    #: ratios, seat spectra and block energies, by session index; the frame powers the end watch
    #: kept) instead of computing it again over the whole window: the same segments, sooner
    #: (False: every look computes all, as the file path does)
    carry: bool = True
    #: a leak the merged windows never learnt (NaN gain) is taken at its gain pooled over every
    #: frame heard where its source was alone (:class:`~voice_scribe.audio.leak_pool.LeakPool`,
    #: each learning window judged against its own noise floor), once enough frames are pooled;
    #: the gains the windows learnt, the direct paths and the seats stay the merged ones
    pool_unknown: bool = True
    #: ... once its source was alone in this many frames pooled (the file path wants 20)
    pool_unknown_frames: int = 20
    #: ... raised by this much (dB), never above the segmenter's ``default_crosstalk_db``: a pooled
    #: gain from few frames under-estimates the leak's reverberant tail
    pool_unknown_margin_db: float = 3.0
    #: a leak the model does not know yet (NaN gain) is taken at this quantile of the gains it knows
    #: (0.5: their median; negative: the segmenter's default, ``default_crosstalk_db``)
    gain_prior_q: float = -1.0
    #: a leak the model does not know yet, while it knows none (or ``gain_prior_q`` is off), is
    #: taken at this power gain (dB; 0 or more: the segmenter's ``default_crosstalk_db``, −9 dB)
    prior_db: float = 0.0
    #: ... only during the table's first this many seconds (0: all along); after it a pair still
    #: unknown takes the segmenter's default, as on the file path
    prior_s: float = 0.0
    #: called with each utterance the moment it is decoded, before the rest of the push's work
    #: (the next shout's decoding, the crosstalk model, the decoders of shouts still going);
    #: ``push`` and ``flush`` return them as well
    on_heard: Callable[[Utterance], None] | None = field(default=None, repr=False)
    #: the last ``window_s`` of audio (:attr:`_buf`, from session sample :attr:`_buf_start`)
    _recent: RecentRows = field(init=False, repr=False)
    _pending: int = field(default=0, init=False)  # samples since the last analysis
    _emitted: dict[int, float] = field(default_factory=dict, init=False)  # channel → end of last emitted
    _recognizers: dict[int, ChannelRecognizer] = field(default_factory=dict, init=False, repr=False)
    _decoders: dict[int, SegmentDecoder] = field(default_factory=dict, init=False, repr=False)
    _leak: LeakModel | None = field(default=None, init=False, repr=False)
    #: session time before which every shout has been emitted
    _settled: float = field(default=0.0, init=False)
    #: segments still going at the last look (they hold the settled horizon at their onset)
    _going: list[Segment] = field(default_factory=list, init=False, repr=False)
    #: of those, the ones ended but held at the last look because their channel's own sound came
    #: back (the watch says when that sound is over)
    _held: list[Segment] = field(default_factory=list, init=False, repr=False)
    _last_look: float = field(default=0.0, init=False)
    _last_learnt: float | None = field(default=None, init=False)
    _crosstalk: LeakModel | None = field(default=None, init=False, repr=False)  # learnt on ``crosstalk_s``
    _crosstalk_learnt: float | None = field(default=None, init=False)
    _pool: LeakPool | None = field(default=None, init=False, repr=False)
    _pool_paths: LeakPaths | None = field(default=None, init=False, repr=False)  # the last pooled paths used
    _seat_pool: SeatPool | None = field(default=None, init=False, repr=False)
    _seats_used: Seats | None = field(default=None, init=False, repr=False)  # the last pooled seats used
    _check: SpeechCheck | None = field(default=None, init=False, repr=False)
    _watch: EndWatch = field(init=False, repr=False)
    _look: LookCache | None = field(default=None, init=False, repr=False)
    #: how many looks (segmentations) were run: for the benchmarks
    looks: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        self._leak = self.leak
        self._check = SpeechCheck.load() if self.cfg.speech_check else None
        self._watch = EndWatch(self.channels, self.cfg.rate, self.cfg.segmenter, power_s=self.window_s)
        if self.carry:
            frames = int(self.window_s * self.cfg.rate) // self._watch.frame
            self._look = LookCache(self.channels, keep_frames=frames + 1)
        # room for twice the window: the kept audio moves to a fresh array once a window
        self._recent = RecentRows(self.channels, np.float32, 2 * int(self.window_s * self.cfg.rate) + self._watch.frame)

    @property
    def _buf(self) -> np.ndarray:
        """The audio kept (``(samples, channels)`` float32, a view): the last ``window_s``."""
        return self._recent.rows

    @property
    def _buf_start(self) -> int:
        """Session sample of ``_buf[0]``."""
        return self._recent.start

    @property
    def now(self) -> float:
        """Session time of the end of the audio received so far."""
        return (self._buf_start + len(self._buf)) / self.cfg.rate

    @property
    def settled_until(self) -> float:
        """Every shout with an onset before this time has been emitted (or never will be).

        Shouts still going hold it back to their onset: the live table must not close a
        reaction window past it, or a late-decoded shout would miss it.
        """
        return self._settled

    @property
    def wait_s(self) -> float:
        """Silence after a segment's end before it counts as ended."""
        return self.cfg.segmenter.hangover_ms / 1000 + END_MARGIN_S

    def push(self, frame: Frame) -> list[Utterance]:
        """Add one frame; returns the utterances that became complete."""
        self._append(frame)
        self._pending += len(frame.data)
        out: list[Utterance] = []
        if self._due():
            self._pending = 0
            out = self._analyse(final=False)
        elif self.watch:
            self._settled = max(self._settled, self._quiet_horizon())
        if not out:  # a push that emits returns at once: the other decoders catch up at the next
            self._feed_decoders()
        self._trim()
        return out

    def flush(self) -> list[Utterance]:
        """End of stream: emit what is left, ended or not."""
        return self._analyse(final=True)

    def run(self, frames: Iterable[Frame]) -> Iterator[Utterance]:
        for frame in frames:
            yield from self.push(frame)
        yield from self.flush()

    # ── frames in ──
    def _append(self, frame: Frame) -> None:
        if frame.rate != self.cfg.rate or frame.channels != self.channels:
            raise ValueError("frame rate or channel count differs from the hearing's")
        if self.mute is not None:
            frame = self.mute.apply(frame)  # type: ignore[assignment]
        expected = self._recent.end
        if frame.start != expected:  # a gap (dropped frames): pad with silence to keep the clock
            if frame.start < expected:
                raise ValueError("frames must arrive in time order")
            self._recent.pad(frame.start - expected)
        self._recent.extend(frame.data)
        self._watch.watch(self._buf, self._buf_start)

    def _due(self) -> bool:
        """Is it time to look: a sound just ended, or something sounds and ``hop_s`` has passed?"""
        hop = self._pending >= self.hop_s * self.cfg.rate
        if not self.watch:
            return hop
        going = {s.channel for s in self._going}
        ended = self._watch.ended(self.now, self.wait_s)
        # a run that began before the last look and holds no segment then is another's leak
        if any(r.channel in going or (r.start >= self._last_look and r.end - r.start >= MIN_RUN_S) for r in ended):
            return True
        # a shout still going at the last look whose channel's sound has been over for the wait
        # (a flicker since keeps the watch's run going, and so its end unreported): look at it
        for s in self._going:
            over = self._watch.last_sound(s.channel)
            if over is not None and self._last_look < over + self.wait_s <= self.now:
                return True
        # a held shout whose returning sound is over (or was a flicker): it can go
        if any(not self._returning(s.channel, s.end) for s in self._held):
            return True
        # a shout the last look saw fall quiet (the watch called its end early): look at its end
        quiet = [s for s in self._going if s.end < self._last_look - QUIET_BEFORE_LOOK_S]
        if any(s.end + self.wait_s <= self.now for s in quiet):
            return True
        sounding = self._watch.sounding(MIN_RUN_S)
        if sounding is not None and self._last_look < sounding + FIRST_LOOK_S <= self.now:
            return True  # a sound began: find its onset soon, to decode it as it goes
        return hop and (bool(self._going) or sounding is not None)

    def _holding(self, found: list[Segment], horizon: float) -> dict[int, bool]:
        """The ended segments to hold (id → held on the watch's word alone): their channel's
        sound came back within the hangover.

        The segmenter may join that sound to the segment later: the watch hears it going on or
        just over (:meth:`EndWatch.returning`; a flicker holds nothing), or the segmenter sees
        it as the channel's next segment, still going, that began barely more than a hangover
        after this one's end (a gap the segmenter measures a little differently from one look
        to the next, as the window and its noise floor move). A next segment already ended
        holds nothing: both go.
        """
        limit = self.cfg.segmenter.hangover_ms / 1000 + JOIN_SLACK_S
        holding: dict[int, bool] = {}
        after: dict[int, Segment] = {}  # channel → the next segment in time (walking backwards)
        for seg in sorted(found, key=lambda s: s.start, reverse=True):
            nxt = after.get(seg.channel)
            after[seg.channel] = seg
            if seg.end > horizon:
                continue  # still going anyway
            nxt_open = nxt is not None and (nxt.end > horizon or id(nxt) in holding)
            if nxt_open and nxt.start - seg.end <= limit:
                holding[id(seg)] = False
            elif self._returning(seg.channel, seg.end):
                holding[id(seg)] = True
        return holding

    def _returning(self, channel: int, end: float) -> bool:
        """Has the channel's own sound come back after ``end``, and may it still be joined?"""
        within = self.cfg.segmenter.hangover_ms / 1000 + JOIN_SLACK_S
        return self._watch.returning(channel, end, within, self.now, self.wait_s) is not None

    def _quiet_horizon(self) -> float:
        """The settled horizon without a look: nothing can begin where every channel was quiet."""
        horizon = self.now - self.wait_s
        back = self.cfg.segmenter.hiss_back_ms / 1000
        for s in self._going:
            horizon = min(horizon, s.start - back)
        earliest = self._watch.earliest()
        if earliest is not None:
            horizon = min(horizon, earliest - back)
        return horizon

    # ── a look ──
    def _window(self) -> tuple[np.ndarray, int]:
        """The recent audio a look segments, and its first session sample."""
        rate = self.cfg.rate
        span = self.analysis_s
        if self._going:
            span = max(span, self.now - min(s.start for s in self._going) + 2.0)
        keep = min(len(self._buf), int(span * rate))
        keep -= keep % self._watch.frame
        return self._buf[len(self._buf) - keep :], self._buf_start + len(self._buf) - keep

    def _learn(self) -> LeakModel | None:
        if self.channels == 1:
            return None
        if self._last_learnt is not None and self._leak is not None and self.now - self._last_learnt < self.learn_every_s:
            return self._leak
        self._last_learnt = self.now
        recent = self._buf[-int(self.learn_s * self.cfg.rate) :]
        if self.carry:  # its spectra by session frame, into the cache the looks read
            cache = self._leak.spectra if self._leak is not None else None
            at = self._buf_start + len(self._buf) - len(recent)
            learnt = learn_leak(recent, self.cfg.rate, self.cfg.segmenter, cache=cache, offset=at,
                                session=self._look.session if self._look is not None else None)
        else:
            learnt = learn_leak(recent, self.cfg.rate, self.cfg.segmenter)
        self._leak = learnt if self._leak is None else self._leak.merged(learnt)
        if self.pooled:
            at = self._buf_start + len(self._buf) - len(recent)
            if self.pool_seats:  # first: the pooled paths may be checked against the seats
                self._leak = self._pooled_seats(self._leak, recent, at)
            self._leak = self._pooled(self._leak, recent, at)
        if self.crosstalk_s is not None:
            self._leak = self._with_crosstalk(self._leak)
        if self.pool_unknown and not self.pooled:
            self._leak = self._pooled_unknown(self._leak, recent, self._buf_start + len(self._buf) - len(recent))
        return self._leak

    def _on_grid(self, recent: np.ndarray, at: int) -> tuple[np.ndarray, int]:
        """``recent`` (from session sample ``at``) cut to whole frames on the session's frame grid, and the
        session frame its first one is."""
        frame = self._watch.frame
        skip = -at % frame
        return recent[skip : skip + (len(recent) - skip) // frame * frame], (at + skip) // frame

    def _pooled_unknown(self, leak: LeakModel, recent: np.ndarray, at: int) -> LeakModel:
        """``leak`` with each gain it does not know taken from the frames pooled so far
        (``recent``, from session sample ``at``, added to them): a support of 0 keeps it out of
        the next merge, which learns it again or leaves it to the pool."""
        unknown = np.isnan(leak.gains)
        if not unknown.any():
            return leak  # every path learnt: nothing to pool for (the pool is the look's dearest part)
        cfg = self.cfg.segmenter
        if self._pool is None:
            self._pool = LeakPool(self.channels, path_frames=int(self.pool_path_frames))
        frame = self._watch.frame
        recent, first = self._on_grid(recent, at)
        clean = cancelled(recent, leak, cfg)
        power = frame_power(clean, frame)
        self._pool.add_clean(power, spread_power(power, cfg), first, noise=noise_floor(power))
        gains, support = self._pool.gains(cfg.leak_percentile)
        use = unknown & (support >= self.pool_unknown_frames)
        if self.pool_unknown_margin_db:
            ceiling = 10 ** (cfg.default_crosstalk_db / 10)
            gains = np.minimum(gains * 10 ** (self.pool_unknown_margin_db / 10), ceiling)
        return replace(leak, gains=np.where(use, gains, leak.gains))

    def _pooled(self, leak: LeakModel, recent: np.ndarray, at: int) -> LeakModel:
        """``leak`` with its direct paths and power gains learnt on every frame heard so far where
        a speaker was alone (``recent``, from session sample ``at``, added to what was pooled)."""
        cfg = self.cfg.segmenter
        if self._pool is None:
            self._pool = LeakPool(self.channels, path_frames=int(self.pool_path_frames))
        frame = self._watch.frame
        recent, at = self._on_grid(recent, at)
        raw = frame_power(recent, frame)
        if cfg.cancel_leaks:
            self._pool.add_raw(recent, raw, at, frame, int(cfg.max_lag_ms * self.cfg.rate / 1000))
            pooled = self._pool.paths()
            if self.pool_path_seat_check and leak.seats is not None:
                pooled = _agreeing(pooled, leak.seats)
            known = {d for _, d in pooled}
            paths = {pair: p for pair, p in leak.paths.items() if pair[1] not in known} | pooled
            if self._pool_paths is not None and _settled(self._pool_paths, paths):
                paths = self._pool_paths  # the looks' cancelled audio kept stays valid
            self._pool_paths = paths
            leak = replace(leak, paths=paths)
        if not self.pool_gains:
            return leak
        clean = cancelled(recent, leak, cfg)
        power = raw if clean is recent else frame_power(clean, frame)
        self._pool.add_clean(power, spread_power(power, cfg), at)
        gains, support = self._pool.gains(cfg.leak_percentile)
        gains = gains * 10 ** (self.pool_margin_db / 10)
        known_g = ~np.isnan(gains)
        if self.pool_gains_max:  # the higher of the pooled gain and the merged windows' one
            gains = np.where(known_g & ~np.isnan(leak.gains), np.fmax(gains, leak.gains), gains)
        return replace(leak, gains=np.where(known_g, gains, leak.gains), support=np.where(known_g, support, leak.support))

    def _pooled_seats(self, leak: LeakModel, recent: np.ndarray, at: int) -> LeakModel:
        """``leak`` with the seats taught by every frame heard so far (``recent``, from session
        sample ``at``, added to what was pooled; its spectra are the ones the learning just cached)."""
        seg = self.cfg.segmenter
        if not seg.seat_attribution or leak.seats is None:
            return leak
        cfg = seg.seats
        if self._seat_pool is None:
            self._seat_pool = SeatPool(self.channels, self.cfg.rate, cfg)
        skip = -at % cfg.hop  # whole STFT frames on the session's grid only
        session = self._look.session if self._look is not None else None
        self._seat_pool.learn(recent[skip:], (at + skip) // cfg.hop, cache=leak.spectra, session=session)
        seats = self._seat_pool.seats()
        if self.pool_seats_fallback and not (seats.support >= cfg.min_support).all():
            lack = seats.support < cfg.min_support
            votes = np.where(lack[:, None, None], leak.seats.votes, seats.votes)
            seats = Seats(votes, np.where(lack, leak.seats.support, seats.support), seats.rate, cfg)
            used = self._seats_used
            if used is not None and np.array_equal(used.votes, seats.votes) and np.array_equal(used.support, seats.support):
                seats = used  # the same seats: their lags and steering stay cached
        self._seats_used = seats
        return replace(leak, seats=seats)

    def _with_crosstalk(self, leak: LeakModel) -> LeakModel:
        """``leak`` with the crosstalk learnt on the last ``crosstalk_s`` (again every
        ``crosstalk_every_s``): the file path's estimate, on all the recent audio at once."""
        due = self._crosstalk_learnt is None or self.now - self._crosstalk_learnt >= self.crosstalk_every_s
        if due or self._crosstalk is None:
            self._crosstalk_learnt = self.now
            recent = self._buf[-int(float(self.crosstalk_s or 0.0) * self.cfg.rate) :]
            self._crosstalk = learn_leak(recent, self.cfg.rate, replace(self.cfg.segmenter, seat_attribution=False))
        xt = self._crosstalk
        return replace(leak, paths=xt.paths, gains=xt.gains, support=xt.support, canceller=xt.canceller)

    def _analyse(self, final: bool) -> list[Utterance]:
        rate = self.cfg.rate
        self.looks += 1
        audio, first = self._window()
        t0 = first / rate
        horizon = self.now - self.wait_s
        settled = self.now if final else horizon
        leak = self._prior(self._learn())
        ready: list[Segment] = []
        going: list[Segment] = []
        held: list[Segment] = []
        found = [shifted(seg, t0) for seg in self._segments(audio, first, leak)]
        found = [seg for seg in found if seg.start >= self._emitted.get(seg.channel, -1.0)]  # not re-emitted
        holding = self._holding(found, horizon) if self.watch and not final else {}
        for seg in found:
            start, end = seg.start, seg.end
            if id(seg) in holding:  # its channel's sound came back: it may be the rest of this shout
                if holding[id(seg)]:
                    held.append(seg)  # the watch will say when that sound is over
                end = max(end, self.now)
            if not final and (end > horizon or seg.start <= t0):
                if end > horizon:
                    # still going: nothing after its onset is settled, and that onset may
                    # still move back over a weak first consonant once the shout is whole
                    settled = min(settled, start - self.cfg.segmenter.hiss_back_ms / 1000)
                    going.append(replace(seg, end=end))
                continue  # still going, or cut by the window's left edge
            ready.append(seg)
        out = []
        for seg in sorted(ready, key=lambda s: (s.start, s.channel)):
            utterance = self._emit(seg)
            if utterance is not None:
                out.append(utterance)
                if self.on_heard is not None:
                    self.on_heard(utterance)
        self._going = [] if final else going
        self._held = [] if final else held
        self._last_look = self.now
        self._watch.calibrate(audio, leak, offset=first)
        self._follow(going)
        self._settled = max(self._settled, settled)
        return out

    def _segments(self, audio: np.ndarray, first: int, leak: LeakModel | None) -> list[Segment]:
        """The look's window segmented by the file path's segmenter, on the window's clock; with
        ``carry``, from what the looks before computed of the same session audio."""
        if not self.carry:
            return segment_audio(audio, self.cfg.rate, self.cfg.segmenter, leak)
        power = self._watch.window_power(audio, first)
        return segment_audio(audio, self.cfg.rate, self.cfg.segmenter, leak, look=self._look, offset=first, power=power)

    def _emit(self, seg: Segment) -> Utterance | None:
        self._emitted[seg.channel] = seg.end
        decoder = self._decoders.pop(seg.channel, None)
        kept = keep_speech([seg], self._buf, self.cfg.rate, self._check, offset=self._buf_start)
        if not kept:
            if decoder is not None:
                decoder.discard()
            return None  # a knock, dice rolling: judged once, never emitted
        seg = kept[0]  # as the file path has it: a die's head before the shout is left out
        return to_utterance(seg, self.players, self._words(seg, decoder))

    def _words(self, seg: Segment, decoder: SegmentDecoder | None) -> list[Word]:
        """The segment's words: its decoder finished if it began where the segment does."""
        if self.model is None:
            return []
        a, b = decode_span(seg, self.cfg, self._buf_start, self._buf_start + len(self._buf))
        if decoder is None or decoder.start != a or decoder.fed > b:
            if decoder is not None:
                decoder.discard()  # the onset moved since: start afresh from the true one
            decoder = SegmentDecoder(self._recognizer(seg.channel), seg.channel, a, chunk_samples(self.cfg))
        return decoder.finish(self._buf, self._buf_start, b)

    def _prior(self, leak: LeakModel | None) -> LeakModel | None:
        """``leak`` with each gain it does not know yet at its starting value (:func:`with_prior`)."""
        if self.prior_s and self.now > self.prior_s:
            return leak
        return with_prior(leak, self.prior_db, self.gain_prior_q)

    # ── decoding while the shout goes ──
    def _follow(self, going: list[Segment]) -> None:
        """One decoder per channel for its earliest segment still going, from that segment's onset."""
        if self.model is None or not self.decode_early:
            return
        first: dict[int, Segment] = {}
        for seg in sorted(going, key=lambda s: s.start):
            first.setdefault(seg.channel, seg)
        for channel in list(self._decoders):
            if channel not in first:  # the sound was not a shout of this channel after all
                self._decoders.pop(channel).discard()
        for channel, seg in first.items():
            a, _ = decode_span(seg, self.cfg, self._buf_start, self._buf_start + len(self._buf))
            decoder = self._decoders.get(channel)
            if decoder is not None and decoder.start == a:
                continue
            if decoder is not None:
                decoder.discard()  # the onset moved: restart from the new one
            self._decoders[channel] = SegmentDecoder(self._recognizer(channel), channel, a, chunk_samples(self.cfg))

    def _feed_decoders(self) -> None:
        for decoder in self._decoders.values():
            decoder.feed(self._buf, self._buf_start, self._buf_start + len(self._buf))

    def _recognizer(self, channel: int) -> ChannelRecognizer:
        rec = self._recognizers.get(channel)
        if rec is None:
            rec = self._recognizers[channel] = ChannelRecognizer(
                self.model, self.cfg.rate, self.grammar, channel=channel
            )
        return rec

    def _trim(self) -> None:
        keep = int(self.window_s * self.cfg.rate)
        if len(self._buf) > keep:
            drop = len(self._buf) - keep
            drop -= drop % self._watch.frame  # the segmenter's frames stay on one grid
            self._recent.drop(drop)
