"""File and raw sources, the session clock, the mute gate, voiceprints, the CLI."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf
from conftest import GAME_PLAYERS, GAME_SHOUTS, needs_espeak

from voice_scribe.audio.errors import AudioError, NoInputDevice
from voice_scribe.audio.mute import Mute
from voice_scribe.audio.sources import DeviceInfo, FileSource, Frame, RawSource, resolve_device
from voice_scribe.cli import main
from voice_scribe.speech.speaker import Voiceprints, cosine


def _tone(rate: int, seconds: float, channels: int) -> np.ndarray:
    t = np.arange(int(rate * seconds)) / rate
    return np.stack([0.3 * np.sin(2 * np.pi * (220 + 110 * c) * t) for c in range(channels)], axis=1).astype(np.float32)


@pytest.mark.parametrize(("rate", "fmt"), [(44100, "FLAC"), (22050, "WAV"), (16000, "WAV"), (48000, "WAV")])
def test_file_source_resamples_and_keeps_a_contiguous_clock(tmp_path: Path, rate: int, fmt: str) -> None:
    path = tmp_path / f"x.{fmt.lower()}"
    sf.write(path, _tone(rate, 2.0, 3), rate, format=fmt)
    src = FileSource(path, rate=16000, block_s=0.07)
    assert src.channels == 3 and src.file_rate == rate
    frames = list(src)
    assert frames[0].start == 0
    for a, b in zip(frames, frames[1:], strict=False):
        assert b.start == a.end  # no gap, no overlap: one clock
    total = frames[-1].end
    assert abs(total - 32000) <= 2
    audio = np.concatenate([f.data for f in frames])
    # the 220 Hz tone of channel 0 survived resampling: check its zero-crossing rate
    crossings = np.count_nonzero(np.diff(np.signbit(audio[1000:-1000, 0])))
    assert crossings / ((len(audio) - 2000) / 16000) == pytest.approx(440, rel=0.02)


def test_file_source_selects_channels(tmp_path: Path) -> None:
    path = tmp_path / "x.wav"
    data = _tone(16000, 0.5, 3)
    sf.write(path, data, 16000, subtype="FLOAT")
    picked = FileSource(path, select=[2, 0]).read_all()
    assert np.allclose(picked, data[:, [2, 0]])
    with pytest.raises(AudioError, match="canal"):
        FileSource(path, select=[5])


def test_file_source_errors_are_french(tmp_path: Path) -> None:
    with pytest.raises(AudioError, match="introuvable|illisible"):
        FileSource(tmp_path / "absent.wav")
    (tmp_path / "bad.wav").write_bytes(b"not audio at all")
    with pytest.raises(AudioError, match="illisible"):
        FileSource(tmp_path / "bad.wav")


def test_file_source_reads_a_file_object(tmp_path: Path) -> None:
    buf = io.BytesIO()
    sf.write(buf, _tone(22050, 1.0, 1), 22050, format="WAV")
    buf.seek(0)
    audio = FileSource(buf, rate=16000).read_all()
    assert audio.shape[1] == 1 and abs(len(audio) - 16000) <= 2


def test_raw_source_from_a_pipe() -> None:
    data = (_tone(8000, 1.0, 2) * 32767).astype("<i2")
    frames = list(RawSource(io.BytesIO(data.tobytes() + b"\x01"), rate=16000, channels=2, in_rate=8000))
    assert frames[0].start == 0 and all(b.start == a.end for a, b in zip(frames, frames[1:], strict=False))
    assert abs(frames[-1].end - 16000) <= 2
    same = list(RawSource(io.BytesIO(data.tobytes()), rate=8000, channels=2))
    assert np.allclose(np.concatenate([f.data for f in same]), data / 32768.0)


def test_resolve_device_by_index_name_and_fragment() -> None:
    devs = [
        DeviceInfo(0, "HDA Intel: ALC892 Analog", "ALSA", 2, 44100.0, False),
        DeviceInfo(3, "Table 4ch USB", "ALSA", 4, 48000.0, True),
        DeviceInfo(5, "USB Headset", "ALSA", 1, 48000.0, False),
    ]
    assert resolve_device(None, devs).index == 3
    assert resolve_device(5, devs).name == "USB Headset"
    assert resolve_device("0", devs).index == 0
    assert resolve_device("table 4ch usb", devs).index == 3
    assert resolve_device("headset", devs).index == 5
    with pytest.raises(NoInputDevice, match="plusieurs"):
        resolve_device("usb", devs)
    with pytest.raises(NoInputDevice, match="aucun micro"):
        resolve_device("inexistant", devs)
    with pytest.raises(NoInputDevice, match="indice 9"):
        resolve_device(9, devs)
    with pytest.raises(NoInputDevice, match="aucun périphérique"):
        resolve_device(None, [])


class FakeClock:
    """A settable clock: the thing under test is the gate, not time."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _frames(seconds: float, rate: int = 1000, block: int = 100) -> list[Frame]:
    n = int(seconds * rate)
    return [Frame(i, rate, np.ones((min(block, n - i), 2), np.float32)) for i in range(0, n, block)]


def test_mute_silences_what_the_scribe_says() -> None:
    clock = FakeClock()
    mute = Mute(clock, tail_s=0.05)
    clock.now = 0.25
    with mute.muted():
        assert mute.is_muted
        clock.now = 0.6
    assert not mute.is_muted
    out = np.concatenate([f.data for f in mute.gate(_frames(1.0))])
    silent = np.flatnonzero(out[:, 0] == 0.0)
    assert len(out) == 1000  # the clock is untouched
    assert silent[0] == 250 and silent[-1] == 649  # 0.25 s … 0.6 s + 0.05 s tail
    assert np.all(out[:250] == 1.0) and np.all(out[650:] == 1.0)


def test_mute_drop_mode_and_open_span() -> None:
    clock = FakeClock()
    mute = Mute(clock, tail_s=0.0)
    mute.add_span(0.2, 0.4)
    kept = list(mute.gate(_frames(1.0), drop=True))
    assert [f.start for f in kept] == [0, 100, 400, 500, 600, 700, 800, 900]
    clock.now = 0.7
    mute.set()
    tail = [f for f in mute.gate(_frames(1.0)) if f.start >= 700]
    assert all(np.all(f.data == 0.0) for f in tail)
    mute.clear()
    mute.forget_before(0.5)
    assert mute.spans() == [(0.7, 0.7)]
    with pytest.raises(ValueError):
        mute.add_span(1.0, 0.5)


def test_voiceprints_enroll_and_match() -> None:
    rng = np.random.default_rng(0)
    centres = {name: rng.normal(size=128) for name in ("Karadoc", "Perceval", "Léodagan")}
    prints = Voiceprints(min_similarity=0.6, margin=0.1)
    for name, c in centres.items():
        prints.enroll(name, [c + rng.normal(scale=0.4, size=128) for _ in range(3)])
    for name, c in centres.items():
        m = prints.match(c + rng.normal(scale=0.4, size=128))
        assert m.speaker == name and m.score > m.runner_up_score
    stranger = prints.match(rng.normal(size=128))
    assert stranger.speaker is None
    between = prints.match(centres["Karadoc"] + centres["Perceval"])
    assert between.speaker is None  # too close to call
    assert cosine([1, 0], [0, 1]) == pytest.approx(0.0)
    with pytest.raises(ValueError):
        prints.enroll("Yvain", [np.zeros(128)])
    with pytest.raises(ValueError):
        prints.enroll("Yvain", [np.ones(64)])


@pytest.mark.audio
@needs_espeak
def test_cli_segments_prints_one_json_line_per_shout(game_wav: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["segments", "--audio", str(game_wav), "--channels", ",".join(GAME_PLAYERS), "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == len(GAME_SHOUTS)
    assert [d["speaker"] for d in lines] == [GAME_PLAYERS[s.player] for s in sorted(GAME_SHOUTS, key=lambda s: s.t)]
    for d, s in zip(lines, sorted(GAME_SHOUTS, key=lambda s: s.t), strict=True):
        assert abs(d["t"] - s.t) < 0.08 and d["end"] > d["t"]
        assert d["loudness_ratio"] > 2 and "ambiguous" not in d and d["text"] == ""


@pytest.mark.audio
@needs_espeak
def test_cli_segments_user_errors(game_wav: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["segments", "--audio", str(game_wav), "--channels", "A,B"]) == 2
    assert "4 canal(aux) mais 2 joueur(s)" in capsys.readouterr().err
    assert main(["segments", "--audio", str(tmp_path / "absent.wav")]) == 2
    assert "introuvable" in capsys.readouterr().err
    assert main(["segments", "--audio", str(game_wav), "--model", str(tmp_path / "nomodel")]) == 2
    assert "modèle" in capsys.readouterr().err
