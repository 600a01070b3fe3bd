"""The live path for real: sounddevice records a PulseAudio null sink's monitor
(a virtual 2-channel microphone) while the test plays a table recording into it.

Everything runs against a private PulseAudio daemon started in a temp dir; the
recorder runs in a subprocess because PortAudio reads the Pulse environment
when sounddevice is imported.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from conftest import needs_espeak

from voice_scribe.audio import synth
from voice_scribe.audio.segment import segment_audio

pytestmark = [
    pytest.mark.audio,
    needs_espeak,
    pytest.mark.skipif(
        not all(shutil.which(t) for t in ("pulseaudio", "pactl", "paplay", "parec")),
        reason="PulseAudio tools missing (apt-get install pulseaudio pulseaudio-utils libasound2-plugins)",
    ),
]

REPO = Path(__file__).resolve().parents[2]
CHANNEL_MAP = "front-left,front-right"
RECORDER = """
import sys, numpy as np
from voice_scribe.audio.sources import LiveSource
from voice_scribe.audio.errors import AudioError
out, secs = sys.argv[1], float(sys.argv[2])
blocks = []
try:
    with LiveSource(device="default", channels=2, rate=16000, stall_s=1.0) as src:
        print("ready", flush=True)
        for frame in src:
            blocks.append(frame.data)
            if frame.end >= secs * 16000:
                break
except AudioError as exc:
    print("ERREUR", exc, flush=True)
    sys.exit(3)
np.save(out, np.concatenate(blocks))
print("done", flush=True)
"""


class Pulse:
    """A private PulseAudio daemon with a 2-channel 16 kHz null sink ``vmic``."""

    def __init__(self, root: Path) -> None:
        self.root = root
        for d in ("run", "state", "home"):
            (root / d).mkdir(parents=True, exist_ok=True)
        conf = root / "pa.conf"
        conf.write_text(
            "load-module module-native-protocol-unix\n"
            f"load-module module-null-sink sink_name=vmic rate=16000 channels=2 format=s16le channel_map={CHANNEL_MAP}\n"
            "set-default-source vmic.monitor\n"
        )
        self.env = {
            **os.environ,
            "PULSE_RUNTIME_PATH": str(root / "run"),
            "PULSE_STATE_PATH": str(root / "state"),
            "HOME": str(root / "home"),
            "PULSE_SOURCE": "vmic.monitor",
            "PYTHONPATH": str(REPO),
        }
        self.daemon = subprocess.Popen(
            ["pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--system=false", "-n", "-F", str(conf)],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.reader: subprocess.Popen | None = None
        if not self._wait(lambda: self._run("pactl", "info").returncode == 0, 5.0):
            self.stop()
            pytest.skip("the PulseAudio daemon did not start")
        # keep one low-latency reader on the monitor (field notes: else recordings lose time)
        self.reader = subprocess.Popen(
            ["parec", "--latency-msec=10", "-d", "vmic.monitor", "--raw"],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        if not self._wait(self._low_latency, 8.0):
            self.stop()
            pytest.skip("the null sink's latency never dropped under 50 ms")

    def _run(self, *cmd: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(cmd, env=self.env, capture_output=True, text=True, timeout=10)

    def _low_latency(self) -> bool:
        for line in self._run("pactl", "list", "sinks").stdout.splitlines():
            if line.strip().startswith("Latency:"):
                return int(line.split()[1]) < 50_000
        return False

    @staticmethod
    def _wait(cond, timeout: float) -> bool:  # noqa: ANN001
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if cond():
                return True
            time.sleep(0.1)
        return False

    def recorder(self, out: Path, seconds: float) -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            [sys.executable, "-c", RECORDER, str(out), str(seconds)],
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        first = proc.stdout.readline() if proc.stdout else ""
        if not first.startswith("ready"):
            proc.wait(timeout=10)
            pytest.fail(f"recorder did not start: {first} {proc.stderr.read() if proc.stderr else ''}")
        return proc

    def play(self, wav: Path) -> None:
        res = self._run("paplay", "--device=vmic", f"--channel-map={CHANNEL_MAP}", str(wav))
        assert res.returncode == 0, res.stderr

    def kill_daemon(self) -> None:
        self.daemon.kill()
        self.daemon.wait(timeout=10)

    def stop(self) -> None:
        for proc in (self.reader, self.daemon):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    proc.kill()
                    proc.wait(timeout=5)


@pytest.fixture
def pulse(tmp_path: Path) -> Iterator[Pulse]:
    p = Pulse(tmp_path / "pulse")
    try:
        yield p
    finally:
        p.stop()


def test_live_recording_through_a_virtual_microphone(pulse: Pulse, tmp_path: Path) -> None:
    import soundfile as sf

    shouts = [synth.Shout(0, 0.5, "Pas mou le caillou"), synth.Shout(1, 2.0, "Grelotte ça picote")]
    table = synth.mix_table(shouts, players=2, seed=5)
    wav = tmp_path / "table.wav"
    sf.write(wav, table.audio, table.rate, subtype="PCM_16")
    out = tmp_path / "rec.npy"
    rec = pulse.recorder(out, seconds=table.duration + 1.0)
    pulse.play(wav)
    assert rec.wait(timeout=30) == 0, rec.stderr.read() if rec.stderr else ""
    audio = np.load(out)
    assert audio.shape[1] == 2
    segments = segment_audio(audio, 16000)
    assert [s.channel for s in segments] == [0, 1]  # each shout on its own mic, crosstalk dropped
    # the recording starts before playback: compare the interval, not absolute times
    assert segments[1].start - segments[0].start == pytest.approx(1.5, abs=0.02)


def test_a_microphone_that_disappears_gives_a_french_error(pulse: Pulse, tmp_path: Path) -> None:
    rec = pulse.recorder(tmp_path / "rec.npy", seconds=30.0)
    pulse.kill_daemon()
    out, err = rec.communicate(timeout=30)
    assert rec.returncode == 3, err
    assert "ERREUR" in out and ("débranché" in out or "micro" in out)


def test_devices_command_lists_the_virtual_microphone(pulse: Pulse) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "voice_scribe", "devices"], env=pulse.env, capture_output=True, text=True, timeout=30
    )
    assert res.returncode == 0, res.stderr
    assert "pulse" in res.stdout or "default" in res.stdout
    assert "micro par défaut" in res.stdout
