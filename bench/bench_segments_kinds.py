"""What the room benchmark's misses and false detections are: counted by kind. Prints, asserts nothing.

    .venv/bin/python bench/bench_segments_kinds.py [--set tuning|held-out] [--rooms 1,2,3,4] [--list]
                                                   [--no-seats] [--seg NAME=VALUE ...]

The scorer of ``bench/rooms/score.py`` says *how many* shouts were missed and
how many detections match no shout; this says *why*, from the truth of each
room (who shouted when, where the dice were), so that a change to the
segmenter can be aimed at one kind and measured on it:

missed shouts
  * ``swallowed``: a segment on the shouter's own microphone covers his onset
    but began more than 250 ms before it; split by what opened it — dice (a
    knock or roll within 0.2 s of its start), a rival (another player's shout
    sounding at its start: his leak), the same player (his previous shout,
    joined over the hangover), or something else (babble, music, a tail);
  * ``late``: the own microphone's segment starts more than 250 ms after the
    onset, inside the shout;
  * ``not heard``: nothing on the own microphone over the shout;
    ``dropped by the speech check`` when the segmenter had one there.

false detections
  * ``swallower``: the segment that swallowed a missed shout (above);
  * ``near dice``: over a knock or roll (±0.2 s), not a swallower;
  * ``own piece``: inside one of the channel's own player's shouts, more than
    250 ms after its onset (a shout cut in two);
  * ``leak copy``: over another player's shout, none of the own player's;
  * ``tail``: within 1 s after a shout ended, over none (a room's tail);
  * ``background``: anything else (babble, music, noise).
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

from rooms.score import HELD_OUT, TUNING, WINDOW, Detection, match  # noqa: E402
from rooms.table import RoomTable, TrueShout, build_room  # noqa: E402

from voice_scribe.audio.segment import SegmenterConfig, segment_audio  # noqa: E402
from voice_scribe.audio.vad import SpeechCheck, keep_speech  # noqa: E402

NEAR_S = 0.2
TAIL_S = 1.0


def _opener(table: RoomTable, d: Detection, player: int) -> str:
    """What sounded on the player's channel where the segment ``d`` began."""
    if any(n.start - NEAR_S <= d.start <= n.end + NEAR_S for n in table.noises):
        return "dice"
    sounding = [s for s in table.shouts if s.t - WINDOW <= d.start <= s.end]
    if any(s.player == player for s in sounding):
        return "same player"
    if sounding:
        return "rival"
    if any(s.end <= d.start <= s.end + TAIL_S for s in table.shouts):
        return "tail"
    return "other"


def _covers(d: Detection, t: float) -> bool:
    return d.start <= t <= d.end


def classify_missed(table: RoomTable, s: TrueShout, dets: list[Detection], raw: list[Detection]) -> str:
    own = [d for d in dets if d.channel == s.player]
    early = [d for d in own if d.start < s.t - WINDOW and _covers(d, s.t)]
    if early:
        return f"swallowed after {_opener(table, early[0], s.player)}"
    if any(s.t + WINDOW <= d.start < s.end for d in own):
        return "late"
    if any(d.channel == s.player and d.start < s.end and s.t - WINDOW < d.end for d in raw):
        return "dropped by the speech check"
    return "not heard"


def classify_false(table: RoomTable, d: Detection, swallowers: set[int]) -> str:
    if id(d) in swallowers:
        return f"swallower ({_opener(table, d, d.channel)})"
    if any(d.start < n.end + NEAR_S and n.start - NEAR_S < d.end for n in table.noises):
        return "near dice"
    over = [s for s in table.shouts if s.t - WINDOW <= d.start <= s.end]
    if any(s.player == d.channel for s in over):
        return "own piece"
    if over:
        return "leak copy"
    if any(s.end <= d.start <= s.end + TAIL_S for s in table.shouts):
        return "tail"
    return "background"


def kinds(table: RoomTable, cfg: SegmenterConfig, check: SpeechCheck | None) -> tuple[Counter, Counter, list[str]]:
    segs = segment_audio(table.audio, 16000, cfg)
    kept = keep_speech(segs, table.audio, 16000, check)
    raw = [Detection(s.channel, s.start, s.end, s.ambiguous) for s in segs]
    dets = [Detection(s.channel, s.start, s.end, s.ambiguous) for s in kept]
    matched = match(table.shouts, dets)
    used = {id(d) for d in matched if d is not None}
    missed, false, lines = Counter(), Counter(), []
    swallowers: set[int] = set()
    for s, m in zip(table.shouts, matched, strict=True):
        if m is not None:
            continue
        kind = classify_missed(table, s, dets, raw)
        missed[kind] += 1
        if kind.startswith("swallowed"):
            swallowers |= {id(d) for d in dets if d.channel == s.player and d.start < s.t - WINDOW and _covers(d, s.t)}
        lines.append(f"  missed {table.spec.seed}:{s.t:7.2f} s p{s.player} «{s.text}» ({s.kind}): {kind}")
    for d in dets:
        if id(d) not in used:
            kind = classify_false(table, d, swallowers)
            false[kind] += 1
            lines.append(f"  false  {table.spec.seed}:{d.start:7.2f}-{d.end:6.2f} s ch{d.channel}: {kind}")
    return missed, false, lines


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--set", choices=("tuning", "held-out"), default="tuning")
    ap.add_argument("--rooms", default="1,2,3,4", help="seeds, comma-separated")
    ap.add_argument("--list", action="store_true", help="one line per missed shout and false detection")
    ap.add_argument("--no-seats", action="store_true")
    ap.add_argument("--no-speech-check", action="store_true")
    ap.add_argument("--seg", action="append", default=[], metavar="NAME=VALUE")
    args = ap.parse_args()
    cfg = SegmenterConfig(seat_attribution=not args.no_seats)
    for item in args.seg:
        name, _, value = item.partition("=")
        cfg = replace(cfg, **{name: type(getattr(cfg, name))(float(value))})
        print(f"segmenter: {name} = {getattr(cfg, name)}")
    check = None if args.no_speech_check else SpeechCheck.load()
    seeds = {int(x) for x in args.rooms.split(",")}
    specs = [s for s in (TUNING if args.set == "tuning" else HELD_OUT) if s.seed in seeds]
    missed, false = Counter(), Counter()
    for spec in specs:
        table = build_room(spec)
        m, f, lines = kinds(table, cfg, check)
        print(f"room {spec.seed} (RT60 {spec.rt60:.2f} s, {spec.background}): missed {sum(m.values())}, "
              f"false {sum(f.values())}")
        if args.list:
            print("\n".join(lines))
        missed += m
        false += f
    for title, counts in (("\nmissed", missed), ("false detections", false)):
        print(f"{title} ({sum(counts.values())}):")
        print("\n".join(f"  {n:4d}  {k}" for k, n in counts.most_common()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
