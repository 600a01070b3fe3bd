"""The pure rules engine: no I/O, no audio imports.

Vocabulary: :class:`Throw` and :class:`Combination` (dice), :class:`Call`
(what a player says), :class:`Rules` (the table's options), :class:`Event`
(what the engine decides) and :class:`Game` (the fold of calls into a state).
"""

from voice_scribe.engine.calls import CALL_SPECS, Call, CallKind
from voice_scribe.engine.dice import Combination, Figure, Kind, Throw, classify
from voice_scribe.engine.events import Event, EventKind, Reason
from voice_scribe.engine.rules import Rules, RulesError

__all__ = [
    "CALL_SPECS",
    "Call",
    "CallKind",
    "Combination",
    "Event",
    "EventKind",
    "Figure",
    "Kind",
    "Reason",
    "Rules",
    "RulesError",
    "Throw",
    "classify",
]
