"""Speech clips with a known onset: espeak-ng variants and a real French speaker.

Every clip is trimmed so that its first ``LEAD`` samples are a fade-in below
-35 dB of its peak and its truth onset is sample ``LEAD``: the truth does not
depend on any detector.
"""

from __future__ import annotations

import functools
import io
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np

RATE = 16000
#: samples of fade-in before the truth onset of every clip
LEAD = 32
#: the truth onset: first 2 ms window whose RMS reaches this level under the clip's peak window
ONSET_DB = -35.0

ASTERISK_DIR = Path("/usr/share/asterisk/sounds/fr_CA_f_June")

#: announcements shouted at the table (espeak-ng voices)
SHOUTS = (
    "Pas mou le caillou !",
    "Grelotte ça picote !",
    "Chouette velute !",
    "Cul de chouette !",
    "Linotte !",
    "Fauvette !",
    "Cinq !",
    "Trois !",
    "Suite !",
    "Bévue !",
    "Sirop !",
    "Contre-sirop !",
    "Velute !",
    "Je prends !",
)
#: longer talk that overlaps shouts
TALK = (
    "Sans fin est la moisissure des bières bretonnes.",
    "Attends, c'est à qui de lancer les dés maintenant ?",
    "Non mais c'est pas possible, il a encore fait une chouette.",
    "On avait dit qu'on jouait avec la règle du civet.",
)
#: words of the real speaker used as shouts (file stems under ASTERISK_DIR)
HUMAN_SHOUTS = ("hello", "goodbye", "sorry", "digits/1", "digits/2", "digits/3", "digits/4", "digits/5", "digits/6", "digits/et", "letters/s", "letters/f")
#: the real speaker's sentences, used as talk and as background babble
HUMAN_TALK = ("vm-intro", "conf-onlyperson", "conf-thereare", "vm-tocancel", "queue-thankyou", "ss-noservice", "vm-nomore")

ESPEAK_VOICES = ("fr+m1", "fr+f3", "fr+m4", "fr+f5", "fr-be+m2", "fr-ch+f2", "fr+m6", "fr+klatt2")


class Unavailable(RuntimeError):
    """A voice source (espeak-ng, sox, the asterisk sounds, G722) is missing."""


def missing() -> list[str]:
    """What this machine lacks to build rooms (empty: all there)."""
    out = []
    for tool in ("espeak-ng", "sox"):
        if shutil.which(tool) is None:
            out.append(tool)
    if not (ASTERISK_DIR / "digits" / "5.g722").exists():
        out.append("asterisk-core-sounds-fr-g722")
    for mod in ("G722", "pyroomacoustics", "soundfile", "soxr"):
        try:
            __import__(mod)
        except ImportError:
            out.append(mod)
    return out


@dataclass(frozen=True)
class Voice:
    """A player's voice: an espeak-ng variant or the real speaker pitch-shifted (cents)."""

    kind: str  # "espeak" | "human"
    name: str  # espeak voice id, or "" for the human speaker
    pitch: int = 50  # espeak -p, or cents for the human
    speed: int = 160  # espeak -s, or tempo percent for the human

    def shouts(self) -> tuple[str, ...]:
        return SHOUTS if self.kind == "espeak" else HUMAN_SHOUTS

    def talk(self) -> tuple[str, ...]:
        return TALK if self.kind == "espeak" else HUMAN_TALK


def _env(x: np.ndarray, win: int = 32) -> np.ndarray:
    n = len(x) // win
    return np.sqrt((x[: n * win].reshape(n, win).astype(np.float64) ** 2).mean(axis=1) + 1e-20)


def trim(x: np.ndarray) -> np.ndarray:
    """The clip from LEAD samples before its truth onset to 30 ms after its last window above the onset level."""
    env = _env(x)
    above = np.flatnonzero(env >= env.max() * 10 ** (ONSET_DB / 20))
    win = 32
    # refine within the first window above the level: first sample where the 2 ms RMS (sliding) crosses it
    first = int(above[0]) * win
    sq = np.concatenate([[0.0], np.cumsum(x.astype(np.float64) ** 2)])
    lo = max(0, first - win)
    sliding = np.sqrt((sq[lo + win : first + 2 * win] - sq[lo : first + win]) / win)
    level = env.max() * 10 ** (ONSET_DB / 20)
    onset = lo + int(np.argmax(sliding >= level))  # window starting here reaches the level
    end = min(len(x), (int(above[-1]) + 1) * win + int(0.03 * RATE))
    start = onset - LEAD
    clip = np.zeros(end - start, np.float32)
    src = x[max(0, start) : end]
    clip[len(clip) - len(src) :] = src
    clip[:LEAD] *= np.sin(np.linspace(0, np.pi / 2, LEAD)) ** 2
    tail = min(len(clip), int(0.02 * RATE))
    clip[-tail:] *= np.linspace(1, 0, tail)
    return clip


def _read_wav(data: bytes) -> np.ndarray:
    import soundfile as sf
    import soxr

    x, rate = sf.read(io.BytesIO(data), dtype="float32")
    if x.ndim > 1:
        x = x.mean(axis=1)
    if rate != RATE:
        x = soxr.resample(x, rate, RATE, quality="HQ").astype(np.float32)
    return x


def _sox(x: np.ndarray, effects: list[str]) -> np.ndarray:
    pcm = (np.clip(x, -1, 1) * 32767).astype("<i2").tobytes()
    fmt = ["-t", "raw", "-r", str(RATE), "-e", "signed", "-b", "16", "-c", "1"]
    out = subprocess.run(["sox", "-R", *fmt, "-", *fmt, "-", *effects], input=pcm, capture_output=True, check=True).stdout
    return np.frombuffer(out, "<i2").astype(np.float32) / 32768


@functools.lru_cache(maxsize=64)
def _human_raw(stem: str) -> np.ndarray:
    import G722

    path = ASTERISK_DIR / f"{stem}.g722"
    if not path.exists():
        raise Unavailable(f"{path} missing (apt-get install asterisk-core-sounds-fr-g722)")
    pcm = G722.G722(RATE, 64000).decode(path.read_bytes())
    return np.asarray(pcm, dtype=np.float32) / 32768


@functools.lru_cache(maxsize=512)
def _clip_cached(voice: Voice, text: str) -> bytes:
    if voice.kind == "espeak":
        wav = subprocess.run(
            ["espeak-ng", "-v", voice.name, "-p", str(voice.pitch), "-s", str(voice.speed), "--stdout", text],
            check=True,
            capture_output=True,
        ).stdout
        x = _read_wav(wav)
    else:
        x = _human_raw(text)
        effects = []
        if voice.pitch:
            effects += ["pitch", str(voice.pitch)]
        if voice.speed != 100:
            effects += ["tempo", "-s", f"{voice.speed / 100:.2f}"]
        if effects:
            x = _sox(x, effects)
    return trim(x).tobytes()


def clip(voice: Voice, text: str) -> np.ndarray:
    """Dry mono float32 clip at RATE; its truth onset is sample LEAD."""
    return np.frombuffer(_clip_cached(voice, text), np.float32).copy()


def true_end(x: np.ndarray) -> int:
    """Last sample of the last 2 ms window above the onset level."""
    env = _env(x)
    above = np.flatnonzero(env >= env.max() * 10 ** (ONSET_DB / 20))
    return (int(above[-1]) + 1) * 32
