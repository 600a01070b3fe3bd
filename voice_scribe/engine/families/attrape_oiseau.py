"""L'Attrape-Oiseau ★★ (seed 000; seed 004 « L'attrape-oiseau »).

« Si un joueur réalise une Chouette, il est possible qu'un autre joueur sirote
avant lui. Pour cela, il doit alors crier “Attrape-Oiseau !” en saisissant le
dé à siroter et en levant le doigt. Toutes les règles du Sirotage
s'appliquent, chaque joueur peut soit miser, soit laisser filer, et la règle
du Contre-Sirop est valable. Si l'Attrape-Oiseau réussit, le joueur l'ayant
tenté gagne les points du Cul De Chouette obtenu, s'il échoue, il perd les
points de la Chouette.

Dans tous les cas, celui ayant réalisé cette Chouette remporte les points de
la Chouette. Si deux joueurs veulent tenter un Attrape-Oiseau et un Sirotage
en même temps ou deux Attrape-Oiseaux en même temps, le premier joueur à
saisir le dé est prioritaire. »

The roller's Chouette (and his Civet on it) is settled when the bird is
caught; the attrapeur then sirotes as in ``families/sirop.py`` (bets from every other
player, the roller included; a failed Attrape-Oiseau of 6 gives a Civet).
The first call is the first hand on the die: a later « Je sirote ! » or
« Attrape-Oiseau ! » is refused, not punished.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import throw_in_play
from voice_scribe.engine.dice import Kind
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import civet, sirop
from voice_scribe.engine.families.sirop import NOT_SIROPABLE_FIGURES
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext


def _can_catch_the_bird(ctx: RuleContext, current: ThrowContext, player: str) -> bool:
    combination = current.combination
    assert combination is not None
    figure_rule = NOT_SIROPABLE_FIGURES.get(combination.figure) if combination.figure else None
    return (
        player != current.roller
        and combination.kind is Kind.CHOUETTE
        and not current.sirop_done
        and current.applies
        and current.challenge is None  # « le Sirotage est obligatoire, et l'Attrape-Oiseau interdit » (Sirop-Grelot)
        and not (figure_rule is not None and not current.no_figures and ctx.rules.is_enabled(figure_rule))
    )


def on_attrape_oiseau(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    current = state.current
    if state.phase is Phase.SIROP_BETS and current is not None and current.sirotage is not None:
        raise Rejected("already_siroted", f"{current.sirotage.sirotant} a saisi le dé le premier")
    current = throw_in_play(ctx, "aucune Chouette à attraper")
    if not _can_catch_the_bird(ctx, current, call.player):
        ctx._bevue(call.player, Reason.SIROP_NOT_ALLOWED, call.t, call=call.kind.value)
        return
    if not sirop.sirotant_has_the_points(ctx, call, current):
        return
    _catch_the_bird(ctx, current, call.player, call.t)


def _catch_the_bird(ctx: RuleContext, current: ThrowContext, attrapeur: str, t: float) -> None:
    """« celui ayant réalisé cette Chouette remporte les points de la Chouette »; the other sirotes."""
    combination = current.combination
    assert combination is not None
    if current.chouette_due:
        current.chouette_due = False
        civet.settle_civet(ctx, current, t)
        ctx._add(current.roller, combination.points * current.multiplier, Reason.CHOUETTE.value, "chouette", t,
                  face=combination.face)
    sirop.start_sirotage(ctx, current, attrapeur, t)


FAMILY = Family(
    name="attrape_oiseau",
    seed="000 « L'Attrape-Oiseau »; 004 « L'attrape-oiseau »",
    handles={
        CallKind.ATTRAPE_OISEAU: on_attrape_oiseau,
    },
)
