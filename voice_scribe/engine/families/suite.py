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
from voice_scribe.engine.families import chouette_velute, flan
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import first_settled_at, firsts, lasts
import voice_scribe.engine.rolloff as rolloff
from voice_scribe.engine.state import Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

SUITE_PENALTY = 10


def on_grelotte(ctx: RuleContext, call: Call) -> None:
    chouette_velute.on_reaction_shout(ctx, call)


def _grelotte_losers(ctx: RuleContext, current: ThrowContext) -> list[str] | None:
    """The last « Grelotte ça picote ! » shouters once every player has shouted (None before)."""
    shouts = current.shouters(CallKind.GRELOTTE_CA_PICOTE.value)
    if not {p for p, _ in shouts} >= set(ctx.state.active()):
        return None
    return lasts(shouts, ctx.rules.tie_window_s)


def decide_suite(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    """A last-shout race is certain once every player has shouted: its verdict comes at once.

    One last shouter loses his 10 points now; tied last shouters are asked for « Sans fin… » now
    (the tie exists: seed 000 makes it a Bévue only « sans qu'il n'y ait eu d'égalité sur la
    première annonce »), and when they have all said it, the last of them loses now. A tie left
    after « Sans fin » is thrown off when the window closes.
    """
    if "suite" in current.decided:
        return
    if flan.flanned(ctx, current):
        # ★★★★ « Le premier (ou seul) joueur à crier l'annonce perd 10 pts »: a first-shout race
        at = first_settled_at(current.shouters(CallKind.GRELOTTE_CA_PICOTE.value), t, ctx.rules.tie_window_s,
                              ctx.state.active())
        if at is not None:
            current.decided.add("suite")
            settle_flanned_suite(ctx, current, at)
        return
    losers = _grelotte_losers(ctx, current)
    if losers is None:
        return
    penalty = SUITE_PENALTY * current.multiplier
    if len(losers) == 1:
        current.decided.add("suite")
        ctx._add(losers[0], -penalty, Reason.SUITE_LAST.value, "suite", t)
        return
    state = ctx.state
    if "suite_tie" not in current.decided:
        current.decided.add("suite_tie")
        state.suite_tied = losers
        ctx._prompt(Reason.SHOUT_SANS_FIN, losers, t)
    shouts = [s for s in current.shouters(CallKind.SANS_FIN.value) if s[0] in state.suite_tied]
    if {p for p, _ in shouts} >= set(state.suite_tied):
        last = lasts(shouts, ctx.rules.tie_window_s)
        if len(last) == 1:
            current.decided.add("suite")
            state.suite_tied = []
            ctx._add(last[0], -penalty, Reason.SUITE_LAST.value, "suite", t)


def settle_suite(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    """Judge the Grelotte race; True when a tie is left to settle."""
    if "suite" in current.decided:
        return False  # its verdict is already out
    if flan.flanned(ctx, current):
        return settle_flanned_suite(ctx, current, t)  # ★★★★ « Le premier (ou seul) joueur … perd 10 pts »
    shouts = current.shouters(CallKind.GRELOTTE_CA_PICOTE.value)
    shouted = {p for p, _ in shouts}
    silent = [p for p in ctx.state.active() if p not in shouted]
    penalty = SUITE_PENALTY * current.multiplier  # Bi-Jarret doubles the combination's value
    if silent:
        for player in silent:
            ctx._add(player, -penalty, Reason.SUITE_SILENT.value, "suite", t)
        return False
    losers = lasts(shouts, ctx.rules.tie_window_s)
    if len(losers) == 1:
        ctx._add(losers[0], -penalty, Reason.SUITE_LAST.value, "suite", t)
        return False
    state = ctx.state
    asked = "suite_tie" in current.decided
    state.phase = Phase.SUITE_TIE
    state.suite_tied = losers
    state.suite_tie_opened_at = t
    said = {p for p, _ in current.shouters(CallKind.SANS_FIN.value)}
    if said >= set(losers):
        close_suite_tie(ctx, t)  # they all said it already, in the window
        return True
    if not asked:
        ctx._prompt(Reason.SHOUT_SANS_FIN, losers, t)
    return True


def on_sans_fin(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    current = state.current
    if state.phase is Phase.SUITE_TIE and call.player in state.suite_tied and current:
        current.shout(CallKind.SANS_FIN.value, call.player, call.t)
        if {p for p, _ in current.shouters(CallKind.SANS_FIN.value)} >= set(state.suite_tied):
            close_suite_tie(ctx, call.t)
        return
    if _sans_fin_may_wait(ctx, current) and current is not None and call.player in state.suite_tied:
        current.shout(CallKind.SANS_FIN.value, call.player, call.t)  # the tie exists: it counts now
        decide_suite(ctx, current, call.t)
        return
    # « Si un joueur annonce jusqu'à “bretonnes” sans qu'il n'y ait eu d'égalité … il y a Bévue. »
    ctx._bevue(call.player, Reason.SANS_FIN_WITHOUT_TIE, call.t)


def _sans_fin_may_wait(ctx: RuleContext, current: ThrowContext | None) -> bool:
    """A Suite's window is open, its Grelotte race is tied and not settled yet."""
    return (
        ctx.state.phase is Phase.REACTION
        and current is not None
        and current.combination is not None
        and current.combination.kind is Kind.SUITE
        and current.applies
        and not flan.flanned(ctx, current)
        and "suite_tie" in current.decided
        and "suite" not in current.decided
    )


def close_suite_tie(ctx: RuleContext, t: float) -> None:
    state = ctx.state
    current = state.current
    if state.phase is not Phase.SUITE_TIE or current is None:
        return
    tied = state.suite_tied
    shouts = [s for s in current.shouters(CallKind.SANS_FIN.value) if s[0] in tied]
    said = {p for p, _ in shouts}
    silent = [p for p in tied if p not in said]
    losers = silent if silent else lasts(shouts, ctx.rules.tie_window_s)
    state.suite_tied = []
    state.suite_tie_opened_at = None
    current.decided.add("suite")
    penalty = SUITE_PENALTY * current.multiplier
    if len(losers) == 1:
        state.phase = Phase.REACTION
        ctx._add(losers[0], -penalty, Reason.SUITE_LAST.value, "suite", t)
        ctx._end_throw(t)
        return
    state.phase = Phase.REACTION
    rolloff.start_roll_off(ctx, "suite", losers, lowest_wins=False, t=t, stake=penalty)


# ── under a Flan (seed 000 « Le Flan »: « l'inverse de la règle de la combinaison … s'applique ») ──
def settle_flanned_suite(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    """Suite: « Le premier (ou seul) joueur à crier l'annonce perd 10 pts. »"""
    first = firsts(current.shouters(CallKind.GRELOTTE_CA_PICOTE.value), ctx.rules.tie_window_s)
    penalty = SUITE_PENALTY * abs(current.multiplier)
    for player in first:
        ctx._add(player, -penalty, Reason.FLAN_SUITE.value, "flan", t, flans=flan.flans_on(current))
    return False


FAMILY = Family(
    name="suite",
    seed="000 « La Suite »",
    handles={
        CallKind.GRELOTTE_CA_PICOTE: on_grelotte,
        CallKind.SANS_FIN: on_sans_fin,
    },
)
