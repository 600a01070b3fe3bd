"""Seed 000 « La Poulette », « Le Passe-Grelot », « Le Rigodon » ★★."""

from __future__ import annotations

from engine_table import K, Table


def duel(*extra: str, **options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", *extra, level=2, **options)
    t.set_scores(Karadoc=220, Perceval=124, Léodagan=100)
    t.give("Karadoc", "grelottine")
    t.give("Perceval", "grelottine")
    return t


def challenge(t: Table, combination: str = "cul_de_chouette", stake: int = 10) -> None:
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination=combination, number=stake)


def failed_on_a_neant(t: Table) -> None:
    challenge(t)
    t.des("Perceval", 2, 3, 5)  # first throw: a Velute, not asked
    t.des("Perceval", 1, 3, 6)  # second throw: a Néant — the challenge is lost: K +10, P −10


# ── la Poulette ──
def test_poulette_first_shout_wins_ten() -> None:
    # « Si un des deux joueurs crie l'annonce avant le lancer suivant …, il gagne 10 pts. »
    t = duel()
    failed_on_a_neant(t)
    t.say("Perceval", K.POULETTE, after=0.3)
    t.say("Karadoc", K.POULETTE, after=0.5)
    assert t.scores == {"Karadoc": 230, "Perceval": 114 + 10, "Léodagan": 100}


def test_poulette_together_both_lose_ten() -> None:
    # « Si les deux joueurs crient l'annonce en même temps, ils perdent tous les deux 10 pts. »
    t = duel()
    failed_on_a_neant(t)
    t.say("Perceval", K.POULETTE, after=0.3)
    t.say("Karadoc", K.POULETTE, after=0.05)
    assert t.scores == {"Karadoc": 230 - 10, "Perceval": 114 - 10, "Léodagan": 100}


def test_poulette_is_settled_by_the_next_throw() -> None:
    t = duel()
    failed_on_a_neant(t)
    t.say("Karadoc", K.POULETTE, after=0.3)
    t.close()
    t.des("Karadoc", 2, 3, 5, after=0.05)  # the turn resumes: his Velute of 5
    assert t.score("Karadoc") == 230 + 10 + 50


def test_poulette_too_late_or_by_a_bystander_is_a_bevue() -> None:
    t = duel()
    failed_on_a_neant(t)
    t.say("Léodagan", K.POULETTE, after=0.3)
    t.close()
    t.des("Karadoc", 2, 3, 5)
    t.say("Perceval", K.POULETTE, after=0.3)  # after the next throw
    assert t.bevues() == [("Léodagan", "wrong_call"), ("Perceval", "wrong_call")]


def test_no_poulette_when_the_failed_throw_is_not_a_neant() -> None:
    t = duel()
    challenge(t)
    t.des("Perceval", 2, 3, 5)
    t.des("Perceval", 4, 4, 1)
    t.say("Perceval", K.POULETTE, after=0.3)
    assert t.bevues() == [("Perceval", "wrong_call")]


# ── Passe-Grelot, Rigodon ──
def won_a_challenge() -> Table:
    """Perceval wins a challenge and gets his immunity."""
    t = duel("Bohort")
    t.set_scores(Bohort=80)
    challenge(t, "velute", 5)
    t.des("Perceval", 2, 3, 5)  # met at once: P +5 +50
    t.close()
    assert t.holds("Perceval", "passe_grelot") and t.holds("Perceval", "rigodon")
    t.give("Perceval", "grelottine")
    t.give("Léodagan", "grelottine")
    return t


def test_winning_a_challenge_gives_the_immunity() -> None:
    t = won_a_challenge()
    assert t.score("Perceval") == 124 + 5 + 50
    assert not t.holds("Karadoc", "passe_grelot")


def test_passe_grelot_sends_the_challenge_to_another_player() -> None:
    # « il doit crier “ Passe-Grelot !” en désignant sa cible du doigt après l'annonce du grelottin »
    t = won_a_challenge()
    t.say("Léodagan", K.GRELOTTINE, target="Perceval")
    t.say("Perceval", K.PASSE_GRELOT, target="Bohort")
    assert not t.holds("Perceval", "passe_grelot") and not t.holds("Perceval", "rigodon")
    # the cap is now on Bohort's 80 and Léodagan's 100: a Chouette, one third of 80 → 27
    t.say("Léodagan", K.GRELOTTINE_MISE, combination="chouette", number=28)
    assert t.bevues() == [("Léodagan", "stake_too_high")]
    t.say("Léodagan", K.GRELOTTINE_MISE, combination="chouette", number=27)
    t.des("Bohort", 5, 5, 2)  # « Le nouveau défié doit obligatoirement accepter le défi »
    assert t.score("Bohort") == 80 + 27
    assert t.holds("Perceval", "grelottine")  # he was not challenged in the end


def test_passe_grelot_needs_a_target_with_three_points() -> None:
    # « Le Passe-Grelot ne peut être utilisé que vers un joueur ayant 3 pts minimum »
    t = won_a_challenge()
    t.set_scores(Bohort=2)
    t.say("Léodagan", K.GRELOTTINE, target="Perceval")
    t.say("Perceval", K.PASSE_GRELOT, target="Bohort")
    assert t.bevues() == [("Perceval", "not_allowed")] and t.holds("Perceval", "passe_grelot")


def test_passe_grelot_needs_thirty_points_without_negatives() -> None:
    t = won_a_challenge()
    t.game.rules = t.game.rules.with_options(negative_scores=False)
    t.set_scores(Bohort=29)
    t.say("Léodagan", K.GRELOTTINE, target="Perceval")
    t.say("Perceval", K.PASSE_GRELOT, target="Bohort")
    assert t.bevues() == [("Perceval", "not_allowed")]


def test_passe_grelot_at_the_same_time_as_the_stake_the_grelottin_has_priority() -> None:
    # « Si la mise et l'annonce du Passe-Grelot sont annoncées en même temps, le grelottin est prioritaire
    #   et le défié garde son Passe-Grelot. »
    t = won_a_challenge()
    t.say("Léodagan", K.GRELOTTINE, target="Perceval")
    t.say("Perceval", K.PASSE_GRELOT, target="Bohort", after=1.0)
    t.say("Léodagan", K.GRELOTTINE_MISE, combination="chouette", number=10, after=0.05)
    assert t.game.state.challenge.challenged == "Perceval"
    assert t.holds("Perceval", "passe_grelot")
    t2 = won_a_challenge()
    t2.say("Léodagan", K.GRELOTTINE, target="Perceval")
    t2.say("Léodagan", K.GRELOTTINE_MISE, combination="chouette", number=10, after=1.0)
    events = t2.say("Perceval", K.PASSE_GRELOT, target="Bohort", after=0.05)
    assert t2.rejected(events) == ["stake_first"] and t2.holds("Perceval", "passe_grelot")


def test_passe_grelot_after_the_stake_is_a_bevue() -> None:
    # « ne peut plus être utilisé à partir du moment où le grelottin a annoncé la mise du défi »
    t = won_a_challenge()
    t.say("Léodagan", K.GRELOTTINE, target="Perceval")
    t.say("Léodagan", K.GRELOTTINE_MISE, combination="chouette", number=10)
    t.say("Perceval", K.PASSE_GRELOT, target="Bohort", after=1.0)
    assert t.bevues() == [("Perceval", "not_allowed")]


def test_passe_grelot_needs_three_players() -> None:
    # « ne peut logiquement être utilisé que lorsque la partie se joue à trois minimum »
    t = Table("Karadoc", "Perceval", level=2)
    t.set_scores(Karadoc=100, Perceval=100)
    for holding in ("grelottine", "passe_grelot"):
        t.give("Perceval", holding)
    t.give("Karadoc", "grelottine")
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Perceval", K.PASSE_GRELOT, target="Karadoc")
    assert t.bevues() == [("Perceval", "not_allowed")]


def test_rigodon_cancels_the_challenge_and_both_grelottines() -> None:
    # « crier “ Rigodon ! ” … pour annuler un défi Grelottine, et supprimer la Grelottine de son
    #   adversaire ainsi que la sienne »
    t = won_a_challenge()
    t.say("Léodagan", K.GRELOTTINE, target="Perceval")
    t.say("Perceval", K.RIGODON)
    assert t.phase == "chouettes" and t.game.state.challenge is None
    assert not t.holds("Léodagan", "grelottine") and not t.holds("Perceval", "grelottine")
    assert not t.holds("Perceval", "rigodon") and not t.holds("Perceval", "passe_grelot")
    assert t.bevues() == []


def test_rigodon_at_the_same_time_as_the_stake_the_grelottin_has_priority() -> None:
    t = won_a_challenge()
    t.say("Léodagan", K.GRELOTTINE, target="Perceval")
    t.say("Perceval", K.RIGODON, after=1.0)
    t.say("Léodagan", K.GRELOTTINE_MISE, combination="chouette", number=10, after=0.05)
    assert t.phase == "grelottine_throw" and t.game.state.challenge.challenged == "Perceval"
    assert t.holds("Perceval", "rigodon")


def test_rigodon_without_the_immunity_is_a_bevue() -> None:
    t = duel()
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Perceval", K.RIGODON)
    assert t.bevues() == [("Perceval", "not_allowed")] and t.phase == "grelottine_stake"


def test_the_new_challenged_must_accept_even_with_his_own_immunity() -> None:
    # « Le nouveau défié doit obligatoirement accepter le défi, même s'il a lui aussi un Passe-Grelot, qu'il
    #   peut conserver pour plus tard. »
    t = won_a_challenge()
    t.give("Bohort", "passe_grelot")
    t.give("Bohort", "rigodon")
    t.say("Léodagan", K.GRELOTTINE, target="Perceval")
    t.say("Perceval", K.PASSE_GRELOT, target="Bohort")
    t.say("Bohort", K.PASSE_GRELOT, target="Karadoc")
    t.say("Bohort", K.RIGODON)
    assert t.bevues() == [("Bohort", "not_allowed"), ("Bohort", "not_allowed")]
    assert t.game.state.challenge.challenged == "Bohort" and t.holds("Bohort", "passe_grelot")
