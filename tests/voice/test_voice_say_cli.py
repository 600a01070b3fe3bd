"""``voice-scribe say``: the command that checks a voice setup (run as a real process)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from voice_testkit import SILENCE_RMS, Wav, needs_espeak

pytestmark = [needs_espeak, pytest.mark.audio]
ROOT = Path(__file__).resolve().parents[2]


def say(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "voice_scribe", "say", *args],
        capture_output=True, text=True, timeout=120, cwd=ROOT, env=env,
    )


def test_say_writes_the_sentence_to_a_wav(tmp_path: Path) -> None:
    out = tmp_path / "verdict.wav"
    result = say("Karadoc gagne la partie avec trois cent quarante-six points !", "--out", str(out))
    assert result.returncode == 0, result.stderr
    wav = Wav.read(out)
    assert wav.rate == 22050 and wav.channels == 1
    assert wav.duration > 1.0 and wav.rms > SILENCE_RMS
    assert "Audio saved" not in result.stdout
    assert result.stdout.startswith(f"Écrit : {out}")


def test_rate_and_volume_options_change_the_audio(tmp_path: Path) -> None:
    text = "Chouette de quatre : Perceval marque seize."
    base, slow = tmp_path / "base.wav", tmp_path / "slow.wav"
    assert say(text, "--out", str(base)).returncode == 0
    result = say(text, "--out", str(slow), "--rate", "90", "--volume", "0.3", "--voice", "roa/fr-be")
    assert result.returncode == 0, result.stderr
    assert Wav.read(slow).duration > 1.3 * Wav.read(base).duration
    assert Wav.read(slow).rms < 0.6 * Wav.read(base).rms


def test_bad_options_are_french_errors(tmp_path: Path) -> None:
    result = say("Bonjour", "--out", str(tmp_path / "x.wav"), "--voice", "xx/nope")
    assert result.returncode == 2 and "voix inconnue : xx/nope" in result.stderr
    result = say("Bonjour", "--out", str(tmp_path / "x.wav"), "--volume", "3")
    assert result.returncode == 2 and "volume invalide" in result.stderr
    result = say("   ")
    assert result.returncode == 2 and "rien à dire" in result.stderr


def test_list_voices_shows_the_french_voices() -> None:
    result = say("--list-voices")
    assert result.returncode == 0
    assert "roa/fr" in result.stdout.split()


def test_without_sound_card_it_explains_and_suggests_out() -> None:
    env = {k: v for k, v in os.environ.items() if k != "PULSE_SERVER"}
    result = say("Bévue pour Karadoc !", env=env)
    if result.returncode == 0:
        pytest.skip("this machine has a working sound output: the sentence was played")
    assert result.returncode == 2
    assert "Rien ne peut être joué" in result.stderr
    assert "--out FICHIER.wav" in result.stderr
    assert "Traceback" not in result.stderr


def test_say_plays_through_a_sound_card(virtual_sink) -> None:
    result = say("Reprise.", env=dict(os.environ))
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""
