"""La Chouette-Velute ★ (seed 000).

« Le premier joueur qui frappe dans ses mains en criant “Pas mou le caillou !”
gagne les points de la Chouette-Velute. Si plusieurs joueurs sont à égalité lors
de l'annonce, alors les points de la Chouette-Velute sont soustraits des scores
des joueurs concernés. »
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import wrong_call
from voice_scribe.engine.dice import Kind
from voice_scribe.engine.events import Reason
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

#: Which reaction shout fits which combination; any other is a wrong call (Bévue).
REACTION_FITS = {
    CallKind.PAS_MOU_LE_CAILLOU.value: Kind.CHOUETTE_VELUTE,
    CallKind.GRELOTTE_CA_PICOTE.value: Kind.SUITE,
}
#: what a reaction shout is for, as a wrong one's Bévue says it (« … se crie sur une Chouette-Velute »)
SHOUTED_ON = {
    CallKind.PAS_MOU_LE_CAILLOU.value: "« Pas mou le caillou ! » se crie sur une Chouette-Velute",
    CallKind.GRELOTTE_CA_PICOTE.value: "« Grelotte ça picote ! » se crie sur une Suite",
}


def on_pas_mou(ctx: RuleContext, call: Call) -> None:
    on_reaction_shout(ctx, call)


def on_reaction_shout(ctx: RuleContext, call: Call) -> None:
    """A shout about the throw: recorded for its race, or a Bévue when it does not fit.

    Seed 000 « Conseils pratiques » 3/ Préventive: a shout before the dice
    land counts when it turns out right; « une préventive échouée mène bien
    sûr à une Bévue ».
    """
    from voice_scribe.engine.state import Phase

    state = ctx.state
    current = state.current
    if state.phase is Phase.CUL and current is not None:
        current.shout(call.kind.value, call.player, call.t)  # a préventive: judged when the cul falls
        return
    if state.phase in (Phase.REACTION, Phase.SIROP_BETS) and current is not None:
        fits = current.combination is not None and current.combination.kind is REACTION_FITS[call.kind.value]
        if fits and current.applies:  # ★★ « réagir sur une Suite ou Chouette-Velute est une Bévue » (doublé failed)
            if state.phase is Phase.REACTION:
                current.shout(call.kind.value, call.player, call.t)
                ctx._decide_certain(call.t)
                return
        if fits:  # a failed doublé: no reaction at all
            wrong_call(ctx, call)
        else:
            ctx._bevue(call.player, Reason.WRONG_CALL, call.t, call=call.kind.value, why=SHOUTED_ON[call.kind.value])
        return
    raise Rejected("too_late", "aucun lancer en cours auquel réagir")


def judge_preventives(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    combination = current.combination
    assert combination is not None
    for kind, needed in REACTION_FITS.items():
        if combination.kind is needed:
            continue
        for player, _ in current.shouters(kind):
            ctx._bevue(player, Reason.WRONG_CALL, t, call=kind, preventive=True, why=SHOUTED_ON[kind])
        current.shouts.pop(kind, None)


def settle_chouette_velute(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    combination = current.combination
    assert combination is not None
    points = combination.points * current.multiplier  # Bi-Jarret: « gagne le double »
    ctx._pay_first_shout(
        current.shouters(CallKind.PAS_MOU_LE_CAILLOU.value), points, "chouette_velute",
        Reason.CHOUETTE_VELUTE, Reason.CHOUETTE_VELUTE_TIE, Reason.CHOUETTE_VELUTE_TEAM, t,
        report_tied=True, face=combination.face,
    )


def decide_chouette_velute(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    """A first-shout race is certain once the first shout's tie window has passed (no shout can
    still tie it: the calls come in onset order) or once every player has shouted.

    ``t`` is the clock: a call's onset, or a tick (« nothing was said before t »).
    """
    if "chouette_velute" in current.decided:
        return
    shouts = current.shouters(CallKind.PAS_MOU_LE_CAILLOU.value)
    if not shouts:
        return
    closes = min(at for _, at in shouts) + ctx.rules.tie_window_s
    everybody = {p for p, _ in shouts} >= set(ctx.state.active())
    if t > closes + 1e-9 or everybody:
        current.decided.add("chouette_velute")
        settle_chouette_velute(ctx, current, min(t, closes) if not everybody else t)


FAMILY = Family(
    name="chouette_velute",
    seed="000 « La Chouette-Velute »",
    handles={
        CallKind.PAS_MOU_LE_CAILLOU: on_pas_mou,
    },
)
