"""Seat fingerprints: who is speaking, from time differences between microphones (GCC-PHAT / SRP-PHAT).

The direct sound of a player reaches his own microphone first and every
other microphone later, by amounts fixed by where he sits: for a source at
player p, the cross-correlation of microphones (i, j) peaks at a lag
``tau_p(i, j)``, a fingerprint of the seat that does not depend on how loud
he is. With the PHAT weighting (the cross-spectrum divided by its
magnitude) every frequency bin votes equally, so the bins where a quieter
player dominates a louder rival still point at *his* lags, and the diffuse
reverberation — incoherent between microphones — votes for no lag at all.

* :func:`learn_seats` learns each seat's lags from the table itself: the
  PHAT cross-spectra of the frames where that seat's microphone is the
  loudest by ``lead_db`` (and ``loud_db`` over its floor) are summed (a
  robust vote over many frames: a few frames of another voice do not move
  the peak) and the peak lag of each pair is the seat's. Only frames that
  carry most of their energy under 1 kHz teach, as a voice does: a die
  knocked near one microphone does not teach that seat its own lags. A seat
  is trusted once his own microphone hears him first (``Seats.known``).
* :func:`seat_scores` gives, per frame and seat, the steered response
  (SRP-PHAT) at that seat's lags: the mean over pairs and bins of the PHAT
  cross-spectrum phase-shifted by ``tau_p(i, j)``, between -1 and 1, near 0
  when the seat is silent (measured in the simulated rooms of the hearing
  benchmark: 99th percentile ≈ 0.06 per frame while another player speaks)
  and 0.1-0.5 while he speaks, whether or not a louder rival speaks too.

The segmenter uses it to attribute, never to delete sound
(:mod:`voice_scribe.audio.segment`, docs/hearing.md).

>>> import numpy as np
>>> rng = np.random.default_rng(1)
>>> noise = np.convolve(rng.standard_normal(32000), np.ones(16) / 16, "same")  # most of it under 1 kHz
>>> voice = noise.astype(np.float32) * np.repeat(rng.random(20) > 0.5, 1600)
>>> mics = np.stack([voice, 0.5 * np.roll(voice, 12), 0.5 * np.roll(voice, 20)], axis=1)  # seat 0 speaks
>>> mics += 0.001 * rng.standard_normal(mics.shape).astype(np.float32)
>>> seats = learn_seats(mics, 16000)
>>> seats.lags[0].tolist()           # pairs (0, 1), (0, 2), (1, 2): mic 0 hears him 12 and 20 samples first
[-12, -20, -8]
>>> scores = seat_scores(mics, 16000, seats)
>>> bool(np.median(scores[:, 0]) > 0.9)  # while he speaks his seat's response is near 1 (he is alone, no room)
True
>>> seats.known.tolist()              # the other two seats never spoke: unknown, they score 0
[True, False, False]
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from voice_scribe.audio.session_frames import SessionFrames


@dataclass(frozen=True)
class SeatConfig:
    """Settings of the seat fingerprints (chosen on the tuning rooms, docs/hearing.md)."""

    #: STFT window and hop (samples at 16 kHz: 32 ms and 5 ms, the segmenter's frame, so that the
    #: frames of a block fall on the same instants wherever the block starts on a 5 ms frame)
    window: int = 512
    hop: int = 80
    #: the bins that vote (Hz): speech, not the rumble below nor the empty top
    min_hz: float = 150.0
    max_hz: float = 5000.0
    #: a frame teaches seat p when p's microphone is this much (dB) above its noise floor ...
    loud_db: float = 20.0
    #: ... and louder by this much (dB) than every other microphone
    lead_db: float = 3.0
    #: the largest time difference looked for (ms): a table is a few metres at most
    max_lag_ms: float = 10.0
    #: frames a seat needs before its lags are trusted
    min_support: int = 20
    #: a frame teaches a seat only if this share of its own microphone's energy in the band lies
    #: under ``voiced_hz``: a voice carries most of its energy there, a die knocking on the table
    #: (wooden modes of 0.4-5 kHz) does not, and a die nearer one microphone than any mouth would
    #: otherwise teach that seat its own time differences (0: every frame teaches)
    voiced_share: float = 0.5
    voiced_hz: float = 1000.0
    #: frames averaged (centred) in the score
    smooth: int = 5
    #: frames quieter than this (dB over each microphone's floor) on every microphone are not looked at
    active_db: float = 9.0
    #: each bin's vote for seat p weighs by its level on p's own microphone over the noise floor,
    #: reaching full weight this many dB over it, and the score is the lower of this weighted
    #: response and the plain one (both must agree that the seat speaks): the bins of a quieter
    #: racer's own harmonics count, the noise between them does not. 0 (the default): every bin
    #: votes alike, plain PHAT. 30 separates racers from silent seats better, but did not move the
    #: rooms' figures beyond their noise (docs/hearing.md, « Time-frequency weighting »)
    weight_db: float = 0.0
    #: the weighted response times this, so that a silent seat's 99.5th percentile sits where the
    #: plain one's does (0.035 → 0.054, pooled over tuning rooms 1-4)
    weight_gain: float = 1.54
    #: the lower of the two responses times this (1.29 would again put a silent seat's 99.5th
    #: percentile at the plain one's; 1.0 gave fewer false detections in the rooms)
    agree_gain: float = 1.0


def _pairs(channels: int) -> list[tuple[int, int]]:
    return [(i, j) for i in range(channels) for j in range(i + 1, channels)]


def _band(rate: int, cfg: SeatConfig) -> slice:
    lo = max(1, int(np.floor(cfg.min_hz * cfg.window / rate)))
    hi = min(cfg.window // 2, int(np.ceil(cfg.max_hz * cfg.window / rate)))
    return slice(lo, hi + 1)


@dataclass(frozen=True)
class Spectra:
    """A block's whitened spectra, on the frames where anything sounds.

    ``phases[n]`` (channels, bins) is frame ``index[n]``'s STFT divided by its
    magnitude: the PHAT cross-spectrum of microphones i and j is
    ``phases[:, i] * conj(phases[:, j])``. ``level[n]`` (channels, bins) is
    its power in dB (float16; no bins when ``SeatConfig.weight_db`` is 0:
    unused). ``energy`` (frames, channels) is every frame's energy; frame f
    covers samples ``[f * hop, f * hop + window)``. ``low[n]`` (channels,)
    is the share of frame ``index[n]``'s band energy under
    ``SeatConfig.voiced_hz`` (None: not computed, every frame counts as voiced).
    """

    phases: np.ndarray
    index: np.ndarray
    energy: np.ndarray
    level: np.ndarray
    #: each frame's key in the :class:`SpectraCache` it came through (None: no cache)
    keys: list[tuple[object, ...]] | None = None
    cache: SpectraCache | None = None
    low: np.ndarray | None = None

    @property
    def frames(self) -> int:
        return int(self.energy.shape[0])

    def bin_floor_db(self, cfg: SeatConfig) -> np.ndarray:
        """``(channels,)`` each microphone's noise power per bin (dB), from its frame-energy floor taken
        as white: a Hann-windowed bin of white noise holds ``sum(w²) / window`` of the frame's energy."""
        win = np.hanning(cfg.window)
        return 10 * np.log10(_floor(self.energy) * float(win @ win) / cfg.window)


def _window_energy(
    audio: np.ndarray, frames: int, cfg: SeatConfig, kept: SessionFrames | None = None, offset: int = 0
) -> np.ndarray:
    """Each frame's energy per channel, from blocks of ``hop`` samples (a partial last block pro rata).

    ``kept``: the energies of whole blocks seen before, by session block (``offset``, the session
    sample of ``audio[0]``, on the ``hop`` grid); this block's are added.
    """
    blocks = -(-len(audio) // cfg.hop)
    if kept is None:
        block = _block_energy(audio, blocks, cfg)
    else:
        whole = len(audio) // cfg.hop
        block, known = kept.get(offset // cfg.hop, blocks)
        known[whole:] = False  # a partial last block is this block's only
        todo = np.flatnonzero(~known)
        if len(todo):
            a = int(todo[0])  # the blocks not seen before are the newest, after the first few
            block[a:] = _block_energy(audio[a * cfg.hop :], blocks - a, cfg)
            fresh = np.zeros(blocks, bool)
            fresh[a:whole] = True
            kept.put(offset // cfg.hop, block, fresh)
    total = np.zeros((blocks + 1, audio.shape[1]))
    np.cumsum(block, axis=0, out=total[1:])
    whole, part = divmod(cfg.window, cfg.hop)
    starts = np.arange(frames)
    energy = total[starts + whole] - total[starts]
    if part:
        energy += block[np.minimum(starts + whole, blocks - 1)] * (part / cfg.hop)
    return energy


def _block_energy(audio: np.ndarray, blocks: int, cfg: SeatConfig) -> np.ndarray:
    """``(blocks, channels)`` the energy of each ``hop``-sample block (a partial last one zero-padded)."""
    padded = np.zeros((blocks * cfg.hop, audio.shape[1]), np.float32)
    padded[: len(audio)] = audio
    return (padded.reshape(blocks, cfg.hop, -1) ** 2).sum(axis=1, dtype=np.float64)


def _floor(energy: np.ndarray) -> np.ndarray:
    """Per-channel noise energy: the 10th percentile of frames that are not digital silence."""
    out = np.empty(energy.shape[1])
    for c in range(energy.shape[1]):
        live = energy[energy[:, c] > 1e-10, c]
        out[c] = np.percentile(live, 10) if len(live) else 1e-10
    return np.maximum(out, 1e-10)


class SpectraCache:
    """Whitened spectra of frames already seen, found again by their samples: a live look reuses them.

    Consecutive looks of a live stream segment windows that share most of
    their audio; each frame's spectrum depends only on its own samples, so it
    is computed once and looked up afterwards. A frame is known by the
    hashes of the ``hop``-sample blocks it covers (the bytes of the samples
    of every channel): a window starting anywhere on the same ``hop`` grid
    finds the frames it shares with an earlier one, without being told where
    it sits in the session, and a different window (another table, another
    grid) finds nothing and computes all. At most ``max_frames`` spectra are
    kept, the oldest dropped first.

    A live stream, whose audio never changes once heard, tells :func:`phat` where each block sits
    in its session (``session``, a token of the stream's own, and ``offset``): a frame is then known
    by its session frame index, found without hashing, and the energies of its ``hop``-sample blocks
    are kept too (those of the last session told). Two streams sharing a cache never share a frame.

    The caller owns it (the live path carries it in its leak model,
    :class:`voice_scribe.audio.segment.LeakModel`); nothing is global.

    >>> import numpy as np
    >>> rng = np.random.default_rng(2)
    >>> voice = rng.standard_normal(16000).astype(np.float32) * np.repeat([0, 1, 1, 0, 1, 0, 1, 1, 0, 1], 1600)
    >>> mics = np.stack([voice, 0.5 * np.roll(voice, 12)], axis=1) + 0.001 * rng.standard_normal((16000, 2)).astype(np.float32)
    >>> cache = SpectraCache(max_frames=500)
    >>> first = phat(mics[:8000], 16000, SeatConfig(), cache=cache)
    >>> later = phat(mics[4000:], 16000, SeatConfig(), cache=cache)  # half of it seen before
    >>> cache.hits, len(cache) <= 500
    (35, True)
    >>> bool(np.array_equal(later.phases, phat(mics[4000:], 16000, SeatConfig()).phases))
    True
    """

    def __init__(self, max_frames: int = 3000) -> None:
        self.max_frames = max_frames
        #: each kept frame's row in the arrays below (oldest first)
        self._slot: dict[tuple[object, ...], int] = {}
        self._free: list[int] = []
        #: rows: each frame's phases, levels and low-band shares (:class:`Spectra`)
        self._phases = np.zeros((0, 0, 0), np.complex64)
        self._level = np.zeros((0, 0, 0), np.float16)
        self._low = np.zeros((0, 0), np.float32)
        #: rows: each frame's seat scores (or, weighted, each seat's per-bin votes), and the lags they
        #: were steered to (None: not scored)
        self._score = np.zeros(0)
        self._score_tag: list[bytes | None] = []
        self._shape: tuple[int, SeatConfig] | None = None
        #: each session block's energy per channel (blocks told by their session index only), and
        #: the session they are of
        self._blocks: SessionFrames | None = None
        self._session: object | None = None
        #: frames found / computed (for the benchmarks and tests)
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._slot)

    @property
    def nbytes(self) -> int:
        """Memory held by the kept spectra and scores."""
        if not self._slot:
            return 0
        row = self._phases[0].nbytes + self._level[0].nbytes + self._low[0].nbytes
        scored = sum(tag is not None for tag in self._score_tag)
        return len(self._slot) * row + (scored * self._score[0].nbytes if len(self._score) else 0)

    def keys(
        self, audio: np.ndarray, index: np.ndarray, cfg: SeatConfig, offset: int | None = None, session: object = None
    ) -> list[tuple[object, ...]]:
        """The key of each frame in ``index``: the hashes of the blocks it covers, or its session and
        session frame index when ``offset`` (the session sample of ``audio[0]``, on the ``hop`` grid) is told."""
        if offset is not None:
            first = offset // cfg.hop
            return [(session, first + f) for f in index.tolist()]
        blocks = -(-len(audio) // cfg.hop)
        hashes = [hash(audio[b * cfg.hop : (b + 1) * cfg.hop].tobytes()) for b in range(blocks)]
        span = -(-cfg.window // cfg.hop)
        return [tuple(hashes[f : f + span]) for f in index.tolist()]

    def _settings(self, rate: int, cfg: SeatConfig) -> None:
        if self._shape != (rate, cfg):  # spectra of other settings are of no use
            self._clear()
            self._blocks = None
            self._shape = (rate, cfg)

    def _clear(self) -> None:
        self._slot.clear()
        self._free = list(range(len(self._phases)))
        self._score_tag = [None] * len(self._phases)

    def blocks(self, channels: int, rate: int, cfg: SeatConfig, session: object) -> SessionFrames:
        """The energies of the session's blocks seen so far (:func:`_window_energy`)."""
        self._settings(rate, cfg)
        if self._blocks is None or self._blocks.rows.shape[1] != channels or self._session is not session:
            self._blocks = SessionFrames(channels, self.max_frames)
            self._session = session
        return self._blocks

    def lookup(self, keys: list[tuple[object, ...]], rate: int, cfg: SeatConfig) -> np.ndarray:
        """Each key's row in the cache (-1: not kept)."""
        self._settings(rate, cfg)
        slots = self.slots(keys)
        found = int((slots >= 0).sum())
        self.hits += found
        self.misses += len(slots) - found
        return slots

    def slots(self, keys: list[tuple[object, ...]]) -> np.ndarray:
        """Each key's row in the cache now (-1: not kept), not counted as a hit or a miss."""
        get = self._slot.get
        return np.array([get(k, -1) for k in keys], int)

    def rows(self, slots: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The phases, levels and low-band shares kept in these rows."""
        return self._phases[slots], self._level[slots], self._low[slots]

    def store(self, keys: list[tuple[object, ...]], phases: np.ndarray, level: np.ndarray, low: np.ndarray) -> None:
        """Keep these frames' rows; beyond ``max_frames``, the oldest kept go first."""
        if self.max_frames <= 0 or not keys:
            return
        if len(keys) > self.max_frames:  # only the last ones would stay
            keys, phases, level, low = keys[-self.max_frames :], phases[-self.max_frames :], level[-self.max_frames :], low[-self.max_frames :]
        if self._phases.shape[1:] != phases.shape[1:] or self._level.shape[1:] != level.shape[1:]:
            self._phases = np.zeros((0, *phases.shape[1:]), np.complex64)  # another table's shape
            self._level = np.zeros((0, *level.shape[1:]), np.float16)
            self._low = np.zeros((0, *low.shape[1:]), np.float32)
            self._clear()
        slots = [self._take(k) for k in keys]
        self._phases[slots], self._level[slots], self._low[slots] = phases, level, low

    def _take(self, key: tuple[object, ...]) -> int:
        """A row for ``key``: its own if kept, a free one, a new one, or the oldest kept frame's."""
        slot = self._slot.get(key)
        if slot is not None:
            return slot
        if not self._free:
            self._grow()
        if self._free:
            slot = self._free.pop()
        else:
            oldest = next(iter(self._slot))
            slot = self._slot.pop(oldest)
        self._score_tag[slot] = None
        self._slot[key] = slot
        return slot

    def _grow(self) -> None:
        size = len(self._phases)
        new = min(self.max_frames, max(64, 2 * size))
        if new <= size:
            return
        self._phases = _grown(self._phases, new)
        self._level = _grown(self._level, new)
        self._low = _grown(self._low, new)
        if len(self._score):
            self._score = _grown(self._score, new)
        self._score_tag += [None] * (new - size)
        self._free = list(range(new - 1, size - 1, -1))

    def scores(self, slots: np.ndarray, lags: bytes) -> tuple[np.ndarray, np.ndarray]:
        """Which of these rows hold seat scores steered to ``lags``, and those scores."""
        tags = self._score_tag
        have = np.array([s >= 0 and tags[s] == lags for s in slots.tolist()], bool)
        return have, self._score[slots[have]] if have.any() else np.zeros(0)

    def keep_scores(self, slots: np.ndarray, lags: bytes, rows: np.ndarray) -> None:
        """Keep these rows' seat scores (rows no longer kept are skipped)."""
        if self._score.shape[1:] != rows.shape[1:] or self._score.dtype != rows.dtype or len(self._score) != len(self._phases):
            self._score = np.zeros((len(self._phases), *rows.shape[1:]), rows.dtype)
            self._score_tag = [None] * len(self._phases)
        live = slots >= 0
        self._score[slots[live]] = rows[live]
        for s in slots[live].tolist():
            self._score_tag[s] = lags

    def absorb(self, other: SpectraCache) -> None:
        """Take the spectra ``other`` knows (computed for the same settings)."""
        if other is self or other._shape is None:
            return
        if self._shape is None:
            self._shape = other._shape
        if other._shape == self._shape:
            if other._slot:
                slots = np.array(list(other._slot.values()), int)
                self.store(list(other._slot), *other.rows(slots))
            if other._blocks is not None and len(other._blocks.rows):
                mine = self.blocks(other._blocks.rows.shape[1], *other._shape, other._session)
                mine.put(other._blocks.start, other._blocks.rows, other._blocks.known)


def _grown(rows: np.ndarray, size: int) -> np.ndarray:
    out = np.zeros((size, *rows.shape[1:]), rows.dtype)
    out[: len(rows)] = rows
    return out


def phat(
    audio: np.ndarray, rate: int, cfg: SeatConfig, *, cache: SpectraCache | None = None,
    offset: int | None = None, session: object = None, floor: np.ndarray | None = None,
) -> Spectra:
    """The block's :class:`Spectra`: frames where some microphone is ``active_db`` over its floor (and
    their neighbours within the smoothing), the others are silence and vote for nobody.

    ``floor``: each microphone's noise energy to judge that against (the block's own by default).

    ``cache``: spectra of frames seen before, reused (and this block's added); the result is the same.
    ``offset``, ``session``: the session sample of ``audio[0]`` and a token of that session's own
    (a live stream's, whose audio never changes once heard): the cache finds frames and block
    energies by session index (off the ``hop`` grid, or without a session: by hashing).
    """
    n, channels = audio.shape
    band = _band(rate, cfg)
    frames = (n - cfg.window) // cfg.hop + 1 if n >= cfg.window else 0
    if cache is None or offset is None or session is None or offset % cfg.hop:
        offset = None
    kept = cache.blocks(channels, rate, cfg, session) if cache is not None and offset is not None else None
    energy = _window_energy(audio, frames, cfg, kept, offset or 0)
    if frames == 0:
        shape = (0, channels, band.stop - band.start)
        return Spectra(np.zeros(shape, np.complex64), np.zeros(0, int), energy, np.zeros(_level_shape(shape, cfg), np.float16),
                       low=np.zeros((0, channels), np.float32))
    floor = _floor(energy) if floor is None else floor
    sounding = (energy > floor * 10 ** (cfg.active_db / 10)).any(axis=1)
    reach = max(0, cfg.smooth // 2)
    near = sounding.copy()
    for k in range(1, reach + 1):
        near[k:] |= sounding[:-k]
        near[:-k] |= sounding[k:]
    index = np.flatnonzero(near)
    under = _bins_under(cfg.voiced_hz, rate, cfg)
    if cache is None:
        phases, level, low = _whitened(audio, index, band, under, cfg)
        return Spectra(phases, index, energy, level, low=low)
    keys = cache.keys(audio, index, cfg, offset, session)
    slots = cache.lookup(keys, rate, cfg)
    phases = np.empty((len(index), channels, band.stop - band.start), np.complex64)
    level = np.empty(_level_shape(phases.shape, cfg), np.float16)
    low = np.empty((len(index), channels), np.float32)
    found = slots >= 0
    if found.any():  # the frames seen before, copied in at once
        phases[found], level[found], low[found] = cache.rows(slots[found])
    todo = np.flatnonzero(~found)
    if len(todo):
        fresh, fresh_level, fresh_low = _whitened(audio, index[todo], band, under, cfg)
        phases[todo], level[todo], low[todo] = fresh, fresh_level, fresh_low
        cache.store([keys[k] for k in todo.tolist()], fresh, fresh_level, fresh_low)
    return Spectra(phases, index, energy, level, keys, cache, low)


def _bins_under(hz: float, rate: int, cfg: SeatConfig) -> int:
    """How many of the band's bins lie under ``hz``."""
    band = _band(rate, cfg)
    return int(np.clip(np.ceil(hz * cfg.window / rate) - band.start, 0, band.stop - band.start))


def _whitened(
    audio: np.ndarray, index: np.ndarray, band: slice, under: int, cfg: SeatConfig
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(frames, channels, bins)`` twice: the STFT of frames ``index`` divided by its magnitude, and
    its power in dB (float16); and ``(frames, channels)`` the share of each frame's band energy in its
    first ``under`` bins."""
    win = np.hanning(cfg.window).astype(np.float32)
    phases = np.empty((len(index), audio.shape[1], band.stop - band.start), np.complex64)
    level = np.empty(_level_shape(phases.shape, cfg), np.float16)
    low = np.empty((len(index), audio.shape[1]), np.float32)
    for c in range(audio.shape[1]):
        view = np.lib.stride_tricks.sliding_window_view(audio[:, c], cfg.window)[:: cfg.hop][index]
        x = np.fft.rfft(view * win, axis=1)[:, band].astype(np.complex64)
        mag = np.abs(x)
        phases[:, c] = x / (mag + np.float32(1e-20))
        if level.shape[2]:
            level[:, c] = 20 * np.log10(mag + np.float32(1e-10))
        power = mag * mag
        low[:, c] = power[:, :under].sum(axis=1) / (power.sum(axis=1) + np.float32(1e-30))
    return phases, level, low


def _level_shape(shape: tuple[int, ...], cfg: SeatConfig) -> tuple[int, ...]:
    """The levels' shape: the spectra's, or no bins when the votes are not weighted (nothing kept)."""
    return shape if cfg.weight_db > 0 else (*shape[:2], 0)


def _cross(phases: np.ndarray) -> np.ndarray:
    """PHAT cross-spectra ``(frames, pairs, bins)`` of whitened spectra."""
    pairs = _pairs(phases.shape[1])
    out = np.empty((phases.shape[0], len(pairs), phases.shape[2]), np.complex64)
    for q, (i, j) in enumerate(pairs):
        np.multiply(phases[:, i], np.conj(phases[:, j]), out=out[:, q])
    return out


@dataclass(frozen=True)
class Seats:
    """What is known of each seat: summed PHAT cross-spectra of its training frames.

    ``votes[p]`` has shape (pairs, bins); ``support[p]`` counts the frames
    behind it (below ``min_support``: the seat is unknown and scores 0).
    Summing is also how a live stream merges what it learns window after
    window (:meth:`merged`).
    """

    votes: np.ndarray  # (channels, pairs, bins) complex
    support: np.ndarray  # (channels,) frames
    rate: int
    cfg: SeatConfig = field(default_factory=SeatConfig)

    @property
    def channels(self) -> int:
        return int(self.votes.shape[0])

    @cached_property
    def known(self) -> np.ndarray:
        """``(channels,)`` True where a seat's lags are trusted: enough frames, and his own microphone
        hears him first (by at least a sample, against every other one; a table whose microphones hear
        each other without delay, as a mixed recording may, has no seats)."""
        lags = self.lags
        first = np.ones(self.channels, bool)
        for q, (i, j) in enumerate(_pairs(self.channels)):
            first[i] &= lags[i, q] <= -1  # seat i: mic i before mic j
            first[j] &= lags[j, q] >= 1  # seat j: mic j before mic i
        return (self.support >= self.cfg.min_support) & first

    @cached_property
    def lags(self) -> np.ndarray:
        """``(channels, pairs)`` integer lags (samples): the peak of each pair's summed cross-spectrum."""
        candidates = _lag_range(self.rate, self.cfg)
        steer = _steering(candidates, self.rate, self.cfg).astype(np.complex128)
        response = np.real(self.votes.reshape(-1, steer.shape[1]) @ steer.T).reshape(*self.votes.shape[:2], -1)
        return candidates[np.argmax(response, axis=2)]

    @cached_property
    def steering(self) -> np.ndarray:
        """``(channels * pairs, bins)``: each seat's lags as phase shifts over the band (:func:`scores_from`),
        once per seats: the looks between two learnings share them."""
        return _steering(self.lags.ravel(), self.rate, self.cfg)

    def merged(self, newer: Seats, max_support: float = 6000.0) -> Seats:
        """Votes added; a seat's history is scaled down past ``max_support`` frames so that it can follow a move."""
        votes = self.votes + newer.votes
        support = self.support + newer.support
        scale = np.where(support > max_support, max_support / np.maximum(support, 1), 1.0)
        return Seats(votes * scale[:, None, None], support * scale, self.rate, self.cfg)


def _lag_range(rate: int, cfg: SeatConfig) -> np.ndarray:
    m = int(round(cfg.max_lag_ms * rate / 1000))
    return np.arange(-m, m + 1)


def _steering(lags: np.ndarray, rate: int, cfg: SeatConfig) -> np.ndarray:
    """``(lags, bins)``: ``exp(i ω τ)`` over the band's bins."""
    bins = np.arange(cfg.window // 2 + 1)[_band(rate, cfg)]
    omega = 2 * np.pi * bins / cfg.window
    return np.exp(1j * np.outer(lags, omega)).astype(np.complex64)


def _teaching(energy: np.ndarray, noise: np.ndarray, low: np.ndarray | None, p: int, cfg: SeatConfig) -> np.ndarray:
    """The frames that teach seat p: its microphone loud over its floor and leading every other one,
    with most of the band under 1 kHz (``low``, when known: a voice, not a die on the table)."""
    others = np.delete(energy, p, axis=1).max(axis=1, initial=0.0)
    teach = (energy[:, p] > noise[p] * 10 ** (cfg.loud_db / 10)) & (energy[:, p] > others * 10 ** (cfg.lead_db / 10))
    if low is not None and cfg.voiced_share > 0:
        teach &= low[:, p] >= cfg.voiced_share
    return teach


def seats_from(spectra: Spectra, rate: int, cfg: SeatConfig) -> Seats:
    """The seats taught by the frames where one microphone clearly leads (see :class:`SeatConfig`)."""
    channels = spectra.energy.shape[1]
    votes = np.zeros((channels, len(_pairs(channels)), spectra.phases.shape[2]), np.complex128)
    support = np.zeros(channels)
    if len(spectra.index) == 0:
        return Seats(votes, support, rate, cfg)
    energy = spectra.energy[spectra.index]
    noise = _floor(spectra.energy)
    low = spectra.low
    for p in range(channels):
        teach = _teaching(energy, noise, low, p, cfg)
        if teach.any():
            votes[p] = _cross(spectra.phases[teach]).sum(axis=0, dtype=np.complex128)
            support[p] = float(teach.sum())
    return Seats(votes, support, rate, cfg)


def learn_seats(audio: np.ndarray, rate: int, cfg: SeatConfig | None = None) -> Seats:
    """Each seat's fingerprint, learnt from a (samples, channels) block of the table."""
    cfg = cfg or SeatConfig()
    return seats_from(phat(audio, rate, cfg), rate, cfg)


def _votes(phases: np.ndarray, steer: np.ndarray, per_bin: bool) -> np.ndarray:
    """Each seat's steered response of these frames: ``(frames, seats)``, or per bin ``(frames, seats, bins)``
    (float32) when ``per_bin``; ``steer`` is ``(seats, pairs, bins)``."""
    cross = _cross(phases)
    pairs, bins = cross.shape[1:]
    if not per_bin:
        return np.real(cross.reshape(-1, pairs * bins) @ steer.reshape(len(steer), -1).T) / (pairs * bins)
    out = np.empty((len(phases), len(steer), bins), np.float32)
    for s in range(len(steer)):
        out[:, s] = np.real(np.einsum("fqb,qb->fb", cross, steer[s])) / pairs
    return out


def _weighted(votes: np.ndarray, level: np.ndarray, floor_db: np.ndarray, cfg: SeatConfig) -> np.ndarray:
    """``(frames, seats)``: each bin's vote for seat p weighed by its level on p's own microphone over the
    noise floor (0 under it, 1 from ``weight_db`` over it), summed over the bins; a seat's microphone
    is the channel of the same number."""
    weight = (level.astype(np.float32) - floor_db[None, :, None].astype(np.float32)) / np.float32(cfg.weight_db)
    np.clip(weight, 0.0, 1.0, out=weight)
    weighted = np.einsum("fsb,fsb->fs", votes, weight) * (cfg.weight_gain / votes.shape[2])
    return np.minimum(votes.mean(axis=2), weighted) * cfg.agree_gain


def scores_from(spectra: Spectra, seats: Seats, chunk: int = 2048) -> np.ndarray:
    """``(frames, channels)`` steered response of each seat, smoothed; 0 for an unknown seat and in silence.

    With ``SeatConfig.weight_db`` each bin votes by its level on the seat's own microphone
    (:func:`_weighted`); the per-bin votes are what a cache keeps, so that the weighting follows the
    block's noise floor and a live look gives what a fresh one would.
    """
    out = np.zeros((spectra.frames, seats.channels))
    if len(spectra.index) == 0 or not seats.known.any():
        return out
    cfg = seats.cfg
    per_bin = cfg.weight_db > 0
    bins = spectra.phases.shape[2]
    pairs = len(_pairs(seats.channels))
    steer = seats.steering.reshape(seats.channels, pairs, bins)
    floor_db = spectra.bin_floor_db(cfg) if per_bin else np.zeros(0)
    raw = np.zeros((spectra.frames, seats.channels))
    todo = np.arange(len(spectra.index))
    cache, keys, tag = spectra.cache, spectra.keys, seats.lags.tobytes()
    slots = None
    if cache is not None and keys is not None:  # frames already scored at these lags: their votes
        slots = cache.slots(keys)
        have, rows = cache.scores(slots, tag)
        if have.any():
            raw[spectra.index[have]] = _weighted(rows, spectra.level[have], floor_db, cfg) if per_bin else rows
        todo = np.flatnonzero(~have)
    for a in range(0, len(todo), chunk):  # a chunk at a time: the cross-spectra of a long table are large
        some = todo[a : a + chunk]
        rows = _votes(spectra.phases[some], steer, per_bin)
        raw[spectra.index[some]] = _weighted(rows, spectra.level[some], floor_db, cfg) if per_bin else rows
        if cache is not None and slots is not None:
            cache.keep_scores(slots[some], tag, rows)
    k = max(1, cfg.smooth)
    if k > 1:
        kernel = np.ones(k) / k
        raw = np.stack([np.convolve(raw[:, c], kernel, mode="same") for c in range(seats.channels)], axis=1)
    out[:, seats.known] = raw[:, seats.known]
    return out


def seat_scores(audio: np.ndarray, rate: int, seats: Seats) -> np.ndarray:
    """``(frames, channels)``: each seat's steered response per STFT frame of ``audio``."""
    return scores_from(phat(audio, rate, seats.cfg), seats)


def voiced_share(spectra: Spectra, frames: int, frame: int, cfg: SeatConfig) -> np.ndarray:
    """``(frames, channels)`` each microphone's share of band energy under ``cfg.voiced_hz`` on the
    segmenter's frames (``frame`` samples each); 0 in silence, 1 everywhere when not computed."""
    if spectra.low is None:
        return np.ones((frames, spectra.energy.shape[1]))
    full = np.zeros((spectra.frames, spectra.energy.shape[1]))
    full[spectra.index] = spectra.low
    return on_frames(full, frames, frame, cfg)


def on_frames(scores: np.ndarray, frames: int, frame: int, cfg: SeatConfig) -> np.ndarray:
    """Scores moved onto the segmenter's frames (``frame`` samples each): the STFT frame centred nearest."""
    if len(scores) == 0:
        return np.zeros((frames, scores.shape[1]))
    centres = np.arange(frames) * frame + frame / 2
    idx = np.clip(np.round((centres - cfg.window / 2) / cfg.hop).astype(int), 0, len(scores) - 1)
    return scores[idx]


@dataclass
class PooledFloor:
    """Each channel's noise floor over every frame pooled so far: the 10th percentile of their powers
    (or energies), kept as a histogram of 0.1 dB bins from 1e-10 (digital silence below it is left
    out, as :func:`_floor` and :func:`.frames.noise_floor` do) up to ``10 ** (bins / 100 - 10)``.

    >>> pooled = PooledFloor(1)
    >>> pooled.add(np.array([[1e-6]] * 9 + [[1e-2]] * 91))
    >>> round(float(np.log10(pooled.floor()[0])), 1)
    -2.0
    """

    channels: int
    bins: int = 1400
    #: the floor of a channel nothing was pooled on, and the lowest any floor is
    least: float = 1e-10
    _hist: np.ndarray = field(init=False, repr=False)

    _LO, _STEP = -10.0, 0.01

    def __post_init__(self) -> None:
        self._hist = np.zeros((self.channels, self.bins), np.int64)

    def add(self, values: np.ndarray) -> None:
        """Pool (frames, channels) powers or energies."""
        for c in range(self.channels):
            live = values[values[:, c] > 1e-10, c]
            k = np.clip(((np.log10(live) - self._LO) / self._STEP).astype(int), 0, self.bins - 1)
            self._hist[c] += np.bincount(k, minlength=self.bins)

    def floor(self) -> np.ndarray:
        out = np.full(self.channels, self.least)
        for c in range(self.channels):
            cum = np.cumsum(self._hist[c])
            if cum[-1]:
                k = int(np.searchsorted(cum, 0.1 * cum[-1]))
                out[c] = 10 ** (self._LO + (k + 0.5) * self._STEP)
        return np.maximum(out, self.least)


@dataclass
class SeatPool:
    """The seats taught by every frame heard so far, each counted once, as the file path learns them
    on the whole recording (:func:`seats_from`).

    A live stream learns its seats on its last few seconds at each learning and merges them
    (:meth:`Seats.merged`): its windows overlap, so a frame teaches as many times as windows hold
    it, against the noise floor of a few seconds of a busy table (raised by the talk). The pool
    adds each block's frames not pooled yet (by session STFT frame, from :attr:`upto`): their
    energies to a histogram (the floor is the 10th percentile of every frame pooled, as
    :func:`_floor` takes it), and, where a seat's microphone leads as :func:`seats_from` asks,
    their cross-spectra to that seat's votes.

    >>> rng = np.random.default_rng(1)
    >>> noise = np.convolve(rng.standard_normal(32000), np.ones(16) / 16, "same")
    >>> voice = noise.astype(np.float32) * np.repeat(rng.random(20) > 0.5, 1600)
    >>> mics = np.stack([voice, 0.5 * np.roll(voice, 12), 0.5 * np.roll(voice, 20)], axis=1)
    >>> mics += 0.001 * rng.standard_normal(mics.shape).astype(np.float32)
    >>> pool, cfg = SeatPool(3, 16000), SeatConfig()
    >>> for a in (0, 8000, 16000):  # overlapping blocks of 1 s, every 0.5 s
    ...     pool.add(phat(mics[a : a + 16000], 16000, cfg), a // cfg.hop)
    >>> whole = learn_seats(mics[:32000], 16000)
    >>> pool.seats().lags[0].tolist(), bool(abs(pool.seats().support[0] - whole.support[0]) <= 3)
    ([-12, -20, -8], True)
    """

    channels: int
    rate: int
    cfg: SeatConfig = field(default_factory=SeatConfig)
    #: session STFT frame up to which every frame has been pooled
    upto: int = field(default=0, init=False)
    _floor: PooledFloor = field(init=False, repr=False)
    _votes: np.ndarray | None = field(default=None, init=False, repr=False)
    _support: np.ndarray = field(init=False, repr=False)
    _seats: Seats | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self._floor = PooledFloor(self.channels)
        self._support = np.zeros(self.channels)

    def floor(self) -> np.ndarray:
        """Each microphone's noise energy: the 10th percentile of every frame pooled (0.1 dB bins)."""
        return self._floor.floor()

    def learn(
        self, audio: np.ndarray, first: int, *, cache: SpectraCache | None = None, session: object = None
    ) -> Spectra:
        """Pool a block (``audio`` from session STFT frame ``first``) and return its spectra: its
        frames are looked at against the lower of its own floor and the pooled one (a busy block's
        own floor is the talk's: a frame 20 dB over the table's floor may not sound over it).
        ``cache``, ``session``: as :func:`phat`'s, the looks' cache."""
        cfg = self.cfg
        frames = (len(audio) - cfg.window) // cfg.hop + 1 if len(audio) >= cfg.window else 0
        kept = cache.blocks(audio.shape[1], self.rate, cfg, session) if cache is not None and session is not None else None
        energy = _window_energy(audio, frames, cfg, kept, first * cfg.hop)
        self._count(energy, first)
        floor = np.minimum(self.floor(), _floor(energy)) if frames else None
        spectra = phat(audio, self.rate, cfg, cache=cache, offset=first * cfg.hop, session=session, floor=floor)
        self._teach(spectra, first)
        self.upto = max(self.upto, first + spectra.frames)
        return spectra

    def add(self, spectra: Spectra, first: int) -> None:
        """Pool a block's frames (``spectra``, its frame 0 at session STFT frame ``first``) not pooled yet."""
        self._count(spectra.energy, first)
        self._teach(spectra, first)
        self.upto = max(self.upto, first + spectra.frames)

    def _count(self, energy: np.ndarray, first: int) -> None:
        """The energies of the frames not pooled yet into the floor's histogram."""
        self._floor.add(energy[max(0, self.upto - first) :])

    def _teach(self, spectra: Spectra, first: int) -> None:
        """The cross-spectra of the frames not pooled yet where a seat's microphone leads into its votes."""
        fresh = spectra.index >= max(0, self.upto - first)
        if not fresh.any():
            return
        if self._votes is None:
            self._votes = np.zeros((self.channels, len(_pairs(self.channels)), spectra.phases.shape[2]), np.complex128)
        energy = spectra.energy[spectra.index[fresh]]
        noise = self.floor()
        cfg = self.cfg
        low = spectra.low[fresh] if spectra.low is not None else None
        for p in range(self.channels):
            teach = _teaching(energy, noise, low, p, cfg)
            if teach.any():
                self._votes[p] += _cross(spectra.phases[fresh][teach]).sum(axis=0, dtype=np.complex128)
                self._support[p] += float(teach.sum())
                self._seats = None

    def seats(self) -> Seats:
        """The seats of every frame pooled (the same object until a frame teaches: its lags and
        steering stay cached)."""
        if self._seats is None:
            bins = _band(self.rate, self.cfg)
            votes = self._votes if self._votes is not None else np.zeros(
                (self.channels, len(_pairs(self.channels)), bins.stop - bins.start), np.complex128)
            self._seats = Seats(votes.copy(), self._support.copy(), self.rate, self.cfg)
        return self._seats
