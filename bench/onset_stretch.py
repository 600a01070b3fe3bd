"""What the own channel holds between a late onset's truth and where it was placed (an oracle). Prints only.

    .venv/bin/python bench/onset_stretch.py [--rooms N] [--late-ms 40] [--set tuning|held-out] [--verbose]

The room's script is drawn again from its seed (``rooms.table``'s own steps) and each
late racer's own clip is convolved with the room's response from his mouth to his own
microphone: the *own* part of his channel; the rest (every other source, the room's
tail, the background) is the channel less that part (the render's scale fitted on the
racer's shout). Over the stretch from the truth to the placed onset, on 5 ms frames:

* ``own``: the own part's power over the channel's noise floor (dB, median of the stretch);
* ``sir``: the own part over the rest (dB, median);
* whether a rival's dry clip still sounds in the stretch (``rival on``) or has ended
  (its reverberant ``tail`` only).

Each late onset is put in one kind: ``under a rival`` (the rest louder than the own
part, a rival's clip sounding), ``a rival's tail`` (the rest louder, no rival's clip
sounding), ``weak own start`` (the own part over the rest but under 12 dB over the
floor for most of the stretch: a weak first consonant or fade-in), ``own clear`` (the
own part over the rest and over 12 dB: evidence the detector did not use).
Also a voiceprint test (``--voiceprint``): each racer's and each rival's log-mel envelope on the
own microphone, learnt on their lone shouts (from the truth), and the per-frame log-likelihood
ratio own / rival in the 100 ms before the truth and in the stretch.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
from probe_args import ROOT  # noqa: E402,F401 - puts the project and bench/ on sys.path

import numpy as np  # noqa: E402
from rooms import voices  # noqa: E402
from rooms.score import HELD_OUT, TUNING, match  # noqa: E402
from rooms.table import _convolve, _geometry, _rirs, _script, _voices, build_room  # noqa: E402

from bench_hearing_rooms import detect_file  # noqa: E402
from voice_scribe.audio.frames import frame_power, noise_floor  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig  # noqa: E402

RATE = voices.RATE
FRAME = 80


def envelope(audio: np.ndarray, rate: int, frame: int) -> np.ndarray:
    """``(frames, channels, 24)``: each 5 ms frame's log-mel envelope (100 Hz-6 kHz) over a 32 ms
    window ending on the frame, its mean over bands removed (its shape, not its loudness)."""
    n = int(0.032 * rate)
    freqs = np.fft.rfftfreq(n, 1 / rate)
    mel = lambda f: 2595.0 * np.log10(1.0 + f / 700.0)  # noqa: E731
    edges = 700.0 * (10 ** (np.linspace(mel(100.0), mel(6000.0), 26) / 2595.0) - 1)
    m = np.stack([np.clip(np.minimum((freqs - edges[k]) / (edges[k + 1] - edges[k]),
                                     (edges[k + 2] - freqs) / (edges[k + 2] - edges[k + 1])), 0, None) for k in range(24)])
    out = []
    for start in range(0, len(audio) // frame, 4000):  # in blocks: the windows of 150 s at once are large
        idx = np.arange(start, min(start + 4000, len(audio) // frame))
        s = np.clip((idx + 1) * frame - n, 0, len(audio) - n)
        x = audio[s[:, None] + np.arange(n)[None, :]].astype(np.float64) * np.hanning(n)[None, :, None]
        logm = 10 * np.log10(np.einsum("kb,fbc->fck", m, np.abs(np.fft.rfft(x, axis=1)) ** 2) + 1e-12)
        out.append(logm - logm.mean(axis=2, keepdims=True))
    return np.concatenate(out)


def _db(x: np.ndarray | float, ref: float) -> np.ndarray:
    return 10 * np.log10(np.maximum(np.asarray(x, float), 1e-20) / max(ref, 1e-20))


def _events(spec):
    rng = np.random.default_rng(spec.seed)
    geo = _geometry(spec, rng)
    rirs, _ = _rirs(spec, geo)
    players = _voices(spec, rng)
    return rirs, players, _script(spec, players, rng)


def _dry(players, ev) -> np.ndarray:
    x = voices.clip(players[ev.source], ev.sound)
    return x * (0.05 * 10 ** (ev.gain_db / 20) / (np.sqrt((x**2).mean()) + 1e-9))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rooms", type=int, default=0)
    ap.add_argument("--late-ms", type=float, default=40.0)
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--voiceprint", action="store_true")
    args = ap.parse_args()
    specs = (TUNING if args.set == "tuning" else HELD_OUT)[: args.rooms or None]
    kinds: Counter = Counter()
    llr_before, llr_stretch = [], []
    reach: dict[float, list[float]] = {0.0: [], -6.0: [], -10.0: []}
    lates: list[float] = []
    sirs: list[float] = []
    for spec in specs:
        table = build_room(spec)
        dets = detect_file(table, HearingConfig())
        rirs, players, events = _events(spec)
        shout_ev = [e for e in events if e.source >= 0]
        power = frame_power(table.audio, FRAME)
        noise = noise_floor(power)
        env = envelope(table.audio, RATE, FRAME) if args.voiceprint else None
        for s, d in zip(table.shouts, match(table.shouts, dets), strict=True):
            if d is None or d.channel != s.player or d.start - s.t <= args.late_ms / 1000:
                continue
            c = s.player
            ev = min((e for e in shout_ev if e.source == c and e.sound == s.text), key=lambda e: abs(e.start - s.t))
            x = _dry(players, ev)
            y = _convolve(x, rirs[c][c])
            at = int(round(ev.start * RATE))
            a, b = int(s.t * RATE) - 4000, min(len(table.audio), at + len(y))
            own = np.zeros(b - a, np.float32)
            own[max(0, at - a) : max(0, at - a) + len(y)] = y[: b - max(a, at)]
            obs = table.audio[a:b, c]
            k = float(obs @ own / max(float(own @ own), 1e-12))
            own *= k
            rest = obs - own
            po, pr = frame_power(own[:, None], FRAME)[:, 0], frame_power(rest[:, None], FRAME)[:, 0]
            i0, i1 = int((s.t * RATE - a) / FRAME), max(int((d.start * RATE - a) / FRAME), int((s.t * RATE - a) / FRAME) + 1)
            own_db = float(np.median(_db(po[i0:i1], noise[c])))
            strong = float(np.mean(_db(po[i0:i1], noise[c]) >= 12))
            sir = float(np.median(_db(po[i0:i1], 1.0) - _db(pr[i0:i1], 1.0)))
            t0, t1 = s.t, d.start
            on = [e for e in shout_ev if e.source != c and e.start < t1
                  and e.start + len(voices.clip(players[e.source], e.sound)) / RATE > t0]
            if sir < 0:
                kind = "under a rival" if on else "a rival's tail"
            else:
                kind = "own clear" if strong >= 0.5 else "weak own start"
            kinds[kind] += 1
            sm = np.convolve(_db(po, 1.0) - _db(pr, 1.0), np.ones(3) / 3, mode="same")
            for lvl in (0.0, -6.0, -10.0):
                hit = np.flatnonzero(sm[i0:] >= lvl)
                reach[lvl].append(5.0 * hit[0] if len(hit) else 1e9)
            lates.append(1000 * (d.start - s.t))
            sirs.append(sir)
            line = (f"room {spec.seed} p{c} «{s.text}» {s.t:.3f} late {1000 * (d.start - s.t):.0f} ms: own {own_db:+.0f} dB"
                    f" (>=12 dB {100 * strong:.0f} %), sir {sir:+.1f} dB, rivals sounding {[e.source for e in on]} -> {kind}")
            if env is not None and on:
                rival = on[0].source
                lone = [(t.t, t.end) for t in table.shouts
                        if not any(u is not t and u.t < t.end and t.t < u.end for u in table.shouts)]
                own_f = [f for t in table.shouts if t.player == c and (t.t, t.end) in lone
                         for f in range(int(t.t * RATE / FRAME) + 4, int(t.end * RATE / FRAME) - 4)]
                riv_f = [f for t in table.shouts if t.player == rival and (t.t, t.end) in lone
                         for f in range(int(t.t * RATE / FRAME) + 4, int(t.end * RATE / FRAME) - 4)]
                if len(own_f) > 50 and len(riv_f) > 50:
                    def gauss(fs):
                        e = env[fs, c]
                        return e.mean(0), e.var(0) + 1e-2
                    (mo, vo), (mr, vr) = gauss(own_f), gauss(riv_f)
                    def llr(fs):
                        e = env[fs, c]
                        return (-0.5 * (((e - mo) ** 2) / vo + np.log(vo)).sum(1)
                                + 0.5 * (((e - mr) ** 2) / vr + np.log(vr)).sum(1))
                    ti, pi = int(s.t * RATE / FRAME), int(d.start * RATE / FRAME)
                    before = llr(list(range(ti - 20, ti)))
                    stretch = llr(list(range(ti, max(pi, ti + 1))))
                    llr_before.append(float(np.median(before)))
                    llr_stretch.append(float(np.median(stretch)))
                    line += f" | llr before {np.median(before):+.0f}, stretch {np.median(stretch):+.0f}, after {np.median(llr(list(range(pi, pi + 10)))):+.0f}"
            if args.verbose:
                print(line)
    print(f"\n{sum(kinds.values())} late onsets ({args.set}, {len(specs)} rooms): "
          + ", ".join(f"{k} {v}" for k, v in kinds.most_common()))
    sr = np.array(sirs)
    print("median own/rest over the stretch: >= 0 dB %d, -6..0 %d, -12..-6 %d, < -12 dB %d" % (
        (sr >= 0).sum(), ((sr < 0) & (sr >= -6)).sum(), ((sr < -6) & (sr >= -12)).sum(), (sr < -12).sum()))
    for lvl, r in reach.items():
        r = np.array(r)
        print(f"own/rest first reaches {lvl:+.0f} dB (15 ms mean) after the truth: median {np.median(r):.0f} ms;"
              f" within 40 ms for {int((r <= 40).sum())} of {len(r)}")
    if llr_before:
        b, s = np.array(llr_before), np.array(llr_stretch)
        print(f"voiceprint llr (own/rival, median per racer): before the truth {np.median(b):+.1f}, in the stretch "
              f"{np.median(s):+.1f}; stretch over before in {int((s > b).sum())} of {len(b)}, stretch > 0 in "
              f"{int((s > 0).sum())}, before < 0 in {int((b < 0).sum())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
