"""Relances: the throws ★★/★★★ rules ask for, and the figures they give a meaning.

Seed 000 « Les combinaisons » ★★/★★★: some triples are combinations of their
own when their rule is played (Suite-Velutée 1-2-3, Artichette 4-3-4,
Soufflette 4-2-1, Bleu-Rouge 3-4-3, Néant soufflé 1-4-6), and several rules
make someone throw again outside the turn's own throw:

- « le premier joueur à attraper les chouettes en criant “Velutée !” doit les
  relancer et la combinaison finale prend effet à son bénéfice » (Suite-Velutée);
- « Le soufflé a alors trois lancers pour réaliser lui aussi un 4, 2, 1 » (Soufflette);
- « doit relancer ses trois dés pour réaliser de nouveau un Cul De Chouette
  […] Il n'a qu'un seul lancer pour cela » (Cul de chouette doublé, doublé diminué);
- « Il doit ensuite relancer les dés après que tous les joueurs ont misé » (Bleu-Rouge);
- « Le Mi-Jarret permet d'avoir deux lancers lors de son tour de jeu » (Jarret).

This module holds the common machinery: a :class:`Relance` waits in
``Phase.RELANCE`` for its thrower's dice (``des``, or ``chouettes`` for the
Velutée); when a relance's final combination « prend effet », it is landed as
a throw of its beneficiary and opens its own reaction window. Each rule family
names the function that throws its relances in its ``FAMILY.relances``
(purpose → function), and the figure it takes over in ``FAMILY.figures``;
``engine/registry.py`` gathers them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from voice_scribe.engine.dice import Figure, Kind, Throw, classify
from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.state import Phase, Relance, ThrowContext

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.dice import Combination
    from voice_scribe.engine.context import RuleContext


def combination_value(combination: Combination) -> int:
    """« seuls les points s'appliquent »: what a combination is worth to its roller.

    A Suite scores nothing by itself; 1-2-3 is also a Velute of 3 (seed 000 « La Velute »).
    """
    if combination.figure is Figure.SUITE_VELUTEE:
        return 18
    return combination.points


# ── relances ──
def queue_relance(ctx: RuleContext, relance: Relance) -> None:
    """The relance starts when the current window closes (« Suivant ! », the timeout…)."""
    ctx.state.followups.append(relance)


def start_relance(ctx: RuleContext, relance: Relance, t: float) -> None:
    state = ctx.state
    state.relance = relance
    state.phase = Phase.RELANCE
    ctx._prompt(Reason.THROW_RELANCE, [relance.thrower], t, purpose=relance.purpose, dice=relance.dice)


def relance_throw(ctx: RuleContext, call: Call) -> None:
    from voice_scribe.engine.calls import CallKind
    relance = ctx.state.relance
    assert relance is not None
    if relance.dice == 3 and call.kind is CallKind.CHOUETTES:
        relance_chouettes(ctx, relance, call)  # « chouettes then cul », the usual way
        return
    wanted = CallKind.CHOUETTES if relance.dice == 2 else CallKind.DES
    if call.kind is not wanted:
        what = "les deux chouettes" if relance.dice == 2 else "les trois dés d'un coup (« des »)"
        raise Rejected("wrong_dice", f"on attend {what} de {relance.thrower}")
    if not relance_thrower(ctx, relance, call):
        return
    relance.chouettes = None
    assert call.dice is not None
    ctx._throw_relance(relance, call, tuple(call.dice))


def relance_thrower(ctx: RuleContext, relance: Relance, call: Call) -> bool:
    """« un joueur lançant les dés alors que ce n'est pas son tour » is a Bévue."""
    throwers = {relance.thrower}
    if relance.purpose == "velutee_pair" and relance.beneficiary:
        throwers.add(relance.beneficiary)
    if call.player not in throwers:
        ctx._bevue(call.player, Reason.OUT_OF_TURN, call.t, roller=relance.thrower)
        return False
    return True


def relance_chouettes(ctx: RuleContext, relance: Relance, call: Call) -> None:
    """A challenge throw (Soufflette, Mi-Jarret, Bleu-Rouge…) announced chouettes first: the cul
    completes it (docs/rules.md FT9)."""
    if not relance_thrower(ctx, relance, call):
        return
    relance.chouettes = tuple(call.dice or ())
    ctx._prompt(Reason.THROW_CUL, [call.player], call.t, purpose=relance.purpose)


def relance_die(ctx: RuleContext, call: Call, face: int) -> None:
    """One die in a relance: the cul after its chouettes, or a Velutée player's own chouette."""
    from voice_scribe.engine.calls import CallKind
    relance = ctx.state.relance
    assert relance is not None
    if relance.dice == 3 and relance.chouettes is not None:
        if call.player != relance.thrower:
            ctx._bevue(call.player, Reason.OUT_OF_TURN, call.t, roller=relance.thrower)
            return
        relance_throw(ctx, replace(call, kind=CallKind.DES, dice=(*relance.chouettes, face)))
        return
    if relance.purpose == "velutee_pair" and relance.beneficiary is not None:
        # seed 000 « La Suite-Velutée »: « ils relancent chacun leur chouette »
        if not relance_thrower(ctx, relance, call):
            return
        if call.player in relance.own_dice:
            raise Rejected("already_rolled", f"{call.player} a déjà relancé sa chouette")
        relance.own_dice[call.player] = face
        pair = (relance.thrower, relance.beneficiary)
        if all(p in relance.own_dice for p in pair):
            dice = tuple(relance.own_dice[p] for p in pair)
            relance.own_dice = {}
            relance_throw(ctx, replace(call, kind=CallKind.CHOUETTES, dice=dice))
        return
    what = "les deux chouettes" if relance.dice == 2 else "les trois dés (ou les chouettes puis le cul)"
    raise Rejected("wrong_dice", f"on attend {what} de {relance.thrower}")


def emit_relance_throw(ctx: RuleContext, thrower: str, throw: Throw, t: float, purpose: str) -> None:
    combination = throw.combination
    ctx.state.throws += 1
    ctx._emit(
        EventKind.THROW, thrower, combination.points, combination.kind.value, purpose, t,
        dice=list(throw.faces), face=combination.face,
        figure=combination.figure.value if combination.figure else None, relance=purpose,
    )


def land_relance(ctx: RuleContext, roller: str, throw: Throw, t: float, relance: Relance, **context: object) -> None:
    """The relance's final combination « prend effet » for ``roller``: a throw of his, with its window."""
    state = ctx.state
    state.relance = None
    current = ThrowContext(
        roller=roller,
        started_at=t,
        chouettes=throw.chouettes,
        relance=relance.purpose,
        multiplier=relance.multiplier,
        jarret=relance.jarret,
        civet=relance.civet,
        resumes_turn=relance.resumes_turn,
    )
    for key, value in context.items():
        setattr(current, key, value)
    state.current = current
    state.phase = Phase.CUL
    ctx._land(throw, t)


def finish_relance(ctx: RuleContext, relance: Relance, t: float) -> None:
    """A relance that ends without a window of its own: the game moves on."""
    state = ctx.state
    state.relance = None
    state.current = ThrowContext(roller=relance.thrower, started_at=t, resumes_turn=relance.resumes_turn)
    state.current.settled = True
    state.phase = Phase.REACTION
    ctx._end_throw(t)


def drop_relance_of_the_eliminated(ctx: RuleContext, t: float) -> None:
    """A thrower out of the game (−343, a failed doublé) throws nothing: the relance is dropped."""
    state = ctx.state
    relance = state.relance
    if state.phase is Phase.RELANCE and relance is not None and state.players[relance.thrower].eliminated:
        finish_relance(ctx, relance, t)


def three(dice: tuple[int, ...]) -> Throw:
    return Throw((dice[0], dice[1]), dice[2])


def is_cul_de_chouette(dice: tuple[int, ...]) -> bool:
    return classify(*dice).kind is Kind.CUL_DE_CHOUETTE

