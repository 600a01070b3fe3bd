"""Seed 000 « Le Cul De Chouette Doublé Diminué » ★★★ (seed 003 « Niveau confirmé »)."""

from __future__ import annotations

from engine_table import K, Table

from voice_scribe.engine.families.cul_de_chouette_double_diminue import intervalle_paien_gain


def siffle(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=3, **options)
    t.throw("Karadoc", 5, 5, 5)  # a Cul de chouette of 5: 90
    t.say("Karadoc", K.INTERVALLE_PAIEN, after=0.4)
    return t


def test_success_wins_one_and_a_half_times_both_culs_de_chouette() -> None:
    # « S'il réussit, il gagne 1,5x la somme des points de ses deux Culs De Chouettes. »
    t = siffle()
    t.des("Karadoc", 2, 2, 2)  # 60
    assert t.score("Karadoc") == (90 + 60) * 3 // 2 == 225
    assert t.roller == "Perceval"


def test_failure_loses_twice_the_first_and_the_combination_does_not_apply() -> None:
    # « s'il échoue, il perd le double des points de son premier cul de chouette »; « la combinaison
    #   réalisée ne prend pas effet »
    t = siffle()
    t.des("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -180 and not t.game.state.players["Karadoc"].eliminated


def equal_values() -> Table:
    t = siffle()
    t.des("Karadoc", 5, 5, 5)
    return t


def test_equal_values_unisson_takes_the_gain() -> None:
    # « le lanceur doit annoncer "Unisson" pour récupérer la valeur du "cul de chouette doublé diminué" »
    t = equal_values()
    assert intervalle_paien_gain(5, 5) == 270
    t.say("Karadoc", K.UNISSON, after=0.3)
    t.close()
    assert t.score("Karadoc") == 270


def test_petit_intervalle_first_takes_half() -> None:
    # « Si un autre joueur annonce en premier "un petit intervalle diminué de temps en temps" alors il gagne la
    #   moitié des gains …, et le joueur qui a réussi … ne récupère que la moitié »
    t = equal_values()
    t.say("Perceval", K.PETIT_INTERVALLE, after=0.3)
    t.say("Karadoc", K.UNISSON, after=0.4)
    t.close()
    assert t.scores == {"Karadoc": 135, "Perceval": 135, "Léodagan": 0}


def test_together_the_roller_has_priority() -> None:
    # « S'il y a plusieurs annonces simultanées, celui qui a tenté le cul de chouette doublé diminué est prioritaire. »
    t = equal_values()
    t.say("Perceval", K.PETIT_INTERVALLE, after=0.3)
    t.say("Karadoc", K.UNISSON, after=0.05)
    t.close()
    assert t.scores == {"Karadoc": 270, "Perceval": 0, "Léodagan": 0}


def test_several_petit_intervalle_together_lose_half_and_the_roller_wins_all() -> None:
    # « S'il y a plusieurs annonces simultanées "un petit intervalle …", alors les joueurs concernés perdent la
    #   moitié des points …, et celui qui a lancé les dés gagne automatiquement les points »
    t = equal_values()
    t.say("Perceval", K.PETIT_INTERVALLE, after=0.3)
    t.say("Léodagan", K.PETIT_INTERVALLE, after=0.05)
    t.close()
    assert t.scores == {"Karadoc": 270, "Perceval": -135, "Léodagan": -135}


def test_nobody_says_unisson_the_roller_takes_nothing() -> None:
    t = equal_values()
    t.close()
    assert t.score("Karadoc") == 0


def test_unisson_without_equal_values_is_a_bevue() -> None:
    t = siffle()
    t.des("Karadoc", 2, 2, 2)  # different values: paid at once, no window
    assert t.rejected(t.say("Karadoc", K.UNISSON, after=0.2)) == ["too_late"]
    t.throw("Perceval", 3, 3, 3)
    t.say("Perceval", K.UNISSON, after=0.2)  # a Cul de chouette nobody doubled
    t.say("Karadoc", K.PETIT_INTERVALLE, after=0.2)
    assert t.bevues() == [("Perceval", "wrong_call"), ("Karadoc", "wrong_call")]


def test_intervalle_paien_without_a_cul_de_chouette_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", level=3)
    t.throw("Karadoc", 2, 3, 5)
    t.say("Karadoc", K.INTERVALLE_PAIEN, after=0.3)
    assert t.bevues() == [("Karadoc", "wrong_call")]


def test_no_verdier_and_no_achat_during_it() -> None:
    # « Le Verdier est interdit pendant un … Cul de Chouette Doublé Diminué »; « l'achat … d'un Cul de Chouette
    #   Doublé Diminué »: the relance is three dice at once, there is no cul to bet on or buy.
    t = siffle()
    t.say("Perceval", K.VERT_LINETTE, after=0.2)
    assert t.bevues() == [("Perceval", "wrong_call")]
    assert t.rejected(t.say("Perceval", K.ACHAT, after=0.2)) == ["too_late"]


def test_after_a_failure_a_sirotage_on_the_chouette_is_a_bevue() -> None:
    # « en cas de Chouette, Le Sirop et l'Attrape-Oiseau est interdit »
    t = siffle()
    t.des("Karadoc", 2, 2, 5)
    t.say("Karadoc", K.JE_SIROTE, after=0.2)
    t.say("Perceval", K.ATTRAPE_OISEAU, after=0.2)
    assert t.bevues() == [("Karadoc", "sirop_not_allowed"), ("Perceval", "sirop_not_allowed")]
    t.close()
    assert t.score("Karadoc") == -180 - 5
