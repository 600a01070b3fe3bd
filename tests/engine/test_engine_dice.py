"""Every one of the 216 ordered throws, against the seed's own statement of the combinations."""

from __future__ import annotations

import itertools

import pytest

from voice_scribe.engine.dice import Figure, Kind, Throw, classify

# Seed 000, « Les combinaisons », written out as the seed writes them.
CHOUETTE_POINTS = {1: 1, 2: 4, 3: 9, 4: 16, 5: 25, 6: 36}
VELUTE_POINTS = {2: 8, 3: 18, 4: 32, 5: 50, 6: 72}  # « 1. Impossible »
CUL_DE_CHOUETTE_POINTS = {1: 50, 2: 60, 3: 70, 4: 80, 5: 90, 6: 100}
CHOUETTE_VELUTES = {(1, 1, 2), (2, 2, 4), (3, 3, 6)}  # « Il y en a trois possibles »
SUITES = {(1, 2, 3), (2, 3, 4), (3, 4, 5), (4, 5, 6)}
NAMED = {
    (1, 2, 3): Figure.SUITE_VELUTEE,
    (3, 4, 4): Figure.ARTICHETTE,
    (1, 2, 4): Figure.SOUFFLETTE,
    (3, 3, 4): Figure.BLEU_ROUGE,
    (2, 5, 6): Figure.FLAN,
    (1, 4, 6): Figure.NEANT_SOUFFLE,
    (1, 3, 5): Figure.EXCALIBUR,
}


def expected(a: int, b: int, c: int) -> tuple[Kind, int]:
    key = tuple(sorted((a, b, c)))
    if a == b == c:
        return Kind.CUL_DE_CHOUETTE, CUL_DE_CHOUETTE_POINTS[a]
    if key in CHOUETTE_VELUTES:
        return Kind.CHOUETTE_VELUTE, VELUTE_POINTS[key[2]]
    pairs = [x for x in (a, b, c) if (a, b, c).count(x) == 2]
    if pairs:
        return Kind.CHOUETTE, CHOUETTE_POINTS[pairs[0]]
    if key in SUITES:
        return Kind.SUITE, 0
    # « La somme de deux dés est égale à la valeur du troisième dé. »
    if any(x + y == z for x, y, z in itertools.permutations((a, b, c))):
        return Kind.VELUTE, VELUTE_POINTS[max(a, b, c)]
    return Kind.NEANT, 0


ALL_THROWS = list(itertools.product(range(1, 7), repeat=3))


def test_there_are_216_ordered_throws() -> None:
    assert len(ALL_THROWS) == 216


@pytest.mark.parametrize("a,b,c", ALL_THROWS)
def test_every_ordered_throw(a: int, b: int, c: int) -> None:
    combination = Throw((a, b), c).combination
    assert (combination.kind, combination.points) == expected(a, b, c)
    assert combination.figure == NAMED.get(tuple(sorted((a, b, c))))


def test_the_seed_example_chouette_of_four() -> None:
    # « Je lance mes 2 premiers dés, j'obtiens 1 et 4. Puis le troisième dé et j'obtiens 4 de nouveau.
    #   Je marque donc 4x4 = 16 points. »
    assert Throw((1, 4), 4).combination.points == 16


def test_one_two_three_is_a_suite_and_a_velute() -> None:
    # « la combinaison 1, 2, 3 est à première vue une suite, … c'est également une Velute (1+2 = 3) »
    combination = classify(1, 2, 3)
    assert combination.kind is Kind.SUITE and combination.is_velute


def test_bleu_rouge_and_artichette_are_different_triples() -> None:
    # Field notes: a public implementation confused 3-4-3 with 4-3-4.
    assert classify(3, 4, 3).figure is Figure.BLEU_ROUGE
    assert classify(4, 3, 4).figure is Figure.ARTICHETTE


def test_a_face_outside_one_to_six_is_refused() -> None:
    with pytest.raises(ValueError):
        classify(0, 3, 4)
