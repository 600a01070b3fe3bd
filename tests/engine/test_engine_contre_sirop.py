"""Seed 000 « Le Contre-Sirop » ★★ and the [no-negatives] Sirop-Jeannot (« Le Sirop »)."""

from __future__ import annotations

import pytest
from engine_table import K, Table

from voice_scribe.engine.dice import contre_sirop_points


@pytest.mark.parametrize("face,points", [(1, 10), (2, 12), (3, 14), (4, 16), (5, 18), (6, 20)])
def test_the_contre_sirop_table(face: int, points: int) -> None:
    # « La valeur du Contre-Sirop correspond au cinquième du Cul De Chouette tenté : 10 … 20 pts »
    assert contre_sirop_points(face) == points


def failed_sirotage(die: int = 1, bets: tuple[int | None, int | None] = (None, None), **options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, **options)
    t.throw("Karadoc", 5, 5, 2)  # a Chouette of 5: the Cul de chouette aimed at is worth 90, its fifth 18
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    for player, bet in zip(("Perceval", "Léodagan"), bets, strict=True):
        if bet is None:
            t.say(player, K.COUCHE_SIROP)
        else:
            t.say(player, K.PARI_OISEAU, number=bet)
    t.say("Karadoc", K.DE, dice=(die,))
    return t


def test_the_first_contre_sirop_wins_a_fifth_of_the_cul_de_chouette_tried() -> None:
    t = failed_sirotage()
    t.say("Léodagan", K.CONTRE_SIROP, after=0.3)
    t.say("Perceval", K.CONTRE_SIROP, after=0.4)
    t.close()
    assert t.scores == {"Karadoc": -25, "Perceval": 0, "Léodagan": 18}


def test_tied_contre_sirops_lose_it() -> None:
    # « En cas d'égalité entre plusieurs joueurs sur un Contre-Sirop, les joueurs concernés perdent »
    t = failed_sirotage()
    t.say("Léodagan", K.CONTRE_SIROP, after=0.3)
    t.say("Perceval", K.CONTRE_SIROP, after=0.05)
    t.close()
    assert t.scores == {"Karadoc": -25, "Perceval": -18, "Léodagan": -18}


def test_no_contre_sirop_when_a_bet_won() -> None:
    # « Le Contre-Sirop n'est valable que si le dé relancé ne réalise ni le Cul De Chouette tenté, ni une
    #   mise réussie. »
    t = failed_sirotage(die=3, bets=(3, None))  # Perceval bet Fauvette
    t.say("Léodagan", K.CONTRE_SIROP, after=0.3)
    assert t.bevues() == [("Léodagan", "wrong_call")]


def test_no_contre_sirop_on_a_successful_sirotage() -> None:
    t = failed_sirotage(die=5)
    t.say("Léodagan", K.CONTRE_SIROP, after=0.3)
    assert t.bevues() == [("Léodagan", "wrong_call")]


def test_not_by_the_sirotant_unless_two_players() -> None:
    # « Il ne peut pas être réalisé par le sirotant, sauf lors d'une partie à deux. »
    t = failed_sirotage()
    t.say("Karadoc", K.CONTRE_SIROP, after=0.3)
    assert t.bevues() == [("Karadoc", "wrong_call")]
    t2 = Table("Karadoc", "Perceval", level=2)
    t2.throw("Karadoc", 5, 5, 2)
    t2.say("Karadoc", K.JE_SIROTE, after=0.3)
    t2.say("Perceval", K.COUCHE_SIROP)
    t2.say("Karadoc", K.DE, dice=(1,))
    t2.say("Karadoc", K.CONTRE_SIROP, after=0.3)
    t2.close()
    assert t2.scores == {"Karadoc": -25 + 18, "Perceval": 0}


def test_the_contre_sirop_works_on_an_attrape_oiseau() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2)
    t.throw("Karadoc", 2, 2, 5)  # a Chouette of 2: the Contre-Sirop is worth 12
    t.say("Perceval", K.ATTRAPE_OISEAU, after=0.3)
    t.say("Karadoc", K.COUCHE_SIROP)
    t.say("Léodagan", K.COUCHE_SIROP)
    t.say("Perceval", K.DE, dice=(6,))
    t.say("Karadoc", K.CONTRE_SIROP, after=0.3)  # the roller may: he is not the sirotant
    t.close()
    assert t.scores == {"Karadoc": 4 + 12, "Perceval": -4, "Léodagan": 0}


def test_contre_sirop_before_the_die_falls_is_refused() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2)
    t.throw("Karadoc", 5, 5, 2)
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    assert t.rejected(t.say("Perceval", K.CONTRE_SIROP)) == ["too_early"]


# ── Sirop-Jeannot ──
def refused_sirotage() -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, negative_scores=False)
    t.set_scores(Karadoc=20, Perceval=50, Léodagan=50)
    t.throw("Karadoc", 5, 5, 2)  # a Chouette of 5: 25 at stake, Karadoc has 20
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    return t


def test_sirop_jeannot_the_first_wins_a_contre_sirop() -> None:
    # [« Dans le cas inverse, le premier joueur à crier “ SiropJeannot ! ” en le désignant du doigt remporte
    #   la valeur d'un Contre-Sirop. »]
    t = refused_sirotage()
    assert t.bevues() == [("Karadoc", "sirop_not_allowed")]
    t.say("Perceval", K.SIROP_JEANNOT, target="Karadoc", after=0.3)
    t.say("Léodagan", K.SIROP_JEANNOT, target="Karadoc", after=0.5)
    t.close()
    assert t.scores == {"Karadoc": 20 - 5 + 25, "Perceval": 50 + 18, "Léodagan": 50}


def test_sirop_jeannot_together_they_all_win() -> None:
    # [« Si deux joueurs ou plus crient l'annonce du Sirop-Jeannot en même temps, ils remportent tous les points. »]
    t = refused_sirotage()
    t.say("Perceval", K.SIROP_JEANNOT, target="Karadoc", after=0.3)
    t.say("Léodagan", K.SIROP_JEANNOT, target="Karadoc", after=0.05)
    t.close()
    assert t.scores == {"Karadoc": 40, "Perceval": 68, "Léodagan": 68}


def test_sirop_jeannot_without_a_refused_sirotage_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", level=2, negative_scores=False)
    t.set_scores(Karadoc=100, Perceval=100)
    t.throw("Karadoc", 5, 5, 2)
    t.say("Perceval", K.SIROP_JEANNOT, target="Karadoc", after=0.3)
    assert t.bevues() == [("Perceval", "wrong_call")]
