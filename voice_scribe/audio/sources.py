"""Audio sources behind one interface: iterables of timestamped frames.

Every source yields :class:`Frame` objects whose ``start`` is a sample index on
the *session clock*: samples at the source's output rate counted from the
first sample of the stream, the same for every channel. ``t = start / rate``.

* :class:`FileSource` — WAV/FLAC/… through soundfile, any rate, mono or
  multichannel, resampled with soxr to the requested rate;
* :class:`RawSource` — interleaved signed 16-bit PCM from a binary stream
  (stdin, a pipe);
* :class:`LiveSource` — a sounddevice input stream (one device, N channels).
"""

from __future__ import annotations

import io
import queue
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, Protocol

import numpy as np

from voice_scribe.audio.errors import AudioError, DeviceLost, NoInputDevice, PortAudioMissing

#: Sample rate of the Vosk models we use.
MODEL_RATE = 16000


@dataclass(frozen=True)
class Frame:
    """``data`` is float32 in [-1, 1], shape (samples, channels)."""

    start: int
    rate: int
    data: np.ndarray

    @property
    def t(self) -> float:
        return self.start / self.rate

    @property
    def end(self) -> int:
        return self.start + len(self.data)

    @property
    def channels(self) -> int:
        return int(self.data.shape[1])


class AudioSource(Protocol):
    rate: int
    channels: int

    def __iter__(self) -> Iterator[Frame]: ...

    def close(self) -> None: ...


def to_int16(data: np.ndarray) -> np.ndarray:
    """Float [-1, 1] samples to int16 (clipped), the format Vosk wants."""
    return (np.clip(data, -1.0, 1.0) * 32767.0).astype(np.int16)


def _select(data: np.ndarray, channels: Sequence[int] | None) -> np.ndarray:
    return data if channels is None else data[:, list(channels)]


class _Resampler:
    """Streaming resampler keeping the output sample count (the clock)."""

    def __init__(self, in_rate: int, out_rate: int, channels: int) -> None:
        self.passthrough = in_rate == out_rate
        self._stream = None
        if not self.passthrough:
            import soxr

            self._stream = soxr.ResampleStream(in_rate, out_rate, channels, dtype="float32", quality="HQ")

    def __call__(self, block: np.ndarray, last: bool = False) -> np.ndarray:
        if self._stream is None:
            return block
        out = self._stream.resample_chunk(np.ascontiguousarray(block, dtype=np.float32), last=last)
        return out.reshape(-1, block.shape[1])


@dataclass
class FileSource:
    """Frames from a sound file (anything libsndfile reads), resampled to ``rate``.

    ``path`` may also be a binary file object (e.g. stdin read into memory).
    ``channels`` picks and orders file channels (default: all).
    """

    path: str | Path | BinaryIO
    rate: int = MODEL_RATE
    block_s: float = 0.1
    select: Sequence[int] | None = None
    channels: int = field(init=False)
    file_rate: int = field(init=False)
    duration_s: float = field(init=False)

    def __post_init__(self) -> None:
        import soundfile as sf

        if isinstance(self.path, str | Path) and not Path(self.path).is_file():
            raise AudioError(f"fichier audio introuvable : {self.path}")
        try:
            info = sf.info(self.path) if not hasattr(self.path, "read") else None
        except (sf.LibsndfileError, RuntimeError) as exc:
            raise AudioError(f"fichier audio illisible : {self.path} ({exc})") from None
        except FileNotFoundError:
            raise AudioError(f"fichier audio introuvable : {self.path}") from None
        if info is None:  # file object: open once to read its header
            with self._open() as f:
                file_rate, file_channels, frames = f.samplerate, f.channels, f.frames
            self.path.seek(0)  # type: ignore[union-attr]
        else:
            file_rate, file_channels, frames = info.samplerate, info.channels, info.frames
        if self.select is not None and any(not 0 <= c < file_channels for c in self.select):
            raise AudioError(f"le fichier n'a que {file_channels} canal(aux) : canaux demandés {list(self.select)}")
        self.file_rate = int(file_rate)
        self.channels = len(self.select) if self.select is not None else int(file_channels)
        self.duration_s = frames / file_rate if frames > 0 else 0.0

    def _open(self):  # noqa: ANN202 - soundfile.SoundFile
        import soundfile as sf

        try:
            return sf.SoundFile(self.path)
        except (sf.LibsndfileError, RuntimeError) as exc:
            raise AudioError(f"fichier audio illisible : {self.path} ({exc})") from None

    def __iter__(self) -> Iterator[Frame]:
        resample = _Resampler(self.file_rate, self.rate, self.channels)
        block = max(1, int(self.block_s * self.file_rate))
        clock = 0
        with self._open() as f:
            while True:
                data = f.read(block, dtype="float32", always_2d=True)
                last = len(data) < block
                out = resample(_select(data, self.select), last=last) if len(data) or not resample.passthrough else data
                if len(out):
                    yield Frame(clock, self.rate, out)
                    clock += len(out)
                if last:
                    return

    def read_all(self) -> np.ndarray:
        """The whole file at ``rate``, float32, shape (samples, channels)."""
        parts = [fr.data for fr in self]
        if not parts:
            return np.zeros((0, self.channels), np.float32)
        return np.concatenate(parts)

    def close(self) -> None:
        return None


@dataclass
class RawSource:
    """Interleaved little-endian int16 PCM from a binary stream (stdin, a pipe)."""

    stream: BinaryIO
    rate: int = MODEL_RATE
    channels: int = 1
    in_rate: int | None = None
    block_s: float = 0.1

    def __iter__(self) -> Iterator[Frame]:
        in_rate = self.in_rate or self.rate
        resample = _Resampler(in_rate, self.rate, self.channels)
        nbytes = max(1, int(self.block_s * in_rate)) * 2 * self.channels
        clock = 0
        pending = b""
        while True:
            chunk = self.stream.read(nbytes)
            last = not chunk
            pending += chunk or b""
            usable = len(pending) - len(pending) % (2 * self.channels)
            raw, pending = pending[:usable], pending[usable:]
            data = np.frombuffer(raw, dtype="<i2").astype(np.float32).reshape(-1, self.channels) / 32768.0
            out = resample(data, last=last) if len(data) or (last and not resample.passthrough) else data
            if len(out):
                yield Frame(clock, self.rate, out)
                clock += len(out)
            if last:
                return

    def close(self) -> None:
        return None


def open_stdin_audio(stream: BinaryIO, rate: int = MODEL_RATE) -> FileSource:
    """A WAV/FLAC file piped on stdin (read into memory: pipes cannot seek)."""
    return FileSource(io.BytesIO(stream.read()), rate=rate)


# --------------------------------------------------------------------- live


def load_sounddevice():  # noqa: ANN201 - the sounddevice module
    """Import sounddevice, turning a missing PortAudio into a French message."""
    try:
        import sounddevice
    except OSError as exc:
        raise PortAudioMissing(
            "la bibliothèque PortAudio est introuvable : installez-la "
            "(Debian/Ubuntu : apt-get install libportaudio2) pour écouter un micro."
        ) from exc
    return sounddevice


@dataclass(frozen=True)
class DeviceInfo:
    index: int
    name: str
    hostapi: str
    max_input_channels: int
    default_samplerate: float
    is_default: bool


def list_input_devices() -> list[DeviceInfo]:
    sd = load_sounddevice()
    try:
        devices = sd.query_devices()
        hostapis = sd.query_hostapis()
        default_in = sd.default.device[0]
    except sd.PortAudioError as exc:
        raise NoInputDevice(f"impossible d'interroger les périphériques audio ({exc})") from None
    out = []
    for d in devices:
        if d["max_input_channels"] > 0:
            out.append(
                DeviceInfo(
                    index=int(d["index"]),
                    name=str(d["name"]),
                    hostapi=str(hostapis[d["hostapi"]]["name"]),
                    max_input_channels=int(d["max_input_channels"]),
                    default_samplerate=float(d["default_samplerate"]),
                    is_default=int(d["index"]) == default_in,
                )
            )
    return out


def resolve_device(spec: str | int | None, devices: Sequence[DeviceInfo]) -> DeviceInfo:
    """A device by index, by (case-insensitive) name or name fragment, or the default."""
    if not devices:
        raise NoInputDevice("aucun périphérique d'entrée audio (micro) n'est disponible.")
    if spec is None or spec == "":
        for d in devices:
            if d.is_default:
                return d
        return devices[0]
    if isinstance(spec, int) or str(spec).isdigit():
        index = int(spec)
        for d in devices:
            if d.index == index:
                return d
        raise NoInputDevice(f"aucun micro d'indice {index} (voir « voice-scribe devices »).")
    wanted = str(spec).casefold()
    exact = [d for d in devices if d.name.casefold() == wanted]
    if exact:
        return exact[0]
    partial = [d for d in devices if wanted in d.name.casefold()]
    if len(partial) == 1:
        return partial[0]
    if not partial:
        raise NoInputDevice(f"aucun micro ne s'appelle « {spec} » (voir « voice-scribe devices »).")
    names = ", ".join(f"{d.index} : {d.name}" for d in partial)
    raise NoInputDevice(f"plusieurs micros correspondent à « {spec} » : {names}. Précisez l'indice.")


@dataclass
class LiveSource:
    """Frames from one input device with ``channels`` channels (one mic each).

    The clock counts delivered samples at ``rate``; if the device cannot run
    at ``rate`` it is opened at its own default rate and resampled. A device
    that stops delivering for ``stall_s`` seconds (unplugged, server gone)
    raises :class:`DeviceLost`.
    """

    device: str | int | None = None
    channels: int = 1
    rate: int = MODEL_RATE
    block_s: float = 0.05
    stall_s: float = 2.0
    overflows: int = field(default=0, init=False)
    _stream: object = field(default=None, init=False, repr=False)
    _queue: queue.Queue = field(default_factory=queue.Queue, init=False, repr=False)
    device_info: DeviceInfo | None = field(default=None, init=False)
    device_rate: int = field(default=0, init=False)

    def open(self) -> LiveSource:
        sd = load_sounddevice()
        info = resolve_device(self.device, list_input_devices())
        if self.channels > info.max_input_channels:
            raise NoInputDevice(
                f"le micro « {info.name} » n'a que {info.max_input_channels} canal(aux), {self.channels} demandés."
            )
        self.device_info = info
        for rate in (self.rate, int(info.default_samplerate)):
            try:
                self._stream = sd.InputStream(
                    device=info.index,
                    channels=self.channels,
                    samplerate=rate,
                    blocksize=max(1, int(self.block_s * rate)),
                    dtype="float32",
                    callback=self._callback,
                )
                self.device_rate = rate
                break
            except sd.PortAudioError as exc:
                last_error = exc
        else:
            raise NoInputDevice(f"impossible d'ouvrir le micro « {info.name} » ({last_error}).")
        self._stream.start()  # type: ignore[attr-defined]
        return self

    def _callback(self, indata: np.ndarray, frames: int, time_info: object, status: object) -> None:
        if getattr(status, "input_overflow", False):
            self.overflows += 1
        self._queue.put(indata.copy())

    def __enter__(self) -> LiveSource:
        return self.open() if self._stream is None else self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __iter__(self) -> Iterator[Frame]:
        if self._stream is None:
            self.open()
        resample = _Resampler(self.device_rate, self.rate, self.channels)
        clock = 0
        while True:
            try:
                block = self._queue.get(timeout=self.stall_s)
            except queue.Empty:
                raise DeviceLost(
                    f"le micro « {self.device_info.name if self.device_info else self.device} » "
                    f"ne donne plus de son depuis {self.stall_s:g} s : a-t-il été débranché ?"
                ) from None
            out = resample(block)
            if len(out):
                yield Frame(clock, self.rate, out)
                clock += len(out)

    def close(self) -> None:
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.stop()  # type: ignore[attr-defined]
                stream.close()  # type: ignore[attr-defined]
            except Exception:  # noqa: BLE001 - the device may already be gone
                pass
