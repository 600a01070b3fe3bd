"""L'Artichette ★★ (seed 000; seed 004 « L'artichette (4-3-4) »).

« Trois dés formant 4, 3 et 4. Le joueur ayant réalisé une Artichette peut
remporter la valeur de sa Chouette de 4 en criant “Raitournelle!". Cependant,
si un joueur lui crie d'abord “Artichette!” en le désignant du doigt, il lui
fait perdre 16 pts, et la Chouette de 4 n'est pas valable. En cas d'égalité,
le joueur ayant réalisé l'Artichette est prioritaire et remporte donc 16 pts. »

Seed 004: « Ce n'est pas une chouette de 4 : on ne la sirote pas. » (a
sirotage on it is a Bévue: seed 000 « Le Sirop », ``sirop.NOT_SIROPABLE_FIGURES``).
Nobody shouting: the Chouette of 4 is not taken (it has to be claimed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import judge_shout, throw_in_play
from voice_scribe.engine.dice import Figure, chouette_points
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import civet, flan, tichette
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import roller_first_settled_at, roller_wins

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

ARTICHETTE_POINTS = chouette_points(4)


def artichette_landed(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    civet.settle_civet(ctx, current, t)
    return True  # not a Chouette: no points until the race is judged


def _is_artichette(ctx: RuleContext, current: ThrowContext | None) -> bool:
    return (
        current is not None
        and current.shows(Figure.ARTICHETTE)
        and not tichette.is_tichette(ctx, current)  # ★★★★ « Les annonces associées à une Artichette […] sont des bévues »
    )


def on_artichette_shout(ctx: RuleContext, call: Call) -> None:
    current = throw_in_play(ctx, "aucune Artichette en jeu")
    by_roller = call.player == current.roller
    rollers_call, others_call = _artichette_calls(ctx, current)
    fits = _is_artichette(ctx, current) and by_roller == (call.kind is rollers_call)
    if call.kind is others_call and call.target not in (None, current.roller):
        fits = False  # « en le désignant du doigt »: the roller, nobody else
    judge_shout(ctx, call, current, fits)


def _artichette_calls(ctx: RuleContext, current: ThrowContext) -> tuple[CallKind, CallKind]:
    """(the roller's call, the others' call). ★★★★ A Flan swaps them (000 « Le Flan (suite) »): « Le flanné
    doit crier “ Artichette ! ” pour remporter la valeur de sa Chouette de 4. Pour faire perdre la valeur de la
    Chouette de 4 au flanné, les autres joueurs doivent crier “ Raitournelle ! " en le désignant du doigt. »"""
    if flan.flanned(ctx, current):
        return CallKind.ARTICHETTE, CallKind.RAITOURNELLE
    return CallKind.RAITOURNELLE, CallKind.ARTICHETTE


def artichette_settled_at(ctx: RuleContext, current: ThrowContext, t: float) -> float | None:
    """Certain once the roller has said his call within the tie window of the others' first one
    (« le joueur ayant réalisé l'Artichette est prioritaire »), or once that window has passed."""
    if not _is_artichette(ctx, current):
        return None
    rollers_call, others_call = _artichette_calls(ctx, current)
    return roller_first_settled_at(current.shouters(rollers_call.value), current.shouters(others_call.value), t,
                                   ctx.rules.tie_window_s)


def settle_artichette(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    if not _is_artichette(ctx, current) or "artichette" in current.decided:
        return
    rollers_call, others_call = _artichette_calls(ctx, current)
    mine = current.shouters(rollers_call.value)
    theirs = current.shouters(others_call.value)
    points = ARTICHETTE_POINTS * abs(current.multiplier)
    if roller_wins(mine, theirs, ctx.rules.tie_window_s):
        ctx._add(current.roller, points, Reason.RAITOURNELLE.value, "artichette", t)
    elif theirs:
        caught_by = min(theirs, key=lambda s: s[1])[0]
        ctx._add(current.roller, -points, Reason.ARTICHETTE.value, "artichette", t, by=caught_by)


FAMILY = Family(
    name="artichette",
    seed="000 « L'Artichette »; 004 « L'artichette (4-3-4) »",
    handles={
        CallKind.RAITOURNELLE: on_artichette_shout,
        CallKind.ARTICHETTE: on_artichette_shout,
    },
    figures={Figure.ARTICHETTE: artichette_landed},
)
