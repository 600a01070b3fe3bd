"""Seed 000 « L'Artichette » ★★ (4-3-4); seed 004 « Ce n'est pas une chouette de 4 »."""

from __future__ import annotations

from engine_table import K, Table


def artichette(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, **options)
    t.throw("Karadoc", 4, 3, 4)
    return t


def test_raitournelle_wins_the_chouette_of_four() -> None:
    t = artichette()
    t.say("Karadoc", K.RAITOURNELLE, after=0.3)
    t.close()
    assert t.scores == {"Karadoc": 16, "Perceval": 0, "Léodagan": 0}


def test_artichette_first_costs_the_roller_sixteen() -> None:
    # « si un joueur lui crie d'abord “Artichette!” en le désignant du doigt, il lui fait perdre 16 pts »
    t = artichette()
    t.say("Perceval", K.ARTICHETTE, after=0.3, target="Karadoc")
    t.say("Karadoc", K.RAITOURNELLE, after=0.4)
    t.close()
    assert t.scores == {"Karadoc": -16, "Perceval": 0, "Léodagan": 0}


def test_a_tie_goes_to_the_roller() -> None:
    # « En cas d'égalité, le joueur ayant réalisé l'Artichette est prioritaire et remporte donc 16 pts. »
    t = artichette()
    t.say("Perceval", K.ARTICHETTE, after=0.3, target="Karadoc")
    t.say("Karadoc", K.RAITOURNELLE, after=0.1)
    t.close()
    assert t.score("Karadoc") == 16


def test_nobody_shouts_nobody_scores() -> None:
    t = artichette()
    t.close()
    assert t.score("Karadoc") == 0


def test_it_is_not_a_chouette_a_sirotage_is_a_bevue() -> None:
    # 004: « Ce n'est pas une chouette de 4 : on ne la sirote pas. »; 000 « Le Sirop »: « il s'agit
    #   d'une Bévue si un joueur tente un Sirotage sur […] une Artichette »
    t = artichette()
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    assert t.bevues() == [("Karadoc", "sirop_not_allowed")]
    assert t.phase == "reaction"


def test_shouts_that_do_not_fit_are_bevues() -> None:
    t = artichette()
    t.say("Perceval", K.RAITOURNELLE, after=0.2)  # « Raitournelle » is the roller's
    t.say("Karadoc", K.ARTICHETTE, after=0.2, target="Karadoc")  # « Artichette » the others'
    t.say("Léodagan", K.ARTICHETTE, after=0.2, target="Perceval")  # pointing at the wrong player
    assert t.bevues() == [("Perceval", "wrong_call"), ("Karadoc", "wrong_call"), ("Léodagan", "wrong_call")]


def test_raitournelle_on_a_chouette_of_four_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 4, 2, 4)
    t.say("Karadoc", K.RAITOURNELLE, after=0.2)
    assert t.bevues() == [("Karadoc", "wrong_call")]


def test_at_one_star_four_three_four_is_a_plain_chouette() -> None:
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 4, 3, 4)
    t.close()
    assert t.score("Karadoc") == 16
