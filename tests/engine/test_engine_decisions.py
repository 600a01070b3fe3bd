"""Tests for the rule decisions of docs/rules.md that other files do not already pin down."""

from __future__ import annotations

from engine_table import K, Table


def test_the_first_thrower_opens_when_the_table_skips_the_roll_off() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan")
    t.des("Perceval", 2, 3, 5)
    assert t.score("Perceval") == 50
    assert t.game.state.order == ["Perceval", "Léodagan", "Karadoc"]


def test_a_shout_after_the_window_closed_is_ignored_not_punished() -> None:
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 3, 3, 6)
    t.close()
    events = t.say("Perceval", K.PAS_MOU_LE_CAILLOU)
    assert t.rejected(events) == ["too_late"] and t.score("Perceval") == 0


def test_without_negatives_a_grelottine_is_lost_below_thirty() -> None:
    # [« Si un joueur possédant une Grelottine redescend en dessous de 30 pts, il perd sa Grelottine. »]
    t = Table("Karadoc", "Perceval", negative_scores=False)
    t.set_scores(Karadoc=32)
    t.give("Karadoc", "grelottine")
    t.say("Perceval", K.BEVUE, target="Karadoc")
    assert t.score("Karadoc") == 27 and not t.holds("Karadoc", "grelottine")


def test_sirop_grelot_is_won_by_a_sirotage_that_makes_the_cul_de_chouette() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan")
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
    assert t.score("Perceval") == 200 + 80 + 6 and t.score("Karadoc") == 200 - 6


def test_sirop_grelot_a_chouette_left_unsiroted_on_the_first_throw_moves_to_the_second() -> None:
    t = Table("Karadoc", "Perceval")
    t.set_scores(Karadoc=200, Perceval=200)
    t.give("Karadoc", "grelottine")
    t.give("Perceval", "grelottine")
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="sirop_grelot", number=6)
    t.des("Perceval", 4, 4, 1)
    t.close()
    assert t.phase == "grelottine_throw" and t.score("Perceval") == 200
    t.des("Perceval", 2, 3, 5)  # the second throw: no Cul de chouette, the challenge is lost
    assert t.score("Perceval") == 200 - 6 + 50 and t.score("Karadoc") == 206


def test_the_last_player_left_in_the_game_wins() -> None:
    t = Table("Karadoc", "Perceval")
    t.set_scores(Karadoc=-340)
    t.say("Perceval", K.BEVUE, target="Karadoc")
    assert t.game.state.winner == "Perceval"


def test_one_two_three_at_one_star_pays_the_roller_his_velute_of_three() -> None:
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 2, 1, 3)
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE)
    t.say("Perceval", K.GRELOTTE_CA_PICOTE)
    t.close()
    assert t.scores == {"Karadoc": 18, "Perceval": -10}


def test_a_player_put_out_during_a_roll_off_does_not_stall_it() -> None:
    # docs/rules.md E6: the Suite's dice tie-break between Perceval and Léodagan; Léodagan is declared a
    # Bévue at −340 and goes out (−345 ≤ −343): the roll-off is settled without him.
    t = Table("Karadoc", "Perceval", "Léodagan", "Bohort")
    t.throw("Karadoc", 2, 3, 4)
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)
    t.say("Bohort", K.GRELOTTE_CA_PICOTE, after=0.1)
    t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.5)
    t.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.05)
    t.close()
    t.say("Perceval", K.SANS_FIN, after=0.5)
    t.say("Léodagan", K.SANS_FIN, after=0.05)
    assert t.phase == "roll_off"
    t.set_scores(Léodagan=-340)
    t.say("Karadoc", K.BEVUE, target="Léodagan")
    assert t.game.state.players["Léodagan"].eliminated
    assert t.phase != "roll_off" and t.score("Perceval") == -10  # the one left in the tie-break loses it
    assert t.roller == "Perceval"
