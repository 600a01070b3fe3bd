"""The understanding layer: heard text → a game call, a table command, a question or a rejection.

Grammar as data in ``grammars/fr/`` (:mod:`.grammar`), compiled once per roster
and rules into a :class:`Matcher`; a Vosk phrase list and a vocabulary check
(:mod:`.vosk_grammar`); transcripts (:mod:`.transcript`).
"""

from voice_scribe.understand.commands import Command, TableCommand
from voice_scribe.understand.grammar import Grammar, GrammarError, load_grammar
from voice_scribe.understand.matcher import (
    UNKNOWN_SPEAKER,
    Candidate,
    Matcher,
    ResultKind,
    Thresholds,
    Understanding,
)
from voice_scribe.understand.roster import Roster, RosterError
from voice_scribe.understand.transcript import Outcome, TranscriptError, load_transcript, understand_transcript
from voice_scribe.understand.vosk_grammar import (
    VocabReport,
    check_vocabulary,
    model_vocabulary,
    vosk_grammar_json,
    vosk_phrases,
)

__all__ = [
    "UNKNOWN_SPEAKER",
    "Candidate",
    "Command",
    "Grammar",
    "GrammarError",
    "Matcher",
    "Outcome",
    "ResultKind",
    "Roster",
    "RosterError",
    "TableCommand",
    "Thresholds",
    "TranscriptError",
    "Understanding",
    "VocabReport",
    "check_vocabulary",
    "load_grammar",
    "load_transcript",
    "model_vocabulary",
    "understand_transcript",
    "vosk_grammar_json",
    "vosk_phrases",
]
