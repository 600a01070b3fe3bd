"""Seed 000 « Scores négatifs », « La Bévue », « Fin du jeu » and « Le Chante-Sloubi »."""

from __future__ import annotations

from engine_table import K, Table

from voice_scribe.engine import EventKind
from voice_scribe.engine.sloubi import SLOUBI_LIMIT, sloubi_value, sung_score


def test_bevue_costs_five_by_default_and_ten_as_an_option() -> None:
    t = Table("Karadoc", "Perceval")
    t.say("Perceval", K.BEVUE, target="Karadoc")
    assert t.score("Karadoc") == -5
    t = Table("Karadoc", "Perceval", bevue_penalty=10)
    t.say("Perceval", K.BEVUE, target="Karadoc")
    assert t.score("Karadoc") == -10


def test_bevues_are_cumulable() -> None:
    t = Table("Karadoc", "Perceval")
    t.des("Karadoc", 3, 4, 4)
    t.say("Perceval", K.PAS_MOU_LE_CAILLOU)
    t.say("Perceval", K.GRELOTTE_CA_PICOTE)
    assert t.score("Perceval") == -10


def test_without_negatives_a_score_stops_at_zero() -> None:
    t = Table("Karadoc", "Perceval", negative_scores=False)
    t.set_scores(Karadoc=3)
    t.say("Perceval", K.BEVUE, target="Karadoc")
    assert t.scores == {"Karadoc": 0, "Perceval": 0}


def test_without_negatives_a_player_at_zero_makes_the_others_gain() -> None:
    # « Tant qu'un joueur est à zéro il ne peut pas perdre de point (y compris en cas de Bévue) mais
    #   fait gagner le même nombre de points à tous les autres joueurs. »
    t = Table("Karadoc", "Perceval", "Léodagan", negative_scores=False)
    t.say("Perceval", K.BEVUE, target="Karadoc")
    assert t.scores == {"Karadoc": 0, "Perceval": 5, "Léodagan": 5}


def test_with_negatives_minus_343_is_out_of_the_game() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan")
    t.set_scores(Karadoc=-340)
    events = t.say("Perceval", K.BEVUE, target="Karadoc")
    assert [e.player for e in events if e.kind is EventKind.ELIMINATED] == ["Karadoc"]
    t.des("Karadoc", 2, 3, 5)
    assert t.roller == "Perceval"  # his turn is skipped
    t.des("Perceval", 2, 3, 5)
    t.close()
    assert t.roller == "Léodagan"
    t.des("Léodagan", 2, 3, 5)
    t.close()
    assert t.roller == "Perceval"


def test_343_wins_and_ends_the_game() -> None:
    t = Table("Karadoc", "Perceval")
    t.set_scores(Karadoc=300)
    t.des("Karadoc", 1, 5, 6)  # Velute of 6: 72
    assert t.game.state.winner == "Karadoc" and t.phase == "over"
    events = t.des("Perceval", 6, 6, 6)
    assert t.rejected(events) == ["game_over"]


def test_two_crossing_together_the_higher_score_wins() -> None:
    # « Si deux joueurs arrivent au score final en même temps … le joueur ayant atteint le plus haut
    #   score est déclaré vainqueur. »
    t = Table("Karadoc", "Perceval", "Léodagan")
    t.set_scores(Karadoc=330, Perceval=320)
    t.give("Karadoc", "grelottine")
    t.give("Perceval", "grelottine")
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="velute", number=20)
    t.des("Perceval", 1, 4, 6)  # first throw: a Néant, no Velute
    t.des("Perceval", 6, 6, 6)  # second: no Velute either, but a Cul de chouette of 6
    # the same decision takes Karadoc to 350 and Perceval to 320 - 20 + 100 = 400
    assert t.scores["Karadoc"] == 350 and t.scores["Perceval"] == 400
    assert t.game.state.winner == "Perceval"


def test_sloubi_value_follows_the_formula() -> None:
    # « prendre le plus haut score, lui soustraire le deuxième score le plus haut, puis multiplier le
    #   résultat par le nombre de tours joués, et enfin diviser le total par 10 »
    assert sloubi_value([200, 150, 20], 9) == 45
    assert sloubi_value([57, 50], 3) == 2  # 21 / 10, decimals dropped
    assert sung_score(45, True) == 67 and sung_score(45, False) == 45


def test_chante_sloubi_at_the_end_of_a_round() -> None:
    t = Table("Karadoc", "Perceval")
    for _ in range(3):
        t.des("Karadoc", 2, 3, 5)
        t.des("Perceval", 1, 2, 6)
    t.close()
    # Karadoc 150, Perceval 0, 3 rounds: (150 - 0) × 3 / 10 = 45
    t.say("Bohort", K.CHANTE_SLOUBI)
    assert t.phase == "sloubi"
    t.say("Karadoc", K.SLOUBI_REUSSI, after=20)
    assert t.score("Bohort") == 67
    assert t.game.state.order[-1] == "Bohort"


def test_chante_sloubi_above_228_must_wait() -> None:
    # « La limite du sloubi est de 228. Au-delà, le joueur … ne peut pas chanter »
    t = Table("Karadoc", "Perceval", target=5000)  # 2290 points without winning the game
    t.des("Karadoc", 2, 3, 5)
    t.des("Perceval", 1, 2, 6)
    t.close()
    t.set_scores(Karadoc=2290)
    events = t.say("Bohort", K.CHANTE_SLOUBI)
    assert t.rejected(events) == ["sloubi_limit"]
    assert SLOUBI_LIMIT == 228


def test_chante_sloubi_in_the_middle_of_a_round_is_refused() -> None:
    t = Table("Karadoc", "Perceval")
    t.des("Karadoc", 2, 3, 5)
    t.close()
    events = t.say("Bohort", K.CHANTE_SLOUBI)
    assert t.rejected(events) == ["wrong_phase"]
