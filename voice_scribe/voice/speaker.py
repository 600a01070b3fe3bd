"""Speech out: a queue of French sentences spoken by one worker thread.

One :class:`Speaker` owns the pyttsx3 engine (espeak-ng driver) in its worker
thread; :meth:`Speaker.say` only enqueues and returns a :class:`Ticket`, so the
caller (the engine loop, the microphones) never waits for speech.

* **Priority.** Urgent messages (verdicts) go before queued chatter; a
  non-urgent message older than ``stale_after_s`` when its turn comes is
  dropped; an urgent message interrupts non-urgent *playback* in progress.
* **Mute protocol.** ``speaker.speaking`` (a ``threading.Event``) is set for
  each spoken span; ``on_start(ticket, t)`` runs before the first sample,
  ``on_end(span)`` after the last; every span is kept with its start and end
  on the caller's clock (``clock=``, e.g. the session clock), so the audio side
  can also ask afterwards :meth:`Speaker.was_speaking` for a time range.
* **Output.** ``out_dir=None`` plays through the sound card (``aplay``);
  ``out_dir=PATH`` writes one WAV per utterance instead (22 050 Hz mono) —
  for tests and for machines without a sound card.

pyttsx3's espeak driver keeps process-wide state (libespeak-ng, one synthesis
callback), so only one Speaker may be open per process at a time; a second one
raises :class:`SpeechError`. See docs/voice.md for what was measured.
"""

from __future__ import annotations

import heapq
import importlib
import itertools
import logging
import shutil
import subprocess
import tempfile
import threading
import time
import wave
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any

import numpy as np

log = logging.getLogger(__name__)

DEFAULT_VOICE = "roa/fr"
DEFAULT_RATE = 170  # words per minute (espeak-ng: 80–450)
SAMPLE_RATE = 22050  # what pyttsx3's espeak driver writes
MIN_PYTTSX3 = (2, 99)

#: Held by the worker that owns the process's pyttsx3/espeak engine.
_ENGINE_OWNER = threading.Lock()


class SpeechError(RuntimeError):
    """Speech is impossible or failed; the message is French, for the user."""


class Status(str, Enum):
    QUEUED = "queued"
    SPEAKING = "speaking"
    SPOKEN = "spoken"
    INTERRUPTED = "interrupted"  # playback cut by an urgent message or interrupt()
    DROPPED = "dropped"  # never spoken: stale, closed, empty
    FAILED = "failed"


@dataclass(frozen=True)
class VoiceConfig:
    voice: str = DEFAULT_VOICE
    rate: int = DEFAULT_RATE
    volume: float = 1.0
    driver: str = "espeak"

    def check(self) -> VoiceConfig:
        if not 80 <= int(self.rate) <= 450:
            raise SpeechError(f"débit invalide : {self.rate} (de 80 à 450 mots par minute)")
        if not 0.0 <= float(self.volume) <= 1.0:
            raise SpeechError(f"volume invalide : {self.volume} (de 0 à 1)")
        if not self.voice.strip():
            raise SpeechError("voix vide")
        return self


@dataclass(frozen=True)
class SpokenSpan:
    """One utterance as it occupied the output, on the speaker's clock.

    In playback mode ``start``/``end`` bound the sound (``aplay`` running); in
    file mode they bound the synthesis, and ``audio_s`` is the WAV's length.
    """

    text: str
    start: float
    end: float
    urgent: bool
    audio_s: float
    path: Path | None = None
    interrupted: bool = False


class Ticket:
    """A queued message: its fate (:attr:`status`) and, once spoken, its span."""

    def __init__(self, seq: int, text: str, urgent: bool, queued_at: float, out: Path | None) -> None:
        self.seq = seq
        self.text = text
        self.urgent = urgent
        self.queued_at = queued_at
        self.out = out
        self.status = Status.QUEUED
        self.span: SpokenSpan | None = None
        self.error: str | None = None
        self.drop_reason: str | None = None
        self._done = threading.Event()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> SpokenSpan | None:
        """Block until spoken, dropped or failed; the span if it was (even partly) spoken."""
        self._done.wait(timeout)
        return self.span

    def _resolve(self, status: Status, span: SpokenSpan | None = None, error: str | None = None) -> None:
        self.status, self.span, self.error = status, span, error
        self._done.set()

    def __lt__(self, other: Ticket) -> bool:  # heap order: urgent first, then arrival
        return (not self.urgent, self.seq) < (not other.urgent, other.seq)

    def __repr__(self) -> str:
        return f"Ticket({self.seq}, {self.text!r}, urgent={self.urgent}, status={self.status.value})"


StartHook = Callable[[Ticket, float], None]
EndHook = Callable[[SpokenSpan], None]
DropHook = Callable[[Ticket], None]
ErrorHook = Callable[[Ticket | None, SpeechError], None]


def wav_duration(path: str | Path) -> float:
    with wave.open(str(path), "rb") as fh:
        return fh.getnframes() / float(fh.getframerate() or 1)


# ── the pyttsx3 engine (worker thread only) ──
def _log_print(*args: Any, **_: Any) -> None:
    log.debug("pyttsx3: %s", " ".join(str(a) for a in args))


def _import_driver(driver: str) -> Any:
    try:
        import pyttsx3  # noqa: F401
        from importlib.metadata import version
    except ImportError:
        raise SpeechError("pyttsx3 n'est pas installé : pip install 'pyttsx3>=2.99'") from None
    installed = tuple(int(p) for p in version("pyttsx3").split(".")[:2] if p.isdigit())
    if installed < MIN_PYTTSX3:
        raise SpeechError(
            f"pyttsx3 {version('pyttsx3')} est trop ancien (il écrit des WAV vides sans ffmpeg) : "
            "pip install 'pyttsx3>=2.99'"
        )
    name = f"pyttsx3.drivers.{driver}"
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        if isinstance(exc, ModuleNotFoundError) and exc.name == name:
            raise SpeechError(f"pilote de synthèse inconnu : {driver}") from None
        raise SpeechError(_no_espeak_message()) from None
    except (RuntimeError, OSError):
        raise SpeechError(_no_espeak_message()) from None
    # pyttsx3 2.99 prints "Audio saved to …" on stdout after every file: route it to logging.
    module.print = _log_print
    return module


def _espeak_lib(driver: str) -> Any:
    """pyttsx3's ctypes binding of libespeak-ng (for ``IsPlaying``), or None for other drivers."""
    if driver != "espeak":
        return None
    try:
        return importlib.import_module("pyttsx3.drivers._espeak")
    except ImportError:
        return None


def _no_espeak_message() -> str:
    return (
        "espeak-ng est introuvable : le scribe ne peut pas parler. "
        "Installez-le (sudo apt-get install espeak-ng) ou lancez bash scripts/setup.sh."
    )


class _Engine:
    """pyttsx3 used from one thread: synthesize one text to one WAV at a time."""

    def __init__(self, config: VoiceConfig, warmup_path: Path) -> None:
        _import_driver(config.driver)
        import pyttsx3

        try:
            self._engine = pyttsx3.init(config.driver)
        except Exception as exc:  # the driver's own failure (libespeak-ng init)
            raise SpeechError(f"{_no_espeak_message()} ({exc})") from None
        self._espeak = _espeak_lib(config.driver)
        self._done = threading.Event()
        self._errors: list[BaseException] = []
        self._on_started: Callable[[], None] | None = None
        self._tokens = [
            self._engine.connect("started-utterance", self._started),
            self._engine.connect("finished-utterance", self._finished),
            self._engine.connect("error", self._error),
        ]
        self._engine.setProperty("voice", config.voice)
        self._engine.setProperty("rate", int(config.rate))
        # espeak's own volume is left at 100 %: set through libespeak-ng's async
        # queue it races the voice change and was lost for a whole Speaker in
        # ~4 fresh processes out of 10 (measured). The volume is applied to the
        # samples instead (:func:`_scale_wav`), which cannot race.
        self._engine.setProperty("volume", 1.0)
        self._volume = float(config.volume)
        try:
            self.synth("Prêt.", warmup_path)
        except SpeechError as exc:
            self.close()
            if "voice" in str(exc).lower():
                raise SpeechError(
                    f"voix inconnue : {config.voice} (voix françaises : {', '.join(french_voices())})"
                ) from None
            raise
        # the rate, set through the same async queue, can be lost to the voice change too (a slow voice
        # came out at the default rate in two full-suite runs, not reproduced at will): set again once the
        # warm-up has been spoken, when the voice change is surely done, it holds for every sentence after
        self._engine.setProperty("rate", int(config.rate))

    def _started(self, **_: Any) -> None:
        if self._on_started is not None:
            self._on_started()

    def _finished(self, **_: Any) -> None:
        self._done.set()

    def _error(self, exception: BaseException | None = None, **_: Any) -> None:
        # Not the end of the utterance: a failed property (an unknown voice) still
        # synthesizes, and a failed synthesis start raises out of runAndWait.
        self._errors.append(exception or RuntimeError("pyttsx3"))

    def synth(self, text: str, path: Path, on_started: Callable[[], None] | None = None, timeout: float = 30.0) -> None:
        """Write ``text`` to ``path``; ``on_started`` runs when the engine starts the utterance.

        ``runAndWait`` returns after ~10 ms whatever the text's length (the
        synthesis runs in espeak's own thread): completion is the
        ``finished-utterance`` notification.
        """
        self._done.clear()
        self._errors.clear()
        self._on_started = on_started
        self._wait_espeak_idle()
        self._clear_stale_stop()
        try:
            self._engine.save_to_file(text, str(path))
            self._engine.runAndWait()
            if not self._done.wait(timeout):
                raise SpeechError(f"la synthèse ne répond plus après {timeout:.0f} s")
            self._wait_espeak_idle()
        finally:
            self._on_started = None
        if self._errors:
            raise SpeechError(f"échec de la synthèse : {self._errors[0]}")
        _scale_wav(path, self._volume)

    def _clear_stale_stop(self) -> None:
        """Forget a stop request pyttsx3 left over from an earlier utterance.

        pyttsx3 2.99's espeak ``endLoop`` calls ``stop()``, which sets
        ``_stopping`` when espeak reports ``IsPlaying()``; the flag is only
        cleared by an ``iterate()`` inside a running loop, so it can survive
        and make a *later* loop ``Cancel()`` a fresh utterance (an empty WAV).
        Measured here: 1 utterance in ~10 when Speakers follow each other.
        """
        driver = getattr(getattr(self._engine, "proxy", None), "_driver", None)
        if getattr(driver, "_stopping", False):
            driver._stopping = False

    def _wait_espeak_idle(self, timeout: float = 2.0) -> None:
        """Wait until libespeak-ng has really finished the utterance.

        pyttsx3 notifies ``finished-utterance`` from inside espeak's callback,
        while espeak still counts the message as playing. If the next
        ``runAndWait`` starts then, pyttsx3's ``endLoop`` sees ``IsPlaying()``
        and calls ``Cancel()``, whose late "message terminated" event lands in
        the *next* utterance and writes it as an empty WAV (measured: 24 of
        160 files with back-to-back messages). So: poll until espeak is idle.
        """
        if self._espeak is None:
            return
        deadline = time.monotonic() + timeout
        while self._espeak.IsPlaying() and time.monotonic() < deadline:
            time.sleep(0.0005)

    def close(self) -> None:
        for token in self._tokens:
            self._engine.disconnect(token)
        self._tokens = []


def _scale_wav(path: Path, volume: float) -> None:
    """Multiply the 16-bit samples of the WAV at ``path`` by ``volume`` (0–1), in place."""
    if volume >= 1.0 or not path.exists():
        return
    with wave.open(str(path), "rb") as fh:
        params = fh.getparams()
        frames = fh.readframes(fh.getnframes())
    if params.sampwidth != 2 or not frames:
        return
    samples = np.frombuffer(frames, dtype="<i2").astype(np.float32) * volume
    with wave.open(str(path), "wb") as fh:
        fh.setparams(params)
        fh.writeframes(np.clip(np.rint(samples), -32768, 32767).astype("<i2").tobytes())


def french_voices(driver: str = "espeak") -> list[str]:
    """Ids of the French voices the driver offers (``roa/fr``, ``roa/fr-be``…)."""
    _import_driver(driver)
    import pyttsx3

    voices = pyttsx3.init(driver).getProperty("voices")
    return sorted(v.id for v in voices if v.id.split("/")[-1].split("-")[0] == "fr")


# ── playback ──
def playback_problem(player: str = "aplay") -> str | None:
    """Why nothing can be played here (French), or None when a sound output works.

    Plays 50 ms of silence with ``aplay`` (ALSA, or PulseAudio through ALSA).
    """
    exe = shutil.which(player)
    if exe is None:
        return f"{player} est introuvable (paquet alsa-utils) : rien ne peut être joué"
    with tempfile.TemporaryDirectory(prefix="voice-scribe-") as tmp:
        probe = Path(tmp) / "silence.wav"
        with wave.open(str(probe), "wb") as fh:
            fh.setnchannels(1)
            fh.setsampwidth(2)
            fh.setframerate(SAMPLE_RATE)
            fh.writeframes(b"\0\0" * (SAMPLE_RATE // 20))
        try:
            proc = subprocess.run([exe, "-q", str(probe)], capture_output=True, text=True, timeout=10)
        except subprocess.TimeoutExpired:
            return "la sortie audio ne répond pas"
    if proc.returncode != 0:
        detail = (proc.stderr.strip().splitlines() or ["erreur inconnue"])[-1]
        return f"aucune sortie audio utilisable (pas de carte son ni de serveur PulseAudio) : {detail}"
    return None


class _Player:
    """``aplay`` in a child process: blocking play, interruptible from another thread."""

    def __init__(self, exe: str) -> None:
        self._exe = exe
        self._proc: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._stopped = False

    def start(self, path: Path) -> None:
        with self._lock:
            self._stopped = False
            self._proc = subprocess.Popen(
                [self._exe, "-q", str(path)], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
            )

    def wait(self) -> tuple[bool, str | None]:
        """(interrupted, error) once playback ends."""
        proc = self._proc
        assert proc is not None
        _, err = proc.communicate()
        with self._lock:
            self._proc = None
            stopped = self._stopped
        if stopped:
            return True, None
        if proc.returncode != 0:
            lines = err.decode(errors="replace").strip().splitlines()
            return False, f"lecture impossible : {lines[-1] if lines else proc.returncode}"
        return False, None

    def stop(self) -> bool:
        with self._lock:
            if self._proc is None or self._proc.poll() is not None:
                return False
            self._stopped = True
            self._proc.terminate()
            return True


# ── the speaker ──
class Speaker:
    """French speech out, owned by one worker thread (see the module docstring)."""

    def __init__(
        self,
        config: VoiceConfig | None = None,
        *,
        out_dir: str | Path | None = None,
        clock: Callable[[], float] = time.monotonic,
        on_start: StartHook | None = None,
        on_end: EndHook | None = None,
        on_drop: DropHook | None = None,
        on_error: ErrorHook | None = None,
        stale_after_s: float | None = 4.0,
        interrupt_on_urgent: bool = True,
        check_playback: bool = True,
        history: int = 512,
        start_timeout_s: float = 20.0,
    ) -> None:
        self.config = (config or VoiceConfig()).check()
        self.out_dir = Path(out_dir) if out_dir is not None else None
        self.clock = clock
        self.on_start, self.on_end, self.on_drop, self.on_error = on_start, on_end, on_drop, on_error
        self.stale_after_s = stale_after_s
        self.interrupt_on_urgent = interrupt_on_urgent
        self.speaking = threading.Event()
        self._spans: deque[SpokenSpan] = deque(maxlen=history)
        self._heap: list[Ticket] = []
        self._cond = threading.Condition()
        self._seq = itertools.count(1)
        self._current: Ticket | None = None
        self._current_start: float | None = None
        self._accepting = True
        self._discard = False
        self._stop = False
        self._startup_error: SpeechError | None = None
        self._ready = threading.Event()
        self._tmp = Path(tempfile.mkdtemp(prefix="voice-scribe-speech-"))
        self._player: _Player | None = None
        if self.out_dir is None:
            exe = shutil.which("aplay")
            problem = playback_problem() if check_playback else None
            if exe is None or problem:
                shutil.rmtree(self._tmp, ignore_errors=True)
                raise SpeechError(
                    (problem or "aplay est introuvable (paquet alsa-utils)")
                    + " ; écrivez la parole dans des fichiers WAV à la place (out_dir, ou --out)."
                )
            self._player = _Player(exe)
        else:
            self.out_dir.mkdir(parents=True, exist_ok=True)
        self._thread = threading.Thread(target=self._run, name="voice-speaker", daemon=True)
        self._thread.start()
        if not self._ready.wait(start_timeout_s):
            self._startup_error = SpeechError("le moteur de synthèse ne démarre pas")
        if self._startup_error is not None:
            self._accepting = False
            self._wake_stop()
            raise self._startup_error

    # ── caller side (any thread, never blocks on speech) ──
    @property
    def mode(self) -> str:
        return "files" if self.out_dir is not None else "speakers"

    def say(self, text: str, urgent: bool = False, out: str | Path | None = None) -> Ticket:
        """Queue a sentence; ``out`` names its WAV in file mode."""
        ticket = Ticket(next(self._seq), text.strip(), urgent, self.clock(), Path(out) if out else None)
        with self._cond:
            if not self._accepting:
                raise SpeechError("le scribe ne parle plus : ce Speaker est fermé")
            if not ticket.text:
                self._drop(ticket, "empty")
                return ticket
            heapq.heappush(self._heap, ticket)
            current = self._current
            self._cond.notify_all()
        if urgent and self.interrupt_on_urgent and current is not None and not current.urgent:
            self.interrupt()
        return ticket

    def interrupt(self) -> bool:
        """Cut the playback in progress (playback mode); True if something was cut."""
        return self._player.stop() if self._player is not None else False

    def clear(self, keep_urgent: bool = True) -> list[Ticket]:
        """Drop queued messages (not the one being spoken); returns them."""
        with self._cond:
            dropped = [t for t in self._heap if not (keep_urgent and t.urgent)]
            self._heap = [t for t in self._heap if keep_urgent and t.urgent]
            heapq.heapify(self._heap)
        for ticket in dropped:
            self._drop(ticket, "cleared")
        return dropped

    @property
    def pending(self) -> int:
        with self._cond:
            return len(self._heap)

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Until the queue is empty and nothing is being spoken."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._heap and self._current is None, timeout)

    def spans(self) -> list[SpokenSpan]:
        with self._cond:
            return list(self._spans)

    def was_speaking(self, start: float, end: float, margin: float = 0.0) -> bool:
        """Did the scribe speak during [start, end] (clock time), ± ``margin`` seconds?"""
        with self._cond:
            if self._current_start is not None and self._current_start - margin <= end:
                return True
            return any(s.start - margin <= end and start <= s.end + margin for s in self._spans)

    def close(self, drain: bool = False, timeout: float = 10.0) -> None:
        """Stop accepting; speak (``drain``) or drop the queued messages; stop the worker."""
        with self._cond:
            if not self._accepting and self._stop:
                return
            self._accepting = False
            self._discard = not drain
        if not drain:
            self.interrupt()
        self._wake_stop()
        self._thread.join(timeout)
        if self._thread.is_alive():
            log.warning("speech worker still running after %.1f s", timeout)

    def __enter__(self) -> Speaker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ── worker side ──
    def _wake_stop(self) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify_all()

    def _run(self) -> None:
        if not _ENGINE_OWNER.acquire(blocking=False):
            self._startup_error = SpeechError(
                "un autre Speaker parle déjà dans ce processus : fermez-le d'abord (close())"
            )
            shutil.rmtree(self._tmp, ignore_errors=True)
            self._ready.set()
            return
        engine: _Engine | None = None
        try:
            engine = _Engine(self.config, self._tmp / "warmup.wav")
        except SpeechError as exc:
            self._startup_error = exc
        except Exception as exc:  # noqa: BLE001 - any driver failure is a startup failure
            self._startup_error = SpeechError(f"le moteur de synthèse ne démarre pas : {exc}")
        finally:
            if engine is None:
                _ENGINE_OWNER.release()
                shutil.rmtree(self._tmp, ignore_errors=True)
            self._ready.set()
        if engine is None:
            return
        try:
            while (ticket := self._next()) is not None:
                self._process(ticket, engine)
        finally:
            engine.close()
            _ENGINE_OWNER.release()
            shutil.rmtree(self._tmp, ignore_errors=True)

    def _next(self) -> Ticket | None:
        """The next ticket to handle, or None when closed and done."""
        with self._cond:
            self._cond.wait_for(lambda: self._heap or self._stop)
            if not self._heap:
                return None
            ticket = heapq.heappop(self._heap)
            self._current = ticket
            return ticket

    def _process(self, ticket: Ticket, engine: _Engine) -> None:
        try:
            if self._discard:
                self._drop(ticket, "closed")
            elif self._is_stale(ticket):
                self._drop(ticket, "stale")
            elif self.out_dir is not None:
                self._speak_to_file(ticket, engine)
            else:
                self._speak_aloud(ticket, engine)
        except SpeechError as exc:
            self._fail(ticket, exc)
        except Exception as exc:  # noqa: BLE001 - the worker must survive anything
            log.exception("speech worker")
            self._fail(ticket, SpeechError(f"erreur de la synthèse : {exc}"))
        finally:
            self.speaking.clear()
            with self._cond:
                self._current = None
                self._current_start = None
                self._cond.notify_all()

    def _is_stale(self, ticket: Ticket) -> bool:
        return (
            not ticket.urgent
            and self.stale_after_s is not None
            and self.clock() - ticket.queued_at > self.stale_after_s
        )

    def _timeout(self, text: str) -> float:
        return 10.0 + len(text) / 50.0

    def _speak_to_file(self, ticket: Ticket, engine: _Engine) -> None:
        assert self.out_dir is not None
        path = ticket.out or self.out_dir / f"{ticket.seq:05d}.wav"
        path.parent.mkdir(parents=True, exist_ok=True)
        engine.synth(ticket.text, path, on_started=lambda: self._begin(ticket), timeout=self._timeout(ticket.text))
        if self._current_start is None:  # the engine never announced the start
            self._begin(ticket)
        self._finish(ticket, path, interrupted=False)

    def _speak_aloud(self, ticket: Ticket, engine: _Engine) -> None:
        assert self._player is not None
        path = self._tmp / f"{ticket.seq:05d}.wav"
        try:
            engine.synth(ticket.text, path, timeout=self._timeout(ticket.text))
            self._player.start(path)
            self._begin(ticket)
            interrupted, error = self._player.wait()
            if error:
                raise SpeechError(error + " ; utilisez le mode fichier (--out)")
            self._finish(ticket, None, interrupted, audio_s=wav_duration(path))
        finally:
            path.unlink(missing_ok=True)

    def _begin(self, ticket: Ticket) -> None:
        start = self.clock()
        with self._cond:
            self._current_start = start
        ticket.status = Status.SPEAKING
        self.speaking.set()
        self._hook(self.on_start, ticket, ticket, start)

    def _finish(self, ticket: Ticket, path: Path | None, interrupted: bool, audio_s: float | None = None) -> None:
        end = self.clock()
        start = self._current_start if self._current_start is not None else end
        span = SpokenSpan(
            text=ticket.text,
            start=start,
            end=end,
            urgent=ticket.urgent,
            audio_s=audio_s if audio_s is not None else wav_duration(path) if path else 0.0,
            path=path,
            interrupted=interrupted,
        )
        with self._cond:
            self._spans.append(span)
        self.speaking.clear()
        self._hook(self.on_end, ticket, span)
        ticket._resolve(Status.INTERRUPTED if interrupted else Status.SPOKEN, span)

    def _drop(self, ticket: Ticket, reason: str) -> None:
        ticket.drop_reason = reason
        ticket.status = Status.DROPPED
        self._hook(self.on_drop, ticket, ticket)
        ticket._resolve(Status.DROPPED)

    def _fail(self, ticket: Ticket, exc: SpeechError) -> None:
        self.speaking.clear()
        if self.on_error is not None:
            self._hook(self.on_error, ticket, ticket, exc)
        else:
            log.error("%s", exc)
        ticket._resolve(Status.FAILED, error=str(exc))

    def _hook(self, hook: Callable[..., None] | None, ticket: Ticket | None, *args: Any) -> None:
        if hook is None:
            return
        try:
            hook(*args)
        except Exception:  # noqa: BLE001 - a caller's hook must not kill the worker
            log.exception("speaker hook %r failed (ticket %r)", hook, ticket)
