"""La Grelottine ★ (seed 000).

« Pour défier un autre joueur possédant une Grelottine, le grelottin doit
désigner sa cible du doigt en criant “Grelottine !”. Si deux joueurs crient
l'annonce en même temps, c'est celui qui a le plus petit score des deux qui
devient grelottin. En cas d'égalité, les joueurs se départagent par le lancer
d'un dé (le plus petit score l'emporte). »

« Il n'est pas possible de lancer un défi Grelottine si son propre score est
inférieur ou égal à 0. Il n'est de plus pas possible de cibler un joueur dont
le score est inférieur ou égal à 0. Si ces règles ne sont pas respectées mais
que le joueur annonce quand même, il y a Bévue, le défi n'est pas lancé et le
joueur conserve sa Grelottine. [Si on ne joue pas avec les scores négatifs, le
score minimal pour qu'il y ait défi est de 30 points.] »

Stakes: « Chouette : 33% du Minimum du score des deux joueurs », Velute 25 %,
Cul De Chouette 12 %, Chouette-Velute 6 %, Sirop-Grelot 3 %, « on arrondit à
l'unité supérieure ». The worked example (220 vs 124 on a Chouette → 42) holds
only if « 33 % » means one third: 124 / 3 = 41.3 → 42 (docs/rules.md).

« Le joueur défié a alors deux lancers pour réaliser la combinaison demandée
[…] Les deux lancers sont obligatoires, sauf en cas de réussite au premier
lancer […] Si le joueur défié remporte le défi, il gagne les points mis en jeu
et le grelottin les perd. S'il échoue, c'est l'inverse qui se produit.
Cependant, sauf cas particulier, le joueur défié gagne les points de la
combinaison qu'il a réalisée, et la combinaison prend effet. »
"""

from __future__ import annotations

from dataclasses import replace

from fractions import Fraction
from math import ceil
from typing import TYPE_CHECKING

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.dice import Combination, Kind
from voice_scribe.engine.events import Reason
from voice_scribe.engine.families import aquitaine, civet_filoche, grelottine_defenses
from voice_scribe.engine.family import Family
from voice_scribe.engine.rejected import Rejected
import voice_scribe.engine.rolloff as rolloff
from voice_scribe.engine.state import GRELOTTINE_MINIMUM, Challenge, Holding, Phase, ThrowContext

if TYPE_CHECKING:
    from voice_scribe.engine.calls import Call
    from voice_scribe.engine.context import RuleContext

#: Seed 000: the share of the lower score a challenge may stake, by combination.
STAKE_SHARES_000: dict[str, Fraction] = {
    "chouette": Fraction(1, 3),  # « 33 % », read as one third (the 220/124 → 42 example)
    "velute": Fraction(25, 100),
    "cul_de_chouette": Fraction(12, 100),
    "chouette_velute": Fraction(6, 100),
    "sirop_grelot": Fraction(3, 100),
}
#: Seed 002: « au maximum 30% des points du plus petit score des deux joueurs ».
STAKE_SHARE_002 = Fraction(30, 100)


def stake_cap(combination: str, score_a: int, score_b: int, caps: str = "000") -> int:
    """The most a grelottin may stake, rounded up.

    >>> stake_cap("chouette", 220, 124)
    42
    >>> stake_cap("velute", 220, 124)
    31
    """
    low = min(score_a, score_b)
    share = STAKE_SHARE_002 if caps == "002" else STAKE_SHARES_000[combination]
    return ceil(low * share)


def challenge_met(named: str, combination: Combination) -> bool:
    """« La combinaison peut-être réalisée avec n'importe(s) quelle(s) valeur(s). »

    The Sirop-Grelot is met only by a sirotage (see ``families/sirop.py``).
    """
    if named == "sirop_grelot":
        return False
    if named == Kind.SUITE.value:
        return combination.kind is Kind.SUITE
    return combination.kind.value == named


def _allowed_combinations(ctx: RuleContext) -> set[str]:
    allowed = set(STAKE_SHARES_000)
    if ctx.rules.grelottine_suite:
        allowed.add(Kind.SUITE.value)
    return allowed


def _can_challenge(ctx: RuleContext, grelottin: str, target: str) -> bool:
    return why_no_challenge(ctx, grelottin, target) is None


def why_no_challenge(ctx: RuleContext, grelottin: str, target: str) -> str | None:
    """Why ``grelottin`` may not challenge ``target`` now, in French for the table (None: he may)."""
    players = ctx.state.players
    floor = GRELOTTINE_MINIMUM if not ctx.rules.negative_scores else 1
    if grelottin == target:
        return "on ne se défie pas soi-même"
    for name in (grelottin, target):
        if not players[name].holds(Holding.GRELOTTINE):
            return f"{name} n'a pas de Grelottine"
    if players[target].eliminated:
        return f"{target} est sorti du jeu"
    for name in (grelottin, target):
        if not ctx.rules.aquitaine and players[name].score < floor:  # Aquitaine: no minimum
            return f"il faut au moins {floor} point{'s' if floor > 1 else ''}, {name} en a {players[name].score}"
    return None


def on_grelottine(ctx: RuleContext, call: Call) -> None:
    if call.target is None:
        raise Rejected("no_target", "Grelottine sur qui ?")
    state = ctx.state
    if state.phase is Phase.REACTION:
        ctx._close_reaction(call.t)  # « entre le tour de n'importe quels joueurs »
        if state.phase is Phase.OVER:
            return
    grelottine_defenses.close_poulette(ctx, call.t)  # ★★ « avant qu'un autre défi ne soit lancé »
    simultaneous = (
        state.phase is Phase.GRELOTTINE_STAKE
        and state.challenge is not None
        and call.t - state.challenge.launched_at <= ctx.rules.tie_window_s
        and call.player != state.challenge.grelottin
    )
    if not simultaneous and state.phase is not Phase.CHOUETTES:
        raise Rejected("wrong_phase", "une Grelottine se lance entre deux tours")
    why = why_no_challenge(ctx, call.player, call.target)
    if why is not None:
        ctx._bevue(call.player, Reason.GRELOTTINE_NOT_ALLOWED, call.t, target=call.target, why=why)
        return
    state.grelottine_calls[call.player] = (call.target, call.t)
    if not simultaneous:
        launch_challenge(ctx, call.player, call.t)
        return
    assert state.challenge is not None
    first = state.challenge.grelottin
    mine, theirs = state.players[call.player].score, state.players[first].score
    if mine == theirs:
        state.challenge = None
        state.phase = Phase.CHOUETTES
        rolloff.start_roll_off(ctx, "grelottine", [first, call.player], lowest_wins=True, t=call.t)
    elif mine < theirs:
        launch_challenge(ctx, call.player, call.t)


def launch_challenge(ctx: RuleContext, grelottin: str, t: float) -> None:
    state = ctx.state
    target, launched_at = state.grelottine_calls[grelottin]
    state.challenge = Challenge(
        grelottin=grelottin,
        challenged=target,
        launched_at=launched_at,
        scores_at_launch={grelottin: state.players[grelottin].score, target: state.players[target].score},
    )
    state.phase = Phase.GRELOTTINE_STAKE
    ctx._prompt(Reason.GRELOTTINE_STAKE, [grelottin], t, challenged=target)


def on_grelottine_mise(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    grelottine_defenses.stake_has_priority(ctx, call)  # ★★ a Passe-Grelot or Rigodon said with the stake gives way
    challenge = state.challenge
    if state.phase is not Phase.GRELOTTINE_STAKE or challenge is None or call.player != challenge.grelottin:
        raise Rejected("wrong_phase", f"aucun défi Grelottine n'attend de mise de {call.player}")
    call = _whole_stake(ctx, challenge, call)
    if call is None:
        return  # half of it: the other half is awaited
    named = call.combination
    assert named is not None
    if named not in _allowed_combinations(ctx):
        ctx._bevue(call.player, Reason.WRONG_CALL, call.t, combination=named)
        return
    # « En cas de Bévue entre l'annonce du défi et l'annonce de la mise, le score
    # précédant la Bévue est celui pris en compte »: the scores at launch.
    scores = list(challenge.scores_at_launch.values())
    cap = stake_cap(named, scores[0], scores[1], ctx.rules.grelottine_caps)
    stake = cap if call.max_stake else call.number
    if ctx.rules.aquitaine:
        if named == "sirop_grelot":  # « Il est interdit de demander un Sirop-Grelot »
            ctx._bevue(call.player, Reason.NOT_ALLOWED, call.t, combination=named)
            return
        cap = stake = aquitaine.aquitaine_stake(ctx, challenge.grelottin)  # sips, not points
    assert stake is not None
    if not 1 <= stake <= cap:
        ctx._bevue(call.player, Reason.STAKE_TOO_HIGH, call.t, stake=stake, cap=cap)
        return  # « le joueur doit effectuer une nouvelle mise »
    challenge.combination = named
    challenge.stake = stake
    challenge.max_stake = call.max_stake
    challenge.staked_at = call.t
    ctx._lose(challenge.grelottin, Holding.GRELOTTINE, Reason.SPENT, call.t)
    ctx._lose(challenge.challenged, Holding.GRELOTTINE, Reason.SPENT, call.t)
    state.grelottine_calls.clear()
    state.phase = Phase.GRELOTTINE_THROW
    ctx._prompt(Reason.GRELOTTINE_THROW, [challenge.challenged], call.t, combination=named, stake=stake)


def _whole_stake(ctx: RuleContext, challenge: Challenge, call: Call) -> Call | None:
    """The combination and the stake, said in one call or in two, in either order.

    « Sur une chouette. » … « Max ! »: the first half waits (None) until the other completes it;
    a half said again replaces the first (docs/rules.md FT8).
    """
    has_stake = call.number is not None or call.max_stake
    if call.combination is not None and has_stake:
        challenge.half_said = None
        return call
    if call.combination is None and not has_stake:
        raise Rejected("incomplete", "quelle combinaison, et quelle mise ?")
    half = challenge.half_said
    if call.combination is not None and call.combination not in _allowed_combinations(ctx):
        ctx._bevue(call.player, Reason.WRONG_CALL, call.t, combination=call.combination)
        return None
    if half is not None and (half[0] is None) != (call.combination is None):
        combination = call.combination or half[0]
        number, max_stake = (call.number, call.max_stake) if has_stake else (half[1], half[2])
        challenge.half_said = None
        return replace(call, combination=combination, number=number, max_stake=max_stake)
    challenge.half_said = (call.combination, call.number, call.max_stake)
    return None


def begin_challenge_throw(ctx: RuleContext, call: Call) -> None:
    state = ctx.state
    challenge = state.challenge
    assert challenge is not None
    if not ctx._expect_roller(call, challenge.challenged):
        return
    if challenge.throws == 0:
        civet_filoche.arm_filoche(ctx, challenge.challenged)  # ★★★★ « ou avant de commencer un défi »
    state.phase = Phase.CUL
    state.current = ThrowContext(
        roller=challenge.challenged, started_at=call.t, civet=challenge.civet, challenge=challenge
    )


def challenge_throw_landed(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    """True when this throw ends the challenge (its combination then applies)."""
    challenge = current.challenge
    assert challenge is not None and challenge.combination is not None and current.combination is not None
    challenge.throws += 1
    if challenge.combination == "sirop_grelot" and current.combination.kind is Kind.CHOUETTE:
        return True  # the window opens: he sirotes (see families/sirop.py and Game._close_reaction)
    met = challenge_met(challenge.combination, current.combination)
    if met or challenge.throws >= 2:
        settle_challenge(ctx, challenge, met, t)
        return True
    next_challenge_throw(ctx, t)
    return False


def next_challenge_throw(ctx: RuleContext, t: float) -> None:
    state = ctx.state
    assert state.challenge is not None
    state.phase = Phase.GRELOTTINE_THROW
    state.current = None
    ctx._prompt(Reason.GRELOTTINE_THROW, [state.challenge.challenged], t, throw=2,
                combination=state.challenge.combination)


def settle_challenge(ctx: RuleContext, challenge: Challenge, met: bool, t: float) -> None:
    challenge.decided = True
    challenge.succeeded = met
    stake = challenge.stake or 0
    winner, loser = (
        (challenge.challenged, challenge.grelottin) if met else (challenge.grelottin, challenge.challenged)
    )
    if ctx.rules.aquitaine:  # « on ne pari pas de points, mais plutôt autant de gorgées »
        aquitaine.aquitaine_challenge(ctx, winner, loser, stake, challenge.combination, t)
    else:
        ctx._add(winner, stake, Reason.GRELOTTINE_WON.value, "grelottine", t, combination=challenge.combination)
        ctx._add(loser, -stake, Reason.GRELOTTINE_LOST.value, "grelottine", t, combination=challenge.combination)
    grelottine_defenses.after_challenge_settled(ctx, challenge, winner, t)  # ★★ Poulette, Passe-Grelot, Rigodon


def unfinished_sirop_grelot(ctx: RuleContext, current: ThrowContext, t: float) -> bool:
    """A Sirop-Grelot Chouette left unsiroted: the attempt is lost.

    True when the challenge goes on with its second throw.
    """
    challenge = current.challenge
    if challenge is None or challenge.decided:
        return False
    current.chouette_due = challenge.throws >= 2 and current.chouette_due
    if challenge.throws < 2:
        next_challenge_throw(ctx, t)
        return True
    settle_challenge(ctx, challenge, False, t)
    return False


def resume_after_challenge(ctx: RuleContext, t: float) -> None:
    """« Le jeu reprend ensuite normalement. »"""
    state = ctx.state
    state.challenge = None
    if state.players[state.roller].eliminated:
        ctx._next_turn(t)  # the interrupted roller went out of the game during the challenge
    else:
        ctx._start_turn(t)


FAMILY = Family(
    name="grelottine",
    seed="000 « La Grelottine »",
    handles={
        CallKind.GRELOTTINE: on_grelottine,
        CallKind.GRELOTTINE_MISE: on_grelottine_mise,
    },
    roll_offs={"grelottine": launch_challenge},  # simultaneous « Grelottine ! » of equal scores
)
