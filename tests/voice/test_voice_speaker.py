"""The speaker with the real pyttsx3 + espeak-ng engine: WAV output, queue, hooks, playback."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from voice_testkit import SILENCE_RMS, ManualClock, Wav, needs_espeak, stop_recording

from voice_scribe.voice.speaker import (
    SAMPLE_RATE,
    SpeechError,
    Speaker,
    SpokenSpan,
    Status,
    Ticket,
    VoiceConfig,
    playback_problem,
)

pytestmark = [needs_espeak, pytest.mark.audio]

SENTENCE = "Chouette de quatre : Perceval marque seize. Perceval a cent douze."
LONG = " ".join(["Karadoc gagne la partie avec trois cent quarante-six points !"] * 12)


class Gate:
    """An on_start hook that holds the worker on the first utterance until released."""

    def __init__(self) -> None:
        self.entered = threading.Event()
        self.release = threading.Event()
        self.calls = 0

    def __call__(self, ticket: Ticket, t: float) -> None:
        self.calls += 1
        if self.calls == 1:
            self.entered.set()
            assert self.release.wait(30), "test never released the gate"


def words_per_second(rate_wpm: int) -> float:
    return rate_wpm / 60.0


# ── real synthesis to WAV ──
def test_utterance_is_a_real_wav(tmp_path: Path) -> None:
    with Speaker(out_dir=tmp_path) as speaker:
        span = speaker.say(SENTENCE).wait(30)
    assert span is not None and span.path is not None and span.path.exists()
    wav = Wav.read(span.path)
    assert wav.rate == SAMPLE_RATE == 22050
    assert wav.channels == 1
    words = len(SENTENCE.split())
    expected = words / words_per_second(VoiceConfig().rate)
    assert 0.4 * expected < wav.duration < 2.5 * expected + 1.0, (wav.duration, expected)
    assert wav.rms > SILENCE_RMS
    assert span.audio_s == pytest.approx(wav.duration, abs=1e-3)


def test_longer_text_slower_rate_and_lower_volume_show_in_the_audio(tmp_path: Path) -> None:
    with Speaker(out_dir=tmp_path / "a") as speaker:
        short = speaker.say("Pause.").wait(30)
        long = speaker.say(SENTENCE).wait(30)
    with Speaker(VoiceConfig(rate=100, volume=0.25), out_dir=tmp_path / "b") as speaker:
        slow_quiet = speaker.say(SENTENCE).wait(30)
    assert short and long and slow_quiet
    assert Wav.read(long.path).duration > Wav.read(short.path).duration
    assert Wav.read(slow_quiet.path).duration > 1.3 * Wav.read(long.path).duration
    assert Wav.read(slow_quiet.path).rms < 0.6 * Wav.read(long.path).rms
    assert Wav.read(slow_quiet.path).rms > SILENCE_RMS


def test_out_path_is_honoured_and_nothing_is_printed(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "sub" / "bevue.wav"
    with Speaker(out_dir=tmp_path) as speaker:
        ticket = speaker.say("Bévue ! Karadoc perd cinq.", out=target)
        span = ticket.wait(30)
    assert ticket.status is Status.SPOKEN and span is not None and span.path == target
    assert Wav.read(target).rms > SILENCE_RMS
    out, _ = capfd.readouterr()
    assert "Audio saved" not in out


def test_unknown_voice_is_a_french_error(tmp_path: Path) -> None:
    with pytest.raises(SpeechError, match=r"voix inconnue : xx/nope.*roa/fr"):
        Speaker(VoiceConfig(voice="xx/nope"), out_dir=tmp_path)
    with pytest.raises(SpeechError, match="volume invalide"):
        Speaker(VoiceConfig(volume=2.0), out_dir=tmp_path)


def test_other_french_voice_changes_the_sound(tmp_path: Path) -> None:
    spans = {}
    for voice in ("roa/fr", "roa/fr+f2"):
        with Speaker(VoiceConfig(voice=voice), out_dir=tmp_path / voice.replace("/", "_")) as speaker:
            spans[voice] = speaker.say(SENTENCE).wait(30)
    a, b = _samples(spans["roa/fr"].path), _samples(spans["roa/fr+f2"].path)
    assert a.shape != b.shape or not np.array_equal(a, b)


def _samples(path: Path) -> np.ndarray:
    import soundfile as sf

    return sf.read(str(path), dtype="int16")[0]


def test_one_speaker_per_process(tmp_path: Path) -> None:
    with Speaker(out_dir=tmp_path / "a"):
        with pytest.raises(SpeechError, match="un autre Speaker"):
            Speaker(out_dir=tmp_path / "b")
    with Speaker(out_dir=tmp_path / "c") as again:  # the first one's close() freed the engine
        assert again.say("Reprise.").wait(30) is not None


def test_back_to_back_utterances_across_speakers_are_never_empty(tmp_path: Path) -> None:
    """pyttsx3 2.99 cancels a fresh utterance after a stale stop request (an empty WAV):
    the Speaker works around it. Several Speakers in turn, queued messages, a held worker."""
    texts = ["À Perceval de jouer.", "Tour trois.", "Suite !", "Bévue ! Karadoc perd cinq.", "Pause.", "Reprise."]
    spans: list[SpokenSpan] = []
    for round_ in range(12):
        gate = Gate()
        with Speaker(out_dir=tmp_path / str(round_), on_start=gate) as speaker:
            tickets = [speaker.say(texts[0])]
            assert gate.entered.wait(30)
            tickets += [speaker.say(t, urgent=(i % 2 == 0)) for i, t in enumerate(texts[1:])]
            gate.release.set()
            assert speaker.wait_idle(60)
        assert [t.status for t in tickets] == [Status.SPOKEN] * len(texts)
        spans += [t.span for t in tickets]
    for span in spans:
        wav = Wav.read(span.path)
        assert wav.duration > 0.3 and wav.rms > SILENCE_RMS, (span.text, wav)


# ── the queue ──
def test_urgent_messages_jump_the_queue(tmp_path: Path) -> None:
    gate = Gate()
    with Speaker(out_dir=tmp_path, on_start=gate) as speaker:
        first = speaker.say("À Perceval de jouer.")
        assert gate.entered.wait(30)
        chatter = [speaker.say("Tour trois."), speaker.say("Suite !")]
        verdict = speaker.say("Bévue ! Karadoc perd cinq.", urgent=True)
        assert speaker.pending == 3
        gate.release.set()
        assert speaker.wait_idle(60)
        order = [span.text for span in speaker.spans()]
    assert order == [first.text, verdict.text, chatter[0].text, chatter[1].text]
    assert all(t.status is Status.SPOKEN for t in (first, verdict, *chatter))
    assert all(Wav.read(t.span.path).rms > SILENCE_RMS for t in (first, verdict, *chatter))


def test_stale_chatter_is_dropped_not_verdicts(tmp_path: Path, manual_clock: ManualClock) -> None:
    gate = Gate()
    dropped: list[Ticket] = []
    with Speaker(out_dir=tmp_path, on_start=gate, on_drop=dropped.append, clock=manual_clock,
                 stale_after_s=3.0) as speaker:
        speaker.say("À Perceval de jouer.")
        assert gate.entered.wait(30)
        old_chatter = speaker.say("Tour trois.")
        old_verdict = speaker.say("Karadoc perd cinq.", urgent=True)
        manual_clock.advance(10.0)
        fresh_chatter = speaker.say("Suite !")
        gate.release.set()
        assert speaker.wait_idle(60)
    assert old_chatter.status is Status.DROPPED and old_chatter.drop_reason == "stale"
    assert dropped == [old_chatter]
    assert old_verdict.status is Status.SPOKEN
    assert fresh_chatter.status is Status.SPOKEN
    assert not (tmp_path / f"{old_chatter.seq:05d}.wav").exists()


def test_close_drops_pending_messages(tmp_path: Path) -> None:
    gate = Gate()
    speaker = Speaker(out_dir=tmp_path, on_start=gate)
    current = speaker.say("À Perceval de jouer.")
    assert gate.entered.wait(30)
    pending = [speaker.say(f"Message {i}.") for i in range(3)]
    closer = threading.Thread(target=speaker.close)
    closer.start()
    gate.release.set()
    closer.join(30)
    assert not closer.is_alive()
    assert current.status is Status.SPOKEN
    assert [t.status for t in pending] == [Status.DROPPED] * 3
    assert {t.drop_reason for t in pending} == {"closed"}
    with pytest.raises(SpeechError, match="fermé"):
        speaker.say("Encore ?")
    speaker.close()  # idempotent


def test_close_with_drain_speaks_everything(tmp_path: Path) -> None:
    gate = Gate()
    speaker = Speaker(out_dir=tmp_path, on_start=gate)
    speaker.say("Un.")
    assert gate.entered.wait(30)
    pending = [speaker.say(t) for t in ("Deux.", "Trois.")]
    closer = threading.Thread(target=speaker.close, kwargs={"drain": True})
    closer.start()
    gate.release.set()
    closer.join(30)
    assert [t.status for t in pending] == [Status.SPOKEN, Status.SPOKEN]
    assert [s.text for s in speaker.spans()] == ["Un.", "Deux.", "Trois."]


def test_clear_drops_queued_chatter_and_keeps_verdicts(tmp_path: Path) -> None:
    gate = Gate()
    with Speaker(out_dir=tmp_path, on_start=gate) as speaker:
        speaker.say("Pause.")
        assert gate.entered.wait(30)
        chatter = speaker.say("Tour trois.")
        verdict = speaker.say("Karadoc perd cinq.", urgent=True)
        assert speaker.clear() == [chatter]
        gate.release.set()
        assert speaker.wait_idle(60)
    assert chatter.status is Status.DROPPED and chatter.drop_reason == "cleared"
    assert verdict.status is Status.SPOKEN
    assert [s.text for s in speaker.spans()] == ["Pause.", verdict.text]


def test_empty_text_is_dropped(tmp_path: Path) -> None:
    with Speaker(out_dir=tmp_path) as speaker:
        ticket = speaker.say("   ")
    assert ticket.status is Status.DROPPED and ticket.drop_reason == "empty"


# ── mute protocol ──
def test_mute_hooks_bracket_every_utterance(tmp_path: Path) -> None:
    clock_offset = 5000.0
    log: list[tuple[str, str, bool, float]] = []
    speaker_ref: list[Speaker] = []

    def clock() -> float:
        import time

        return clock_offset + time.monotonic()

    def on_start(ticket: Ticket, t: float) -> None:
        log.append(("start", ticket.text, speaker_ref[0].speaking.is_set(), t))

    def on_end(span: SpokenSpan) -> None:
        log.append(("end", span.text, speaker_ref[0].speaking.is_set(), span.end))

    texts = ["Chouette de quatre.", "Perceval marque seize.", "Perceval a cent douze."]
    speaker = Speaker(out_dir=tmp_path, on_start=on_start, on_end=on_end, clock=clock)
    speaker_ref.append(speaker)
    before = clock()
    with speaker:
        for text in texts:
            speaker.say(text)
        assert speaker.wait_idle(60)
        assert not speaker.speaking.is_set()
        spans = speaker.spans()
    assert [(k, t) for k, t, _, _ in log] == [(k, t) for t in texts for k in ("start", "end")]
    assert all(speaking for kind, _, speaking, _ in log if kind == "start")  # muted before the first sample
    assert not any(speaking for kind, _, speaking, _ in log if kind == "end")  # unmuted after the last
    times = [t for *_, t in log]
    assert times == sorted(times) and times[0] >= before > clock_offset
    assert [s.text for s in spans] == texts
    for span in spans:
        assert span.start <= span.end
        assert speaker.was_speaking(span.start, span.end)
        assert speaker.was_speaking(span.end + 0.2, span.end + 0.3, margin=0.25)
    assert not speaker.was_speaking(before - 10.0, before - 5.0)


def test_hook_failure_does_not_kill_the_worker(tmp_path: Path) -> None:
    def bad_hook(ticket: Ticket, t: float) -> None:
        raise RuntimeError("hook bug")

    with Speaker(out_dir=tmp_path, on_start=bad_hook) as speaker:
        tickets = [speaker.say("Un."), speaker.say("Deux.")]
        assert speaker.wait_idle(60)
    assert [t.status for t in tickets] == [Status.SPOKEN, Status.SPOKEN]


# ── missing pieces: French errors ──
def _run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=Path(__file__).resolve().parents[2])


def test_missing_espeak_is_a_french_error(tmp_path: Path) -> None:
    # the espeak driver's ctypes loader is made unimportable, as when libespeak-ng is absent
    code = (
        "import sys; sys.modules['pyttsx3.drivers._espeak'] = None\n"
        "from voice_scribe.voice.speaker import Speaker, SpeechError\n"
        "try:\n"
        f"    Speaker(out_dir={str(tmp_path)!r})\n"
        "except SpeechError as exc:\n"
        "    print(exc)\n"
    )
    result = _run_python(code)
    assert "espeak-ng est introuvable" in result.stdout, result.stderr
    assert "apt-get install espeak-ng" in result.stdout


def test_unknown_driver_is_a_french_error(tmp_path: Path) -> None:
    with pytest.raises(SpeechError, match="pilote de synthèse inconnu : nosuchdriver"):
        Speaker(VoiceConfig(driver="nosuchdriver"), out_dir=tmp_path)


def test_no_sound_card_explains_and_suggests_files(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PULSE_SERVER", raising=False)
    if playback_problem() is None:
        pytest.skip("this machine has a working sound output")
    with pytest.raises(SpeechError, match=r"aucune sortie audio.*fichiers WAV"):
        Speaker()


# ── playback through a (virtual) sound card ──
def test_playback_reaches_the_sound_card(virtual_sink, tmp_path: Path) -> None:
    assert playback_problem() is None
    record = tmp_path / "monitor.raw"
    recorder = virtual_sink.record(record)
    try:
        with Speaker() as speaker:
            ticket = speaker.say(SENTENCE)
            span = ticket.wait(60)
    finally:
        stop_recording(recorder)
    assert ticket.status is Status.SPOKEN and span is not None
    assert span.path is None and span.audio_s > 1.0
    assert span.end - span.start >= 0.8 * span.audio_s  # the span covers the sound, not just synthesis
    heard = np.fromfile(record, dtype="<i2").astype(np.float64) / 32768.0
    assert heard.size > 0 and float(np.sqrt(np.mean(heard**2))) > SILENCE_RMS / 2


def test_urgent_verdict_interrupts_chatter_playback(virtual_sink) -> None:
    started = threading.Event()
    with Speaker(on_start=lambda t, s: started.set()) as speaker:
        chatter = speaker.say(LONG)
        assert started.wait(30)
        verdict = speaker.say("Bévue ! Karadoc perd cinq.", urgent=True)
        assert verdict.wait(60) is not None
    assert chatter.status is Status.INTERRUPTED
    assert chatter.span is not None and chatter.span.interrupted
    assert chatter.span.end - chatter.span.start < chatter.span.audio_s
    assert verdict.status is Status.SPOKEN
    assert [s.text for s in speaker.spans()] == [LONG, verdict.text]
