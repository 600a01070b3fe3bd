"""The late onsets (> 40 ms) of the room benchmark and the own channel's residual after the leak of
all the rivals at once (:mod:`voice_scribe.audio.residual`). Prints only.

    .venv/bin/python bench/onset_residual.py [--rooms N] [--late-ms 40] [--fit-ms 300]

For each attributed shout placed more than ``--late-ms`` after its truth: every 10 ms from
``--fit-ms`` before the placed onset to it, the unexplained-over-explained ratio (dB over its
25th percentile, :func:`.residual.unexplained_db`, fitted on that whole stretch) and the same with
the fit made only before the truth (``oracle``: what a fit clean of the own voice gives). ``T``
marks the truth onset's row; then the change score (:func:`.residual.change_scores`), the share of
new bins (% , :func:`.residual.new_bins`) and the residual through the transfer learnt over the whole
table (:func:`.residual.leak_residual_db`). Tuning rooms only.
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
from voice_scribe.audio.residual import change_scores, leak_residual_db, learn_transfer, new_bins, unexplained_db  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rooms", type=int, default=2, help="the first N tuning rooms (0: all)")
    ap.add_argument("--late-ms", type=float, default=40.0)
    ap.add_argument("--fit-ms", type=float, default=300.0)
    args = ap.parse_args()
    rate = 16000
    for spec in first_rooms("tuning", args.rooms):
        table = build_room(spec)
        dets = detect_file(table, HearingConfig())
        transfer = learn_transfer(table.audio, rate)
        for s, d in zip(table.shouts, match(table.shouts, dets), strict=True):
            if d is None or d.channel != s.player or d.start - s.t <= args.late_ms / 1000:
                continue
            ends = np.arange(d.start - args.fit_ms / 1000, d.start + 0.031, 0.010)
            ends = (ends[ends > 0.04] * rate).astype(int)
            whole = unexplained_db(table.audio, rate, s.player, ends, np.ones(len(ends), bool), rounds=1)
            before = ends < s.t * rate
            oracle = unexplained_db(table.audio, rate, s.player, ends, before, rounds=1) if before.sum() >= 4 else whole * np.nan
            print(f"room {spec.seed} p{s.player} «{s.text}» truth {s.t:.3f} placed {d.start:.3f} "
                  f"late {1000 * (d.start - s.t):.0f} ms")
            print("   " + " ".join(("T" if abs(e / rate - s.t) < 0.005 else "|" if abs(e / rate - d.start) < 0.005 else " ")
                                   + f"{w:+3.0f}" for e, w in zip(ends, whole)))
            print("   " + " ".join(" " + f"{o:+3.0f}" for o in oracle))
            print("   " + " ".join(" " + f"{o:+3.0f}" for o in change_scores(table.audio, rate, s.player, ends)))
            print("   " + " ".join(" " + f"{100 * o:3.0f}" for o in new_bins(table.audio, rate, s.player, ends)))
            print("   " + " ".join(" " + f"{o:+3.0f}" for o in leak_residual_db(table.audio, rate, s.player, ends, transfer)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
