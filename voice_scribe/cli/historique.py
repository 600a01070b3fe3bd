"""``voice-scribe historique``: every game kept, and each player's figures.

Each run first reads the journals of the games folder (``parties/``, where ``listen`` writes
them) into the archive (``parties/historique.sqlite``): finished and interrupted games alike, the
same journal never twice. Then it lists the games and the players' figures, or shows one game
(``--partie N``: scores, races with their onset gaps, verdicts) and writes its score curve
(``--courbe FICHIER.svg``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from voice_scribe.cli import CliError

from voice_scribe.history.store import DEFAULT_ARCHIVE, DEFAULT_FOLDER

ARCHIVE_NAME = DEFAULT_ARCHIVE.name


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "historique",
        help="les parties gardées et les chiffres de chaque joueur",
        description="Range les journaux des parties dans l'archive, puis liste les parties et les chiffres "
                    "de chaque joueur.",
    )
    p.add_argument("--dossier", default=str(DEFAULT_FOLDER), metavar="CHEMIN",
                   help="où sont les journaux des parties (défaut : parties/)")
    p.add_argument("--archive", metavar="FICHIER.sqlite", help="l'archive (défaut : DOSSIER/historique.sqlite)")
    p.add_argument("--importe", action="append", default=[], metavar="JOURNAL",
                   help="range aussi ce journal (répétable)")
    p.add_argument("--partie", type=int, metavar="N", help="montre une partie (son numéro dans la liste)")
    p.add_argument("--courbe", metavar="FICHIER.svg", help="avec --partie : écrit la courbe des scores en SVG")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from voice_scribe.history import Archive
    from voice_scribe.history.store import ArchiveError

    if args.courbe and args.partie is None:
        raise CliError("--courbe demande une partie : --partie N (voir la liste de « voice-scribe historique »)")
    folder = Path(args.dossier)
    try:
        archive = Archive.open(args.archive or folder / ARCHIVE_NAME)
    except ArchiveError as exc:
        raise CliError(str(exc)) from None
    try:
        _import(archive, folder, [Path(p) for p in args.importe])
        if args.partie is not None:
            _show_game(archive, args.partie, args.courbe)
        else:
            _list(archive)
    finally:
        archive.close()
    return 0


def _import(archive, folder: Path, extra: list[Path]) -> None:  # noqa: ANN001 - Archive
    from voice_scribe.journal import JournalError

    for path in extra:
        if not path.is_file():
            raise CliError(f"journal introuvable : {path}")
    journals = sorted(folder.glob("*.jsonl")) if folder.is_dir() else []
    for path in journals + extra:
        try:
            result = archive.import_journal(path)
        except JournalError as exc:
            if path in extra:
                raise CliError(str(exc)) from None
            print(f"(ignoré : {exc})")
            continue
        for warning in result.game.warnings if result.game else ():
            print(f"({path} : {warning})")


def _list(archive) -> None:  # noqa: ANN001 - Archive
    games = archive.games()
    if not games:
        print("Aucune partie gardée pour l'instant (les journaux de « voice-scribe listen » vont dans parties/).")
        return
    print(f"{len(games)} partie(s) gardée(s) :")
    for number, game in enumerate(games, start=1):
        scores = ", ".join(f"{name} {score}" for name, score in sorted(game.scores.items(), key=lambda i: -i[1]))
        end = f"gagnée par {game.winner}" if game.winner else ("terminée" if game.finished else "interrompue")
        print(f"  {number:>3}. {_date(game.created)}  {_duration(game.duration_s):>6}  {end:<24} {scores}")
    print()
    print("Par joueur :")
    print(f"  {'joueur':<16}{'parties':>8}{'gagnées':>9}{'moyenne':>9}{'record':>8}"
          f"{'courses gagnées':>17}{'perdues':>9}{'écart moyen':>13}")
    for f in archive.player_figures():
        gap = f"{f.mean_gap_ms:.0f} ms" if f.mean_gap_ms is not None else "—"
        mean = f"{f.mean_score:.1f}".replace(".", ",")
        print(f"  {f.player:<16}{f.games:>8}{f.wins:>9}{mean:>9}{f.best_score:>8}"
              f"{f.races_won:>17}{f.races_lost:>9}{gap:>13}")
    closest = archive.closest_races()
    if closest:
        from voice_scribe.history.words import describe_race

        numbers = {game.id: number for number, game in enumerate(games, start=1)}
        print()
        print("Les courses les plus serrées :")
        for game_id, race in closest:
            print(f"  partie {numbers[game_id]:>3}  {describe_race(race)}")
    print()
    print("Une partie en détail : voice-scribe historique --partie N [--courbe courbe.svg]")


def _show_game(archive, number: int, curve_path: str | None) -> None:  # noqa: ANN001 - Archive
    from voice_scribe.history import score_curve_svg
    from voice_scribe.history.words import describe_race, stamp

    games = archive.games()
    if not 1 <= number <= len(games):
        raise CliError(f"pas de partie n° {number} (il y en a {len(games)} : voice-scribe historique)")
    game = games[number - 1]
    end = f"gagnée par {game.winner}" if game.winner else ("terminée" if game.finished else "interrompue")
    print(f"Partie n° {number} du {_date(game.created)} ({_duration(game.duration_s)}, {end})")
    print(f"Journal : {game.journal}")
    for name, score in sorted(game.scores.items(), key=lambda i: -i[1]):
        print(f"  {name:<16} {score:>5}")
    races = archive.races(game.id)
    if races:
        print(f"Courses ({len(races)}) :")
        for race in races:
            print(f"  {stamp(race.t)}  {describe_race(race)}")
    verdicts = archive.verdicts(game.id)
    print(f"Verdicts ({len(verdicts)}) :")
    for t, text in verdicts:
        print(f"  {stamp(t)}  {text}")
    if curve_path:
        try:
            svg = score_curve_svg(archive.curve(game.id), game.players, game.rules.get("target"))
            Path(curve_path).write_text(svg, encoding="utf-8")
        except OSError as exc:
            raise CliError(f"impossible d'écrire {curve_path} : {exc.strerror}") from None
        print(f"Courbe des scores écrite dans {curve_path}")


def _date(created: str) -> str:
    """« 2026-12-01 21:05 » from an ISO time."""
    return created[:16].replace("T", " ") if created else "date inconnue"


def _duration(seconds: float) -> str:
    minutes = int(seconds // 60)
    return f"{minutes // 60} h {minutes % 60:02d}" if minutes >= 60 else f"{minutes} min"
