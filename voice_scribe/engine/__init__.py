"""The pure rules engine: no I/O, no audio imports.

Vocabulary: :class:`Throw` and :class:`Combination` (dice), :class:`Call`
(what a player says), :class:`Rules` (the table's options), :class:`Event`
(what the engine decides) and :class:`Game` (the fold of calls into a state);
:class:`Now`, :class:`LegalCall` and :class:`Check` say what can be said now
(``Game.now()``, ``Game.check(call)``).
"""

from voice_scribe.engine.calls import CALL_SPECS, Call, CallKind
from voice_scribe.engine.dice import Combination, Figure, Kind, Throw, classify
from voice_scribe.engine.events import Event, EventKind, Reason
from voice_scribe.engine.rules import Rules, RulesError
from voice_scribe.engine.table import Check, LegalCall, Legality, Now

__all__ = [
    "CALL_SPECS",
    "Call",
    "CallKind",
    "Check",
    "Combination",
    "Event",
    "EventKind",
    "Figure",
    "Kind",
    "LegalCall",
    "Legality",
    "Now",
    "Reason",
    "Rules",
    "RulesError",
    "Throw",
    "classify",
]
