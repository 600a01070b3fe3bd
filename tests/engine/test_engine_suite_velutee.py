"""Seed 000 « La Suite-Velutée » ★★ (1-2-3)."""

from __future__ import annotations

from engine_table import K, Table


def velutee_table(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, **options)
    t.throw("Karadoc", 1, 2, 3)
    return t


def everybody_grelotte(t: Table) -> None:
    """« La combinaison Suite s'applique »: Karadoc and Perceval early, Léodagan last (−10)."""
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.1)
    t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.1)
    t.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.6)


def test_the_suite_applies_and_the_roller_has_no_velute_without_patte_de_canard() -> None:
    t = velutee_table()
    everybody_grelotte(t)
    t.close()
    assert t.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": -10}


def test_patte_de_canard_validates_the_velute_of_three() -> None:
    # « Si le lanceur arrive à attraper au moins une des chouettes en disant "Patte de canaaard !",
    #   il valide alors sa Velute »
    t = velutee_table()
    t.say("Karadoc", K.PATTE_DE_CANARD, after=0.2)
    t.say("Perceval", K.VELUTEE, after=0.5)
    everybody_grelotte(t)
    t.close()
    assert t.scores == {"Karadoc": 18, "Perceval": 0, "Léodagan": -10}
    assert t.roller == "Perceval"


def test_the_first_velutee_rethrows_the_chouettes_to_his_profit() -> None:
    # « le premier joueur à attraper les chouettes en criant "Velutée !" doit les relancer et la
    #   combinaison finale prend effet à son bénéfice »
    t = velutee_table()
    t.say("Perceval", K.VELUTEE, after=0.2)
    t.say("Karadoc", K.PATTE_DE_CANARD, after=0.4)  # too late: Perceval had the chouettes
    everybody_grelotte(t)
    t.close()
    assert t.phase == "relance"
    t.say("Perceval", K.CHOUETTES, dice=(5, 5))  # the cul stays 3: 5-5-3, a Chouette of 5
    t.close()
    assert t.scores == {"Karadoc": 0, "Perceval": 25, "Léodagan": -10}
    assert t.roller == "Perceval"  # the turn moves on from Karadoc as usual


def test_patte_de_canard_and_velutee_together_the_roller_wins() -> None:
    t = velutee_table()
    t.say("Perceval", K.VELUTEE, after=0.2)
    t.say("Karadoc", K.PATTE_DE_CANARD, after=0.1)  # within the tie window
    everybody_grelotte(t)
    t.close()
    assert t.score("Karadoc") == 18 and t.phase == "chouettes"


def test_two_velutee_take_the_final_combination_from_the_roller() -> None:
    # « ils relancent chacun leur chouette et la combinaison finale est soustraite du score du lanceur
    #   de la Suite-Velutée, seuls les points s'appliquent »
    t = velutee_table()
    t.say("Perceval", K.VELUTEE, after=0.2)
    t.say("Léodagan", K.VELUTEE, after=0.05)
    everybody_grelotte(t)
    t.close()
    t.say("Léodagan", K.CHOUETTES, dice=(2, 1))  # 2-1-3: a Velute of 3 again, 18 points
    assert t.scores == {"Karadoc": -18, "Perceval": 0, "Léodagan": -10}
    assert t.roller == "Perceval"


def test_two_velutee_a_chouette_of_three_costs_the_roller_nine() -> None:
    t = velutee_table()
    t.say("Perceval", K.VELUTEE, after=0.2)
    t.say("Léodagan", K.VELUTEE, after=0.05)
    everybody_grelotte(t)
    t.close()
    t.say("Perceval", K.CHOUETTES, dice=(3, 5))  # 3-5-3: a Chouette of 3
    assert t.score("Karadoc") == -9


def test_velutee_by_the_roller_or_patte_by_another_is_a_bevue() -> None:
    t = velutee_table()
    t.say("Karadoc", K.VELUTEE, after=0.2)
    t.say("Perceval", K.PATTE_DE_CANARD, after=0.2)
    assert t.bevues() == [("Karadoc", "wrong_call"), ("Perceval", "wrong_call")]


def test_velutee_on_another_suite_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 2, 3, 4)
    t.say("Perceval", K.VELUTEE, after=0.2)
    assert t.bevues() == [("Perceval", "wrong_call")]


def test_the_rethrow_is_the_shouters_and_two_chouettes() -> None:
    t = velutee_table()
    t.say("Perceval", K.VELUTEE, after=0.2)
    everybody_grelotte(t)
    t.close()
    assert t.rejected(t.des("Perceval", 1, 1, 1)) == ["wrong_dice"]
    t.say("Léodagan", K.CHOUETTES, dice=(4, 4))
    assert t.bevues() == [("Léodagan", "out_of_turn")]
