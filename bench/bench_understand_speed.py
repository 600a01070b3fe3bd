"""The matcher's speed on the understanding corpus, and one hash of its readings per file.

    .venv/bin/python bench/bench_understand_speed.py [--repeat 3] [--no-hash] [--no-work] [--tail 4]

For every corpus file (``natural``, ``damaged``, ``chatter`` of the tune lines and of each held-out
writer, as ``bench_understand_corpus.py`` gathers them) it reads every line the way that bench does
(the reference rules, and the variant table for a line of a variant; a damaged line's clean sentence
too) and prints:

* **one hash of all readings per file**: per line, what was understood (kind, call or command and its
  arguments, accepted / asks back / refused) and, in a second, stricter hash, the whole answer (cost,
  reason, candidates). Two versions of the matcher read the same when every hash is the same: this
  compares outputs without anyone reading a held-out line;
* **CPU time per line** (``time.thread_time``) p50 / p95 / p99 per column, the best of ``--repeat``
  runs of each line (the machine may be shared: the best of a few is the least disturbed), with the
  machine's load printed;
* **work done per line**, a figure the load does not move: utterances ranked, templates aligned,
  alignment cells (template tokens × heard words), paths traced back, lines that reached the sound stage, phonetic
  distances worked out, strings compared in C++ (the shortlist's shapes, the phrase sounds, words
  guessed): the matcher's methods wrapped by this bench only, in a pass of their own;
* **the tail**: how many lines take more than ``--tail`` ms, and what they have in common (word count,
  whether the sound stage ran, templates aligned), as counts only — held-out lines are never printed.

Targets (issue 15): CPU p99 ≤ 5 ms on every column; any 10 kB input ≤ 50 ms (``bench_understand_corpus``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_understand_corpus import COLUMNS, ROSTER, SPLITS, got_of, load, names_the_players  # noqa: E402

from rapidfuzz import process  # noqa: E402

from voice_scribe.engine.rules import Rules  # noqa: E402
from voice_scribe.understand import Matcher, ResultKind, load_grammar  # noqa: E402
from voice_scribe.understand import by_sound as by_sound_module  # noqa: E402
from voice_scribe.understand.alignment import Aligner  # noqa: E402
from voice_scribe.understand.by_sound import SoundStage  # noqa: E402

FILES = ("natural", "damaged", "chatter")


@dataclass(frozen=True)
class Ask:
    """One utterance the corpus bench asks: its text, speaker, which matcher, and whether it is timed."""

    text: str
    speaker: str
    variant: bool
    timed: bool


def asks_of(name: str, split: str, matchers: tuple[Matcher, Matcher]) -> Iterator[Ask]:
    """The utterances ``bench_understand_corpus.run_split`` reads for one file, in its order."""
    base = matchers[0]

    def variant_for(text: str, speaker: str) -> bool:
        u = base.understand(text, speaker=speaker)
        return bool(u.reason and "variante" in u.reason)

    for row in load(name, split):
        if name == "natural":
            players = row["expect"].get("players")
            if players and names_the_players(row["text"], players):  # read once, as run_split does
                players = None
            for speaker in players or [row["speaker"]]:
                yield Ask(row["text"], speaker, variant_for(row["text"], speaker), True)
        elif name == "damaged":
            variant = variant_for(row["clean"], row["speaker"])
            yield Ask(row["clean"], row["speaker"], variant, False)
            yield Ask(row["text"], row["speaker"], variant, True)
        else:
            yield Ask(row["text"], row["speaker"], False, True)


def reading(u) -> str:
    """What was understood, as the brief's invariant compares it: kind, arguments, accepted/ask/refused."""
    verdict = "accepted" if u.accepted else "ask" if u.kind is ResultKind.AMBIGUOUS else "refused"
    return json.dumps([verdict, u.kind.value, got_of(u)], sort_keys=True, ensure_ascii=False)


def whole(u) -> str:
    """The whole answer (cost, reason, candidates too): the stricter invariant."""
    return json.dumps(u.to_json(), sort_keys=True, ensure_ascii=False)


@dataclass
class FileRun:
    readings: hashlib._Hash = field(default_factory=hashlib.sha256)
    answers: hashlib._Hash = field(default_factory=hashlib.sha256)
    cpu: list[float] = field(default_factory=list)  # ms, best of the repeats, timed lines only
    lines: int = 0


def run_file(name: str, split: str, matchers: tuple[Matcher, Matcher], repeat: int, hashed: bool) -> FileRun:
    out = FileRun()
    for ask in asks_of(name, split, matchers):
        m = matchers[ask.variant]
        best = float("inf")
        u = None
        for _ in range(repeat if ask.timed else 1):
            c = time.thread_time()
            u = m.understand(ask.text, speaker=ask.speaker)
            best = min(best, time.thread_time() - c)
        if hashed:
            out.readings.update(reading(u).encode() + b"\n")
            out.answers.update(whole(u).encode() + b"\n")
        if ask.timed:
            out.cpu.append(best * 1000)
            out.lines += 1
    return out


# ── work counters: the matcher's methods wrapped, in a pass of their own (never when timing) ──
@dataclass
class Work:
    ranked: int = 0  # utterances (or variants of one: without a repeat, a name…) ranked
    aligned: int = 0  # templates aligned (their tables of costs filled)
    cells: int = 0  # alignment cells: (template tokens + 1) × (heard words + 1)
    traced: int = 0  # alignments whose path was traced back (slot values, failures)
    sound_stage: int = 0  # whole-phrase sound stage run
    sound_readings: int = 0  # phrase sounds compared in full (sound_distance)
    compared: int = 0  # strings compared in C++ (rapidfuzz): shapes for the shortlist, phrase sounds, words

    def add(self, other: Work) -> None:
        for k in vars(self):
            setattr(self, k, getattr(self, k) + getattr(other, k))


class Counting:
    """Wraps a few Matcher methods (and the phonetic distance) to count the work of each utterance."""

    def __init__(self) -> None:
        self.work = Work()
        self._saved: list[tuple[object, str, object]] = []

    def _wrap(self, owner: object, name: str, count: Callable[..., None]) -> None:
        original = getattr(owner, name)
        self._saved.append((owner, name, original))

        def wrapper(*args, **kwargs):
            count(*args, **kwargs)
            return original(*args, **kwargs)

        setattr(owner, name, wrapper)

    def __enter__(self) -> Counting:
        w = self.work

        def align(_self, t, heard) -> None:
            w.aligned += 1
            w.cells += (len(t.toks) + 1) * (len(heard.utoks) + 1)

        def traced(*_a, **_k) -> None:
            w.traced += 1

        def ranked(*_a, **_k) -> None:
            w.ranked += 1

        def sound(*_a, **_k) -> None:
            w.sound_stage += 1

        def distance(*_a, **_k) -> None:
            w.sound_readings += 1

        def many(queries, choices, **_k) -> None:
            w.compared += len(queries) * len(choices)

        def one(_query, choices, **_k) -> None:
            w.compared += len(choices)

        self._wrap(Aligner, "fill", align)
        self._wrap(Aligner, "trace", traced)
        self._wrap(Matcher, "_rank", ranked)
        self._wrap(SoundStage, "by_sound", sound)
        self._wrap(by_sound_module, "sound_distance", distance)
        self._wrap(process, "cdist", many)
        self._wrap(process, "extract", one)
        return self

    def __exit__(self, *exc) -> None:
        for owner, name, original in reversed(self._saved):
            setattr(owner, name, original)

    def take(self) -> Work:
        out, self.work = self.work, Work()
        return out


@dataclass
class Tail:
    """What the slow lines have in common: counts only."""

    n: int = 0
    words: Counter = field(default_factory=Counter)
    sound: int = 0
    aligned: list[int] = field(default_factory=list)
    cells: list[int] = field(default_factory=list)
    ranked: Counter = field(default_factory=Counter)


def work_of_file(name: str, split: str, matchers: tuple[Matcher, Matcher], tail_ms: float) -> tuple[Work, list[Work], Tail]:
    """Total work, work per timed line, and the profile of lines over ``tail_ms`` (CPU, one run)."""
    total, per_line, tail = Work(), [], Tail()
    asks = list(asks_of(name, split, matchers))
    for ask in asks:
        m = matchers[ask.variant]
        c = time.thread_time()
        m.understand(ask.text, speaker=ask.speaker)
        ms = (time.thread_time() - c) * 1000
        with Counting() as counting:
            m.understand(ask.text, speaker=ask.speaker)
            w = counting.take()
        total.add(w)
        if not ask.timed:
            continue
        per_line.append(w)
        if ms > tail_ms:
            tail.n += 1
            words = len(ask.text.split())
            tail.words["≤5" if words <= 5 else "6–10" if words <= 10 else "11–15" if words <= 15 else ">15"] += 1
            tail.sound += w.sound_stage > 0
            tail.aligned.append(w.aligned)
            tail.cells.append(w.cells)
            tail.ranked[w.ranked] += 1
    return total, per_line, tail


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


def _load() -> str:
    one, five, _ = os.getloadavg()
    return f"{one:.1f} / {five:.1f}"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3, help="time each line this many times, keep the best")
    ap.add_argument("--no-hash", action="store_true", help="skip the hashes of the readings")
    ap.add_argument("--no-work", action="store_true", help="skip the work counters and the tail profile")
    ap.add_argument("--tail", type=float, default=4.0, help="lines slower than this (ms CPU) are the tail")
    ap.add_argument("--columns", nargs="*", default=None, help="only these columns (default: all)")
    args = ap.parse_args(argv)
    matchers = (Matcher(load_grammar(Rules()), ROSTER), Matcher(load_grammar(Rules(achat_call="volette")), ROSTER))
    columns = args.columns or list(SPLITS)
    print(f"machine load (1 / 5 min) at the start: {_load()}")
    print(f"CPU ms per line, best of {args.repeat} (thread time)")
    print(f"{'column':<22} {'file':<8} {'lines':>5}  {'p50':>5} {'p95':>5} {'p99':>5} {'max':>6}  readings hash  answers hash")
    cpu_per_column: dict[str, list[float]] = {}
    for split in columns:
        for name in FILES:
            run = run_file(name, split, matchers, args.repeat, not args.no_hash)
            cpu_per_column.setdefault(split, []).extend(run.cpu)
            if not run.lines:
                continue
            hashes = "" if args.no_hash else f"{run.readings.hexdigest()[:12]}   {run.answers.hexdigest()[:12]}"
            print(
                f"{COLUMNS[split]:<22} {name:<8} {run.lines:>5}  {_pct(run.cpu, .5):5.2f} {_pct(run.cpu, .95):5.2f}"
                f" {_pct(run.cpu, .99):5.2f} {max(run.cpu):6.2f}  {hashes}"
            )
    print()
    for split, cpu in cpu_per_column.items():
        print(
            f"{COLUMNS[split]:<22} all      {len(cpu):>5}  p50 {statistics.median(cpu):.2f}  p95 {_pct(cpu, .95):.2f}"
            f"  p99 {_pct(cpu, .99):.2f} ms  (target p99 ≤ 5 ms)"
        )
    print(f"machine load (1 / 5 min) after timing: {_load()}")
    if args.no_work:
        return 0
    print(f"\nwork per timed line (mean / p99), load-independent; tail = lines over {args.tail} ms (one run, counts only)")
    print(
        f"{'column':<22} {'ranked':>11} {'aligned':>13} {'cells':>15} {'traced':>11} {'sound stage':>11}"
        f" {'sound dist.':>13} {'compared (C++)':>15}  tail"
    )
    for split in columns:
        lines: list[Work] = []
        tail_all = Tail()
        for name in FILES:
            _, per_line, tail = work_of_file(name, split, matchers, args.tail)
            lines += per_line
            tail_all.n += tail.n
            tail_all.words.update(tail.words)
            tail_all.sound += tail.sound
            tail_all.aligned += tail.aligned
            tail_all.cells += tail.cells
            tail_all.ranked.update(tail.ranked)

        def fig(key: str) -> str:
            values = [getattr(w, key) for w in lines]
            return f"{statistics.mean(values):.1f}/{_pct(values, .99):.0f}"

        stage = sum(w.sound_stage > 0 for w in lines)
        print(
            f"{COLUMNS[split]:<22} {fig('ranked'):>11} {fig('aligned'):>13} {fig('cells'):>15} {fig('traced'):>11}"
            f" {stage:>5}/{len(lines):<5}"
            f" {fig('sound_readings'):>13} {fig('compared'):>15}  {tail_all.n}"
        )
        if tail_all.n:
            words = ", ".join(f"{k} words {v}" for k, v in sorted(tail_all.words.items()))
            ranked = ", ".join(f"{k}×{v}" for k, v in sorted(tail_all.ranked.items()))
            print(
                f"{'':<22}   tail: {words}; sound stage {tail_all.sound}/{tail_all.n}; aligned mean"
                f" {statistics.mean(tail_all.aligned):.0f}, cells mean {statistics.mean(tail_all.cells):.0f};"
                f" ranked {ranked}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
