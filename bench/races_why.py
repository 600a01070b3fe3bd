"""Why races are lost: each wrong race of the room benchmark put in the kind of its first cause. Prints only.

    .venv/bin/python bench/races_why.py [--set tuning|held-out] [--rooms N] [--verbose] [--seg NAME=VALUE ...]

A race is right (``bench/rooms/score.py``) when the firsts and the lasts at a
150 ms tie window of the heard onsets are the truth's, every racer heard on
his own microphone. For each wrong race, the first cause, in this order:

* ``missed`` / ``wrong mic``: a racer not heard on his own microphone (``in a
  near tie``: he starts within 30 ms of two other racers);
* otherwise the racer whose onset, put back at its truth, makes the race
  right (the largest error when several would): ``late`` (> 40 ms after the
  truth), ``early`` (> 20 ms before), or ``tie edge`` (a smaller error, but
  one of the race's gaps to its first or last racer within that error of
  150 ms);
* ``several``: no single onset mends it (two or more errors together), put
  under the worst of them (late, early or within).

``--uncertain-ms X``: what marking onsets uncertain would cost and save. Each heard
racer's onset may lie anywhere from where it is placed back to where its own
channel's power (15 ms mean) falls under 12 dB over its floor, at most ``X`` ms
(not past the end of its channel's previous detection; with ``--masked-db D``, only
over frames where another microphone is within D dB of the own one): the stretch where
the own sound and a rival's copy cannot be told apart. A race is *asked* when the firsts or
the lasts change with one racer's onset, or every racer's, at the early end of its
stretch. Printed: races right and certain, right but asked, wrong but asked (the
arbiter would ask instead of deciding wrong), wrong and certain.

Also: per band, every heard racer's onset error as late / early / within,
and the same figures as ``bench/bench_hearing_rooms.py`` (file path).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from dataclasses import dataclass

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from probe_args import add_seg, first_rooms, segmenter  # noqa: E402 - puts the project and bench/ on sys.path

from rooms.score import BANDS, TIE_S, Detection, Figures, band_of, match, score  # noqa: E402
from rooms.table import RoomTable, TrueShout, build_room  # noqa: E402
from rooms.voices import RATE  # noqa: E402

from bench_hearing_rooms import detect_file  # noqa: E402
import numpy as np  # noqa: E402
from voice_scribe.audio.frames import SegmenterConfig, frame_power, noise_floor  # noqa: E402
from voice_scribe.engine.races import firsts, lasts  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig  # noqa: E402

LATE_S = 0.040
EARLY_S = -0.020
NEAR_S = 0.030
KINDS = ("missed", "missed in a near tie", "wrong mic", "late", "early", "tie edge", "several, worst late",
         "several, worst early", "several, worst within")


@dataclass(frozen=True)
class Racer:
    shout: TrueShout
    heard: Detection | None

    @property
    def own(self) -> bool:
        return self.heard is not None and self.heard.channel == self.shout.player

    @property
    def error(self) -> float:
        assert self.heard is not None
        return self.heard.start - self.shout.t


def _right(onsets: list[tuple[str, float]], truth: list[tuple[str, float]]) -> bool:
    return firsts(onsets, TIE_S) == firsts(truth, TIE_S) and lasts(onsets, TIE_S) == lasts(truth, TIE_S)


def _kind_of_error(e: float, gaps_to_edge: list[float]) -> str:
    if e > LATE_S:
        return "late"
    if e < EARLY_S:
        return "early"
    return "tie edge" if min(gaps_to_edge) <= abs(e) + 1e-9 else "several"


def _near_tie(r: Racer, racers: list[Racer]) -> bool:
    return sum(abs(o.shout.t - r.shout.t) <= NEAR_S for o in racers) >= 3


def cause(racers: list[Racer]) -> tuple[str, Racer | None]:
    """The first cause of a race's loss (``None``: the race is right) and the racer it is on."""
    truth = [(str(r.shout.player), r.shout.t) for r in racers]
    for r in racers:
        if r.heard is None:
            return ("missed in a near tie" if _near_tie(r, racers) else "missed"), r
    for r in racers:
        if not r.own:
            return "wrong mic", r
    heard = [(str(r.shout.player), r.heard.start) for r in racers]  # type: ignore[union-attr]
    if _right(heard, truth):
        return "right", None
    ts = sorted(t for _, t in truth)
    gaps_to_edge = [abs((b - ts[0]) - TIE_S) for b in ts[1:]] + [abs((ts[-1] - a) - TIE_S) for a in ts[:-1]]
    menders = []
    for k, r in enumerate(racers):
        fixed = list(heard)
        fixed[k] = truth[k]
        if _right(fixed, truth):
            menders.append(r)
    if menders:
        r = max(menders, key=lambda r: abs(r.error))
        kind = _kind_of_error(r.error, gaps_to_edge)
        return ("tie edge" if kind == "several" else kind), r
    worst = max(racers, key=lambda r: abs(r.error))
    return f"several, worst {_onset_kind(worst.error)}", worst


def races_of(table: RoomTable, dets: list[Detection]) -> list[list[Racer]]:
    matched = match(table.shouts, dets)
    by_race: dict[int, list[Racer]] = {}
    for s, d in zip(table.shouts, matched, strict=True):
        if s.race is not None:
            by_race.setdefault(s.race, []).append(Racer(s, d))
    return [by_race[k] for k in sorted(by_race)]


def _reaches(table: RoomTable, dets: list[Detection], most_ms: float, masked_db: float) -> dict[int, float]:
    """Per detection (by id): how far back (s) its own channel's power stays 12 dB over its floor
    (and another microphone's within ``masked_db`` of it)."""
    frame = int(0.005 * RATE)
    power = frame_power(table.audio, frame)
    noise = noise_floor(power)
    out, prev_end = {}, {}
    for d in sorted(dets, key=lambda d: d.start):
        c, i = d.channel, int(round(d.start * RATE / frame))
        stop = max(0, i - int(most_ms / 5), int(np.ceil(prev_end.get(c, 0.0) * RATE / frame)))
        level = noise[c] * 10 ** 1.2
        j = i
        while j > stop and float(power[max(0, j - 3) : j, c].mean()) > level and (
                float(np.delete(power[j - 1], c).max()) >= power[j - 1, c] * 10 ** (-masked_db / 10)):
            j -= 1
        out[id(d)] = (i - j) * frame / RATE
        prev_end[c] = max(prev_end.get(c, 0.0), d.end)
    return out


def _asked(racers: list[Racer], reach: dict[int, float]) -> bool:
    """Would the race's firsts or lasts change with an onset at the early end of its stretch?"""
    if any(not r.own for r in racers):
        return False
    placed = [(str(r.shout.player), r.heard.start) for r in racers]  # type: ignore[union-attr]
    early = [(p, t - reach.get(id(r.heard), 0.0)) for (p, t), r in zip(placed, racers, strict=True)]
    variants = [early] + [placed[:k] + [early[k]] + placed[k + 1 :] for k in range(len(placed))]
    ref = (firsts(placed, TIE_S), lasts(placed, TIE_S))
    return any((firsts(v, TIE_S), lasts(v, TIE_S)) != ref for v in variants)


def _onset_kind(e: float) -> str:
    return "late" if e > LATE_S else "early" if e < EARLY_S else "within"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--rooms", type=int, default=0, help="the first N rooms of the set (0: all)")
    ap.add_argument("--verbose", action="store_true", help="one line per wrong race")
    add_seg(ap, help="a segmenter setting (SegmenterConfig field, a number; pitch.NAME: a PitchConfig field)")
    ap.add_argument("--uncertain-ms", type=float, default=0.0,
                    help="also count the races an onset marked uncertain over its own power's stretch would ask")
    ap.add_argument("--masked-db", type=float, default=float("inf"),
                    help="with --uncertain-ms: the stretch only crosses frames where another microphone is "
                         "within this many dB of the own one (a rival that can mask it)")
    args = ap.parse_args()
    seg = segmenter(args.seg, SegmenterConfig(), echo=True)
    cfg = HearingConfig(segmenter=seg)
    specs = first_rooms(args.set, args.rooms)
    kinds: dict[tuple[float, float], Counter] = {b: Counter() for b in BANDS}
    onsets: dict[tuple[float, float], Counter] = {b: Counter() for b in BANDS}
    figures: dict[tuple[float, float], Figures] = {b: Figures() for b in BANDS}
    asked: Counter = Counter()
    for spec in specs:
        table = build_room(spec)
        dets = detect_file(table, cfg)
        band = band_of(spec)
        figures[band].add(score(table, dets))
        reach = _reaches(table, dets, args.uncertain_ms, args.masked_db) if args.uncertain_ms > 0 else {}
        for racers in races_of(table, dets):
            kind, who = cause(racers)
            kinds[band][kind] += 1
            if reach:
                asked[("right" if kind == "right" else "wrong", _asked(racers, reach))] += 1
            for r in racers:
                if r.own:
                    onsets[band][_onset_kind(r.error)] += 1
            if args.verbose and who is not None:
                desc = ", ".join(
                    f"p{r.shout.player} {r.shout.t:.3f}"
                    + (f" {1000 * r.error:+.0f}" if r.own else " missed" if r.heard is None else " wrong mic")
                    + f" «{r.shout.text}»"
                    for r in sorted(racers, key=lambda r: r.shout.t)
                )
                print(f"  room {spec.seed} {kind:20s} on p{who.shout.player}: {desc}")
    print(f"\n== {args.set} rooms ({len(specs)}): wrong races by first cause")
    print("| RT60 band | races | right | " + " | ".join(KINDS) + " |")
    print("|---|---|---|" + "---|" * len(KINDS))
    total: Counter = Counter()
    for band in BANDS:
        c = kinds[band]
        if not c:
            continue
        total.update(c)
        n = sum(c.values())
        print(f"| {band[0]:.2f}–{band[1]:.2f} s | {n} | {c['right']} | " + " | ".join(str(c[k]) for k in KINDS) + " |")
    n = sum(total.values())
    print(f"| all | {n} | {total['right']} | " + " | ".join(str(total[k]) for k in KINDS) + " |")
    print("\nracers' onsets (heard on their own microphone): late > 40 ms / early < -20 ms / within")
    for band in BANDS:
        o = onsets[band]
        if o:
            print(f"  {band[0]:.2f}–{band[1]:.2f} s: {o['late']} / {o['early']} / {o['within']}")
    all_f = Figures()
    print()
    if args.verbose:
        for band in BANDS:
            for m in figures[band].missed_examples:
                print(f"  missed {m}")
    for band in BANDS:
        if figures[band].shouts:
            print(f"  RT60 {band[0]:.2f}-{band[1]:.2f} s: {figures[band].line()}")
            all_f.add(figures[band])
    print(f"  all bands: {all_f.line()}")
    if args.uncertain_ms > 0:
        print(f"\nonsets uncertain over their own power's stretch (at most {args.uncertain_ms:.0f} ms): races right and "
              f"certain {asked[('right', False)]}, right but asked {asked[('right', True)]}, wrong but asked "
              f"{asked[('wrong', True)]}, wrong and certain {asked[('wrong', False)]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
