"""Bad input gets a clear French message and loses nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = "Karadoc,Perceval,Léodagan"


def cli(*args: str, env_models: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    import os

    env = dict(os.environ, VOICE_SCRIBE_MODELS_DIR=str(env_models))
    env.pop("VOICE_SCRIBE_MODEL", None)
    return subprocess.run([sys.executable, "-m", "voice_scribe", *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=120)


def test_replay_audio_without_a_model_names_the_fetch_command(tmp_path) -> None:
    done = cli("replay", "--audio", str(ROOT / "examples" / "demo" / "partie1.flac"), "--players", PLAYERS,
               env_models=tmp_path / "none", cwd=tmp_path)
    assert done.returncode == 1
    assert "voice-scribe models fetch vosk-model-small-fr-0.22" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_corrupt_recording_is_a_clear_message(tmp_path) -> None:
    bad = tmp_path / "partie.wav"
    bad.write_bytes(b"RIFF\x00\x00\x00\x00WAVEfmt garbage" * 10)
    done = cli("segments", "--audio", str(bad), "--channels", PLAYERS, env_models=tmp_path / "none", cwd=tmp_path)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "partie.wav" in done.stderr


def test_a_garbled_transcript_line_names_its_line_and_writes_no_journal(tmp_path) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_text('{"t": 1.0, "speaker": "Karadoc", "text": "six six six"}\n{"t": 2.0, "text": \n')
    journal = tmp_path / "j.jsonl"
    done = cli("replay", "--transcript", str(transcript), "--players", PLAYERS, "--journal", str(journal),
               env_models=tmp_path / "none", cwd=tmp_path)
    assert done.returncode == 1 and "ligne 2" in done.stderr and "Traceback" not in done.stderr
    assert not journal.exists()


def test_unknown_speakers_and_garbage_are_not_scored(tmp_path) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_text(
        '{"t": 1.0, "speaker": "Arthur", "text": "six six six"}\n'
        '{"t": 2.0, "speaker": "Karadoc", "text": "brrr [unk] caillou"}\n'
        '{"t": 3.0, "text": "six six six"}\n'
        '{"t": 4.0, "speaker": "Karadoc", "text": "deux trois cinq"}\n'
    )
    done = cli("replay", "--transcript", str(transcript), "--players", PLAYERS, "--json",
               env_models=tmp_path / "none", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    import json

    result = json.loads(done.stdout)
    assert result["scores"] == {"Karadoc": 50, "Perceval": 0, "Léodagan": 0}


def test_the_command_line_speaks_french_even_in_argparse_errors(tmp_path) -> None:
    done = cli("--help", env_models=tmp_path, cwd=tmp_path)
    assert "utilisation : voice-scribe" in done.stdout and "affiche cette aide et quitte" in done.stdout
    done = cli("segments", env_models=tmp_path, cwd=tmp_path)
    assert done.returncode == 2 and "arguments obligatoires manquants" in done.stderr
    done = cli("listen", "--vitesse", "vite", env_models=tmp_path, cwd=tmp_path)
    assert done.returncode == 2 and "nombre invalide" in done.stderr


def test_no_portaudio_library_is_a_french_message_naming_the_package(tmp_path) -> None:
    """The machine has no libportaudio2: sounddevice cannot load (hidden here by making the library
    lookup find nothing, which is what ctypes reports on such a machine)."""
    import os

    hide = tmp_path / "hide"
    hide.mkdir()
    (hide / "sitecustomize.py").write_text(
        "import ctypes.util\n"
        "_find = ctypes.util.find_library\n"
        "ctypes.util.find_library = lambda name: None if 'portaudio' in name else _find(name)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(hide))
    done = subprocess.run([sys.executable, "-m", "voice_scribe", "devices"], capture_output=True, text=True,
                          cwd=tmp_path, env=env, timeout=60)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "PortAudio" in done.stderr and "libportaudio2" in done.stderr
