"""Model downloads and archives: bounded by the manifest, names that cannot escape, refusals moved aside."""

from __future__ import annotations

import http.server
import io
import threading
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from voice_scribe.speech.models import (
    MAX_UNPACK_RATIO,
    ModelEntry,
    ModelFetchError,
    fetch,
    load_manifest,
    read_lock,
)

ROOT = Path(__file__).resolve().parents[2]
MODEL = {
    "am/final.mdl": b"acoustic model",
    "conf/mfcc.conf": b"--sample-frequency=16000\n",
    "conf/model.conf": b"--min-active=200\n",
    "graph/HCLr.fst": b"hclr",
    "graph/Gr.fst": b"gr",
    "graph/phones/word_boundary.int": b"1 nonword\n",
}


def zipped(files: dict[str, bytes], top: str = "vosk-model-test/", method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for name, data in files.items():
            z.writestr(f"{top}{name}", data)
    return buf.getvalue()


class Served:
    """Bodies by name; ``no_length`` sends no Content-Length (the body is read to the end)."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.no_length = False
        self.hits: list[str] = []
        self.port = 0

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/{name}"


@pytest.fixture
def served() -> Iterator[Served]:
    state = Served()

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            return None

        def do_GET(self) -> None:  # noqa: N802 - http.server API
            name = self.path.lstrip("/")
            state.hits.append(name)
            body = state.files.get(name)
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            if not state.no_length:
                self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            try:
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    state.port = server.server_address[1]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield state
    server.shutdown()


def entry(served: Served, **fields) -> ModelEntry:  # noqa: ANN003
    return ModelEntry(name="vosk-model-test", language="fr", urls=(served.url("m.zip"),), **fields)


def test_the_default_model_is_pinned_to_its_published_size_and_md5() -> None:
    small = load_manifest(ROOT / "models" / "manifest.toml").get("vosk-model-small-fr-0.22")
    assert small.size == 42_233_323 and small.md5 == "8873b1234503f6edd55f54bfff31cf3e"
    assert small.max_bytes == 42_233_323


@pytest.mark.parametrize("no_length", [False, True])
def test_a_download_larger_than_the_manifest_says_is_stopped_and_removed(served: Served, tmp_path, no_length) -> None:
    served.files["m.zip"] = zipped(MODEL) + b"\0" * 300_000
    served.no_length = no_length
    with pytest.raises(ModelFetchError, match="plus que la taille prévue"):
        fetch(entry(served, size=10_000), tmp_path)
    assert not list(tmp_path.glob("*.part")) and not (tmp_path / "vosk-model-test.zip").exists()


def test_an_archive_of_the_wrong_size_or_md5_is_moved_aside_with_its_reason(served: Served, tmp_path) -> None:
    body = zipped(MODEL)
    served.files["m.zip"] = body
    with pytest.raises(ModelFetchError, match="md5"):
        fetch(entry(served, size=len(body), md5="0" * 32), tmp_path)
    assert "md5" in (tmp_path / "vosk-model-test.zip.bad.txt").read_text()
    assert (tmp_path / "vosk-model-test.zip.bad").read_bytes() == body
    result = fetch(entry(served, size=len(body)), tmp_path)  # the next fetch downloads anew
    assert result.path.is_dir() and served.hits.count("m.zip") == 2


def test_a_zip_bomb_is_refused_before_it_is_unpacked(served: Served, tmp_path) -> None:
    bomb = zipped({**MODEL, "am/padding": b"\0" * (40 << 20)})  # 40 MiB of zeros in ~40 kB
    served.files["m.zip"] = bomb
    assert (40 << 20) > MAX_UNPACK_RATIO * len(bomb)
    with pytest.raises(ModelFetchError, match="fois sa taille"):
        fetch(entry(served), tmp_path)
    assert not (tmp_path / "vosk-model-test").exists() and not list(tmp_path.glob(".*unpack"))
    assert (tmp_path / "vosk-model-test.zip.bad").exists() and read_lock(tmp_path) == {}


@pytest.mark.parametrize(
    "files,message",
    [
        ({**MODEL, "x" * 300: b"long"}, "trop long"),
        ({**MODEL, "conf": b"a file", "conf/extra": b"in a folder"}, "à la fois un fichier et un dossier"),
    ],
)
def test_long_names_and_file_folder_clashes_are_french_errors(served: Served, tmp_path, files, message) -> None:
    served.files["m.zip"] = zipped(files)
    with pytest.raises(ModelFetchError, match=message):
        fetch(entry(served), tmp_path)
    assert (tmp_path / "vosk-model-test.zip.bad.txt").exists()


@pytest.mark.parametrize(
    "name",
    ["../evil", "a/b", "a\\\\b", "..", "/abs", ""],
)
def test_a_manifest_name_with_a_path_separator_is_refused(tmp_path, name: str) -> None:
    manifest = tmp_path / "manifest.toml"
    manifest.write_text(f'[[model]]\nname = "{name}"\nurls = ["https://example.org/m.zip"]\n')
    with pytest.raises(ModelFetchError, match="nom de modèle refusé|« name »"):
        load_manifest(manifest)


@pytest.mark.parametrize(
    "body,message",
    [
        ('[[model]]\nname = "m"\nurls = "https://x"\n', "« urls » doit être une liste"),
        ('[[model]]\nname = "m"\nurls = ["file:///etc/passwd"]\n', "http"),
        ('[[model]]\nname = "m"\nurls = ["https://x"]\nmd5 = "zz"\n', "hexadécimaux"),
        ('[[model]]\nname = "m"\nurls = ["https://x"]\nsize = -1\n', "« size »"),
        ('[[model]]\nname = "m"\nurls = ["https://x"]\nkind = "voix"\n', "« kind »"),
        ("model = 5\n", "liste de tables"),
        ("[[model\n", "syntaxe TOML"),
    ],
)
def test_a_bad_manifest_is_a_french_error_naming_the_field(tmp_path, body: str, message: str) -> None:
    manifest = tmp_path / "manifest.toml"
    manifest.write_text(body)
    with pytest.raises(ModelFetchError, match=message):
        load_manifest(manifest)
