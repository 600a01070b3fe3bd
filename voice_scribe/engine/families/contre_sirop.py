"""Le Contre-Sirop and the Sirop-Jeannot ★★ (seed 000; seed 004 « Le contre-sirop »).

« Si un Sirotage ou un Attrape-Oiseau échoue, le premier joueur à crier
“ J'apprécie les fruits au sirop ! ” en levant le doigt remporte un certain
nombre de points selon le Cul De Chouette tenté par le sirotant. En cas
d'égalité entre plusieurs joueurs sur un Contre-Sirop, les joueurs concernés
perdent la valeur du Contre-Sirop. Le Contre-Sirop n'est valable que si le dé
relancé ne réalise ni le Cul De Chouette tenté, ni une mise réussie. Il ne
peut pas être réalisé par le sirotant, sauf lors d'une partie à deux. La
valeur du Contre-Sirop correspond au cinquième du Cul De Chouette tenté : 10,
12, 14, 16, 18, 20 pts. »

« Le Sirop » [without negative scores]: « le sirotage ne peut également être
tenté que si le sirotant a un score égal ou supérieur au nombre de points mis
en jeu lors du Sirotage. Dans le cas inverse, le premier joueur à crier
“ SiropJeannot ! ” en le désignant du doigt remporte la valeur d'un
Contre-Sirop. Si deux joueurs ou plus crient l'annonce du Sirop-Jeannot en
même temps, ils remportent tous les points. Cette règle s'applique également
pour l'Attrape-Oiseau. »

Both are shouted in the window after the sirop die fell (the Contre-Sirop) or
after the refused sirotage (the Sirop-Jeannot), and judged when it closes. A
shout when neither applies is a Bévue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import judge_shout, throw_in_play
from voice_scribe.engine.dice import contre_sirop_points
from voice_scribe.engine.events import Reason
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import firsts
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext


def _contre_sirop_open(ctx: RuleContext, current: ThrowContext) -> bool:
    return current.sirop_failed_face is not None and not current.sirop_bet_won


def on_contre_sirop(ctx: RuleContext, call: Call) -> None:
    if ctx.state.phase is Phase.SIROP_BETS:
        raise Rejected("too_early", "le dé siroté n'est pas encore tombé")
    current = throw_in_play(ctx, "aucun sirotage raté", needs_dice=False)
    sirotant = current.sirotage.sirotant if current.sirotage else None
    two_players = len(ctx.state.active()) == 2
    # « Il ne peut pas être réalisé par le sirotant, sauf lors d'une partie à deux. »
    fits = _contre_sirop_open(ctx, current) and (call.player != sirotant or two_players)
    judge_shout(ctx, call, current, fits)


def settle_contre_sirop(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    shouts = current.shouters(CallKind.CONTRE_SIROP.value)
    if not shouts or current.sirop_failed_face is None or "contre_sirop" in current.decided:
        return
    points = contre_sirop_points(current.sirop_failed_face)
    ctx._pay_first_shout(shouts, points, "contre_sirop", Reason.CONTRE_SIROP, Reason.CONTRE_SIROP_TIE,
                          Reason.CONTRE_SIROP_TEAM, t)

# ── Sirop-Jeannot [no negatives] ──
def on_sirop_jeannot(ctx: RuleContext, call: Call) -> None:
    current = throw_in_play(ctx, "aucun sirotage sans les points", needs_dice=False)
    jeannot = current.jeannot
    # « en le désignant du doigt »: the sirotant without the points, by somebody else
    fits = jeannot is not None and call.player != jeannot[0] and call.target in (None, jeannot[0])
    judge_shout(ctx, call, current, fits)


def settle_sirop_jeannot(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    shouts = current.shouters(CallKind.SIROP_JEANNOT.value)
    if not shouts or current.jeannot is None or "sirop_jeannot" in current.decided:
        return
    points = contre_sirop_points(current.jeannot[1])
    # « Si deux joueurs ou plus crient l'annonce … en même temps, ils remportent tous les points. »
    for player in firsts(shouts, ctx.rules.tie_window_s):
        ctx._add(player, points, Reason.SIROP_JEANNOT.value, "sirop_jeannot", t, sirotant=current.jeannot[0])


FAMILY = Family(
    name="contre_sirop",
    seed="000 « Le Contre-Sirop », « Le Sirop-Jeannot »; 004 « Le contre-sirop »",
    handles={
        CallKind.CONTRE_SIROP: on_contre_sirop,
        CallKind.SIROP_JEANNOT: on_sirop_jeannot,
    },
)
