"""The room probes' shared preamble (``bench/probe_args.py``): the rooms of a set by seed or the first N, the
``--seg`` settings (``pitch.NAME`` too) and the ``--live-set`` ones, read the same way by every probe."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))

import probe_args  # noqa: E402
from rooms.score import HELD_OUT, TUNING  # noqa: E402

from voice_scribe.audio.frames import SegmenterConfig  # noqa: E402

PROBES = sorted([*BENCH.glob("missed_*.py"), *BENCH.glob("onset_*.py"), BENCH / "races_why.py",
                 *BENCH.glob("live_*.py")])


def test_rooms_by_seed_and_the_first_n_of_a_set() -> None:
    assert [s.seed for s in probe_args.rooms_by_seed("tuning", "3,1")] == [s.seed for s in TUNING if s.seed in (1, 3)]
    assert probe_args.first_rooms("tuning", 2) == list(TUNING[:2])
    assert probe_args.first_rooms("held-out", 0) == list(HELD_OUT)


def test_seg_settings_are_cast_to_their_fields_type_pitch_ones_too() -> None:
    ap = argparse.ArgumentParser()
    probe_args.add_seg(ap)
    args = ap.parse_args(["--seg", "hangover_ms=250", "--seg", "pitch.back_ms=120"])
    cfg = probe_args.segmenter(args.seg)
    assert (cfg.hangover_ms, cfg.pitch.back_ms) == (250.0, 120.0)
    assert probe_args.segmenter([], SegmenterConfig()) == SegmenterConfig()


def test_live_settings_read_a_flag_as_a_flag() -> None:
    assert probe_args.live_settings(["watch=0", "analysis_s=4"]) == {"watch": False, "analysis_s": 4.0}


def test_every_probe_takes_its_preamble_from_the_helper() -> None:
    assert len(PROBES) >= 14
    for probe in PROBES:
        text = probe.read_text(encoding="utf-8")
        assert "from probe_args import" in text, probe.name
        assert not re.search(r"sys\.path\.insert|args\.seg:|\.partition\(\"=\"\)", text), probe.name
