"""Transcripts (JSON lines of utterances) and understanding them in bulk."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from voice_scribe.engine.rules import Rules
from voice_scribe.jsonlines import JsonLinesError, read_records
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand.matcher import Matcher, Understanding
from voice_scribe.understand.roster import Roster


class TranscriptError(ValueError):
    """A transcript that cannot be read; the message is French and names the line."""


@dataclass(frozen=True)
class Outcome:
    """One utterance and what it meant (call, command, question or rejection)."""

    utterance: Utterance
    understanding: Understanding

    def to_json(self) -> dict:
        return {"t": self.utterance.t, **self.understanding.to_json()}


def load_transcript(path: str | Path) -> list[Utterance]:
    """Read a JSON-lines transcript (``#`` lines are comments); raises :class:`TranscriptError`
    (French, with the line number)."""
    out: list[Utterance] = []
    try:
        records = list(read_records(path, "transcription"))
    except JsonLinesError as exc:
        raise TranscriptError(str(exc)) from None
    for number, data in records:
        if data.get("type") == "header":  # a self-describing transcript: players and rules (replay reads it)
            continue
        try:
            utterance = Utterance.from_json(data)
        except ValueError as exc:
            raise TranscriptError(f"{path}, ligne {number} : {exc}") from None
        if out and utterance.t < out[-1].t:
            raise TranscriptError(
                f"{path}, ligne {number} : instant {utterance.t} antérieur à la ligne précédente ({out[-1].t}) ;"
                " les lignes doivent être dans l'ordre du temps"
            )
        out.append(utterance)
    return out


def understand_transcript(
    utterances: Sequence[Utterance],
    roster: Roster | Sequence[str],
    rules: Rules | None = None,
    matcher: Matcher | None = None,
) -> list[Outcome]:
    """Understand every utterance (the grammar is compiled once for the roster and rules)."""
    matcher = matcher or Matcher.build(roster, rules)
    return [Outcome(u, matcher.understand(u)) for u in utterances]
