"""Dice: a throw of three dice and the combination it makes.

Seed 000, « Les combinaisons »: the roller throws two dice (the *chouettes*),
then the third (the *cul*). The combination depends only on the three faces,
not on their order, except where a rule looks at the chouettes alone
(Verdier, Achat).

>>> Throw((1, 4), 4).combination
Combination(kind=<Kind.CHOUETTE: 'chouette'>, face=4, points=16, figure=None)
>>> Throw((3, 3), 6).combination.kind
<Kind.CHOUETTE_VELUTE: 'chouette_velute'>
>>> Throw((3, 4), 3).combination.figure
<Figure.BLEU_ROUGE: 'bleu_rouge'>
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache

FACES = (1, 2, 3, 4, 5, 6)


class Kind(str, Enum):
    """The ★ combinations: every throw is exactly one of these."""

    CUL_DE_CHOUETTE = "cul_de_chouette"
    CHOUETTE_VELUTE = "chouette_velute"
    CHOUETTE = "chouette"
    VELUTE = "velute"
    SUITE = "suite"
    NEANT = "neant"


class Figure(str, Enum):
    """Named triples (any order) that later rules give a meaning of their own."""

    SUITE_VELUTEE = "suite_velutee"  # 1-2-3 ★★
    ARTICHETTE = "artichette"  # 4-3-4 ★★
    SOUFFLETTE = "soufflette"  # 4-2-1 ★★
    BLEU_ROUGE = "bleu_rouge"  # 3-4-3 ★★★
    NEANT_SOUFFLE = "neant_souffle"  # 1-4-6 ★★★
    FLAN = "flan"  # 6-5-2 ★★★★
    EXCALIBUR = "excalibur"  # 5-3-1, Règles à l'Aquitaine


FIGURES: dict[tuple[int, int, int], Figure] = {
    (1, 2, 3): Figure.SUITE_VELUTEE,
    (3, 4, 4): Figure.ARTICHETTE,
    (1, 2, 4): Figure.SOUFFLETTE,
    (3, 3, 4): Figure.BLEU_ROUGE,
    (1, 4, 6): Figure.NEANT_SOUFFLE,
    (2, 5, 6): Figure.FLAN,
    (1, 3, 5): Figure.EXCALIBUR,
}

#: Bird names of the faces (seed 000, « Le Sirop »), used for Sirop bets.
BIRDS: dict[int, str] = {
    1: "Linotte",
    2: "Alouette",
    3: "Fauvette",
    4: "Mouette",
    5: "Bergeronnette",
    6: "Chouette",
}


def chouette_points(face: int) -> int:
    """« La valeur de la Chouette correspond au carré de la valeur des deux dés identiques »."""
    return face * face


def velute_points(face: int) -> int:
    """« La valeur de la Velute correspond au double du carré de la Velute »."""
    return 2 * face * face


def cul_de_chouette_points(face: int) -> int:
    """« La valeur du Cul de Chouette correspond à 40 pts + 10 * valeur du dé »."""
    return 40 + 10 * face


def contre_sirop_points(face: int) -> int:
    """« La valeur du Contre-Sirop correspond au cinquième du Cul De Chouette tenté »."""
    return cul_de_chouette_points(face) // 5


@dataclass(frozen=True)
class Combination:
    """What a throw is worth to its roller.

    ``face`` is the die that names the combination (the pair for a Chouette,
    the highest die for a Velute or a Suite); ``points`` is its value (0 for
    a Suite and a Néant: a Suite costs the last shouter 10, not the roller).
    """

    kind: Kind
    face: int
    points: int
    figure: Figure | None = None

    @property
    def is_chouette(self) -> bool:
        """A pair without a velute: the throw a Sirop can be tried on."""
        return self.kind is Kind.CHOUETTE

    @property
    def is_velute(self) -> bool:
        """Seed 000: 1-2-3 « c'est également une Velute (1+2 = 3) »."""
        return self.kind in (Kind.VELUTE, Kind.CHOUETTE_VELUTE) or self.figure is Figure.SUITE_VELUTEE


@cache
def classify(a: int, b: int, c: int) -> Combination:
    """Classify three faces (any order) into their combination."""
    for face in (a, b, c):
        if face not in FACES:
            raise ValueError(f"not a die face: {face}")
    low, mid, high = sorted((a, b, c))
    figure = FIGURES.get((low, mid, high))
    if low == high:
        return Combination(Kind.CUL_DE_CHOUETTE, low, cul_de_chouette_points(low), figure)
    has_pair = low == mid or mid == high
    has_velute = low + mid == high
    if has_pair and has_velute:
        return Combination(Kind.CHOUETTE_VELUTE, high, velute_points(high), figure)
    if has_pair:
        return Combination(Kind.CHOUETTE, mid, chouette_points(mid), figure)
    if high - mid == 1 and mid - low == 1:
        return Combination(Kind.SUITE, high, 0, figure)
    if has_velute:
        return Combination(Kind.VELUTE, high, velute_points(high), figure)
    return Combination(Kind.NEANT, high, 0, figure)


@dataclass(frozen=True)
class Throw:
    """Two chouettes then the cul, as the roller announces them."""

    chouettes: tuple[int, int]
    cul: int

    @classmethod
    def of(cls, faces: tuple[int, ...] | list[int]) -> Throw:
        a, b, c = faces
        return cls((a, b), c)

    @property
    def faces(self) -> tuple[int, int, int]:
        return (self.chouettes[0], self.chouettes[1], self.cul)

    @property
    def combination(self) -> Combination:
        return classify(*self.faces)

    @property
    def total(self) -> int:
        return sum(self.faces)

    def with_die(self, index: int, face: int) -> Throw:
        """The throw after one die (0, 1: chouettes; 2: cul) is thrown again."""
        faces = list(self.faces)
        faces[index] = face
        return Throw.of(faces)
