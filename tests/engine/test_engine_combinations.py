"""Seed 000 « Les combinaisons » ★: who scores what when the cul falls."""

from __future__ import annotations

from engine_table import K, Table

from voice_scribe.engine import EventKind


def table() -> Table:
    return Table("Karadoc", "Perceval", "Léodagan")


def test_chouette_scores_the_square_for_the_roller_when_the_window_closes() -> None:
    t = table()
    t.throw("Karadoc", 1, 4, 4)
    assert t.score("Karadoc") == 0  # he may still sirote
    t.close()
    assert t.score("Karadoc") == 16
    assert t.roller == "Perceval"


def test_velute_scores_twice_the_square_of_the_highest_die() -> None:
    t = table()
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == 50


def test_cul_de_chouette_scores_forty_plus_ten_times_the_die() -> None:
    t = table()
    t.des("Karadoc", 6, 6, 6)
    assert t.score("Karadoc") == 100


def test_neant_gives_the_roller_a_grelottine_not_cumulable() -> None:
    t = table()
    t.des("Karadoc", 1, 3, 6)
    assert t.holds("Karadoc", "grelottine")
    t.close()
    t.des("Perceval", 2, 3, 4)
    for p in ("Karadoc", "Perceval", "Léodagan"):
        t.say(p, K.GRELOTTE_CA_PICOTE, after=0.3)
    t.close()
    t.des("Léodagan", 2, 2, 2)
    t.close()
    events = t.des("Karadoc", 1, 3, 6)
    assert not [e for e in events if e.kind is EventKind.HOLDING]  # he already had one


def test_neant_without_negatives_needs_thirty_points_for_a_grelottine() -> None:
    t = Table("Karadoc", "Perceval", negative_scores=False)
    t.set_scores(Karadoc=29)
    t.des("Karadoc", 1, 3, 6)
    assert not t.holds("Karadoc", "grelottine")
    t.close()
    t.set_scores(Perceval=30)
    t.des("Perceval", 1, 3, 6)
    assert t.holds("Perceval", "grelottine")


class TestChouetteVelute:
    """« Le premier joueur qui frappe dans ses mains en criant “Pas mou le caillou !” gagne les points
    de la Chouette-Velute. Si plusieurs joueurs sont à égalité lors de l'annonce, alors les points de
    la Chouette-Velute sont soustraits des scores des joueurs concernés. »"""

    def test_the_first_shout_wins_the_velute_value(self) -> None:
        t = table()
        t.throw("Karadoc", 3, 3, 6)
        t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.4)
        t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.3)
        t.close()
        assert t.scores == {"Karadoc": 0, "Perceval": 72, "Léodagan": 0}

    def test_the_roller_may_shout_too(self) -> None:
        t = table()
        t.throw("Karadoc", 1, 1, 2)
        t.say("Karadoc", K.PAS_MOU_LE_CAILLOU, after=0.2)
        t.close()
        assert t.score("Karadoc") == 8

    def test_tied_first_shouts_lose_the_value(self) -> None:
        t = table()
        t.throw("Karadoc", 2, 2, 4)
        t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.4)
        t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.1)  # within the 150 ms tie window
        t.say("Karadoc", K.PAS_MOU_LE_CAILLOU, after=0.5)
        t.close()
        assert t.scores == {"Karadoc": 0, "Perceval": -32, "Léodagan": -32}

    def test_just_outside_the_tie_window_is_not_a_tie(self) -> None:
        t = Table("Karadoc", "Perceval", "Léodagan", tie_window_ms=100)
        t.throw("Karadoc", 2, 2, 4)
        t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.4)
        t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.11)
        t.close()
        assert t.scores == {"Karadoc": 0, "Perceval": 32, "Léodagan": 0}

    def test_nobody_shouts_nobody_scores(self) -> None:
        t = table()
        t.throw("Karadoc", 3, 3, 6)
        t.close()
        assert t.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}

    def test_pas_mou_on_a_plain_chouette_is_a_bevue(self) -> None:
        t = table()
        t.throw("Karadoc", 3, 3, 5)
        t.say("Perceval", K.PAS_MOU_LE_CAILLOU)
        assert t.bevues() == [("Perceval", "wrong_call")]
        assert t.score("Perceval") == -5

    def test_a_preventive_that_turns_out_right_wins(self) -> None:
        # « Conseils pratiques » 3/: an announcement while the dice roll counts when right.
        t = table()
        t.say("Karadoc", K.CHOUETTES, dice=(3, 3))
        t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.2)
        t.say("Karadoc", K.CUL, after=0.1, dice=(6,))
        t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.3)
        t.close()
        assert t.score("Perceval") == 72 and t.score("Léodagan") == 0

    def test_a_failed_preventive_is_a_bevue(self) -> None:
        # « Une préventive échouée mène bien sûr à une Bévue »
        t = table()
        t.say("Karadoc", K.CHOUETTES, dice=(3, 3))
        t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.2)
        t.say("Karadoc", K.CUL, after=0.1, dice=(5,))
        assert t.bevues() == [("Perceval", "wrong_call")]


class TestSuite:
    """« Tous les joueurs doivent taper du poing sur la table en criant “Grelotte ça picote !”, le
    dernier joueur à le faire perd 10 pts. »"""

    def test_the_last_shouter_loses_ten(self) -> None:
        t = table()
        t.throw("Karadoc", 4, 5, 6)
        t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.3)
        t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)
        t.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.3)
        t.close()
        assert t.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": -10}

    def test_a_player_who_never_shouts_loses_ten(self) -> None:
        t = table()
        t.throw("Karadoc", 4, 5, 6)
        t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.3)
        t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)
        t.close()
        assert t.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": -10}

    def test_the_window_closes_by_itself_after_reaction_window_s(self) -> None:
        t = Table("Karadoc", "Perceval", reaction_window_s=2.0)
        t.throw("Karadoc", 1, 2, 3)
        t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.3)
        t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=2.5)  # too late: the window closed at +2.0
        assert t.score("Karadoc") == 18 - 10  # 1-2-3 is also his Velute of 3 (see docs/rules.md)
        assert t.roller == "Perceval"

    def test_tied_last_shouters_settle_it_with_sans_fin(self) -> None:
        t = table()
        t.throw("Karadoc", 2, 3, 4)
        t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)
        t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.5)
        events = t.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.05)
        t.close()
        assert t.phase == "suite_tie"
        t.say("Léodagan", K.SANS_FIN, after=0.5)
        t.say("Perceval", K.SANS_FIN, after=0.8)
        assert t.scores == {"Karadoc": 0, "Perceval": -10, "Léodagan": 0}
        assert t.roller == "Perceval"
        assert not t.rejected(events)

    def test_still_tied_after_sans_fin_the_highest_die_loses_then_20_then_30(self) -> None:
        t = table()
        t.throw("Karadoc", 2, 3, 4)
        t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)
        t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.5)
        t.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.05)
        t.close()
        t.say("Léodagan", K.SANS_FIN, after=0.5)
        t.say("Perceval", K.SANS_FIN, after=0.05)
        assert t.phase == "roll_off"
        t.say("Perceval", K.DE, dice=(5,))
        t.say("Léodagan", K.DE, dice=(5,))  # « ils recommencent … cette fois pour perdre 20 pts »
        t.say("Perceval", K.DE, dice=(4,))
        t.say("Léodagan", K.DE, dice=(4,))  # then 30
        t.say("Perceval", K.DE, dice=(2,))
        t.say("Léodagan", K.DE, dice=(6,))
        assert t.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": -30}
        assert t.roller == "Perceval"

    def test_sans_fin_without_a_tie_is_a_bevue(self) -> None:
        # « Si un joueur annonce jusqu'à “bretonnes” sans qu'il n'y ait eu d'égalité … il y a Bévue. »
        t = table()
        t.throw("Karadoc", 2, 3, 4)
        t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)
        t.say("Perceval", K.SANS_FIN, after=0.3)
        assert t.bevues() == [("Perceval", "sans_fin_without_tie")]

    def test_grelotte_on_a_chouette_is_a_bevue(self) -> None:
        # Seed 002's example: « le Comte frappe du poing sur la table et crie “Grelotte ça picote” ! il
        # vient donc de commettre une bévue, car j'ai une Chouette, et non pas une suite. »
        t = table()
        t.throw("Karadoc", 3, 4, 4)
        t.say("Léodagan", K.GRELOTTE_CA_PICOTE)
        assert t.bevues() == [("Léodagan", "wrong_call")]


class TestTurns:
    def test_opening_roll_off_lowest_starts_and_ties_reroll(self) -> None:
        # « Chaque joueur lance un dé, celui qui fait le plus petit score commence. Si plusieurs
        #   joueurs font le plus petit score, ils recommencent pour se départager. »
        t = table()
        t.say("Karadoc", K.DE, dice=(2,))
        t.say("Perceval", K.DE, dice=(5,))
        t.say("Léodagan", K.DE, dice=(2,))
        assert t.phase == "roll_off" or t.phase == "opening"
        t.say("Karadoc", K.DE, dice=(4,))
        t.say("Léodagan", K.DE, dice=(3,))
        assert t.roller == "Léodagan"
        assert t.game.state.order == ["Léodagan", "Karadoc", "Perceval"]

    def test_throwing_out_of_turn_is_a_bevue_and_changes_nothing_else(self) -> None:
        t = table()
        t.des("Karadoc", 2, 3, 5)
        t.close()
        events = t.des("Léodagan", 6, 6, 6)
        assert t.bevues(events) == [("Léodagan", "out_of_turn")]
        assert t.score("Léodagan") == -5 and t.roller == "Perceval"

    def test_a_call_from_an_unknown_player_is_rejected(self) -> None:
        t = table()
        events = t.say("Arthur", K.PAS_MOU_LE_CAILLOU)
        assert t.rejected(events) == ["unknown_player"]
        assert t.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}

    def test_the_next_throw_closes_the_window(self) -> None:
        t = table()
        t.throw("Karadoc", 1, 4, 4)
        t.throw("Perceval", 2, 3, 5)
        assert t.score("Karadoc") == 16 and t.score("Perceval") == 50
