"""Seed 000 « Le Civet » ★."""

from __future__ import annotations

from engine_table import K, Table


def civet_table(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", **options)
    t.give("Karadoc", "civet")
    return t


def test_a_won_civet_pays_the_stake_and_the_combination() -> None:
    t = civet_table()
    t.say("Karadoc", K.CIVET, number=50, combination="chouette")
    t.throw("Karadoc", 5, 5, 1)
    t.close()
    assert t.score("Karadoc") == 50 + 25
    assert not t.holds("Karadoc", "civet")


def test_a_lost_civet_loses_the_stake_but_wins_the_combination() -> None:
    t = civet_table()
    t.say("Karadoc", K.CIVET, number=50, combination="velute")
    t.throw("Karadoc", 5, 5, 1)
    t.close()
    assert t.score("Karadoc") == -50 + 25


def test_civet_on_a_cul_de_chouette_made_by_a_sirotage() -> None:
    t = civet_table()
    t.say("Karadoc", K.CIVET, number=20, combination="cul_de_chouette")
    t.throw("Karadoc", 2, 2, 5)
    t.say("Karadoc", K.JE_SIROTE)
    t.say("Perceval", K.COUCHE_SIROP)
    t.say("Karadoc", K.DE, dice=(2,))
    assert t.score("Karadoc") == 20 + 60


def test_the_stake_is_1_to_102() -> None:
    t = civet_table()
    t.say("Karadoc", K.CIVET, number=103, combination="chouette")
    assert t.bevues() == [("Karadoc", "stake_too_high")]
    assert t.holds("Karadoc", "civet")


def test_without_negatives_no_stake_above_ones_score() -> None:
    t = civet_table(negative_scores=False)
    t.set_scores(Karadoc=40)
    t.say("Karadoc", K.CIVET, number=41, combination="chouette")
    assert t.bevues() == [("Karadoc", "stake_too_high")]


def test_with_negatives_one_may_stake_more_than_one_has() -> None:
    # « Il n'y a pas de restriction pour le Civet ; il est possible de parier plus que l'on a. »
    t = civet_table()
    t.say("Karadoc", K.CIVET, number=102, combination="suite")
    assert t.bevues() == []


def test_a_civet_is_announced_before_ones_own_chouettes_only() -> None:
    t = civet_table()
    t.throw("Karadoc", 5, 5, 1)
    t.close()
    t.say("Karadoc", K.CIVET, number=10, combination="chouette")
    assert t.bevues() == [("Karadoc", "civet_not_allowed")]


def test_civet_without_a_civet_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval")
    t.say("Karadoc", K.CIVET, number=10, combination="chouette")
    assert t.bevues() == [("Karadoc", "civet_not_allowed")]


def test_lance_civet_gives_it_and_to_a_holder_is_a_bevue() -> None:
    # « un joueur qui lance son Civet à un joueur qui en a déjà un reçoit une Bévue mais conserve son Civet »
    t = civet_table()
    t.say("Karadoc", K.LANCE_CIVET, target="Perceval")
    assert t.holds("Perceval", "civet") and not t.holds("Karadoc", "civet")
    t.give("Karadoc", "civet")
    t.say("Karadoc", K.LANCE_CIVET, target="Perceval")
    assert t.bevues() == [("Karadoc", "civet_already_held")]
    assert t.holds("Karadoc", "civet")


def test_one_two_three_counts_as_a_velute_for_a_civet() -> None:
    t = civet_table()
    t.say("Karadoc", K.CIVET, number=30, combination="velute")
    t.throw("Karadoc", 1, 2, 3)
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE)
    t.say("Perceval", K.GRELOTTE_CA_PICOTE)
    t.close()
    assert t.score("Karadoc") == 30 + 18
