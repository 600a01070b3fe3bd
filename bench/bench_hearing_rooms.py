"""Hearing benchmark in simulated rooms: the figures issue 11 asks for. Prints, asserts nothing.

    .venv/bin/python bench/bench_hearing_rooms.py [--set tuning|held-out|both] [--rooms N] [--live] [--verbose]
                                                  [--room-cancel] [--no-seats] [--seg NAME=VALUE ...]
                                                  [--seat NAME=VALUE ...] [--pitch NAME=VALUE ...]

Needs the bench/test extras (``bash scripts/setup.sh --test``: pyroomacoustics,
G722, the asterisk-core-sounds-fr-g722 package, espeak-ng, sox). Rooms are
rendered once (≈ 30 s each) and cached under ``bench/rooms/.cache``.
The tuning rooms (seeds 1-8) are the only ones the detector's settings were
chosen on; the held-out rooms (seeds 101-108) are reported beside them; the
fresh rooms (``--set fresh``: the newest round of ``rooms.score.FRESH_BY_ROUND``)
are measured once in their round; each round has its own fresh set and the
earlier rounds' are spent (``--set fresh-6`` …; ``--help`` lists their seeds).

Per RT60 band: attribution (shout found on its speaker's own microphone),
races (firsts and lasts at a 150 ms tie window, every racer heard), onset
error median / p95 on attributed shouts, false detections (near knocks and
rolls / elsewhere; per 3 minutes of table), missed, wrong microphone,
ambiguous; then real-time factor of the 4-channel file path and peak RSS.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from dataclasses import replace
from pathlib import Path

# one BLAS thread, as the command line sets (voice_scribe/cli): idle OpenBLAS threads spinning on a
# shared 2-core machine would be counted as the hearing's work
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from rooms import voices  # noqa: E402
from rooms.score import BANDS, FRESH, FRESH_BY_ROUND, HELD_OUT, TUNING, Detection, Figures, band_of, score  # noqa: E402
from rooms.table import RoomTable, build_room  # noqa: E402

from voice_scribe.audio.segment import SegmenterConfig  # noqa: E402
from voice_scribe.audio.sources import Frame  # noqa: E402
from voice_scribe.speech.stream import StreamingHearing  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig, hear  # noqa: E402


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def detect_file(table: RoomTable, cfg: HearingConfig) -> list[Detection]:
    """What ``voice-scribe segments`` hears (no model: onsets and attribution)."""
    return [Detection(u.channel or 0, u.t, u.end or u.t, u.ambiguous) for u in hear(table.audio, None, cfg=cfg)]


def detect_live(table: RoomTable, cfg: HearingConfig) -> list[Detection]:
    live = StreamingHearing(channels=table.audio.shape[1], cfg=cfg)
    block = 800  # 50 ms frames, as a sound card would give them
    utts = []
    for i in range(0, len(table.audio), block):
        utts += live.push(Frame(i, voices.RATE, table.audio[i : i + block]))
    utts += live.flush()
    return [Detection(u.channel or 0, u.t, u.end or u.t, u.ambiguous) for u in utts]


def run_set(name: str, specs: list, live: bool, verbose: bool, cfg: HearingConfig) -> tuple[float, float, float]:
    print(f"\n== {name} rooms ({len(specs)}), {'live path (StreamingHearing, 50 ms frames)' if live else 'file path (hear, as voice-scribe segments)'}")
    bands: dict[tuple[float, float], Figures] = {b: Figures() for b in BANDS}
    measured: dict[tuple[float, float], list[float]] = {b: [] for b in BANDS}
    audio_s = work_s = cpu_s = 0.0
    for spec in specs:
        table = build_room(spec)
        t0, c0 = time.perf_counter(), time.process_time()
        dets = detect_live(table, cfg) if live else detect_file(table, cfg)
        dt = time.perf_counter() - t0
        audio_s += table.duration
        work_s += dt
        cpu_s += time.process_time() - c0
        f = score(table, dets)
        bands[band_of(spec)].add(f)
        measured[band_of(spec)].append(table.info["rt60_measured"])
        if verbose:
            print(f"  room {spec.seed:3d} RT60 {spec.rt60:.2f} s (measured {table.info['rt60_measured']:.2f}), "
                  f"{spec.background:6s}, {table.duration / dt:5.1f}× real time: {f.line()}")
            for m in f.missed_examples:
                print(f"      missed {m}")
    total = Figures()
    for (lo, hi), f in bands.items():
        if f.shouts:
            rt = sum(measured[(lo, hi)]) / len(measured[(lo, hi)])
            print(f"  RT60 {lo:.2f}-{hi:.2f} s (measured ≈ {rt:.2f}), {f.seconds / 60:4.1f} min: {f.line()}")
            total.add(f)
    print(f"  all bands, {total.seconds / 60:4.1f} min: {total.line()}")
    return audio_s, work_s, cpu_s


#: the earlier rounds' fresh sets, spent (``fresh-6`` …): every round of ``FRESH_BY_ROUND`` but the newest
SPENT = {f"fresh-{n}": specs for n, specs in FRESH_BY_ROUND.items() if n != max(FRESH_BY_ROUND)}


def _seeds(specs) -> str:
    """``301-308``: a set's seeds as a range."""
    return f"{specs[0].seed}-{specs[-1].seed}"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("tuning", "held-out", "both", "fresh", *SPENT), default="both",
                    help="both: tuning and held out; fresh: the rooms measured once in this round "
                         f"(seeds {_seeds(FRESH)}); {', '.join(SPENT)}: earlier rounds' "
                         f"({', '.join(_seeds(specs) for specs in SPENT.values())}, spent)")
    ap.add_argument("--rooms", type=int, default=0, help="only the first N rooms of each set (0: all)")
    ap.add_argument("--live", action="store_true", help="the live path instead of the file path")
    ap.add_argument("--verbose", action="store_true", help="one line per room and the missed shouts")
    ap.add_argument("--no-speech-check", action="store_true", help="without the neural speech check (energy only)")
    ap.add_argument("--room-cancel", action="store_true", help="with the frequency-domain leak canceller (audio/cancel.py)")
    ap.add_argument("--no-seats", action="store_true", help="without the seat fingerprints (time differences, audio/seats.py)")
    ap.add_argument("--seg", action="append", default=[], metavar="NAME=VALUE",
                    help="a segmenter setting (SegmenterConfig field, a number), to measure a variant")
    ap.add_argument("--seat", action="append", default=[], metavar="NAME=VALUE",
                    help="a seat fingerprint setting (SeatConfig field, a number), to measure a variant")
    ap.add_argument("--pitch", action="append", default=[], metavar="NAME=VALUE",
                    help="an onset-by-pitch setting (PitchConfig field, a number; back_ms=250 turns the walk on)")
    args = ap.parse_args()
    seg = SegmenterConfig(room_cancel=args.room_cancel, seat_attribution=not args.no_seats)
    for item in args.seg:
        name, _, value = item.partition("=")
        seg = replace(seg, **{name: type(getattr(seg, name))(float(value))})
        print(f"segmenter: {name} = {getattr(seg, name)}")
    for item in args.pitch:
        name, _, value = item.partition("=")
        seg = replace(seg, pitch=replace(seg.pitch, **{name: type(getattr(seg.pitch, name))(float(value))}))
        print(f"pitch: {name} = {getattr(seg.pitch, name)}")
    for item in args.seat:
        name, _, value = item.partition("=")
        seg = replace(seg, seats=replace(seg.seats, **{name: type(getattr(seg.seats, name))(float(value))}))
        print(f"seats: {name} = {getattr(seg.seats, name)}")
    cfg = HearingConfig(speech_check=not args.no_speech_check, segmenter=seg)
    lacking = voices.missing()
    if lacking:
        print(f"missing for the room benchmark: {', '.join(lacking)} (bash scripts/setup.sh --test)")
        return 1
    sets = {"tuning": TUNING, "held-out": HELD_OUT, "fresh": FRESH, **SPENT}
    chosen = ["tuning", "held-out"] if args.set == "both" else [args.set]
    audio_s = work_s = cpu_s = 0.0
    for name in chosen:
        specs = sets[name][: args.rooms] if args.rooms else sets[name]
        a, w, c = run_set(name, specs, args.live, args.verbose, cfg)
        audio_s, work_s, cpu_s = audio_s + a, work_s + w, cpu_s + c
    load = os.getloadavg()
    print(f"\nspeed: {audio_s / work_s:.1f}× real time for 4 channels, {audio_s / cpu_s:.1f}× in this process's CPU time "
          f"(one process; load average {load[0]:.1f} on {os.cpu_count()} cores), peak RSS {peak_rss_mb():.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
