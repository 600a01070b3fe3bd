"""Races: « le premier qui crie… », « le dernier à… », ties.

Shouts are decided on their onset ``t`` (seconds, one clock). Shouts closer
than the tie window to the earliest (or latest) are simultaneous.

>>> firsts([("Karadoc", 1.00), ("Perceval", 1.10), ("Léodagan", 1.50)], 0.15)
['Karadoc', 'Perceval']
>>> lasts([("Karadoc", 1.00), ("Perceval", 1.10), ("Léodagan", 1.50)], 0.15)
['Léodagan']
"""

from __future__ import annotations

from collections.abc import Iterable

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
