"""Scores, Bévues, eliminations and the end of the game.

Seed 000 « Scores négatifs »: with negative scores, a player at or below
−343 is out of the game. Without them ([brackets]), a score that would go
below zero is brought back to zero, and « tant qu'un joueur est à zéro il ne
peut pas perdre de point (y compris en cas de Bévue) mais fait gagner le même
nombre de points à tous les autres joueurs ».

Seed 000 « La Bévue »: « Lorsqu'un joueur commet une erreur, il perd 5 pts »
(10 in seed 001 and in the « Aide de jeu » table: ``Rules.bevue_penalty``).

Seed 000 « Fin du jeu »: 343 points or more wins; when two cross together,
the higher score wins.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.families import aquitaine, doublette
from voice_scribe.engine.races import firsts
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import GRELOTTINE_MINIMUM, Holding, Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext



class Scoring:
    """Mixin of :class:`Game`: every change of score goes through :meth:`_add`."""

    def _add(
        self: RuleContext,
        name: str,
        delta: int,
        reason: str,
        rule: str,
        t: float,
        **data: Any,
    ) -> None:
        if delta == 0:
            return
        if aquitaine.aquitaine_forfeits(self, name, delta, reason, rule, t):
            return  # Aquitaine: a faulty announcement forfeits the gains of one's combination
        player = self.state.players[name]
        if delta < 0 and not self.rules.negative_scores:
            if player.score == 0:
                self._emit(
                    EventKind.SCORE, name, 0, reason, rule, t, score=0, lost=-delta, **data
                )
                for other in doublette.zero_gain_receivers(self, name):  # Doublette: once per other team
                    self._credit(other, -delta, Reason.ZERO_GAIN.value, rule, t, source=name)
                return
            delta = max(delta, -player.score)
        self._credit(name, delta, reason, rule, t, **data)

    def _credit(self: RuleContext, name: str, delta: int, reason: str, rule: str, t: float, **data: Any) -> None:
        player = self.state.players[name]
        player.score += delta
        self._emit(EventKind.SCORE, name, delta, reason, rule, t, score=player.score, **data)
        doublette.share_with_team(self, name, delta, reason, rule, t, **data)  # Doublette: the mates mirror it
        aquitaine.sips_for_score(self, name, delta, reason, rule, t)  # Aquitaine: the points said in sips
        self._after_score_change(name, t)

    def _after_score_change(self: RuleContext, name: str, t: float) -> None:
        player = self.state.players[name]
        if (
            not self.rules.negative_scores
            and not self.rules.aquitaine  # « et ce même si le joueur n'a pas encore 30 points »
            and player.score < GRELOTTINE_MINIMUM
            and player.holds(Holding.GRELOTTINE)
        ):
            # [« Si un joueur possédant une Grelottine redescend en dessous de 30 pts, il perd sa Grelottine. »]
            self._lose(name, Holding.GRELOTTINE, Reason.BELOW_30, t)
        if (
            self.rules.negative_scores
            and not self.rules.aquitaine  # « La partie s'achève au bon vouloir des joueurs »
            and player.score <= -self.rules.target
            and not player.eliminated
        ):
            self._eliminate(name, Reason.BELOW_MINUS_TARGET, t)

    def _pay_first_shout(
        self: RuleContext,
        shouts: list[tuple[str, float]],
        points: int,
        rule: str,
        won: Reason,
        tie: Reason,
        team: Reason,
        t: float,
        report_tied: bool = False,
        **data: Any,
    ) -> None:
        """« Le premier joueur qui crie … gagne »; « Si plusieurs joueurs sont à égalité … les points
        sont soustraits des scores des joueurs concernés »; Doublette: team-mates together count double.

        The shape of the Chouette-Velute, the Contre-Sirop and the Poulette races.
        """
        winners = firsts(shouts, self.rules.tie_window_s)
        if len(winners) == 1:
            self._add(winners[0], points, won.value, rule, t, **data)
        elif not doublette.team_double(self, winners, points, team, rule, t, **data):
            extra = {"tied": winners} if report_tied else {}
            for player in winners:
                self._add(player, -points, tie.value, rule, t, **data, **extra)

    def _eliminate(self: RuleContext, name: str, reason: Reason, t: float, rule: str = "scores_negatifs") -> None:
        state = self.state
        state.players[name].eliminated = True
        self._emit(EventKind.ELIMINATED, name, None, reason.value, rule, t)
        waiting_for_him = state.phase is Phase.CHOUETTES and state.roller == name
        if waiting_for_him and len(state.active()) > 1 and (state.current is None or state.current.throw is None):
            self._next_turn(t)

    def _bevue(self: RuleContext, name: str, cause: Reason | str, t: float, **data: Any) -> None:
        """« un joueur commettant une Bévue perd toujours 5 pts » (``Rules.bevue_penalty``)."""
        cause = cause.value if isinstance(cause, Reason) else cause
        self._emit(EventKind.BEVUE, name, None, cause, "bevue", t, **data)
        aquitaine.aquitaine_bevue(self, name)  # Aquitaine: « ne peut faire les points de sa combinaison »
        self._add(name, -self.rules.bevue_penalty, Reason.BEVUE.value, "bevue", t, cause=cause)

    # ── holdings ──
    def _gain(self: RuleContext, name: str, holding: Holding, reason: Reason, t: float) -> bool:
        """Give a holding; « non cumulable »: nothing happens when it is already held."""
        player = self.state.players[name]
        if player.holds(holding):
            return False
        player.holdings.add(holding)
        self._emit(EventKind.HOLDING, name, None, holding.value, reason.value, t, gained=True)
        return True

    def _throw_holding(
        self: RuleContext,
        call: Call,
        holding: Holding,
        label: str,
        not_held: Reason,
        already_held: Reason,
        allowed: bool | None = None,
    ) -> bool:
        """« Lance-Civet ! », « Lance-Flan ! », « Lance-Jarret ! », « Lance-Civet-Filoché ! »: give it away.

        Seed 000, each time: « un joueur qui lance son [X] à un joueur qui en a déjà un reçoit une
        Bévue mais conserve son [X] ». Returns True when the holding changed hands.
        """
        if call.target is None or call.target == call.player:
            raise Rejected("no_target", f"{label} à qui ?")
        players = self.state.players
        if players[call.target].eliminated:
            raise Rejected("eliminated", f"{call.target} est sorti du jeu")
        if not (players[call.player].holds(holding) if allowed is None else allowed):
            self._bevue(call.player, not_held, call.t, call=call.kind.value)
            return False
        if players[call.target].holds(holding):
            self._bevue(call.player, already_held, call.t, target=call.target)
            return False
        self._lose(call.player, holding, Reason.GIVEN, call.t)
        self._gain(call.target, holding, Reason.GIVEN, call.t)
        return True

    def _lose(self: RuleContext, name: str, holding: Holding, reason: Reason, t: float) -> None:
        player = self.state.players[name]
        if reason is Reason.SPENT and player.holds(holding) and aquitaine.aquitaine_spends_one(self, name, holding):
            self._emit(EventKind.HOLDING, name, None, holding.value, reason.value, t, gained=False, kept=True)
            return  # Aquitaine: Grelottines are « cumulable »; one is spent, the others stay
        if player.holds(holding):
            player.holdings.discard(holding)
            self._emit(EventKind.HOLDING, name, None, holding.value, reason.value, t, gained=False)

    # ── the end ──
    def _points_still_due(self: RuleContext) -> bool:
        """The throw on the table still owes its own points (a Chouette, a Cul de chouette that may be
        doubled): the end waits for them.

        Seed 000 « Fin du jeu »: « Si deux joueurs arrivent au score final en même temps (lors d'un défi
        Grelottine ou d'une Soufflette par exemple), le joueur ayant atteint le plus haut score est
        déclaré vainqueur »; « le joueur défié gagne les points de la combinaison qu'il a réalisée », and
        « le soufflé perd d'abord les points de la Soufflette, puis s'ajoutent ceux de l'éventuelle
        combinaison »: the stake and the combination arrive together.
        """
        current = self.state.current
        return (
            self.state.phase is Phase.REACTION
            and current is not None
            and not current.settled
            and (current.chouette_due or current.cdc_due is not None)
        )

    def _check_end(self: RuleContext, t: float) -> None:
        state = self.state
        if state.phase is Phase.OVER or self.rules.aquitaine:  # Aquitaine: « au bon vouloir des joueurs »
            return
        if self._points_still_due():
            return  # « Si deux joueurs arrivent au score final en même temps »: the throw pays first
        active = state.active()
        reached = [n for n in active if state.players[n].score >= self.rules.target]
        if reached:
            # « le joueur ayant atteint le plus haut score est déclaré vainqueur »
            best = max(state.players[n].score for n in reached)
            winner = next(n for n in reached if state.players[n].score == best)
        elif len(active) == 1 and len(state.players) > 1:
            winner = active[0]
        else:
            return
        state.winner = winner
        state.phase = Phase.OVER
        state.current = None
        self._emit(
            EventKind.WINNER, winner, None, Reason.GAME_OVER.value, "fin_du_jeu", t,
            score=state.players[winner].score,
        )
