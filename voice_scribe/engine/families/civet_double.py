"""Le Civet doublé ★★ (seed 000).

« Si un joueur utilise un Civet, un autre joueur possédant lui aussi un Civet
[…] peut doubler la mise du Civet du premier joueur. Pour cela, le joueur doit
désigner sa cible du doigt en criant “ Civet Doublé ! ” après que ce dernier a
annoncé la mise et la valeur de son Civet. Le joueur qui utilise un Civet
Doublé sacrifie son Civet qu'il ne peut plus utiliser jusqu'à en obtenir un
autre. La mise du Civet est alors obligatoirement doublée, mais la combinaison
finale n'est pas affectée. Si plus de deux joueurs ont un Civet, il peuvent
quadrupler, octupler, etc. [Si on ne joue pas avec les scores négatifs, de ce
fait, le joueur tentant un Civet doit avoir au moins le double (ou quadruple,
etc.) des points de sa mise initiale pour pouvoir recevoir un ou plusieurs
Civet(s) Doublé(s), sinon il y a Bévue pour le(s) joueur(s) lançant le(s)
Civet(s) Doublé(s).] »

A Civet doublé is said between the Civet and the civet player's throw; the
doubled stake may exceed 102 (the cap is on the announced stake).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.events import Reason
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import Holding, Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext


def _pending_civet(ctx: RuleContext, target: str) -> tuple[str, int, str] | None:
    state = ctx.state
    current = state.current
    if state.phase is Phase.CHOUETTES and current is not None and current.throw is None and current.civet:
        return current.civet if current.civet[0] == target else None
    challenge = state.challenge
    if challenge is not None and challenge.civet and challenge.throws == 0 and challenge.civet[0] == target:
        return challenge.civet
    return None


def on_civet_double(ctx: RuleContext, call: Call) -> None:
    if call.target is None:
        raise Rejected("no_target", "Civet doublé sur qui ?")
    state = ctx.state
    bet = _pending_civet(ctx, call.target)
    doubler = state.players[call.player]
    # « possédant lui aussi un Civet ou un Civet-Filoché » (★★★★: the Civet-Filoché, when it is played)
    spent = Holding.CIVET if doubler.holds(Holding.CIVET) else Holding.CIVET_FILOCHE
    if spent is Holding.CIVET_FILOCHE and not ctx.rules.is_enabled("civet_filoche"):
        spent = Holding.CIVET
    ok = bet is not None and call.player != call.target and doubler.holds(spent)
    if ok and bet is not None and not ctx.rules.negative_scores:
        ok = state.players[call.target].score >= 2 * bet[1]
    if not ok or bet is None:
        ctx._bevue(call.player, Reason.CIVET_NOT_ALLOWED, call.t, call=call.kind.value, target=call.target)
        return
    if spent is Holding.CIVET_FILOCHE:
        state.filoche_used.pop(call.player, None)
    ctx._lose(call.player, spent, Reason.SPENT, call.t)
    doubled = (bet[0], bet[1] * 2, bet[2])
    if state.current is not None and state.current.civet == bet and state.phase is Phase.CHOUETTES:
        state.current.civet = doubled
    else:
        assert state.challenge is not None
        state.challenge.civet = doubled


FAMILY = Family(
    name="civet_double",
    seed="000 « Le Civet doublé »",
    handles={
        CallKind.CIVET_DOUBLE: on_civet_double,
    },
)
