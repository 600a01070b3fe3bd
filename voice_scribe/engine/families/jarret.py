"""Le Jarret ★★★ (seed 000, seed 003; seed 004 « Le jarret »).

« Lors d'un Bleu-Rouge, Néant sur la relance. Le Jarret s'applique même si
aucun joueur n'a trouvé la valeur de la relance. Le premier joueur (ou
premiers, en cas d'égalité) à crier “ Lance-Bûches ! ” devient Lance-Bûche et
obtient un Jarret. » (the Bleu-Rouge family: ``settle_lance_buches``)

« Le Lance-Bûches peut utiliser son Jarret de quatre façons différentes, en
annonçant “ Mi-Jarret ! ”, “ Bi-Jarret ! ”, “ Lance-Jarret ! ”, ou
“ Jarret-Sifflet ! ” (seulement en cas de Jarret-Souple). L'annonce doit se
faire avant le lancer de ses chouettes à son tour de jeu et le Jarret ne peut
pas être utilisé lors d'un défi Grelottine.

Le Mi-Jarret permet d'avoir deux lancers lors de son tour de jeu, avec la
possibilité de garder les dés que l'on souhaite entre les deux lancers […]
Pour s'arrêter à son premier lancer, il faut crier “ Bjarret ! ” et ainsi la
première combinaison réalisée prend effet.

Le Bi-Jarret permet de doubler la valeur de la combinaison réalisée sur un
lancer. Il prend effet sur la combinaison, et ainsi, n'importe quel joueur
remportant une Chouette-Velute sur un Bi-Jarret gagne le double […] Si le
Lance-Bûches utilise un Bi-Jarret, ou un Jarret-Sifflet en même temps qu'un
Civet, la mise, perdue ou gagnée, est également doublée, ainsi que la
combinaison finale. Les seules combinaisons sur lesquelles le Bi-Jarret n'a
aucun effet sont la Soufflette et le Flan, auquel cas le Jarret est nul.

Le Lance-Jarret permet de donner son Jarret à un autre joueur. […] le Jarret
est non cumulable, et un joueur qui lance son Jarret à un joueur qui en a déjà
un reçoit une Bévue et conserve son Jarret.

En cas de Néant suite à un Mi-Jarret ou un Bi-Jarret, le Lance-Bûches peut
conserver son Jarret pour le tour suivant à condition de crier
“ Jarret-Souple ! ” avant qu'un autre joueur ne lui crie “ Charret ! ”, ce qui
lui ferait perdre son Jarret. Si les annonces “ Charret ! ” et
“ Jarret-Souple ! ” sont faites en même temps, le Jarret- Souple est
prioritaire et le Jarret conservé.

En cas de Jarret-Souple réussi, le Lance-Bûches obtient alors une troisième
possibilité d'utilisation de son Jarret, le Jarret-Sifflet. Le Jarret-Sifflet
a la valeur d'un Mi-Jarret et d'un Bi-Jarret combinés […] la règle du Bjarret
étant toujours valable. L'achat du Jarret est interdit. »

Decisions (docs/rules.md ★★★): the multiplier is ``ThrowContext.multiplier``
(every point the combination gives or takes: the roller's, the Chouette-Velute
race, the Suite's losers, the Civet's stake, the whole Bleu-Rouge);
a Mi-Jarret's first throw is announced as usual and waits for « Bjarret ! » or
the second throw (``des``). A Jarret-Souple keeps the Jarret and adds the
Sifflet use (``GameState.jarret_sifflet``); a Jarret given away is a plain one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import judge_shout, throw_in_play, wrong_call
from voice_scribe.engine.dice import Kind
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import flan
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import roller_first_settled_at, roller_wins
from voice_scribe.engine.rejected import Rejected
import voice_scribe.engine.relances as relances
from voice_scribe.engine.state import Holding, Phase, Relance

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

JARRET_MODES = {CallKind.MI_JARRET: "mi", CallKind.BI_JARRET: "bi", CallKind.JARRET_SIFFLET: "sifflet"}
DOUBLING = {"bi", "sifflet"}
TWO_THROWS = {"mi", "sifflet"}


def _jarret_moment(ctx: RuleContext, call: Call) -> bool:
    """« avant le lancer de ses chouettes à son tour de jeu », not in a Grelottine challenge."""
    state = ctx.state
    if state.phase is Phase.REACTION and ctx.upcoming_roller() == call.player:
        ctx._close_reaction(call.t)  # his turn begins: the previous window closes
    current = state.current
    untouched = current is None or (current.roller == call.player and current.throw is None)
    return (
        state.phase is Phase.CHOUETTES
        and state.challenge is None
        and state.roller == call.player
        and untouched
        and state.jarret_use is None
        and state.players[call.player].holds(Holding.JARRET)
    )


def on_use_jarret(ctx: RuleContext, call: Call) -> None:
    mode = JARRET_MODES[call.kind]
    ok = _jarret_moment(ctx, call)
    if ctx.state.phase is Phase.OVER:
        return
    if mode == "sifflet" and call.player not in ctx.state.jarret_sifflet:
        ok = False  # « (seulement en cas de Jarret-Souple) »
    if not ok:
        ctx._bevue(call.player, Reason.NOT_ALLOWED, call.t, call=call.kind.value)
        return
    ctx._lose(call.player, Holding.JARRET, Reason.SPENT, call.t)
    ctx.state.jarret_sifflet.discard(call.player)
    ctx.state.jarret_use = (call.player, mode)  # applied when his chouettes are thrown


def apply_jarret_use(ctx: RuleContext, current: ThrowContext) -> None:
    use = ctx.state.jarret_use
    if use is None or use[0] != current.roller:
        return
    ctx.state.jarret_use = None
    current.jarret = use[1]
    current.multiplier = 2 if use[1] in DOUBLING else 1


def on_lance_jarret(ctx: RuleContext, call: Call) -> None:
    if call.target is None or call.target == call.player:
        raise Rejected("no_target", "Lance-Jarret à qui ?")
    ok = _jarret_moment(ctx, call)
    if ctx.state.phase is Phase.OVER:
        return
    if ctx._throw_holding(call, Holding.JARRET, "Lance-Jarret", Reason.NOT_ALLOWED,
                           Reason.JARRET_ALREADY_HELD, allowed=ok):
        ctx.state.jarret_sifflet.discard(call.player)

# ── Mi-Jarret: two throws ──
def jarret_first_throw(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    if current.jarret not in TWO_THROWS or current.relance is not None or current.challenge is not None:
        return False
    assert current.throw is not None
    relance = Relance("mi_jarret", current.roller, t, kept=current.throw, multiplier=current.multiplier,
                      jarret=current.jarret, civet=current.civet)
    current.civet = None
    relances.start_relance(ctx, relance, t)
    return True


def on_bjarret(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    relance = state.relance
    if state.phase is not Phase.RELANCE or relance is None or relance.purpose != "mi_jarret" \
            or call.player != relance.thrower:
        wrong_call(ctx, call)
        return
    assert relance.kept is not None
    relances.land_relance(ctx, relance.thrower, relance.kept, call.t, relance)  # « la première combinaison … prend effet »


def relance_mi_jarret(ctx: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
    relances.land_relance(ctx, relance.thrower, relances.three(dice), call.t, relance)

# ── Jarret-Souple / Charret ──
def _jarret_neant(ctx: RuleContext, current: ThrowContext | None) -> bool:
    return (
        current is not None
        and current.jarret is not None
        and current.relance in (None, "mi_jarret")  # the Jarret's own throw, not a relance born of it
        and current.combination is not None
        and current.combination.kind is Kind.NEANT
    )


def on_jarret_souple(ctx: RuleContext, call: Call) -> None:
    current = throw_in_play(ctx, "aucun Néant sur un Jarret", needs_dice=False)
    by_roller = call.player == current.roller
    fits = _jarret_neant(ctx, current) and by_roller == (call.kind is _jarret_souple_calls(ctx, current)[0])
    judge_shout(ctx, call, current, fits)


def _jarret_souple_calls(ctx: RuleContext, current: ThrowContext) -> tuple[CallKind, CallKind]:
    """(the roller's call that keeps the Jarret, the others' call that takes it). ★★★★ « En cas de Néant
    sur un Bi ou Mi Jarret, les annonces “ Jarret-Souple ! ” et “ Charret ! ” s'inversent » under a Flan."""
    if flan.flanned(ctx, current):
        return CallKind.CHARRET, CallKind.JARRET_SOUPLE
    return CallKind.JARRET_SOUPLE, CallKind.CHARRET


def jarret_souple_settled_at(ctx: RuleContext, current: ThrowContext, t: float) -> float | None:
    """Certain once the roller's call is in (within the tie window of the others' first: he wins a
    tie), or once that window has passed."""
    if not _jarret_neant(ctx, current):
        return None
    keeps, takes = _jarret_souple_calls(ctx, current)
    return roller_first_settled_at(current.shouters(keeps.value), current.shouters(takes.value), t,
                                   ctx.rules.tie_window_s)


def settle_jarret_souple(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    if not _jarret_neant(ctx, current) or "jarret_souple" in current.decided:
        return
    keeps, takes = _jarret_souple_calls(ctx, current)
    souple = current.shouters(keeps.value)
    charret = current.shouters(takes.value)
    if roller_wins(souple, charret, ctx.rules.tie_window_s):
        ctx._gain(current.roller, Holding.JARRET, Reason.JARRET_SOUPLE, t)
        ctx.state.jarret_sifflet.add(current.roller)


FAMILY = Family(
    name="jarret",
    seed="000, 003 « Le Jarret »; 004 « Le jarret »",
    handles={
        CallKind.MI_JARRET: on_use_jarret,
        CallKind.BI_JARRET: on_use_jarret,
        CallKind.JARRET_SIFFLET: on_use_jarret,
        CallKind.LANCE_JARRET: on_lance_jarret,
        CallKind.JARRET_SOUPLE: on_jarret_souple,
        CallKind.CHARRET: on_jarret_souple,
        CallKind.BJARRET: on_bjarret,
    },
    relances={"mi_jarret": relance_mi_jarret},
)
