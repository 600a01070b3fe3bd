"""La Soufflette ★★ (seed 000).

« Trois dés formant 4, 2 et 1. Le joueur ayant réalisé une Soufflette (le
souffleur) peut défier un autre joueur de son choix (le soufflé) en criant
“ En garde ma mignonne ! ” et en le pointant du doigt. [À condition que les
deux joueurs aient un score supérieur ou égal à 30 pts. Si ce n'est pas le
cas, la Soufflette ne peut pas être jouée, et si le souffleur crie l'annonce,
il y a Bévue.]

Le soufflé a alors trois lancers pour réaliser lui aussi un 4, 2, 1, et seule
la combinaison finale prend effet. L'achat d'une Soufflette est interdit. Le
soufflé peut conserver les dés qu'il souhaite entre chaque lancer, mais il est
interdit d'arrêter le défi en cours, les trois lancers étant obligatoires tant
que le défi n'est pas relevé.

En cas de défi échoué, on considère que le soufflé perd d'abord les points de
la Soufflette, puis s'ajoutent ceux de l'éventuelle combinaison qu'il a
réalisée en fin de défi. Si le soufflé réussit à faire 421 : du 1er coup, le
souffleur perd 50 pts et le soufflé les gagne. du 2e coup, […] 40 pts […] du
3e coup, […] 30 pts […] Si le soufflé échoue, il perd 30 pts et le souffleur
les gagne. »

« Le Civet est interdit durant une Soufflette » (« Le Civet »); « Les seules
combinaisons sur lesquelles le Bi-Jarret n'a aucun effet sont la Soufflette »
(« Le Jarret »). The soufflé announces each throw as three dice (``des``).
A Soufflette is not a Néant when its rule is played: no Grelottine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import throw_in_play
from voice_scribe.engine.dice import Figure
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import civet, flan
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
import voice_scribe.engine.relances as relances
from voice_scribe.engine.state import Relance

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

SOUFFLETTE = (1, 2, 4)
#: « du 1er coup … 50 pts », « du 2e coup … 40 pts », « du 3e coup … 30 pts »
SOUFFLETTE_GAINS = {1: 50, 2: 40, 3: 30}
SOUFFLETTE_FAILURE = 30
SOUFFLETTE_MINIMUM = 30  # [without negative scores]


def soufflette_landed(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    if flan.flanned(ctx, current):
        return flanned_soufflette(ctx, current, t)  # ★★★★ « il doit relever le défi seul »
    civet.settle_civet(ctx, current, t)
    return True  # not a Néant: the souffleur may say « En garde ma mignonne ! »


def on_en_garde(ctx: RuleContext, call: Call) -> None:
    current = throw_in_play(ctx, "aucune Soufflette en jeu")
    if call.target is None:
        raise Rejected("no_target", "En garde qui ?")
    players = ctx.state.players
    allowed = (
        current.shows(Figure.SOUFFLETTE)
        and call.player == current.roller
        and current.souffleur_target is None
        and call.target != call.player
        and not players[call.target].eliminated
        and not flan.flanned(ctx, current)  # ★★★★ the flanné plays it alone, or not at all (families/flan.py)
    )
    if allowed and not ctx.rules.negative_scores:
        allowed = min(players[call.player].score, players[call.target].score) >= SOUFFLETTE_MINIMUM
    if not allowed:
        ctx._bevue(call.player, Reason.NOT_ALLOWED, call.t, call=call.kind.value, target=call.target)
        return
    current.souffleur_target = call.target
    resumes = current.challenge is not None or current.resumes_turn
    relances.queue_relance(ctx, Relance("soufflette", call.target, call.t, target=call.player, resumes_turn=resumes))
    ctx._close_reaction(call.t)


def relance_soufflette(ctx: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
    assert relance.target is not None
    relance.throws += 1
    throw = relances.three(dice)
    souffle, souffleur = relance.thrower, relance.target
    if tuple(sorted(dice)) == SOUFFLETTE:
        relances.emit_relance_throw(ctx, souffle, throw, call.t, "soufflette")
        gain = SOUFFLETTE_GAINS[relance.throws]
        ctx._add(souffleur, -gain, Reason.SOUFFLETTE_WON.value, "soufflette", call.t, throw=relance.throws)
        ctx._add(souffle, gain, Reason.SOUFFLETTE_WON.value, "soufflette", call.t, throw=relance.throws)
        relances.finish_relance(ctx, relance, call.t)
        return
    if relance.throws < 3:
        relances.emit_relance_throw(ctx, souffle, throw, call.t, "soufflette")
        ctx._prompt(Reason.THROW_RELANCE, [souffle], call.t, purpose="soufflette", throw=relance.throws + 1)
        return
    # « le soufflé perd d'abord les points de la Soufflette, puis s'ajoutent ceux de l'éventuelle combinaison »
    ctx._add(souffle, -SOUFFLETTE_FAILURE, Reason.SOUFFLETTE_LOST.value, "soufflette", call.t)
    ctx._add(souffleur, SOUFFLETTE_FAILURE, Reason.SOUFFLETTE_LOST.value, "soufflette", call.t)
    relances.land_relance(ctx, souffle, throw, call.t, relance)


# ── under a Flan (seed 000 « Le Flan ») ──
def flanned_soufflette(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    """« Si le flanné réalise une Soufflette alors qu'il a 30 pts ou plus, il doit relever le défi seul
    et a trois lancers pour réaliser à nouveau un 4 - 2 – 1. S'il a moins de 30 pts, la Soufflette ne
    peut pas être jouée et le Flan est conservé. »"""
    civet.settle_civet(ctx, current, t)
    roller, flans = current.roller, flan.flans_on(current)
    if ctx.state.players[roller].score < SOUFFLETTE_MINIMUM:
        flan.keep_flan(ctx, roller, flans, t)
        return True
    resumes = current.challenge is not None or current.resumes_turn
    relances.queue_relance(ctx, Relance("soufflette_flan", roller, t, multiplier=-flans, resumes_turn=resumes))
    ctx._close_reaction(t)
    return True


def relance_soufflette_flan(ctx: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
    """« Il est le seul dont le score peut être affecté. Il perd 30 pts s'il échoue et peut gagner 30, 40
    ou 50 pts (selon le nombre de lancers tentés) en cas de réussite. Si le flanné-soufflé ne parvient pas
    à relever le défi, la combinaison réalisée au troisième lancer prend l'effet du Flan. »"""
    relance.throws += 1
    throw = relances.three(dice)
    thrower = relance.thrower
    if tuple(sorted(dice)) == SOUFFLETTE:
        relances.emit_relance_throw(ctx, thrower, throw, call.t, "soufflette")
        ctx._add(thrower, SOUFFLETTE_GAINS[relance.throws], Reason.SOUFFLETTE_FLAN_WON.value, "flan", call.t,
                  throw=relance.throws)
        relances.finish_relance(ctx, relance, call.t)
        return
    if relance.throws < 3:
        relances.emit_relance_throw(ctx, thrower, throw, call.t, "soufflette")
        ctx._prompt(Reason.THROW_RELANCE, [thrower], call.t, purpose="soufflette_flan", throw=relance.throws + 1)
        return
    ctx._add(thrower, -SOUFFLETTE_FAILURE, Reason.SOUFFLETTE_FLAN_LOST.value, "flan", call.t)
    relances.land_relance(ctx, thrower, throw, call.t, relance)


FAMILY = Family(
    name="soufflette",
    seed="000 « La Soufflette »",
    handles={
        CallKind.EN_GARDE: on_en_garde,
    },
    figures={Figure.SOUFFLETTE: soufflette_landed},
    relances={"soufflette": relance_soufflette, "soufflette_flan": relance_soufflette_flan},
)
