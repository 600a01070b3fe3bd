"""Seed 000 « Le Jarret » ★★★: Mi-Jarret, Bi-Jarret, Lance-Jarret, Jarret-Souple, Jarret-Sifflet."""

from __future__ import annotations

from engine_table import K, Table


def holder(*others: str, **options: object) -> Table:
    t = Table("Karadoc", "Perceval", *others, level=3, **options)
    t.give("Karadoc", "jarret")
    return t


# ── Bi-Jarret ──
def test_bi_jarret_doubles_the_combination() -> None:
    # « Le Bi-Jarret permet de doubler la valeur de la combinaison réalisée sur un lancer. »
    t = holder()
    t.say("Karadoc", K.BI_JARRET)
    assert not t.holds("Karadoc", "jarret")
    t.des("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == 100


def test_bi_jarret_doubles_a_chouette_velute_for_whoever_wins_it() -> None:
    # « n'importe quel joueur remportant une Chouette-Velute sur un Bi-Jarret gagne le double »
    t = holder()
    t.say("Karadoc", K.BI_JARRET)
    t.des("Karadoc", 3, 3, 6)
    t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.2)
    t.close()
    assert t.scores == {"Karadoc": 0, "Perceval": 144}


def test_bi_jarret_with_a_civet_doubles_the_stake_too() -> None:
    # « Si le Lance-Bûches utilise un Bi-Jarret … en même temps qu'un Civet, la mise, perdue ou gagnée, est
    #   également doublée, ainsi que la combinaison finale. »
    t = holder()
    t.give("Karadoc", "civet")
    t.say("Karadoc", K.CIVET, number=20, combination="velute")
    t.say("Karadoc", K.BI_JARRET)
    t.des("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == 40 + 100


def test_bi_jarret_on_a_bleu_rouge_72_plus_4_times_the_relance_plus_twice_the_combination() -> None:
    # « il remporte le double de la Chouette de 3 … un joueur ayant fait une bonne relance obtient 72 pts + le
    #   quadruple de la valeur de la relance réussie + le double des points de la combinaison »
    t = holder("Léodagan")
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 3, 4, 3)
    assert t.score("Karadoc") == 18
    t.say("Perceval", K.RELANCE, number=15)
    t.des("Karadoc", 5, 5, 5)
    assert t.score("Perceval") == 72 + 4 * 15 + 2 * 90


def test_bi_jarret_pelican_56_and_a_relance_of_18_makes_400() -> None:
    # « Un Pélican vaudrait lui 56 pts, et en cas de relance de 18 réussie, un joueur remporterait 400 pts. »
    t = holder("Léodagan")
    t.set_scores(Perceval=-300)  # so that the 400 points do not end the game before the Pélican is judged
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 3, 4, 3)
    t.say("Perceval", K.RELANCE, number=18)
    t.say("Léodagan", K.RELANCE, number=10)
    t.des("Karadoc", 6, 6, 6)
    assert t.score("Perceval") == -300 + 72 + 72 + 200
    t.say("Perceval", K.PELICAN, after=0.2)
    t.close()
    assert t.score("Perceval") == -300 + 400


def test_bi_jarret_pelican_alone_is_56() -> None:
    t = holder("Léodagan")
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 3, 4, 3)
    t.say("Perceval", K.RELANCE, number=10)
    t.des("Karadoc", 6, 6, 6)
    t.say("Léodagan", K.PELICAN, after=0.2)
    t.close()
    assert t.score("Léodagan") == 56


def test_bi_jarret_has_no_effect_on_a_soufflette() -> None:
    # « Les seules combinaisons sur lesquelles le Bi-Jarret n'a aucun effet sont la Soufflette et le Flan »
    t = holder()
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 4, 2, 1)
    t.say("Karadoc", K.EN_GARDE, target="Perceval", after=0.3)
    t.des("Perceval", 4, 2, 1)
    assert t.scores == {"Karadoc": -50, "Perceval": 50}


# ── Mi-Jarret, Bjarret ──
def test_mi_jarret_gives_two_throws_and_the_second_applies() -> None:
    # « Le Mi-Jarret permet d'avoir deux lancers lors de son tour de jeu »
    t = holder()
    t.say("Karadoc", K.MI_JARRET)
    t.throw("Karadoc", 1, 3, 6)  # a Néant: he throws again
    assert t.phase == "relance" and not t.holds("Karadoc", "grelottine")
    t.des("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == 50


def test_bjarret_stops_at_the_first_throw() -> None:
    # « Pour s'arrêter à son premier lancer, il faut crier “ Bjarret ! ” et ainsi la première combinaison
    #   réalisée prend effet. »
    t = holder()
    t.say("Karadoc", K.MI_JARRET)
    t.des("Karadoc", 2, 3, 5)
    t.say("Karadoc", K.BJARRET, after=0.3)
    assert t.score("Karadoc") == 50
    t.close()
    assert t.roller == "Perceval"


def test_bjarret_out_of_a_mi_jarret_is_a_bevue() -> None:
    t = holder()
    t.des("Karadoc", 2, 3, 5)
    t.say("Karadoc", K.BJARRET, after=0.3)
    assert t.bevues() == [("Karadoc", "wrong_call")]


# ── using a Jarret: when, and giving it ──
def test_a_jarret_is_used_before_ones_own_chouettes_only() -> None:
    # « L'annonce doit se faire avant le lancer de ses chouettes à son tour de jeu »
    t = holder()
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Karadoc", K.BI_JARRET)
    t.say("Karadoc", K.CUL, dice=(5,))
    t.close()
    t.say("Perceval", K.MI_JARRET)  # not his Jarret, nor his turn to hold one
    assert t.bevues() == [("Karadoc", "not_allowed"), ("Perceval", "not_allowed")]
    assert t.holds("Karadoc", "jarret") and t.score("Karadoc") == 50 - 5


def test_no_jarret_in_a_grelottine_challenge() -> None:
    # « le Jarret ne peut pas être utilisé lors d'un défi Grelottine »
    t = holder()
    t.set_scores(Karadoc=100, Perceval=100)
    t.give("Karadoc", "grelottine")
    t.give("Perceval", "grelottine")
    t.say("Perceval", K.GRELOTTINE, target="Karadoc")
    t.say("Perceval", K.GRELOTTINE_MISE, combination="velute", number=10)
    t.say("Karadoc", K.BI_JARRET)
    assert t.bevues() == [("Karadoc", "not_allowed")] and t.holds("Karadoc", "jarret")


def test_no_achat_of_a_jarret() -> None:
    # « L'achat du Jarret est interdit. »
    t = holder()
    t.set_scores(Perceval=100)
    t.say("Karadoc", K.BI_JARRET)
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    assert t.bevues() == [("Perceval", "achat_not_allowed")]


def test_lance_jarret_gives_it_to_a_player_without_one() -> None:
    # « Le Lance-Jarret permet de donner son Jarret à un autre joueur … un joueur qui lance son Jarret à un
    #   joueur qui en a déjà un reçoit une Bévue et conserve son Jarret. »
    t = holder("Léodagan")
    t.give("Léodagan", "jarret")
    t.say("Karadoc", K.LANCE_JARRET, target="Léodagan")
    assert t.bevues() == [("Karadoc", "jarret_already_held")] and t.holds("Karadoc", "jarret")
    t.say("Karadoc", K.LANCE_JARRET, target="Perceval")
    assert t.holds("Perceval", "jarret") and not t.holds("Karadoc", "jarret")


# ── Jarret-Souple, Charret, Jarret-Sifflet ──
def neant_on_a_bi_jarret() -> Table:
    t = holder()
    t.say("Karadoc", K.BI_JARRET)
    t.des("Karadoc", 1, 3, 6)
    return t


def test_jarret_souple_before_charret_keeps_the_jarret() -> None:
    # « le Lance-Bûches peut conserver son Jarret pour le tour suivant à condition de crier “ Jarret-Souple ! ”
    #   avant qu'un autre joueur ne lui crie “ Charret ! ” »
    t = neant_on_a_bi_jarret()
    t.say("Karadoc", K.JARRET_SOUPLE, after=0.2)
    t.say("Perceval", K.CHARRET, after=0.3)
    t.close()
    assert t.holds("Karadoc", "jarret") and t.game.state.jarret_sifflet == {"Karadoc"}


def test_charret_first_loses_the_jarret() -> None:
    t = neant_on_a_bi_jarret()
    t.say("Perceval", K.CHARRET, after=0.2)
    t.say("Karadoc", K.JARRET_SOUPLE, after=0.3)
    t.close()
    assert not t.holds("Karadoc", "jarret")


def test_souple_and_charret_together_the_souple_wins() -> None:
    # « Si les annonces “ Charret ! ” et “ Jarret-Souple ! ” sont faites en même temps, le Jarret-Souple est
    #   prioritaire et le Jarret conservé. »
    t = neant_on_a_bi_jarret()
    t.say("Perceval", K.CHARRET, after=0.2)
    t.say("Karadoc", K.JARRET_SOUPLE, after=0.05)
    t.close()
    assert t.holds("Karadoc", "jarret")


def test_jarret_sifflet_two_throws_and_doubled() -> None:
    # « Le Jarret-Sifflet a la valeur d'un Mi-Jarret et d'un Bi-Jarret combinés »
    t = neant_on_a_bi_jarret()
    t.say("Karadoc", K.JARRET_SOUPLE, after=0.2)
    t.close()
    t.des("Perceval", 1, 3, 6)
    t.close()
    t.say("Karadoc", K.JARRET_SIFFLET)
    t.des("Karadoc", 1, 1, 6)
    t.des("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == 100
    assert not t.holds("Karadoc", "jarret") and t.game.state.jarret_sifflet == set()


def test_jarret_sifflet_without_a_jarret_souple_is_a_bevue() -> None:
    t = holder()
    t.say("Karadoc", K.JARRET_SIFFLET)
    assert t.bevues() == [("Karadoc", "not_allowed")] and t.holds("Karadoc", "jarret")


def test_charret_without_a_neant_on_a_jarret_is_a_bevue() -> None:
    t = holder()
    t.des("Karadoc", 1, 3, 6)
    t.say("Perceval", K.CHARRET, after=0.2)
    t.say("Karadoc", K.JARRET_SOUPLE, after=0.2)
    assert t.bevues() == [("Perceval", "wrong_call"), ("Karadoc", "wrong_call")]


def test_a_civet_doubled_then_a_bi_jarret_moves_four_times_the_stake() -> None:
    # docs/rules.md « Multipliers »: Civet doublé on the stake when said, then the Bi-Jarret at settlement.
    t = holder()
    t.give("Karadoc", "civet")
    t.give("Perceval", "civet")
    t.say("Karadoc", K.CIVET, number=20, combination="velute")
    t.say("Perceval", K.CIVET_DOUBLE, target="Karadoc")
    t.say("Karadoc", K.BI_JARRET)
    t.des("Karadoc", 1, 3, 6)  # a Néant: the Civet is lost
    assert t.score("Karadoc") == -20 * 2 * 2


def test_under_a_bi_jarret_the_suite_costs_twenty() -> None:
    t = holder()
    t.say("Karadoc", K.BI_JARRET)
    t.des("Karadoc", 2, 3, 4)
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.1)
    t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.5)
    t.close()
    assert t.score("Perceval") == -20


def test_a_neant_relance_of_a_bi_jarret_bleu_rouge_is_a_lance_buches_not_a_jarret_souple() -> None:
    t = holder()
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 3, 4, 3)
    t.say("Perceval", K.RELANCE, number=10)
    t.des("Karadoc", 1, 3, 6)  # 10: Perceval right, (36 + 20) × 2; a Néant: Lance-Bûches
    t.say("Karadoc", K.JARRET_SOUPLE, after=0.2)
    t.say("Perceval", K.LANCE_BUCHES, after=0.2)
    t.close()
    assert t.bevues() == [("Karadoc", "wrong_call")]
    assert t.score("Perceval") == 112 and t.holds("Perceval", "jarret") and not t.holds("Karadoc", "jarret")
