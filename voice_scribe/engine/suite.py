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
from voice_scribe.engine.dice import Kind
from voice_scribe.engine.events import Reason
from voice_scribe.engine.races import first_settled_at, lasts
from voice_scribe.engine.state import Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

SUITE_PENALTY = 10


class SuiteRules:
    def _on_grelotte(self: RuleContext, call: Call) -> None:
        self._on_reaction_shout(call)

    def _grelotte_losers(self: RuleContext, current: ThrowContext) -> list[str] | None:
        """The last « Grelotte ça picote ! » shouters once every player has shouted (None before)."""
        shouts = current.shouters(CallKind.GRELOTTE_CA_PICOTE.value)
        if not {p for p, _ in shouts} >= set(self.state.active()):
            return None
        return lasts(shouts, self.rules.tie_window_s)

    def _decide_suite(self: RuleContext, current: ThrowContext, t: float) -> None:
        """A last-shout race is certain once every player has shouted: its verdict comes at once.

        One last shouter loses his 10 points now; tied last shouters are asked for « Sans fin… » now
        (the tie exists: seed 000 makes it a Bévue only « sans qu'il n'y ait eu d'égalité sur la
        première annonce »), and when they have all said it, the last of them loses now. A tie left
        after « Sans fin » is thrown off when the window closes.
        """
        if "suite" in current.decided:
            return
        if self._flanned(current):
            # ★★★★ « Le premier (ou seul) joueur à crier l'annonce perd 10 pts »: a first-shout race
            at = first_settled_at(current.shouters(CallKind.GRELOTTE_CA_PICOTE.value), t, self.rules.tie_window_s,
                                  self.state.active())
            if at is not None:
                current.decided.add("suite")
                self._settle_flanned_suite(current, at)
            return
        losers = self._grelotte_losers(current)
        if losers is None:
            return
        penalty = SUITE_PENALTY * current.multiplier
        if len(losers) == 1:
            current.decided.add("suite")
            self._add(losers[0], -penalty, Reason.SUITE_LAST.value, "suite", t)
            return
        state = self.state
        if "suite_tie" not in current.decided:
            current.decided.add("suite_tie")
            state.suite_tied = losers
            self._prompt(Reason.SHOUT_SANS_FIN, losers, t)
        shouts = [s for s in current.shouters(CallKind.SANS_FIN.value) if s[0] in state.suite_tied]
        if {p for p, _ in shouts} >= set(state.suite_tied):
            last = lasts(shouts, self.rules.tie_window_s)
            if len(last) == 1:
                current.decided.add("suite")
                state.suite_tied = []
                self._add(last[0], -penalty, Reason.SUITE_LAST.value, "suite", t)

    def _settle_suite(self: RuleContext, current: ThrowContext, t: float) -> bool:
        """Judge the Grelotte race; True when a tie is left to settle."""
        if "suite" in current.decided:
            return False  # its verdict is already out
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
        asked = "suite_tie" in current.decided
        state.phase = Phase.SUITE_TIE
        state.suite_tied = losers
        state.suite_tie_opened_at = t
        said = {p for p, _ in current.shouters(CallKind.SANS_FIN.value)}
        if said >= set(losers):
            self._close_suite_tie(t)  # they all said it already, in the window
            return True
        if not asked:
            self._prompt(Reason.SHOUT_SANS_FIN, losers, t)
        return True

    def _on_sans_fin(self: RuleContext, call: Call) -> None:
        state = self.state
        current = state.current
        if state.phase is Phase.SUITE_TIE and call.player in state.suite_tied and current:
            current.shout(CallKind.SANS_FIN.value, call.player, call.t)
            if {p for p, _ in current.shouters(CallKind.SANS_FIN.value)} >= set(state.suite_tied):
                self._close_suite_tie(call.t)
            return
        if self._sans_fin_may_wait(current) and current is not None and call.player in state.suite_tied:
            current.shout(CallKind.SANS_FIN.value, call.player, call.t)  # the tie exists: it counts now
            self._decide_suite(current, call.t)
            return
        # « Si un joueur annonce jusqu'à “bretonnes” sans qu'il n'y ait eu d'égalité … il y a Bévue. »
        self._bevue(call.player, Reason.SANS_FIN_WITHOUT_TIE, call.t)

    def _sans_fin_may_wait(self: RuleContext, current: ThrowContext | None) -> bool:
        """A Suite's window is open, its Grelotte race is tied and not settled yet."""
        return (
            self.state.phase is Phase.REACTION
            and current is not None
            and current.combination is not None
            and current.combination.kind is Kind.SUITE
            and current.applies
            and not self._flanned(current)
            and "suite_tie" in current.decided
            and "suite" not in current.decided
        )

    def _close_suite_tie(self: RuleContext, t: float) -> None:
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
        current.decided.add("suite")
        penalty = SUITE_PENALTY * current.multiplier
        if len(losers) == 1:
            state.phase = Phase.REACTION
            self._add(losers[0], -penalty, Reason.SUITE_LAST.value, "suite", t)
            self._end_throw(t)
            return
        state.phase = Phase.REACTION
        self._start_roll_off("suite", losers, lowest_wins=False, t=t, stake=penalty)
