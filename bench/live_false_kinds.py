"""The live path's false detections by kind (as ``bench_segments_kinds.py`` names them), per RT60
band, against the file path's. Prints, asserts nothing.

    .venv/bin/python bench/live_false_kinds.py [--set tuning|held-out] [--band 0.60] [--list]
                                               [--live-set NAME=VALUE ...] [--file-cache DIR]

``--list`` (tuning only) prints each false detection of the live path with its kind; held out,
only the counts.
"""

from __future__ import annotations

import argparse
import os
from collections import Counter
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from probe_args import live_settings, room_set  # noqa: E402 - puts the project and bench/ on sys.path

from bench_segments_kinds import classify_false  # noqa: E402
from live_vs_file import run_file, run_live  # noqa: E402
from rooms.score import band_of, match  # noqa: E402
from rooms.table import build_room  # noqa: E402

from voice_scribe.speech.transcribe import HearingConfig  # noqa: E402


def false_kinds(table, dets) -> list[tuple[str, object]]:  # type: ignore[no-untyped-def]
    used = {id(d) for d in match(table.shouts, dets) if d is not None}
    return [(classify_false(table, d, set()), d) for d in dets if id(d) not in used]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--band", type=float, default=None, help="only the rooms of the band starting at this RT60")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--file-cache", type=Path, default=None)
    ap.add_argument("--live-set", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    settings = live_settings(args.live_set)
    specs = [s for s in room_set(args.set)
             if args.band is None or abs(band_of(s)[0] - args.band) < 1e-6]
    cfg = HearingConfig()
    file_k: Counter = Counter()
    live_k: Counter = Counter()
    for spec in specs:
        table = build_room(spec)
        file = run_file(table, cfg, args.file_cache)
        live = run_live(table, cfg, **settings).dets
        file_k.update(k for k, _ in false_kinds(table, file))
        for kind, d in false_kinds(table, live):
            live_k[kind] += 1
            if args.list and args.set == "tuning":
                print(f"  false live {spec.seed}:{d.start:7.2f}-{d.end:6.2f} s ch{d.channel}: {kind}")
    print(f"{args.set}, rooms {[s.seed for s in specs]}, live {settings or 'defaults'}")
    print(f"  file false: {dict(file_k.most_common())}")
    print(f"  live false: {dict(live_k.most_common())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
