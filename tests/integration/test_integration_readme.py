"""The README's worked transcript example says what the README says it says."""

from __future__ import annotations

import json
import re
from pathlib import Path

from voice_scribe.replay import replay_utterances
from voice_scribe.speech.utterance import Utterance

README = Path(__file__).resolve().parents[2] / "README.md"


def transcript_example() -> list[Utterance]:
    text = README.read_text(encoding="utf-8")
    section = text.split("### Transcripts", 1)[1]
    block = re.search(r"```json\n(.*?)```", section, re.S).group(1)
    records, pending = [], ""
    for line in block.splitlines():  # a record may span two lines in the README
        pending += line
        try:
            records.append(json.loads(pending))
            pending = ""
        except json.JSONDecodeError:
            continue
    return [Utterance.from_json(r) for r in records]


def test_the_worked_transcript_example() -> None:
    utterances = transcript_example()
    assert len(utterances) == 4
    session, _events, replies = replay_utterances(["Karadoc", "Perceval", "Léodagan"], utterances)
    spoken = [r.phrase.spoken for _, r in replies if r.phrase]
    assert "Pas mou le caillou : Perceval marque soixante-douze. Perceval a soixante-douze." in " ".join(spoken)
    assert "Karadoc a zéro point." in spoken
    assert session.game.scores == {"Karadoc": 0, "Perceval": 72, "Léodagan": 0}


def test_the_readme_shows_the_live_table_as_it_is_at_80_by_24() -> None:
    section = README.read_text(encoding="utf-8").split("### The screen", 1)[1]
    capture = re.search(r"```text\n(.*?)```", section, re.S).group(1).splitlines()
    assert 10 <= len(capture) <= 24 and max(len(line) for line in capture) <= 80
    assert any(line.startswith("▶ ") for line in capture) and any("Annonces et verdicts" in line for line in capture)
    assert capture[-1].endswith("q : quitter") and capture[-2].startswith("> ")
