"""La Doublette: playing in teams (seed 000 « Conseils pratiques » 5/).

« Il est possible de jouer au Cul de chouette par équipes de deux ou plus si le
nombre de joueurs est conséquent. Dans ce cas, les points remportés par des
combinaisons ou des défis sont communs aux joueurs de la même équipe, mais les
défis doivent être entièrement relevés par le joueur défié. Lors d'un
Bleu-Rouge, tous les joueurs d'une même équipe peuvent relancer d'une valeur
chacun, et lors d'un Flan, seul un joueur à la fois peut être flanné.

S'il y a une déclaration simultanée, de 2 joueurs de la même équipe, qui
normalement enlève des points (ex: "pas mou le cailloux","j'apprécie les fruits
au sirop"...) alors l'équipe ne perd pas les points au contraire leur
déclaration compte double. Une chouette velutte de 6 déclarée en même temps
ramène donc 72*2 pts, il faut bien sûr l'avoir déclaré avant les joueurs des
équipes adverses. »

How the engine stores a team's score (docs/rules.md « Doublette »): every
member's score *mirrors* the team's. A change of one member's score (through
``Scoring._credit``) is applied to each team-mate too, with its own SCORE
event (same reason, ``team_of`` = the member who made it): the team's score is
any member's score, and everything that reads one player's score (stakes, caps,
the 343 target, −343) reads the team's. ``Rules.teams`` lists the teams; a
player in no team plays alone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.family import Family

if TYPE_CHECKING:
    from voice_scribe.engine.context import RuleContext


def check_teams(teams: Sequence[Sequence[str]], players: Sequence[str]) -> None:
    """Every team member is a player, in one team only; raises ``ValueError`` (French)."""
    seen: set[str] = set()
    for team in teams:
        if not team:
            raise ValueError("une équipe vide dans « teams »")
        for name in team:
            if name not in players:
                raise ValueError(f"« teams » nomme {name}, qui ne joue pas")
            if name in seen:
                raise ValueError(f"{name} est dans deux équipes")
            seen.add(name)


def _team_of(ctx: RuleContext, name: str) -> tuple[str, ...]:
    for team in ctx.rules.teams:
        if name in team:
            return tuple(team)
    return (name,)


def _team_mates(ctx: RuleContext, name: str) -> list[str]:
    players = ctx.state.players
    return [m for m in _team_of(ctx, name) if m != name and m in players]


def share_with_team(ctx: RuleContext, name: str, delta: int, reason: str, rule: str, t: float, **data: Any) -> None:
    """« les points remportés par des combinaisons ou des défis sont communs »: the mates mirror."""
    for mate in _team_mates(ctx, name):
        player = ctx.state.players[mate]
        player.score += delta
        ctx._emit(EventKind.SCORE, mate, delta, reason, rule, t, score=player.score, team_of=name, **data)
        ctx._after_score_change(mate, t)


def zero_gain_receivers(ctx: RuleContext, name: str) -> list[str]:
    """[Without negatives] a player at zero « fait gagner le même nombre de points à tous les
    autres joueurs »: with teams, each other team gains it once (its members mirror it)."""
    receivers: list[str] = []
    teams_paid: set[tuple[str, ...]] = {_team_of(ctx, name)}
    for other in ctx.state.active():
        team = _team_of(ctx, other)
        if team not in teams_paid:
            teams_paid.add(team)
            receivers.append(other)
    return receivers


def team_double(ctx: RuleContext, winners: Sequence[str], points: int, reason: Reason, rule: str, t: float,
                 **data: Any) -> bool:
    """Tied first shouters who are all of one team (two or more): « l'équipe ne perd pas les
    points au contraire leur déclaration compte double » — the team gains 2 × the points.

    True when it applied (the caller then skips the tie's loss)."""
    if not ctx.rules.teams or len(winners) < 2:
        return False
    team = _team_of(ctx, winners[0])
    if len(team) < 2 or not all(w in team for w in winners):
        return False  # an adversary in the tie: « avant les joueurs des équipes adverses »
    ctx._add(winners[0], 2 * points, reason.value, rule, t, with_mates=list(winners[1:]), **data)
    return True


FAMILY = Family(
    name="doublette",
    seed="000 « Conseils pratiques » 5/ « La Doublette »",
)
