"""Le Sirop ★ (seed 000).

« Une fois les trois dés lancés, si le joueur a réalisé une Chouette il peut
relancer un dé pour tenter de transformer sa Chouette en Cul De Chouette. Pour
cela, il doit crier “Je sirote !” […] S'il réussit son Sirotage, il gagne les
points du Cul De Chouette, et s'il échoue, il perd les points de la Chouette
sans les prendre avant le Sirotage. Toute combinaison réalisée après le
Sirotage est valable et sa règle s'applique. Un Sirotage de 6 est un
Civet-Siroté, et donne un Civet en cas d'échec. »

Bets: « La mise est de 5 pts et le gain potentiel de 25 pts. En cas de
réussite, le joueur ne perd pas les 5 pts de la mise, et doit crier “Sirop
Gagnant !” pour valider son gain. S'il oublie de crier l'annonce avant le
lancer suivant, il ne prend pas de Bévue, mais n'obtient pas les points […]
Si un joueur veut miser sur la réussite du Sirotage, il doit crier
“Beau-Sirop !” et non pas annoncer l'oiseau correspondant à la Chouette
sirotée, sinon il y a Bévue. […] Si un joueur ne fait aucune annonce avant le
lancer du cul, il y a Bévue. »
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import throw_in_play, wrong_call
from voice_scribe.engine.dice import FACES, Figure, Kind, Throw, chouette_points, cul_de_chouette_points
from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.families import civet, cul_de_chouette_double, flan, grelottine
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import Holding, Phase, Sirotage

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

#: « il s'agit d'une Bévue si un joueur tente un Sirotage sur une Chouette-Velute,
#: un Bleu-Rouge ou une Artichette » (when those rules are played).
NOT_SIROPABLE_FIGURES = {Figure.ARTICHETTE: "artichette", Figure.BLEU_ROUGE: "bleu_rouge"}


def on_je_sirote(ctx: RuleContext, call: Call) -> None:
    if ctx.state.phase is Phase.CUL and ctx.state.current is not None:
        ctx._bevue(call.player, Reason.SIROP_NOT_ALLOWED, call.t, why="le cul n'est pas encore tombé")
        return
    current = throw_in_play(ctx, "aucune Chouette à siroter")
    combination = current.combination
    assert combination is not None
    figure_rule = NOT_SIROPABLE_FIGURES.get(combination.figure) if combination.figure else None
    if (
        call.player != current.roller
        or not current.applies  # ★★ a failed doublé: « Le Sirop et l'Attrape-Oiseau est interdit »
        or current.sirop_done
        or combination.kind is not Kind.CHOUETTE
        or (figure_rule is not None and ctx.rules.is_enabled(figure_rule))
    ):
        ctx._bevue(call.player, Reason.SIROP_NOT_ALLOWED, call.t)
        return
    if not sirotant_has_the_points(ctx, call, current):
        return
    current.chouette_due = False  # « sans les prendre avant le Sirotage »
    start_sirotage(ctx, current, call.player, call.t)


def sirotant_has_the_points(ctx: RuleContext, call: Call, current: ThrowContext) -> bool:
    """[« le sirotage ne peut également être tenté que si le sirotant a un score égal
    ou supérieur au nombre de points mis en jeu »] — else a Bévue (and a Sirop-Jeannot, ★★)."""
    assert current.combination is not None
    stake = chouette_points(current.combination.face) * flan.unflanned(current)  # ★★★★ inflannable
    if not ctx.rules.negative_scores and ctx.state.players[call.player].score < stake:
        ctx._bevue(call.player, Reason.SIROP_NOT_ALLOWED, call.t, needed=stake)
        current.jeannot = (call.player, current.combination.face)
        return False
    return True


def start_sirotage(ctx: RuleContext, current: ThrowContext, sirotant: str, t: float) -> None:
    assert current.combination is not None
    state = ctx.state
    flan.flan_sirotage(ctx, current, sirotant)  # ★★★★ the Sirotage is inflannable; a flanné's Attrape-Oiseau is not
    current.sirotage = Sirotage(sirotant, current.combination.face, t)
    state.phase = Phase.SIROP_BETS
    others = [p for p in state.active() if p != sirotant]
    ctx._prompt(Reason.BET_SIROP, others, t, face=current.combination.face)


def on_sirop_bet(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    current = state.current
    if state.phase is not Phase.SIROP_BETS or current is None or current.sirotage is None:
        # docs/rules.md S5: « Couche-Sirop ! » says « je ne mise pas », true when nobody sirotes: refused at
        # any moment, never a Bévue; a bet on a throw nobody sirotes is a wrong announcement
        laid_down = call.kind in (CallKind.COUCHE_SIROP, CallKind.FILE_SIROP)
        if not laid_down and current is not None and current.combination is not None and state.phase is Phase.REACTION:
            ctx._bevue(call.player, Reason.WRONG_CALL, call.t, call=call.kind.value, why="personne ne sirote")
            return
        raise Rejected("no_sirotage", "personne ne sirote")
    sirotage = current.sirotage
    if call.player == sirotage.sirotant:
        wrong_call(ctx, call)
        return
    if call.player in sirotage.bets:
        raise Rejected("already_bet", f"{call.player} a déjà annoncé son pari")
    face: int | None
    if call.kind is CallKind.PARI_OISEAU:
        if call.number not in FACES:
            raise Rejected("bad_bird", "oiseau inconnu")
        face = call.number
        if face == sirotage.face:
            sirotage.bets[call.player] = None
            ctx._bevue(call.player, Reason.BIRD_OF_THE_CHOUETTE, call.t, face=face)
            return
    elif call.kind is CallKind.BEAU_SIROP:
        face = sirotage.face
    else:  # « Couche-Sirop ! » / « File-Sirop ! »
        face = None
    cost = ctx.rules.sirop_bet_cost
    if face is not None and not ctx.rules.negative_scores and state.players[call.player].score < cost:
        # [« … alors qu'il a moins de 5 points, il y a également Bévue et le joueur
        # retombe à zéro point. Son pari est alors caduc. »]
        sirotage.bets[call.player] = None
        ctx._bevue(call.player, Reason.BET_WITHOUT_POINTS, call.t)
        player = state.players[call.player]
        if player.score > 0:
            ctx._add(call.player, -player.score, Reason.BET_WITHOUT_POINTS.value, "sirop", call.t)
        return
    sirotage.bets[call.player] = face


def on_sirop_die(ctx: RuleContext, call: Call, die: int) -> None:
    state = ctx.state
    current = state.current
    assert current is not None and current.sirotage is not None and current.throw is not None
    sirotage = current.sirotage
    if not ctx._expect_roller(call, sirotage.sirotant):
        return
    sirotage.die = die
    t = call.t
    for player in state.active():
        if player != sirotage.sirotant and player not in sirotage.bets:
            ctx._bevue(player, Reason.SIROP_SILENT, t)
    v = sirotage.face
    throw = Throw((v, v), die)
    current.throw = throw
    current.combination = throw.combination
    current.sirop_done = True
    success = die == v
    ctx._emit(
        EventKind.THROW, sirotage.sirotant, current.combination.points, current.combination.kind.value,
        "sirop", t, dice=list(throw.faces), face=current.combination.face, sirop=True, success=success,
    )
    challenge = current.challenge
    final = challenge is None or success or challenge.throws >= 2
    if final:
        civet.settle_civet(ctx, current, t)
    m = current.multiplier
    rule = "attrape_oiseau" if sirotage.sirotant != current.roller else "sirop"
    if success:
        points = cul_de_chouette_points(v) * m
        if cul_de_chouette_double.may_double_cul_de_chouette(ctx, current):
            # ★★ the Cul de chouette « après sirotage » may be doubled: its points wait
            current.cdc_due = (sirotage.sirotant, points, Reason.SIROP_SUCCESS.value, rule)
            current.cdc_face = v
        else:
            ctx._add(sirotage.sirotant, points, Reason.SIROP_SUCCESS.value, rule, t, face=v)
    else:
        ctx._add(sirotage.sirotant, -chouette_points(v) * m, Reason.SIROP_FAILED.value, rule, t, face=v)
        current.sirop_failed_face = v  # ★★ Contre-Sirop
        if v == 6:  # « Un Sirotage de 6 est un Civet-Siroté, et donne un Civet en cas d'échec. »
            ctx._gain(sirotage.sirotant, Holding.CIVET, Reason.SIROP_FAILED, t)
    winners = []
    for player, face in sirotage.bets.items():
        if face is None:
            continue
        if face == die:
            current.sirop_bet_won = True
            state.sirop_winners.add(player)
            winners.append(player)
        else:
            ctx._add(player, -ctx.rules.sirop_bet_cost, Reason.SIROP_BET_LOST.value, "sirop", t, face=face)
    if winners:  # docs/rules.md S6: the table hears who won; the gain still waits for « Sirop gagnant ! »
        ctx._prompt(Reason.SIROP_BET_TO_CLAIM, winners, t, value=ctx.rules.sirop_bet_gain)
    if challenge is not None and not challenge.decided:
        if success or challenge.throws >= 2:
            grelottine.settle_challenge(ctx, challenge, success, t)
        else:
            grelottine.next_challenge_throw(ctx, t)
            return
    # « Toute combinaison réalisée après le Sirotage est valable et sa règle s'applique »:
    # a new reaction window (a Chouette-Velute 1-1-2, 2-2-4 or 3-3-6 races again).
    state.phase = Phase.REACTION
    current.opened_at = t
    current.shouts.pop(CallKind.PAS_MOU_LE_CAILLOU.value, None)


def on_sirop_gagnant(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    if call.player in state.sirop_winners:
        state.sirop_winners.discard(call.player)
        ctx._add(call.player, ctx.rules.sirop_bet_gain, Reason.SIROP_BET_WON.value, "sirop", call.t)
        return
    wrong_call(ctx, call)


def forget_sirop_winners(ctx: RuleContext, t: float) -> None:
    """The next throw: unclaimed winning bets are lost, without a Bévue (and the table is told)."""
    if ctx.state.sirop_winners:
        ctx._prompt(Reason.SIROP_BET_UNCLAIMED, sorted(ctx.state.sirop_winners), t, value=ctx.rules.sirop_bet_gain)
    ctx.state.sirop_winners.clear()


FAMILY = Family(
    name="sirop",
    seed="000 « Le Sirop »",
    handles={
        CallKind.JE_SIROTE: on_je_sirote,
        CallKind.PARI_OISEAU: on_sirop_bet,
        CallKind.BEAU_SIROP: on_sirop_bet,
        CallKind.COUCHE_SIROP: on_sirop_bet,
        CallKind.FILE_SIROP: on_sirop_bet,
        CallKind.SIROP_GAGNANT: on_sirop_gagnant,
    },
)
