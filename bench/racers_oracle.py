"""Racers placed early and racers missed, studied with the room's own sources (an oracle). Prints only.

    .venv/bin/python bench/racers_oracle.py [--rooms N] [--set tuning|held-out] [--early-ms 20] [--no-variants]

The sibling of ``bench/onset_stretch.py`` (late onsets). The room's script is drawn again from
its seed and every source is rendered again onto the racer's own microphone: his own clip, each
rival's clip, each die (the dice draw the same random numbers as the render, in the same order);
what is left of the channel is the background and the hiss. All are scaled by the render's
scale, fitted on the racer's own part.

*Early* (a racer heard on his own microphone more than ``--early-ms`` before his truth): over the
first 20 ms after the placed onset (what opened the segment), the loudest part of the channel:
``rival voice`` (a rival's dry clip sounding there, through the room: a leak copy), ``rival tail``
(a rival whose clip has ended: his reverberant tail), ``die``, ``background``; and its level over
the own channel's floor. Also which onset stage, turned off alone, puts him back within
``--early-ms``: the own-power walk, the hiss walk, the seat walk, the rejoin of a cut shout, the
bridge rule, the seat split (else ``the burst``: the segment itself opened there).

*Missed* (a racer not heard on his own microphone): over his first 300 ms, his own part's level
over the floor and over the rest (medians), whether a segment of his channel covers his truth
(swallowed into another), and which rule, turned off (or eased) alone, finds him: the speech
check, the leak subtraction's margin, the own power kept where the seat responds 0.06, the
copy drop, the bridge rule, the burst's seat test (``seat_off``), the minimum length.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import numpy as np  # noqa: E402
from rooms import noises, voices  # noqa: E402
from rooms.score import HELD_OUT, TUNING, match  # noqa: E402
from rooms.table import _convolve, _geometry, _rirs, _script, _voices, build_room  # noqa: E402

from bench_hearing_rooms import detect_file  # noqa: E402
from onset_stretch import _db, _dry  # noqa: E402
from voice_scribe.audio.frames import SegmenterConfig, frame_power, noise_floor  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig  # noqa: E402

RATE = voices.RATE
FRAME = 80
SEG = SegmenterConfig()
EARLY_VARIANTS = {
    "own walk": {"own_back_ms": 0.0},
    "hiss walk": {"hiss_back_ms": 0.0},
    "seat walk": {"seat_back_ms": 0.0},
    "rejoin": {"rejoin_ms": 0.0},
    "bridge": {"bridge_seat_max": 0.0},
    "seat split": {"seat_split_ms": 0.0},
}
MISSED_VARIANTS = {
    "speech check": None,
    "leak margin 0 dB": {"crosstalk_margin_db": 0.0},
    "own under seat 0.06": {"seat_own": 0.06},
    "copy drop": {"copy_seat_max": 0.0},
    "bridge": {"bridge_seat_max": 0.0},
    "burst seat test": {"seat_off": 0.0},
    "min length 10 ms": {"min_speech_ms": 10.0, "onset_min_ms": 10.0},
}


def _sources(spec) -> tuple[list, list, list[tuple[object, np.ndarray]]]:
    """The room's responses, its players and every scripted event with its dry signal (dice drawn
    with the render's own random numbers)."""
    rng = np.random.default_rng(spec.seed)
    geo = _geometry(spec, rng)
    rirs, _ = _rirs(spec, geo)
    players = _voices(spec, rng)
    events = _script(spec, players, rng)
    out = []
    for ev in events:
        if ev.source >= 0:
            out.append((ev, _dry(players, ev)))
        else:
            x = noises.roll(rng) if ev.sound == "roll" else noises.knock(rng)
            out.append((ev, x * 0.5 * 10 ** (ev.gain_db / 20)))
    return rirs, players, out


def _part(x: np.ndarray, h: np.ndarray, at: int, a: int, b: int) -> np.ndarray:
    """``x`` through ``h`` started at sample ``at``, over samples ``a:b`` of the room."""
    out = np.zeros(b - a, np.float32)
    if at >= b or at + len(x) + len(h) <= a:
        return out
    y = _convolve(x, h)
    lo, hi = max(a, at), min(b, at + len(y))
    if hi > lo:
        out[lo - a : hi - a] = y[lo - at : hi - at]
    return out


def _parts(spec, table, rirs, evs, c: int, own_ev, a: int, b: int) -> tuple[np.ndarray, dict[str, np.ndarray], float]:
    """The own part, every other source's part on microphone ``c`` over ``a:b`` (scaled), the scale."""
    x = dict((id(e), s) for e, s in evs)[id(own_ev)]
    own = _part(x, rirs[c][c], int(round(own_ev.start * RATE)), a, b)
    obs = table.audio[a:b, c]
    k = float(obs @ own / max(float(own @ own), 1e-12))
    others: dict[str, np.ndarray] = {}
    for ev, s in evs:
        if ev is own_ev:
            continue
        at = int(round(ev.start * RATE))
        if at > b or at + len(s) + 30000 < a:
            continue
        src = ev.source if ev.source >= 0 else spec.players + (-1 - ev.source)
        p = _part(s, rirs[c][src], at, a, b) * k
        if np.any(p):
            name = f"p{ev.source} {ev.sound} @{ev.start:.2f}" if ev.source >= 0 else f"die {ev.sound} @{ev.start:.2f}"
            others[name] = p
    return own * k, others, k


def _found(table, dets, k: int) -> bool:
    d = match(table.shouts, dets)[k]
    return d is not None and d.channel == table.shouts[k].player


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rooms", type=int, default=0)
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--early-ms", type=float, default=20.0)
    ap.add_argument("--all-shouts", action="store_true", help="every shout, not only the racers")
    ap.add_argument("--no-variants", action="store_true", help="no stage / rule variants (faster)")
    args = ap.parse_args()
    specs = (TUNING if args.set == "tuning" else HELD_OUT)[: args.rooms or None]
    early_kinds: Counter = Counter()
    early_stage: Counter = Counter()
    missed_kinds: Counter = Counter()
    missed_rule: Counter = Counter()
    for spec in specs:
        table = build_room(spec)
        dets = detect_file(table, HearingConfig())
        matched = match(table.shouts, dets)
        power = frame_power(table.audio, FRAME)
        noise = noise_floor(power)
        rirs, players, evs = _sources(spec)
        shout_evs = [(e, s) for e, s in evs if e.source >= 0]
        early, missed = [], []
        for k, (s, d) in enumerate(zip(table.shouts, matched, strict=True)):
            if s.race is None and not args.all_shouts:
                continue
            if d is None or d.channel != s.player:
                missed.append(k)
            elif d.start - s.t < -args.early_ms / 1000:
                early.append(k)
        variants: dict[str, list] = {}
        if not args.no_variants:
            if early:
                for name, change in EARLY_VARIANTS.items():
                    variants[name] = detect_file(table, HearingConfig(segmenter=replace(SEG, **change)))
            if missed:
                for name, change in MISSED_VARIANTS.items():
                    cfg = HearingConfig(speech_check=False) if change is None else HearingConfig(segmenter=replace(SEG, **change))
                    variants[name] = detect_file(table, cfg)
        for k in early + missed:
            s, d = table.shouts[k], matched[k]
            c = s.player
            own_ev = min((e for e, _ in shout_evs if e.source == c and e.sound == s.text), key=lambda e: abs(e.start - s.t))
            start = d.start if k in early else s.t
            a, b = int(start * RATE) - 1600, int((s.t + 0.4) * RATE)
            own, others, _ = _parts(spec, table, rirs, evs, c, own_ev, a, b)
            obs = table.audio[a:b, c]
            known = own + sum(others.values()) if others else own
            bg = obs - known
            pw = lambda x: frame_power(x[:, None], FRAME)[:, 0]  # noqa: E731
            i_start = int((start * RATE - a) / FRAME)
            i_truth = int((s.t * RATE - a) / FRAME)
            if k in early:
                w = slice(i_start, i_start + 4)
                levels = {"background": float(pw(bg)[w].mean())}
                for name, p in others.items():
                    levels[name] = float(pw(p)[w].mean())
                top = max(levels, key=levels.get)
                if top.startswith("p"):
                    ev = next(e for e, _ in shout_evs if f"p{e.source} {e.sound} @{e.start:.2f}" == top)
                    clip_end = ev.start + len(dict((id(e), x) for e, x in evs)[id(ev)]) / RATE
                    kind = "rival voice (a leak copy)" if start < clip_end + 0.01 else "rival tail"
                elif top.startswith("die"):
                    kind = "die"
                else:
                    kind = "background"
                own_db = float(_db(pw(own)[w].mean(), noise[c]))
                top_db = float(_db(levels[top], noise[c]))
                # the microphones: is the opener louder on the rival's own microphone (a copy)?
                i0 = int(start * RATE / FRAME)
                mics = power[i0 : i0 + 4].mean(axis=0)
                louder = [m for m in range(len(mics)) if m != c and mics[m] > mics[c]]
                stage = "the burst"
                for name in EARLY_VARIANTS:
                    if name in variants and _found(table, variants[name], k):
                        e2 = match(table.shouts, variants[name])[k].start - s.t  # type: ignore[union-attr]
                        if e2 >= -args.early_ms / 1000:
                            stage = name
                            break
                early_kinds[kind] += 1
                early_stage[stage] += 1
                print(f"  early room {spec.seed} p{c} «{s.text}» {s.t:.3f} {1000 * (d.start - s.t):+.0f} ms: opened by {top} "
                      f"({top_db:+.0f} dB over floor; own part {own_db:+.0f} dB, background {float(_db(levels['background'], noise[c])):+.0f} dB) -> {kind}; mics louder {louder}; stage: {stage}")
            else:
                w = slice(i_truth, i_truth + 60)
                po, pr = pw(own)[w], pw(obs - own)[w]
                own_db = float(np.median(_db(po, noise[c])))
                sir = float(np.median(_db(po, 1.0) - _db(pr, 1.0)))
                over = float(np.mean(_db(po, 1.0) > _db(pr, 1.0)))
                cover = [x for x in dets if x.channel == c and x.start < s.t and x.end > s.t]
                why = "swallowed" if cover else ("wrong mic" if d is not None else "not heard")
                if why == "not heard":
                    why += ", own over rest" if sir >= 0 else ", under a rival"
                rules = [n for n in MISSED_VARIANTS if n in variants and _found(table, variants[n], k)]
                missed_kinds[why] += 1
                missed_rule[rules[0] if rules else "none"] += 1
                print(f"  missed room {spec.seed} p{c} «{s.text}» {s.t:.3f}: own {own_db:+.0f} dB over floor, own/rest "
                      f"{sir:+.1f} dB (own over rest {100 * over:.0f} % of frames) -> {why}; found with: {rules or '-'}")
    print(f"\n{args.set} ({len(specs)} rooms), racers early < -{args.early_ms:.0f} ms: "
          + ", ".join(f"{k} {v}" for k, v in early_kinds.most_common()))
    print("  stage that, off alone, mends them: " + ", ".join(f"{k} {v}" for k, v in early_stage.most_common()))
    print("racers missed: " + ", ".join(f"{k} {v}" for k, v in missed_kinds.most_common()))
    print("  first rule that, off alone, finds them: " + ", ".join(f"{k} {v}" for k, v in missed_rule.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
