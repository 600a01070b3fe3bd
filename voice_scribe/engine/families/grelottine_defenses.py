"""La Poulette, le Passe-Grelot, le Rigodon ★★ (seed 000).

La Poulette: « Lorsqu'un joueur échoue un défi Grelottine et réalise un Néant
à la place de la combinaison demandée, le grelottin et lui peuvent crier
“ Elle est où la Poulette ? ”. Si un des deux joueurs crie l'annonce avant le
lancer suivant ou avant qu'un autre défi ne soit lancé, il gagne 10 pts. Si
les deux joueurs crient l'annonce en même temps, ils perdent tous les deux 10
pts. »

Le Passe-Grelot: « Si un joueur a remporté un défi Grelottine, il est immunisé
contre un prochain défi qu'il peut faire passer à un autre joueur. Pour cela,
il doit crier “ Passe-Grelot !” en désignant sa cible du doigt après l'annonce
du grelottin. Le Passe-Grelot ne peut être utilisé que vers un joueur ayant 3
pts minimum [30 points si on ne joue pas avec les scores négatifs.], et ne
peut plus être utilisé à partir du moment où le grelottin a annoncé la mise du
défi. Si la mise et l'annonce du Passe-Grelot sont annoncées en même temps, le
grelottin est prioritaire et le défié garde son Passe-Grelot. La règle est la
même pour le Rigodon. Le nouveau défié doit obligatoirement accepter le défi,
même s'il a lui aussi un Passe-Grelot, qu'il peut conserver pour plus tard. Le
Passe-Grelot est non cumulable et ne peut logiquement être utilisé que lorsque
la partie se joue à trois minimum. »

Le Rigodon: « Si un joueur a remporté un défi Grelottine, il est immunisé
contre un prochain défi qu'il peut annuler. Pour cela, il doit crier
“ Rigodon ! ” en levant le doigt lorsqu'il est défié pour annuler un défi
Grelottine, et supprimer la Grelottine de son adversaire ainsi que la sienne.
Le Rigodon ne peut être lui aussi utilisé qu'avant l'annonce de la mise du
défi. Si les deux annonces se font en même temps, le grelottin est ici aussi
prioritaire, et le défié garde son Rigodon. »

Decision (docs/rules.md ★★): winning a challenge gives ONE immunity, held as
``Holding.PASSE_GRELOT`` and ``Holding.RIGODON`` (each when its rule is
played); spending it either way spends both. « Remporté un défi »: the
winner of the stake — the challenged when he makes the combination, the
grelottin when he fails.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import wrong_call
from voice_scribe.engine.dice import Kind
from voice_scribe.engine.events import Reason
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import GRELOTTINE_MINIMUM, Holding, Phase

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import Challenge

POULETTE_POINTS = 10
PASSE_GRELOT_MINIMUM = 3  # [30 without negative scores]
IMMUNITIES = ((Holding.PASSE_GRELOT, "passe_grelot"), (Holding.RIGODON, "rigodon"))


# ── after a challenge ──
def after_challenge_settled(ctx: RuleContext, challenge: Challenge, winner: str, t: float) -> None:
    for holding, rule in IMMUNITIES:
        if ctx.rules.is_enabled(rule):
            ctx._gain(winner, holding, Reason.IMMUNITY, t)
    current = ctx.state.current
    failed_on_neant = (
        not challenge.succeeded
        and current is not None
        and current.combination is not None
        and current.combination.kind is Kind.NEANT
    )
    if failed_on_neant and ctx.rules.is_enabled("poulette"):
        ctx.state.poulette = (challenge.grelottin, challenge.challenged, t)
        ctx.state.poulette_shouts = []
        ctx.state.poulette_decided = False

# ── la Poulette ──
def on_poulette(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    if state.poulette is None or call.player not in state.poulette[:2]:
        wrong_call(ctx, call)
        return
    if any(p == call.player for p, _ in state.poulette_shouts):
        return  # his own repeat: nothing more
    if state.poulette_decided:
        ctx._too_late(call, "poulette")  # the other one has already won it
        return
    state.poulette_shouts.append((call.player, call.t))
    if len(state.poulette_shouts) == 2:
        _judge_poulette(ctx, call.t)


def tick_poulette(ctx: RuleContext, t: float) -> None:
    shouts = ctx.state.poulette_shouts
    if shouts and not ctx.state.poulette_decided and t > min(s for _, s in shouts) + ctx.rules.tie_window_s:
        _judge_poulette(ctx, t)


def _judge_poulette(ctx: RuleContext, t: float) -> None:
    state = ctx.state
    state.poulette_decided = True
    ctx._pay_first_shout(state.poulette_shouts, POULETTE_POINTS, "poulette", Reason.POULETTE,
                          Reason.POULETTE_TIE, Reason.POULETTE_TEAM, t)


def close_poulette(ctx: RuleContext, t: float) -> None:
    """« avant le lancer suivant ou avant qu'un autre défi ne soit lancé »: judged, then gone."""
    state = ctx.state
    if state.poulette is None:
        return
    if state.poulette_shouts and not state.poulette_decided:
        _judge_poulette(ctx, t)
    state.poulette, state.poulette_shouts, state.poulette_decided = None, [], False

# ── Passe-Grelot, Rigodon ──
def _spend_immunity(ctx: RuleContext, name: str, t: float) -> list[Holding]:
    spent = [h for h, _ in IMMUNITIES if ctx.state.players[name].holds(h)]
    for holding in spent:
        ctx._lose(name, holding, Reason.SPENT, t)
    return spent


def defense_allowed(ctx: RuleContext, call: Call, holding: Holding) -> bool:
    """Said by the challenged, holding the immunity, before the stake; a stake said
    within the tie window before it has priority (« le grelottin est prioritaire »)."""
    state = ctx.state
    challenge = state.challenge
    if (
        challenge is not None
        and state.phase is Phase.GRELOTTINE_THROW
        and challenge.staked_at is not None
        and call.t - challenge.staked_at <= ctx.rules.tie_window_s
        and call.player == challenge.challenged
    ):
        raise Rejected("stake_first", "la mise et l'annonce en même temps : le grelottin est prioritaire")
    return (
        challenge is not None
        and state.phase is Phase.GRELOTTINE_STAKE
        and call.player == challenge.challenged
        and state.passe_grelot is None  # « Le nouveau défié doit obligatoirement accepter le défi »
        and state.players[call.player].holds(holding)
    )


def on_passe_grelot(ctx: RuleContext, call: Call) -> None:
    if call.target is None:
        raise Rejected("no_target", "Passe-Grelot à qui ?")
    state = ctx.state
    ok = defense_allowed(ctx, call, Holding.PASSE_GRELOT)
    challenge = state.challenge
    if ok and challenge is not None:
        target = state.players[call.target]
        floor = PASSE_GRELOT_MINIMUM if ctx.rules.negative_scores else GRELOTTINE_MINIMUM
        ok = (
            call.target not in (call.player, challenge.grelottin)
            and not target.eliminated
            and target.score >= floor
            and len(state.active()) >= 3
        )
    if not ok or challenge is None:
        ctx._bevue(call.player, Reason.NOT_ALLOWED, call.t, call=call.kind.value, target=call.target)
        return
    spent = _spend_immunity(ctx, call.player, call.t)
    state.passe_grelot = (call.player, call.target, call.t, ",".join(h.value for h in spent))
    challenge.challenged = call.target
    challenge.scores_at_launch = {
        challenge.grelottin: state.players[challenge.grelottin].score,
        call.target: state.players[call.target].score,
    }
    ctx._prompt(Reason.PASSED, [challenge.grelottin], call.t, challenged=call.target, by=call.player)


def on_rigodon(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    challenge = state.challenge
    if not defense_allowed(ctx, call, Holding.RIGODON) or challenge is None:
        ctx._bevue(call.player, Reason.NOT_ALLOWED, call.t, call=call.kind.value)
        return
    spent = _spend_immunity(ctx, call.player, call.t)
    # « supprimer la Grelottine de son adversaire ainsi que la sienne »
    ctx._lose(challenge.grelottin, Holding.GRELOTTINE, Reason.RIGODON_CANCELLED, call.t)
    ctx._lose(challenge.challenged, Holding.GRELOTTINE, Reason.RIGODON_CANCELLED, call.t)
    state.rigodon = (challenge, call.t, tuple(h.value for h in spent))
    state.passe_grelot = None
    state.challenge = None
    state.grelottine_calls.clear()
    state.phase = Phase.CHOUETTES
    ctx._prompt(Reason.RIGODON_CANCELLED, [challenge.grelottin, challenge.challenged], call.t)
    ctx._prompt(Reason.THROW_CHOUETTES, [state.roller], call.t)


def stake_has_priority(ctx: RuleContext, call: Call) -> None:
    """A stake said at the same time as a Passe-Grelot or a Rigodon: the grelottin wins."""
    state = ctx.state
    window = ctx.rules.tie_window_s
    if state.rigodon is not None:
        challenge, at, spent_values = state.rigodon
        state.rigodon = None
        if call.kind is CallKind.GRELOTTINE_MISE and call.player == challenge.grelottin and call.t - at <= window:
            for value in spent_values:
                ctx._gain(challenge.challenged, Holding(value), Reason.GRELOTTINE_WON, call.t)
            ctx._gain(challenge.grelottin, Holding.GRELOTTINE, Reason.GRELOTTINE, call.t)
            ctx._gain(challenge.challenged, Holding.GRELOTTINE, Reason.GRELOTTINE, call.t)
            state.challenge = challenge
            state.phase = Phase.GRELOTTINE_STAKE
        return
    challenge = state.challenge
    if state.passe_grelot is None or challenge is None:
        return
    giver, _receiver, at, spent = state.passe_grelot
    state.passe_grelot = None
    if call.player == challenge.grelottin and call.t - at <= window:
        challenge.challenged = giver
        challenge.scores_at_launch = {
            challenge.grelottin: state.players[challenge.grelottin].score,
            giver: state.players[giver].score,
        }
        for value in filter(None, spent.split(",")):
            ctx._gain(giver, Holding(value), Reason.GRELOTTINE_WON, call.t)


FAMILY = Family(
    name="grelottine_defenses",
    seed="000 « La Poulette, le Passe-Grelot, le Rigodon »",
    handles={
        CallKind.POULETTE: on_poulette,
        CallKind.PASSE_GRELOT: on_passe_grelot,
        CallKind.RIGODON: on_rigodon,
    },
)
