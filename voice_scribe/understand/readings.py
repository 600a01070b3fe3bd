"""Readings: the best alignment per meaning, and what each one says (a call's or a command's arguments)."""

from __future__ import annotations

from collections.abc import Callable

from voice_scribe.understand.alignment import Alignment
from voice_scribe.understand.commentary import INF

class Readings(list):
    """Readings cheapest first, as ``best_per_meaning`` gives them; ``every``, when some alignments' paths
    were not traced back (they could not change the decision), gives the readings with them all."""

    every: Callable[[], list[Alignment]] | None = None


def tied(ranked: list[Alignment]) -> bool:
    """Two readings cost exactly the same (their order is then the order they were found in)."""
    return any(a.cost == b.cost for a, b in zip(ranked, ranked[1:]))


def best_per_meaning(alignments) -> list[Alignment]:
    """The cheapest alignment per meaning (kind + arguments + whether a slot failed), cheapest first."""
    best: dict[tuple, Alignment] = {}
    for al in alignments:
        meaning = (al.template.target, tuple(sorted(reading_fields(al).items())), al.failure is not None)
        if meaning not in best or al.cost < best[meaning].cost:
            best[meaning] = al
    return sorted(best.values(), key=lambda a: a.cost)


def clean_cost(ranked: list[Alignment]) -> float:
    """The cost of the best reading without a slot failure (INF when there is none)."""
    return next((a.cost for a in ranked if a.failure is None), INF)


def names_its_target(pointed: list[Alignment], plain: list[Alignment], accept: float) -> bool:
    """Whether the best reading with the addressed player's name is the plain reading's call given that player
    as its target (« Léodagan, artichette ! » said by another: Léodagan's Artichette), within ``accept``."""
    best = next((a for a in pointed if a.failure is None), None)
    said = next((a for a in plain if a.failure is None), None)
    return (
        best is not None and said is not None and best.cost <= accept
        and best.template.target == said.template.target
        and any(name == "player" for name, _ in best.values)
        and not any(name == "player" for name, _ in said.values)
    )


def reading_fields(al: Alignment) -> dict[str, object]:
    """The call/command arguments an alignment carries (list values, then slot values)."""
    fields: dict[str, object] = {}
    dice: list[int] = []
    # ``=> pointing``: the name said is whom the call turns to (« à toi Perceval » for « suivant »), no argument
    pointing = ("pointing", "true") in al.template.values
    for name, value in list(al.template.values) + list(al.values):
        if pointing and name == "player":
            continue
        if name == "bird":
            fields["number"] = int(value)  # type: ignore[arg-type]
        elif name in ("combination", "item", "rule"):
            fields[name] = value
        elif name == "max_stake":
            fields["max_stake"] = True
        elif name == "number":
            fields["number"] = value
        elif name == "player":
            fields["target"] = value
        elif name == "dice":
            dice.extend(value)  # type: ignore[arg-type]
        elif name == "self":
            fields["self_target"] = True
    if dice:
        pair = any(name == "pair" for name, _ in al.template.values)
        fields["dice"] = tuple(dice * 2 if pair else dice)
    return fields
