"""Can the hangover (the silence that ends a segment) be shorter without splitting a shout?

Every millisecond of hangover is a millisecond of verdict latency: the live hearing emits a
shout hangover + 50 ms after its end. Too short, and a shout with a pause in it (« Pas mou…
le caillou ») becomes two segments: the second half has its own onset and can win or lose a
race it never ran. Prints, asserts nothing.

For each hangover: on the demo recording (examples/demo, its transcript gives every line's
true span), how many lines were split into several segments and how many segments joined
several lines; on the simulated rooms of ``bench/bench_hearing_rooms.py`` (its rooms and
scoring, unchanged), attribution, races and false detections (a split shout shows as a false
detection « elsewhere »), tuning rooms beside held-out rooms.

    .venv/bin/python bench/bench_hangover.py                    # 300, 250, 200, 150 ms; 2+2 rooms
    .venv/bin/python bench/bench_hangover.py --rooms 4 --hangover 300,200
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from voice_scribe.audio.segment import SegmenterConfig  # noqa: E402
from voice_scribe.audio.sources import FileSource  # noqa: E402
from voice_scribe.speech.transcribe import HearingConfig, hear  # noqa: E402

DEMO = ROOT / "examples" / "demo"
DEMO_PLAYERS = ["Karadoc", "Perceval", "Léodagan"]  # one microphone each, in this order


def demo_figures(cfg: HearingConfig) -> str:
    audio = FileSource(DEMO / "partie1.flac", rate=cfg.rate).read_all()
    lines = [json.loads(line) for line in (DEMO / "partie1.transcript.jsonl").read_text(encoding="utf-8").splitlines()
             if line.strip()]
    segments = hear(audio, DEMO_PLAYERS, cfg=cfg)
    # a line without a speaker is the scribe's voice or said for another: its channel is unknown
    spans = [(x["speaker"], float(x["t"]), float(x["end"])) for x in lines if x.get("speaker")]

    def covers(u, span) -> bool:  # noqa: ANN001
        return u.speaker == span[0] and u.t < span[2] + 0.05 and span[1] - 0.05 < (u.end or u.t)

    split = sum(1 for span in spans if sum(covers(u, span) for u in segments) > 1)
    joined = sum(1 for u in segments if sum(covers(u, span) for span in spans) > 1)
    unheard = sum(1 for span in spans if not any(covers(u, span) for u in segments))
    return (f"{len(spans)} lignes attribuées, {len(segments)} segments ; lignes coupées {split}, "
            f"segments joignant deux lignes {joined}, lignes sans segment {unheard}")


def rooms_figures(cfg: HearingConfig, specs: list) -> str:  # noqa: ANN001
    from bench_hearing_rooms import detect_file
    from rooms.score import Figures, score
    from rooms.table import build_room

    total = Figures()
    for spec in specs:
        table = build_room(spec)
        total.add(score(table, detect_file(table, cfg)))
    return total.line()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hangover", default="300,250,200,150", help="hangovers to try, ms")
    ap.add_argument("--rooms", type=int, default=2, help="rooms of each set (0: none)")
    args = ap.parse_args(argv)
    rooms: dict[str, list] = {}
    if args.rooms:
        from rooms import voices
        from rooms.score import HELD_OUT, TUNING

        if voices.missing():
            print(f"salles ignorées : il manque {', '.join(voices.missing())} (bash scripts/setup.sh --test)")
        else:
            rooms = {"salles de réglage": TUNING[: args.rooms], "salles tenues à l'écart": HELD_OUT[: args.rooms]}
    for ms in (float(x) for x in args.hangover.split(",")):
        cfg = HearingConfig(segmenter=replace(SegmenterConfig(), hangover_ms=ms))
        print(f"traîne {ms:.0f} ms")
        print(f"  enregistrement de démonstration : {demo_figures(cfg)}")
        for name, specs in rooms.items():
            print(f"  {name} ({len(specs)}) : {rooms_figures(cfg, specs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
