"""A plain (non-editable) ``pip install`` works: the grammar and the demo game ship inside the package."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_non_editable_install_replays_and_plays_the_demo(tmp_path) -> None:
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info",
                                                                "build", "parties", "models"))
    (source / "models").mkdir()
    shutil.copy(ROOT / "models" / "manifest.toml", source / "models" / "manifest.toml")
    site = tmp_path / "site"
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site),
                           str(source)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (site / "voice_scribe" / "grammars" / "fr" / "calls.txt").is_file()
    assert (site / "voice_scribe" / "demo_game" / "partie1.transcript.jsonl").is_file()
    shutil.rmtree(source)  # nothing may come from the source tree any more
    away = tmp_path / "ailleurs"
    away.mkdir()
    env = dict(os.environ, PYTHONPATH=str(site), VOICE_SCRIBE_MODELS_DIR=str(tmp_path / "no-models"))
    env.pop("VOICE_SCRIBE_MODEL", None)

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "voice_scribe", *args], capture_output=True, text=True,
                              cwd=away, env=env, timeout=300)

    where = subprocess.run([sys.executable, "-c", "import voice_scribe; print(voice_scribe.__file__)"],
                           capture_output=True, text=True, cwd=away, env=env)
    assert where.stdout.startswith(str(site)), where.stdout
    (away / "t.jsonl").write_text(json.dumps({"t": 1.0, "speaker": "Karadoc", "text": "six six six"}) + "\n")
    done = run("replay", "--transcript", "t.jsonl", "--players", "Karadoc,Perceval", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["scores"] == {"Karadoc": 100, "Perceval": 0}  # the grammar was found
    done = run("demo", "--muet")
    assert done.returncode == 0, done.stderr
    assert "Vainqueur : Léodagan" in done.stdout
