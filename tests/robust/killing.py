"""kill -9 of a live game (``listen --clavier``) at a random moment, then resume: shared by the suite
(a few trials) and ``bench/bench_fuzz.py`` (a hundred).

A trial types calls into a real ``voice-scribe listen --clavier`` process, kills it with SIGKILL at a
random moment, then checks the journal it left:

- it resumes (a torn last record is dropped, nothing else), and two resumes are the same game;
- nothing the table was told is lost: the screen echoes an utterance (« [00:01.25] Karadoc : « … » → … »)
  only after the journal holds it, so there are at least as many ``heard`` records as echoed utterances;
- a resumed ``listen`` keeps every record the crash left, byte for byte, only appends to them, and shows
  the very scores its journal folds to (its end closes the open windows, which may pay).
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path

from voice_scribe.journal import read_journal
from voice_scribe.session import Session

PLAYERS = "Karadoc,Perceval,Léodagan"
LINES = (
    "Karadoc: six six six", "Perceval: deux trois cinq", "Léodagan: un un deux", "Karadoc: quatre quatre un",
    "Perceval: pas mou le caillou", "Léodagan: trois quatre cinq", "Karadoc: suivant", "Perceval: cinq cinq cinq",
)
SCORE_LINE = re.compile(r"^\s+(\S+)\s+(-?\d+)\s*$")
#: the screen's echo of one utterance heard: « [00:01.25] Karadoc : « six six six » → … »
HEARD_LINE = re.compile(r"^\[[^\]]+\] [^ ].* : « ")


@dataclass
class Trial:
    printed: int
    logged: int
    scores: dict[str, int]  # the journal the crash left, folded
    again: dict[str, int]  # ... folded a second time
    kept: bool  # the resumed game kept every record the crash left
    shown: dict[str, int]  # the resumed game's final scoreboard
    folded: dict[str, int]  # the resumed game's journal, folded
    warnings: list[str]

    @property
    def ok(self) -> bool:
        return self.logged >= self.printed and self.scores == self.again and self.kept and self.shown == self.folded


def _listen(*args: str, cwd: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "voice_scribe", "listen", *args, "--clavier", "--muet"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=cwd,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )


def scoreboard(stdout: str) -> dict[str, int]:
    """The final « Scores : » block of a ``listen`` run."""
    block = stdout.rsplit("Scores :", 1)[-1].splitlines()[1:]
    scores: dict[str, int] = {}
    for line in block:
        found = SCORE_LINE.match(line)
        if not found:
            break
        scores[found.group(1)] = int(found.group(2))
    return scores


def run_trial(folder: Path, seed: int) -> Trial:
    rng = random.Random(seed)
    journal = folder / f"kill{seed}.jsonl"
    game = _listen("--players", PLAYERS, "--journal", str(journal), cwd=folder)
    out: list[str] = []
    reader = threading.Thread(target=lambda: out.extend(game.stdout), daemon=True)
    reader.start()
    deadline = time.monotonic() + 30
    while not any("Journal de la partie" in line for line in out) and time.monotonic() < deadline:
        time.sleep(0.02)
    kill_at = time.monotonic() + rng.uniform(0.05, 2.5)
    try:
        while time.monotonic() < kill_at:
            game.stdin.write(rng.choice(LINES) + "\n")
            game.stdin.flush()
            time.sleep(rng.uniform(0.0, 0.08))
    except BrokenPipeError:
        pass
    game.send_signal(signal.SIGKILL)
    game.wait(timeout=30)
    reader.join(timeout=10)
    printed = sum(1 for line in out if HEARD_LINE.match(line))
    contents = read_journal(journal)  # read-only: what the crash left
    logged = sum(1 for r in contents.records if r["type"] == "heard")
    scores, warnings = _fold(journal)
    again, _ = _fold(journal)
    left = journal.read_bytes()  # repaired by the first resume
    resumed = subprocess.run(
        [sys.executable, "-m", "voice_scribe", "listen", "--resume", str(journal), "--clavier", "--muet"],
        input="q\n", capture_output=True, text=True, cwd=folder, timeout=120,
    )
    if resumed.returncode != 0:
        raise AssertionError(f"resume failed ({resumed.returncode}): {resumed.stderr}")
    folded, _ = _fold(journal)
    kept = journal.read_bytes().startswith(left)
    return Trial(printed, logged, scores, again, kept, scoreboard(resumed.stdout), folded, warnings)


def _fold(journal: Path) -> tuple[dict[str, int], list[str]]:
    session, warnings = Session.resume(journal)
    scores = dict(session.game.scores)
    session.close()
    return scores, warnings
