"""Detections whose own seat never speaks: real shouts (matched) against leak copies, with the evidence.

    .venv/bin/python bench/missed_weak.py [--set tuning|held-out] [--rooms 1,2] [--below 0.12]

For each kept detection whose own seat's best response over the segment is
under ``--below``: matched to a true shout or not, its own seat's best, the
loudest other seat over the same span and whether that seat's channel has a
segment overlapping it, its loudness ratio. Prints, asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from probe_args import rooms_by_seed  # noqa: E402 - puts the project and bench/ on sys.path

from missed_probe import RATE, seat_of, span_max  # noqa: E402
from rooms.score import Detection, match  # noqa: E402
from rooms.table import build_room  # noqa: E402

from voice_scribe.audio import segment as seg  # noqa: E402
from voice_scribe.audio.vad import SpeechCheck, keep_speech  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--rooms", default="1,2,3,4")
    ap.add_argument("--below", type=float, default=0.12)
    args = ap.parse_args()
    cfg = seg.SegmenterConfig()
    check = SpeechCheck.load()
    fs = cfg.frame_ms / 1000
    for spec in rooms_by_seed(args.set, args.rooms):
        table = build_room(spec)
        kept = keep_speech(seg.segment_audio(table.audio, RATE, cfg), table.audio, RATE, check)
        seat = seat_of(table.audio, cfg)
        dets = [Detection(s.channel, s.start, s.end, s.ambiguous) for s in kept]
        matched = match(table.shouts, dets)
        by = {id(d): sh for sh, d in zip(table.shouts, matched, strict=True) if d is not None}
        for s, d in zip(kept, dets, strict=True):
            own = span_max(seat, s.channel, s.start, s.end, fs)
            if own >= args.below:
                continue
            other = max((span_max(seat, c, s.start, s.end, fs), c) for c in range(seat.shape[1]) if c != s.channel)
            twin = any(t.channel == other[1] and t.start < s.end and s.start < t.end for t in kept)
            sh = by.get(id(d))
            what = f"TRUE p{sh.player} «{sh.text}»" if sh is not None else "false"
            print(f"{spec.seed} {s.start:7.2f}-{s.end:6.2f} ch{s.channel} {what}: own {own:.3f} other ch{other[1]} "
                  f"{other[0]:.2f} twin {int(twin)} ratio {s.loudness_ratio or 0:.2f} dur {s.end - s.start:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
