"""La Suite ★ (seed 000).

« Tous les joueurs doivent taper du poing sur la table en criant “Grelotte ça
picote !”, le dernier joueur à le faire perd 10 pts. En cas d'égalité, les
joueurs concernés se départagent en criant “Sans fin est la moisissure des
bières bretonnes !”. S'il y a toujours égalité, les joueurs concernés se
départagent en lançant chacun un dé, et celui qui fait le plus grand score perd
les 10 pts. Si plusieurs joueurs font le même plus grand score, ils
recommencent pour se départager, mais cette fois pour perdre 20 pts, puis 30
pts, etc. Si un joueur annonce jusqu'à “bretonnes” sans qu'il n'y ait eu
d'égalité sur la première annonce, il y a Bévue. »

A player who never shouts « Grelotte ça picote ! » before the window closes
is the last of all: each such player loses the 10 points (docs/rules.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.events import Reason
from voice_scribe.engine.races import lasts
from voice_scribe.engine.state import Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.game import Game
    from voice_scribe.engine.state import ThrowContext

SUITE_PENALTY = 10


class SuiteRules:
    def _on_grelotte(self: Game, call: Call) -> None:
        self._on_reaction_shout(call)

    def _settle_suite(self: Game, current: ThrowContext, t: float) -> bool:
        """Judge the Grelotte race; True when a tie is left to settle."""
        if self._flanned(current):
            return self._settle_flanned_suite(current, t)  # ★★★★ « Le premier (ou seul) joueur … perd 10 pts »
        shouts = current.shouters(CallKind.GRELOTTE_CA_PICOTE.value)
        shouted = {p for p, _ in shouts}
        silent = [p for p in self.state.active() if p not in shouted]
        penalty = SUITE_PENALTY * current.multiplier  # Bi-Jarret doubles the combination's value
        if silent:
            for player in silent:
                self._add(player, -penalty, Reason.SUITE_SILENT.value, "suite", t)
            return False
        losers = lasts(shouts, self.rules.tie_window_s)
        if len(losers) == 1:
            self._add(losers[0], -penalty, Reason.SUITE_LAST.value, "suite", t)
            return False
        state = self.state
        state.phase = Phase.SUITE_TIE
        state.suite_tied = losers
        state.suite_tie_opened_at = t
        current.shouts.pop(CallKind.SANS_FIN.value, None)
        self._prompt(Reason.SHOUT_SANS_FIN, losers, t)
        return True

    def _on_sans_fin(self: Game, call: Call) -> None:
        state = self.state
        if state.phase is Phase.SUITE_TIE and call.player in state.suite_tied and state.current:
            state.current.shout(CallKind.SANS_FIN.value, call.player, call.t)
            if {p for p, _ in state.current.shouters(CallKind.SANS_FIN.value)} >= set(state.suite_tied):
                self._close_suite_tie(call.t)
            return
        # « Si un joueur annonce jusqu'à “bretonnes” sans qu'il n'y ait eu d'égalité … il y a Bévue. »
        self._bevue(call.player, Reason.SANS_FIN_WITHOUT_TIE, call.t)

    def _close_suite_tie(self: Game, t: float) -> None:
        state = self.state
        current = state.current
        if state.phase is not Phase.SUITE_TIE or current is None:
            return
        tied = state.suite_tied
        shouts = [s for s in current.shouters(CallKind.SANS_FIN.value) if s[0] in tied]
        said = {p for p, _ in shouts}
        silent = [p for p in tied if p not in said]
        losers = silent if silent else lasts(shouts, self.rules.tie_window_s)
        state.suite_tied = []
        state.suite_tie_opened_at = None
        penalty = SUITE_PENALTY * current.multiplier
        if len(losers) == 1:
            state.phase = Phase.REACTION
            self._add(losers[0], -penalty, Reason.SUITE_LAST.value, "suite", t)
            self._end_throw(t)
            return
        state.phase = Phase.REACTION
        self._start_roll_off("suite", losers, lowest_wins=False, t=t, stake=penalty)
