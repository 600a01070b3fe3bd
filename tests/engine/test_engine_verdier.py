"""Seed 000 « Le Verdier » ★★★."""

from __future__ import annotations

import pytest
from engine_table import K, Table


def verdier(chouettes: tuple[int, int] = (6, 4), **options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=3, **options)
    t.say("Karadoc", K.CHOUETTES, dice=chouettes)
    t.say("Perceval", K.VERT_LINETTE, after=0.3)
    return t


@pytest.mark.parametrize("chouettes,cul", [((6, 4), 2), ((2, 6), 4), ((4, 2), 6)])
def test_a_velute_of_six_6_4_2_wins_25_without_losing_the_stake(chouettes: tuple[int, int], cul: int) -> None:
    # « la mise est de 5 pts et le gain potentiel de 25 pts (toujours sans perdre 5 pts si le pari est réussi) »
    t = verdier(chouettes)
    t.say("Karadoc", K.CUL, dice=(cul,))
    assert t.scores == {"Karadoc": 72, "Perceval": 25, "Léodagan": 0}


def test_a_missed_verdier_costs_five() -> None:
    t = verdier()
    t.say("Léodagan", K.VERT_LINETTE, after=0.1)
    t.say("Karadoc", K.CUL, dice=(5,))
    assert t.scores == {"Karadoc": 0, "Perceval": -5, "Léodagan": -5}


def test_the_roller_may_not_bet() -> None:
    # « Seul le joueur ayant lancé les chouettes n'a pas le droit de parier. »
    t = verdier()
    t.say("Karadoc", K.VERT_LINETTE, after=0.1)
    assert t.bevues() == [("Karadoc", "wrong_call")]


def test_only_on_chouettes_6_4_6_2_or_4_2() -> None:
    # « Le Verdier ne peut être tenté que sur une Velute 6 - 4 - 2 et non une Velute 6 - 5 - 1. »
    t = verdier((6, 5))
    assert t.bevues() == [("Perceval", "wrong_call")]


def test_after_the_cul_it_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", level=3)
    t.throw("Karadoc", 6, 4, 2)
    t.say("Perceval", K.VERT_LINETTE, after=0.2)
    assert t.bevues() == [("Perceval", "wrong_call")]


def test_without_negatives_below_five_points_is_a_bevue_and_falls_to_zero() -> None:
    # « [Si un joueur annonce “ Vert-Linette ! ” alors qu'il a moins de 5 points, il y a Bévue et le joueur
    #   retombe à zéro point. Son pari est alors caduc.] »
    t = Table("Karadoc", "Perceval", level=3, negative_scores=False)
    t.set_scores(Perceval=4)
    t.say("Karadoc", K.CHOUETTES, dice=(6, 4))
    t.say("Perceval", K.VERT_LINETTE, after=0.3)
    t.say("Karadoc", K.CUL, dice=(2,))
    assert t.bevues() == [("Perceval", "bet_without_points")] and t.score("Perceval") == 0


def test_a_bought_cul_keeps_the_bets_and_the_first_roller_still_may_not_bet() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", level=3)
    t.set_scores(Perceval=100)
    t.say("Karadoc", K.CHOUETTES, dice=(6, 4))
    t.say("Léodagan", K.VERT_LINETTE, after=0.2)
    t.say("Perceval", K.ACHAT, after=0.3)
    t.say("Karadoc", K.VERT_LINETTE, after=0.5)
    t.say("Perceval", K.CUL, dice=(2,))
    assert t.bevues() == [("Karadoc", "wrong_call")]
    assert t.scores == {"Karadoc": -5, "Perceval": 100 - 30 + 72, "Léodagan": 25}
