"""Vosk models: the manifest, resumable download, integrity and structure checks.

``models/manifest.toml`` lists the models a user may fetch; a fetched model
lives in ``models/<name>/``, its archive stays as ``models/<name>.zip`` and
the archive's sha256 is recorded in ``models/models.lock.json`` so that a
later ``verify`` (or re-fetch) notices any change. Only the standard library
is used for HTTP (urllib); downloads resume with HTTP Range from a ``.part``
file.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import shutil
import socket
import urllib.error
import urllib.request
import zipfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from voice_scribe.validation import FieldError, integer, listing, number, os_error_fr, read_toml, text

ENV_MODELS_DIR = "VOICE_SCRIBE_MODELS_DIR"
LOCK_NAME = "models.lock.json"
DEFAULT_MODEL = "vosk-model-small-fr-0.22"
CHUNK = 1 << 16
#: A download with no size in the manifest stops here.
MAX_DOWNLOAD_BYTES = 4 << 30
#: An archive may unpack to at most this many times its own size (a zip bomb is refused).
MAX_UNPACK_RATIO = 20
#: ... except that any archive may unpack to this much (tiny test archives compress very well).
MIN_UNPACK_BOUND = 2 << 20
#: Path limits of the file systems a model lands on.
MAX_NAME_BYTES = 255
MAX_PATH_BYTES = 1024
#: A model's name is a file name: letters, digits, ``.``, ``_``, ``-``; no path separator.
MODEL_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
KINDS = ("asr", "speaker")

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
    #: the archive's exact size in bytes and md5, when published (the Vosk model list gives both)
    size: int | None = None
    md5: str | None = None

    @property
    def max_bytes(self) -> int:
        """The most a download of this archive may bring: its size, or a bound from ``size_mb``."""
        if self.size is not None:
            return self.size
        if self.size_mb is not None:
            return int(self.size_mb * 1.25 * 2**20) + 2**20
        return MAX_DOWNLOAD_BYTES


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
    """Read and check the manifest: every entry's name, URLs, size and checksums (French errors)."""
    try:
        data = read_toml(path, "manifeste des modèles")
    except FieldError as exc:
        raise ModelFetchError(str(exc)) from None
    models = data.get("model", [])
    if not isinstance(models, list):
        raise ModelFetchError(f"manifeste {path} : « model » doit être une liste de tables [[model]]")
    entries = []
    for number, raw in enumerate(models, 1):
        try:
            entries.append(_entry(raw))
        except FieldError as exc:
            raise ModelFetchError(f"manifeste {path}, modèle n° {number} : {exc}") from None
    names = [e.name for e in entries]
    if len(set(names)) != len(names):
        raise ModelFetchError(f"manifeste {path} : deux modèles portent le même nom")
    return Manifest(tuple(entries))


def _entry(raw: object) -> ModelEntry:
    if not isinstance(raw, dict):
        raise FieldError("une entrée [[model]] doit être une table")
    name = text(raw, "name", empty=False)
    if not MODEL_NAME.match(name) or ".." in name:
        raise FieldError(f"nom de modèle refusé : « {name[:40]} » (lettres, chiffres, « . », « _ », « - » ; "
                         "pas de séparateur de chemin)")
    urls = listing(raw, "urls", required=True)
    if not urls or not all(isinstance(u, str) and u.startswith(("https://", "http://")) for u in urls):
        raise FieldError("« urls » doit être une liste d'adresses http(s)")
    kind = text(raw, "kind", required=False) or "asr"
    if kind not in KINDS:
        raise FieldError(f"« kind » vaut {' ou '.join(KINDS)}")
    return ModelEntry(
        name=name,
        language=text(raw, "language", required=False) or "",
        urls=tuple(urls),
        size_mb=number(raw, "size_mb", minimum=0, required=False),
        sha256=_hex(raw, "sha256", 64),
        kind=kind,
        description=text(raw, "description", required=False) or "",
        size=integer(raw, "size", minimum=1, maximum=MAX_DOWNLOAD_BYTES, required=False),
        md5=_hex(raw, "md5", 32),
    )


def _hex(raw: dict, key: str, length: int) -> str | None:
    value = text(raw, key, required=False)
    if not value:
        return None
    if not re.fullmatch(f"[0-9a-fA-F]{{{length}}}", value):
        raise FieldError(f"« {key} » doit compter {length} chiffres hexadécimaux")
    return value.lower()


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
    return _digest(path, hashlib.sha256())


def md5_file(path: Path) -> str:
    return _digest(path, hashlib.md5())  # noqa: S324 - the Vosk model list publishes md5


def _digest(path: Path, h: "hashlib._Hash") -> str:
    with path.open("rb") as f:
        for chunk in iter(lambda: f.read(CHUNK), b""):
            h.update(chunk)
    return h.hexdigest()


def _total_from_headers(resp, offset: int) -> int | None:  # noqa: ANN001 - http.client.HTTPResponse
    rng = resp.headers.get("Content-Range")
    if rng and "/" in rng and not rng.endswith("/*"):
        try:
            return int(rng.rsplit("/", 1)[1])
        except ValueError:
            return None
    length = resp.headers.get("Content-Length")
    try:
        return int(length) + offset if length is not None else None
    except ValueError:
        return None


def download(url: str, part: Path, progress: Progress | None = None, timeout: float = 30.0,
             max_bytes: int = MAX_DOWNLOAD_BYTES) -> int:
    """Download ``url`` into ``part``, resuming what is already there. Returns its size.

    Raises ``urllib.error.URLError``/``OSError`` on network failure (the
    ``.part`` file keeps what arrived) and :class:`ModelFetchError` on a short
    or inconsistent transfer, or one larger than ``max_bytes`` (the ``.part``
    file is then removed: it is not the archive the manifest describes).
    """
    offset = part.stat().st_size if part.exists() else 0
    if offset > max_bytes:
        part.unlink()
        offset = 0
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
        if total is not None and total > max_bytes:
            raise _too_big(part, url, total, max_bytes)
        done = offset
        with part.open("ab" if offset else "wb") as out:
            if progress:
                progress(done, total)
            while True:
                try:
                    chunk = resp.read(CHUNK)
                except (OSError, ValueError) as exc:  # IncompleteRead, reset connection
                    raise urllib.error.URLError("transfert interrompu") from None
                if not chunk:
                    break
                if done + len(chunk) > max_bytes:
                    out.close()
                    raise _too_big(part, url, done + len(chunk), max_bytes)
                out.write(chunk)
                done += len(chunk)
                if progress:
                    progress(done, total)
    if total is not None and done != total:
        raise urllib.error.URLError(f"transfert incomplet : {done} octets sur {total}")
    return done


def _too_big(part: Path, url: str, size: int, max_bytes: int) -> ModelFetchError:
    part.unlink(missing_ok=True)
    return ModelFetchError(
        f"{url} envoie plus que la taille prévue par le manifeste ({size} octets, au plus {max_bytes}) : refusé"
    )


def check_archive(archive: Path) -> None:
    """Raise :class:`ModelFetchError` if the zip is unreadable, unsafe, too big unpacked, or a member is corrupt.

    The members' names and sizes are checked before anything is decompressed.
    """
    try:
        with zipfile.ZipFile(archive) as z:
            check_members(z.infolist(), archive.stat().st_size, archive.name)
            bad = z.testzip()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, NotImplementedError, OSError, EOFError, zlib.error,
            ValueError) as exc:
        raise ModelFetchError(f"archive corrompue ou tronquée : {archive.name}") from None
    if bad is not None:
        raise ModelFetchError(f"archive corrompue : {archive.name} (membre abîmé : {bad})")


def check_members(members: list[zipfile.ZipInfo], archive_size: int, label: str) -> None:
    """Names that stay inside the folder and fit a file system, no file/folder clash, a bounded unpacked size."""
    unpacked = sum(m.file_size for m in members)
    if unpacked > max(MAX_UNPACK_RATIO * archive_size, MIN_UNPACK_BOUND):
        raise ModelFetchError(
            f"archive suspecte : {label} se décompresse en {unpacked} octets, plus de {MAX_UNPACK_RATIO} fois"
            " sa taille : refusée"
        )
    files: set[str] = set()
    folders: set[str] = set()
    for member in members:
        name = member.filename
        parts = [p for p in name.replace("\\", "/").split("/") if p]
        if name.startswith(("/", "\\")) or ".." in parts or (parts and ":" in parts[0]):
            raise ModelFetchError(f"archive suspecte : chemin hors du dossier ({name[:80]})")
        if len(name.encode("utf-8")) > MAX_PATH_BYTES or any(len(p.encode("utf-8")) > MAX_NAME_BYTES for p in parts):
            raise ModelFetchError(f"archive refusée : nom de fichier trop long ({name[:60]}…)")
        for depth in range(1, len(parts)):
            folders.add("/".join(parts[:depth]))
        if member.is_dir():
            folders.add("/".join(parts))
        else:
            joined = "/".join(parts)
            if joined in files:
                raise ModelFetchError(f"archive refusée : deux fichiers du même nom ({joined[:80]})")
            files.add(joined)
    clash = sorted(files & folders)
    if clash:
        raise ModelFetchError(f"archive refusée : « {clash[0][:80]} » y est à la fois un fichier et un dossier")


def _safe_extract(archive: Path, dest: Path) -> None:
    with zipfile.ZipFile(archive) as z:
        check_members(z.infolist(), archive.stat().st_size, archive.name)
        for member in z.namelist():
            target = (dest / member).resolve()
            if not str(target).startswith(str(dest.resolve()) + os.sep) and target != dest.resolve():
                raise ModelFetchError(f"archive suspecte : chemin hors du dossier ({member})")
        try:
            z.extractall(dest)
        except OSError as exc:
            raise ModelFetchError(f"impossible de décompresser {archive.name} : {os_error_fr(exc)}") from None


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
    except (OSError, UnicodeDecodeError, ValueError):
        raise ModelFetchError(f"{path} illisible : supprimez-le, il sera refait au prochain téléchargement") from None
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(v, dict)}


def write_lock(models_dir: Path, lock: dict[str, dict]) -> None:
    path = models_dir / LOCK_NAME
    tmp = path.with_suffix(".tmp")
    try:
        tmp.write_text(json.dumps(lock, indent=2, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        raise ModelFetchError(f"impossible d'écrire {path} : {os_error_fr(exc)}") from None


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
    if not MODEL_NAME.match(entry.name) or ".." in entry.name:
        raise ModelFetchError(f"nom de modèle refusé : « {entry.name[:40]} »")
    try:
        models_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ModelFetchError(f"impossible de créer le dossier des modèles {models_dir} : {os_error_fr(exc)}") from None
    archive = models_dir / f"{entry.name}.zip"
    part = models_dir / f"{entry.name}.zip.part"
    errors: list[str] = []
    used_url = None
    if not archive.exists():
        for url in entry.urls:
            try:
                download(url, part, progress, timeout, max_bytes=entry.max_bytes)
            except (urllib.error.URLError, OSError) as exc:
                reason = _network_reason(exc)
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


def _network_reason(exc: OSError) -> str:
    """Why a download failed, in French (urllib's reasons are English or socket errors)."""
    if isinstance(exc, urllib.error.HTTPError):
        return f"erreur HTTP {exc.code}"
    reason = getattr(exc, "reason", exc)
    if isinstance(reason, str) and reason.startswith("transfert"):
        return reason
    if isinstance(reason, socket.gaierror):
        return "nom de serveur introuvable"
    if isinstance(reason, OSError) and reason.errno in _NETWORK_FR:
        return _NETWORK_FR[reason.errno]
    if isinstance(reason, TimeoutError) or "timed out" in str(reason):
        return "délai dépassé"
    if isinstance(reason, OSError) and reason.errno:
        return os_error_fr(reason)
    return "serveur injoignable"


_NETWORK_FR = {
    errno.ECONNREFUSED: "connexion refusée",
    errno.ECONNRESET: "connexion coupée",
    errno.ENETUNREACH: "réseau inaccessible",
    errno.EHOSTUNREACH: "machine inaccessible",
    errno.ETIMEDOUT: "délai dépassé",
}


def refuse_archive(archive: Path, reason: str) -> ModelFetchError:
    """Move a refused archive aside (``.zip.bad``, its reason in ``.zip.bad.txt``): the next fetch downloads anew."""
    bad = archive.with_suffix(".zip.bad")
    try:
        archive.replace(bad)
        bad.with_suffix(".bad.txt").write_text(reason + "\n", encoding="utf-8")
    except OSError:
        archive.unlink(missing_ok=True)
        return ModelFetchError(f"{reason} (archive supprimée)")
    return ModelFetchError(f"{reason} (archive mise de côté : {bad.name})")


def install_archive(entry: ModelEntry, models_dir: Path, archive: Path, url: str) -> FetchResult:
    """Check ``archive`` (size, md5, zip, sha256, lock), unpack it and check the model's structure.

    Any refusal moves the archive aside (:func:`refuse_archive`) and says why.
    """
    try:
        digest = _check_archive_file(entry, models_dir, archive)
        lock = read_lock(models_dir)
        target = _unpack(entry, models_dir, archive)
    except ModelFetchError as exc:
        raise refuse_archive(archive, str(exc)) from None
    size = archive.stat().st_size
    lock[entry.name] = {
        "sha256": digest,
        "size": size,
        "url": url or lock.get(entry.name, {}).get("url", ""),
        "archive": archive.name,
    }
    write_lock(models_dir, lock)
    return FetchResult(entry.name, target, digest, url, size)


def _check_archive_file(entry: ModelEntry, models_dir: Path, archive: Path) -> str:
    size = archive.stat().st_size
    if entry.size is not None and size != entry.size:
        raise ModelFetchError(f"taille inattendue pour {entry.name} : {size} octets (attendu {entry.size})")
    if entry.md5 and md5_file(archive) != entry.md5:
        raise ModelFetchError(f"empreinte md5 inattendue pour {entry.name} (attendu {entry.md5})")
    check_archive(archive)
    digest = sha256_file(archive)
    if entry.sha256 and digest != entry.sha256:
        raise ModelFetchError(f"empreinte sha256 inattendue pour {entry.name} : {digest} (attendu {entry.sha256})")
    locked = read_lock(models_dir).get(entry.name, {}).get("sha256")
    if locked and locked != digest:
        raise ModelFetchError(
            f"l'archive de {entry.name} a changé depuis son premier téléchargement "
            f"(sha256 {digest}, verrouillé {locked} dans {LOCK_NAME})."
        )
    return digest


def _unpack(entry: ModelEntry, models_dir: Path, archive: Path) -> Path:
    target = models_dir / entry.name
    tmp = models_dir / f".{entry.name}.unpack"
    try:
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir()
        _safe_extract(archive, tmp)
        root = _model_root(tmp)
        problems = check_model_dir(root, entry.kind)
        if problems:
            raise ModelFetchError(f"le modèle {entry.name} est incomplet : " + "; ".join(problems))
        shutil.rmtree(target, ignore_errors=True)
        root.replace(target)
    except OSError as exc:
        raise ModelFetchError(f"impossible d'installer {entry.name} : {os_error_fr(exc)}") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return target


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
