"""The live path against the file path on the same rooms, shout by shout. Prints only.

    .venv/bin/python bench/live_vs_file.py [--set tuning|held-out] [--rooms N] [--list] [--why]

Per RT60 band, both paths' figures (as ``bench_hearing_rooms.py`` prints them, and
``--live``), the live path's emission latency (a shout's onset to the moment
``StreamingHearing.push`` hands it over, p50 / p95) and the shouts where the two
differ: found by one path only, on another microphone, or an onset more than
20 ms apart. ``--list`` prints each of them; ``--why`` replays the live look
that emitted (or last saw) the shout with one thing changed, to say what
makes it differ:

* ``leak``: the look's window segmented with the crosstalk model the file
  path learns on the whole room gives the file path's segment (``seats``:
  the file path's seat fingerprints alone do it; ``crosstalk``: its gains and
  direct paths alone; ``both``: neither alone);
* ``window``: the same model as the live look, but the whole past of the
  room (up to the look) segmented instead of the look's window, gives it (the
  window's noise floor, its seat stage, its left edge);
* ``speech check``: the file path's segment is the one the speech check moved
  (a die's head before the shout: ``Segment.seat_rise``) and the live one is
  its unmoved onset;
* ``emission``: the look's own segments hold the file path's one, but what was
  emitted differs (held, joined, emitted at another look, or dropped as
  emitted already);
* ``other``: none of these alone.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from probe_args import ROOT, first_rooms, live_settings  # noqa: E402 - puts the project and bench/ on sys.path

import numpy as np  # noqa: E402
from rooms import voices  # noqa: E402
from rooms.score import BANDS, Detection, Figures, band_of, match, score  # noqa: E402
from rooms.table import RoomTable, TrueShout, build_room  # noqa: E402

from voice_scribe.audio.segment import LeakModel, Segment, learn_leak, segment_audio  # noqa: E402
from voice_scribe.audio.sources import Frame  # noqa: E402
from voice_scribe.audio.vad import SpeechCheck, keep_speech  # noqa: E402
from voice_scribe.speech.stream import StreamingHearing, shifted  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig, hear  # noqa: E402

BLOCK = 800  # 50 ms frames, as bench_hearing_rooms.py --live
APART_S = 0.020


@dataclass
class Look:
    """One live look: its window (session samples) and the crosstalk model it segmented with."""

    first: int
    count: int
    leak: LeakModel | None
    now: float


@dataclass
class LiveRun:
    dets: list[Detection] = field(default_factory=list)
    latency: list[float] = field(default_factory=list)  # onset → handed over (s)
    looks: list[Look] = field(default_factory=list)
    emitted_at: list[int] = field(default_factory=list)  # each detection's look


class LoggedHearing(StreamingHearing):
    """The live hearing, each look's window and crosstalk model kept (for ``--why``).

    ``part``/``given``: one part of each model it learns (``seats``, or ``crosstalk``: gains
    and direct paths) replaced by the given model's, to measure what that part alone does.
    """

    log: list[Look]
    part: str = ""
    given: LeakModel | None = None

    def _learn(self) -> LeakModel | None:
        leak = super()._learn()
        if leak is None or self.given is None or not self.part:
            return leak
        if self.part == "seats":
            leak = replace(leak, seats=self.given.seats)
        else:
            leak = replace(leak, paths=self.given.paths, gains=self.given.gains, support=self.given.support)
        self._leak = leak
        return leak

    def _analyse(self, final: bool):  # type: ignore[no-untyped-def]
        audio, first = self._window()
        out = super()._analyse(final)
        self.log.append(Look(first, len(audio), self._leak, self.now))
        return out


def run_live(table: RoomTable, cfg: HearingConfig, part: str = "", **settings: object) -> LiveRun:
    live = LoggedHearing(channels=table.audio.shape[1], cfg=cfg, **settings)
    live.log = []
    if part:
        live.part, live.given = part, learn_leak(table.audio, voices.RATE, cfg.segmenter)
    run = LiveRun(looks=live.log)
    for i in range(0, len(table.audio), BLOCK):
        for u in live.push(Frame(i, voices.RATE, table.audio[i : i + BLOCK])):
            run.dets.append(Detection(u.channel or 0, u.t, u.end or u.t, u.ambiguous))
            run.latency.append(live.now - u.t)
            run.emitted_at.append(len(live.log) - 1)
    for u in live.flush():
        run.dets.append(Detection(u.channel or 0, u.t, u.end or u.t, u.ambiguous))
        run.emitted_at.append(len(live.log) - 1)
    return run


def run_file(table: RoomTable, cfg: HearingConfig, cache: Path | None = None) -> list[Detection]:
    """The file path's detections; kept in ``cache`` (a folder) under the room and the code's digest."""
    path = None
    if cache is not None:
        code = b"".join(p.read_bytes() for p in sorted((ROOT / "voice_scribe" / "audio").rglob("*.py")))
        code += (ROOT / "voice_scribe" / "speech" / "transcribe.py").read_bytes()
        path = cache / f"file-{table.spec.seed}-{hashlib.sha1(code).hexdigest()[:12]}.json"
        if path.exists():
            return [Detection(*d) for d in json.loads(path.read_text())]
    dets = [Detection(u.channel or 0, u.t, u.end or u.t, u.ambiguous) for u in hear(table.audio, None, cfg=cfg)]
    if path is not None:
        cache.mkdir(parents=True, exist_ok=True)  # type: ignore[union-attr]
        path.write_text(json.dumps([[d.channel, d.start, d.end, d.ambiguous] for d in dets]))
    return dets


@dataclass(frozen=True)
class Difference:
    room: int
    shout: TrueShout
    file: Detection | None
    live: Detection | None

    @property
    def kind(self) -> str:
        f, v, p = self.file, self.live, self.shout.player
        if (f is None or f.channel != p) and v is not None and v.channel == p:
            return "live only"
        if (v is None or v.channel != p) and f is not None and f.channel == p:
            return "file only"
        if f is not None and v is not None and f.channel != v.channel:
            return "other mic"
        return "onset apart"

    def line(self) -> str:
        def show(d: Detection | None) -> str:
            return "—" if d is None else f"ch{d.channel} {1000 * (d.start - self.shout.t):+6.0f} ms, end {d.end:7.2f}"

        return (f"room {self.room:3d} {self.shout.t:7.2f} s p{self.shout.player} «{self.shout.text}»: "
                f"file {show(self.file)} | live {show(self.live)}")


def differences(table: RoomTable, file: list[Detection], live: list[Detection]) -> list[Difference]:
    out = []
    for s, f, v in zip(table.shouts, match(table.shouts, file), match(table.shouts, live), strict=True):
        own_f = f is not None and f.channel == s.player
        own_v = v is not None and v.channel == s.player
        if not own_f and not own_v:
            continue  # neither heard it on its own microphone: the same failure
        if own_f != own_v or abs(f.start - v.start) > APART_S:  # type: ignore[union-attr]
            out.append(Difference(table.spec.seed, s, f, v))
    return out


def _near(segs: list[Segment], d: Detection) -> Segment | None:
    same = [s for s in segs if s.channel == d.channel and abs(s.start - d.start) < 0.25]
    return min(same, key=lambda s: abs(s.start - d.start)) if same else None


def _gives(segs: list[Segment], d: Detection | None) -> bool:
    """Do ``segs`` hold the detection ``d`` (the file path's), within 20 ms?"""
    if d is None:
        return not segs
    s = _near(segs, d)
    return s is not None and abs(s.start - d.start) <= APART_S


def _look_of(run: LiveRun, diff: Difference) -> Look | None:
    """The look that emitted the live detection, or the last look that could have seen the shout."""
    if diff.live is not None:
        for d, k in zip(run.dets, run.emitted_at, strict=True):
            if d is diff.live:
                return run.looks[k]
    t = diff.shout.t
    after = [lk for lk in run.looks if lk.now > t + 1.0 and lk.first / voices.RATE < t - 0.3]
    return after[-1] if after else None


@dataclass
class Why:
    table: RoomTable
    cfg: HearingConfig
    check: SpeechCheck | None
    _file_leak: LeakModel | None = None
    _raw: list[Segment] | None = None

    def file_leak(self) -> LeakModel:
        if self._file_leak is None:
            self._file_leak = learn_leak(self.table.audio, voices.RATE, self.cfg.segmenter)
        return self._file_leak

    def raw(self) -> list[Segment]:
        """The file path's segments before the speech check."""
        if self._raw is None:
            self._raw = segment_audio(self.table.audio, voices.RATE, self.cfg.segmenter)
        return self._raw

    def segments(self, first: int, count: int, leak: LeakModel | None) -> list[Segment]:
        audio = self.table.audio[first : first + count]
        t0 = first / voices.RATE
        segs = segment_audio(audio, voices.RATE, self.cfg.segmenter, leak)
        segs = [shifted(s, t0) for s in segs]
        return keep_speech(segs, audio, voices.RATE, self.check, offset=first)

    def reason(self, run: LiveRun, diff: Difference) -> str:
        f = diff.file
        if f is not None and diff.live is not None and f.channel == diff.live.channel:
            raw = _near(self.raw(), f)
            if raw is not None and raw.seat_rise is not None and abs(raw.start - diff.live.start) <= APART_S:
                return "speech check"
        look = _look_of(run, diff)
        if look is None:
            return "other"
        mine = self.segments(look.first, look.count, look.leak)
        if _gives(mine, f) and not _gives(mine, diff.live):
            return "emission"
        if _gives(self.segments(look.first, look.count, self.file_leak()), f):
            if look.leak is not None and _gives(self.segments(look.first, look.count,
                                                              replace(look.leak, seats=self.file_leak().seats)), f):
                return "leak: seats"
            if look.leak is not None and _gives(self.segments(look.first, look.count,
                                                              replace(self.file_leak(), seats=look.leak.seats)), f):
                return "leak: crosstalk"
            return "leak: both"
        start = max(0, look.first + look.count - 60 * voices.RATE)
        if _gives(self.segments(start, look.first + look.count - start, look.leak), f):
            return "window"
        return "other"


def latency_line(latency: list[float]) -> str:
    if not latency:
        return "no shout emitted"
    ms = 1000 * np.array(latency)
    return f"onset → handed over p50 {np.percentile(ms, 50):4.0f} / p95 {np.percentile(ms, 95):4.0f} ms"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--rooms", type=int, default=0, help="only the first N rooms (0: all)")
    ap.add_argument("--list", action="store_true", help="each differing shout")
    ap.add_argument("--why", action="store_true", help="what makes each one differ (replays the live looks)")
    ap.add_argument("--file-cache", type=Path, default=None,
                    help="a folder where the file path's detections are kept between runs (same code, same room)")
    ap.add_argument("--oracle-leak", action="store_true",
                    help="give the live path the crosstalk model the file path learns on the whole room (not causal: "
                         "to measure how much of the difference is that model)")
    ap.add_argument("--oracle-part", choices=("seats", "crosstalk"), default="",
                    help="as --oracle-leak for one part of the model only, the live path learning the rest")
    ap.add_argument("--live-set", action="append", default=[], metavar="NAME=VALUE",
                    help="a StreamingHearing setting (a number), to measure a variant of the live path")
    args = ap.parse_args()
    settings = live_settings(args.live_set, echo=True)
    lacking = voices.missing()
    if lacking:
        print(f"missing for the room benchmark: {', '.join(lacking)} (bash scripts/setup.sh --test)")
        return 1
    specs = first_rooms(args.set, args.rooms)
    cfg = HearingConfig()
    check = SpeechCheck.load() if cfg.speech_check else None
    per_band: dict[tuple[float, float], tuple[Figures, Figures, list[float], dict[str, int], dict[str, int]]] = {
        b: (Figures(), Figures(), [], {}, {}) for b in BANDS}
    audio_s = cpu_s = 0.0
    looks = 0
    for spec in specs:
        table = build_room(spec)
        file = run_file(table, cfg, args.file_cache)
        cpu = time.process_time()
        given = dict(settings)
        if args.oracle_leak:  # the file path's crosstalk model from the start, never learnt again
            given.update(leak=learn_leak(table.audio, voices.RATE, cfg.segmenter), learn_every_s=1e9)
        run = run_live(table, cfg, args.oracle_part, **given)
        cpu_s += time.process_time() - cpu
        audio_s += table.duration
        looks += len(run.looks)
        ff, fl, lat, kinds, reasons = per_band[band_of(spec)]
        ff.add(score(table, file))
        fl.add(score(table, run.dets))
        lat += run.latency
        why = Why(table, cfg, check) if args.why else None
        for diff in differences(table, file, run.dets):
            kinds[diff.kind] = kinds.get(diff.kind, 0) + 1
            reason = why.reason(run, diff) if why is not None else ""
            if reason:
                reasons[reason] = reasons.get(reason, 0) + 1
            if args.list:
                print(f"  {diff.kind:11s} {diff.line()}{'  ← ' + reason if reason else ''}", flush=True)
    all_f, all_l, all_lat, all_k, all_r = Figures(), Figures(), [], {}, {}
    for (lo, hi), (ff, fl, lat, kinds, reasons) in per_band.items():
        if not ff.shouts:
            continue
        print(f"RT60 {lo:.2f}-{hi:.2f} s\n  file {ff.line()}\n  live {fl.line()}\n  live {latency_line(lat)}")
        print(f"  differ: {kinds or 'none'}" + (f"; why: {reasons}" if reasons else ""))
        all_f.add(ff)
        all_l.add(fl)
        all_lat += lat
        for src, dst in ((kinds, all_k), (reasons, all_r)):
            for k, n in src.items():
                dst[k] = dst.get(k, 0) + n
    print(f"all bands\n  file {all_f.line()}\n  live {all_l.line()}\n  live {latency_line(all_lat)}")
    print(f"  differ: {all_k or 'none'}" + (f"; why: {all_r}" if all_r else ""))
    print(f"live path: {audio_s / cpu_s:.1f}× real time in this process's CPU time (4 channels, one BLAS thread), "
          f"{looks / audio_s:.2f} looks per second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
