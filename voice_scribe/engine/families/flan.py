"""Le Flan, le Double Flan, le Contre-Flan ★★★★ (seed 000).

« Le Flan »: « Trois dés formant 6, 5 et 2. Le joueur réalisant cette
combinaison doit crier “ À Kadoc ! ” en levant le doigt avant le lancer du
joueur suivant pour obtenir un Flan (non cumulable). »

« Le Flan (suite) »: « Un joueur qui possède un flan peut flanner un autre
joueur avant que ce dernier ne lance ses chouettes à son tour de jeu (et non
lors d'un défi, auquel cas le Flan s'applique au lancer suivant). Il peut
l'utiliser à n'importe quel moment de la partie, et doit pour cela crier
“ Tatan elle fait des Flans ! ” et désigner le joueur ciblé. Le flanné ne peut
pas se défendre et l'inverse de la règle de la combinaison qu'il réalise lors
de son lancer s'applique. Il est interdit de se flanner soi-même. Le Flan
s'applique sur la combinaison réalisée par le flanné. Ainsi, lors d'une
Chouette-Velute, d'une Suite, d'un Bleu-Rouge, ou autre, tous les joueurs
réagissant à la combinaison peuvent subir les effets du Flan. […] Un joueur
peut donner son Flan à un autre joueur […] “ Lance-Flan ! ” […] un joueur qui
lance son Flan à un joueur qui en a déjà un reçoit une Bévue mais conserve son
Flan. »

« Le Double Flan »: « Si deux joueurs ont un Flan en leur possession, ils
peuvent l'utiliser ensemble sur un autre joueur et ainsi doubler l'effet du
Flan. […] Le Double Flan peut devenir un Triple Flan, un Quadruple Flan […] la
perte ou le gain de points peut être multiplié ».

« Le Contre-Flan »: « le contre-flanneur doit crier l'annonce du Flan vers le
flanneur […] Le premier flanné est alors sauvé, et le flanneur devient
contre-flanné, il subit les effets d'un Double- Flan. Seul un flanneur ou un
contre-flanneur peut être contre-flanné. […] Seul un joueur extérieur au Flan
peut réaliser un Contre-Flan ».

How the engine plays it (docs/rules.md, ★★★★ F1–F16): a flan is *pending* on
its target (``GameState.flans``: flanneur, weight) until the target's next
throw of his own turn begins; it then multiplies the throw's
``ThrowContext.multiplier`` by −n (n flans; a Contre-Flan weighs 2). Every
★–★★★ rule that pays « la valeur de la combinaison » already multiplies by it,
so a Chouette, a Velute, a Cul de chouette, the Chouette-Velute race, a Civet,
the Bleu-Rouge and its relance, the Pélican and a Bi-Jarret (−2) come out
inverted; the lines of the inversion table that are not a plain change of sign
(the Suite, the Suite-Velutée, the Soufflette, the Artichette, the Jarret-Souple,
the Lance-Bûches, the Néant soufflé, the sirotages) are played here or by a
test of ``_flanned`` in their own module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import wrong_call
from voice_scribe.engine.dice import Figure
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import civet, civet_filoche
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import GRELOTTINE_MINIMUM, Holding

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

#: The Jarret uses that double the combination (jarret.DOUBLING, repeated to avoid an import cycle).
_DOUBLING = {"bi", "sifflet"}


def jarret_factor(current: ThrowContext) -> int:
    """The Bi-Jarret's ×2 (or ×1) of a throw, whatever its Flan."""
    return 2 if current.jarret in _DOUBLING else 1


def flans_on(current: ThrowContext) -> int:
    """How many Flans weigh on a throw: 0, 1, 2 (a Double Flan or a Contre-Flan)…"""
    if current.multiplier > 0:
        return 0
    return max(1, -current.multiplier // jarret_factor(current))


def unflanned(current: ThrowContext) -> int:
    """The throw's multiplier without its Flan (for the « règles inflannables »)."""
    return current.multiplier if current.multiplier > 0 else jarret_factor(current)


# ── reading ──
def flanned(ctx: RuleContext, current: ThrowContext | None) -> bool:
    """« l'inverse de la règle de la combinaison qu'il réalise lors de son lancer s'applique »."""
    return current is not None and current.multiplier < 0


def _flanneurs_of(ctx: RuleContext, flanne: str) -> list[str]:
    return [f for f, _ in ctx.state.flans.get(flanne, []) if f is not None]

# ── « À Kadoc ! » ──
def flan_landed(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    """6-5-2 is a Flan, not a Néant (no Grelottine); « le Bi-Jarret n'a aucun effet »."""
    civet.settle_civet(ctx, current, t)
    ctx.state.kadoc = current.roller
    return True


def on_a_kadoc(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    if state.kadoc != call.player:
        # « (joueur seulement) », and only « avant le lancer du joueur suivant »
        wrong_call(ctx, call)
        return
    state.kadoc = None
    ctx._gain(call.player, Holding.FLAN, Reason.A_KADOC, call.t)  # « (non cumulable) »

# ── « Tatan elle fait des flans ! » ──
def on_tatan_flans(ctx: RuleContext, call: Call) -> None:
    target = call.target
    if target is None:
        raise Rejected("no_target", "Tatan fait des flans pour qui ?")
    state = ctx.state
    if state.players[target].eliminated:
        raise Rejected("eliminated", f"{target} est sorti du jeu")
    player = call.player
    if target == player or not state.players[player].holds(Holding.FLAN):
        # « Il est interdit de se flanner soi-même. »
        ctx._bevue(player, Reason.FLAN_NOT_ALLOWED, call.t, target=target)
        return
    if _contre_flan(ctx, call):
        return
    if ctx.rules.teams and any(name != target and entries for name, entries in state.flans.items()):
        # Doublette: « lors d'un Flan, seul un joueur à la fois peut être flanné »
        ctx._bevue(player, Reason.FLAN_NOT_ALLOWED, call.t, target=target, one_at_a_time=True)
        return
    pending = state.flans.get(target, [])
    if pending and not ctx.rules.is_enabled("double_flan"):
        ctx._bevue(player, Reason.FLAN_NOT_ALLOWED, call.t, target=target, double=True)
        return
    ctx._lose(player, Holding.FLAN, Reason.SPENT, call.t)
    state.flans.setdefault(target, []).append((player, 1))
    ctx._prompt(Reason.FLANNED, [target], call.t, by=player, flans=_pending_weight(ctx, target))


def _pending_weight(ctx: RuleContext, name: str) -> int:
    return sum(w for _, w in ctx.state.flans.get(name, []))


def _contre_flan(ctx: RuleContext, call: Call) -> bool:
    """« Seul un flanneur ou un contre-flanneur peut être contre-flanné »; « Seul un joueur extérieur au
    Flan peut réaliser un Contre-Flan »: the flanné (and a fellow flanneur) flan the flanneur plainly."""
    if not ctx.rules.is_enabled("contre_flan"):
        return False
    state = ctx.state
    flanneur, player = call.target, call.player
    assert flanneur is not None
    for flanne, entries in state.flans.items():
        mine = next((e for e in entries if e[0] == flanneur), None)
        if mine is None:
            continue
        if player == flanne or player in _flanneurs_of(ctx, flanne):
            return False
        entries.remove(mine)  # « Le premier flanné est alors sauvé »
        if not entries:
            del state.flans[flanne]
        ctx._lose(player, Holding.FLAN, Reason.SPENT, call.t)
        state.flans.setdefault(flanneur, []).append((player, 2))  # « il subit les effets d'un Double- Flan »
        ctx._prompt(Reason.CONTRE_FLANNED, [flanneur], call.t, by=player, saved=flanne,
                     flans=_pending_weight(ctx, flanneur))
        return True
    return False


def on_lance_flan(ctx: RuleContext, call: Call) -> None:
    ctx._throw_holding(call, Holding.FLAN, "Lance-Flan", Reason.FLAN_NOT_ALLOWED, Reason.FLAN_ALREADY_HELD)

# ── the flanned throw ──
def turn_throw_begins(ctx: RuleContext, current: ThrowContext) -> None:
    """The chouettes of a turn are thrown: « avant le lancer du joueur suivant » is over; his Flans apply."""
    state = ctx.state
    state.kadoc = None
    civet_filoche.arm_filoche(ctx, current.roller)
    entries = state.flans.pop(current.roller, None)
    if entries:
        current.multiplier *= -sum(w for _, w in entries)


def keep_flan(ctx: RuleContext, name: str, flans: int, t: float) -> None:
    ctx.state.flans.setdefault(name, []).append((None, flans))
    ctx._prompt(Reason.FLAN_KEPT, [name], t, flans=_pending_weight(ctx, name))


def keep_flan_on_neant(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    """« Si le flanné réalise un Néant, la règle de la Grelottine s'applique et il conserve son Flan qui
    prendra effet lors de son prochain lancer. »"""
    if flanned(ctx, current) and current.relance in (None, "mi_jarret") and current.challenge is None:
        keep_flan(ctx, current.roller, flans_on(current), t)


def flan_sirotage(ctx: RuleContext, current: ThrowContext, sirotant: str) -> None:
    """« le Sirotage » is inflannable; « Si le flanné tente un Attrape-Oiseau, le Flan prend effet sur ce
    lancer. S'il réussit, il perd la valeur du Cul De Chouette réalisé, s'il échoue, il gagne la valeur de
    la Chouette. »"""
    base = unflanned(current)
    entries = ctx.state.flans.pop(sirotant, None) if sirotant != current.roller else None
    current.multiplier = base * -sum(w for _, w in entries) if entries else base

# ── Néant soufflé ──
def flanned_neant_souffle(ctx: RuleContext, current: ThrowContext, t: float, first: list[str],
                           mecreants: set[str]) -> None:
    """« Le premier joueur criant : "Mécréant !" […] perds une Grelottine si il en possédait une, si il
    déclare "Je suis un misérable" en se touchant le nez, tous les joueurs reçoivent une Grelottine.
    [Seulement au joueurs ayant minimum 30 pts.] »"""
    winners = [p for p in first if p in mecreants]
    if winners:
        for player in winners:
            ctx._lose(player, Holding.GRELOTTINE, Reason.MECREANT_FLANNED, t)
        return
    if first:  # « Je suis un misérable. » first
        for player in ctx.state.active():
            if ctx.rules.negative_scores or ctx.state.players[player].score >= GRELOTTINE_MINIMUM:
                ctx._gain(player, Holding.GRELOTTINE, Reason.MISERABLE_FLANNED, t)


FAMILY = Family(
    name="flan",
    seed="000 « Le Flan, le Double Flan, le Contre-Flan »",
    handles={
        CallKind.A_KADOC: on_a_kadoc,
        CallKind.TATAN_FLANS: on_tatan_flans,
        CallKind.LANCE_FLAN: on_lance_flan,
    },
    figures={Figure.FLAN: flan_landed},  # 6-5-2: « À Kadoc ! »
)
