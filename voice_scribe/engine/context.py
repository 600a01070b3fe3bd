"""What a rule family sees of the game: the narrow interface its rules are written against.

Each family of ``engine/families/`` (``suite.py``, ``grelottine.py``…) is a set of plain
functions ``f(ctx, …)``: they read ``ctx.state``, ``ctx.rules`` and the call, and act through
the few services below: emit an event, prompt the table, score, give or take a holding, make
a Bévue, and ask the fold to move on (close the window, end the throw, start a turn…). The
fold (:class:`voice_scribe.engine.game.Game`) implements them; a family never imports it. What
one family needs of another is an explicit import of that family's function; what the fold
dispatches (calls, figures, relances, roll-offs, the closing order) is in
``engine/registry.py``.

A test may drive a family with any object that has these members (a recording table: see
``tests/engine/test_families_alone.py``).

Below the protocol, the guard every reaction call opens with (:func:`throw_in_play`) and the
verdict on a shout about the throw (:func:`judge_shout`, :func:`wrong_call`): written once, so
that each handler reads as its rule — the guard, the figure test, the effect.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from voice_scribe.engine.calls import Call
from voice_scribe.engine.dice import Throw
from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.rules import Rules
from voice_scribe.engine.state import GameState, Holding, Phase, Relance, ThrowContext


class RuleContext(Protocol):
    """The game as a rule family sees it."""

    state: GameState
    rules: Rules

    # ── telling the table ──
    def _emit(self, kind: EventKind, player: str | None, points: int | None, reason: str, rule: str,
              t: float, **data: Any) -> None: ...
    def _prompt(self, reason: Reason, players: Sequence[str], t: float, **data: Any) -> None: ...

    # ── scores and holdings (engine/scoring.py) ──
    def _add(self, name: str, delta: int, reason: str, rule: str, t: float, **data: Any) -> None: ...
    def _bevue(self, name: str, cause: Reason | str, t: float, **data: Any) -> None: ...
    def _gain(self, name: str, holding: Holding, reason: Reason, t: float) -> bool: ...
    def _lose(self, name: str, holding: Holding, reason: Reason, t: float) -> None: ...
    def _throw_holding(self, call: Call, holding: Holding, label: str, not_held: Reason,
                       already_held: Reason, allowed: bool | None = None) -> bool: ...
    def _pay_first_shout(self, shouts: list[tuple[str, float]], points: int, rule: str, won: Reason,
                         tie: Reason, team: Reason, t: float, report_tied: bool = False,
                         **data: Any) -> None: ...
    def _after_score_change(self, name: str, t: float) -> None: ...

    # ── the flow of the game (engine/game.py) ──
    def _close_reaction(self, t: float) -> None: ...
    def _decide_certain(self, t: float) -> None: ...
    def _end_throw(self, t: float) -> None: ...
    def _start_turn(self, t: float) -> None: ...
    def _next_turn(self, t: float) -> None: ...
    def _expect_roller(self, call: Call, roller: str) -> bool: ...
    def upcoming_roller(self) -> str: ...
    def _land(self, throw: Throw, t: float) -> None: ...
    def _answer(self, call: Call) -> None: ...
    @staticmethod
    def _dice(call: Call, count: int) -> tuple[int, ...]: ...
    @staticmethod
    def _public(call: Call) -> dict[str, Any]: ...

    # ── what the registry dispatches (engine/registry.py) ──
    def _throw_relance(self, relance: Relance, call: Call, dice: tuple[int, ...]) -> None: ...
    def _roll_off_won(self, purpose: str, chosen: str, t: float) -> None: ...


# ── a reaction to the throw in play ──
def throw_in_play(ctx: RuleContext, absent: str, *, needs_dice: bool = True) -> ThrowContext:
    """The throw a reaction call is about; the call is too late when there is none.

    A reaction (« Velutée ! », « Salsifi ! », « Je sirote ! »…) is said in its throw's reaction
    window: the game is in that window, and (``needs_dice``) the throw's dice show a combination.
    Said at any other moment it is refused, and nobody gets a Bévue for it: code ``too_late``,
    with ``absent`` as the French reason (« aucune Artichette en jeu »). ``needs_dice=False`` for
    the calls that are about what the window holds rather than the dice (an Unisson, a Cul de
    chouette to double, a sirotage raté): only the window is asked for.

    >>> from types import SimpleNamespace
    >>> table = SimpleNamespace(state=SimpleNamespace(phase=Phase.CUL, current=None))
    >>> throw_in_play(table, "aucune Artichette en jeu")
    Traceback (most recent call last):
    ...
    voice_scribe.engine.rejected.Rejected: aucune Artichette en jeu
    >>> table.state = SimpleNamespace(phase=Phase.REACTION, current=ThrowContext("Karadoc", 0.0))
    >>> throw_in_play(table, "aucun Unisson en jeu", needs_dice=False).roller
    'Karadoc'
    >>> throw_in_play(table, "aucune Artichette en jeu")  # no dice shown yet
    Traceback (most recent call last):
    ...
    voice_scribe.engine.rejected.Rejected: aucune Artichette en jeu
    """
    state = ctx.state
    current = state.current
    if state.phase is not Phase.REACTION or current is None or (needs_dice and current.combination is None):
        raise Rejected("too_late", absent)
    return current


def judge_shout(ctx: RuleContext, call: Call, current: ThrowContext, fits: bool) -> None:
    """A shout about the throw: it joins its race when it ``fits`` the throw (the race is settled
    when the window closes, or as soon as it is certain); one that does not is a Bévue."""
    if fits:
        current.shout(call.kind.value, call.player, call.t)
    else:
        wrong_call(ctx, call)


def wrong_call(ctx: RuleContext, call: Call) -> None:
    """« cette annonce ne correspond pas au lancer »: a Bévue for ``call``'s player."""
    ctx._bevue(call.player, Reason.WRONG_CALL, call.t, call=call.kind.value)
