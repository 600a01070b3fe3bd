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

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import IntEnum
from typing import Protocol

from voice_scribe.engine.calls import THROW_DICE, Call, CallKind
from voice_scribe.engine.state import Phase
from voice_scribe.engine.table import MOMENT_CODES, Check, Legality, Now
from voice_scribe.understand.dice_words import DiceReading


class Table(Protocol):
    """What the matcher asks of the game (the engine's « what can be said now » API)."""

    def check(self, call: Call) -> Check: ...

    def now(self) -> Now: ...


class Standing(IntEnum):
    """How the engine would take a reading now; lower is better."""

    LEGAL = 0
    BEVUE = 1
    INCOMPLETE = 2  # refused, but a call of this kind is expected now (« quelle combinaison, et quelle mise ? »)
    REJECTED = 3  # refused: not at this moment, or not from this player


class LazyNow:
    """``table.now()`` asked once, and only if a reading needs it (it plays the table on a copy: not free)."""

    def __init__(self, table: Table) -> None:
        self._table = table
        self._now: Now | None = None

    def get(self) -> Now:
        if self._now is None:
            self._now = self._table.now()
        return self._now

    def allows(self, kind: CallKind, player: str | None = None) -> bool:
        return self.get().allows(kind, player)


@dataclass(frozen=True)
class Judgement:
    standing: Standing
    reason: str | None = None  # French, from the engine, when not LEGAL


def judge(table: Table, now: LazyNow, call: Call | None, speaker_known: bool) -> Judgement:
    """The engine's view of one reading (``call`` None: a table command, always in order).

    Without a known speaker the engine cannot check who may say it: only the kind is asked of ``now``.
    """
    if call is None:
        return Judgement(Standing.LEGAL)
    if not speaker_known:
        if now.allows(call.kind):
            return Judgement(Standing.LEGAL)
        return Judgement(Standing.REJECTED, f"pas maintenant ({now.get().text})")
    check = table.check(call)
    if check.legality is Legality.LEGAL:
        return Judgement(Standing.LEGAL)
    if check.legality is Legality.BEVUE:
        return Judgement(Standing.BEVUE, check.reason)
    standing = Standing.REJECTED if check.code in MOMENT_CODES else Standing.INCOMPLETE
    return Judgement(standing, check.reason)


def allowed_now(now: LazyNow | None, kind: object) -> bool:
    """Whether a template that needs the state (« {combination} » alone: a stake) may be heard now."""
    return now is not None and isinstance(kind, CallKind) and now.allows(kind)


#: A first breath (« une chouette… ») waits this long (seconds) for its second (« … pour dix »).
PARTIAL_WINDOW = 30.0
_COMPLETABLE = ("target", "number", "combination", "dice")


def complete(table: Table, now: LazyNow, call: Call, earlier: Call | None) -> Call | None:
    """The call made whole from the state, when the engine refused it as incomplete; None if it cannot be.

    Two sources, tried in order: the same player's previous incomplete call of the same kind (a
    Grelottine's combination, then its stake, in two breaths), and an argument the table allows only one
    value for (the Artichette's target is the roller).
    """
    candidates = []
    if earlier is not None and earlier.kind is call.kind and 0 <= call.t - earlier.t <= PARTIAL_WINDOW:
        merged = {name: getattr(earlier, name) for name in _COMPLETABLE if getattr(call, name) is None}
        if call.max_stake or earlier.max_stake:
            merged["max_stake"] = True
        candidates.append(replace(call, **{k: v for k, v in merged.items() if v is not None}))
    if call.target is None:
        targets = {t for legal in now.get().calls(call.kind) if legal.allows(call.player) for t in legal.targets or ()}
        if len(targets) == 1:
            candidates.append(replace(call, target=targets.pop()))
    for candidate in candidates:
        if candidate != call and table.check(candidate).legality is not Legality.REJECTED:
            return candidate
    return None


def awaited_dice(now: Now, player: str | None) -> frozenset[int]:
    """How many dice the game awaits from ``player``'s throw now: his chouettes (2, or 3 with the cul in one
    breath), his cul or another single die (1); empty when he is not the one whose throw is awaited (the
    roller, or the next one once the game would take his chouettes). At his chouettes, a single die (the
    opening roll-off) is not his throw.

    The calls legal now say it, not the phase: a throw with a remark after it (« six cinq allez on y croit ») is
    a fair reading for the roller when his throw is awaited, not for anybody at any time.
    """
    if player is None:
        return frozenset()
    legal = {c.kind for c in now.legal if c.kind in THROW_DICE and c.allows(player)}
    if now.roller != player and not (now.phase is Phase.REACTION and CallKind.CHOUETTES in legal):
        return frozenset()  # (the next roller's chouettes are awaited as soon as the game takes them: the
        # turn before him is thrown, its reactions may still come)
    if CallKind.CHOUETTES in legal:
        legal.discard(CallKind.DE)
    return frozenset(THROW_DICE[kind] for kind in legal)


def remark_gate(now: LazyNow | None, player: str | None) -> Callable[[DiceReading], bool] | None:
    """Whether a throw said once then a remark may be read so (:func:`~.dice_words.read_amid_remarks`): only
    against a game, and only when its dice are as many as the game awaits from the speaker (``now()`` asked
    only when such a reading is found). None out of context: never."""
    if now is None or player is None:
        return None
    def fits(reading: DiceReading) -> bool:
        return len(reading.dice) in awaited_dice(now.get(), player)

    return fits


def as_awaited(call: Call, now: LazyNow) -> Call:
    """A single die read where the game awaits the speaker's cul is that cul (« et hop trois », « oh non un »): the
    reading lands as the game's awaited throw, and the table is shown « cul trois », not « dé trois ».

    Only for the roller whose cul is awaited and whose chouettes are thrown: elsewhere a die stays a die (a
    roll-off, a sirop die)."""
    if call.kind is not CallKind.DE:
        return call
    table_now = now.get()
    if table_now.roller != call.player or not table_now.allows(CallKind.CUL, call.player):
        return call
    return replace(call, kind=CallKind.CUL)
