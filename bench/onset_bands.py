"""Late onsets under a rival, band by band: does the own channel clear the rivals' leak in some band
before its broadband power does? Prints only.

    .venv/bin/python bench/onset_bands.py [--rooms N] [--dump FILE]

For every attributed shout of the tuning rooms: the own channel's power in ``BANDS`` (STFT of the
cancelled audio, the segmenter's 5 ms frames) over the leak each band is predicted from the others
(their band power spread and held as the broadband leak is, times the broadband leak gains), from
300 ms before the truth to the placed onset. ``--dump``: the arrays, for walks tried offline.
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
from voice_scribe.audio.frames import frame_power, noise_floor  # noqa: E402
from voice_scribe.audio.leak import cancelled, learn_leak, spread_power  # noqa: E402
from voice_scribe.audio.segment import SegmenterConfig  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig  # noqa: E402

BANDS = ((100, 300), (300, 600), (600, 1000), (1000, 1600), (1600, 2500), (2500, 4000), (4000, 7000))


def band_power(audio: np.ndarray, rate: int, frame: int, window: int = 256) -> np.ndarray:
    """``(frames, channels, bands)`` power per band on the segmenter's frames (window centred on each frame)."""
    n, ch = audio.shape
    frames = -(-n // frame)
    pad = np.zeros((frames * frame + window, ch), np.float32)
    pad[window // 2 - frame // 2 : window // 2 - frame // 2 + n] = audio
    win = np.hanning(window).astype(np.float32)
    freqs = np.fft.rfftfreq(window, 1 / rate)
    out = np.zeros((frames, ch, len(BANDS)))
    for c in range(ch):
        idx = np.arange(frames)[:, None] * frame + np.arange(window)[None, :]
        spec = np.abs(np.fft.rfft(pad[idx, c] * win, axis=1)) ** 2
        for k, (lo, hi) in enumerate(BANDS):
            sel = (freqs >= lo) & (freqs < hi)
            out[:, c, k] = spec[:, sel].sum(axis=1) / window
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rooms", type=int, default=4)
    ap.add_argument("--dump", default="")
    args = ap.parse_args()
    seg = SegmenterConfig()
    rate = 16000
    frame = int(seg.frame_ms * rate / 1000)
    rows = []
    for spec in first_rooms("tuning", args.rooms):
        table = build_room(spec)
        dets = detect_file(table, HearingConfig(segmenter=seg))
        leak = learn_leak(table.audio, rate, seg)
        clean = cancelled(table.audio, leak, seg)
        gains = leak.power_gains(seg.default_crosstalk_db)
        power = frame_power(clean, frame)
        bp = band_power(clean, rate, frame)
        pred = np.stack([spread_power(bp[:, :, k], seg) @ gains.T for k in range(len(BANDS))], axis=2)
        ppred = spread_power(power, seg) @ gains.T
        floor = np.stack([noise_floor(bp[:, :, k]) for k in range(len(BANDS))], axis=1)  # (channels, bands)
        noise = noise_floor(power)
        ends = {}
        for d in sorted(dets, key=lambda d: d.start):
            ends.setdefault(d.channel, []).append((d.start, d.end))
        for s, d in zip(table.shouts, match(table.shouts, dets), strict=True):
            if d is None or d.channel != s.player:
                continue
            c = s.player
            i, ti = int(round(d.start * rate / frame)), int(round(s.t * rate / frame))
            prev = max([e for a, e in ends.get(c, []) if e <= d.start - 1e-6], default=0.0)
            a = max(0, min(i, ti) - 60)
            rows.append(dict(room=spec.seed, player=c, truth=ti, placed=i, prev=int(np.ceil(prev * rate / frame)),
                             a=a, race=s.race is not None,
                             own=10 * np.log10(bp[a : i + 1, c] / np.maximum(pred[a : i + 1, c], 1e-20) + 1e-20),
                             lvl=10 * np.log10(bp[a : i + 1, c] / floor[c] + 1e-20),
                             bb=10 * np.log10(power[a : i + 1, c] / np.maximum(ppred[a : i + 1, c], 1e-20) + 1e-20),
                             bbl=10 * np.log10(power[a : i + 1, c] / noise[c] + 1e-20)))
    late = [r for r in rows if (r["placed"] - r["truth"]) * seg.frame_ms > 40]
    print(f"{len(rows)} onsets, {len(late)} late > 40 ms")
    for r in late:
        k0 = r["truth"] - r["a"]
        print(f"room {r['room']} p{r['player']} late {(r['placed'] - r['truth']) * 5} ms race={r['race']}")
        print("   ms  bb  " + " ".join(f"{lo:>5d}" for lo, _ in BANDS))
        for k in range(max(0, k0 - 12), len(r["own"]), 3):
            mark = "T" if abs(k - k0) < 2 else " "
            print(f" {mark}{(k - k0) * 5:4d} {r['bb'][k]:5.1f} " + " ".join(f"{v:5.1f}" for v in r["own"][k])
                  + "  | " + " ".join(f"{v:4.0f}" for v in r["lvl"][k]))
    if args.dump:
        np.save(args.dump, np.array(rows, dtype=object), allow_pickle=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
