"""``voice-scribe models list | fetch NAME | verify [NAME]``."""

from __future__ import annotations

import argparse
from pathlib import Path

from voice_scribe.cli import CliError


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("models", help="lister, télécharger et vérifier les modèles Vosk")
    p.add_argument("--dir", type=Path, default=None, help="dossier des modèles (défaut : models/)")
    p.add_argument("--manifest", type=Path, default=None, help="manifeste (défaut : DOSSIER/manifest.toml)")
    sub = p.add_subparsers(dest="models_command", metavar="ACTION", required=True)
    sub.add_parser("list", help="les modèles connus et leur état")
    f = sub.add_parser("fetch", help="télécharger un modèle (reprise possible)")
    f.add_argument("name", metavar="NOM")
    f.add_argument("--quiet", action="store_true", help="sans barre de progression")
    v = sub.add_parser("verify", help="vérifier les modèles téléchargés")
    v.add_argument("name", metavar="NOM", nargs="?")
    p.set_defaults(func=run)


def _paths(args: argparse.Namespace) -> tuple[Path, Path]:
    from voice_scribe.speech.models import default_models_dir

    models_dir = args.dir or default_models_dir()
    return models_dir, args.manifest or models_dir / "manifest.toml"


def run(args: argparse.Namespace) -> int:
    from voice_scribe.speech.models import ModelFetchError, load_manifest

    models_dir, manifest_path = _paths(args)
    try:
        manifest = load_manifest(manifest_path)
        if args.models_command == "list":
            return _list(manifest, models_dir)
        if args.models_command == "fetch":
            return _fetch(manifest.get(args.name), models_dir, quiet=args.quiet)
        return _verify(manifest, models_dir, args.name)
    except ModelFetchError as exc:
        raise CliError(str(exc)) from None


def _list(manifest, models_dir: Path) -> int:  # noqa: ANN001
    from voice_scribe.speech.models import check_model_dir

    for m in manifest.models:
        here = models_dir / m.name
        state = "installé" if here.is_dir() and not check_model_dir(here, m.kind) else "absent"
        size = f"~{m.size_mb:g} Mo" if m.size_mb else "taille inconnue"
        print(f"{m.name}  [{m.language}, {m.kind}, {size}]  {state}")
        if m.description:
            print(f"    {m.description}")
    return 0


def _fetch(entry, models_dir: Path, quiet: bool) -> int:  # noqa: ANN001
    from rich.progress import BarColumn, DownloadColumn, Progress, TransferSpeedColumn

    from voice_scribe.speech.models import fetch

    if quiet:
        result = fetch(entry, models_dir)
    else:
        with Progress(
            "[progress.description]{task.description}", BarColumn(), DownloadColumn(), TransferSpeedColumn()
        ) as bar:
            task = bar.add_task(entry.name, total=None)

            def progress(done: int, total: int | None) -> None:
                bar.update(task, completed=done, total=total)

            result = fetch(entry, models_dir, progress)
    print(f"{result.name} installé dans {result.path} (sha256 {result.sha256}).")
    return 0


def _verify(manifest, models_dir: Path, name: str | None) -> int:  # noqa: ANN001
    from voice_scribe.speech.models import verify

    entries = [manifest.get(name)] if name else [m for m in manifest.models if (models_dir / m.name).exists()]
    if not entries:
        print("aucun modèle téléchargé (voice-scribe models fetch NOM).")
        return 1
    ok = True
    for entry in entries:
        verdict = verify(entry, models_dir)
        ok &= verdict.ok
        print(f"{entry.name} : {'OK' if verdict.ok else 'PROBLÈME'}")
        for msg in verdict.messages:
            print(f"    {msg}")
    return 0 if ok else 1
