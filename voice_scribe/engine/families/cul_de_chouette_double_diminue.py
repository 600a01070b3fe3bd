"""Le Cul de chouette doublé diminué ★★★ (seed 000, seed 003).

« Pour doubler en diminué un Cul De Chouette, le joueur doit annoncer “Je
siffle le Cul De Chouette en intervalle païen ! ”, et doit relancer ses trois
dés pour réaliser de nouveau un Cul De Chouette de n'importe quelle valeur. Il
n'a qu'un seul lancer pour cela. S'il réussit, il gagne 1,5x la somme des
points de ses deux Culs De Chouettes. Cependant, s'il échoue, il perd le double
des points de son premier cul de chouette. […] En cas d'échec, la combinaison
réalisée ne prend pas effet.

Si lors d'un Cul De Chouette Doublé diminué réussi, la valeur du deuxième Cul
De Chouette est égale à celle du premier, alors le lanceur doit annoncer
"Unisson" pour récupérer la valeur du "cul de chouette doublé diminué". Si un
autre joueur annonce en premier "un petit intervalle diminué de temps en
temps" alors il gagne la moitié des gains du cul de chouette doublé diminué,
et le joueur qui a réussi le "cul de chouette doublé diminué" ne récupère que
la moitié des gains du cul de chouette doublé diminué. S'il y a plusieurs
annonces simultanées, celui qui a tenté le cul de chouette doublé diminué est
prioritaire. S'il y a plusieurs annonces simultanées "un petit intervalle
diminué de temps en temps", alors les joueurs concernés perdent la moitié des
points du cul de chouette doublé diminué, et celui qui a lancé les dés gagne
automatiquement les points du cul de chouette doublé diminué »

Decisions (docs/rules.md ★★★): 1.5 × a sum of two Culs de chouette is always
a whole number (each is 40 + 10 × face). On equal values, nobody shouting:
the roller « doit annoncer » Unisson to take the gain, so he takes nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import judge_shout, throw_in_play
from voice_scribe.engine.dice import cul_de_chouette_points
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import cul_de_chouette_double, doublette
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import firsts, roller_first_settled_at, roller_wins
import voice_scribe.engine.relances as relances
from voice_scribe.engine.state import Relance

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

RULE = "cul_de_chouette_double_diminue"


def intervalle_paien_gain(first: int, second: int) -> int:
    """« 1,5x la somme des points de ses deux Culs De Chouettes ».

    >>> intervalle_paien_gain(6, 2)
    240
    """
    return (cul_de_chouette_points(first) + cul_de_chouette_points(second)) * 3 // 2


def on_intervalle_paien(ctx: RuleContext, call: Call) -> None:
    cul_de_chouette_double.doubling_announced(ctx, call, "intervalle_paien")


def relance_intervalle_paien(ctx: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
    t = call.t
    throw = relances.three(dice)
    m = relance.multiplier
    if not relances.is_cul_de_chouette(dice):
        loss = 2 * cul_de_chouette_points(relance.face) * m
        ctx._add(relance.thrower, -loss, Reason.INTERVALLE_PAIEN_FAILED.value, RULE, t)
        # « la combinaison réalisée ne prend pas effet »: a window where reacting to it is a Bévue
        relances.land_relance(ctx, relance.thrower, throw, t, relance, applies=False, no_figures=True)
        return
    gain = intervalle_paien_gain(relance.face, dice[0]) * m
    if dice[0] != relance.face:
        relances.emit_relance_throw(ctx, relance.thrower, throw, t, "intervalle_paien")
        ctx._add(relance.thrower, gain, Reason.INTERVALLE_PAIEN_WON.value, RULE, t)
        relances.finish_relance(ctx, relance, t)
        return
    # equal values: « Unisson » vs « Un petit intervalle diminué de temps en temps », in a window
    relances.land_relance(ctx, relance.thrower, throw, t, relance, applies=False, unisson=gain, no_figures=True)


def on_unisson(ctx: RuleContext, call: Call) -> None:
    current = throw_in_play(ctx, "aucun Unisson en jeu", needs_dice=False)
    by_roller = call.player == current.roller
    # « le lanceur doit annoncer "Unisson" »; « un autre joueur », « un petit intervalle diminué… »
    fits = bool(current.unisson) and by_roller == (call.kind is CallKind.UNISSON)
    judge_shout(ctx, call, current, fits)


def unisson_settled_at(ctx: RuleContext, current: ThrowContext, t: float) -> float | None:
    """Certain once the roller's « Unisson ! » is in (he wins a tie), or once the others' first
    « Un petit intervalle… »'s tie window has passed."""
    if not current.unisson:
        return None
    return roller_first_settled_at(current.shouters(CallKind.UNISSON.value),
                                   current.shouters(CallKind.PETIT_INTERVALLE.value), t, ctx.rules.tie_window_s)


def settle_unisson(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    gain = current.unisson
    if not gain or "unisson" in current.decided:
        return
    window = ctx.rules.tie_window_s
    mine = current.shouters(CallKind.UNISSON.value)
    theirs = current.shouters(CallKind.PETIT_INTERVALLE.value)
    roller = current.roller
    if roller_wins(mine, theirs, window):
        ctx._add(roller, gain, Reason.INTERVALLE_PAIEN_WON.value, RULE, t, unisson=True)
        return
    if not theirs:
        return  # « le lanceur doit annoncer "Unisson" pour récupérer la valeur »
    others = firsts(theirs, window)
    half = gain // 2
    if len(others) == 1:
        ctx._add(others[0], half, Reason.PETIT_INTERVALLE.value, RULE, t)
        ctx._add(roller, half, Reason.INTERVALLE_PAIEN_WON.value, RULE, t, unisson=False)
    else:
        # Doublette: two team-mates together « ne perd[ent] pas les points au contraire leur
        # déclaration compte double »
        if not doublette.team_double(ctx, others, half, Reason.PETIT_INTERVALLE_TEAM, RULE, t):
            for player in others:
                ctx._add(player, -half, Reason.PETIT_INTERVALLE_TIE.value, RULE, t)
        ctx._add(roller, gain, Reason.INTERVALLE_PAIEN_WON.value, RULE, t, unisson=True)


FAMILY = Family(
    name="cul_de_chouette_double_diminue",
    seed="000, 003 « Le Cul de chouette doublé diminué »",
    handles={
        CallKind.INTERVALLE_PAIEN: on_intervalle_paien,
        CallKind.UNISSON: on_unisson,
        CallKind.PETIT_INTERVALLE: on_unisson,
    },
    relances={"intervalle_paien": relance_intervalle_paien},
)
