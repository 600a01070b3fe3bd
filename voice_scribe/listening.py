"""Live hearing in its own thread: microphone frames → utterances → the live table.

The hearing itself is :class:`voice_scribe.speech.stream.StreamingHearing`
(energy onsets, attribution to the louder microphone with crosstalk
cancelled, ``ambiguous`` when no microphone is clearly louder, the mute gate
so the scribe does not hear itself, Vosk per segment). This wrapper feeds it
from a source, keeps each channel's level for the screen, and turns a lost
device into a notice instead of a crash: the journal is never touched here.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Sequence

import numpy as np

from voice_scribe.audio.mute import Mute
from voice_scribe.audio.leak import LeakModel, learn_leak
from voice_scribe.audio.sources import Frame
from voice_scribe.speech.stream import StreamingHearing
from voice_scribe.speech.transcribe import HearingConfig
from voice_scribe.speech.utterance import Utterance


class Microphones:
    """``run(frames)`` until ``stop`` is set or the frames end (one thread)."""

    def __init__(
        self,
        hearing: StreamingHearing,
        submit: Callable[[Utterance], None],
        notice: Callable[[str], None] | None = None,
    ) -> None:
        self.hearing = hearing
        self.submit = submit
        # each utterance goes to the table the moment it is decoded, not at the end of the push
        self._also = hearing.on_heard
        hearing.on_heard = self._heard
        self.notice = notice
        self.levels: dict[int, float] = {}
        self.stop = threading.Event()

    @property
    def now(self) -> float:
        """The session clock: samples heard so far ÷ rate."""
        return self.hearing.now

    @property
    def settled_until(self) -> float:
        """Every shout with an onset before this has reached the table (see StreamingHearing)."""
        return self.hearing.settled_until

    def run(self, frames: Iterable[Frame]) -> None:
        try:
            for frame in frames:
                if self.stop.is_set():
                    break
                self._measure(frame)
                self.hearing.push(frame)  # its utterances reach the table through _heard
        except Exception as exc:  # noqa: BLE001 - a lost device must not end the game
            if self.notice:
                self.notice(f"Micro perdu : {exc} Le journal est intact ; tapez les annonces au clavier.")
        finally:
            self.hearing.flush()

    def _measure(self, frame: Frame) -> None:
        rms = np.sqrt(np.mean(frame.data.astype(np.float64) ** 2, axis=0))
        for channel, value in enumerate(rms):
            self.levels[channel] = float(20 * np.log10(value + 1e-9))

    def _heard(self, utterance: Utterance) -> None:
        if self._also is not None:
            self._also(utterance)
        if utterance.text.strip() or self.hearing.model is None:
            self.submit(utterance)


def calibrate(
    frames: Iterator[Frame],
    players: Sequence[str],
    seconds_each: float,
    cfg: HearingConfig,
    prompt: Callable[[str], None],
    mute: Mute | None = None,
) -> LeakModel:
    """« Chacun dit son nom » : each player in turn speaks alone, the crosstalk is learnt.

    Without it a player's first shouts are heard before his leak on the other
    microphones is known, and their onsets can come late (docs/hearing.md).
    ``prompt(name)`` asks the player (and returns once the question is said).
    """
    blocks: list[np.ndarray] = []
    for name in players:
        prompt(name)
        needed = int(seconds_each * cfg.rate)
        while needed > 0:
            frame = next(frames)
            if mute is not None:
                frame = mute.apply(frame) or frame
            blocks.append(frame.data)
            needed -= len(frame.data)
    return learn_leak(np.concatenate(blocks), cfg.rate, cfg.segmenter)
