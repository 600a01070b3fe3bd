"""Recognition with Vosk: one Model, one KaldiRecognizer per channel, grammars.

Vosk is imported lazily. Word times are mapped onto the session clock: each
recognizer counts the samples it was fed (Vosk's own times are cumulative
over its lifetime, results included) and remembers, for every feed, where
that audio sits on the session clock; a Vosk time is converted through the
last anchor before it. Audio may thus be fed contiguously (live) or by
segments (file replay) with the same result.
"""

from __future__ import annotations

import bisect
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from voice_scribe.speech.utterance import Utterance, Word

ENV_MODEL = "VOICE_SCRIBE_MODEL"


class ModelError(Exception):
    """A model cannot be found or loaded (French message)."""


class GrammarError(ValueError):
    """A grammar that must not reach Vosk (it would crash the process)."""


def _vosk():  # noqa: ANN202 - the vosk module
    import vosk

    vosk.SetLogLevel(-1)
    return vosk


def load_model(path: str | Path) -> Any:
    """A ``vosk.Model`` from a checked model directory."""
    from voice_scribe.speech.models import check_model_dir

    path = Path(path)
    problems = check_model_dir(path)
    if problems:
        raise ModelError(f"le modèle {path} est incomplet : " + "; ".join(problems))
    try:
        return _vosk().Model(str(path))
    except Exception as exc:  # noqa: BLE001 - vosk raises a bare Exception
        raise ModelError(f"Vosk n'a pas pu charger le modèle {path} ({exc})") from None


def resolve_model_path(cli_path: str | None, models_dir: Path, default_name: str) -> Path | None:
    """``--model``, then ``$VOICE_SCRIBE_MODEL``, then ``models_dir/default_name`` if present."""
    for candidate in (cli_path, os.environ.get(ENV_MODEL)):
        if candidate:
            p = Path(candidate).expanduser()
            if not p.is_dir():
                raise ModelError(f"le modèle {p} n'existe pas (option --model ou variable {ENV_MODEL}).")
            return p
    p = models_dir / default_name
    return p if p.is_dir() else None


def missing_model_message(name: str) -> str:
    return (
        f"aucun modèle de reconnaissance vocale : téléchargez-le avec "
        f"« voice-scribe models fetch {name} », ou indiquez-le avec --model CHEMIN "
        f"ou la variable {ENV_MODEL}."
    )


# ------------------------------------------------------------------ grammar


@dataclass(frozen=True)
class Grammar:
    """A validated phrase list, safe to give Vosk."""

    phrases: tuple[str, ...]
    dropped: tuple[str, ...] = ()  # phrases removed: words unknown to the model

    def to_json(self) -> str:
        return json.dumps(list(self.phrases), ensure_ascii=False)

    @property
    def vocabulary(self) -> frozenset[str]:
        return frozenset(w for p in self.phrases for w in p.split())


def build_grammar(phrases: Sequence[str], model: Any | None = None) -> Grammar:
    """Validate and normalise a phrase list; with a model, drop phrases it cannot say.

    Raises :class:`GrammarError` (French) when nothing usable remains: Vosk
    segfaults on an empty or malformed grammar.
    """
    if isinstance(phrases, str) or not isinstance(phrases, Sequence):
        raise GrammarError("la grammaire doit être une liste de phrases")
    seen: dict[str, None] = {}
    for p in phrases:
        if not isinstance(p, str):
            raise GrammarError(f"phrase de grammaire qui n'est pas du texte : {p!r}")
        norm = " ".join(p.lower().split())
        if norm:
            seen.setdefault(norm, None)
    kept, dropped = [], []
    for p in seen:
        if model is not None and any(model.vosk_model_find_word(w) < 0 for w in p.split()):
            dropped.append(p)
        else:
            kept.append(p)
    if not kept:
        detail = f" (mots inconnus du modèle dans : {', '.join(dropped[:5])})" if dropped else ""
        raise GrammarError("grammaire vide : aucune phrase utilisable" + detail)
    return Grammar(tuple(kept), tuple(dropped))


# --------------------------------------------------------------- recognizer


def parse_result(payload: str, key: str = "result") -> list[dict[str, Any]]:
    """Vosk's JSON result → list of word dicts (``key`` ``partial_result`` for partials)."""
    data = json.loads(payload)
    return [w for w in data.get(key) or () if isinstance(w, dict) and "word" in w]


@dataclass
class ChannelRecognizer:
    """One KaldiRecognizer for one channel, on the session clock."""

    model: Any
    rate: int = 16000
    grammar: Grammar | None = None
    channel: int | None = None
    speaker: str | None = None
    _rec: Any = field(default=None, init=False, repr=False)
    _fed: int = field(default=0, init=False)
    _anchors_vosk: list[int] = field(default_factory=list, init=False, repr=False)
    _anchors_session: list[int] = field(default_factory=list, init=False, repr=False)
    #: session time of the first word of the current utterance's first partial
    first_partial: float | None = field(default=None, init=False)
    #: the first-partial times of every utterance so far
    partial_onsets: list[float] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        vosk = _vosk()
        if self.grammar is None:
            self._rec = vosk.KaldiRecognizer(self.model, self.rate)
        else:
            self._rec = vosk.KaldiRecognizer(self.model, self.rate, self.grammar.to_json())
        self._rec.SetWords(True)
        self._rec.SetPartialWords(True)

    def session_time(self, vosk_time: float) -> float:
        """Map a time of Vosk's (its own fed-sample clock) onto the session clock."""
        sample = vosk_time * self.rate
        i = bisect.bisect_right(self._anchors_vosk, sample) - 1
        i = max(i, 0)
        return (self._anchors_session[i] + sample - self._anchors_vosk[i]) / self.rate

    def feed(self, samples: np.ndarray, start: int) -> list[Utterance]:
        """Feed int16 mono ``samples`` starting at session sample ``start``."""
        if samples.dtype != np.int16:
            raise TypeError("ChannelRecognizer.feed wants int16 samples")
        if not self._anchors_vosk or self._anchors_session[-1] + (self._fed - self._anchors_vosk[-1]) != start:
            self._anchors_vosk.append(self._fed)
            self._anchors_session.append(start)
        self._fed += len(samples)
        if self._rec.AcceptWaveform(samples.tobytes()):
            self.first_partial = None
            return self._utterances(self._rec.Result())
        if self.first_partial is None:
            words = parse_result(self._rec.PartialResult(), "partial_result")
            if words:
                self.first_partial = self.session_time(float(words[0]["start"]))
                self.partial_onsets.append(self.first_partial)
        return []

    def flush(self) -> list[Utterance]:
        """Force the end of the current utterance."""
        self.first_partial = None
        return self._utterances(self._rec.FinalResult())

    def _utterances(self, payload: str) -> list[Utterance]:
        raw = parse_result(payload)
        if not raw:
            return []
        words = tuple(
            Word(
                str(w["word"]),
                self.session_time(float(w["start"])),
                self.session_time(float(w["end"])),
                float(w.get("conf", 1.0)),
            )
            for w in raw
        )
        return [
            Utterance(
                t=words[0].start,
                text=" ".join(w.word for w in words),
                speaker=self.speaker,
                end=words[-1].end,
                words=words,
                channel=self.channel,
            )
        ]


def make_recognizers(
    model: Any, channels: int, rate: int, grammar: Grammar | None, players: Sequence[str] | None = None
) -> list[ChannelRecognizer]:
    """One recognizer per channel sharing one model."""
    names = list(players or [])
    return [
        ChannelRecognizer(model, rate, grammar, channel=c, speaker=names[c] if c < len(names) else None)
        for c in range(channels)
    ]
