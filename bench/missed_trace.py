"""One channel's bursts near a time, step by step through the segmenter: why a shout opens late or is cut in two.

    .venv/bin/python bench/missed_trace.py --room 5 --channel 2 --at 35.17 [--span 1.5] [--seg NAME=VALUE ...]

For each burst of the channel's own power within ``span`` seconds of ``at``: its frames, whether it
starts at a seat cut, its first owned rise, where its seat opens it (or ``follower``), each seat's
best response over its first 200 ms, and whether it survives the duplicate rules; then the
segments emitted there. Replicates :func:`voice_scribe.audio.segment.segment_audio`'s loop with
the same functions. Prints, asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import sys

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

from probe_args import add_seg, room_set, segmenter  # noqa: E402 - puts the project and bench/ on sys.path

from rooms.table import build_room  # noqa: E402

from voice_scribe.audio import segment as seg  # noqa: E402
from voice_scribe.audio.boundary import seat_opening, seat_response, split_at_seat  # noqa: E402
from voice_scribe.audio.leak import learn_and_cancel, own_power, spread_power  # noqa: E402
from voice_scribe.audio.onset import first_owned, owned_rises  # noqa: E402
from voice_scribe.audio.seats import phat, seats_from  # noqa: E402

RATE = 16000


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--room", type=int, required=True)
    ap.add_argument("--channel", type=int, required=True)
    ap.add_argument("--at", type=float, required=True)
    ap.add_argument("--span", type=float, default=1.5)
    add_seg(ap)
    args = ap.parse_args()
    cfg = segmenter(args.seg, seg.SegmenterConfig())
    spec = next(s for s in room_set(args.set) if s.seed == args.room)
    table = build_room(spec)
    audio = table.audio
    c = args.channel
    frame = int(round(cfg.frame_ms * RATE / 1000))
    fs = frame / RATE
    power = seg.frame_power(audio, frame)
    noise = seg.noise_floor(power)
    spectra = phat(audio, RATE, cfg.seats)
    leak, clean = learn_and_cancel(audio, RATE, cfg, spectra)
    if clean is not audio:
        power = seg.frame_power(clean, frame)
    gains = leak.power_gains(cfg.default_crosstalk_db)
    predicted = spread_power(power, cfg) @ gains.T
    q = own_power(power, predicted, cfg)
    owned = owned_rises(power, gains, noise, cfg)
    seats = leak.seats if leak.seats is not None else seats_from(spectra, RATE, cfg.seats)
    seat = seat_response(spectra, seats, len(power), frame, cfg)
    q = np.where(seat >= (cfg.seat_own or cfg.seat_on), power, q)
    for s in table.shouts:
        if abs(s.t - args.at) < args.span:
            print(f"truth p{s.player} {s.t:7.2f}-{s.end:6.2f} «{s.text}»")
    lo, hi = args.at - args.span, args.at + args.span
    for a, b, cut in split_at_seat(seg.bursts_channel(q[:, c], float(noise[c]), cfg), seat, c, cfg):
        if b * fs < lo or a * fs > hi:
            continue
        first = first_owned(owned[:, c], a, b)
        opened = seat_opening(seat[:, c], first, a, b, cfg)
        head = " ".join(f"{float(np.nanmax(seat[a:a + 40, d])):.2f}" for d in range(audio.shape[1]))
        peak = 10 * np.log10(float(power[a:b, c].max()) / noise[c])
        own = float(np.nanmax(seat[a:b, c]))
        other = float(np.nanmax(np.delete(seat[a:b], c, axis=1)))
        print(f"burst {a * fs:7.2f}-{b * fs:6.2f} cut {int(cut)} owned {first and f'{first * fs:.2f}'} "
              f"opens {'follower' if opened is None else f'{opened * fs:.2f}'}; seats 0-200 ms {head}; "
              f"over the burst own {own:.3f} other {other:.3f}; peak {peak:.1f} dB over floor")
    for x in seg.segment_audio(audio, RATE, cfg):
        if x.channel == c and lo < x.end and x.start < hi:
            print(f"segment {x.start:7.2f}-{x.end:6.2f} ratio {x.loudness_ratio or 0:.2f} rise {x.seat_rise}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
