"""The late onsets (> 40 ms) of the room benchmark, and what the own channel does before them. Prints only.

    .venv/bin/python bench/onset_late.py [--rooms N] [--late-ms 40] [--set tuning|held-out] [--summary]

For each attributed shout placed more than ``--late-ms`` after its truth: every
20 ms over the 300 ms before the placed onset, the own channel's power, the
power its leak model predicts from the others (both over the channel's noise
floor, dB), its low band (< 400 Hz) and high band (> 2500 Hz) over the noise
of that band, and its seat's response. ``T`` marks the truth onset's row.
``--summary``: instead, the signed onset errors (median, 5th percentile, early
and late counts) with the own-channel walk (``own_back_ms``) and without it.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import replace
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from probe_args import first_rooms  # noqa: E402 - puts the project and bench/ on sys.path

import numpy as np  # noqa: E402
from rooms.score import match  # noqa: E402
from rooms.table import build_room  # noqa: E402

from voice_scribe.audio.seats import phat  # noqa: E402
from voice_scribe.audio.boundary import seat_response  # noqa: E402
from voice_scribe.audio.frames import frame_power, noise_floor  # noqa: E402
from voice_scribe.audio.leak import cancelled, learn_leak, spread_power  # noqa: E402
from voice_scribe.audio.onset import high_band  # noqa: E402
from voice_scribe.audio.segment import SegmenterConfig  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig, hear  # noqa: E402
from bench_hearing_rooms import detect_file  # noqa: E402


def _db(x: np.ndarray, ref: float) -> np.ndarray:
    return 10 * np.log10(np.maximum(x, 1e-20) / max(ref, 1e-20))


def summary(specs: list, seg: SegmenterConfig) -> None:
    """Signed onset errors of attributed shouts, with and without the own-channel walk."""
    for name, variant in (("with the walk", seg), ("without", replace(seg, own_back_ms=0.0))):
        errors = []
        for spec in specs:
            table = build_room(spec)
            dets = detect_file(table, HearingConfig(segmenter=variant))
            errors += [1000 * (d.start - s.t) for s, d in zip(table.shouts, match(table.shouts, dets), strict=True)
                       if d is not None and d.channel == s.player]
        e = np.array(errors)
        print(f"{name:14s}: {len(e)} onsets, signed median {np.median(e):+.1f} ms, 5th percentile "
              f"{np.percentile(e, 5):+.1f} ms, earlier than -20 ms: {int((e < -20).sum())}, "
              f"later than +40 ms: {int((e > 40).sum())}")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rooms", type=int, default=4, help="the first N rooms of the set (0: all)")
    ap.add_argument("--late-ms", type=float, default=40.0)
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--summary", action="store_true")
    args = ap.parse_args()
    seg = SegmenterConfig()
    specs = first_rooms(args.set, args.rooms)
    if args.summary:
        summary(specs, seg)
        return 0
    cfg = HearingConfig(segmenter=seg)
    for spec in specs:
        table = build_room(spec)
        rate = 16000
        frame = int(seg.frame_ms * rate / 1000)
        dets = detect_file(table, cfg)
        leak = learn_leak(table.audio, rate, seg)
        clean = cancelled(table.audio, leak, seg)
        power = frame_power(clean, frame)
        noise = noise_floor(power)
        pred = spread_power(power, seg) @ leak.power_gains(seg.default_crosstalk_db).T
        low = frame_power(clean - high_band(clean, rate, 400.0, taps=129), frame)
        high = frame_power(high_band(clean, rate, 2500.0), frame)
        lown, highn = noise_floor(low), noise_floor(high)
        seat = seat_response(phat(table.audio, rate, seg.seats), leak.seats, len(power), frame, seg)
        for s, d in zip(table.shouts, match(table.shouts, dets), strict=True):
            if d is None or d.channel != s.player or d.start - s.t <= args.late_ms / 1000:
                continue
            c, i = s.player, int(round(d.start * rate / frame))
            others = sorted(set(range(power.shape[1])) - {c})
            print(f"room {spec.seed} p{c} «{s.text}» truth {s.t:.3f} placed {d.start:.3f} late {1000 * (d.start - s.t):.0f} ms"
                  f" (other channels' power over own noise at truth: "
                  f"{', '.join(f'{_db(power[int(s.t * rate / frame), [o]], noise[c])[0]:.0f}' for o in others)})")
            print("     ms   own  leak   low  high  seat")
            ti = int(round(s.t * rate / frame))
            for k in range(max(0, i - 60), i + 1, 4):
                mark = "T" if abs(k - ti) < 2 else " "
                print(f"  {mark} {(k - i) * seg.frame_ms:5.0f} {_db(power[k:k + 4, c].mean(), noise[c]):5.1f}"
                      f" {_db(pred[k:k + 4, c].mean(), noise[c]):5.1f} {_db(low[k:k + 4, c].mean(), lown[c]):5.1f}"
                      f" {_db(high[k:k + 4, c].mean(), highn[c]):5.1f} {np.nanmean(seat[k:k + 4, c]):5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
