"""Latency of the scribe's voice: engine events in, first sound (``on_start``) out.

Measures the scribe's own share of the delay between the end of a player's
utterance and the start of the spoken verdict, recognition excluded: from the
moment an Event list is handed over to the phrasebook until the speaker's
``on_start`` hook fires (phrasebook + queue hand-off + the engine starting the
utterance). Messages are sent one at a time (each waits for the previous one
to finish), so no message waits behind another one's speech.

    .venv/bin/python bench/bench_latency.py              # file mode (no sound card needed)
    .venv/bin/python bench/bench_latency.py --playback   # through the sound card (aplay)

In file mode ``on_start`` fires when espeak-ng starts the utterance; in
playback mode it fires when ``aplay`` starts, i.e. after the whole utterance
has been synthesized (espeak-ng: ~1–3 ms per second of speech here).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from voice_scribe.engine.dice import Throw  # noqa: E402
from voice_scribe.engine.events import Event, EventKind, Reason  # noqa: E402
from voice_scribe.voice.phrasebook import Phrasebook  # noqa: E402
from voice_scribe.voice.speaker import Speaker, SpeechError, Ticket, playback_problem  # noqa: E402

PLAYERS = ("Karadoc", "Perceval", "Léodagan", "Bohort", "Dame Séli", "Merlin")
TARGET_P95_MS = 150.0


def random_decision(rng: random.Random) -> list[Event]:
    """One decision as the engine would emit it (events.py types only)."""
    player = rng.choice(PLAYERS)
    score = rng.randint(-120, 340)
    choice = rng.randrange(7)
    if choice <= 2:  # a throw and its points
        faces = tuple(rng.randint(1, 6) for _ in range(3))
        combo = Throw.of(faces).combination
        events = [Event(EventKind.THROW, player, data={
            "dice": list(faces), "combination": combo.kind.value, "face": combo.face,
            "points": combo.points, "figure": combo.figure.value if combo.figure else None})]
        if combo.points:
            events.append(Event(EventKind.SCORE, player, combo.points, reason=combo.kind.value,
                                data={"score": score + combo.points}))
        elif combo.kind.value == "neant":
            events.append(Event(EventKind.HOLDING, player, reason=Reason.GRELOTTINE.value, data={"gained": True}))
        return events
    if choice == 3:
        cause = rng.choice([Reason.OUT_OF_TURN, Reason.WRONG_CALL, Reason.SIROP_SILENT, Reason.DECLARED])
        return [Event(EventKind.BEVUE, player, reason=cause.value),
                Event(EventKind.SCORE, player, -5, reason=Reason.BEVUE.value, data={"score": score - 5})]
    if choice == 4:
        others = rng.sample(PLAYERS, 2)
        return [Event(EventKind.SCORE, p, -72, reason=Reason.CHOUETTE_VELUTE_TIE.value, data={"score": score})
                for p in others]
    if choice == 5:
        return [Event(EventKind.TURN, player, data={"round": rng.randint(1, 40)})]
    return [Event(EventKind.WINNER, player, data={"score": rng.randint(343, 420)})]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100.0 * (len(ordered) - 1))))
    return ordered[index]


def run(n: int, playback: bool, seed: int) -> int:
    rng = random.Random(seed)
    book = Phrasebook()
    starts: dict[int, float] = {}
    lock = threading.Lock()

    def on_start(ticket: Ticket, t: float) -> None:
        with lock:
            starts[ticket.seq] = t

    clock = time.perf_counter
    with tempfile.TemporaryDirectory(prefix="bench-voice-") as tmp:
        t_boot = clock()
        try:
            speaker = Speaker(out_dir=None if playback else Path(tmp), clock=clock, on_start=on_start,
                              stale_after_s=None)
        except SpeechError as exc:
            print(f"cannot start the speaker: {exc}", file=sys.stderr)
            return 2
        boot_ms = (clock() - t_boot) * 1000
        total, phrase_ms, handoff_ms, audio_s, synth_s = [], [], [], [], []
        with speaker:
            for _ in range(n):
                events = random_decision(rng)
                t0 = clock()
                phrase = book.events(events)
                t1 = clock()
                ticket = speaker.say(phrase.spoken, urgent=phrase.urgent)
                span = ticket.wait(60)
                if span is None:
                    print(f"message not spoken: {ticket!r} {ticket.error}", file=sys.stderr)
                    return 2
                t_start = starts[ticket.seq]
                total.append((t_start - t0) * 1000)
                phrase_ms.append((t1 - t0) * 1000)
                handoff_ms.append((t_start - t1) * 1000)
                audio_s.append(span.audio_s)
                synth_s.append(span.end - span.start)
    mode = "playback (aplay)" if playback else "file (WAV)"
    print(f"voice latency, {mode} mode, {n} messages, speaker start-up {boot_ms:.1f} ms")
    for name, values in (("phrasebook", phrase_ms), ("hand-off to on_start", handoff_ms), ("total", total)):
        print(f"  {name:<22} p50 {statistics.median(values):7.2f} ms   p95 {percentile(values, 95):7.2f} ms"
              f"   max {max(values):7.2f} ms")
    if not playback:
        rtf = sum(synth_s) / sum(audio_s)
        print(f"  synthesis: {sum(audio_s):.0f} s of speech in {sum(synth_s):.2f} s (real-time factor {rtf:.4f})")
    p95 = percentile(total, 95)
    verdict = "OK" if p95 <= TARGET_P95_MS else "OVER TARGET"
    print(f"  target p95 <= {TARGET_P95_MS:.0f} ms: {verdict}")
    return 0 if p95 <= TARGET_P95_MS else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=300, help="messages (>= 200)")
    parser.add_argument("--playback", action="store_true", help="play through the sound card instead of WAV files")
    parser.add_argument("--seed", type=int, default=343)
    args = parser.parse_args()
    if args.playback and (problem := playback_problem()):
        print(f"no sound output: {problem}", file=sys.stderr)
        return 2
    return run(max(args.n, 1), args.playback, args.seed)


if __name__ == "__main__":
    sys.exit(main())
