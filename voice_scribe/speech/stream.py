"""Live hearing: frames in, utterances out, on the session clock.

:class:`StreamingHearing` keeps the last ``window_s`` seconds of audio and,
every ``hop_s``, segments that window with the same code as file replay
(:func:`voice_scribe.audio.segment.segment_audio`); a segment is emitted once
it has ended (``hangover`` of silence seen after it) and only once. Emission
therefore lags the end of a shout by about hangover + hop (≈ 0.5-0.8 s);
onsets are unaffected, which is what races need.

Frames pass through an optional :class:`~voice_scribe.audio.mute.Mute` first,
so the scribe does not hear itself.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from voice_scribe.audio.mute import Mute
from voice_scribe.audio.segment import LeakModel, learn_leak, segment_audio
from voice_scribe.audio.sources import Frame
from voice_scribe.audio.vad import SpeechCheck, keep_speech
from voice_scribe.speech.recognizer import ChannelRecognizer, Grammar
from voice_scribe.speech.transcribe import HearingConfig, decode_segment, to_utterance
from voice_scribe.speech.utterance import Utterance


@dataclass
class StreamingHearing:
    channels: int
    players: Sequence[str] | None = None
    model: Any | None = None
    grammar: Grammar | None = None
    cfg: HearingConfig = field(default_factory=HearingConfig)
    mute: Mute | None = None
    window_s: float = 12.0
    hop_s: float = 0.5
    #: crosstalk known beforehand (e.g. learnt from a calibration round where
    #: each player says his name alone); refined as the game goes
    leak: LeakModel | None = None
    _buf: np.ndarray = field(init=False, repr=False)
    _buf_start: int = field(default=0, init=False)  # session sample of _buf[0]
    _pending: int = field(default=0, init=False)  # samples since the last analysis
    _emitted: dict[int, float] = field(default_factory=dict, init=False)  # channel → end of last emitted
    _recognizers: dict[int, ChannelRecognizer] = field(default_factory=dict, init=False, repr=False)
    _leak: LeakModel | None = field(default=None, init=False, repr=False)
    #: session time before which every shout has been emitted (set at each analysis)
    _settled: float = field(default=0.0, init=False)
    _check: SpeechCheck | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self._buf = np.zeros((0, self.channels), np.float32)
        self._leak = self.leak
        self._check = SpeechCheck.load() if self.cfg.speech_check else None

    @property
    def now(self) -> float:
        """Session time of the end of the audio received so far."""
        return (self._buf_start + len(self._buf)) / self.cfg.rate

    @property
    def settled_until(self) -> float:
        """Every shout with an onset before this time has been emitted (or never will be).

        Shouts still going when the last analysis ran hold it back to their onset: the live
        table must not close a reaction window past it, or a late-decoded shout would miss it.
        """
        return self._settled

    def push(self, frame: Frame) -> list[Utterance]:
        """Add one frame; returns the utterances that became complete."""
        if frame.rate != self.cfg.rate or frame.channels != self.channels:
            raise ValueError("frame rate or channel count differs from the hearing's")
        if self.mute is not None:
            frame = self.mute.apply(frame)  # type: ignore[assignment]
        expected = self._buf_start + len(self._buf)
        if frame.start != expected:  # a gap (dropped frames): pad with silence to keep the clock
            if frame.start < expected:
                raise ValueError("frames must arrive in time order")
            gap = np.zeros((frame.start - expected, self.channels), np.float32)
            self._buf = np.concatenate([self._buf, gap])
        self._buf = np.concatenate([self._buf, frame.data.astype(np.float32)])
        self._pending += len(frame.data)
        if self._pending < self.hop_s * self.cfg.rate:
            return []
        self._pending = 0
        out = self._analyse(final=False)
        self._trim()
        return out

    def flush(self) -> list[Utterance]:
        """End of stream: emit what is left, ended or not."""
        return self._analyse(final=True)

    def run(self, frames: Iterable[Frame]) -> Iterator[Utterance]:
        for frame in frames:
            yield from self.push(frame)
        yield from self.flush()

    def _analyse(self, final: bool) -> list[Utterance]:
        rate = self.cfg.rate
        t0 = self._buf_start / rate
        horizon = self.now - self.cfg.segmenter.hangover_ms / 1000 - 0.05
        settled = self.now if final else horizon
        out = []
        leak = None
        if self.channels > 1:
            learnt = learn_leak(self._buf, rate, self.cfg.segmenter)
            self._leak = learnt if self._leak is None else self._leak.merged(learnt)
            leak = self._leak
        for seg in segment_audio(self._buf, rate, self.cfg.segmenter, leak):
            start, end = seg.start + t0, seg.end + t0
            if start < self._emitted.get(seg.channel, -1.0):
                continue  # overlaps what this channel already emitted
            if not final and (end > horizon or seg.start <= 0.0):
                if end > horizon:
                    # still going: nothing after its onset is settled, and that onset may
                    # still move back over a weak first consonant once the shout is whole
                    settled = min(settled, start - self.cfg.segmenter.hiss_back_ms / 1000)
                continue  # still going, or cut by the window's left edge
            seg = type(seg)(seg.channel, start, end, seg.peak_dbfs, seg.loudness_ratio, seg.ambiguous)
            self._emitted[seg.channel] = end
            if not keep_speech([seg], self._buf, rate, self._check, offset=self._buf_start):
                continue  # a knock, dice rolling: judged once, never emitted
            words = []
            if self.model is not None:
                rec = self._recognizers.get(seg.channel)
                if rec is None:
                    rec = self._recognizers[seg.channel] = ChannelRecognizer(
                        self.model, rate, self.grammar, channel=seg.channel
                    )
                words = decode_segment(rec, self._buf, seg, self.cfg, offset=self._buf_start)
            out.append(to_utterance(seg, self.players, words))
        out.sort(key=lambda u: (u.t, u.channel or 0))
        self._settled = max(self._settled, settled)
        return out

    def _trim(self) -> None:
        keep = int(self.window_s * self.cfg.rate)
        if len(self._buf) > keep:
            drop = len(self._buf) - keep
            self._buf = self._buf[drop:]
            self._buf_start += drop
