"""Reading an utterance against the table: what the engine would do with each reading.

The matcher does not import the game: it takes any object with the engine's
two questions, ``check(call)`` (what the engine would do with this call now,
without doing it) and ``now()`` (the table at a glance, with the calls legal
now). :class:`~voice_scribe.engine.game.Game` is one.

A reading the engine would apply beats one it would punish as a Bévue, which
beats one it would refuse, when their costs are close
(:attr:`~voice_scribe.understand.matcher.Thresholds.context`). Table commands
(scores, « annule »…) are always in order.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, Protocol

from voice_scribe.engine.calls import Call, CallKind


class Table(Protocol):
    """What the matcher asks of the game (the engine's « what can be said now » API)."""

    def check(self, call: Call) -> Any: ...  # engine.table.Check: .legality, .code, .reason

    def now(self) -> Any: ...  # engine.table.Now: .allows(kind, player), .text, .legal


class Standing(IntEnum):
    """How the engine would take a reading now; lower is better."""

    LEGAL = 0
    BEVUE = 1
    REJECTED = 2


@dataclass(frozen=True)
class Judgement:
    standing: Standing
    reason: str | None = None  # French, from the engine, when not LEGAL


def judge(table: Table, now: Any, call: Call | None, speaker_known: bool) -> Judgement:
    """The engine's view of one reading (``call`` None: a table command, always in order).

    Without a known speaker the engine cannot check who may say it: only the kind is asked of ``now``.
    """
    if call is None:
        return Judgement(Standing.LEGAL)
    if not speaker_known:
        if now.allows(call.kind):
            return Judgement(Standing.LEGAL)
        return Judgement(Standing.REJECTED, f"pas maintenant : {now.text}")
    check = table.check(call)
    legality = getattr(check.legality, "value", check.legality)
    if legality == "legal":
        return Judgement(Standing.LEGAL)
    return Judgement(Standing.BEVUE if legality == "bevue" else Standing.REJECTED, check.reason)


def allowed_now(now: Any | None, kind: object) -> bool:
    """Whether a template that needs the state (« {combination} » alone: a stake) may be heard now."""
    return now is not None and isinstance(kind, CallKind) and now.allows(kind)
