"""La Suite-Velutée ★★ (seed 000, seed 003).

« Trois dés formant 1,2 et 3. La combinaison Suite s'applique.

Si le lanceur arrive à attraper au moins une des chouettes en disant "Patte
de canaaard !", il valide alors sa Velute et rend par le fait même impossible
la Suite-Velutée. Autrement, le premier joueur à attraper les chouettes en
criant "Velutée !" doit les relancer et la combinaison finale prend effet à
son bénéfice.

Si deux joueurs, qui ne sont pas le lanceur, se saisissent chacun d'une
chouette et s'exclame "Velutée", ils relancent chacun leur chouette et la
combinaison finale est soustraite du score du lanceur de la Suite-Velutée,
seuls les points s'appliquent. »

Decisions (docs/rules.md ★★): the roller's « Patte de canaaard ! » and the
first « Velutée ! » race; the roller wins a tie (he grabs his own dice). Two
« Velutée ! » within the tie window are the two-player case. Nobody shouting:
the Velute is not validated, only the Suite applies. The Velutée rethrow is
announced as ``chouettes`` (two dice); the cul stays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import judge_shout, throw_in_play
from voice_scribe.engine.dice import Figure, Throw
from voice_scribe.engine.events import Reason
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import firsts, roller_first_settled_at, roller_wins
from voice_scribe.engine.relances import combination_value
import voice_scribe.engine.relances as relances
from voice_scribe.engine.state import Relance

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

VELUTE_OF_THREE = 18


def _is_suite_velutee(ctx: RuleContext, current: ThrowContext | None) -> bool:
    return (
        current is not None
        and current.shows(Figure.SUITE_VELUTEE)
    )


def on_suite_velutee_shout(ctx: RuleContext, call: Call) -> None:
    current = throw_in_play(ctx, "aucune Suite-Velutée en jeu")
    by_roller = call.player == current.roller
    # « Patte de canaaard ! » is the roller's, « Velutée ! » the others'; on any other throw, a Bévue.
    fits = _is_suite_velutee(ctx, current) and (by_roller == (call.kind is CallKind.PATTE_DE_CANARD))
    judge_shout(ctx, call, current, fits)


def suite_velutee_settled_at(ctx: RuleContext, current: ThrowContext, t: float) -> float | None:
    """Certain once the roller's « Patte de canaaard ! » is in (within the tie window of the first
    « Velutée ! »: he wins a tie), or once the first « Velutée ! »'s tie window has passed (the
    grabbers, one or two, are known)."""
    if not _is_suite_velutee(ctx, current):
        return None
    return roller_first_settled_at(current.shouters(CallKind.PATTE_DE_CANARD.value),
                                   current.shouters(CallKind.VELUTEE.value), t, ctx.rules.tie_window_s)


def settle_suite_velutee(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    if not _is_suite_velutee(ctx, current) or "suite_velutee" in current.decided:
        return
    patte = current.shouters(CallKind.PATTE_DE_CANARD.value)
    velutee = current.shouters(CallKind.VELUTEE.value)
    window = ctx.rules.tie_window_s
    if roller_wins(patte, velutee, window):
        ctx._add(current.roller, VELUTE_OF_THREE * current.multiplier, Reason.PATTE_DE_CANARD.value,
                  "suite_velutee", t, face=3)
        return
    if not velutee:
        return
    grabbers = firsts(velutee, window)
    kept = current.throw
    assert kept is not None
    if len(grabbers) == 1:
        relances.queue_relance(ctx, Relance("velutee", grabbers[0], t, dice=2, beneficiary=grabbers[0],
                                    kept=kept, multiplier=current.multiplier))
    else:  # « deux joueurs … se saisissent chacun d'une chouette »: there are two chouettes
        relances.queue_relance(ctx, Relance("velutee_pair", grabbers[0], t, dice=2, beneficiary=grabbers[1],
                                    target=current.roller, kept=kept, multiplier=current.multiplier))


def relance_velutee(ctx: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
    assert relance.kept is not None and relance.beneficiary is not None
    throw = Throw((dice[0], dice[1]), relance.kept.cul)
    if relance.multiplier < 0:
        # ★★★★ flanned: « doit les relancer et perds les points de combinaison (la combinaison ne s'applique pas) »
        relances.emit_relance_throw(ctx, call.player, throw, call.t, "suite_velutee")
        points = combination_value(throw.combination) * -relance.multiplier
        ctx._add(relance.beneficiary, -points, Reason.FLAN_VELUTEE.value, "flan", call.t)
        relances.finish_relance(ctx, relance, call.t)
        return
    relances.land_relance(ctx, relance.beneficiary, throw, call.t, relance)


def relance_velutee_pair(ctx: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
    assert relance.kept is not None and relance.target is not None
    throw = Throw((dice[0], dice[1]), relance.kept.cul)
    if relance.multiplier < 0:
        # ★★★★ flanned: « la combinaison finale prends effet, avec les effets du Flan, au lanceur »
        relances.land_relance(ctx, relance.target, throw, call.t, relance)
        return
    relances.emit_relance_throw(ctx, call.player, throw, call.t, "suite_velutee")
    points = combination_value(throw.combination) * relance.multiplier
    ctx._add(relance.target, -points, Reason.VELUTEE_PAIR.value, "suite_velutee", call.t,
              by=[relance.thrower, relance.beneficiary])
    relances.finish_relance(ctx, relance, call.t)


FAMILY = Family(
    name="suite_velutee",
    seed="000, 003 « La Suite-Velutée »",
    handles={
        CallKind.PATTE_DE_CANARD: on_suite_velutee_shout,
        CallKind.VELUTEE: on_suite_velutee_shout,
    },
    relances={"velutee": relance_velutee, "velutee_pair": relance_velutee_pair},
)
