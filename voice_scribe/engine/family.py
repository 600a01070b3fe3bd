"""A rule family: what one seed paragraph adds to the game, as plain functions and one record.

Each module of ``engine/families/`` reads beside its seed paragraph (its docstring quotes it)
and ends with a :class:`Family` record naming what it plugs into the fold: the calls it
answers, the figure it takes over, the relances and the roll-offs it settles. The functions
receive a :class:`~voice_scribe.engine.context.RuleContext` (the state, the table's options
and the few services of the fold: emit, score, Bévue, close the window…) and act through it;
they never see :class:`~voice_scribe.engine.game.Game`. ``engine/registry.py`` lists the
families in one table, in precedence order, with the order of the hooks that run when a
reaction window closes.

>>> from voice_scribe.engine.calls import CallKind
>>> def on_graines(ctx, call): return None
>>> FAMILY = Family("graines", "000 « Les Graines »", handles={CallKind.GRAINES: on_graines})
>>> FAMILY.handles[CallKind.GRAINES] is on_graines
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call, CallKind
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.dice import Figure
    from voice_scribe.engine.state import Relance, ThrowContext

#: Answers one call: applies it, makes it a Bévue, or raises ``Rejected``.
Handler = Callable[["RuleContext", "Call"], None]
#: A throw of the family's figure has landed; True when the figure takes the throw over.
Landed = Callable[["RuleContext", "ThrowContext", float], bool]
#: A relance of the family's purpose is thrown (the call and its dice).
RelanceThrow = Callable[["RuleContext", "Relance", "Call", tuple[int, ...]], None]
#: A roll-off of the family's purpose is decided: the player the dice chose.
RollOffWon = Callable[["RuleContext", str, float], None]
#: A race judged on the throw (at the window's close, or once certain); True when a tie must
#: be settled by dice before the turn moves on.
Settle = Callable[["RuleContext", "ThrowContext", float], "bool | None"]
#: When a race of the open window became certain (a time), or None while it can still change.
SettledAt = Callable[["RuleContext", "ThrowContext", float], "float | None"]

@dataclass(frozen=True)
class Family:
    """One rule family, as the registry sees it."""

    #: The rule's name, as ``Rules.is_enabled`` and ``CALL_SPECS[...].rule`` know it.
    name: str
    #: The seed paragraph it implements, e.g. ``000 « La Suite »``.
    seed: str
    handles: Mapping[CallKind, Handler] = field(default_factory=dict)
    figures: Mapping[Figure, Landed] = field(default_factory=dict)
    relances: Mapping[str, RelanceThrow] = field(default_factory=dict)
    roll_offs: Mapping[str, RollOffWon] = field(default_factory=dict)
