"""Ties settled by dice, and the opening roll-off.

Seed 000 « Déroulement du jeu »: « Chaque joueur lance un dé, celui qui fait le
plus petit score commence. Si plusieurs joueurs font le plus petit score, ils
recommencent pour se départager. » The same mechanism settles the Suite tie
(« celui qui fait le plus grand score perd les 10 pts », then 20, 30…) and
simultaneous « Grelottine ! » of equal scores (« le plus petit score l'emporte »).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.dice import FACES
from voice_scribe.engine.events import Reason
from voice_scribe.engine.state import Phase, RollOff
from voice_scribe.engine.rejected import Rejected

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext


class RollOffRules:
    def _start_roll_off(self: RuleContext, purpose: str, players: list[str], lowest_wins: bool, t: float, stake: int = 0) -> None:
        state = self.state
        if state.phase is not Phase.ROLL_OFF:
            state.resume_phase = state.phase
        state.roll_off = RollOff(purpose, list(players), lowest_wins, stake=stake, step=stake or 10, opened_at=t)
        state.phase = Phase.ROLL_OFF
        self._prompt(Reason.ROLL_TIE_BREAK, players, t, purpose=purpose, stake=stake)

    def _skip_opening(self: RuleContext, call: Call) -> None:
        """No roll-off was thrown: the table chose its opener, the first to throw."""
        state = self.state
        state.roll_off = None
        if call.player in state.order and not state.players[call.player].eliminated:
            state.turn = state.order.index(call.player)
            state.order = state.order[state.turn :] + state.order[: state.turn]
            state.turn = 0
        state.phase = Phase.CHOUETTES

    def _on_roll(self: RuleContext, call: Call, face: int) -> None:
        state = self.state
        if state.phase is Phase.OPENING and state.roll_off is None:
            state.roll_off = RollOff("opening", list(state.order), lowest_wins=True)
            self._prompt(Reason.ROLL_OPENING, state.order, call.t)
        roll_off = state.roll_off
        assert roll_off is not None
        if call.player not in roll_off.players:
            raise Rejected("not_in_roll_off", f"{call.player} ne participe pas à ce départage")
        if call.player in roll_off.rolls:
            raise Rejected("already_rolled", f"{call.player} a déjà lancé son dé ({roll_off.rolls[call.player]})")
        roll_off.rolls[call.player] = face
        self._settle_rolls(call.t)

    def _settle_rolls(self: RuleContext, t: float) -> None:
        """Once every player of the roll-off has thrown: the extreme die decides, ties throw again."""
        state = self.state
        roll_off = state.roll_off
        assert roll_off is not None
        if len(roll_off.players) > 1 and len(roll_off.rolls) < len(roll_off.players):
            return
        tied = list(roll_off.players)
        if len(tied) > 1:
            extreme = min(roll_off.rolls.values()) if roll_off.lowest_wins else max(roll_off.rolls.values())
            tied = [p for p in roll_off.players if roll_off.rolls[p] == extreme]
        if len(tied) > 1:
            # « ils recommencent pour se départager » (the Suite: « pour perdre 20 pts, puis 30 pts »)
            roll_off.players = tied
            roll_off.rolls = {}
            if roll_off.opened_at is not None:
                roll_off.opened_at, roll_off.asked_again = t, False
            if roll_off.purpose == "suite":
                roll_off.stake += roll_off.step
            self._prompt(Reason.ROLL_TIE_BREAK, tied, t, purpose=roll_off.purpose, stake=roll_off.stake)
            return
        state.roll_off = None
        self._roll_off_decided(roll_off, tied[0], t)

    def _tick_roll_off(self: RuleContext, t: float) -> None:
        """A tie-break nobody settles: asked again after ``reaction_window_s``, then settled by rule
        after as long again (docs/rules.md FT10): the game never waits for ever."""
        state = self.state
        roll_off = state.roll_off
        if state.phase is not Phase.ROLL_OFF or roll_off is None or roll_off.opened_at is None:
            return
        deadline = roll_off.opened_at + self.rules.reaction_window_s
        if t <= deadline:
            return
        if not roll_off.asked_again:
            roll_off.asked_again, roll_off.opened_at = True, deadline
            missing = [p for p in roll_off.players if p not in roll_off.rolls]
            self._prompt(Reason.ROLL_TIE_BREAK, missing, deadline, purpose=roll_off.purpose,
                         stake=roll_off.stake, again=True)
            self._tick_roll_off(t)
            return
        self._force_roll_off(roll_off.opened_at + self.rules.reaction_window_s)

    def _force_roll_off(self: RuleContext, t: float) -> None:
        """The tie-break left unsettled (or the table has moved on, throwing): a player who did not
        throw his die counts as having thrown the worst one for him; several such players: the first
        of them in the turn order is the one the roll-off designates."""
        state = self.state
        roll_off = state.roll_off
        assert roll_off is not None
        if all(p in roll_off.rolls for p in roll_off.players):
            return
        worst = len(FACES) + 1  # beyond any face: the lowest never, the highest always
        rolls = {p: roll_off.rolls.get(p, worst) for p in roll_off.players}
        extreme = min(rolls.values()) if roll_off.lowest_wins else max(rolls.values())
        order = state.order + [p for p in roll_off.players if p not in state.order]
        chosen = next(p for p in order if rolls.get(p) == extreme)
        state.roll_off = None
        self._roll_off_decided(roll_off, chosen, t)

    def _unstall_roll_off(self: RuleContext, t: float) -> None:
        """A player put out of the game during a roll-off throws no die: the others settle it
        (the last one left is the one the roll-off designates)."""
        state = self.state
        roll_off = state.roll_off
        if roll_off is None or state.phase is Phase.OVER:
            return
        gone = [p for p in roll_off.players if state.players[p].eliminated]
        if not gone:
            return
        left = [p for p in roll_off.players if p not in gone]
        roll_off.players = left or gone[:1]
        roll_off.rolls = {p: d for p, d in roll_off.rolls.items() if p in roll_off.players}
        self._settle_rolls(t)

    def _roll_off_decided(self: RuleContext, roll_off: RollOff, chosen: str, t: float) -> None:
        state = self.state
        if roll_off.purpose == "opening":
            start = state.order.index(chosen)
            state.order = state.order[start:] + state.order[:start]
            state.turn = 0
            state.opener = chosen
            self._start_turn(t)
        elif roll_off.purpose == "suite":
            state.phase = Phase.REACTION
            self._add(chosen, -roll_off.stake, Reason.SUITE_TIE_DICE.value, "suite", t)
            self._end_throw(t)
        elif roll_off.purpose == "grelottine":
            state.phase = state.resume_phase or Phase.CHOUETTES
            self._launch_challenge(chosen, t)
        else:  # ★★/★★★ ties: « J'achète ! », « Mécréant ! », « Pélican ! »
            state.phase = state.resume_phase or Phase.REACTION
            getattr(self, f"_roll_off_{roll_off.purpose}")(chosen, t)
