"""Le Cul de chouette doublé ★★ (seed 000).

« Si un joueur réalise un Cul De Chouette, il peut tenter de le doubler, sans
prendre les points avant du Cul de Chouette. Pour doubler un Cul De Chouette,
le joueur doit crier “ Cul De Chouette ! ”, et doit relancer ses trois dés pour
réaliser de nouveau un Cul De Chouette de n'importe quelle valeur. Il n'a
qu'un seul lancer pour cela.

S'il réussit, il gagne les points de ses deux Culs De Chouettes. Cependant,
s'il échoue, il est automatiquement sorti du jeu et ne peut plus l'intégrer
jusqu'à la prochaine partie (le Chante-Sloubi est alors interdit). Le Cul De
Chouette Doublé peut également être tenté sur un Sirop-Grelot réussi.

En cas d'échec, la combinaison réalisée ne prend pas effet. […]

Si lors d'un Cul De Chouette Doublé réussi la valeur du deuxième Cul De
Chouette est égale à celle du premier, alors le joueur remporte la partie,
même s'il n'a pas atteint 343 pts. »

With this rule (or the doublé diminué) played, a Cul de chouette's points
wait for its window to close (``ThrowContext.cdc_due``): « sans prendre les
points avant ». The relance is announced as three dice (``des``); the Achat
and the Verdier are impossible during it (they need a ``chouettes`` call).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import throw_in_play, wrong_call
from voice_scribe.engine.dice import cul_de_chouette_points
from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.families import flan
from voice_scribe.engine.family import Family
import voice_scribe.engine.relances as relances
from voice_scribe.engine.state import Phase, Relance

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext


def may_double_cul_de_chouette(ctx: RuleContext, current: ThrowContext) -> bool:
    rules = ctx.rules
    doubling = rules.is_enabled("cul_de_chouette_double") or rules.is_enabled("cul_de_chouette_double_diminue")
    return doubling and current.cdc_attempt_allowed and current.relance not in (
        "bleu_rouge", "cul_de_chouette_double", "intervalle_paien"
    )


def doubling_announced(ctx: RuleContext, call: Call, purpose: str) -> bool:
    """« Cul De Chouette ! » / « Je siffle … » by whoever made the Cul de chouette, in its window."""
    current = throw_in_play(ctx, "aucun Cul de chouette à doubler", needs_dice=False)
    due = current.cdc_due
    if due is None or due[0] != call.player:
        wrong_call(ctx, call)
        return False
    current.cdc_due = None  # « sans prendre les points avant du Cul de Chouette »
    resumes = current.challenge is not None or current.resumes_turn
    relances.queue_relance(ctx, Relance(purpose, call.player, call.t, face=current.cdc_face,
                                multiplier=flan.unflanned(current), resumes_turn=resumes))  # ★★★★ inflannable
    ctx._close_reaction(call.t)
    return True


def on_cul_de_chouette_double(ctx: RuleContext, call: Call) -> None:
    doubling_announced(ctx, call, "cul_de_chouette_double")


def relance_cul_de_chouette_double(ctx: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
    t = call.t
    if not relances.is_cul_de_chouette(dice):
        # « il est automatiquement sorti du jeu »; « la combinaison réalisée ne prend pas effet »:
        # its window opens all the same, where reacting to it is a Bévue
        ctx.state.players[relance.thrower].eliminated = True
        ctx._emit(EventKind.ELIMINATED, relance.thrower, None, Reason.CUL_DE_CHOUETTE.value,
                   "cul_de_chouette_double", t)
        relances.land_relance(ctx, relance.thrower, relances.three(dice), t, relance, applies=False, no_figures=True)
        return
    relances.emit_relance_throw(ctx, relance.thrower, relances.three(dice), t, "cul_de_chouette_double")
    second = dice[0]
    points = (cul_de_chouette_points(relance.face) + cul_de_chouette_points(second)) * relance.multiplier
    ctx._add(relance.thrower, points, Reason.CUL_DE_CHOUETTE_DOUBLE.value, "cul_de_chouette_double", t,
              faces=[relance.face, second])
    if second == relance.face and ctx.state.phase is not Phase.OVER:
        _declare_winner(ctx, relance.thrower, Reason.CUL_DE_CHOUETTE, "cul_de_chouette_double", t)
        return
    relances.finish_relance(ctx, relance, t)


def _declare_winner(ctx: RuleContext, name: str, reason: Reason, rule: str, t: float) -> None:
    """« le joueur remporte la partie, même s'il n'a pas atteint 343 pts »."""
    state = ctx.state
    state.winner = name
    state.phase = Phase.OVER
    state.current = None
    state.relance = None
    ctx._emit(EventKind.WINNER, name, None, reason.value, rule, t, score=state.players[name].score)


FAMILY = Family(
    name="cul_de_chouette_double",
    seed="000 « Le Cul de chouette doublé »",
    handles={
        CallKind.CUL_DE_CHOUETTE_DOUBLE: on_cul_de_chouette_double,
    },
    relances={"cul_de_chouette_double": relance_cul_de_chouette_double},
)
