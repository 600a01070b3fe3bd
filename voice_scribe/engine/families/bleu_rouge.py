"""Le Bleu-Rouge and le Pélican ★★★ (seed 000, seed 003; seed 004).

Le Bleu-Rouge: « Trois dés formant 3, 4 et 3. Le lanceur gagne les 9 pts de
la Chouette de 3. Il doit ensuite relancer les dés après que tous les joueurs
ont misé sur la valeur de la relance en criant “Je relance de 15 ! ” (ou
autre). Chaque joueur doit miser sur une valeur différente, la valeur de la
relance étant la somme des chiffres des trois dés. La relance est gratuite et
obligatoire pour tous les joueurs. Si un joueur remporte son pari, il gagne 36
pts + le double de la valeur de la relance réussie + les points de la
combinaison éventuellement réalisée. Si la mise a été réussie par un joueur,
l'éventuelle combinaison s'applique. Si au contraire aucun joueur n'a trouvé
la valeur de la relance, aucune combinaison ne s'applique. Si la relance
(réussie ou non) donne un Néant, c'est un Jarret. »

Le Pélican: « Lors d'un Bleu-Rouge, relance de 18 (Cul De Chouette de 6). Le
premier joueur à crier “ Pélican ! ” remporte 28 pts. En cas d'égalité, les
joueurs concernés doivent enchaîner avec “ Passe-Montagne ! ” puis
“ Zbradaraldjan ! ” si besoin. Si deux joueurs ou plus sont toujours à
égalité après “ Zbradaraldjan ! ”, le joueur ayant relancé de 18 gagne les
points. Si personne n'a relancé de 18, les joueurs concernés tirent aux dés
pour se départager (le plus petit score l'emporte). Si ce joueur avait
préalablement relancé de 18, il remporte 36 pts (relance réussie) + 36 pts
(relance de 18 x2) + 100 pts (valeur du Cul De Chouette de 6) + 28 pts (s'il
crie l'annonce avant les autres), ce qui peut représenter un total de 200 pts
d'un coup. »

« Le Civet »: « si elle se fait durant un Bleu-Rouge, la relance doit être
bonne pour que le Civet soit réussi ». « Le Jarret »: under a Bi-Jarret « tout
le Bleu-Rouge subit l'effet du Bi-Jarret […] 72 pts + le quadruple de la
valeur de la relance réussie + le double des points de la combinaison […] Un
Pélican vaudrait lui 56 pts, et en cas de relance de 18 réussie, un joueur
remporterait 400 pts ».

Decisions (docs/rules.md ★★★): the relance is announced as three dice
(``des``) by the roller; bets are taken until it falls; a player who has not
bet has no bet (no Bévue: the seed names none). A sum outside 3–18 or already
taken is a Bévue and the bet is void. The relance's combination applies « as
if » the winning bettor had thrown it (its points to him, its races run);
figures are not replayed on a relance, and it cannot be doubled or siroted
into another Bleu-Rouge.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.context import judge_shout, throw_in_play, wrong_call
from voice_scribe.engine.dice import Figure, Kind, chouette_points
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import flan
from voice_scribe.engine.family import Family
from voice_scribe.engine.races import chain_settled, firsts
from voice_scribe.engine.rejected import Rejected
import voice_scribe.engine.relances as relances
import voice_scribe.engine.rolloff as rolloff
from voice_scribe.engine.state import Holding, Phase, Relance

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext
    from voice_scribe.engine.state import ThrowContext

RELANCE_MIN, RELANCE_MAX = 3, 18
RELANCE_BASE = 36  # « 36 pts + le double de la valeur de la relance réussie »
PELICAN_POINTS = 28
PELICAN_SUM = 18


def relance_gain(total: int, multiplier: int = 1) -> int:
    """The right bettor's gain before the combination: 36 + 2 × the relance (×2 under a Bi-Jarret).

    >>> relance_gain(15)
    66
    >>> relance_gain(18, 2)
    144
    """
    return (RELANCE_BASE + 2 * total) * multiplier


def bleu_rouge_landed(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    m = current.multiplier
    # « Le lanceur gagne les 9 pts de la Chouette de 3 » (« le double » under a Bi-Jarret)
    ctx._add(current.roller, chouette_points(3) * m, Reason.CHOUETTE.value, "bleu_rouge", t, face=3)
    resumes = current.challenge is not None or current.resumes_turn
    relances.queue_relance(ctx, Relance("bleu_rouge", current.roller, t, multiplier=m, civet=current.civet,
                                jarret=current.jarret, resumes_turn=resumes))
    current.civet = None  # « la relance doit être bonne pour que le Civet soit réussi »
    ctx._close_reaction(t)
    if ctx.state.phase is Phase.RELANCE:
        ctx._prompt(Reason.BET_RELANCE, ctx.state.active(), t)
    return True


def on_relance_bet(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    relance = state.relance
    if state.phase is not Phase.RELANCE or relance is None or relance.purpose != "bleu_rouge":
        current = state.current
        if current is not None and current.combination is not None and state.phase is Phase.REACTION:
            wrong_call(ctx, call)
            return
        raise Rejected("no_bleu_rouge", "aucun Bleu-Rouge en jeu")
    if call.number is None:
        raise Rejected("incomplete", "relance de combien ?")
    if call.player in relance.bets:
        raise Rejected("already_bet", f"{call.player} a déjà annoncé sa relance ({relance.bets[call.player]})")
    if not RELANCE_MIN <= call.number <= RELANCE_MAX:
        ctx._bevue(call.player, Reason.WRONG_CALL, call.t, call=call.kind.value, number=call.number)
        return
    if call.number in relance.bets.values():
        # « Chaque joueur doit miser sur une valeur différente »
        ctx._bevue(call.player, Reason.REPEATED_RELANCE, call.t, number=call.number)
        return
    relance.bets[call.player] = call.number
    relance.bet_times[call.player] = call.t
    if set(relance.bets) >= set(state.active()):
        ctx._prompt(Reason.THROW_RELANCE, [relance.thrower], call.t, purpose="bleu_rouge")


def relance_bleu_rouge(ctx: RuleContext, relance: Relance, call: Call, dice: tuple[int, ...]) -> None:
    t = call.t
    throw = relances.three(dice)
    total = throw.total
    winner = next((p for p, bet in relance.bets.items() if bet == total), None)
    context = {"no_figures": True, "relance_bets": dict(relance.bets)}
    if winner is None:
        if relance.civet is not None:  # the relance was not « bonne »: the Civet is lost
            name, stake, named = relance.civet
            relance.civet = None
            ctx._add(name, -stake * relance.multiplier, Reason.CIVET_LOST.value, "civet", t,
                      stake=stake, combination=named)
        relances.land_relance(ctx, relance.thrower, throw, t, relance, applies=False, **context)
        return
    ctx._add(winner, relance_gain(total, relance.multiplier), Reason.BLEU_ROUGE_WON.value, "bleu_rouge", t,
              relance=total)
    relances.land_relance(ctx, winner, throw, t, relance, **context)

# ── the relance's window: Pélican, Jarret ──
def _is_relance(ctx: RuleContext, current: ThrowContext | None, kind: Kind, face: int | None = None) -> bool:
    return (
        current is not None
        and current.relance == "bleu_rouge"
        and current.combination is not None
        and current.combination.kind is kind
        and (face is None or current.combination.face == face)
    )


def on_pelican_shout(ctx: RuleContext, call: Call) -> None:
    current = throw_in_play(ctx, "aucun Pélican en jeu", needs_dice=False)
    chain = call.kind is not CallKind.PELICAN
    # ★★★★ flanned: « Si un ou plusieurs joueurs enchaînent avec “ Passe-Montagne ! ” et/ou
    # “ Zbradaraldjan ! ”, il y a Bévue. »
    fits = _is_relance(ctx, current, Kind.CUL_DE_CHOUETTE, 6) and not (chain and flan.flanned(ctx, current))
    judge_shout(ctx, call, current, fits)


def pelican_settled_at(ctx: RuleContext, current: ThrowContext, t: float) -> float | None:
    """Certain once the first « Pélican ! » is (its tie window passed, or everybody shouted), and,
    when tied, once each chained tie-break that settles it is certain too: « Passe-Montagne ! » among
    the tied, then « Zbradaraldjan ! », then the player who bet 18. A tie-break not said yet may
    still come, and a roll-off waits for the window to close: None then."""
    if not _is_relance(ctx, current, Kind.CUL_DE_CHOUETTE, 6):
        return None
    chain = [] if flan.flanned(ctx, current) else [
        current.shouters(CallKind.PASSE_MONTAGNE.value), current.shouters(CallKind.ZBRADARALDJAN.value)
    ]  # ★★★★ flanned: every first shouter pays, no tie-break
    settled = chain_settled(current.shouters(CallKind.PELICAN.value), chain, t, ctx.rules.tie_window_s,
                            ctx.state.active())
    if settled is None:
        return None
    at, tied = settled
    bettor = any(total == PELICAN_SUM for total in current.relance_bets.values())
    return at if len(tied) == 1 or not chain or bettor else None


def settle_pelican(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    if not _is_relance(ctx, current, Kind.CUL_DE_CHOUETTE, 6) or "pelican" in current.decided:
        return False
    window = ctx.rules.tie_window_s
    tied = firsts(current.shouters(CallKind.PELICAN.value), window)
    if not tied:
        return False
    if flan.flanned(ctx, current):  # ★★★★ « Le premier joueur à crier “ Pélican ! ” perd 28 pts »: tied, each
        for player in tied:
            ctx._add(player, PELICAN_POINTS * current.multiplier, Reason.PELICAN.value, "pelican", t)
        return False
    for kind in (CallKind.PASSE_MONTAGNE, CallKind.ZBRADARALDJAN):
        if len(tied) == 1:
            break
        chained = [s for s in current.shouters(kind.value) if s[0] in tied]
        if chained:
            tied = firsts(chained, window)
    if len(tied) > 1:
        # « le joueur ayant relancé de 18 gagne les points »: whoever he is, tied shouter or not
        bettor = next((p for p, total in current.relance_bets.items() if total == PELICAN_SUM), None)
        if bettor is None:
            rolloff.start_roll_off(ctx, "pelican", tied, lowest_wins=True, t=t)
            return True
        tied = [bettor]
    roll_off_pelican(ctx, tied[0], t, end=False)
    return False


def roll_off_pelican(ctx: RuleContext, chosen: str, t: float, end: bool = True) -> None:
    current = ctx.state.current
    multiplier = current.multiplier if current is not None else 1
    ctx._add(chosen, PELICAN_POINTS * multiplier, Reason.PELICAN.value, "pelican", t)
    if end:
        ctx._end_throw(t)


def on_lance_buches(ctx: RuleContext, call: Call) -> None:
    current = throw_in_play(ctx, "aucun Jarret en jeu", needs_dice=False)
    judge_shout(ctx, call, current, _is_jarret_relance(ctx, current))


def _is_jarret_relance(ctx: RuleContext, current: ThrowContext | None) -> bool:
    """A Néant on the relance; ★★★★ « En cas de Bleu-Rouge flanné, les joueurs peuvent crier
    “ Lance-Bûches ! ” si la combinaison formée est tout sauf un Néant. »"""
    if flan.flanned(ctx, current):
        return current is not None and current.relance == "bleu_rouge" and not _is_relance(ctx, current, Kind.NEANT)
    return _is_relance(ctx, current, Kind.NEANT)


def settle_lance_buches(ctx: RuleContext, current: ThrowContext, t: float) -> None:
    """« Le premier joueur (ou premiers, en cas d'égalité) à crier “ Lance-Bûches ! ” … obtient un Jarret »."""
    if not _is_jarret_relance(ctx, current) or not ctx.rules.is_enabled("jarret"):
        return
    if "lance_buches" in current.decided:
        return
    for player in firsts(current.shouters(CallKind.LANCE_BUCHES.value), ctx.rules.tie_window_s):
        ctx._gain(player, Holding.JARRET, Reason.LANCE_BUCHES, t)


FAMILY = Family(
    name="bleu_rouge",
    seed="000, 003 « Le Bleu-Rouge », « Le Pélican »; 004",
    handles={
        CallKind.RELANCE: on_relance_bet,
        CallKind.PELICAN: on_pelican_shout,
        CallKind.PASSE_MONTAGNE: on_pelican_shout,
        CallKind.ZBRADARALDJAN: on_pelican_shout,
        CallKind.LANCE_BUCHES: on_lance_buches,
    },
    figures={Figure.BLEU_ROUGE: bleu_rouge_landed},
    relances={"bleu_rouge": relance_bleu_rouge},
    roll_offs={"pelican": roll_off_pelican},
)
