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

from voice_scribe.engine.dice import Figure
from voice_scribe.engine.events import Reason
from voice_scribe.engine.state import Phase, Relance
from voice_scribe.engine.rejected import Rejected

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

SOUFFLETTE = (1, 2, 4)
#: « du 1er coup … 50 pts », « du 2e coup … 40 pts », « du 3e coup … 30 pts »
SOUFFLETTE_GAINS = {1: 50, 2: 40, 3: 30}
SOUFFLETTE_FAILURE = 30
SOUFFLETTE_MINIMUM = 30  # [without negative scores]


class SouffletteRules:
    def _soufflette_landed(self: RuleContext, current: ThrowContext, t: float) -> bool:
        if self._flanned(current):
            return self._flanned_soufflette(current, t)  # ★★★★ « il doit relever le défi seul »
        self._settle_civet(current, t)
        return True  # not a Néant: the souffleur may say « En garde ma mignonne ! »

    def _on_en_garde(self: RuleContext, call: Call) -> None:
        state = self.state
        current = state.current
        if state.phase is not Phase.REACTION or current is None or current.combination is None:
            raise Rejected("too_late", "aucune Soufflette en jeu")
        if call.target is None:
            raise Rejected("no_target", "En garde qui ?")
        is_soufflette = (
            current.combination.figure is Figure.SOUFFLETTE and not current.no_figures and current.applies
        )
        players = state.players
        allowed = (
            is_soufflette
            and call.player == current.roller
            and current.souffleur_target is None
            and call.target != call.player
            and not players[call.target].eliminated
            and not self._flanned(current)  # ★★★★ the flanné plays it alone, or not at all (engine/flan.py)
        )
        if allowed and not self.rules.negative_scores:
            allowed = min(players[call.player].score, players[call.target].score) >= SOUFFLETTE_MINIMUM
        if not allowed:
            self._bevue(call.player, Reason.NOT_ALLOWED, call.t, call=call.kind.value, target=call.target)
            return
        current.souffleur_target = call.target
        resumes = current.challenge is not None or current.resumes_turn
        self._queue_relance(Relance("soufflette", call.target, call.t, target=call.player, resumes_turn=resumes))
        self._close_reaction(call.t)

    def _relance_soufflette(self: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
        assert relance.target is not None
        relance.throws += 1
        throw = self._three(dice)
        souffle, souffleur = relance.thrower, relance.target
        if tuple(sorted(dice)) == SOUFFLETTE:
            self._emit_relance_throw(souffle, throw, call.t, "soufflette")
            gain = SOUFFLETTE_GAINS[relance.throws]
            self._add(souffleur, -gain, Reason.SOUFFLETTE_WON.value, "soufflette", call.t, throw=relance.throws)
            self._add(souffle, gain, Reason.SOUFFLETTE_WON.value, "soufflette", call.t, throw=relance.throws)
            self._finish_relance(relance, call.t)
            return
        if relance.throws < 3:
            self._emit_relance_throw(souffle, throw, call.t, "soufflette")
            self._prompt(Reason.THROW_RELANCE, [souffle], call.t, purpose="soufflette", throw=relance.throws + 1)
            return
        # « le soufflé perd d'abord les points de la Soufflette, puis s'ajoutent ceux de l'éventuelle combinaison »
        self._add(souffle, -SOUFFLETTE_FAILURE, Reason.SOUFFLETTE_LOST.value, "soufflette", call.t)
        self._add(souffleur, SOUFFLETTE_FAILURE, Reason.SOUFFLETTE_LOST.value, "soufflette", call.t)
        self._land_relance(souffle, throw, call.t, relance)
