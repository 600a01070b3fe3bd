"""Per-frame figures of the session's audio kept by session frame index, for a live stream's looks.

A figure that depends only on a frame's own samples is the same at every look
that holds that frame: kept here at its session index, it is computed once
(:mod:`voice_scribe.audio.carry`, :class:`voice_scribe.audio.seats.SpectraCache`).

>>> import numpy as np
>>> kept = SessionFrames(channels=2, keep=4)
>>> kept.put(10, np.array([[1.0, 2.0], [3.0, 4.0]]), np.array([True, True]))
>>> rows, known = kept.get(9, 4)
>>> known.tolist(), rows[1].tolist()
([False, True, True, False], [1.0, 2.0])
>>> kept.put(12, np.ones((3, 2)), np.ones(3, bool))  # beyond ``keep`` frames: the oldest go
>>> kept.get(10, 5)[1].tolist()
[False, True, True, True, True]
"""

from __future__ import annotations

import numpy as np


class SessionFrames:
    """Per-frame rows ``(channels,)`` of the session, by session frame index: the last ``keep`` frames."""

    def __init__(self, channels: int, keep: int) -> None:
        self.keep = keep
        self.start = 0  # session frame of ``rows[0]``
        self.rows = np.zeros((0, channels))
        self.known = np.zeros(0, bool)

    def get(self, first: int, count: int) -> tuple[np.ndarray, np.ndarray]:
        """Rows of session frames ``[first, first + count)`` and which are known (the others are 0)."""
        out = np.zeros((count, self.rows.shape[1]))
        known = np.zeros(count, bool)
        lo, hi = max(first, self.start), min(first + count, self.start + len(self.rows))
        if hi > lo:
            out[lo - first : hi - first] = self.rows[lo - self.start : hi - self.start]
            known[lo - first : hi - first] = self.known[lo - self.start : hi - self.start]
        return out, known

    def put(self, first: int, rows: np.ndarray, mask: np.ndarray) -> None:
        """Keep ``rows[mask]`` as session frames ``first + k``; beyond ``keep`` frames, the oldest go."""
        if not mask.any():
            return
        end = first + len(rows)
        if len(self.rows) == 0 or first > self.start + len(self.rows) or end < self.start:
            start, stop = first, end  # the first rows, or after a gap: start afresh
            kept_rows, kept_known = np.zeros((0, rows.shape[1])), np.zeros(0, bool)
        else:
            start, stop = min(first, self.start), max(end, self.start + len(self.rows))
            kept_rows, kept_known = self.rows, self.known
        new_rows = np.zeros((stop - start, rows.shape[1]))
        new_known = np.zeros(stop - start, bool)
        at = self.start - start
        new_rows[at : at + len(kept_rows)] = kept_rows
        new_known[at : at + len(kept_known)] = kept_known
        new_rows[first - start : end - start][mask] = rows[mask]
        new_known[first - start : end - start] |= mask
        drop = max(0, len(new_rows) - self.keep)
        self.start, self.rows, self.known = start + drop, new_rows[drop:], new_known[drop:]
