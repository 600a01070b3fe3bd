"""What the early onsets of the room benchmark are: which stage moved each one before its truth. Prints only.

    .venv/bin/python bench/onset_early.py [--rooms N] [--set tuning|held-out] [--early-ms 20]

For each attributed shout placed more than ``--early-ms`` before its truth,
the same room is heard again with one onset stage off at a time: the walk
back along the own channel's power (``own_back_ms``), the hiss walk
(``hiss_back_ms``), and both. The first variant whose onset is no longer
early names the stage; when none does, the burst itself opened early (a
rival's tail or copy, a die, the room's babble before the shout): the kind
then says what sounded in the 100 ms before the truth on the own channel's
rivals (the loudest other channel's power over the own channel's noise) and
whether a knock or roll was within 200 ms.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from dataclasses import replace

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from probe_args import first_rooms  # noqa: E402 - puts the project and bench/ on sys.path

import numpy as np  # noqa: E402
from rooms.score import match  # noqa: E402
from rooms.table import build_room  # noqa: E402

from bench_hearing_rooms import detect_file  # noqa: E402
from voice_scribe.audio.frames import SegmenterConfig, frame_power, noise_floor  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rooms", type=int, default=4)
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--early-ms", type=float, default=20.0)
    args = ap.parse_args()
    seg = SegmenterConfig()
    variants = {
        "own walk": replace(seg, own_back_ms=0.0),
        "hiss walk": replace(seg, hiss_back_ms=0.0),
        "both walks": replace(seg, own_back_ms=0.0, hiss_back_ms=0.0),
    }
    rate, frame = 16000, int(seg.frame_ms * 16000 / 1000)
    kinds: Counter = Counter()
    specs = first_rooms(args.set, args.rooms)
    for spec in specs:
        table = build_room(spec)
        onsets = {}
        for name, variant in {"as is": seg, **variants}.items():
            dets = detect_file(table, HearingConfig(segmenter=variant))
            onsets[name] = [d.start - s.t if d is not None and d.channel == s.player else None
                            for s, d in zip(table.shouts, match(table.shouts, dets), strict=True)]
        power = frame_power(table.audio, frame)
        noise = noise_floor(power)
        for k, s in enumerate(table.shouts):
            e = onsets["as is"][k]
            if e is None or e >= -args.early_ms / 1000:
                continue
            stage = next((name for name in variants if onsets[name][k] is not None
                          and onsets[name][k] >= -args.early_ms / 1000), None)
            i = int(s.t * rate / frame)
            others = [d for d in range(power.shape[1]) if d != s.player]
            rival_db = float(10 * np.log10(power[max(0, i - 20) : i, others].mean(axis=0).max() / noise[s.player]))
            dice = any(n.start - 0.2 < s.t and s.t - 0.2 < n.end + 0.2 for n in table.noises)
            if stage is None:
                stage = "burst: near dice" if dice else "burst: a rival sounds" if rival_db > 20 else "burst: quiet"
            kinds[stage] += 1
            print(f"  room {spec.seed} p{s.player} «{s.text}» at {s.t:.3f}: {1000 * e:+.0f} ms — {stage}"
                  f" (others {' / '.join(f'{1000 * onsets[n][k]:+.0f}' if onsets[n][k] is not None else '-' for n in variants)};"
                  f" loudest rival {rival_db:.0f} dB over own noise over the 100 ms before)")
    print("\nearly onsets by stage:", ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
