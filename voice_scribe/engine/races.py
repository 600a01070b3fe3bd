"""Races: « le premier qui crie… », « le dernier à… », ties.

Shouts are decided on their onset ``t`` (seconds, one clock). Shouts closer
than the tie window to the earliest (or latest) are simultaneous.

>>> firsts([("Karadoc", 1.00), ("Perceval", 1.10), ("Léodagan", 1.50)], 0.15)
['Karadoc', 'Perceval']
>>> lasts([("Karadoc", 1.00), ("Perceval", 1.10), ("Léodagan", 1.50)], 0.15)
['Léodagan']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

Shout = tuple[str, float]


def _earliest_per_player(shouts: Iterable[Shout]) -> dict[str, float]:
    """A player's own repeats do not count: his first shout is his shout."""
    best: dict[str, float] = {}
    for player, t in shouts:
        if player not in best or t < best[player]:
            best[player] = t
    return best


def firsts(shouts: Iterable[Shout], tie_window_s: float) -> list[str]:
    """The player(s) who shouted first; several when within the tie window."""
    best = _earliest_per_player(shouts)
    if not best:
        return []
    t0 = min(best.values())
    return sorted((p for p, t in best.items() if t - t0 <= tie_window_s + 1e-9), key=lambda p: (best[p], p))


def lasts(shouts: Iterable[Shout], tie_window_s: float) -> list[str]:
    """The player(s) who shouted last; several when within the tie window."""
    best = _earliest_per_player(shouts)
    if not best:
        return []
    t1 = max(best.values())
    return sorted((p for p, t in best.items() if t1 - t <= tie_window_s + 1e-9), key=lambda p: (best[p], p))


def first_settled_at(
    shouts: list[Shout], t: float, tie_window_s: float, eligible: Iterable[str] | None
) -> float | None:
    """When a first-shout race became certain, at clock ``t``; None while a shout may still tie it.

    The calls come in onset order: past the first shout's tie window nobody can tie it any more;
    and once every eligible player has shouted, nobody else can (``eligible`` None: only the tie
    window decides, for a race where a player's second shout of another kind could still count).

    >>> first_settled_at([("Karadoc", 1.0)], 1.1, 0.15, ["Karadoc", "Perceval"]) is None
    True
    >>> first_settled_at([("Karadoc", 1.0)], 1.3, 0.15, ["Karadoc", "Perceval"])
    1.15
    >>> first_settled_at([("Karadoc", 1.0), ("Perceval", 1.05)], 1.05, 0.15, ["Karadoc", "Perceval"])
    1.05
    """
    if not shouts:
        return None
    closes = min(at for _, at in shouts) + tie_window_s
    if t > closes + 1e-9:
        return closes
    if eligible is not None and {p for p, _ in shouts} >= set(eligible):
        return t
    return None


def chain_settled(
    first: list[Shout], chained: Sequence[list[Shout]], t: float, tie_window_s: float, eligible: Iterable[str]
) -> tuple[float, list[str]] | None:
    """A first-shout race and its chained tie-breaks, each between the players still tied (« Pélican ! »,
    « Passe-Montagne ! », « Zbradaraldjan ! »): when its outcome became certain and who is still tied
    then (one player: the winner), or None while a stage may still change it.

    >>> chain_settled([("Karadoc", 1.0), ("Perceval", 1.05)], [[("Perceval", 1.5)]], 1.7, 0.15, ["Karadoc", "Perceval", "Bohort"])
    (1.65, ['Perceval'])
    >>> chain_settled([("Karadoc", 1.0), ("Perceval", 1.05)], [[]], 1.7, 0.15, ["Karadoc", "Perceval"]) is None
    True
    """
    at = first_settled_at(first, t, tie_window_s, eligible)
    if at is None:
        return None
    tied = firsts(first, tie_window_s)
    for stage in chained:
        if len(tied) == 1:
            break
        among = [s for s in stage if s[0] in tied]
        stage_at = first_settled_at(among, t, tie_window_s, tied)
        if stage_at is None:
            return None  # the tie-break may still be said
        at, tied = max(at, stage_at), firsts(among, tie_window_s)
    return at, tied


def roller_wins(mine: list[Shout], theirs: list[Shout], tie_window_s: float) -> bool:
    """The roller's shout against the others', the roller winning a tie (Artichette, Suite-Velutée,
    Unisson, Jarret-Souple): he has shouted, within the tie window of the others' first shout.

    >>> roller_wins([("Karadoc", 1.1)], [("Perceval", 1.0)], 0.15)
    True
    >>> roller_wins([("Karadoc", 1.2)], [("Perceval", 1.0)], 0.15)
    False
    >>> roller_wins([], [], 0.15)
    False
    """
    first_other = min((at for _, at in theirs), default=None)
    return bool(mine) and (first_other is None or mine[0][1] <= first_other + tie_window_s)


def roller_first_settled_at(mine: list[Shout], theirs: list[Shout], t: float, tie_window_s: float) -> float | None:
    """The roller's shout against the others', the roller winning a tie (Artichette, Suite-Velutée,
    Unisson, Jarret-Souple): certain once the roller has shouted within the tie window of the
    others' first shout, or once that window has passed.

    >>> roller_first_settled_at([("Karadoc", 1.0)], [], 1.0, 0.15)
    1.0
    >>> roller_first_settled_at([], [("Perceval", 1.0)], 1.1, 0.15) is None
    True
    >>> roller_first_settled_at([], [("Perceval", 1.0)], 1.2, 0.15)
    1.15
    """
    if roller_wins(mine, theirs, tie_window_s):
        return t
    first_other = min((at for _, at in theirs), default=None)
    if first_other is not None and t > first_other + tie_window_s + 1e-9:
        return first_other + tie_window_s
    return None
