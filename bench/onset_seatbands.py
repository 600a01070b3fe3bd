"""The late onsets (> 40 ms) of the room benchmark and how many bands the own seat holds before them
(:mod:`voice_scribe.audio.seatbands`). Prints only.

    .venv/bin/python bench/onset_seatbands.py [--rooms N] [--late-ms 40] [--z 3]

For each attributed shout placed more than ``--late-ms`` after its truth: every 10 ms over the 300 ms
before the placed onset, how many bands the own seat holds (``--z`` over chance and over every other
seat), and the own seat's best band z-score. ``T`` marks the truth, ``|`` the placed onset. Tuning rooms.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from probe_args import first_rooms  # noqa: E402 - puts the project and bench/ on sys.path

import numpy as np  # noqa: E402
from rooms.score import match  # noqa: E402
from rooms.table import build_room  # noqa: E402

from bench_hearing_rooms import detect_file  # noqa: E402
from voice_scribe.audio.leak import learn_leak  # noqa: E402
from voice_scribe.audio.seatbands import band_scores, own_bands  # noqa: E402
from voice_scribe.audio.segment import SegmenterConfig  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rooms", type=int, default=2, help="the first N tuning rooms (0: all)")
    ap.add_argument("--late-ms", type=float, default=40.0)
    ap.add_argument("--z", type=float, default=3.0)
    args = ap.parse_args()
    rate, seg = 16000, SegmenterConfig()
    for spec in first_rooms("tuning", args.rooms):
        table = build_room(spec)
        dets = detect_file(table, HearingConfig())
        seats = learn_leak(table.audio, rate, seg).seats
        for s, d in zip(table.shouts, match(table.shouts, dets), strict=True):
            if d is None or d.channel != s.player or d.start - s.t <= args.late_ms / 1000:
                continue
            ends = np.arange(d.start - 0.3, d.start + 0.031, 0.010)
            ends = (ends[ends > 0.04] * rate).astype(int)
            sc = band_scores(table.audio, rate, seats, ends)
            held = own_bands(sc, s.player, args.z)
            print(f"room {spec.seed} p{s.player} «{s.text}» truth {s.t:.3f} placed {d.start:.3f} "
                  f"late {1000 * (d.start - s.t):.0f} ms")
            marks = ["T" if abs(e / rate - s.t) < 0.005 else "|" if abs(e / rate - d.start) < 0.005 else " " for e in ends]
            print("   " + " ".join(f"{m}{h:2d}" for m, h in zip(marks, held)))
            print("   " + " ".join(f" {z:+2.0f}" for z in np.nanmax(sc[:, s.player], axis=1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
