"""``voice-scribe historique`` as a person runs it: journals in parties/, French output, an SVG curve."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from archive_examples import journal_of_calls


def _historique(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "voice_scribe", "historique", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_the_games_folder_is_archived_and_listed(tmp_path: Path) -> None:
    folder = tmp_path / "parties"
    folder.mkdir()
    sessions = {game: journal_of_calls(game, folder)[1] for game in ("game1_star1", "game3_elimination")}
    first = _historique(tmp_path)
    again = _historique(tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout  # the same journals twice: the same two games
    assert "2 partie(s) gardée(s)" in first.stdout
    assert "gagnée par Léodagan" in first.stdout and "gagnée par Gauvain" in first.stdout
    assert "Léodagan 376, Perceval 270, Karadoc 82" in first.stdout
    assert sessions["game3_elimination"].game.scores["Gauvain"] == 378 and "Gauvain 378" in first.stdout
    rows = {line.split()[0]: line.split() for line in first.stdout.splitlines()[first.stdout.splitlines().index("Par joueur :") + 2:]
            if line.startswith("  ")}
    assert rows["Karadoc"][1:3] == ["1", "0"] and rows["Gauvain"][1:3] == ["1", "1"]  # games, wins
    assert (folder / "historique.sqlite").exists()
    assert "Traceback" not in first.stderr
    closest = first.stdout.split("Les courses les plus serrées :\n", 1)[1].splitlines()
    # game 1's races are 300 and 600 ms apart; game 3's closest that is not a tie comes first
    gaps = [int(line.rsplit(" ms", 1)[0].split()[-1]) for line in closest if " ms" in line]
    assert gaps == sorted(gaps) and 300 in gaps


def test_one_game_in_detail_and_its_curve(tmp_path: Path) -> None:
    folder = tmp_path / "parties"
    folder.mkdir()
    journal_of_calls("game1_star1", folder)
    done = _historique(tmp_path, "--partie", "1", "--courbe", "courbe.svg")
    assert done.returncode == 0, done.stderr
    assert "« Pas mou le caillou ! » : Perceval devant Léodagan de 300 ms" in done.stdout
    assert "« Grelotte ça picote ! » : Léodagan dernier, 600 ms après Perceval" in done.stdout
    assert "Léodagan gagne la partie avec 376 points !" in done.stdout
    svg = ET.parse(tmp_path / "courbe.svg").getroot()
    lines = svg.findall("{http://www.w3.org/2000/svg}polyline")
    assert [line.find("{http://www.w3.org/2000/svg}title").text for line in lines] == ["Léodagan", "Karadoc", "Perceval"]
    final_y = {line.find("{http://www.w3.org/2000/svg}title").text: float(line.get("points").split()[-1].split(",")[1])
               for line in lines}
    assert final_y["Léodagan"] < final_y["Perceval"] < final_y["Karadoc"]  # higher score, higher on the picture


def test_an_interrupted_game_is_listed_as_such(tmp_path: Path) -> None:
    from voice_scribe.engine import Call, CallKind
    from voice_scribe.session import Session

    (tmp_path / "parties").mkdir()
    session = Session.new(["Karadoc", "Perceval"], journal_path=tmp_path / "parties" / "soir.jsonl")
    session.hear(Call(CallKind.DES, "Karadoc", 1.0, dice=(5, 5, 5)))
    session.close()
    done = _historique(tmp_path)
    assert done.returncode == 0 and "interrompue" in done.stdout and "Karadoc 90" in done.stdout


def test_bad_input_is_french_and_never_a_traceback(tmp_path: Path) -> None:
    missing = _historique(tmp_path, "--importe", "absent.jsonl")
    assert missing.returncode != 0 and "journal introuvable : absent.jsonl" in missing.stderr
    (tmp_path / "torn.jsonl").write_text("pas du json\n", encoding="utf-8")
    bad = _historique(tmp_path, "--importe", "torn.jsonl")
    assert bad.returncode == 2 and "torn.jsonl, ligne 1 : JSON invalide" in bad.stderr
    nothing = _historique(tmp_path, "--partie", "3")
    assert nothing.returncode != 0 and "pas de partie n° 3" in nothing.stderr
    curve = _historique(tmp_path, "--courbe", "c.svg")
    assert curve.returncode != 0 and "--partie" in curve.stderr
    empty = _historique(tmp_path)
    assert empty.returncode == 0 and "Aucune partie" in empty.stdout
    for done in (missing, bad, nothing, curve, empty):
        assert "Traceback" not in done.stderr
