"""``--web`` on the commands, run as a person runs them: the page of a live (simulated) evening
watched in headless chromium, a replay shown on the page, French errors."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from headless import Browser, find_browser
from page_kit import EXAMPLES, GAME1

from voice_scribe.replay import replay_utterances
from voice_scribe.understand import load_transcript

ROOT = Path(__file__).resolve().parents[2]
SCORES_ON_PAGE = """Object.fromEntries([...document.querySelectorAll('#joueurs tr')]
    .map(row => [row.dataset.joueur, Number(row.querySelector('.points').textContent)]))"""


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for_server(port: int, process: subprocess.Popen) -> None:
    import time

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise AssertionError("the page never opened")


def _command(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "voice_scribe", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120, stdin=subprocess.DEVNULL)


@pytest.mark.skipif(find_browser() is None, reason="no chromium: apt-get install chromium (scripts/setup.sh --test)")
def test_a_simulated_evening_is_watched_on_the_page(tmp_path: Path) -> None:
    transcript = EXAMPLES / "demo" / "partie1.transcript.jsonl"
    expected, _, _ = replay_utterances(GAME1, load_transcript(transcript))
    port = _port()
    listen = subprocess.Popen(
        [sys.executable, "-m", "voice_scribe", "listen", "--players", ",".join(GAME1), "--simule", str(transcript),
         "--vitesse", "6", "--muet", "--sans-ecran", "--journal", "soir.jsonl", "--web", f"127.0.0.1:{port}"],
        cwd=tmp_path, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    browser = Browser(1280, 800)
    try:
        _wait_for_server(port, listen)
        browser.open(f"http://127.0.0.1:{port}/")
        browser.wait_for("document.querySelectorAll('#joueurs tr').length === 3")
        seen = browser.wait_for("document.getElementById('dernieres-annonces').children.length > 0 && "
                                "document.querySelector('#dernieres-annonces li').textContent", timeout_s=30)
        assert any(name in seen for name in GAME1)  # a call heard, with who said it
        browser.wait_for("!document.getElementById('vainqueur').hidden", timeout_s=60)
        assert browser.evaluate(SCORES_ON_PAGE) == expected.game.scores
        out, err = listen.communicate(timeout=60)
    finally:
        browser.close()
        if listen.poll() is None:
            listen.kill()
            listen.wait()
    assert listen.returncode == 0, err
    assert f"http://127.0.0.1:{port}/" in out and "Traceback" not in err
    assert (tmp_path / "parties" / "historique.sqlite").exists()  # the evening is kept as soon as it ends


def test_a_replay_shown_on_the_page_prints_what_it_prints_without(tmp_path: Path) -> None:
    calls = str(EXAMPLES / "game1_star1.calls.jsonl")
    plain = _command("replay", "--calls", calls, "--players", ",".join(GAME1), cwd=tmp_path)
    port = _port()
    shown = _command("replay", "--calls", calls, "--players", ",".join(GAME1), "--web", f"127.0.0.1:{port}",
                     "--vitesse", "0", cwd=tmp_path)
    assert shown.returncode == 0 == plain.returncode, shown.stderr
    assert f"La table est affichée sur http://127.0.0.1:{port}/" in shown.stdout
    for line in plain.stdout.splitlines()[-4:]:  # the final scoreboard
        assert line in shown.stdout


def test_web_errors_are_french(tmp_path: Path) -> None:
    bad = _command("demo", "--muet", "--web", "huit", cwd=tmp_path)
    assert bad.returncode != 0 and "adresse web invalide" in bad.stderr and "Traceback" not in bad.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = _command("replay", "--calls", str(EXAMPLES / "game1_star1.calls.jsonl"), "--players", ",".join(GAME1),
                        "--web", f"127.0.0.1:{port}", cwd=tmp_path)
    assert busy.returncode != 0 and "impossible d'ouvrir la page web" in busy.stderr and "Traceback" not in busy.stderr
