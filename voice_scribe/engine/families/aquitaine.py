"""Option de jeu : Règles à l'Aquitaine (seed 000), ``Rules.aquitaine = true``.

« Les règles à l'Aquitaine sont une modification du jeu de base lors duquel le
score est converti en gorgées. La partie s'achève au bon vouloir des joueurs. »

« On arrondit le score final de la combinaison à la dizaine supérieure sauf si
le résultat est déjà une dizaine (10, 20, 30, 40, etc.), puis on divise par 10.
Le joueur faisant les points donne les gorgées aux personnes de son choix. À
l'inverse si le score est négatif, on arrondit à la dizaine inférieure, on
divise par 10, et le joueur perdant les points boit les gorgées. Par exemple si
un joueur lance une chouette de 2, il donne une gorgée (2x2=4 donc 10, puis
10/10=1). »

« La Grelottine, le Sirop, […] ne demandent pas un minimum de points pour le
joueur qui veut les tenter. » — « Un joueur roulant un Néant obtient une
Grelottine supplémentaire pour un maximum de 6 Grelottines, et ce même si le
joueur n'a pas encore 30 points. » — « À l'Aquitaine, on ne pari pas de points,
mais plutôt autant de gorgées que l'on a de Grelottines (voir Néant), jusqu'à un
maximum de 6. Il est interdit de demander un Sirop-Grelot »

« L'Excalibur. Trois dés formant 5, 3, 1. Cette règle est unique à l'Aquitaine
et ne se joue qu'à trois joueurs ou plus. […] les joueurs peuvent alors tenter
de dire «Excalibur» en levant le doigt. Si un joueur annonce seul, il y a
Bévue. Si deux joueurs annoncent en même temps, ils peuvent alors désigner un
Roi qui doit alors boire autant de gorgées que le nombre de joueurs ayant
annoncé l'Excalibur. […] Si tous les joueurs assis à la table annoncent un
Excalibur en même temps, il y a Guerre civile, alors tous les joueurs boivent
autant de gorgées que le nombre de joueurs ayant annoncé l'Excalibur. En cas de
Guerre civile, le roi reste le même. »

« La Bévue. Un joueur qui fait une mauvaise annonce ne peut faire les points de
sa combinaison, il doit cependant les boire s'il en perdait. L'Artichette, la
Suite, la Chouette-Velute ne sont cependant pas affectés par cette règle. De
plus, si, à son tour, un joueur échappe un ou plusieurs dés par terre, qu'il
lance son Cul avant ses Chouettes ou qu'il lance les trois dés en même temps,
il commet une Bévue et perd son tour. »

« Le chante-Sloubi. Pour rentrer dans une partie déjà en cours, le nouveau venu
doit obligatoirement Chanter-Sloubi. Le nombre de Sloubi à chanter est égal au
nombre de tours joués jusqu'à un maximum de 228. »

The scores are still counted (the scribe can say them); every change of score
is also said in sips (``EventKind.SIPS``). Decisions: docs/rules.md « Règles à
l'Aquitaine ».
"""

from __future__ import annotations

from math import ceil
from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import throw_in_play, wrong_call
from voice_scribe.engine.dice import Figure, Kind
from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import first_settled_at, firsts
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import AquitaineTable  # noqa: F401 - its record lives in state.py
from voice_scribe.engine.state import Holding, Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

#: « pour un maximum de 6 Grelottines »; a challenge stakes « jusqu'à un maximum de 6 » sips.
MAX_GRELOTTINES = 6
#: « Le nombre de Sloubi à chanter est égal au nombre de tours joués jusqu'à un maximum de 228 ».
MAX_SLOUBIS = 228
#: « L'Artichette, la Suite, la Chouette-Velute ne sont cependant pas affectés par cette règle. »
BEVUE_KEEPS_POINTS = (Kind.SUITE, Kind.CHOUETTE_VELUTE)


def sips(points: int) -> int:
    """Points to sips: up to the next ten (down for a loss) unless already a ten, then ÷ 10.

    >>> sips(4), sips(10), sips(11), sips(-4), sips(-20), sips(-25), sips(0)
    (1, 1, 2, 1, 2, 3, 0)
    """
    return ceil(abs(points) / 10)


def aquitaine_table(ctx: RuleContext) -> AquitaineTable:
    if ctx.state.aquitaine is None:
        ctx.state.aquitaine = AquitaineTable()
    return ctx.state.aquitaine

# ── the conversion ──
def sips_for_score(ctx: RuleContext, name: str, delta: int, reason: str, rule: str, t: float) -> None:
    """« Le joueur faisant les points donne les gorgées »; « le joueur perdant les points boit »."""
    if not ctx.rules.aquitaine or not delta:
        return
    kind = Reason.SIPS_GIVEN if delta > 0 else Reason.SIPS_DRUNK
    ctx._emit(EventKind.SIPS, name, sips(delta), kind.value, rule, t, source=reason)


def _emit_sips(ctx: RuleContext, name: str, n: int, reason: Reason, rule: str, t: float, **data: object) -> None:
    ctx._emit(EventKind.SIPS, name, n, reason.value, rule, t, **data)


def aquitaine_forfeits(ctx: RuleContext, name: str, delta: int, reason: str, rule: str, t: float) -> bool:
    """« ne peut faire les points de sa combinaison, il doit cependant les boire s'il en perdait »."""
    if not ctx.rules.aquitaine or delta <= 0:
        return False
    table = aquitaine_table(ctx)
    current = ctx.state.current
    if table.forfeit != (name, id(current)):
        return False
    ctx._emit(EventKind.SCORE, name, 0, reason, rule, t, score=ctx.state.players[name].score,
               forfeited=delta)
    return True


def aquitaine_bevue(ctx: RuleContext, name: str) -> None:
    """A faulty announcement of the roller on his own throw forfeits the gains still to come."""
    if not ctx.rules.aquitaine:
        return
    current = ctx.state.current
    if current is None or current.roller != name:
        return
    combination = current.combination
    if combination is not None and (
        combination.kind in BEVUE_KEEPS_POINTS or combination.figure is Figure.ARTICHETTE
    ):
        return
    aquitaine_table(ctx).forfeit = (name, id(current))


def aquitaine_bad_throw(ctx: RuleContext, call: Call) -> bool:
    """« s'il lance son Cul avant ses Chouettes ou qu'il lance les trois dés en même temps, il
    commet une Bévue et perd son tour ». True when the call was such a throw."""
    if not ctx.rules.aquitaine:
        return False
    state = ctx.state
    if state.phase is Phase.REACTION and ctx.upcoming_roller() == call.player and not state.followups:
        current = state.current
        if current is not None and (current.challenge is not None or current.resumes_turn):
            return False
        ctx._close_reaction(call.t)
    if state.phase is not Phase.CHOUETTES or state.roller != call.player or state.current is not None:
        return False
    if state.throws == 0:
        return False  # the table's opener (T1): the first throw may be announced at once
    ctx._bevue(call.player, Reason.WRONG_CALL, call.t, call=call.kind.value, lost_turn=True)
    if state.phase is Phase.CHOUETTES and state.roller == call.player:
        ctx._next_turn(call.t)
    return True

# ── the end: « au bon vouloir des joueurs » ──
def _aquitaine_no_end(ctx: RuleContext) -> bool:
    return ctx.rules.aquitaine

# ── Grelottines ──
def aquitaine_neant(ctx: RuleContext, roller: str, t: float) -> None:
    """« une Grelottine supplémentaire pour un maximum de 6 […] même si […] pas encore 30 points »."""
    table = aquitaine_table(ctx)
    count = table.grelottines.get(roller, 0)
    if count >= MAX_GRELOTTINES:
        return
    table.grelottines[roller] = count + 1
    player = ctx.state.players[roller]
    player.holdings.add(Holding.GRELOTTINE)
    ctx._emit(EventKind.HOLDING, roller, None, Holding.GRELOTTINE.value, Reason.NEANT.value, t,
               gained=True, count=count + 1)


def _grelottines_of(ctx: RuleContext, name: str) -> int:
    if not ctx.state.players[name].holds(Holding.GRELOTTINE):
        return 0
    return max(1, aquitaine_table(ctx).grelottines.get(name, 1))


def aquitaine_spends_one(ctx: RuleContext, name: str, holding: Holding) -> bool:
    """A challenge spends one Grelottine of each player; True while some remain."""
    if not ctx.rules.aquitaine or holding is not Holding.GRELOTTINE:
        return False
    table = aquitaine_table(ctx)
    left = _grelottines_of(ctx, name) - 1
    table.grelottines[name] = max(left, 0)
    return left > 0


def aquitaine_stake(ctx: RuleContext, grelottin: str) -> int:
    """« autant de gorgées que l'on a de Grelottines […] jusqu'à un maximum de 6 »."""
    return min(_grelottines_of(ctx, grelottin), MAX_GRELOTTINES)


def aquitaine_challenge(ctx: RuleContext, winner: str, loser: str, stake: int, combination: str | None,
                         t: float) -> None:
    _emit_sips(ctx, winner, stake, Reason.SIPS_GIVEN, "grelottine", t,
                    source=Reason.AQUITAINE_GRELOTTINE.value, combination=combination)
    _emit_sips(ctx, loser, stake, Reason.SIPS_DRUNK, "grelottine", t,
                    source=Reason.AQUITAINE_GRELOTTINE.value, combination=combination)

# ── Excalibur ──
def _is_excalibur(ctx: RuleContext, current: ThrowContext | None) -> bool:
    return (
        ctx.rules.aquitaine
        and current is not None
        and current.combination is not None
        and current.combination.figure is Figure.EXCALIBUR
        and not current.no_figures
        and len(ctx.state.active()) >= 3  # « ne se joue qu'à trois joueurs ou plus »
    )


def on_excalibur(ctx: RuleContext, call: Call) -> None:
    current = throw_in_play(ctx, "aucun Excalibur en jeu")
    if not _is_excalibur(ctx, current):
        wrong_call(ctx, call)
        return
    shouted = any(p == call.player for p, _ in current.shouters(call.kind.value))
    current.shout(call.kind.value, call.player, call.t)
    if "excalibur" in current.decided and not shouted:
        ctx._bevue(call.player, Reason.EXCALIBUR_ALONE, call.t)  # after the others: he announces alone


def excalibur_settled_at(ctx: RuleContext, current: ThrowContext, t: float) -> float | None:
    """Who shouted together is known once the first shout's tie window has passed, or once
    everybody has shouted (« Guerre civile »); a later shout is a player announcing alone."""
    if not _is_excalibur(ctx, current):
        return None
    return first_settled_at(current.shouters(CallKind.EXCALIBUR.value), t, ctx.rules.tie_window_s,
                            ctx.state.active())


def settle_excalibur(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    if not _is_excalibur(ctx, current) or "excalibur" in current.decided:
        return
    shouts = current.shouters(CallKind.EXCALIBUR.value)
    together = firsts(shouts, ctx.rules.tie_window_s)
    alone = [p for p in dict.fromkeys(p for p, _ in shouts) if p not in together or len(together) == 1]
    for player in alone:
        ctx._bevue(player, Reason.EXCALIBUR_ALONE, t)  # « Si un joueur annonce seul, il y a Bévue »
    if len(together) < 2:
        return
    n = len(together)
    if set(together) >= set(ctx.state.active()):
        for player in ctx.state.active():  # « Guerre civile »: the King stays the same
            _emit_sips(ctx, player, n, Reason.GUERRE_CIVILE, "aquitaine", t, shouters=together)
        return
    aquitaine_table(ctx).excalibur = together
    ctx._prompt(Reason.NAME_KING, together, t, sips=n)


def on_roi(ctx: RuleContext, call: Call) -> None:
    """The Excalibur shouters name a King: « qui doit alors boire autant de gorgées que le
    nombre de joueurs ayant annoncé l'Excalibur »."""
    table = aquitaine_table(ctx)
    shouters = table.excalibur
    if not shouters:
        raise Rejected("no_excalibur", "aucun Excalibur n'attend son roi")
    if call.player not in shouters:
        raise Rejected("not_a_shouter", f"le roi est désigné par {', '.join(shouters)}")
    if call.target is None or ctx.state.players[call.target].eliminated:
        raise Rejected("no_target", "quel roi ?")
    table.excalibur = None
    table.king = call.target
    _emit_sips(ctx, call.target, len(shouters), Reason.EXCALIBUR_KING, "aquitaine", call.t, shouters=shouters)

# ── Chante-Sloubi ──
def aquitaine_sloubis(rounds: int) -> int:
    """« égal au nombre de tours joués jusqu'à un maximum de 228 »."""
    return min(rounds, MAX_SLOUBIS)


FAMILY = Family(
    name="aquitaine",
    seed="000 « Option de jeu : Règles à l'Aquitaine »",
    handles={
        CallKind.EXCALIBUR: on_excalibur,
        CallKind.ROI: on_roi,
    },
)
