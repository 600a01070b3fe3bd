"""Vosk models: the manifest, resumable download, integrity and structure checks.

``models/manifest.toml`` lists the models a user may fetch; a fetched model
lives in ``models/<name>/``, its archive stays as ``models/<name>.zip`` and
the archive's sha256 is recorded in ``models/models.lock.json`` so that a
later ``verify`` (or re-fetch) notices any change. Only the standard library
is used for HTTP (urllib); downloads resume with HTTP Range from a ``.part``
file.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tomllib
import urllib.error
import urllib.request
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ENV_MODELS_DIR = "VOICE_SCRIBE_MODELS_DIR"
LOCK_NAME = "models.lock.json"
DEFAULT_MODEL = "vosk-model-small-fr-0.22"
CHUNK = 1 << 16

Progress = Callable[[int, int | None], None]


class ModelFetchError(Exception):
    """Download, integrity or structure failure (French message)."""


@dataclass(frozen=True)
class ModelEntry:
    name: str
    language: str
    urls: tuple[str, ...]
    size_mb: float | None = None
    sha256: str | None = None
    kind: str = "asr"  # "asr" or "speaker"
    description: str = ""


@dataclass(frozen=True)
class Manifest:
    models: tuple[ModelEntry, ...] = field(default_factory=tuple)

    def get(self, name: str) -> ModelEntry:
        for m in self.models:
            if m.name == name:
                return m
        known = ", ".join(m.name for m in self.models)
        raise ModelFetchError(f"modèle inconnu : « {name} ». Modèles connus : {known}.")


def default_models_dir() -> Path:
    env = os.environ.get(ENV_MODELS_DIR)
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[2] / "models"


def load_manifest(path: Path) -> Manifest:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ModelFetchError(f"manifeste des modèles introuvable : {path}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ModelFetchError(f"manifeste des modèles illisible ({path}) : {exc}") from None
    entries = []
    for raw in data.get("model", []):
        try:
            entries.append(
                ModelEntry(
                    name=str(raw["name"]),
                    language=str(raw.get("language", "")),
                    urls=tuple(str(u) for u in raw["urls"]),
                    size_mb=float(raw["size_mb"]) if "size_mb" in raw else None,
                    sha256=str(raw["sha256"]).lower() if raw.get("sha256") else None,
                    kind=str(raw.get("kind", "asr")),
                    description=str(raw.get("description", "")),
                )
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ModelFetchError(f"entrée de manifeste invalide : {raw!r} ({exc})") from None
    return Manifest(tuple(entries))


# ---------------------------------------------------------------- structure

ASR_REQUIRED = ("am/final.mdl", "conf/mfcc.conf", "conf/model.conf")
SPK_REQUIRED = ("mfcc.conf", "final.ext.raw", "mean.vec", "transform.mat")


def check_model_dir(path: Path, kind: str = "asr") -> list[str]:
    """What a model directory lacks for Vosk (empty list: looks complete)."""
    if not path.is_dir():
        return [f"{path} n'est pas un dossier"]
    required = SPK_REQUIRED if kind == "speaker" else ASR_REQUIRED
    problems = [f"fichier manquant : {r}" for r in required if not (path / r).is_file()]
    if kind != "speaker":
        graph = path / "graph"
        lookahead = (graph / "HCLr.fst").is_file() and (graph / "Gr.fst").is_file()
        static = (graph / "HCLG.fst").is_file()
        if not (lookahead or static):
            problems.append("graphe manquant : graph/HCLr.fst + graph/Gr.fst, ou graph/HCLG.fst")
        if not (graph / "phones" / "word_boundary.int").is_file() and not (graph / "phones.txt").is_file():
            problems.append("fichier manquant : graph/phones/word_boundary.int")
    return problems


def supports_grammar(path: Path) -> bool:
    """Runtime grammars need a lookahead graph (HCLr.fst + Gr.fst)."""
    return (path / "graph" / "HCLr.fst").is_file() and (path / "graph" / "Gr.fst").is_file()


# ----------------------------------------------------------------- download


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(CHUNK), b""):
            h.update(chunk)
    return h.hexdigest()


def _total_from_headers(resp, offset: int) -> int | None:  # noqa: ANN001 - http.client.HTTPResponse
    rng = resp.headers.get("Content-Range")
    if rng and "/" in rng and not rng.endswith("/*"):
        return int(rng.rsplit("/", 1)[1])
    length = resp.headers.get("Content-Length")
    return int(length) + offset if length is not None else None


def download(url: str, part: Path, progress: Progress | None = None, timeout: float = 30.0) -> int:
    """Download ``url`` into ``part``, resuming what is already there. Returns its size.

    Raises ``urllib.error.URLError``/``OSError`` on network failure (the
    ``.part`` file keeps what arrived) and :class:`ModelFetchError` on a short
    or inconsistent transfer.
    """
    offset = part.stat().st_size if part.exists() else 0
    req = urllib.request.Request(url, headers={"User-Agent": "voice-scribe"})
    if offset:
        req.add_header("Range", f"bytes={offset}-")
    try:
        resp = urllib.request.urlopen(req, timeout=timeout)  # noqa: S310 - URLs come from the manifest
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and offset:  # nothing left to fetch
            return offset
        raise
    with resp:
        if offset and resp.status != 206:
            offset = 0  # the server ignored Range: start over
        total = _total_from_headers(resp, offset)
        done = offset
        with part.open("ab" if offset else "wb") as out:
            if progress:
                progress(done, total)
            while True:
                try:
                    chunk = resp.read(CHUNK)
                except (OSError, ValueError) as exc:  # IncompleteRead, reset connection
                    raise urllib.error.URLError(f"transfert interrompu ({exc})") from None
                if not chunk:
                    break
                out.write(chunk)
                done += len(chunk)
                if progress:
                    progress(done, total)
    if total is not None and done != total:
        raise urllib.error.URLError(f"transfert incomplet : {done} octets sur {total}")
    return done


def check_archive(archive: Path) -> None:
    """Raise :class:`ModelFetchError` if the zip is unreadable or a member is corrupt."""
    try:
        with zipfile.ZipFile(archive) as z:
            bad = z.testzip()
    except (zipfile.BadZipFile, OSError, EOFError, zlib.error) as exc:
        raise ModelFetchError(f"archive corrompue ou tronquée : {archive.name} ({exc})") from None
    if bad is not None:
        raise ModelFetchError(f"archive corrompue : {archive.name} (membre abîmé : {bad})")


def _safe_extract(archive: Path, dest: Path) -> None:
    with zipfile.ZipFile(archive) as z:
        for member in z.namelist():
            target = (dest / member).resolve()
            if not str(target).startswith(str(dest.resolve()) + os.sep) and target != dest.resolve():
                raise ModelFetchError(f"archive suspecte : chemin hors du dossier ({member})")
        z.extractall(dest)


def _model_root(extracted: Path) -> Path:
    """The archive's single top-level folder, or the extraction dir itself."""
    children = [p for p in extracted.iterdir() if not p.name.startswith("__MACOSX")]
    if len(children) == 1 and children[0].is_dir():
        return children[0]
    return extracted


# --------------------------------------------------------------------- lock


def read_lock(models_dir: Path) -> dict[str, dict]:
    path = models_dir / LOCK_NAME
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ModelFetchError(f"{path} illisible : {exc}") from None
    return data if isinstance(data, dict) else {}


def write_lock(models_dir: Path, lock: dict[str, dict]) -> None:
    path = models_dir / LOCK_NAME
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(lock, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


# -------------------------------------------------------------------- fetch


@dataclass(frozen=True)
class FetchResult:
    name: str
    path: Path
    sha256: str
    url: str
    size: int


def fetch(entry: ModelEntry, models_dir: Path, progress: Progress | None = None, timeout: float = 30.0) -> FetchResult:
    """Download (resuming), check and unpack ``entry`` into ``models_dir/<name>``."""
    models_dir.mkdir(parents=True, exist_ok=True)
    archive = models_dir / f"{entry.name}.zip"
    part = models_dir / f"{entry.name}.zip.part"
    errors: list[str] = []
    used_url = None
    if not archive.exists():
        for url in entry.urls:
            try:
                download(url, part, progress, timeout)
            except (urllib.error.URLError, OSError) as exc:
                reason = getattr(exc, "reason", exc)
                errors.append(f"{url} : {reason}")
                continue
            part.replace(archive)
            used_url = url
            break
        else:
            raise ModelFetchError(
                f"impossible de télécharger {entry.name} (hors ligne ?). "
                + " ; ".join(errors)
                + (f". Le téléchargement reprendra là où il s'est arrêté ({part.name})." if part.exists() else "")
            )
    return install_archive(entry, models_dir, archive, used_url or "")


def install_archive(entry: ModelEntry, models_dir: Path, archive: Path, url: str) -> FetchResult:
    """Check ``archive`` (zip, sha256, lock), unpack it and check the model's structure."""
    try:
        check_archive(archive)
    except ModelFetchError:
        archive.replace(archive.with_suffix(".zip.bad"))
        raise
    digest = sha256_file(archive)
    if entry.sha256 and digest != entry.sha256:
        archive.replace(archive.with_suffix(".zip.bad"))
        raise ModelFetchError(f"empreinte sha256 inattendue pour {entry.name} : {digest} (attendu {entry.sha256})")
    lock = read_lock(models_dir)
    locked = lock.get(entry.name, {}).get("sha256")
    if locked and locked != digest:
        raise ModelFetchError(
            f"l'archive de {entry.name} a changé depuis son premier téléchargement "
            f"(sha256 {digest}, verrouillé {locked} dans {LOCK_NAME})."
        )
    target = models_dir / entry.name
    tmp = models_dir / f".{entry.name}.unpack"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    try:
        _safe_extract(archive, tmp)
        root = _model_root(tmp)
        problems = check_model_dir(root, entry.kind)
        if problems:
            raise ModelFetchError(f"le modèle {entry.name} est incomplet : " + "; ".join(problems))
        shutil.rmtree(target, ignore_errors=True)
        root.replace(target)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    lock[entry.name] = {
        "sha256": digest,
        "size": archive.stat().st_size,
        "url": url or lock.get(entry.name, {}).get("url", ""),
        "archive": archive.name,
    }
    write_lock(models_dir, lock)
    return FetchResult(entry.name, target, digest, url, archive.stat().st_size)


# ------------------------------------------------------------------- verify


@dataclass(frozen=True)
class Verdict:
    name: str
    ok: bool
    messages: tuple[str, ...]


def verify(entry: ModelEntry, models_dir: Path) -> Verdict:
    """Structure of the unpacked model, and the archive against the lock and manifest."""
    msgs: list[str] = []
    ok = True
    target = models_dir / entry.name
    if not target.is_dir():
        return Verdict(entry.name, False, (f"non téléchargé (voice-scribe models fetch {entry.name})",))
    problems = check_model_dir(target, entry.kind)
    if problems:
        ok = False
        msgs.extend(problems)
    else:
        msgs.append("structure complète")
    locked = read_lock(models_dir).get(entry.name, {}).get("sha256")
    archive = models_dir / f"{entry.name}.zip"
    if not archive.exists():
        msgs.append("archive absente : empreinte non revérifiable")
    else:
        digest = sha256_file(archive)
        if locked is None:
            ok = False
            msgs.append(f"aucune empreinte dans {LOCK_NAME}")
        elif digest != locked:
            ok = False
            msgs.append(f"empreinte sha256 différente du verrou ({digest} ≠ {locked})")
        else:
            msgs.append("empreinte sha256 conforme au verrou")
        if entry.sha256 and digest != entry.sha256:
            ok = False
            msgs.append("empreinte sha256 différente du manifeste")
    return Verdict(entry.name, ok, tuple(msgs))
