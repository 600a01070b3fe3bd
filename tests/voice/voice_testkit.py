"""Helpers of the voice tests: espeak-ng availability, WAV analysis, a manual clock, a virtual sound card."""

from __future__ import annotations

import ctypes.util
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf

HAVE_ESPEAK = ctypes.util.find_library("espeak-ng") is not None or ctypes.util.find_library("espeak") is not None
needs_espeak = pytest.mark.skipif(
    not HAVE_ESPEAK, reason="libespeak-ng is not installed (apt-get install espeak-ng): no real synthesis possible"
)
HAVE_PULSE = all(shutil.which(x) for x in ("pulseaudio", "pactl", "parec", "aplay"))


@dataclass(frozen=True)
class Wav:
    rate: int
    channels: int
    duration: float
    rms: float

    @classmethod
    def read(cls, path: str | Path) -> Wav:
        data, rate = sf.read(str(path), dtype="float32", always_2d=True)
        rms = float(np.sqrt(np.mean(np.square(data)))) if data.size else 0.0
        return cls(rate=rate, channels=data.shape[1], duration=data.shape[0] / rate, rms=rms)


#: Full-scale RMS below which a WAV counts as silence (espeak speech is ≈ 0.05–0.2).
SILENCE_RMS = 0.005


class ManualClock:
    """A clock the test moves by hand (for staleness without sleeping)."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@dataclass
class VirtualSink:
    """A private PulseAudio server with a null sink: a sound card for aplay."""

    server: str
    sink: str
    rate: int

    def record(self, path: Path) -> subprocess.Popen[bytes]:
        """Start recording the sink's monitor (raw s16le mono) into ``path``."""
        fh = open(path, "wb")  # noqa: SIM115 - closed by stop_recording
        proc = subprocess.Popen(
            ["parec", "--latency-msec=20", "-d", f"{self.sink}.monitor", "--raw",
             f"--rate={self.rate}", "--channels=1", "--format=s16le"],
            stdout=fh, stderr=subprocess.DEVNULL, env={**os.environ, "PULSE_SERVER": self.server},
        )
        proc.fh = fh  # type: ignore[attr-defined]
        return proc


def stop_recording(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    proc.wait(5)
    proc.fh.close()  # type: ignore[attr-defined]
