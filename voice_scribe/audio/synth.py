"""Synthetic table recordings with known truth (tests and benchmark).

Speech comes from espeak-ng (French voices and variants as "players");
a multichannel table is mixed with numpy: one microphone per player, each
shout leaking onto the other microphones at ``crosstalk_db`` (with a small
random per-pair gain and delay), independent noise on every channel.

The *true onset* of a clip is its first sample whose magnitude exceeds 2 %
of the clip's peak (espeak-ng starts its output with ~20-40 ms of silence).
"""

from __future__ import annotations

import functools
import io
import shutil
import subprocess
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

PHRASES = (
    "Pas mou le caillou",
    "Grelotte ça picote",
    "Chouette velute",
    "Cul de chouette",
    "Suite",
    "Bévue",
    "Sans fin est la moisissure des bières bretonnes",
    "Velute",
)
VOICES = ("fr+m3", "fr+f2", "fr+m7", "fr+f4", "fr-be+m1", "fr+f1")


class SynthUnavailable(RuntimeError):
    """espeak-ng is not installed."""


def espeak_available() -> bool:
    return shutil.which("espeak-ng") is not None


@functools.lru_cache(maxsize=256)
def _speak_cached(text: str, voice: str, rate: int, speed: int) -> bytes:
    if not espeak_available():
        raise SynthUnavailable("espeak-ng is not installed")
    wav = subprocess.run(
        ["espeak-ng", "-v", voice, "-s", str(speed), "--stdout", text],
        check=True,
        capture_output=True,
    ).stdout
    import soundfile as sf
    import soxr

    data, file_rate = sf.read(io.BytesIO(wav), dtype="float32")
    if data.ndim > 1:
        data = data.mean(axis=1)
    if file_rate != rate:
        data = soxr.resample(data, file_rate, rate, quality="HQ").astype(np.float32)
    return data.astype(np.float32).tobytes()


def speak(text: str, voice: str = "fr", rate: int = 16000, speed: int = 160) -> np.ndarray:
    """Mono float32 speech at ``rate``."""
    return np.frombuffer(_speak_cached(text, voice, rate, speed), dtype=np.float32).copy()


def true_onset(clip: np.ndarray, fraction: float = 0.02) -> int:
    """Index of the first sample above ``fraction`` of the clip's peak."""
    a = np.abs(clip)
    return int(np.argmax(a > fraction * a.max()))


@dataclass(frozen=True)
class Shout:
    player: int
    t: float  # true onset on the session clock (s)
    text: str
    race: int | None = None  # shouts of one race share an id


@dataclass(frozen=True)
class Table:
    audio: np.ndarray  # (samples, players) float32
    rate: int
    shouts: tuple[Shout, ...]
    ends: tuple[float, ...]  # true end of each shout (s)

    @property
    def duration(self) -> float:
        return len(self.audio) / self.rate


def mix_table(
    shouts: Sequence[Shout],
    players: int,
    rate: int = 16000,
    crosstalk_db: float = -12.0,
    noise_dbfs: float = -60.0,
    seed: int = 0,
    tail_s: float = 1.5,
    voices: Sequence[str] = VOICES,
    reverb_db: float | None = None,
    reverb_ms: float = 40.0,
) -> Table:
    """Mix ``shouts`` onto one microphone per player with crosstalk and noise.

    The leak is a pure gain + delay unless ``reverb_db`` is given: then a
    random exponentially decaying tail (time constant ``reverb_ms``) carrying
    ``reverb_db`` of energy relative to the direct path is added to it, a
    crude stand-in for a room.
    """
    rng = np.random.default_rng(seed)
    clips = [speak(s.text, voices[s.player % len(voices)], rate) for s in shouts]
    onsets = [true_onset(c) for c in clips]
    starts = [int(round(s.t * rate)) - o for s, o in zip(shouts, onsets, strict=True)]
    if min(starts, default=0) < 0:
        raise ValueError("a shout starts before the session")
    n = max((st + len(c) for st, c in zip(starts, clips, strict=True)), default=0) + int(tail_s * rate)
    # the room first, so that one seed gives one room whatever is said in it
    leak_gain = 10 ** ((crosstalk_db + rng.uniform(-1.0, 1.0, size=(players, players))) / 20)
    delay = rng.integers(0, int(0.003 * rate) + 1, size=(players, players))
    gain = 10 ** (rng.uniform(-3.0, 0.0, size=players) / 20) * 0.7
    taps = int(4 * reverb_ms * rate / 1000)
    paths = {}
    for ch in range(players):
        for p in range(players):
            h = np.zeros(int(delay[ch, p]) + 1 + (taps if reverb_db is not None else 0))
            h[int(delay[ch, p])] = leak_gain[ch, p]
            if reverb_db is not None:
                tail = rng.normal(size=taps) * np.exp(-np.arange(taps) / (reverb_ms * rate / 1000))
                tail *= leak_gain[ch, p] * np.sqrt(10 ** (reverb_db / 10) / float(tail @ tail))
                h[int(delay[ch, p]) + 1 :] += tail
            paths[(ch, p)] = h
    audio = rng.normal(0.0, 10 ** (noise_dbfs / 20), size=(n, players)).astype(np.float32)
    ends = []
    for s, clip, st in zip(shouts, clips, starts, strict=True):
        loud = clip * gain[s.player]
        for ch in range(players):
            if ch == s.player:
                audio[st : st + len(clip), ch] += loud
            else:
                leak = _convolve(loud, paths[(ch, s.player)])
                end = min(n, st + len(leak))
                audio[st:end, ch] += leak[: end - st]
        last = len(clip) - 1 - int(np.argmax(np.abs(clip[::-1]) > 0.02 * np.abs(clip).max()))
        ends.append((st + last) / rate)
    return Table(audio=audio, rate=rate, shouts=tuple(shouts), ends=tuple(ends))


def _convolve(x: np.ndarray, h: np.ndarray) -> np.ndarray:
    size = 1 << (len(x) + len(h) - 2).bit_length()
    return np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(h, size), size)[: len(x) + len(h) - 1].astype(np.float32)


def random_game(
    players: int = 4,
    rounds: int = 20,
    seed: int = 1,
    race_share: float = 0.6,
    offsets_ms: tuple[float, float] = (40.0, 300.0),
) -> list[Shout]:
    """Single shouts and races (2..players shouters, offsets within ``offsets_ms``)."""
    rng = np.random.default_rng(seed)
    shouts: list[Shout] = []
    t = 1.0
    for r in range(rounds):
        if rng.random() < race_share:
            who = rng.permutation(players)[: int(rng.integers(2, players + 1))]
            text = PHRASES[int(rng.integers(0, 4))]
            at = t
            for k, p in enumerate(who):
                if k:
                    at += float(rng.uniform(*offsets_ms)) / 1000
                shouts.append(Shout(int(p), round(at, 4), text, race=r))
        else:
            shouts.append(Shout(int(rng.integers(0, players)), round(t, 4), PHRASES[int(rng.integers(0, len(PHRASES)))]))
        t += float(rng.uniform(4.0, 5.0))
    return shouts
