"""An utterance: text heard, with its onset on the session clock and its speaker.

This is the boundary between hearing and understanding, and the line format
of a transcript file (JSON lines)::

    {"t": 12.48, "speaker": "Karadoc", "text": "pas mou le caillou",
     "words": [{"word": "pas", "start": 12.48, "end": 12.6, "conf": 1.0}, ...]}

``t`` is seconds from the start of the session; ``speaker`` may be missing
(then a leading spoken name decides); when ``words`` are present the onset is
the first word's start, unless the hearing layer measured an energy onset
(optional ``energy_onset`` key), which is closer to the truth (docs/hearing.md).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Word:
    word: str
    start: float
    end: float
    conf: float = 1.0


@dataclass(frozen=True)
class Utterance:
    t: float
    text: str
    speaker: str | None = None
    end: float | None = None
    words: tuple[Word, ...] = ()
    channel: int | None = None
    loudness_ratio: float | None = None
    ambiguous: bool = False
    #: onset measured on the channel's energy (seconds, session clock), if any
    energy_onset: float | None = None

    @property
    def onset(self) -> float:
        if self.energy_onset is not None:
            return self.energy_onset
        return self.words[0].start if self.words else self.t

    def shifted(self, dt: float) -> Utterance:
        """The same utterance on a clock that started ``dt`` seconds earlier (a resumed game)."""
        if not dt:
            return self
        return replace(
            self,
            t=self.t + dt,
            end=None if self.end is None else self.end + dt,
            energy_onset=None if self.energy_onset is None else self.energy_onset + dt,
            words=tuple(replace(w, start=w.start + dt, end=w.end + dt) for w in self.words),
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"t": round(self.t, 3), "text": self.text}
        if self.speaker is not None:
            out["speaker"] = self.speaker
        if self.end is not None:
            out["end"] = round(self.end, 3)
        if self.words:
            out["words"] = [
                {"word": w.word, "start": round(w.start, 3), "end": round(w.end, 3), "conf": round(w.conf, 3)}
                for w in self.words
            ]
        if self.channel is not None:
            out["channel"] = self.channel
        if self.loudness_ratio is not None:
            out["loudness_ratio"] = round(self.loudness_ratio, 3)
        if self.ambiguous:
            out["ambiguous"] = True
        if self.energy_onset is not None:
            out["energy_onset"] = round(self.energy_onset, 3)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Utterance:
        """Raises ``ValueError`` (French message) on a malformed line."""
        if not isinstance(data, dict):
            raise ValueError("ligne de transcription qui n'est pas un objet JSON")
        text = data.get("text")
        if not isinstance(text, str):
            raise ValueError("ligne de transcription sans « text »")
        words = []
        for w in data.get("words") or ():
            try:
                words.append(Word(str(w["word"]), float(w["start"]), float(w["end"]), float(w.get("conf", 1.0))))
            except (KeyError, TypeError, ValueError):
                raise ValueError(f"mot illisible dans la transcription : {w!r}") from None
        t = data.get("t")
        if t is None and words:
            t = words[0].start
        try:
            t = float(t)
        except (TypeError, ValueError):
            raise ValueError("ligne de transcription sans instant « t »") from None
        speaker = data.get("speaker")
        return cls(
            t=t,
            text=text,
            speaker=speaker if isinstance(speaker, str) and speaker else None,
            end=float(data["end"]) if data.get("end") is not None else None,
            words=tuple(words),
            channel=data.get("channel"),
            loudness_ratio=data.get("loudness_ratio"),
            ambiguous=bool(data.get("ambiguous", False)),
            energy_onset=float(data["energy_onset"]) if data.get("energy_onset") is not None else None,
        )
