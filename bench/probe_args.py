"""The preamble the room probes share (``missed_*.py``, ``onset_*.py``, ``races_why.py``, ``live_*.py``).

Importing it puts the project and ``bench/`` on ``sys.path`` (the probes import ``voice_scribe`` and
``rooms``); the rest reads their common options:

- :func:`rooms_by_seed` / :func:`first_rooms`: the rooms of ``--set`` named by seed (« 1,2 ») or the first N;
- :func:`add_seg` and :func:`segmenter`: ``--seg NAME=VALUE``, a ``SegmenterConfig`` field (a number;
  ``pitch.NAME``: a ``PitchConfig`` field);
- :func:`live_settings`: ``--live-set NAME=VALUE``, a ``StreamingHearing`` setting.

Nothing heavy is imported here at import time (a probe sets ``OPENBLAS_NUM_THREADS`` before numpy loads).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
for _path in (ROOT, ROOT / "bench"):  # bench/ first, as each probe had it
    sys.path.insert(0, str(_path))


def room_set(name: str) -> list[Any]:
    """The rooms of a ``--set`` (``tuning`` or ``held-out``), in their order."""
    from rooms.score import HELD_OUT, TUNING

    return list(TUNING if name == "tuning" else HELD_OUT)


def rooms_by_seed(set_name: str, seeds: str) -> list[Any]:
    """The rooms of the set whose seed is in ``seeds`` (« 1,2,3 »), in the set's order."""
    wanted = {int(x) for x in seeds.split(",")}
    return [s for s in room_set(set_name) if s.seed in wanted]


def first_rooms(set_name: str, n: int) -> list[Any]:
    """The first ``n`` rooms of the set (0: all)."""
    return room_set(set_name)[: n or None]


def add_seg(ap: argparse.ArgumentParser, help: str | None = None) -> None:  # noqa: A002 - argparse's name
    ap.add_argument("--seg", action="append", default=[], metavar="NAME=VALUE", help=help)


def segmenter(items: Iterable[str], cfg: Any = None, echo: bool = False) -> Any:
    """``cfg`` (default: a ``SegmenterConfig()``) with each ``NAME=VALUE`` set, cast to the field's type;
    ``echo``: print « segmenter: NAME=VALUE » for each."""
    if cfg is None:
        from voice_scribe.audio.frames import SegmenterConfig

        cfg = SegmenterConfig()
    for item in items:
        name, _, value = item.partition("=")
        if name.startswith("pitch."):  # a field of the pitch walk's settings
            field = name.split(".", 1)[1]
            cfg = replace(cfg, pitch=replace(cfg.pitch, **{field: type(getattr(cfg.pitch, field))(float(value))}))
        else:
            cfg = replace(cfg, **{name: type(getattr(cfg, name))(float(value))})
        if echo:
            print(f"segmenter: {item}")
    return cfg


def live_settings(items: Iterable[str], echo: bool = False) -> dict[str, float | bool]:
    """``--live-set NAME=VALUE`` items as ``StreamingHearing`` keyword arguments (a flag from 0/1);
    ``echo``: print « live path: NAME = VALUE » for each."""
    from voice_scribe.speech.stream import StreamingHearing

    settings: dict[str, float | bool] = {}
    for item in items:
        name, _, value = item.partition("=")
        default = getattr(StreamingHearing, name, None)
        settings[name] = bool(float(value)) if isinstance(default, bool) else float(value)
        if echo:
            print(f"live path: {name} = {settings[name]}")
    return settings
