"""Le Néant soufflé ★★★ (seed 000, seed 003; seed 004).

« Trois dés formant 1,4 et 6. Le premier joueur criant : "Mécréant !" et se
touchant le nez avec le doigt récupére une Grelottine. [Si un joueur crie
l'annonce “ Mécréant ! " alors qu'il a moins de 30 points, il ne récupere pas
de Grelottine et il y a Bévue.] En revanche s'il déclare "Je suis un
misérable." en se touchant le nez alors personne ne peut récupérer la
Grelottine.

S'il y a une égalité dans les annonces "Mécréant !" est prioritaire. Et s'il
y a une égalité entre plusieurs annonces "Mécréant !" il faut dire: "Fort
heureusement, je tiens à préciser que l'incident n'a fait aucune victime"
pour l'emporter. S'il y a encore égalité, les joueurs se départagent par le
lancer d'un dé (le plus petit score l'emporte). Le joueur dont c'est le tour
peut aussi participer aux annonces. »

A Néant soufflé is not a Néant when its rule is played: the roller gets no
Grelottine by throwing it. « Fort heureusement… » is only heard from the
tied « Mécréant ! » shouters; from anybody else it is ignored.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import throw_in_play, wrong_call
from voice_scribe.engine.dice import Figure
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import civet, flan
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import first_settled_at, firsts
import voice_scribe.engine.rolloff as rolloff
from voice_scribe.engine.state import GRELOTTINE_MINIMUM, Holding

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext


def neant_souffle_landed(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    civet.settle_civet(ctx, current, t)
    return True


def _is_neant_souffle(ctx: RuleContext, current: ThrowContext | None) -> bool:
    return (
        current is not None
        and current.shows(Figure.NEANT_SOUFFLE)
    )


def on_neant_souffle_shout(ctx: RuleContext, call: Call) -> None:
    current = throw_in_play(ctx, "aucun Néant soufflé en jeu", needs_dice=False)
    if not _is_neant_souffle(ctx, current):
        wrong_call(ctx, call)
        return
    if (
        call.kind is CallKind.MECREANT
        and not ctx.rules.negative_scores
        and ctx.state.players[call.player].score < GRELOTTINE_MINIMUM
    ):
        ctx._bevue(call.player, Reason.NOT_ALLOWED, call.t, call=call.kind.value)
        return
    current.shout(call.kind.value, call.player, call.t)


def neant_souffle_settled_at(ctx: RuleContext, current: ThrowContext, t: float) -> float | None:
    """Certain once the first announcement's tie window has passed (a player's « Mécréant ! » just
    after his own « misérable » could still count: the window, not « everybody has shouted »,
    decides), and, between tied « Mécréant ! », once « Fort heureusement… » has settled them.
    A tie left for the dice waits for the window to close: None then."""
    if not _is_neant_souffle(ctx, current):
        return None
    window = ctx.rules.tie_window_s
    mecreants = current.shouters(CallKind.MECREANT.value)
    announced = mecreants + current.shouters(CallKind.MISERABLE.value)
    at = first_settled_at(announced, t, window, None)
    if at is None or flan.flanned(ctx, current):
        return at
    said_mecreant = {p for p, _ in mecreants}
    winners = [p for p in firsts(announced, window) if p in said_mecreant]
    if len(winners) <= 1:
        return at
    heureux = [s for s in current.shouters(CallKind.FORT_HEUREUSEMENT.value) if s[0] in winners]
    heureux_at = first_settled_at(heureux, t, window, winners)
    if heureux_at is None or len(firsts(heureux, window)) > 1:
        return None
    return max(at, heureux_at)


def settle_neant_souffle(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    if not _is_neant_souffle(ctx, current) or "neant_souffle" in current.decided:
        return False
    window = ctx.rules.tie_window_s
    mecreants = current.shouters(CallKind.MECREANT.value)
    first = firsts(mecreants + current.shouters(CallKind.MISERABLE.value), window)
    said_mecreant = {p for p, _ in mecreants}
    if flan.flanned(ctx, current):
        flan.flanned_neant_souffle(ctx, current, t, first, said_mecreant)  # ★★★★ engine/flan.py
        return False
    winners = [p for p in first if p in said_mecreant]  # « "Mécréant !" est prioritaire »
    if not winners:
        return False  # nobody, or « Je suis un misérable. » first: nobody gets it
    if len(winners) > 1:
        heureux = [s for s in current.shouters(CallKind.FORT_HEUREUSEMENT.value) if s[0] in winners]
        if heureux:
            winners = firsts(heureux, window)
    if len(winners) > 1:
        rolloff.start_roll_off(ctx, "neant_souffle", winners, lowest_wins=True, t=t)
        return True
    roll_off_neant_souffle(ctx, winners[0], t, end=False)
    return False


def roll_off_neant_souffle(ctx: RuleContext, chosen: str, t: float, end: bool = True) -> None:
    ctx._gain(chosen, Holding.GRELOTTINE, Reason.MECREANT, t)
    if end:
        ctx._end_throw(t)


FAMILY = Family(
    name="neant_souffle",
    seed="000, 003 « Le Néant soufflé »; 004",
    handles={
        CallKind.MECREANT: on_neant_souffle_shout,
        CallKind.MISERABLE: on_neant_souffle_shout,
        CallKind.FORT_HEUREUSEMENT: on_neant_souffle_shout,
    },
    figures={Figure.NEANT_SOUFFLE: neant_souffle_landed},
    roll_offs={"neant_souffle": roll_off_neant_souffle},
)
