"""Fixtures of the voice tests (helpers live in voice_testkit.py)."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator

import pytest
from voice_testkit import HAVE_PULSE, ManualClock, VirtualSink


@pytest.fixture
def manual_clock() -> ManualClock:
    return ManualClock()


@pytest.fixture(scope="module")
def virtual_sink(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VirtualSink]:
    """PulseAudio (user mode, null sink) reachable through ALSA's default device.

    ``PULSE_SERVER`` is set in this process's environment while the fixture
    lives (aplay, started by the Speaker, inherits it) and restored after.
    """
    if not HAVE_PULSE:
        pytest.skip("pulseaudio/pactl/parec/aplay not installed: no virtual sound card for playback tests")
    root = tmp_path_factory.mktemp("pulse")
    for sub in ("run", "state", "home"):
        (root / sub).mkdir()
    rate = 22050
    config = root / "default.pa"
    config.write_text(
        "load-module module-native-protocol-unix\n"
        f"load-module module-null-sink sink_name=vs_sink rate={rate} channels=1 format=s16le\n"
        "set-default-sink vs_sink\n"
    )
    env = {**os.environ, "PULSE_RUNTIME_PATH": str(root / "run"), "PULSE_STATE_PATH": str(root / "state"),
           "HOME": str(root / "home")}
    env.pop("PULSE_SERVER", None)
    daemon = subprocess.Popen(
        ["pulseaudio", "--daemonize=no", "--exit-idle-time=-1", "--system=false", "-n", "-F", str(config)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    server = f"unix:{root / 'run' / 'native'}"
    try:
        for _ in range(100):
            ok = subprocess.run(["pactl", "info"], env={**env, "PULSE_SERVER": server},
                                capture_output=True).returncode == 0
            if ok:
                break
            if daemon.poll() is not None:
                pytest.skip("pulseaudio did not start")
            time.sleep(0.05)
        else:
            pytest.skip("pulseaudio did not answer")
        saved = os.environ.get("PULSE_SERVER")
        os.environ["PULSE_SERVER"] = server
        try:
            yield VirtualSink(server=server, sink="vs_sink", rate=rate)
        finally:
            if saved is None:
                os.environ.pop("PULSE_SERVER", None)
            else:
                os.environ["PULSE_SERVER"] = saved
    finally:
        daemon.terminate()
        try:
            daemon.wait(5)
        except subprocess.TimeoutExpired:
            daemon.kill()
            daemon.wait()
