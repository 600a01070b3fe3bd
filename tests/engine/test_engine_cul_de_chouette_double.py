"""Seed 000 « Le Cul De Chouette Doublé » ★★."""

from __future__ import annotations

from engine_table import K, Table

from voice_scribe.engine import EventKind


def doubling(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, **options)
    t.throw("Karadoc", 5, 5, 5)  # a Cul de chouette of 5: 90
    return t


def test_the_points_wait_for_the_window_and_are_taken_when_nobody_doubles() -> None:
    t = doubling()
    assert t.score("Karadoc") == 0  # « sans prendre les points avant du Cul de Chouette »
    t.close()
    assert t.score("Karadoc") == 90


def test_a_successful_double_wins_both_culs_de_chouette() -> None:
    # « S'il réussit, il gagne les points de ses deux Culs De Chouettes. »
    t = doubling()
    t.say("Karadoc", K.CUL_DE_CHOUETTE_DOUBLE, after=0.4)
    assert t.phase == "relance"
    t.des("Karadoc", 2, 2, 2)
    assert t.score("Karadoc") == 90 + 60
    assert t.roller == "Perceval"


def test_the_same_cul_de_chouette_again_wins_the_game() -> None:
    # « Si … la valeur du deuxième Cul De Chouette est égale à celle du premier, alors le joueur remporte
    #   la partie, même s'il n'a pas atteint 343 pts. »
    t = doubling()
    t.say("Karadoc", K.CUL_DE_CHOUETTE_DOUBLE, after=0.4)
    events = t.des("Karadoc", 5, 5, 5)
    assert t.score("Karadoc") == 180
    assert t.game.state.winner == "Karadoc" and t.phase == "over"
    assert [e.reason for e in events if e.kind is EventKind.WINNER] == ["cul_de_chouette"]


def test_a_failed_double_eliminates_and_its_combination_does_not_apply() -> None:
    # « s'il échoue, il est automatiquement sorti du jeu »; « En cas d'échec, la combinaison réalisée ne
    #   prend pas effet. »
    t = doubling()
    t.say("Karadoc", K.CUL_DE_CHOUETTE_DOUBLE, after=0.4)
    events = t.des("Karadoc", 2, 3, 5)  # a Velute of 5 that does not apply
    assert t.score("Karadoc") == 0
    assert [(e.player, e.reason) for e in events if e.kind is EventKind.ELIMINATED] == [("Karadoc", "cul_de_chouette")]
    t.close("Perceval")
    assert t.roller == "Perceval" and t.score("Karadoc") == 0
    t.des("Perceval", 1, 1, 2)
    t.say("Karadoc", K.PAS_MOU_LE_CAILLOU, after=0.2)
    assert t.rejected(t.events[-1:]) == ["eliminated"]


def test_a_failed_double_at_two_players_leaves_the_other_the_winner() -> None:
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 5, 5, 5)
    t.say("Karadoc", K.CUL_DE_CHOUETTE_DOUBLE, after=0.4)
    t.des("Karadoc", 1, 3, 6)
    assert t.game.state.winner == "Perceval"


def test_after_a_successful_sirotage_too() -> None:
    # Aide de jeu: « Sur Cul de Chouette (après ou sans sirotage) »
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 4, 4, 2)
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    t.say("Perceval", K.COUCHE_SIROP)
    t.say("Karadoc", K.DE, dice=(4,))
    assert t.score("Karadoc") == 0
    t.say("Karadoc", K.CUL_DE_CHOUETTE_DOUBLE, after=0.4)
    t.des("Karadoc", 6, 6, 6)
    assert t.score("Karadoc") == 80 + 100


def test_by_another_player_or_without_a_cul_de_chouette_it_is_a_bevue() -> None:
    t = doubling()
    t.say("Perceval", K.CUL_DE_CHOUETTE_DOUBLE, after=0.4)
    t.close()
    t.throw("Perceval", 2, 3, 5)
    t.say("Perceval", K.CUL_DE_CHOUETTE_DOUBLE, after=0.4)
    assert t.bevues() == [("Perceval", "wrong_call"), ("Perceval", "wrong_call")]
    assert t.score("Karadoc") == 90


def test_the_relance_is_the_doublers_three_dice() -> None:
    t = doubling()
    t.say("Karadoc", K.CUL_DE_CHOUETTE_DOUBLE, after=0.4)
    t.des("Perceval", 1, 1, 1)
    assert t.bevues() == [("Perceval", "out_of_turn")]


def test_the_relance_may_be_announced_chouettes_then_cul() -> None:
    """Issue 10: a relance is thrown like any throw, « les chouettes, puis le cul », or all at once."""
    once, twice = doubling(), doubling()
    for t in (once, twice):
        t.say("Karadoc", K.CUL_DE_CHOUETTE_DOUBLE, after=0.4)
    once.des("Karadoc", 5, 5, 5)
    assert twice.rejected(twice.say("Karadoc", K.CHOUETTES, dice=(5, 5))) == []
    twice.say("Karadoc", K.CUL, dice=(5,))
    assert once.scores == twice.scores


def test_reacting_to_the_failed_throw_is_a_bevue() -> None:
    # « En cas d'échec, la combinaison réalisée ne prend pas effet. Par exemple, … réagir sur une Suite ou
    #   Chouette-Velute est une Bévue »
    t = doubling()
    t.say("Karadoc", K.CUL_DE_CHOUETTE_DOUBLE, after=0.4)
    t.des("Karadoc", 3, 3, 6)  # a Chouette-Velute that does not apply
    t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.2)
    t.close("Perceval")
    assert t.bevues() == [("Perceval", "wrong_call")] and t.score("Perceval") == -5


def test_on_a_successful_sirop_grelot_too() -> None:
    # « Le Cul De Chouette Doublé peut également être tenté sur un Sirop-Grelot réussi. »
    t = Table("Karadoc", "Perceval", "Léodagan", level=2)
    t.set_scores(Karadoc=200, Perceval=200)
    t.give("Karadoc", "grelottine")
    t.give("Perceval", "grelottine")
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="sirop_grelot", max_stake=True)  # 3 % of 200 = 6
    t.des("Perceval", 4, 4, 1)
    t.say("Perceval", K.JE_SIROTE)
    t.say("Karadoc", K.COUCHE_SIROP)
    t.say("Léodagan", K.COUCHE_SIROP)
    t.say("Perceval", K.DE, dice=(4,))
    assert t.score("Perceval") == 206  # the stake; the Cul de chouette of 4 waits
    t.say("Perceval", K.CUL_DE_CHOUETTE_DOUBLE, after=0.3)
    t.des("Perceval", 2, 2, 2)
    assert t.score("Perceval") == 206 + 80 + 60
    assert t.roller == "Karadoc"  # « Le jeu reprend ensuite normalement »: the interrupted turn
