"""``voice-scribe replay``: self-describing files, and files that do not fit."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PLAYERS = ["Yvain", "Gauvain", "Bohort"]


def replay(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "voice_scribe", "replay", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=120)


def with_header(tmp_path: Path, source: Path, players: list[str], rules: dict) -> Path:
    out = tmp_path / source.name
    header = json.dumps({"type": "header", "players": players, "rules": rules}, ensure_ascii=False)
    out.write_text(header + "\n" + source.read_text(encoding="utf-8"), encoding="utf-8")
    return out


def rules_of(toml: Path) -> dict:
    from voice_scribe.engine import Rules

    return Rules.load(toml).to_dict()


def test_a_call_log_with_its_header_replays_alone_with_its_rules(tmp_path) -> None:
    """Game 6 (★★★★, the Flan) scores only with its rules: the header carries them."""
    rules = EXAMPLES / "game6_star4_flan.rules.toml"
    calls = EXAMPLES / "game6_star4_flan.calls.jsonl"
    expected = replay("--calls", str(calls), "--rules", str(rules), "--players", ",".join(PLAYERS), "--json",
                      cwd=tmp_path)
    assert expected.returncode == 0, expected.stderr
    alone = replay(str(with_header(tmp_path, calls, PLAYERS, rules_of(rules))), "--json", cwd=tmp_path)
    assert alone.returncode == 0, alone.stderr
    assert json.loads(alone.stdout)["scores"] == json.loads(expected.stdout)["scores"]
    without = replay("--calls", str(calls), "--players", ",".join(PLAYERS), "--json", cwd=tmp_path)
    assert "ne dit pas ses règles" in without.stderr  # other scores are never silent


def test_a_transcript_with_its_header_replays_alone(tmp_path) -> None:
    players = ["Karadoc", "Perceval", "Léodagan"]
    transcript = with_header(tmp_path, EXAMPLES / "game1_star1.transcript.jsonl", players, {})
    done = replay(str(transcript), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Vainqueur : Léodagan" in done.stdout


def test_a_roster_that_does_not_fit_the_file_is_an_error(tmp_path) -> None:
    calls = EXAMPLES / "game1_star1.calls.jsonl"
    done = replay("--calls", str(calls), "--players", "Karadoc,Perceval,Bohort", cwd=tmp_path)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "inconnus : Léodagan" in done.stderr and done.stderr.count("inconnu") == 1
    transcript = EXAMPLES / "game1_star1.transcript.jsonl"
    done = replay("--transcript", str(transcript), "--players", "Arthur,Lancelot", cwd=tmp_path)
    assert done.returncode == 2 and "inconnus" in done.stderr
    header = with_header(tmp_path, calls, ["Karadoc", "Perceval", "Léodagan"], {})
    done = replay(str(header), "--players", "Karadoc,Léodagan,Perceval", cwd=tmp_path)
    assert done.returncode == 2 and "ne sont pas les joueurs de" in done.stderr


def test_empty_and_missing_files_are_errors(tmp_path) -> None:
    empty = tmp_path / "vide.jsonl"
    empty.write_text("# rien\n")
    for option in ("--calls", "--transcript"):
        done = replay(option, str(empty), "--players", "Karadoc,Perceval", cwd=tmp_path)
        assert done.returncode == 2 and "vide" in done.stderr, done.stderr
    done = replay(str(empty), "--players", "Karadoc,Perceval", cwd=tmp_path)
    assert done.returncode == 2 and "vide" in done.stderr
    done = replay(str(tmp_path / "absent.jsonl"), "--players", "Karadoc,Perceval", cwd=tmp_path)
    assert done.returncode == 2 and "introuvable" in done.stderr and "Traceback" not in done.stderr


def test_a_journal_given_to_replay_points_to_resume(tmp_path) -> None:
    journal = tmp_path / "partie.jsonl"
    subprocess.run([sys.executable, "-m", "voice_scribe", "listen", "--joueurs", "Karadoc,Perceval", "--clavier",
                    "--muet", "--journal", str(journal)], input="q\n", text=True, capture_output=True, cwd=tmp_path,
                   timeout=60)
    done = replay(str(journal), cwd=tmp_path)
    assert done.returncode == 2 and "listen --reprise" in done.stderr


def test_a_transcript_given_as_a_call_log_says_which_option_it_needs(tmp_path) -> None:
    done = replay("--calls", str(EXAMPLES / "game1_star1.transcript.jsonl"), "--players", "Karadoc,Perceval,Léodagan",
                  cwd=tmp_path)
    assert done.returncode == 2 and "ligne 1" in done.stderr and "--transcription" in done.stderr
    assert "None" not in done.stderr


def test_the_demo_s_lines_are_stamped_in_the_order_they_are_printed(capsys) -> None:
    """The demo printed « [00:12.15] Léodagan : « pas mou le caillou » » then « [00:12.00]   Pas mou le
    caillou : Perceval marque 72 » (the race was settled while the late shout was held): the screen reads in
    order, so a verdict is stamped no earlier than the line it comes with."""
    import re

    from voice_scribe.cli.demo import PLAYERS, TRANSCRIPT
    from voice_scribe.cli.render import print_replies
    from voice_scribe.replay import replay_utterances
    from voice_scribe.understand import load_transcript

    _, _, replies = replay_utterances(PLAYERS, load_transcript(TRANSCRIPT))
    print_replies(replies)
    out = capsys.readouterr().out
    stamps = re.findall(r"^\[(\d\d:\d\d\.\d\d)\]", out, re.M)
    assert len(stamps) > 50 and stamps == sorted(stamps)
    assert "Pas mou le caillou : Perceval marque 72." in out
