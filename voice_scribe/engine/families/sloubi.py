"""Le Chante-Sloubi ★ (seed 000).

« Si un joueur souhaite rentrer en jeu en cours de partie, il doit crier
“Chante-Sloubi !” pour déterminer son score de départ. Le Chante-Sloubi ne
peut être tenté que lorsqu'un tour de jeu s'achève. Pour déterminer le nombre
de points […] il faut prendre le plus haut score, lui soustraire le deuxième
score le plus haut, puis multiplier le résultat par le nombre de tours joués,
et enfin diviser le total par 10 (sans tenir compte des décimales). […] S'il
décide de chanter sloubi, […] et s'il y parvient sans Bévue ni interruption,
il peut multiplier son score par 1,5, si le score du sloubi est négatif il
peut le multiplier par 0,5. S'il refuse ou échoue le défi, il commence la
partie sans multiplier son score par 1,5. La limite du sloubi est de 228. »
"""

from __future__ import annotations

from math import floor
from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.families import aquitaine
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import MAX_PLAYERS, Phase, Player

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext

SLOUBI_LIMIT = 228


def sloubi_value(scores: list[int], rounds: int) -> int:
    """(highest − second highest) × rounds played ÷ 10, decimals dropped.

    >>> sloubi_value([120, 80, 10], 7)
    28
    """
    ranked = sorted(scores, reverse=True)
    gap = ranked[0] - ranked[1] if len(ranked) > 1 else 0
    return gap * rounds // 10


def sung_score(value: int, sung: bool) -> int:
    """×1.5 when sung to the end (×0.5 for a negative sloubi); decimals dropped."""
    if not sung:
        return value
    return floor(value * 1.5) if value >= 0 else floor(value * 0.5)


def on_chante_sloubi(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    name = call.player
    if name in state.players:
        if state.players[name].eliminated:
            raise Rejected("eliminated", f"{name} est sorti du jeu et ne peut plus l'intégrer")
        raise Rejected("already_playing", f"{name} joue déjà")
    if state.phase is not Phase.CHOUETTES or state.turn != 0 or state.throws == 0:
        raise Rejected("wrong_phase", "le Chante-Sloubi se tente quand un tour de jeu s'achève")
    if len(state.players) >= MAX_PLAYERS:
        raise Rejected("table_full", f"la table est complète ({MAX_PLAYERS} joueurs)")
    value = sloubi_value([state.players[n].score for n in state.active()], state.rounds)
    if ctx.rules.aquitaine:  # « égal au nombre de tours joués jusqu'à un maximum de 228 »
        value = aquitaine.aquitaine_sloubis(state.rounds)
    if value > SLOUBI_LIMIT:
        raise Rejected(
            "sloubi_limit",
            f"le sloubi vaut {value} : au-delà de {SLOUBI_LIMIT}, il faut attendre qu'il diminue",
        )
    state.sloubi = (name, value)
    state.phase = Phase.SLOUBI
    ctx._prompt(Reason.SING_SLOUBI, [name], call.t, value=value)


def on_sloubi_result(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    if state.phase is not Phase.SLOUBI or state.sloubi is None:
        raise Rejected("wrong_phase", "personne ne chante le sloubi")
    name, value = state.sloubi
    if ctx.rules.aquitaine and call.kind is not CallKind.SLOUBI_REUSSI:
        # « le nouveau venu doit obligatoirement Chanter-Sloubi »: no song, no seat
        state.sloubi = None
        ctx._emit(EventKind.REJECTED, name, None, "sloubi_required", "chante_sloubi", call.t,
                   message="à l'Aquitaine, on n'entre en jeu qu'en chantant le sloubi")
        ctx._start_turn(call.t)
        return
    score = 0 if ctx.rules.aquitaine else sung_score(value, call.kind is CallKind.SLOUBI_REUSSI)
    state.players[name] = Player(name, score)
    state.order.append(name)  # he plays last in the new round
    state.sloubi = None
    ctx._emit(EventKind.JOINED, name, score, Reason.SLOUBI.value, "chante_sloubi", call.t,
               score=score, value=value, sung=call.kind is CallKind.SLOUBI_REUSSI)
    ctx._start_turn(call.t)


FAMILY = Family(
    name="sloubi",
    seed="000 « Le Chante-Sloubi »",
    handles={
        CallKind.CHANTE_SLOUBI: on_chante_sloubi,
        CallKind.SLOUBI_REUSSI: on_sloubi_result,
        CallKind.SLOUBI_RATE: on_sloubi_result,
    },
)
