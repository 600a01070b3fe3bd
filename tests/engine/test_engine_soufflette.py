"""Seed 000 « La Soufflette » ★★ (4-2-1)."""

from __future__ import annotations

import pytest
from engine_table import K, Table


def en_garde(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, **options)
    t.set_scores(Karadoc=100, Perceval=100, Léodagan=100)
    t.throw("Karadoc", 4, 2, 1)
    t.say("Karadoc", K.EN_GARDE, after=0.4, target="Perceval")
    return t


@pytest.mark.parametrize("misses,gain", [(0, 50), (1, 40), (2, 30)])
def test_421_on_throw_one_two_three_is_worth_50_40_30(misses: int, gain: int) -> None:
    # « du 1er coup, le souffleur perd 50 pts et le soufflé les gagne. du 2e coup, … 40 pts …
    #   du 3e coup, … 30 pts »
    t = en_garde()
    for _ in range(misses):
        t.des("Perceval", 6, 6, 3)  # a Chouette of 6 that does not count: « seule la combinaison finale prend effet »
    t.des("Perceval", 1, 4, 2)
    assert t.scores == {"Karadoc": 100 - gain, "Perceval": 100 + gain, "Léodagan": 100}
    assert t.roller == "Perceval"  # the game goes on after the souffleur's turn


def test_a_failed_soufflette_costs_thirty_then_the_final_combination_applies() -> None:
    # « le soufflé perd d'abord les points de la Soufflette, puis s'ajoutent ceux de l'éventuelle
    #   combinaison qu'il a réalisée en fin de défi »; « Si le soufflé échoue, il perd 30 pts et le
    #   souffleur les gagne. »
    t = en_garde()
    t.des("Perceval", 6, 6, 3)
    t.des("Perceval", 6, 6, 2)
    t.des("Perceval", 2, 3, 5)  # the third throw: a Velute of 5
    assert t.scores == {"Karadoc": 130, "Perceval": 100 - 30 + 50, "Léodagan": 100}
    t.close()
    assert t.roller == "Perceval"


def test_the_final_chouette_of_a_failed_soufflette_scores_when_its_window_closes() -> None:
    t = en_garde()
    t.des("Perceval", 6, 6, 3)
    t.des("Perceval", 6, 6, 2)
    t.des("Perceval", 6, 6, 1)
    t.close()
    assert t.score("Perceval") == 100 - 30 + 36


def test_only_the_souffle_throws() -> None:
    t = en_garde()
    t.des("Léodagan", 1, 2, 4)
    assert t.bevues() == [("Léodagan", "out_of_turn")]
    assert t.scores == {"Karadoc": 100, "Perceval": 100, "Léodagan": 95}


def test_a_soufflette_is_not_a_neant_at_two_stars() -> None:
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 4, 2, 1)
    t.close()
    assert not t.holds("Karadoc", "grelottine")
    t1 = Table("Karadoc", "Perceval")
    t1.throw("Karadoc", 4, 2, 1)
    assert t1.holds("Karadoc", "grelottine")  # ★: a Néant


def test_en_garde_without_a_soufflette_or_by_another_player_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2)
    t.throw("Karadoc", 4, 2, 1)
    t.say("Perceval", K.EN_GARDE, target="Léodagan")
    t.say("Karadoc", K.EN_GARDE, target="Karadoc")
    assert t.bevues() == [("Perceval", "not_allowed"), ("Karadoc", "not_allowed")]
    t.close()
    t.throw("Perceval", 4, 2, 5)
    t.say("Perceval", K.EN_GARDE, target="Karadoc")
    assert t.bevues()[-1] == ("Perceval", "not_allowed")


def test_without_negatives_both_need_thirty_points() -> None:
    # « [À condition que les deux joueurs aient un score supérieur ou égal à 30 pts. … et si le
    #   souffleur crie l'annonce, il y a Bévue.] »
    t = Table("Karadoc", "Perceval", level=2, negative_scores=False)
    t.set_scores(Karadoc=100, Perceval=29)
    t.throw("Karadoc", 4, 2, 1)
    t.say("Karadoc", K.EN_GARDE, target="Perceval")
    assert t.bevues() == [("Karadoc", "not_allowed")] and t.phase == "reaction"


def test_with_negatives_there_is_no_minimum() -> None:
    # « Il n'y a pas de restriction non plus sur la Soufflette. »
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 4, 2, 1)
    t.say("Karadoc", K.EN_GARDE, target="Perceval")
    t.des("Perceval", 3, 3, 3)
    t.des("Perceval", 3, 3, 3)
    t.des("Perceval", 3, 3, 4)  # a Chouette of 3 at the end (4-3-3 is a Bleu-Rouge only at ★★★)
    t.close()
    assert t.scores == {"Karadoc": 30, "Perceval": -30 + 9}


def test_no_civet_and_no_achat_during_a_soufflette() -> None:
    # « Le Civet est interdit durant une Soufflette »; « l'Achat durant une Soufflette »
    t = en_garde()
    t.give("Perceval", "civet")
    t.say("Perceval", K.CIVET, number=10, combination="chouette")
    assert t.bevues() == [("Perceval", "civet_not_allowed")]
    assert t.rejected(t.say("Léodagan", K.ACHAT)) == ["too_late"]


def test_a_souffle_out_of_the_game_throws_nothing_and_the_game_goes_on() -> None:
    t = en_garde()
    t.set_scores(Perceval=-340)
    t.say("Léodagan", K.BEVUE, target="Perceval")  # −345: out
    t.des("Léodagan", 2, 3, 5)  # the next call: the Soufflette is dropped, the turn moves on
    assert t.game.state.players["Perceval"].eliminated
    assert t.roller == "Léodagan" and t.score("Léodagan") == 150
