"""Who is speaking, by voiceprint (optional; needs Vosk's speaker model).

At the start of a game each player says a sentence or two; Vosk's speaker
model (``vosk-model-spk-0.4``) turns each into a 128-d x-vector; a player's
voiceprint is the normalised mean of his vectors. A shout is given to the
nearest voiceprint by cosine similarity when it is both similar enough
(``min_similarity``) and clearly nearer than the runner-up (``margin``);
otherwise nobody. Vosk needs ≥ 50 speech frames (0.5 s) for a vector and short
shouts are unreliable: thresholds are the user's to tune.

The matching code is pure numpy and tested; :func:`xvector` (the Vosk call)
is not tested here, because no speaker model is installable offline.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

MIN_SPK_FRAMES = 50


def _unit(v: np.ndarray) -> np.ndarray:
    n = float(np.linalg.norm(v))
    if n == 0.0 or not np.isfinite(n):
        raise ValueError("zero or invalid speaker vector")
    return v / n


def cosine(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray) -> float:
    return float(_unit(np.asarray(a, np.float64)) @ _unit(np.asarray(b, np.float64)))


@dataclass(frozen=True)
class Match:
    speaker: str | None
    score: float
    runner_up: str | None
    runner_up_score: float


@dataclass
class Voiceprints:
    min_similarity: float = 0.45
    margin: float = 0.08
    prints: dict[str, np.ndarray] = field(default_factory=dict)

    def enroll(self, name: str, vectors: Iterable[Sequence[float] | np.ndarray]) -> None:
        units = [_unit(np.asarray(v, np.float64)) for v in vectors]
        if not units:
            raise ValueError(f"no enrollment vector for {name}")
        dims = {len(u) for u in units} | {len(p) for p in self.prints.values()}
        if len(dims) != 1:
            raise ValueError("speaker vectors of different sizes")
        self.prints[name] = _unit(np.mean(units, axis=0))

    def match(self, vector: Sequence[float] | np.ndarray) -> Match:
        if not self.prints:
            return Match(None, 0.0, None, 0.0)
        v = _unit(np.asarray(vector, np.float64))
        scored = sorted(((float(p @ v), name) for name, p in self.prints.items()), reverse=True)
        best_score, best = scored[0]
        second_score, second = scored[1] if len(scored) > 1 else (-1.0, None)
        clear = best_score >= self.min_similarity and best_score - second_score >= self.margin
        return Match(best if clear else None, best_score, second, second_score)


def xvector(model: Any, spk_model: Any, samples: np.ndarray, rate: int = 16000) -> np.ndarray | None:
    """Vosk x-vector of int16 ``samples`` (None if too short). Untested: see module doc."""
    import vosk

    rec = vosk.KaldiRecognizer(model, rate)
    rec.SetSpkModel(spk_model)
    rec.AcceptWaveform(samples.astype(np.int16).tobytes())
    data = json.loads(rec.FinalResult())
    if "spk" not in data or int(data.get("spk_frames", 0)) < MIN_SPK_FRAMES:
        return None
    return np.asarray(data["spk"], np.float64)
