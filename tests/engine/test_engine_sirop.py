"""Seed 000 « Le Sirop » ★ and its bets."""

from __future__ import annotations

from engine_table import K, Table


def sirop_table(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", "Bohort", **options)
    t.throw("Karadoc", 4, 4, 2)  # a Chouette of 4
    t.say("Karadoc", K.JE_SIROTE, after=0.4)
    return t


def test_a_successful_sirotage_wins_the_cul_de_chouette() -> None:
    t = sirop_table()
    t.say("Perceval", K.BEAU_SIROP)
    t.say("Léodagan", K.PARI_OISEAU, number=2)  # Alouette
    t.say("Bohort", K.COUCHE_SIROP)
    t.say("Karadoc", K.DE, dice=(4,))
    # « S'il réussit son Sirotage, il gagne les points du Cul De Chouette »
    assert t.score("Karadoc") == 80
    # the wrong bet loses its 5; the right one waits for « Sirop gagnant ! »
    assert t.score("Léodagan") == -5 and t.score("Perceval") == 0
    t.say("Perceval", K.SIROP_GAGNANT, after=0.3)
    assert t.score("Perceval") == 25


def test_a_failed_sirotage_loses_the_chouette_without_taking_it_first() -> None:
    t = sirop_table()
    for p in ("Perceval", "Léodagan", "Bohort"):
        t.say(p, K.FILE_SIROP, after=0.2)
    t.say("Karadoc", K.DE, dice=(5,))
    t.close()
    assert t.score("Karadoc") == -16


def test_a_winning_bet_not_claimed_before_the_next_throw_is_lost_without_bevue() -> None:
    # « S'il oublie de crier l'annonce avant le lancer suivant, il ne prend pas de Bévue, mais
    #   n'obtient pas les points de son pari réussi. »
    t = sirop_table()
    t.say("Perceval", K.PARI_OISEAU, number=5)
    t.say("Léodagan", K.COUCHE_SIROP)
    t.say("Bohort", K.COUCHE_SIROP)
    t.say("Karadoc", K.DE, dice=(5,))
    t.throw("Perceval", 2, 3, 5)
    t.say("Perceval", K.SIROP_GAGNANT, after=0.3)
    assert t.score("Perceval") == 50 - 5  # his Velute, then a Bévue for a claim too late
    assert t.bevues() == [("Perceval", "wrong_call")]


def test_betting_the_bird_of_the_chouette_is_a_bevue() -> None:
    # « il doit crier “Beau-Sirop !” et non pas annoncer l'oiseau correspondant à la Chouette sirotée »
    t = sirop_table()
    t.say("Perceval", K.PARI_OISEAU, number=4)  # Mouette on a Chouette of 4
    assert t.bevues() == [("Perceval", "bird_of_the_chouette")]


def test_a_player_who_says_nothing_before_the_die_falls_makes_a_bevue() -> None:
    t = sirop_table()
    t.say("Perceval", K.COUCHE_SIROP)
    t.say("Léodagan", K.BEAU_SIROP)
    t.say("Karadoc", K.DE, dice=(1,))
    assert t.bevues() == [("Bohort", "sirop_silent")]


def test_a_failed_sirotage_of_six_gives_a_civet() -> None:
    # « Un Sirotage de 6 est un Civet-Siroté, et donne un Civet en cas d'échec. »
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 6, 6, 1)
    t.say("Karadoc", K.JE_SIROTE)
    t.say("Perceval", K.COUCHE_SIROP)
    t.say("Karadoc", K.DE, dice=(3,))
    assert t.score("Karadoc") == -36 and t.holds("Karadoc", "civet")


def test_sirop_on_a_chouette_velute_is_a_bevue() -> None:
    # « il s'agit d'une Bévue si un joueur tente un Sirotage sur une Chouette-Velute »
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 3, 3, 6)
    t.say("Karadoc", K.JE_SIROTE)
    assert t.bevues() == [("Karadoc", "sirop_not_allowed")]


def test_only_the_roller_sirotes_at_one_star() -> None:
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 3, 3, 5)
    t.say("Perceval", K.JE_SIROTE)
    assert t.bevues() == [("Perceval", "sirop_not_allowed")]


def test_the_combination_made_by_the_sirotage_applies() -> None:
    # « Toute combinaison réalisée après le Sirotage est valable et sa règle s'applique. »
    t = Table("Karadoc", "Perceval")
    t.throw("Karadoc", 3, 3, 1)
    t.say("Karadoc", K.JE_SIROTE)
    t.say("Perceval", K.COUCHE_SIROP)
    t.say("Karadoc", K.DE, dice=(6,))  # 3-3-6: a Chouette-Velute
    t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.3)
    t.close()
    assert t.scores == {"Karadoc": -9, "Perceval": 72}


def test_without_negatives_a_sirotage_needs_the_chouette_value() -> None:
    t = Table("Karadoc", "Perceval", negative_scores=False)
    t.set_scores(Karadoc=10)
    t.throw("Karadoc", 4, 4, 2)
    t.say("Karadoc", K.JE_SIROTE)
    assert t.bevues() == [("Karadoc", "sirop_not_allowed")]
    t.close()
    assert t.score("Karadoc") == 10 - 5 + 16


def test_without_negatives_a_bet_below_five_points_is_a_bevue_and_falls_to_zero() -> None:
    # [« … alors qu'il a moins de 5 points, il y a également Bévue et le joueur retombe à zéro point.
    #   Son pari est alors caduc. »]
    t = Table("Karadoc", "Perceval", negative_scores=False)
    t.set_scores(Karadoc=50, Perceval=4)
    t.throw("Karadoc", 4, 4, 2)
    t.say("Karadoc", K.JE_SIROTE)
    t.say("Perceval", K.PARI_OISEAU, number=2)
    assert t.bevues() == [("Perceval", "bet_without_points")]
    assert t.score("Perceval") == 0
    t.say("Karadoc", K.DE, dice=(2,))
    t.say("Perceval", K.SIROP_GAGNANT, after=0.3)  # his bet was void
    assert t.score("Perceval") == 0


def test_couche_sirop_with_nobody_siroting_is_refused_without_bevue_at_any_moment() -> None:
    """docs/rules.md S5: « Couche-Sirop ! » (or « File-Sirop ! ») is the call of not betting (000 « Le Sirop »:
    « Si un joueur décide de ne pas miser, il doit crier “ Couche-Sirop ! ” »): with nobody siroting it says
    nothing false, so it is refused and costs nothing, at the start of the game as in the middle of a turn (it
    was a Bévue in a reaction window). A bet on a throw nobody sirotes is still a wrong announcement there."""
    t = Table("Karadoc", "Perceval", "Léodagan")
    assert t.rejected(t.say("Perceval", K.COUCHE_SIROP)) == ["no_sirotage"]  # the start of the game
    t.say("Karadoc", K.CHOUETTES, dice=(3, 4))
    assert t.rejected(t.say("Léodagan", K.FILE_SIROP)) == ["no_sirotage"]  # between chouettes and cul
    t.say("Karadoc", K.CUL, dice=(4,))  # a Chouette of 4, nobody sirotes (yet)
    assert t.rejected(t.say("Perceval", K.COUCHE_SIROP, after=0.3)) == ["no_sirotage"]  # mid-turn
    assert t.rejected(t.say("Léodagan", K.FILE_SIROP, after=0.3)) == ["no_sirotage"]
    assert t.bevues() == []
    t.say("Karadoc", K.JE_SIROTE, after=0.3)  # the sirotage after all: their bets are still awaited
    t.say("Perceval", K.COUCHE_SIROP)
    t.say("Karadoc", K.DE, dice=(4,))
    assert t.bevues() == [("Léodagan", "sirop_silent")]
    t.throw("Perceval", 2, 3, 5)  # a Velute: nothing to sirote, nothing to lay down
    t.say("Léodagan", K.COUCHE_SIROP, after=0.3)
    t.say("Karadoc", K.PARI_OISEAU, after=0.3, number=1)  # a bet on nothing is a wrong announcement
    assert t.bevues() == [("Léodagan", "sirop_silent"), ("Karadoc", "wrong_call")]


def test_a_won_beau_sirop_is_told_at_the_die_and_paid_on_sirop_gagnant() -> None:
    """docs/rules.md S6, scored by hand from 000 « Le Sirop »: Karadoc sirotes his Chouette of 4 and makes the Cul
    de chouette (40 + 10 × 4 = 80); Léodagan's Linotte loses its 5; Perceval's Beau-Sirop is won — he « ne perd pas
    les 5 pts de la mise » and takes the 25 only on « Sirop gagnant ! ». The table is told at the die who won and
    what to claim (it used to hear nothing of him until he claimed)."""
    t = Table("Karadoc", "Perceval", "Léodagan")
    t.throw("Karadoc", 4, 4, 2)
    t.say("Karadoc", K.JE_SIROTE)
    t.say("Perceval", K.BEAU_SIROP)
    t.say("Léodagan", K.PARI_OISEAU, number=1)
    events = t.say("Karadoc", K.DE, dice=(4,))
    told = [(e.reason, e.data.get("players"), e.data.get("value")) for e in events if e.kind.value == "prompt"]
    assert told == [("sirop_bet_to_claim", ["Perceval"], 25)]
    assert t.scores == {"Karadoc": 80, "Perceval": 0, "Léodagan": -5}
    t.say("Perceval", K.SIROP_GAGNANT, after=0.3)
    assert t.scores == {"Karadoc": 80, "Perceval": 25, "Léodagan": -5}
    assert not [e for e in t.throw("Perceval", 2, 3, 5) if e.reason == "sirop_bet_unclaimed"]  # claimed: nothing


def test_an_unclaimed_winning_bet_is_told_lost_at_the_next_throw() -> None:
    """000 « Le Sirop »: « S'il oublie de crier l'annonce avant le lancer suivant, il ne prend pas de Bévue, mais
    n'obtient pas les points de son pari réussi » — the next throw says so."""
    t = sirop_table()
    t.say("Perceval", K.BEAU_SIROP)
    t.say("Léodagan", K.COUCHE_SIROP)
    t.say("Bohort", K.PARI_OISEAU, number=2)
    t.say("Karadoc", K.DE, dice=(4,))
    events = t.throw("Perceval", 2, 3, 5)
    told = [(e.reason, e.data.get("players")) for e in events if e.kind.value == "prompt"
            and e.reason.startswith("sirop")]
    assert told == [("sirop_bet_unclaimed", ["Perceval"])]
    assert t.score("Perceval") == 50 and t.bevues() == []
