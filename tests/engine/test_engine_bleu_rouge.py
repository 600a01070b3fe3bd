"""Seed 000 « Le Bleu-Rouge » and « Le Pélican » ★★★ (3-4-3); seed 004 « Le bleu-rouge »."""

from __future__ import annotations

import pytest
from engine_table import K, Table

from voice_scribe.engine.families.bleu_rouge import relance_gain


def bleu_rouge(bets: dict[str, int] | None = None, **options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=3, **options)
    t.throw("Karadoc", 3, 4, 3)
    for player, total in (bets or {"Karadoc": 10, "Perceval": 15, "Léodagan": 18}).items():
        t.say(player, K.RELANCE, number=total, after=0.3)
    return t


def test_the_roller_wins_the_nine_points_of_the_chouette_of_three_and_must_relance() -> None:
    t = Table("Karadoc", "Perceval", level=3)
    t.throw("Karadoc", 3, 4, 3)
    assert t.score("Karadoc") == 9 and t.phase == "relance"


@pytest.mark.parametrize("total,gain", [(3, 42), (10, 56), (15, 66), (18, 72)])
def test_the_right_bet_is_worth_36_plus_twice_the_relance(total: int, gain: int) -> None:
    # « il gagne 36 pts + le double de la valeur de la relance réussie »
    assert relance_gain(total) == gain


def test_the_right_bettor_wins_and_the_combination_applies_to_him() -> None:
    # « + les points de la combinaison éventuellement réalisée. Si la mise a été réussie par un joueur,
    #   l'éventuelle combinaison s'applique. »
    t = bleu_rouge()
    t.des("Karadoc", 5, 5, 5)  # 15, a Cul de chouette of 5
    assert t.scores == {"Karadoc": 9, "Perceval": 36 + 30 + 90, "Léodagan": 0}
    t.close()
    assert t.roller == "Perceval"


def test_the_combination_of_the_relance_plays_its_race() -> None:
    t = bleu_rouge()
    t.des("Karadoc", 4, 5, 6)  # 15, a Suite: the Grelotte race runs
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.1)
    t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.1)
    t.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.5)
    t.close()
    assert t.scores == {"Karadoc": 9, "Perceval": 66, "Léodagan": -10}


def test_nobody_right_no_combination_applies() -> None:
    # « Si au contraire aucun joueur n'a trouvé la valeur de la relance, aucune combinaison ne s'applique. »
    t = bleu_rouge()
    t.des("Karadoc", 2, 2, 3)  # 7: a Chouette of 2 nobody bet on
    t.close()
    assert t.scores == {"Karadoc": 9, "Perceval": 0, "Léodagan": 0}


def test_a_repeated_sum_is_a_bevue_and_the_bet_is_void() -> None:
    # « Chaque joueur doit miser sur une valeur différente »
    t = Table("Karadoc", "Perceval", "Léodagan", level=3)
    t.throw("Karadoc", 3, 4, 3)
    t.say("Perceval", K.RELANCE, number=15)
    t.say("Léodagan", K.RELANCE, number=15)
    t.say("Karadoc", K.RELANCE, number=19)
    assert t.bevues() == [("Léodagan", "repeated_relance"), ("Karadoc", "wrong_call")]
    assert t.rejected(t.say("Perceval", K.RELANCE, number=12)) == ["already_bet"]
    t.des("Karadoc", 5, 5, 5)
    assert t.score("Perceval") == 156 and t.score("Léodagan") == -5


def test_a_relance_said_on_another_throw_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", level=3)
    t.throw("Karadoc", 2, 3, 5)
    t.say("Perceval", K.RELANCE, number=15)
    assert t.bevues() == [("Perceval", "wrong_call")]


def test_a_bleu_rouge_cannot_be_siroted_its_relance_is_awaited() -> None:
    # « il s'agit d'une Bévue si un joueur tente un Sirotage sur … un Bleu-Rouge »
    t = Table("Karadoc", "Perceval", level=3)
    t.say("Karadoc", K.CHOUETTES, dice=(3, 4))
    t.say("Karadoc", K.CUL, dice=(3,))
    assert t.rejected(t.say("Karadoc", K.JE_SIROTE)) == ["too_late"]  # no window: the relance is awaited


def test_a_civet_during_a_bleu_rouge_needs_a_right_relance() -> None:
    # « si elle se fait durant un Bleu-Rouge, la relance doit être bonne pour que le Civet soit réussi »
    t = Table("Karadoc", "Perceval", level=3)
    t.give("Karadoc", "civet")
    t.say("Karadoc", K.CIVET, number=20, combination="cul_de_chouette")
    t.throw("Karadoc", 3, 4, 3)
    t.say("Karadoc", K.RELANCE, number=12)
    t.say("Perceval", K.RELANCE, number=15)
    t.des("Karadoc", 4, 4, 4)  # 12: Karadoc is right, a Cul de chouette
    assert t.score("Karadoc") == 9 + 36 + 24 + 20 + 80
    t2 = Table("Karadoc", "Perceval", level=3)
    t2.give("Karadoc", "civet")
    t2.say("Karadoc", K.CIVET, number=20, combination="cul_de_chouette")
    t2.throw("Karadoc", 3, 4, 3)
    t2.say("Karadoc", K.RELANCE, number=11)
    t2.des("Karadoc", 4, 4, 4)  # a Cul de chouette, but nobody said 12
    assert t2.score("Karadoc") == 9 - 20


def test_a_neant_on_the_relance_is_a_jarret_not_a_grelottine() -> None:
    # « Si la relance (réussie ou non) donne un Néant, c'est un Jarret. »
    t = bleu_rouge()
    t.des("Karadoc", 1, 3, 6)  # 10: Karadoc was right; a Néant
    t.say("Léodagan", K.LANCE_BUCHES, after=0.2)
    t.say("Perceval", K.LANCE_BUCHES, after=0.3)
    t.close()
    assert t.score("Karadoc") == 9 + 56
    assert t.holds("Léodagan", "jarret") and not t.holds("Perceval", "jarret")
    assert not t.holds("Karadoc", "grelottine")


def test_tied_lance_buches_each_get_a_jarret_but_never_two() -> None:
    # « Le premier joueur (ou premiers, en cas d'égalité) … obtient un Jarret »; 004: « on n'en a jamais deux »
    t = bleu_rouge()
    t.give("Perceval", "jarret")
    t.des("Karadoc", 1, 2, 4)  # 7: nobody right, still a Jarret (the Soufflette is not replayed on a relance)
    t.say("Léodagan", K.LANCE_BUCHES, after=0.2)
    t.say("Perceval", K.LANCE_BUCHES, after=0.05)
    t.close()
    assert t.holds("Léodagan", "jarret") and t.holds("Perceval", "jarret")
    assert [e.player for e in t.events if e.kind.value == "holding" and e.reason == "jarret"] == ["Léodagan"]


def test_lance_buches_without_a_neant_relance_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", level=3)
    t.throw("Karadoc", 1, 3, 6)
    t.say("Perceval", K.LANCE_BUCHES, after=0.2)
    assert t.bevues() == [("Perceval", "wrong_call")]


# ── le Pélican ──
def test_pelican_the_first_shout_wins_28_and_the_right_bettor_makes_200() -> None:
    # « 36 pts (relance réussie) + 36 pts (relance de 18 x2) + 100 pts (valeur du Cul De Chouette de 6) +
    #   28 pts (s'il crie l'annonce avant les autres), ce qui peut représenter un total de 200 pts d'un coup »
    t = bleu_rouge()
    t.des("Karadoc", 6, 6, 6)
    t.say("Léodagan", K.PELICAN, after=0.2)
    t.say("Perceval", K.PELICAN, after=0.4)
    t.close()
    assert t.scores == {"Karadoc": 9, "Perceval": 0, "Léodagan": 200}


def test_pelican_without_a_right_bettor_still_pays_28() -> None:
    t = bleu_rouge({"Karadoc": 10, "Perceval": 15})
    t.des("Karadoc", 6, 6, 6)
    t.say("Perceval", K.PELICAN, after=0.2)
    t.close()
    assert t.scores == {"Karadoc": 9, "Perceval": 28, "Léodagan": 0}


def test_pelican_tie_passe_montagne_decides() -> None:
    # « En cas d'égalité, les joueurs concernés doivent enchaîner avec “ Passe-Montagne ! ” »
    t = bleu_rouge({"Karadoc": 10, "Perceval": 15})
    t.des("Karadoc", 6, 6, 6)
    t.say("Karadoc", K.PELICAN, after=0.2)
    t.say("Perceval", K.PELICAN, after=0.05)
    t.say("Perceval", K.PASSE_MONTAGNE, after=0.5)
    t.say("Karadoc", K.PASSE_MONTAGNE, after=0.4)
    t.close()
    assert t.scores == {"Karadoc": 9, "Perceval": 28, "Léodagan": 0}


def test_pelican_tie_then_zbradaraldjan() -> None:
    t = bleu_rouge({"Karadoc": 10, "Perceval": 15})
    t.des("Karadoc", 6, 6, 6)
    t.say("Karadoc", K.PELICAN, after=0.2)
    t.say("Perceval", K.PELICAN, after=0.05)
    t.say("Perceval", K.PASSE_MONTAGNE, after=0.5)
    t.say("Karadoc", K.PASSE_MONTAGNE, after=0.05)
    t.say("Karadoc", K.ZBRADARALDJAN, after=0.5)
    t.say("Perceval", K.ZBRADARALDJAN, after=0.5)
    t.close()
    assert t.score("Karadoc") == 9 + 28


def test_pelican_still_tied_the_one_who_bet_18_wins() -> None:
    # « Si deux joueurs ou plus sont toujours à égalité après “ Zbradaraldjan ! ”, le joueur ayant relancé
    #   de 18 gagne les points. »
    t = bleu_rouge()
    t.des("Karadoc", 6, 6, 6)
    for kind in (K.PELICAN, K.PASSE_MONTAGNE, K.ZBRADARALDJAN):
        t.say("Karadoc", kind, after=0.5)
        t.say("Léodagan", kind, after=0.05)
    t.close()
    assert t.scores == {"Karadoc": 9, "Perceval": 0, "Léodagan": 172 + 28}


def test_pelican_still_tied_and_nobody_bet_18_a_die_lowest_wins() -> None:
    # « Si personne n'a relancé de 18, les joueurs concernés tirent aux dés pour se départager (le plus petit
    #   score l'emporte). »
    t = bleu_rouge({"Karadoc": 10, "Perceval": 15})
    t.des("Karadoc", 6, 6, 6)
    t.say("Karadoc", K.PELICAN, after=0.2)
    t.say("Perceval", K.PELICAN, after=0.05)
    t.close()
    assert t.phase == "roll_off"
    t.say("Karadoc", K.DE, dice=(4,))
    t.say("Perceval", K.DE, dice=(3,))
    assert t.scores == {"Karadoc": 9, "Perceval": 28, "Léodagan": 0}
    assert t.roller == "Perceval"


def test_pelican_on_another_relance_is_a_bevue() -> None:
    t = bleu_rouge()
    t.des("Karadoc", 5, 5, 5)
    t.say("Perceval", K.PELICAN, after=0.2)
    assert t.bevues() == [("Perceval", "wrong_call")]


def test_at_two_stars_three_four_three_is_a_chouette_of_three() -> None:
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 3, 4, 3)
    t.close()
    assert t.score("Karadoc") == 9 and t.roller == "Perceval"
