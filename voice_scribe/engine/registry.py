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
from voice_scribe.engine.families import (
    achat,
    aquitaine,
    artichette,
    attrape_oiseau,
    bleu_rouge,
    chouette_velute,
    civet,
    civet_double,
    civet_filoche,
    contre_sirop,
    cul_de_chouette_double,
    cul_de_chouette_double_diminue,
    doublette,
    flan,
    graines,
    grelottine,
    grelottine_defenses,
    jarret,
    neant_souffle,
    sirop,
    sloubi,
    soufflette,
    suite,
    suite_velutee,
    tichette,
    verdier,
)
from voice_scribe.engine.family import Family, Handler, Landed, RelanceThrow, RollOffWon, Settle, SettledAt

#: Every rule family, in precedence order (★ first, then ★★, ★★★, ★★★★, the Aquitaine).
FAMILIES: tuple[Family, ...] = (
    chouette_velute.FAMILY,
    suite.FAMILY,
    sirop.FAMILY,
    civet.FAMILY,
    grelottine.FAMILY,
    sloubi.FAMILY,
    suite_velutee.FAMILY,
    artichette.FAMILY,
    soufflette.FAMILY,
    grelottine_defenses.FAMILY,
    attrape_oiseau.FAMILY,
    contre_sirop.FAMILY,
    civet_double.FAMILY,
    cul_de_chouette_double.FAMILY,
    achat.FAMILY,
    graines.FAMILY,
    bleu_rouge.FAMILY,
    neant_souffle.FAMILY,
    verdier.FAMILY,
    jarret.FAMILY,
    cul_de_chouette_double_diminue.FAMILY,
    flan.FAMILY,
    civet_filoche.FAMILY,
    tichette.FAMILY,
    doublette.FAMILY,
    aquitaine.FAMILY,
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



#: Who answers which call (besides the dice, « Suivant ! » and a declared Bévue: the fold's own).
HANDLERS: dict[CallKind, Handler] = _one_table(FAMILIES, "handles")

#: The figure → (its rule, what happens when it lands); True when the figure takes the throw over.
FIGURES: dict[Figure, tuple[str, Landed]] = {
    figure: (family.name, landed) for family in FAMILIES for figure, landed in family.figures.items()
}

#: A relance's purpose → the family's function that throws it.
RELANCES: dict[str, RelanceThrow] = _one_table(FAMILIES, "relances")

#: A ★★/★★★ roll-off's purpose → what the player the dice chose gets (the opening's and the
#: Suite's roll-offs are the fold's own: engine/rolloff.py).
ROLL_OFFS: dict[str, RollOffWon] = _one_table(FAMILIES, "roll_offs")

#: The races a closing reaction window judges, in this order, after the throw's own points
#: (its Chouette, its Cul de chouette) and before the ★ races of its combination (the
#: Chouette-Velute, the Suite). A hook that returns True has started a roll-off: the hooks after
#: it wait (the Défi Tichette first, then the Pélican, then the Néant soufflé).
CLOSING: tuple[Settle, ...] = (
    suite_velutee.settle_suite_velutee,
    artichette.settle_artichette,
    contre_sirop.settle_contre_sirop,
    contre_sirop.settle_sirop_jeannot,
    cul_de_chouette_double_diminue.settle_unisson,
    jarret.settle_jarret_souple,
    bleu_rouge.settle_lance_buches,
    aquitaine.settle_excalibur,  # Règles à l'Aquitaine
    tichette.settle_tichette,  # ★★★★ the Défi Tichette « en fin de tour »
    bleu_rouge.settle_pelican,
    neant_souffle.settle_neant_souffle,
)

#: ★★ first-shout races of a reaction window, decided once their first shout's tie window has
#: passed (race → the shout, its settlement); the window closing settles only those not decided yet.
FIRST_SHOUT_RACES: dict[str, tuple[CallKind, Settle]] = {
    "contre_sirop": (CallKind.CONTRE_SIROP, contre_sirop.settle_contre_sirop),
    "sirop_jeannot": (CallKind.SIROP_JEANNOT, contre_sirop.settle_sirop_jeannot),
    "lance_buches": (CallKind.LANCE_BUCHES, bleu_rouge.settle_lance_buches),  # ★★★ « Le premier joueur (ou premiers) »
}

#: The other races of a reaction window decided as soon as they are certain (docs/rules.md FT12–FT16):
#: race → (when it became certain: a time, or None while it is not; its settlement at that time).
EARLY_RACES: dict[str, tuple[SettledAt, Settle]] = {
    "suite_velutee": (suite_velutee.suite_velutee_settled_at, suite_velutee.settle_suite_velutee),
    "artichette": (artichette.artichette_settled_at, artichette.settle_artichette),
    "unisson": (cul_de_chouette_double_diminue.unisson_settled_at, cul_de_chouette_double_diminue.settle_unisson),
    "jarret_souple": (jarret.jarret_souple_settled_at, jarret.settle_jarret_souple),
    "pelican": (bleu_rouge.pelican_settled_at, bleu_rouge.settle_pelican),
    "neant_souffle": (neant_souffle.neant_souffle_settled_at, neant_souffle.settle_neant_souffle),
    "excalibur": (aquitaine.excalibur_settled_at, aquitaine.settle_excalibur),
    "tichette": (tichette.tichette_settled_at, tichette.name_ticheur),  # the Défi itself waits « en fin de tour »
}

#: A shout of a race → the race, for the answer to a shout that comes after its verdict (FT17).
RACE_OF_SHOUT: dict[CallKind, str] = {
    CallKind.PAS_MOU_LE_CAILLOU: "chouette_velute",
    CallKind.CONTRE_SIROP: "contre_sirop",
    CallKind.SIROP_JEANNOT: "sirop_jeannot",
    CallKind.LANCE_BUCHES: "lance_buches",
    CallKind.PATTE_DE_CANARD: "suite_velutee",
    CallKind.VELUTEE: "suite_velutee",
    CallKind.RAITOURNELLE: "artichette",
    CallKind.ARTICHETTE: "artichette",
    CallKind.UNISSON: "unisson",
    CallKind.PETIT_INTERVALLE: "unisson",
    CallKind.JARRET_SOUPLE: "jarret_souple",
    CallKind.CHARRET: "jarret_souple",
    CallKind.PELICAN: "pelican",
    CallKind.PASSE_MONTAGNE: "pelican",
    CallKind.ZBRADARALDJAN: "pelican",
    CallKind.MECREANT: "neant_souffle",
    CallKind.MISERABLE: "neant_souffle",
    CallKind.FORT_HEUREUSEMENT: "neant_souffle",
    CallKind.SALSIFI: "tichette",  # (a late « Sganabadarlane ! » is the seed's wrong announcement: a Bévue)
}
