"""Le Civet-Filoché and le Civet-Filoché Doublé ★★★★ (seed 000).

« Le Civet-Filoché »: « Si lors d'un Civet échoué la valeur de la mise perdue
est égale à la valeur de la combinaison remportée, le joueur obtient un
Civet-Filoché. Le Civet-Filoché peut également être obtenu si lors d'un Civet
flanné et échoué la valeur de la mise (remportée) est égale à la valeur de la
combinaison (perdue), qui subit les effets du Flan. Si lors d'un Civet-Filoché
la valeur de la mise échouée est égale à la valeur de la combinaison
remportée, le joueur ayant échoué son Civet-Filoché perd son Civet-Filoché
mais en obtient un nouveau.

Un Civet-Filoché permet de miser sur la valeur du lancer des joueurs autour de
la table, mais pas sur son propre lancer, et peut être utilisé à n'importe
quel moment de la partie avant que le joueur choisi ne lance ses chouettes,
durant son tour de jeu ou avant de commencer un défi. […] “ Civet-Filoché de 50
(ou autre) sur une Chouette ! (ou autre) ” […] La mise maximale est de 102 pts
au total, et les points peuvent être répartis sur plusieurs adversaires. Le
joueur a le droit de miser sur autant de joueurs différents qu'il le souhaite,
mais il est limité à une mise maximum par joueur. […] [Si on ne joue pas avec
les scores négatifs, il est interdit de miser plus que son score, sinon il y a
Bévue, comme pour un Civet normal.] Le Civet-Filoché peut être utilisé sur les
mêmes combinaisons que le Civet et le système de points est le même: en cas de
réussite le joueur remporte les points de la mise + ceux de la combinaison, et
en cas d'échec il perd les points de la mise et remporte les points de la
combinaison. Dans tous les cas, le joueur qui lance les dés n'est pas affecté.

Un joueur peut également donner son Civet-Filoché à un autre joueur […]
“ Lance-Civet-Filoché ! ” […] Le Civet-Filoché est non cumulable mais peut se
cumuler à un Civet, auquel cas le joueur tentant le Civet-Filoché gagne ou
perd lui aussi la mise du joueur tentant le Civet. Comme lors d'un Civet, un
joueur qui lance son Civet-Filoché à un joueur qui en a déjà un reçoit une
Bévue mais conserve son Civet-Filoché. »

« Le Civet-Filoché Doublé »: « Si un joueur utilise un Civet-Filoché, un autre
joueur possédant lui aussi un Civet ou un Civet-Filoché (déjà partiellement
utilisé ou pas) peut doubler la mise du Civet-Filoché du premier joueur. […]
le joueur qui lance le Civet-Filoché Doublé sacrifie son Civet (ou
Civet-Filoché) […] Le Civet-Filoché Doublé peut être lancé après n'importe
quelle mise du Civet-Filoché qui est la seule à être doublée. Le reste des
règles du Civet Doublé est applicable au Civet-Filoché Doublé. »

How the engine plays it (docs/rules.md ★★★★ CF1–CF7): a bet waits in
``GameState.filoche_bets`` until its target's next throw begins (his turn's
chouettes, or his first throw of a Grelottine challenge); it is then *armed*
and judged with that throw's final combination, where a Civet would be
(``civet.settle_civet``). The Civet-Filoché is inflannable: neither the
Flan nor the Bi-Jarret of the thrower changes its stake or its combination.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families.civet_bet import CIVET_COMBINATIONS, CIVET_MAX, CIVET_MIN, civet_matches
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.relances import combination_value
from voice_scribe.engine.state import FilocheBet  # noqa: F401 - its record lives in state.py
from voice_scribe.engine.state import Holding

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

FILOCHE_TOTAL = CIVET_MAX  # « La mise maximale est de 102 pts au total »


def on_civet_filoche(ctx: RuleContext, call: Call) -> None:
    if call.number is None or call.combination is None or call.target is None:
        raise Rejected("incomplete", "Civet-Filoché de combien, sur quelle combinaison, et sur qui ?")
    state = ctx.state
    bettor, target = call.player, call.target
    if state.players[target].eliminated:
        raise Rejected("eliminated", f"{target} est sorti du jeu")
    staked, targets = state.filoche_used.get(bettor, (0, frozenset()))
    allowed = (
        state.players[bettor].holds(Holding.CIVET_FILOCHE)
        and target != bettor  # « mais pas sur son propre lancer »
        and target not in targets  # « limité à une mise maximum par joueur »
        and call.combination in CIVET_COMBINATIONS
    )
    if not allowed:
        ctx._bevue(bettor, Reason.CIVET_FILOCHE_NOT_ALLOWED, call.t, target=target)
        return
    stake = call.number
    too_much = not ctx.rules.negative_scores and stake > state.players[bettor].score
    if not CIVET_MIN <= stake <= FILOCHE_TOTAL - staked or too_much:
        ctx._bevue(bettor, Reason.STAKE_TOO_HIGH, call.t, stake=stake, left=FILOCHE_TOTAL - staked)
        return
    state.filoche_bets.append(FilocheBet(bettor, target, stake, call.combination, call.t))
    staked, targets = staked + stake, targets | {target}
    others = {p for p in state.active() if p != bettor}
    if staked >= FILOCHE_TOTAL or others <= targets:
        state.filoche_used.pop(bettor, None)
        ctx._lose(bettor, Holding.CIVET_FILOCHE, Reason.SPENT, call.t)
    else:
        state.filoche_used[bettor] = (staked, targets)


def arm_filoche(ctx: RuleContext, roller: str) -> None:
    """« avant que le joueur choisi ne lance ses chouettes »: from now on the bets on him are judged."""
    for bet in ctx.state.filoche_bets:
        if bet.target == roller:
            bet.armed = True


def settle_filoche(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    """Judge the armed bets on the final combination; the thrower is not affected."""
    state = ctx.state
    combination = current.combination
    armed = [b for b in state.filoche_bets if b.armed]
    if not armed or combination is None:
        return
    state.filoche_bets = [b for b in state.filoche_bets if not b.armed]
    value = combination_value(combination)  # « remporte les points de la combinaison »
    for bet in armed:
        won = civet_matches(bet.combination, combination)
        if won:
            ctx._add(bet.bettor, bet.stake, Reason.CIVET_FILOCHE_WON.value, "civet_filoche", t,
                      stake=bet.stake, combination=bet.combination, target=bet.target)
        else:
            ctx._add(bet.bettor, -bet.stake, Reason.CIVET_FILOCHE_LOST.value, "civet_filoche", t,
                      stake=bet.stake, combination=bet.combination, target=bet.target)
        ctx._add(bet.bettor, value, Reason.CIVET_FILOCHE_COMBINATION.value, "civet_filoche", t,
                  target=bet.target)
        _filoche_shares_the_civet(ctx, bet, current, t)
        if not won and bet.stake == value:
            _renew_filoche(ctx, bet.bettor, t)


def _filoche_shares_the_civet(ctx: RuleContext, bet: FilocheBet, current: ThrowContext, t: float) -> None:
    """« peut se cumuler à un Civet, auquel cas le joueur tentant le Civet-Filoché gagne ou perd lui aussi
    la mise du joueur tentant le Civet »."""
    civet = current.civet
    if civet is None or civet[0] != bet.target or current.combination is None:
        return
    _, stake, named = civet
    sign = 1 if civet_matches(named, current.combination) else -1
    ctx._add(bet.bettor, sign * stake, Reason.CIVET_FILOCHE_CIVET.value, "civet_filoche", t,
              stake=stake, combination=named, target=bet.target)


def _renew_filoche(ctx: RuleContext, name: str, t: float) -> None:
    """« perd son Civet-Filoché mais en obtient un nouveau »."""
    ctx.state.filoche_used.pop(name, None)
    ctx._lose(name, Holding.CIVET_FILOCHE, Reason.SPENT, t)
    ctx._gain(name, Holding.CIVET_FILOCHE, Reason.CIVET_FILOCHE, t)


def civet_filoche_earned(ctx: RuleContext, name: str, stake: int, current: ThrowContext, t: float) -> None:
    """A failed Civet whose stake (as moved) equals the combination's value (as scored, Flan included)."""
    if not ctx.rules.is_enabled("civet_filoche") or current.combination is None:
        return
    value = combination_value(current.combination) * current.multiplier
    if value != 0 and abs(stake) == abs(value) and ctx._gain(name, Holding.CIVET_FILOCHE, Reason.CIVET_FILOCHE, t):
        ctx.state.filoche_used.pop(name, None)


def on_lance_civet_filoche(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    used = state.filoche_used.get(call.player)
    if ctx._throw_holding(call, Holding.CIVET_FILOCHE, "Lance-Civet-Filoché",
                           Reason.CIVET_FILOCHE_NOT_ALLOWED, Reason.CIVET_FILOCHE_ALREADY_HELD):
        state.filoche_used.pop(call.player, None)
        if used is not None:  # a Civet-Filoché « déjà partiellement utilisé » stays so
            state.filoche_used[call.target] = (used[0], used[1] - {call.target})


def on_civet_filoche_double(ctx: RuleContext, call: Call) -> None:
    if call.target is None:
        raise Rejected("no_target", "Civet-Filoché doublé sur qui ?")
    state = ctx.state
    pending = [b for b in state.filoche_bets if b.bettor == call.target and not b.armed]
    doubler = state.players[call.player]
    holding = next((h for h in (Holding.CIVET, Holding.CIVET_FILOCHE) if doubler.holds(h)), None)
    bet = pending[-1] if pending else None  # « après n'importe quelle mise … qui est la seule à être doublée »
    ok = bet is not None and holding is not None and call.player != call.target
    if ok and bet is not None and not ctx.rules.negative_scores:
        ok = state.players[call.target].score >= 2 * bet.stake  # as for the Civet doublé
    if not ok or bet is None or holding is None:
        ctx._bevue(call.player, Reason.CIVET_FILOCHE_NOT_ALLOWED, call.t, call=call.kind.value,
                    target=call.target)
        return
    if holding is Holding.CIVET_FILOCHE:
        state.filoche_used.pop(call.player, None)
    ctx._lose(call.player, holding, Reason.SPENT, call.t)
    bet.stake *= 2


FAMILY = Family(
    name="civet_filoche",
    seed="000 « Le Civet-Filoché », « Le Civet-Filoché Doublé »",
    handles={
        CallKind.CIVET_FILOCHE: on_civet_filoche,
        CallKind.LANCE_CIVET_FILOCHE: on_lance_civet_filoche,
        CallKind.CIVET_FILOCHE_DOUBLE: on_civet_filoche_double,
    },
)
