"""What a rule family sees of the game: the narrow interface its rules are written against.

Each rule module (``suite.py``, ``grelottine.py``…) reads the state, the table's options and
the call, and acts through a few services: emit an event, prompt the table, score, give or
take a holding, make a Bévue, close the window, end the throw, queue a relance, start a
roll-off. Rule modules import this protocol, never :class:`voice_scribe.engine.game.Game`:
the fold (``game.py``) imports the rules, not the other way round.

A family may still call another family's hook (the Flan looks at the Suite, the Achat at the
Sirop…); those hooks are reached through the same object (``__getattr__`` below) until each
is turned into an entry of the registry in ``game.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from voice_scribe.engine.calls import Call
from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.rules import Rules
from voice_scribe.engine.state import GameState, Holding


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

    # ── the flow of the game (engine/game.py) ──
    def _close_reaction(self, t: float) -> None: ...
    def _end_throw(self, t: float) -> None: ...
    def _expect_roller(self, call: Call, roller: str) -> bool: ...
    def upcoming_roller(self) -> str: ...

    # ── another family's hook ──
    def __getattr__(self, name: str) -> Any: ...
