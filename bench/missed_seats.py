"""Each kept segment's seats over its span, shouts found and false detections side by side.

    .venv/bin/python bench/missed_seats.py [--set tuning] [--rooms 1,2,...] [--own-max 0.1] [--seg NAME=VALUE ...]

For every segment kept (after the speech check) whose own seat stays under ``--own-max`` over its
whole span: whether it matches a shout or is a false detection (and its kind), its own seat's best
response over the span, the best other seat's, and its length: the evidence a rule that drops
sounds no seat makes (a room's diffuse tail) would read. Prints, asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from probe_args import add_seg, rooms_by_seed, segmenter  # noqa: E402 - puts the project and bench/ on sys.path

from bench_segments_kinds import classify_false  # noqa: E402
from missed_probe import seat_of, span_max  # noqa: E402
from rooms.score import Detection, match  # noqa: E402
from rooms.table import build_room  # noqa: E402

from voice_scribe.audio import segment as seg  # noqa: E402
from voice_scribe.audio.vad import SpeechCheck, keep_speech  # noqa: E402

RATE = 16000


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("tuning",), default="tuning")
    ap.add_argument("--rooms", default="1,2,3,4,5,6,7,8")
    ap.add_argument("--own-max", type=float, default=0.1)
    add_seg(ap)
    args = ap.parse_args()
    cfg = segmenter(args.seg, seg.SegmenterConfig())
    check = SpeechCheck.load()
    fs = cfg.frame_ms / 1000
    for spec in rooms_by_seed(args.set, args.rooms):
        table = build_room(spec)
        kept = keep_speech(seg.segment_audio(table.audio, RATE, cfg), table.audio, RATE, check)
        seat = seat_of(table.audio, cfg)
        dets = [Detection(s.channel, s.start, s.end, s.ambiguous) for s in kept]
        used = {id(d) for d in match(table.shouts, dets) if d is not None}
        for d in dets:
            own = span_max(seat, d.channel, d.start, d.end, fs)
            if own >= args.own_max:
                continue
            other = max(span_max(seat, c, d.start, d.end, fs) for c in range(table.audio.shape[1]) if c != d.channel)
            label = "shout" if id(d) in used else "FALSE " + classify_false(table, d, set())
            print(f"room {spec.seed} ch{d.channel} {d.start:7.2f}-{d.end:6.2f} ({d.end - d.start:.2f} s) "
                  f"own {own:.3f} other {other:.3f}  {label}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
