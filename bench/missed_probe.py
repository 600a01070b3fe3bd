"""Each missed shout and false detection of the room benchmark, with the evidence the segmenter had.

    .venv/bin/python bench/missed_probe.py [--set tuning|held-out] [--rooms 1,2] [--seg NAME=VALUE ...]

For every missed shout: the segments of its own channel near it (before and
after the speech check), each seat's best response over its first 200 ms,
and, for segments the speech check dropped, the probability it gave. For every
false detection: its kind (``bench_segments_kinds.py``), loudness ratio, its
own seat's best response over its span and over its first 200 ms, and the
loudest other seat's. Prints, asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from probe_args import add_seg, rooms_by_seed, segmenter  # noqa: E402 - puts the project and bench/ on sys.path

from bench_segments_kinds import classify_false, classify_missed  # noqa: E402
from rooms.score import WINDOW, Detection, match  # noqa: E402
from rooms.table import build_room  # noqa: E402

from voice_scribe.audio import segment as seg  # noqa: E402
from voice_scribe.audio.boundary import seat_response  # noqa: E402
from voice_scribe.audio.seats import phat, seats_from  # noqa: E402
from voice_scribe.audio.vad import SpeechCheck, keep_speech  # noqa: E402

RATE = 16000


def seat_of(audio: np.ndarray, cfg: seg.SegmenterConfig) -> np.ndarray:
    """Each seat's response on the segmenter's frames, as ``segment_audio`` computes it."""
    frame = int(round(cfg.frame_ms * RATE / 1000))
    spectra = phat(audio, RATE, cfg.seats)
    frames = -(-len(audio) // frame)
    return seat_response(spectra, seats_from(spectra, RATE, cfg.seats), frames, frame, cfg)


def span_max(seat: np.ndarray, c: int, t0: float, t1: float, frame_s: float) -> float:
    i, j = int(round(t0 / frame_s)), max(int(round(t0 / frame_s)) + 1, int(round(t1 / frame_s)))
    return float(np.nanmax(seat[i:j, c], initial=-1.0))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--rooms", default="1,2,3,4")
    add_seg(ap)
    args = ap.parse_args()
    cfg = segmenter(args.seg, seg.SegmenterConfig())
    check = SpeechCheck.load()
    specs = rooms_by_seed(args.set, args.rooms)
    fs = cfg.frame_ms / 1000
    for spec in specs:
        table = build_room(spec)
        audio = table.audio
        segs = seg.segment_audio(audio, RATE, cfg)
        kept = keep_speech(segs, audio, RATE, check)
        seat = seat_of(audio, cfg)
        dets = [Detection(s.channel, s.start, s.end, s.ambiguous) for s in kept]
        raw = [Detection(s.channel, s.start, s.end, s.ambiguous) for s in segs]
        matched = match(table.shouts, dets)
        used = {id(d) for d in matched if d is not None}
        print(f"room {spec.seed} (RT60 {spec.rt60:.2f})")
        swallowers: set[int] = set()
        for s, m in zip(table.shouts, matched, strict=True):
            if m is not None:
                continue
            kind = classify_missed(table, s, dets, raw)
            if kind.startswith("swallowed"):
                swallowers |= {id(d) for d in dets if d.channel == s.player and d.start < s.t - WINDOW
                               and d.start <= s.t <= d.end}
            heads = " ".join(f"{span_max(seat, c, s.t, s.t + 0.2, fs):.2f}" for c in range(audio.shape[1]))
            rivals = [f"p{r.player}@{r.t - s.t:+.2f}" for r in table.shouts
                      if r is not s and r.t - 1.0 < s.t < r.end + 0.3]
            print(f"  MISSED {s.t:7.2f}-{s.end:6.2f} p{s.player} «{s.text}» {kind}; seats 0-200 ms: {heads}; "
                  f"rivals {' '.join(rivals) or '-'}")
            for x in segs:
                if x.channel == s.player and x.start < s.end + 0.3 and s.t - 1.5 < x.end:
                    a, b = int(round(x.start * RATE)), int(round(x.end * RATE))
                    p = check.probability(audio[max(0, a - int(check.pre_roll_s * RATE)):
                                                min(len(audio), max(b + int(0.2 * RATE), a + 512),
                                                    a + int(check.window_s * RATE)), x.channel]) if check else -1
                    kept_it = any(k.channel == x.channel and abs(k.end - x.end) < 1e-6 for k in kept)
                    print(f"      seg {x.start:7.2f}-{x.end:6.2f} ratio {x.loudness_ratio or 0:7.2f} "
                          f"amb {int(x.ambiguous)} rise {x.seat_rise} own seat head "
                          f"{span_max(seat, x.channel, x.start, x.start + 0.2, fs):.2f} "
                          f"p(speech) {p:.2f} {'kept' if kept_it else 'DROPPED'}")
        for d in dets:
            if id(d) in used:
                continue
            kind = classify_false(table, d, swallowers)
            src = next(x for x in kept if x.channel == d.channel and x.start == d.start)
            own = span_max(seat, d.channel, d.start, d.end, fs)
            head = span_max(seat, d.channel, d.start, d.start + 0.2, fs)
            other = max((span_max(seat, c, d.start, d.start + 0.2, fs), c) for c in range(audio.shape[1])
                        if c != d.channel)
            over = [f"p{s.player}@{d.start - s.t:+.2f}" for s in table.shouts if s.t - 0.5 < d.start < s.end]
            print(f"  FALSE  {d.start:7.2f}-{d.end:6.2f} ch{d.channel} {kind}: ratio {src.loudness_ratio or 0:.2f} "
                  f"amb {int(src.ambiguous)} own seat max {own:.2f} head {head:.2f}; best other ch{other[1]} "
                  f"{other[0]:.2f}; over {' '.join(over) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
