"""The registry: every rule family of ``engine/families/`` in one table, in precedence order.

The fold (``engine/game.py``) asks it who answers a call, which family takes a figure over,
who throws a relance or wins a roll-off of a given purpose, and in which order the races of a
closing reaction window are judged. Precedence and hook order are written here, nowhere else:
no class hierarchy decides them.

>>> from voice_scribe.engine.calls import CallKind
>>> HANDLERS[CallKind.GRAINES].__module__
'voice_scribe.engine.families.graines'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TypeVar

from voice_scribe.engine.families import graines
from voice_scribe.engine.families import verdier
from voice_scribe.engine.families import civet_double
from voice_scribe.engine.families import chouette_velute
from voice_scribe.engine.families import suite
from voice_scribe.engine.families import civet
from voice_scribe.engine.families import civet_filoche
from voice_scribe.engine.families import sloubi
from voice_scribe.engine.families import attrape_oiseau
from voice_scribe.engine.families import doublette
from voice_scribe.engine.families import sirop
from voice_scribe.engine.families import contre_sirop
from voice_scribe.engine.families import grelottine
from voice_scribe.engine.families import achat
from voice_scribe.engine.families import soufflette
from voice_scribe.engine.families import cul_de_chouette_double
from voice_scribe.engine.families import jarret
from voice_scribe.engine.families import cul_de_chouette_double_diminue
from voice_scribe.engine.families import flan
from voice_scribe.engine.family import Family, Handler, Landed, RelanceThrow, RollOffWon

K = TypeVar("K")
V = TypeVar("V")

#: Every rule family, in precedence order (★ first, then ★★, ★★★, ★★★★, the Aquitaine).
FAMILIES: tuple[Family, ...] = (
    chouette_velute.FAMILY,
    suite.FAMILY,
    sirop.FAMILY,
    civet.FAMILY,
    grelottine.FAMILY,
    sloubi.FAMILY,
    soufflette.FAMILY,
    attrape_oiseau.FAMILY,
    contre_sirop.FAMILY,
    civet_double.FAMILY,
    cul_de_chouette_double.FAMILY,
    achat.FAMILY,
    graines.FAMILY,
    verdier.FAMILY,
    jarret.FAMILY,
    cul_de_chouette_double_diminue.FAMILY,
    flan.FAMILY,
    civet_filoche.FAMILY,
    doublette.FAMILY,
)


def _one_table(families: Iterable[Family], part: str) -> dict:
    """Merge one part of every family; a key claimed twice is a mistake of the registry."""
    table: dict = {}
    for family in families:
        entries: Mapping = getattr(family, part)
        for key, value in entries.items():
            if key in table:
                raise ValueError(f"{part}: {key} claimed twice (by {family.name})")
            table[key] = value
    return table


HANDLERS: dict = _one_table(FAMILIES, "handles")
