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
from voice_scribe.validation import FieldError, flag, integer, listing, mapping, number, text

#: The longest text a recogniser gives for one utterance (minutes of unbroken speech): past it a
#: line is refused, which also bounds what the matcher is given.
MAX_TEXT_LENGTH = 2000
#: The most words a transcript line may time.
MAX_WORDS = 400


class TranscriptError(ValueError):
    """A transcript that cannot be read; the message is French and names the line."""


@dataclass(frozen=True)
class Outcome:
    """One utterance and what it meant (call, command, question or rejection)."""

    utterance: Utterance
    understanding: Understanding

    def to_json(self) -> dict:
        return {"t": self.utterance.t, **self.understanding.to_json()}


def check_utterance(data: dict) -> Utterance:
    """One transcript line, every field checked for its type and value (French :class:`FieldError`).

    >>> check_utterance({"t": 1.0, "text": "pas mou le caillou"}).text
    'pas mou le caillou'
    >>> check_utterance({"t": 1.0, "text": "x", "ambiguous": 1})
    Traceback (most recent call last):
    ...
    voice_scribe.validation.FieldError: « ambiguous » doit valoir true ou false (reçu : 1)
    """
    said = text(data, "text")
    if len(said) > MAX_TEXT_LENGTH:
        raise FieldError(f"« text » dépasse {MAX_TEXT_LENGTH} caractères : ce n'est pas une annonce")
    words = listing(data, "words")
    if len(words) > MAX_WORDS:
        raise FieldError(f"« words » dépasse {MAX_WORDS} mots")
    for index, word in enumerate(words, 1):
        try:
            entry = mapping({"mot": word}, "mot")
            text(entry, "word")
            start, end = number(entry, "start"), number(entry, "end")
            number(entry, "conf", required=False)
        except FieldError as exc:
            raise FieldError(f"mot illisible (n° {index}) : {exc}") from None
        if end < start:
            raise FieldError(f"mot illisible (n° {index}) : « end » avant « start »")
    if data.get("t") is None and not words:
        raise FieldError("« t » manque (l'instant de la phrase, en secondes)")
    t = number(data, "t", required=False)
    end = number(data, "end", required=False)
    if end is not None and t is not None and end < t:
        raise FieldError(f"« end » ({end:g}) avant « t » ({t:g})")
    speaker = data.get("speaker")
    if speaker is not None and not isinstance(speaker, str):
        raise FieldError("« speaker » doit être un nom (un texte)")
    integer(data, "channel", minimum=0, maximum=255, required=False)
    number(data, "loudness_ratio", minimum=0, required=False)
    number(data, "energy_onset", required=False)
    flag(data, "ambiguous")
    return Utterance.from_json(data)


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
            utterance = check_utterance(data)
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
