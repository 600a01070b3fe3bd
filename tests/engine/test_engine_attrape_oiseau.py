"""Seed 000 « L'Attrape-Oiseau » ★★; seed 004 « L'attrape-oiseau »."""

from __future__ import annotations

from engine_table import K, Table


def caught(die: int, **options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, **options)
    t.throw("Karadoc", 4, 4, 2)  # a Chouette of 4
    t.say("Perceval", K.ATTRAPE_OISEAU, after=0.3)
    t.say("Karadoc", K.COUCHE_SIROP)
    t.say("Léodagan", K.FILE_SIROP)
    t.say("Perceval", K.DE, dice=(die,))
    return t


def test_a_successful_attrape_oiseau_wins_the_cul_de_chouette_and_the_roller_keeps_his_chouette() -> None:
    # « Si l'Attrape-Oiseau réussit, le joueur l'ayant tenté gagne les points du Cul De Chouette obtenu »;
    # « Dans tous les cas, celui ayant réalisé cette Chouette remporte les points de la Chouette. »
    t = caught(4)
    t.close()
    assert t.scores == {"Karadoc": 16, "Perceval": 80, "Léodagan": 0}
    assert t.roller == "Perceval"


def test_a_failed_attrape_oiseau_loses_the_chouette() -> None:
    # « s'il échoue, il perd les points de la Chouette »
    t = caught(1)
    t.close()
    assert t.scores == {"Karadoc": 16, "Perceval": -16, "Léodagan": 0}


def test_bets_work_as_for_a_sirotage_and_the_roller_may_bet() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2)
    t.throw("Karadoc", 4, 4, 2)
    t.say("Perceval", K.ATTRAPE_OISEAU, after=0.3)
    t.say("Karadoc", K.PARI_OISEAU, number=5)  # Bergeronnette
    t.say("Perceval", K.DE, dice=(5,))  # Léodagan said nothing: Bévue
    t.say("Karadoc", K.SIROP_GAGNANT, after=0.3)
    t.close()
    assert t.bevues() == [("Léodagan", "sirop_silent")]
    assert t.scores == {"Karadoc": 16 + 25, "Perceval": -16, "Léodagan": -5}


def test_a_failed_attrape_oiseau_of_six_gives_a_civet() -> None:
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 6, 6, 1)
    t.say("Perceval", K.ATTRAPE_OISEAU, after=0.3)
    t.say("Karadoc", K.COUCHE_SIROP)
    t.say("Perceval", K.DE, dice=(2,))
    assert t.holds("Perceval", "civet") and t.scores == {"Karadoc": 36, "Perceval": -36}


def test_the_first_hand_on_the_die_is_the_sirotant() -> None:
    # « le premier joueur à saisir le dé est prioritaire »
    t = Table("Karadoc", "Perceval", "Léodagan", level=2)
    t.throw("Karadoc", 4, 4, 2)
    t.say("Perceval", K.ATTRAPE_OISEAU, after=0.3)
    events = t.say("Léodagan", K.ATTRAPE_OISEAU, after=0.05)
    assert t.rejected(events) == ["already_siroted"]
    t2 = Table("Karadoc", "Perceval", level=2)
    t2.throw("Karadoc", 4, 4, 2)
    t2.say("Karadoc", K.JE_SIROTE, after=0.3)
    assert t2.rejected(t2.say("Perceval", K.ATTRAPE_OISEAU, after=0.05)) == ["already_siroted"]


def test_attrape_oiseau_by_the_roller_or_on_no_chouette_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 4, 4, 2)
    t.say("Karadoc", K.ATTRAPE_OISEAU, after=0.3)
    t.close()
    t.throw("Perceval", 2, 3, 5)
    t.say("Karadoc", K.ATTRAPE_OISEAU, after=0.3)
    assert t.bevues() == [("Karadoc", "sirop_not_allowed"), ("Karadoc", "sirop_not_allowed")]


def test_without_negatives_the_attrapeur_needs_the_chouette_value() -> None:
    # [« Cette règle s'applique également pour l'Attrape-Oiseau. »]
    t = Table("Karadoc", "Perceval", level=2, negative_scores=False)
    t.set_scores(Perceval=15)
    t.throw("Karadoc", 4, 4, 2)
    t.say("Perceval", K.ATTRAPE_OISEAU, after=0.3)
    assert t.bevues() == [("Perceval", "sirop_not_allowed")] and t.phase == "reaction"


def test_at_one_star_attrape_oiseau_is_not_played() -> None:
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 4, 4, 2)
    assert t.rejected(t.say("Perceval", K.ATTRAPE_OISEAU)) == ["rule_off"]
