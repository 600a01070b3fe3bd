"""The command line against bad options, bad files and a hostile environment: a French message,
exit code 2 for what the user must change, 1 and a log file for a fault of ours, never a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from voice_scribe.cli import main
from voice_scribe.cli.checks import FaultCatcher, typed_line

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = "Karadoc,Perceval,Léodagan"
ENGLISH = ("Traceback", "Expecting", "could not convert", "codec", "Error", "No such file", "Not a directory")


def cli(*args: str, cwd: Path, stdin: str | bytes = b"", log: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, VOICE_SCRIBE_MODELS_DIR=str(cwd / "no-models"),
               VOICE_SCRIBE_LOG=str(log or cwd / "erreurs.log"))
    env.pop("VOICE_SCRIBE_MODEL", None)
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run([sys.executable, "-m", "voice_scribe", *args], input=data, capture_output=True,
                          cwd=cwd, env=env, timeout=120)
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode("utf-8", "replace"),
                                       done.stderr.decode("utf-8", "replace"))


def assert_french(done: subprocess.CompletedProcess[str], code: int, message: str) -> None:
    assert done.returncode == code, (done.returncode, done.stderr)
    assert message in done.stderr, done.stderr
    assert not any(word in done.stderr for word in ENGLISH), done.stderr


@pytest.mark.parametrize("speed", ["0", "nan", "-3", "inf", "vite"])
def test_a_speed_that_is_not_a_speed_is_refused_before_the_game(tmp_path, speed: str) -> None:
    transcript = ROOT / "examples" / "demo" / "partie1.transcript.jsonl"
    done = cli("listen", "--players", PLAYERS, "--simule", str(transcript), "--vitesse", speed, "--muet",
               "--journal", str(tmp_path / "j.jsonl"), cwd=tmp_path)
    assert_french(done, 2, "--vitesse")
    assert not (tmp_path / "j.jsonl").exists()


@pytest.mark.parametrize(
    "players,message",
    [("Léodagan,Leodagan", "ne distingue pas"), ("Karadoc,?", "pas un nom"), ("Karadoc", "de 2 à 16"),
     ("Karadoc,Per:ceval", "caractère interdit")],
)
def test_a_table_the_voice_cannot_tell_apart_is_refused(tmp_path, players: str, message: str) -> None:
    done = cli("listen", "--players", players, "--clavier", "--muet", "--journal", str(tmp_path / "j.jsonl"),
               cwd=tmp_path)
    assert_french(done, 2, message)


def test_a_journal_under_a_file_is_a_french_error(tmp_path) -> None:
    (tmp_path / "parties").write_text("not a folder")
    done = cli("listen", "--players", PLAYERS, "--clavier", "--muet", "--journal", str(tmp_path / "parties" / "j.jsonl"),
               cwd=tmp_path)
    assert_french(done, 2, "pas un dossier")
    done = cli("replay", "--calls", str(ROOT / "examples" / "game1_star1.calls.jsonl"), "--players", PLAYERS,
               "--journal", str(tmp_path / "parties" / "j.jsonl"), cwd=tmp_path)
    assert_french(done, 2, "pas un dossier")


def test_resume_with_other_players_or_rules_is_refused_and_the_journal_kept(tmp_path) -> None:
    journal = tmp_path / "soir.jsonl"
    done = cli("listen", "--players", PLAYERS, "--clavier", "--muet", "--journal", str(journal),
               stdin="Karadoc: six six six\nq\n", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    before = journal.read_bytes()
    done = cli("listen", "--resume", str(journal), "--players", "Karadoc,Arthur", "--clavier", "--muet", cwd=tmp_path)
    assert_french(done, 2, "ne correspond pas aux joueurs du journal")
    (tmp_path / "r.toml").write_text("level = 2\n")
    done = cli("listen", "--resume", str(journal), "--rules", str(tmp_path / "r.toml"), "--clavier", "--muet",
               cwd=tmp_path)
    assert_french(done, 2, "règles sont celles de son journal")
    assert journal.read_bytes() == before
    done = cli("listen", "--resume", str(journal), "--players", PLAYERS, "--clavier", "--muet", stdin="q\n",
               cwd=tmp_path)
    assert done.returncode == 0 and "Karadoc            100" in done.stdout, done.stderr


def test_a_stray_byte_typed_at_the_keyboard_does_not_stop_the_game(tmp_path) -> None:
    journal = tmp_path / "soir.jsonl"
    typed = b"Karadoc: six six six\nPerceval: caill\xc3 ou\xff\nPerceval: deux trois cinq\nq\n"
    done = cli("listen", "--players", PLAYERS, "--clavier", "--muet", "--journal", str(journal), stdin=typed,
               cwd=tmp_path)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "Perceval            50" in done.stdout
    texts = [json.loads(line)["utterance"]["text"] for line in journal.read_text(encoding="utf-8").splitlines()
             if '"heard"' in line]
    assert "caill\ufffd ou\ufffd" in texts


def test_a_journal_past_the_file_size_limit_is_said_and_the_game_goes_on(tmp_path) -> None:
    journal = tmp_path / "soir.jsonl"
    typed = "".join(f"{p}: deux trois cinq\n" for p in PLAYERS.split(",") * 12) + "q\n"
    script = (
        "import resource, runpy, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (3000, resource.RLIM_INFINITY));"
        f"sys.argv = ['voice-scribe', 'listen', '--players', {PLAYERS!r}, '--clavier', '--muet', '--journal', {str(journal)!r}];"
        "runpy.run_module('voice_scribe', run_name='__main__')"
    )
    done = subprocess.run([sys.executable, "-c", script], input=typed, capture_output=True, text=True, cwd=tmp_path,
                          timeout=120)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "écriture impossible, fichier trop gros" in done.stderr and "La partie continue" in done.stderr
    assert "Karadoc            600" in done.stdout or "Vainqueur" in done.stdout  # all 36 throws were scored
    resumed = cli("listen", "--resume", str(journal), "--clavier", "--muet", stdin="q\n", cwd=tmp_path)
    assert resumed.returncode == 0 and "Reprise de la partie" in resumed.stdout, resumed.stderr


@pytest.mark.parametrize("content", [b"fLaC" + b"\x00" * 64, None])
def test_a_truncated_or_corrupt_recording_is_a_french_error(tmp_path, content: bytes | None) -> None:
    bad = tmp_path / "partie.flac"
    bad.write_bytes(content if content is not None else (ROOT / "examples" / "demo" / "partie1.flac").read_bytes()[:20000])
    done = cli("segments", "--audio", str(bad), cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr and "illisible" in done.stderr, done.stderr


@pytest.mark.parametrize(
    "option,value,message",
    [("--rules", ".", "est un dossier"), ("--calls", ".", "dossier"), ("--calls", "absent.jsonl", "introuvable")],
)
def test_paths_that_are_folders_or_missing_are_french_errors(tmp_path, option: str, value: str, message: str) -> None:
    options = {"--calls": str(ROOT / "examples" / "game1_star1.calls.jsonl"), "--players": PLAYERS,
               option: value}
    done = cli("replay", *[word for pair in options.items() for word in pair], cwd=tmp_path)
    assert_french(done, 2, message)


def test_an_internal_fault_is_one_french_line_and_a_log_file(tmp_path, capsys) -> None:
    log = tmp_path / "erreurs.log"
    catcher = FaultCatcher(log)
    try:
        {}["absent"]
    except KeyError as exc:
        code = catcher.report(exc)
    err = capsys.readouterr().err
    assert code == 1 and "erreur interne" in err and str(log) in err and "Traceback" not in err
    assert "Traceback" in log.read_text() and "KeyError" in log.read_text()


def test_a_fault_in_another_thread_is_logged_not_shown(tmp_path, capsys) -> None:
    log = tmp_path / "erreurs.log"
    catcher = FaultCatcher(log)
    with catcher.threads():
        thread = threading.Thread(target=lambda: 1 / 0, name="clavier")
        thread.start()
        thread.join()
    err = capsys.readouterr().err
    assert "erreur interne du programme (fil clavier)" in err and "Traceback" not in err
    assert "ZeroDivisionError" in log.read_text()


def test_an_os_error_reaching_main_is_french_and_exit_2(tmp_path, capsys) -> None:
    code = FaultCatcher(tmp_path / "log").report(PermissionError(13, "Permission denied", "/secret"))
    assert code == 2 and "/secret : permission refusée" in capsys.readouterr().err


def test_main_turns_every_user_error_into_exit_2(tmp_path, capsys) -> None:
    assert main(["replay", "--calls", str(tmp_path / "absent.jsonl"), "--players", "A,B"]) == 2
    assert "introuvable" in capsys.readouterr().err


def test_typed_lines_are_made_safe() -> None:
    assert typed_line("  Karadoc:\tsix\x00 six six \udcff ") == "Karadoc:\tsix six six �"
    assert len(typed_line("six " * 10_000)) <= 300


def test_a_replay_journal_the_disk_refuses_is_said_after_the_scores(tmp_path) -> None:
    journal = tmp_path / "j.jsonl"
    calls = str(ROOT / "examples" / "game1_star1.calls.jsonl")
    script = (
        "import resource, runpy, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (2000, resource.RLIM_INFINITY));"
        f"sys.argv = ['voice-scribe', 'replay', '--calls', {calls!r}, '--players', {PLAYERS!r},"
        f" '--journal', {str(journal)!r}];"
        "runpy.run_module('voice_scribe', run_name='__main__')"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "n'a pas pu être écrit en entier (fichier trop gros" in done.stderr and "Scores" in done.stdout
    assert journal.read_bytes().endswith(b"\n")  # only whole records
