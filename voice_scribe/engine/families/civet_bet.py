"""What a Civet names and stakes: shared by the Civet, the Civet doublé and the Civet-Filoché.

Seed 000 « Le Civet »: « La mise est de 1 pt minimum et 102 pts maximum », on the combination
the player names (any combination of the dice).

>>> from voice_scribe.engine.dice import Throw
>>> civet_matches("velute", Throw((1, 2), 3).combination)
True
"""

from __future__ import annotations

from voice_scribe.engine.dice import Combination, Kind

CIVET_MIN, CIVET_MAX = 1, 102
CIVET_COMBINATIONS = {k.value for k in Kind}


def civet_matches(named: str, combination: Combination) -> bool:
    """Did the throw make the combination the Civet named?

    A Chouette-Velute is its own combination (seed 000 gives it its own rule);
    1-2-3 is both a Suite and a Velute (« c'est également une Velute »).
    """
    if named == Kind.VELUTE.value and combination.is_velute and combination.kind is not Kind.CHOUETTE_VELUTE:
        return True
    return combination.kind.value == named
