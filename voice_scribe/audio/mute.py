"""Do not listen to yourself: a gate that silences input while the scribe speaks.

The voice layer wraps its speech in ``with mute.muted(): …`` (or calls
``set()``/``clear()``); the hearing pipeline passes frames through
:meth:`Mute.gate`. Spans are on the session clock (seconds), read from the
``clock`` callable given at construction (for a live source: samples captured
so far ÷ rate). A ``tail_s`` is added after each span for the room's echo and
the output latency.

Muted samples are replaced by silence rather than removed by default, so that
the sample clock and Vosk's endpointer keep running; ``drop=True`` removes
frames lying wholly inside a muted span instead.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import numpy as np

from voice_scribe.audio.sources import Frame


@dataclass
class Mute:
    clock: Callable[[], float]
    tail_s: float = 0.3
    _spans: list[tuple[float, float]] = field(default_factory=list, init=False)
    _open_since: float | None = field(default=None, init=False)
    _lock: threading.Lock = field(default_factory=threading.Lock, init=False, repr=False)

    def set(self) -> None:
        """Start muting now (idempotent)."""
        with self._lock:
            if self._open_since is None:
                self._open_since = self.clock()

    def clear(self) -> None:
        """Stop muting now, plus ``tail_s``."""
        with self._lock:
            if self._open_since is not None:
                self._spans.append((self._open_since, self.clock() + self.tail_s))
                self._open_since = None

    def add_span(self, start: float, end: float) -> None:
        """Mute an explicit span (e.g. known playback start and duration)."""
        if end < start:
            raise ValueError("muted span ends before it starts")
        with self._lock:
            self._spans.append((start, end + self.tail_s))

    @contextmanager
    def muted(self) -> Iterator[None]:
        self.set()
        try:
            yield
        finally:
            self.clear()

    @property
    def is_muted(self) -> bool:
        with self._lock:
            return self._open_since is not None

    def spans(self) -> list[tuple[float, float]]:
        """Closed spans plus the open one (up to +inf)."""
        with self._lock:
            spans = list(self._spans)
            if self._open_since is not None:
                spans.append((self._open_since, float("inf")))
        return spans

    def forget_before(self, t: float) -> None:
        """Drop spans that end before ``t`` (keeps the list short in long games)."""
        with self._lock:
            self._spans = [s for s in self._spans if s[1] >= t]

    def mask(self, frame: Frame) -> np.ndarray:
        """Boolean per sample of ``frame``: True where muted."""
        n = len(frame.data)
        out = np.zeros(n, dtype=bool)
        t0 = frame.start / frame.rate
        t1 = frame.end / frame.rate
        for a, b in self.spans():
            if b <= t0 or a >= t1:
                continue
            i = max(0, int(round((a - t0) * frame.rate)))
            j = n if b == float("inf") else min(n, int(round((b - t0) * frame.rate)))
            out[i:j] = True
        return out

    def apply(self, frame: Frame, drop: bool = False) -> Frame | None:
        m = self.mask(frame)
        if not m.any():
            return frame
        if drop and m.all():
            return None
        data = frame.data.copy()
        data[m] = 0.0
        return Frame(frame.start, frame.rate, data)

    def gate(self, frames: Iterable[Frame], drop: bool = False) -> Iterator[Frame]:
        for frame in frames:
            out = self.apply(frame, drop=drop)
            if out is not None:
                yield out
