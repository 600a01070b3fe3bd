"""Le Civet ★ (seed 000).

« Le Civet permet de miser sur la combinaison d'un de ses lancers et peut être
utilisé à n'importe quel moment de la partie avant de lancer ses chouettes,
durant son tour de jeu ou avant de commencer un défi Grelottine […] Pour cela,
le joueur doit crier “Civet de 50 (ou autre) sur une Chouette ! (ou autre)”.
La mise est de 1 pt minimum et 102 pts maximum […] [Si on ne joue pas avec les
scores négatifs, il est interdit de miser plus que son score, sinon il y a
Bévue.] Si le joueur réussit son Civet, il gagne les points mis en jeu ainsi
que ceux de la combinaison réalisée, et s'il échoue, il perd les points de sa
mise, mais gagne ceux de la combinaison. »

« Un joueur peut donner son Civet à un autre joueur […] “Lance-Civet !” […] un
joueur qui lance son Civet à un joueur qui en a déjà un reçoit une Bévue mais
conserve son Civet. »
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import civet_filoche
from voice_scribe.engine.families.civet_bet import CIVET_COMBINATIONS, CIVET_MAX, CIVET_MIN, civet_matches
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import Holding, Phase, ThrowContext

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext

def on_civet(ctx: RuleContext, call: Call) -> None:
    if call.number is None or call.combination is None:
        raise Rejected("incomplete", "Civet de combien, et sur quelle combinaison ?")
    state = ctx.state
    if state.phase is Phase.REACTION and ctx.upcoming_roller() == call.player:
        ctx._close_reaction(call.t)  # his turn begins: the previous throw's window closes
        if state.phase is Phase.OVER:
            return
    player = state.players[call.player]
    challenge = state.challenge
    before_own_throw = state.phase is Phase.CHOUETTES and call.player == state.roller
    before_challenge = (
        challenge is not None
        and call.player == challenge.challenged
        and challenge.throws == 0
        and state.phase in (Phase.GRELOTTINE_STAKE, Phase.GRELOTTINE_THROW)
    )
    if not player.holds(Holding.CIVET) or not (before_own_throw or before_challenge):
        why = (f"{call.player} n'a pas de Civet" if not player.holds(Holding.CIVET)
               else "un Civet s'annonce avant de lancer ses chouettes")
        ctx._bevue(call.player, Reason.CIVET_NOT_ALLOWED, call.t, why=why)
        return
    if call.combination not in CIVET_COMBINATIONS:
        ctx._bevue(call.player, Reason.CIVET_NOT_ALLOWED, call.t, combination=call.combination)
        return
    stake = call.number
    if not CIVET_MIN <= stake <= CIVET_MAX or (not ctx.rules.negative_scores and stake > player.score):
        ctx._bevue(call.player, Reason.STAKE_TOO_HIGH, call.t, stake=stake)
        return
    ctx._lose(call.player, Holding.CIVET, Reason.SPENT, call.t)
    bet = (call.player, stake, call.combination)
    if before_challenge and challenge is not None:
        challenge.civet = bet
    else:
        state.current = ThrowContext(roller=call.player, started_at=call.t, civet=bet)


def settle_civet(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    civet_filoche.settle_filoche(ctx, current, t)  # ★★★★ the Civet-Filoché bets on this throw (families/civet_filoche.py)
    if current.civet is None or current.combination is None:
        return
    name, stake, named = current.civet
    stake *= current.multiplier  # « la mise, perdue ou gagnée, est également doublée » (Bi-Jarret)
    current.civet = None
    if current.challenge is not None:
        current.challenge.civet = None
    if civet_matches(named, current.combination):
        ctx._add(name, stake, Reason.CIVET_WON.value, "civet", t, stake=stake, combination=named)
    else:
        ctx._add(name, -stake, Reason.CIVET_LOST.value, "civet", t, stake=stake, combination=named)
        civet_filoche.civet_filoche_earned(ctx, name, stake, current, t)  # ★★★★ « la mise perdue est égale à la combinaison »


def on_lance_civet(ctx: RuleContext, call: Call) -> None:
    ctx._throw_holding(call, Holding.CIVET, "Lance-Civet", Reason.CIVET_NOT_ALLOWED, Reason.CIVET_ALREADY_HELD)


FAMILY = Family(
    name="civet",
    seed="000 « Le Civet »",
    handles={
        CallKind.CIVET: on_civet,
        CallKind.LANCE_CIVET: on_lance_civet,
    },
)
