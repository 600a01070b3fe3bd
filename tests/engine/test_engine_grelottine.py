"""Seed 000 « La Grelottine » ★."""

from __future__ import annotations

import pytest
from engine_table import K, Table

from voice_scribe.engine.families.grelottine import stake_cap


def duel(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", **options)
    t.set_scores(Karadoc=220, Perceval=124, Léodagan=100)
    t.give("Karadoc", "grelottine")
    t.give("Perceval", "grelottine")
    return t


def test_the_worked_example_220_vs_124_on_a_chouette_gives_42() -> None:
    # « Le joueur 1 possède 220pts ; Le joueur 2 possède 124pts. … il peut parier au maximum 42 pts »
    assert stake_cap("chouette", 220, 124) == 42


@pytest.mark.parametrize(
    "combination,share",
    [("velute", 25), ("cul_de_chouette", 12), ("chouette_velute", 6), ("sirop_grelot", 3)],
)
def test_stake_caps_per_combination_rounded_up(combination: str, share: int) -> None:
    # « on ne tient pas compte des décimales (on arrondit à l'unité supérieure) »
    assert stake_cap(combination, 220, 124) == -(-124 * share // 100)


def test_seed_002_caps_at_thirty_percent_of_the_lower_score() -> None:
    assert stake_cap("cul_de_chouette", 220, 124, caps="002") == 38


def test_a_won_challenge_stops_at_the_first_success_and_the_combination_applies() -> None:
    t = duel()
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="velute", number=31)
    t.des("Perceval", 2, 3, 5)  # a Velute on the first throw: « le défié doit obligatoirement s'arrêter »
    assert t.score("Perceval") == 124 + 31 + 50
    assert t.score("Karadoc") == 220 - 31
    assert not t.holds("Karadoc", "grelottine") and not t.holds("Perceval", "grelottine")
    t.close()
    assert t.roller == "Karadoc"  # « Le jeu reprend ensuite normalement »


def test_a_lost_challenge_takes_two_throws_and_only_the_last_combination_applies() -> None:
    t = duel()
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="cul_de_chouette", number=15)
    t.des("Perceval", 2, 3, 5)  # first throw: a Velute, but not what was asked: it does not apply
    assert t.score("Perceval") == 124
    t.des("Perceval", 4, 4, 1)  # second throw: a Chouette of 4, which applies
    t.close()
    assert t.score("Perceval") == 124 - 15 + 16
    assert t.score("Karadoc") == 220 + 15


def test_max_stakes_the_cap() -> None:
    # « le joueur peut annoncer “Max !” : le scribe se chargera de mettre à jour les scores »
    t = duel()
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="chouette", max_stake=True)
    t.des("Perceval", 5, 5, 2)
    assert t.score("Perceval") == 124 + 42
    t.close()
    assert t.score("Perceval") == 124 + 42 + 25


def test_a_stake_above_the_cap_is_a_bevue_and_a_new_stake_is_awaited() -> None:
    t = duel()
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="chouette", number=43)
    assert t.bevues() == [("Karadoc", "stake_too_high")]
    assert t.phase == "grelottine_stake"
    # « le score précédant la Bévue est celui pris en compte »: still 42 on 124, not on Karadoc's 215
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="chouette", number=42)
    assert t.phase == "grelottine_throw"


def test_the_target_must_hold_a_grelottine() -> None:
    t = duel()
    t.say("Karadoc", K.GRELOTTINE, target="Léodagan")
    assert t.bevues() == [("Karadoc", "grelottine_not_allowed")]
    assert t.holds("Karadoc", "grelottine")  # « le joueur conserve sa Grelottine »


def test_no_challenge_with_a_score_of_zero_or_less() -> None:
    # « Il n'est pas possible de lancer un défi Grelottine si son propre score est inférieur ou égal à 0 »
    t = duel()
    t.set_scores(Perceval=0)
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    assert t.bevues() == [("Karadoc", "grelottine_not_allowed")]


def test_without_negatives_a_challenge_needs_thirty_points_each() -> None:
    t = duel(negative_scores=False)
    t.set_scores(Perceval=29)
    t.give("Perceval", "grelottine")
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    assert t.bevues() == [("Karadoc", "grelottine_not_allowed")]


def test_simultaneous_grelottines_go_to_the_lower_score() -> None:
    # « Si deux joueurs crient l'annonce en même temps, c'est celui qui a le plus petit score des
    #   deux qui devient grelottin. »
    t = duel()
    t.give("Léodagan", "grelottine")
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Léodagan", K.GRELOTTINE, target="Karadoc", after=0.05)
    state = t.game.state
    assert state.challenge is not None and state.challenge.grelottin == "Léodagan"
    assert state.challenge.challenged == "Karadoc"


def test_simultaneous_grelottines_of_equal_scores_roll_a_die_lowest_wins() -> None:
    t = duel()
    t.set_scores(Léodagan=220)
    t.give("Léodagan", "grelottine")
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Léodagan", K.GRELOTTINE, target="Perceval", after=0.05)
    assert t.phase == "roll_off"
    t.say("Karadoc", K.DE, dice=(5,))
    t.say("Léodagan", K.DE, dice=(2,))
    assert t.game.state.challenge.grelottin == "Léodagan"


def test_a_grelottine_during_the_reaction_window_closes_it_first() -> None:
    t = duel()
    t.throw("Karadoc", 3, 3, 2)
    t.say("Perceval", K.GRELOTTINE, target="Karadoc", after=0.5)
    assert t.score("Karadoc") == 220 + 9
    assert t.phase == "grelottine_stake"


def test_an_interrupted_roller_who_goes_out_during_the_challenge_is_skipped() -> None:
    # docs/rules.md E2 (found with the ★★★ bots): the turn resumes with the next player still in the game
    t = Table("Karadoc", "Perceval", "Léodagan")
    t.des("Karadoc", 2, 3, 5)
    t.close()
    t.set_scores(Perceval=30, Léodagan=60)  # Perceval's turn is next, and he may be challenged…
    t.give("Léodagan", "grelottine")
    t.give("Perceval", "grelottine")
    t.say("Léodagan", K.GRELOTTINE, target="Perceval")
    t.say("Léodagan", K.GRELOTTINE_MISE, combination="chouette", number=10)
    t.set_scores(Perceval=-335)  # … then a heavy loss before he throws
    t.des("Perceval", 1, 3, 6)
    t.des("Perceval", 1, 3, 6)  # the challenge is lost: −10 → −345, out of the game
    t.close()
    assert t.game.state.players["Perceval"].eliminated
    assert t.roller == "Léodagan" and t.phase == "chouettes"
