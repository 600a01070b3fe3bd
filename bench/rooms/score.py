"""Figures of a detector on rooms: attribution, races, onsets, false detections.

A *detection* is ``(channel, start, end, ambiguous)``. Each true shout is
matched to at most one detection and a detection to at most one shout:
candidates start within ``WINDOW`` of the truth onset; the own channel first,
then the nearest onset. A shout matched on its own channel is *attributed*;
matched on another channel only it is *misattributed*; unmatched it is
*missed*. Detections left over are *false*: "near knocks" when they overlap a
knock or roll (±0.2 s), "elsewhere" otherwise. A race is right when the
firsts and the lasts (tie window 150 ms) of the heard onsets equal the
truth's, every racer heard on his own channel.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from voice_scribe.engine.races import firsts, lasts

from .table import Noise, RoomSpec, RoomTable, TrueShout

WINDOW = 0.25
TIE_S = 0.150
BANDS = ((0.3, 0.45), (0.45, 0.6), (0.6, 0.75), (0.75, 0.9))


def _specs(seeds: Iterable[int], salt: int) -> list[RoomSpec]:
    out = []
    for i, seed in enumerate(seeds):
        lo, hi = BANDS[i % len(BANDS)]
        rng = np.random.default_rng(seed * 7919 + salt)
        bg = ("babble", "music", "babble", "none")[(i // len(BANDS) + i) % 4]
        out.append(RoomSpec(seed=seed, rt60=round(float(rng.uniform(lo, hi)), 3), background=bg))
    return out


#: rooms the detector may be tuned on
TUNING = _specs(range(1, 9), 1)
#: rooms never looked at while tuning
HELD_OUT = _specs(range(101, 109), 2)
#: rooms measured once per round, after the round's changes are in (the held-out set is read at each kept
#: change, so it slowly stops being independent; a fresh set is its honest figure). Each round has its own:
#: the newest is ``FRESH``; an earlier round's is spent (measured once already) but still comparable.
FRESH_BY_ROUND = {6: _specs(range(301, 309), 3), 7: _specs(range(401, 409), 4), 8: _specs(range(501, 509), 5),
                  9: _specs(range(601, 609), 6), 10: _specs(range(701, 709), 7),
                  11: _specs(range(801, 809), 8), 12: _specs(range(901, 909), 9),
                  13: _specs(range(1001, 1009), 10),
                  14: _specs(range(1101, 1109), 11),
                  15: _specs(range(1201, 1209), 12),
                  16: _specs(range(1301, 1309), 13),
                  17: _specs(range(1401, 1409), 14)}
FRESH = FRESH_BY_ROUND[max(FRESH_BY_ROUND)]


@dataclass(frozen=True)
class Detection:
    channel: int
    start: float
    end: float
    ambiguous: bool = False


@dataclass
class Figures:
    shouts: int = 0
    attributed: int = 0
    misattributed: int = 0
    missed: int = 0
    ambiguous: int = 0
    onset_errors: list[float] = field(default_factory=list)
    races: int = 0
    races_right: int = 0
    races_clear: int = 0
    races_clear_right: int = 0
    false_near_noise: int = 0
    false_elsewhere: int = 0
    seconds: float = 0.0
    missed_examples: list[str] = field(default_factory=list)

    def add(self, other: Figures) -> None:
        for name, value in vars(other).items():
            mine = getattr(self, name)
            setattr(self, name, mine + value)

    def line(self) -> str:
        e = np.abs(np.array(self.onset_errors)) * 1000 if self.onset_errors else np.array([np.nan])
        per3 = (self.false_near_noise + self.false_elsewhere) / (self.seconds / 180) if self.seconds else float("nan")
        return (
            f"attribution {100 * self.attributed / max(1, self.shouts):5.1f} % ({self.attributed}/{self.shouts}) | "
            f"races {100 * self.races_right / max(1, self.races):5.1f} % ({self.races_right}/{self.races}; "
            f"clear of the tie edge {self.races_clear_right}/{self.races_clear}) | "
            f"onset median {np.median(e):4.1f} / p95 {np.percentile(e, 95):5.1f} ms | "
            f"false {self.false_near_noise} near knocks + {self.false_elsewhere} elsewhere = {per3:.1f} per 3 min | "
            f"missed {self.missed}, wrong mic {self.misattributed}, ambiguous {self.ambiguous}"
        )


def match(shouts: Sequence[TrueShout], dets: Sequence[Detection]) -> list[Detection | None]:
    """Each shout → its detection (see the module docstring)."""
    used: set[int] = set()
    out: list[Detection | None] = [None] * len(shouts)
    # own-channel matches first, nearest onsets first, so that a leak copy does not steal the shout
    pairs = sorted(
        (abs(d.start - s.t) + (0.0 if d.channel == s.player else 10.0), i, j)
        for i, s in enumerate(shouts)
        for j, d in enumerate(dets)
        if abs(d.start - s.t) < WINDOW
    )
    for _, i, j in pairs:
        if out[i] is None and j not in used:
            out[i] = dets[j]
            used.add(j)
    return out


def _near(d: Detection, noises: Sequence[Noise], margin: float = 0.2) -> bool:
    return any(d.start < n.end + margin and n.start - margin < d.end for n in noises)


def score(table: RoomTable, dets: Sequence[Detection]) -> Figures:
    f = Figures(seconds=table.duration)
    matched = match(table.shouts, dets)
    used = {id(d) for d in matched if d is not None}
    for s, d in zip(table.shouts, matched, strict=True):
        f.shouts += 1
        if d is None:
            f.missed += 1
            f.missed_examples.append(f"{table.spec.seed}:{s.t:.2f}s p{s.player} «{s.text}»")
        elif d.channel != s.player:
            f.misattributed += 1
        else:
            f.attributed += 1
            f.onset_errors.append(d.start - s.t)
            f.ambiguous += d.ambiguous
    for d in dets:
        if id(d) not in used:
            if _near(d, table.noises):
                f.false_near_noise += 1
            else:
                f.false_elsewhere += 1
    races = sorted({s.race for s in table.shouts if s.race is not None})
    for r in races:
        idx = [i for i, s in enumerate(table.shouts) if s.race == r]
        truth = [(str(table.shouts[i].player), table.shouts[i].t) for i in idx]
        heard = [
            (str(matched[i].channel), matched[i].start)  # type: ignore[union-attr]
            for i in idx
            if matched[i] is not None and matched[i].channel == table.shouts[i].player  # type: ignore[union-attr]
        ]
        good = len(heard) == len(idx) and firsts(heard, TIE_S) == firsts(truth, TIE_S) and lasts(heard, TIE_S) == lasts(truth, TIE_S)
        f.races += 1
        f.races_right += good
        ts = sorted(t for _, t in truth)
        gaps = [abs((b - ts[0]) - TIE_S) for b in ts[1:]] + [abs((ts[-1] - a) - TIE_S) for a in ts[:-1]]
        if min(gaps) > 0.030:
            f.races_clear += 1
            f.races_clear_right += good
    return f


def band_of(spec: RoomSpec) -> tuple[float, float]:
    return next(b for b in BANDS if b[0] <= spec.rt60 < b[1] or (b is BANDS[-1] and spec.rt60 <= b[1]))
