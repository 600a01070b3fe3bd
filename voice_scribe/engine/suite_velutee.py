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
from voice_scribe.engine.dice import Figure, Throw
from voice_scribe.engine.events import Reason
from voice_scribe.engine.races import firsts, roller_first_settled_at
from voice_scribe.engine.relances import combination_value
from voice_scribe.engine.state import Phase, Relance
from voice_scribe.engine.rejected import Rejected

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

VELUTE_OF_THREE = 18


class SuiteVeluteeRules:
    def _is_suite_velutee(self: RuleContext, current: ThrowContext | None) -> bool:
        return (
            current is not None
            and current.shows(Figure.SUITE_VELUTEE)
        )

    def _on_suite_velutee_shout(self: RuleContext, call: Call) -> None:
        state = self.state
        current = state.current
        if state.phase is not Phase.REACTION or current is None or current.combination is None:
            raise Rejected("too_late", "aucune Suite-Velutée en jeu")
        by_roller = call.player == current.roller
        fits = self._is_suite_velutee(current) and (by_roller == (call.kind is CallKind.PATTE_DE_CANARD))
        if not fits:
            # « Patte de canaaard ! » is the roller's, « Velutée ! » the others'; on any other throw, a Bévue.
            self._bevue(call.player, Reason.WRONG_CALL, call.t, call=call.kind.value)
            return
        current.shout(call.kind.value, call.player, call.t)

    def _suite_velutee_settled_at(self: RuleContext, current: ThrowContext, t: float) -> float | None:
        """Certain once the roller's « Patte de canaaard ! » is in (within the tie window of the first
        « Velutée ! »: he wins a tie), or once the first « Velutée ! »'s tie window has passed (the
        grabbers, one or two, are known)."""
        if not self._is_suite_velutee(current):
            return None
        return roller_first_settled_at(current.shouters(CallKind.PATTE_DE_CANARD.value),
                                       current.shouters(CallKind.VELUTEE.value), t, self.rules.tie_window_s)

    def _settle_suite_velutee(self: RuleContext, current: ThrowContext, t: float) -> None:
        if not self._is_suite_velutee(current) or "suite_velutee" in current.decided:
            return
        patte = current.shouters(CallKind.PATTE_DE_CANARD.value)
        velutee = current.shouters(CallKind.VELUTEE.value)
        window = self.rules.tie_window_s
        first_velutee = min((s for _, s in velutee), default=None)
        if patte and (first_velutee is None or patte[0][1] <= first_velutee + window):
            self._add(current.roller, VELUTE_OF_THREE * current.multiplier, Reason.PATTE_DE_CANARD.value,
                      "suite_velutee", t, face=3)
            return
        if not velutee:
            return
        grabbers = firsts(velutee, window)
        kept = current.throw
        assert kept is not None
        if len(grabbers) == 1:
            self._queue_relance(Relance("velutee", grabbers[0], t, dice=2, beneficiary=grabbers[0],
                                        kept=kept, multiplier=current.multiplier))
        else:  # « deux joueurs … se saisissent chacun d'une chouette »: there are two chouettes
            self._queue_relance(Relance("velutee_pair", grabbers[0], t, dice=2, beneficiary=grabbers[1],
                                        target=current.roller, kept=kept, multiplier=current.multiplier))

    def _relance_velutee(self: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
        assert relance.kept is not None and relance.beneficiary is not None
        throw = Throw((dice[0], dice[1]), relance.kept.cul)
        if relance.multiplier < 0:
            # ★★★★ flanned: « doit les relancer et perds les points de combinaison (la combinaison ne s'applique pas) »
            self._emit_relance_throw(call.player, throw, call.t, "suite_velutee")
            points = combination_value(throw.combination) * -relance.multiplier
            self._add(relance.beneficiary, -points, Reason.FLAN_VELUTEE.value, "flan", call.t)
            self._finish_relance(relance, call.t)
            return
        self._land_relance(relance.beneficiary, throw, call.t, relance)

    def _relance_velutee_pair(self: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
        assert relance.kept is not None and relance.target is not None
        throw = Throw((dice[0], dice[1]), relance.kept.cul)
        if relance.multiplier < 0:
            # ★★★★ flanned: « la combinaison finale prends effet, avec les effets du Flan, au lanceur »
            self._land_relance(relance.target, throw, call.t, relance)
            return
        self._emit_relance_throw(call.player, throw, call.t, "suite_velutee")
        points = combination_value(throw.combination) * relance.multiplier
        self._add(relance.target, -points, Reason.VELUTEE_PAIR.value, "suite_velutee", call.t,
                  by=[relance.thrower, relance.beneficiary])
        self._finish_relance(relance, call.t)
