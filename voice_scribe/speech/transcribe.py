"""File → utterances: energy segmentation, attribution, then Vosk per segment.

This is what ``voice-scribe replay --audio`` and ``voice-scribe segments``
call. Without a model, utterances carry onsets, attribution and loudness but
an empty text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from voice_scribe.audio.errors import AudioError
from voice_scribe.audio.segment import Segment, SegmenterConfig, attribute, segment_audio
from voice_scribe.audio.sources import MODEL_RATE, FileSource, to_int16
from voice_scribe.audio.vad import SpeechCheck, keep_speech
from voice_scribe.speech.recognizer import ChannelRecognizer, Grammar, build_grammar, load_model
from voice_scribe.speech.utterance import Utterance, Word

#: A loudness ratio with no coherent rival at all is reported as this.
MAX_RATIO = 1000.0


@dataclass(frozen=True)
class HearingConfig:
    rate: int = MODEL_RATE
    segmenter: SegmenterConfig = field(default_factory=SegmenterConfig)
    pad_before_s: float = 0.3
    pad_after_s: float = 0.6
    chunk_s: float = 0.2
    #: judge each segment with the neural speech check (knocks and dice rolls are not shouts)
    speech_check: bool = True


def parse_channels(spec: str | None) -> list[str] | None:
    """``"Karadoc,Perceval"`` → names; empty names allowed for unused mics."""
    if spec is None:
        return None
    return [name.strip() for name in spec.split(",")]


def decode_span(seg: Segment, cfg: HearingConfig, first: int, last: int) -> tuple[int, int]:
    """Session samples ``[a, b)`` decoded for ``seg``: padded, within the audio ``[first, last)``.

    Rounded, not truncated: the live path finds the same onset at several looks, each on its
    own window (``start + t0`` in floating point), and must get the same sample each time, or
    it would take the onset as moved and decode the whole shout again.

    >>> decode_span(Segment(0, 259 * 80 / 16000, 2.0, -20.0), HearingConfig(), 0, 10**6)  # 1.295 s
    (15920, 41600)
    """
    a = max(first, round((seg.start - cfg.pad_before_s) * cfg.rate))
    b = min(last, round((seg.end + cfg.pad_after_s) * cfg.rate))
    return a, b


@dataclass
class SegmentDecoder:
    """One segment fed to its channel's recognizer chunk by chunk, from session sample ``start``.

    The file path feeds it a whole segment at once (:func:`decode_segment`); the live path
    feeds it while the shout goes on, so that once its end is known only the last chunks
    and Vosk's final result remain. Both feed the same chunks from the same sample, so
    they hear the same words (but for Vosk's own run-to-run variation: docs/hearing.md).

    >>> dec = SegmentDecoder(rec, channel=0, start=16_000, step=3_200)   # doctest: +SKIP
    >>> dec.feed(audio, offset=0, upto=24_000)                # doctest: +SKIP
    >>> dec.finish(audio, offset=0, end=30_000)               # doctest: +SKIP
    """

    rec: ChannelRecognizer
    channel: int
    start: int
    step: int
    fed: int = field(default=-1)
    _utts: list[Utterance] = field(default_factory=list, repr=False)

    def __post_init__(self) -> None:
        if self.fed < 0:
            self.fed = self.start

    def feed(self, audio: np.ndarray, offset: int, upto: int) -> None:
        """Feed every whole chunk that ends by session sample ``upto`` (``audio[0]`` is ``offset``)."""
        while self.fed + self.step <= upto:
            self._feed(audio, offset, self.fed + self.step)

    def finish(self, audio: np.ndarray, offset: int, end: int) -> list[Word]:
        """Feed up to session sample ``end`` (a last partial chunk included), then the final result."""
        self.feed(audio, offset, end)
        if self.fed < end:
            self._feed(audio, offset, end)
        self._utts.extend(self.rec.flush())
        return [w for u in self._utts for w in u.words]

    def discard(self) -> None:
        """Abandon this segment (its onset moved): the recognizer starts afresh, as after a result."""
        self.rec.flush()

    def _feed(self, audio: np.ndarray, offset: int, to: int) -> None:
        samples = to_int16(audio[self.fed - offset : to - offset, self.channel])
        self._utts.extend(self.rec.feed(samples, self.fed))
        self.fed = to


def decode_segment(
    rec: ChannelRecognizer, audio: np.ndarray, seg: Segment, cfg: HearingConfig, offset: int = 0
) -> list[Word]:
    """Words Vosk hears in one segment of one channel (padded), session clock.

    ``audio[0]`` is session sample ``offset``; ``seg`` is on the session clock.
    """
    a, b = decode_span(seg, cfg, offset, offset + len(audio))
    return SegmentDecoder(rec, seg.channel, a, chunk_samples(cfg)).finish(audio, offset, b)


def chunk_samples(cfg: HearingConfig) -> int:
    """How many samples the recognizer is fed at a time."""
    return max(1, int(cfg.chunk_s * cfg.rate))


def to_utterance(seg: Segment, players: Sequence[str] | None, words: Sequence[Word] = ()) -> Utterance:
    ratio = seg.loudness_ratio
    if ratio is not None:
        ratio = min(ratio, MAX_RATIO)
    return Utterance(
        t=seg.start,
        text=" ".join(w.word for w in words),
        speaker=attribute(seg, players),
        end=seg.end,
        words=tuple(words),
        channel=seg.channel,
        loudness_ratio=ratio,
        ambiguous=seg.ambiguous,
        energy_onset=seg.start,
    )


def hear(
    audio: np.ndarray,
    players: Sequence[str] | None = None,
    model: Any | None = None,
    grammar: Grammar | None = None,
    cfg: HearingConfig | None = None,
) -> list[Utterance]:
    """Utterances of a (samples, channels) float block at ``cfg.rate``, time-ordered."""
    cfg = cfg or HearingConfig()
    if audio.ndim == 1:
        audio = audio[:, None]
    if players is not None and len(players) != audio.shape[1]:
        raise AudioError(
            f"l'enregistrement a {audio.shape[1]} canal(aux) mais {len(players)} joueur(s) ont été "
            f"donnés à --channels ({', '.join(p or '—' for p in players)})."
        )
    check = SpeechCheck.load() if cfg.speech_check else None
    segments = keep_speech(segment_audio(audio, cfg.rate, cfg.segmenter), audio, cfg.rate, check)
    recognizers: dict[int, ChannelRecognizer] = {}
    out = []
    for seg in segments:
        words: list[Word] = []
        if model is not None:
            rec = recognizers.get(seg.channel)
            if rec is None:
                rec = recognizers[seg.channel] = ChannelRecognizer(model, cfg.rate, grammar, channel=seg.channel)
            words = decode_segment(rec, audio, seg, cfg)
        out.append(to_utterance(seg, players, words))
    out.sort(key=lambda u: (u.t, u.channel or 0))
    return out


def transcribe_file(
    path: str | Path | BinaryIO,
    channels: list[str] | None,
    model_path: str | Path | None,
    grammar: list[str] | None,
    *,
    model: Any | None = None,
    cfg: HearingConfig | None = None,
) -> list[Utterance]:
    """Utterances heard in a recording (a path or a file object), time-ordered.

    ``channels`` names the player at each microphone (``None``: speakers are
    left to the understanding layer). ``model_path`` (or an already loaded
    ``model``) enables recognition, with ``grammar`` as the phrase list when
    given (validated first; phrases the model cannot say are dropped).
    """
    cfg = cfg or HearingConfig()
    audio = FileSource(path, rate=cfg.rate).read_all()
    if model is None and model_path is not None:
        model = load_model(model_path)
    checked = build_grammar(grammar, model) if (grammar is not None and model is not None) else None
    return hear(audio, channels, model, checked, cfg)
