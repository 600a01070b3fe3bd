"""The model manager against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

import pytest
from conftest import FileServer

from voice_scribe.cli import main
from voice_scribe.speech.models import (
    LOCK_NAME,
    ModelEntry,
    ModelFetchError,
    check_model_dir,
    fetch,
    load_manifest,
    read_lock,
    sha256_file,
    verify,
)

MODEL_FILES = {
    "am/final.mdl": b"acoustic model " * 2000,
    "conf/mfcc.conf": b"--sample-frequency=16000\n",
    "conf/model.conf": b"--min-active=200\n",
    "graph/HCLr.fst": b"hclr" * 500,
    "graph/Gr.fst": b"gr" * 500,
    "graph/phones/word_boundary.int": b"1 nonword\n",
    "ivector/final.ie": b"ie" * 100,
}


def make_zip(files: dict[str, bytes], top: str = "vosk-model-test") -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(f"{top}/{name}", data)
    return buf.getvalue()


def corrupt_member(archive: bytes) -> bytes:
    """Flip bytes inside the first member's compressed data (the CRC check catches it)."""
    data = bytearray(archive)
    with zipfile.ZipFile(io.BytesIO(archive)) as z:
        info = z.infolist()[0]
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    for i in range(start + 5, start + 25):
        data[i] ^= 0xFF
    return bytes(data)


def entry(server: FileServer, name: str = "vosk-model-test", files: tuple[str, ...] = ("m.zip",), sha: str | None = None) -> ModelEntry:
    return ModelEntry(name=name, language="fr", urls=tuple(server.url(f) for f in files), sha256=sha)


def test_fetch_unpacks_checks_and_locks(file_server: FileServer, tmp_path: Path) -> None:
    file_server.files["m.zip"] = make_zip(MODEL_FILES)
    seen: list[tuple[int, int | None]] = []
    result = fetch(entry(file_server), tmp_path, lambda d, t: seen.append((d, t)))
    assert result.path == tmp_path / "vosk-model-test"
    assert check_model_dir(result.path) == []
    assert (result.path / "am" / "final.mdl").read_bytes() == MODEL_FILES["am/final.mdl"]
    lock = json.loads((tmp_path / LOCK_NAME).read_text())
    assert lock["vosk-model-test"]["sha256"] == sha256_file(tmp_path / "vosk-model-test.zip") == result.sha256
    assert seen[-1] == (len(file_server.files["m.zip"]),) * 2
    assert verify(entry(file_server), tmp_path).ok


def test_interrupted_transfer_resumes_with_range(file_server: FileServer, tmp_path: Path) -> None:
    archive = make_zip(MODEL_FILES)
    file_server.files["m.zip"] = archive
    half = len(archive) // 2
    file_server.cut_after["m.zip"] = half
    with pytest.raises(ModelFetchError, match="reprendra"):
        fetch(entry(file_server), tmp_path)
    part = tmp_path / "vosk-model-test.zip.part"
    assert part.stat().st_size == half
    fetch(entry(file_server), tmp_path)
    assert file_server.requests[-1] == ("m.zip", f"bytes={half}-")
    assert sha256_file(tmp_path / "vosk-model-test.zip") == __import__("hashlib").sha256(archive).hexdigest()
    assert not part.exists()


def test_server_ignoring_range_restarts_cleanly(file_server: FileServer, tmp_path: Path) -> None:
    archive = make_zip(MODEL_FILES)
    file_server.files["m.zip"] = archive
    file_server.ignore_range.add("m.zip")
    (tmp_path / "vosk-model-test.zip.part").write_bytes(archive[:1000])
    result = fetch(entry(file_server), tmp_path)
    assert result.size == len(archive)


def test_truncated_archive_is_rejected(file_server: FileServer, tmp_path: Path) -> None:
    file_server.files["m.zip"] = make_zip(MODEL_FILES)[:-200]  # served whole, but a truncated zip
    with pytest.raises(ModelFetchError, match="corrompue ou tronquée"):
        fetch(entry(file_server), tmp_path)
    assert not (tmp_path / "vosk-model-test").exists()
    assert read_lock(tmp_path) == {}


def test_corrupt_archive_is_rejected(file_server: FileServer, tmp_path: Path) -> None:
    file_server.files["m.zip"] = corrupt_member(make_zip(MODEL_FILES))
    with pytest.raises(ModelFetchError, match="corrompue"):
        fetch(entry(file_server), tmp_path)
    assert not (tmp_path / "vosk-model-test").exists()


def test_incomplete_model_is_rejected(file_server: FileServer, tmp_path: Path) -> None:
    files = {k: v for k, v in MODEL_FILES.items() if not k.startswith("graph/H")}
    file_server.files["m.zip"] = make_zip(files)
    with pytest.raises(ModelFetchError, match="graph/HCLr.fst"):
        fetch(entry(file_server), tmp_path)


def test_manifest_sha256_is_enforced(file_server: FileServer, tmp_path: Path) -> None:
    file_server.files["m.zip"] = make_zip(MODEL_FILES)
    with pytest.raises(ModelFetchError, match="sha256"):
        fetch(entry(file_server, sha="0" * 64), tmp_path)


def test_second_url_is_tried(file_server: FileServer, tmp_path: Path) -> None:
    file_server.files["mirror.zip"] = make_zip(MODEL_FILES)
    result = fetch(entry(file_server, files=("missing.zip", "mirror.zip")), tmp_path)
    assert result.url.endswith("/mirror.zip")


def test_offline_gives_a_french_message(tmp_path: Path) -> None:
    offline = ModelEntry("vosk-model-test", "fr", ("http://127.0.0.1:9/m.zip",))
    with pytest.raises(ModelFetchError, match="hors ligne"):
        fetch(offline, tmp_path, timeout=2)


def test_verify_notices_a_changed_archive(file_server: FileServer, tmp_path: Path) -> None:
    file_server.files["m.zip"] = make_zip(MODEL_FILES)
    fetch(entry(file_server), tmp_path)
    (tmp_path / "vosk-model-test.zip").write_bytes(make_zip({**MODEL_FILES, "extra": b"x"}))
    verdict = verify(entry(file_server), tmp_path)
    assert not verdict.ok
    assert any("verrou" in m for m in verdict.messages)
    (tmp_path / "vosk-model-test" / "am" / "final.mdl").unlink()
    assert any("am/final.mdl" in m for m in verify(entry(file_server), tmp_path).messages)


def test_refetch_with_a_different_archive_is_refused(file_server: FileServer, tmp_path: Path) -> None:
    file_server.files["m.zip"] = make_zip(MODEL_FILES)
    fetch(entry(file_server), tmp_path)
    (tmp_path / "vosk-model-test.zip").unlink()
    file_server.files["m.zip"] = make_zip({**MODEL_FILES, "README": b"changed"})
    with pytest.raises(ModelFetchError, match="a changé"):
        fetch(entry(file_server), tmp_path)


def test_zip_slip_is_refused(file_server: FileServer, tmp_path: Path) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("../evil.txt", b"x")
    file_server.files["m.zip"] = buf.getvalue()
    with pytest.raises(ModelFetchError, match="suspecte"):
        fetch(entry(file_server), tmp_path / "models")
    assert not (tmp_path / "evil.txt").exists()


def test_project_manifest_lists_the_french_model() -> None:
    manifest = load_manifest(Path(__file__).resolve().parents[2] / "models" / "manifest.toml")
    small = manifest.get("vosk-model-small-fr-0.22")
    assert small.language == "fr" and small.kind == "asr"
    assert small.urls[0] == "https://alphacephei.com/vosk/models/vosk-model-small-fr-0.22.zip"
    assert any("huggingface.co" in u for u in small.urls)
    assert manifest.get("vosk-model-spk-0.4").kind == "speaker"
    with pytest.raises(ModelFetchError, match="inconnu"):
        manifest.get("nope")


def test_cli_fetch_list_verify(file_server: FileServer, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file_server.files["m.zip"] = make_zip(MODEL_FILES)
    manifest = tmp_path / "manifest.toml"
    manifest.write_text(
        f'[[model]]\nname = "vosk-model-test"\nlanguage = "fr"\nsize_mb = 1\nurls = ["{file_server.url("m.zip")}"]\n'
    )
    base = ["models", "--dir", str(tmp_path), "--manifest", str(manifest)]
    assert main([*base, "list"]) == 0
    assert "absent" in capsys.readouterr().out
    assert main([*base, "fetch", "vosk-model-test"]) == 0  # with the rich progress bar
    assert "installé dans" in capsys.readouterr().out
    assert main([*base, "verify"]) == 0
    assert "OK" in capsys.readouterr().out
    assert main([*base, "fetch", "inconnu"]) == 2
    assert "modèle inconnu" in capsys.readouterr().err
