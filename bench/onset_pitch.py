"""Late onsets of the room benchmark and the pitch before them: own channel against the rivals'. Prints only.

    .venv/bin/python bench/onset_pitch.py [--rooms N] [--set tuning|held-out] [--late-ms 40] [--early-ms 0]

For each attributed shout placed more than ``--late-ms`` after its truth
(``--early-ms N``: instead, more than N ms before it): every 10 ms from 60 ms
before the truth to the placed onset, the own channel's power over its leak
prediction (dB), its pitch (Hz) and aperiodicity, and each other channel's
pitch and aperiodicity on its own microphone. ``T`` marks the truth onset.
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
from voice_scribe.audio.pitch import pitch_track  # noqa: E402
from voice_scribe.audio.frames import SegmenterConfig, frame_power, noise_floor  # noqa: E402
from voice_scribe.audio.leak import cancelled, learn_leak, spread_power  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig  # noqa: E402


def _db(x: float, ref: float) -> float:
    return float(10 * np.log10(max(x, 1e-20) / max(ref, 1e-20)))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rooms", type=int, default=4)
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--late-ms", type=float, default=40.0)
    ap.add_argument("--early-ms", type=float, default=0.0)
    args = ap.parse_args()
    seg = SegmenterConfig()
    rate = 16000
    frame = int(seg.frame_ms * rate / 1000)
    specs = first_rooms(args.set, args.rooms)
    for spec in specs:
        table = build_room(spec)
        dets = detect_file(table, HearingConfig(segmenter=seg))
        leak = learn_leak(table.audio, rate, seg)
        clean = cancelled(table.audio, leak, seg)
        power = frame_power(clean, frame)
        noise = noise_floor(power)
        pred = spread_power(power, seg) @ leak.power_gains(seg.default_crosstalk_db).T
        for s, d in zip(table.shouts, match(table.shouts, dets), strict=True):
            if d is None or d.channel != s.player:
                continue
            err = 1000 * (d.start - s.t)
            if (args.early_ms and err > -args.early_ms) or (not args.early_ms and err <= args.late_ms):
                continue
            c = s.player
            a, b = min(s.t, d.start) - 0.06, max(s.t, d.start) + 0.02
            centres = (np.arange(a, b, 0.01) * rate).astype(int)
            tracks = [pitch_track(clean[:, k], rate, centres) for k in range(clean.shape[1])]
            print(f"room {spec.seed} p{c} «{s.text}» truth {s.t:.3f} placed {d.start:.3f} error {err:+.0f} ms")
            print("      ms  own/leak  noise | " + " | ".join(f"p{k} f0  ap " for k in range(clean.shape[1])))
            for n, x in enumerate(centres):
                i = x // frame
                mark = "T" if abs(x / rate - s.t) < 0.005 else "P" if abs(x / rate - d.start) < 0.005 else " "
                cells = " | ".join(
                    f"{'*' if k == c else ' '}{tracks[k][0][n]:4.0f} {tracks[k][1][n]:.2f}" for k in range(clean.shape[1])
                )
                print(f"  {mark} {1000 * (x / rate - s.t):5.0f} {_db(power[i, c], pred[i, c]):6.1f} "
                      f"{_db(power[i, c], noise[c]):6.1f} | {cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
