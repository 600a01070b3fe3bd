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
from typing import Any

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.dice import Figure
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
from voice_scribe.engine.family import Family, Handler, Landed, RelanceThrow, RollOffWon, Settle

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


def _one_table(families: Iterable[Family], part: str) -> dict[Any, Any]:
    """Merge one part of every family; a key claimed twice is a mistake of the registry."""
    table: dict[Any, Any] = {}
    for family in families:
        entries: Mapping[Any, Any] = getattr(family, part)
        for key, value in entries.items():
            if key in table:
                raise ValueError(f"{part}: {key} claimed twice (by {family.name})")
            table[key] = value
    return table


def _mixin(method: str) -> Any:
    """Transitional: a hook still written as a method of a rule mixin of ``Game``."""
    return lambda ctx, *args: getattr(ctx, method)(*args)


#: Who answers which call (besides the dice, « Suivant ! » and a declared Bévue: the fold's own).
HANDLERS: dict[CallKind, Handler] = _one_table(FAMILIES, "handles")

#: The figure → (its rule, what happens when it lands); True when the figure takes the throw over.
FIGURES: dict[Figure, tuple[str, Landed]] = {
    figure: (family.name, landed) for family in FAMILIES for figure, landed in family.figures.items()
}
FIGURES.update({
    Figure.ARTICHETTE: ("artichette", _mixin("_artichette_landed")),
    Figure.BLEU_ROUGE: ("bleu_rouge", _mixin("_bleu_rouge_landed")),
    Figure.NEANT_SOUFFLE: ("neant_souffle", _mixin("_neant_souffle_landed")),
})

#: A relance's purpose → the family's function that throws it.
RELANCES: dict[str, RelanceThrow] = _one_table(FAMILIES, "relances")
RELANCES.update({
    "bleu_rouge": _mixin("_relance_bleu_rouge"),
    "velutee": _mixin("_relance_velutee"),
    "velutee_pair": _mixin("_relance_velutee_pair"),
})

#: A ★★/★★★ roll-off's purpose → what the player the dice chose gets (the opening's and the
#: Suite's roll-offs are the fold's own: engine/rolloff.py).
ROLL_OFFS: dict[str, RollOffWon] = _one_table(FAMILIES, "roll_offs")
ROLL_OFFS.update({
    "pelican": _mixin("_roll_off_pelican"),
    "neant_souffle": _mixin("_roll_off_neant_souffle"),
    "tichette": _mixin("_roll_off_tichette"),
})

#: The races a closing reaction window judges, in this order, after the throw's own points
#: (its Chouette, its Cul de chouette) and before the ★ races of its combination (the
#: Chouette-Velute, the Suite). A hook that returns True has started a roll-off: the hooks after
#: it wait (the Défi Tichette first, then the Pélican, then the Néant soufflé).
CLOSING: tuple[Settle, ...] = (
    _mixin("_settle_suite_velutee"),
    _mixin("_settle_artichette"),
    contre_sirop.settle_contre_sirop,
    contre_sirop.settle_sirop_jeannot,
    cul_de_chouette_double_diminue.settle_unisson,
    jarret.settle_jarret_souple,
    _mixin("_settle_lance_buches"),
    _mixin("_settle_excalibur"),  # Règles à l'Aquitaine
    _mixin("_settle_tichette"),  # ★★★★ the Défi Tichette « en fin de tour »
    _mixin("_settle_pelican"),
    _mixin("_settle_neant_souffle"),
)

#: ★★ first-shout races of a reaction window, decided once their first shout's tie window has
#: passed (race → the shout, its settlement); the window closing settles only those not decided yet.
FIRST_SHOUT_RACES: dict[str, tuple[CallKind, Settle]] = {
    "contre_sirop": (CallKind.CONTRE_SIROP, contre_sirop.settle_contre_sirop),
    "sirop_jeannot": (CallKind.SIROP_JEANNOT, contre_sirop.settle_sirop_jeannot),
}
