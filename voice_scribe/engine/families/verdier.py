"""Le Verdier ★★★ (seed 000, seed 003).

« Lorsqu'un joueur a réalisé 6 - 4, 6 - 2 ou 4 - 2 avec ses chouettes, les
autres joueurs peuvent parier sur une Velute de 6 avant le lancer du cul. Pour
parier sur la Velute de 6, chaque joueur peut crier “ Vert-Linette ! ” entre
le lancer des chouettes et celui du cul. Seul le joueur ayant lancé les
chouettes n'a pas le droit de parier. Comme lors d'un Sirotage ou d'un
Attrape-Oiseau, la mise est de 5 pts et le gain potentiel de 25 pts (toujours
sans perdre 5 pts si le pari est réussi). [Si un joueur annonce “ Vert-Linette
! ” alors qu'il a moins de 5 points, il y a Bévue et le joueur retombe à zéro
point. Son pari est alors caduc.] Le Verdier ne peut être tenté que sur une
Velute 6 - 4 - 2 et non une Velute 6 - 5 - 1. Le Verdier est interdit pendant
un Cul de Chouette Doublé et un Cul de Chouette Doublé Diminué. »

Bets are judged when the cul falls; unlike the Sirop, no « Sirop gagnant ! »
is needed (the seed asks for none). The relances of the doublés are thrown as
three dice at once: there is no moment to say « Vert-Linette ! ».
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import wrong_call
from voice_scribe.engine.events import Reason
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

VERDIER_CHOUETTES = ({4, 6}, {2, 6}, {2, 4})
VELUTE_OF_SIX = (2, 4, 6)
VERDIER_COST, VERDIER_GAIN = 5, 25


def on_vert_linette(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    current = state.current
    if state.phase is not Phase.CUL or current is None or current.chouettes is None:
        if current is not None and state.phase in (Phase.REACTION, Phase.RELANCE):
            wrong_call(ctx, call)
            return
        raise Rejected("too_late", "pas de chouettes en l'air")
    thrower = current.bought_from[0] if current.bought_from else current.roller
    if call.player in current.verdier_bets:
        raise Rejected("already_bet", f"{call.player} a déjà dit « Vert-Linette ! »")
    if set(current.chouettes) not in VERDIER_CHOUETTES or call.player == thrower or current.relance:
        wrong_call(ctx, call)
        return
    player = state.players[call.player]
    if not ctx.rules.negative_scores and player.score < VERDIER_COST:
        ctx._bevue(call.player, Reason.BET_WITHOUT_POINTS, call.t)
        if player.score > 0:
            ctx._add(call.player, -player.score, Reason.BET_WITHOUT_POINTS.value, "verdier", call.t)
        return
    current.verdier_bets[call.player] = call.t


def settle_verdier(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    if not current.verdier_bets or current.throw is None:
        return
    won = tuple(sorted(current.throw.faces)) == VELUTE_OF_SIX
    for player in current.verdier_bets:
        if won:
            ctx._add(player, VERDIER_GAIN, Reason.VERDIER_WON.value, "verdier", t)
        else:
            ctx._add(player, -VERDIER_COST, Reason.VERDIER_LOST.value, "verdier", t)
    current.verdier_bets = {}


FAMILY = Family(
    name="verdier",
    seed="000, 003 « Le Verdier »",
    handles={
        CallKind.VERT_LINETTE: on_vert_linette,
    },
)
