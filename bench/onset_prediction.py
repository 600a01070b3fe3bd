"""The own channel's prediction error from its rivals' channels around each late onset. Prints only.

    .venv/bin/python bench/onset_prediction.py [--rooms N] [--set tuning|held-out] [--taps 96] [--fit-ms 200]

For each attributed shout placed more than 40 ms after its truth (default settings): the
two loudest rivals' least-squares FIR filters (:mod:`voice_scribe.audio.prediction`) fitted
over ``--fit-ms`` ending 150 ms before the placed onset (what the walk does), and over the
same length ending 20 ms before the truth (an oracle: the rival alone); the error over the
prediction (dB) on the fit, then every 20 ms from 60 ms before the truth to the placed onset
(``T`` the truth's row).
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from probe_args import ROOT  # noqa: E402,F401 - puts the project and bench/ on sys.path

import numpy as np  # noqa: E402
from rooms.score import HELD_OUT, TUNING, match  # noqa: E402
from rooms.table import build_room  # noqa: E402

from bench_hearing_rooms import detect_file  # noqa: E402
from voice_scribe.audio.frames import SegmenterConfig, frame_power  # noqa: E402
from voice_scribe.audio.leak import learn_leak, spread_power  # noqa: E402
from voice_scribe.audio.prediction import error_ratio_db  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rooms", type=int, default=2)
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--taps", type=int, default=96)
    ap.add_argument("--fit-ms", type=float, default=200.0)
    ap.add_argument("--ridge", type=float, default=0.01)
    args = ap.parse_args()
    seg = SegmenterConfig()
    rate, frame = 16000, 80
    fit = int(args.fit_ms / 5)
    walk_rise, oracle_rise = [], []
    for spec in (TUNING if args.set == "tuning" else HELD_OUT)[: args.rooms or None]:
        table = build_room(spec)
        dets = detect_file(table, HearingConfig(segmenter=seg))
        power = frame_power(table.audio, frame)
        leak = learn_leak(table.audio, rate, seg)
        leak_in = spread_power(power, seg)
        gains = leak.power_gains(seg.default_crosstalk_db)
        for s, d in zip(table.shouts, match(table.shouts, dets), strict=True):
            if d is None or d.channel != s.player or d.start - s.t <= 0.040:
                continue
            c, pi, ti = s.player, int(round(d.start * rate / frame)), int(round(s.t * rate / frame))
            at = leak_in[pi] * gains[c]
            at[c] = -np.inf
            rivals = [int(x) for x in np.argsort(at)[::-1][:2]]
            row = f"room {spec.seed} p{c} «{s.text}» {s.t:.3f} late {1000 * (d.start - s.t):.0f} ms, rivals {rivals}"
            for name, end in (("walk", pi - 30), ("oracle", ti - 4)):
                lo = max(0, end - fit)
                r = error_ratio_db(table.audio, c, rivals, lo, end - lo, pi + 1, frame, args.taps, args.ridge)
                base = float(np.median(r[: end - lo]))
                marks = " ".join(f"{'T' if abs(k - ti) < 2 else ''}{r[k - lo] - base:+.0f}"
                                 for k in range(max(lo, ti - 12), pi + 1, 4))
                stretch = float(np.median(r[ti - lo : pi - lo])) - base
                (walk_rise if name == "walk" else oracle_rise).append(stretch)
                row += f"\n   {name:6s} fit {base:+.1f} dB; over it: {marks}"
            print(row)
    for name, x in (("walk", walk_rise), ("oracle", oracle_rise)):
        x = np.array(x)
        print(f"{name}: median rise over the fit in the stretch {np.median(x):+.1f} dB; >= 6 dB in {int((x >= 6).sum())}"
              f" of {len(x)}, >= 3 dB in {int((x >= 3).sum())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
