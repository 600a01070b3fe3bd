"""Seed 000 « Le Civet-Filoché » and « Le Civet-Filoché Doublé » ★★★★."""

from __future__ import annotations

from engine_table import K, Table


def table(**options: object) -> Table:
    return Table("Karadoc", "Perceval", "Léodagan", level=4, **options)


def holder(**options: object) -> Table:
    t = table(**options)
    t.give("Perceval", "civet_filoche")
    return t


# ── obtaining it ──
def test_a_failed_civet_whose_stake_equals_the_combination_gives_a_civet_filoche() -> None:
    # « Si lors d'un Civet échoué la valeur de la mise perdue est égale à la valeur de la combinaison remportée, le
    #   joueur obtient un Civet-Filoché. »
    t = table()
    t.give("Karadoc", "civet")
    t.say("Karadoc", K.CIVET, number=16, combination="velute")
    t.throw("Karadoc", 4, 4, 1)
    t.close()
    assert t.score("Karadoc") == -16 + 16 and t.holds("Karadoc", "civet_filoche")


def test_not_when_they_differ_nor_when_the_civet_is_won() -> None:
    t = table()
    t.give("Karadoc", "civet")
    t.say("Karadoc", K.CIVET, number=15, combination="velute")
    t.throw("Karadoc", 4, 4, 1)
    t.close()
    t.give("Perceval", "civet")
    t.say("Perceval", K.CIVET, number=50, combination="velute")
    t.throw("Perceval", 2, 3, 5)
    t.close()
    assert not t.holds("Karadoc", "civet_filoche") and not t.holds("Perceval", "civet_filoche")


def test_a_flanned_failed_civet_whose_stake_equals_the_combination_gives_one_too() -> None:
    # « si lors d'un Civet flanné et échoué la valeur de la mise (remportée) est égale à la valeur de la combinaison
    #   (perdue), qui subit les effets du Flan »
    t = table()
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.give("Karadoc", "civet")
    t.say("Karadoc", K.CIVET, number=25, combination="velute")
    t.throw("Karadoc", 5, 5, 1)
    t.close()
    assert t.score("Karadoc") == 25 - 25 and t.holds("Karadoc", "civet_filoche")


# ── betting ──
def test_a_won_bet_gives_the_stake_and_the_combination_the_roller_is_not_affected() -> None:
    # « en cas de réussite le joueur remporte les points de la mise + ceux de la combinaison […] Dans tous les cas,
    #   le joueur qui lance les dés n'est pas affecté. »
    t = holder()
    t.say("Perceval", K.CIVET_FILOCHE, number=30, combination="velute", target="Karadoc")
    t.throw("Karadoc", 2, 3, 5)
    assert t.scores == {"Karadoc": 50, "Perceval": 30 + 50, "Léodagan": 0}


def test_a_lost_bet_loses_the_stake_and_wins_the_combination() -> None:
    # « en cas d'échec il perd les points de la mise et remporte les points de la combinaison »
    t = holder()
    t.say("Perceval", K.CIVET_FILOCHE, number=30, combination="chouette", target="Karadoc")
    t.throw("Karadoc", 2, 3, 5)
    assert t.scores == {"Karadoc": 50, "Perceval": -30 + 50, "Léodagan": 0}


def test_not_on_ones_own_throw() -> None:
    # « mais pas sur son propre lancer »
    t = holder()
    t.say("Perceval", K.CIVET_FILOCHE, number=30, combination="velute", target="Perceval")
    assert t.bevues() == [("Perceval", "civet_filoche_not_allowed")] and t.holds("Perceval", "civet_filoche")


def test_it_is_judged_on_the_chosen_players_next_throw_only() -> None:
    # « avant que le joueur choisi ne lance ses chouettes »
    t = holder()
    t.say("Perceval", K.CIVET_FILOCHE, number=20, combination="velute", target="Léodagan")
    t.throw("Karadoc", 2, 3, 5)
    t.close()
    t.throw("Perceval", 1, 1, 4)
    t.close()
    assert t.score("Perceval") == 1
    t.throw("Léodagan", 2, 4, 6)
    assert t.score("Perceval") == 1 + 20 + 72


def test_up_to_102_in_total_and_one_bet_per_player() -> None:
    # « La mise maximale est de 102 pts au total, et les points peuvent être répartis sur plusieurs adversaires. Le
    #   joueur a le droit de miser sur autant de joueurs différents qu'il le souhaite, mais il est limité à une mise
    #   maximum par joueur. »
    t = holder()
    t.say("Perceval", K.CIVET_FILOCHE, number=60, combination="velute", target="Karadoc")
    t.say("Perceval", K.CIVET_FILOCHE, number=10, combination="chouette", target="Karadoc")
    t.say("Perceval", K.CIVET_FILOCHE, number=50, combination="chouette", target="Léodagan")
    assert t.bevues() == [("Perceval", "civet_filoche_not_allowed"), ("Perceval", "stake_too_high")]
    assert t.holds("Perceval", "civet_filoche")
    t.say("Perceval", K.CIVET_FILOCHE, number=42, combination="chouette", target="Léodagan")
    assert not t.holds("Perceval", "civet_filoche")  # all 102 points are bet


def test_a_partly_used_civet_filoche_is_spent_once_every_other_player_has_a_bet() -> None:
    t = holder()
    t.say("Perceval", K.CIVET_FILOCHE, number=10, combination="velute", target="Karadoc")
    assert t.holds("Perceval", "civet_filoche")
    t.say("Perceval", K.CIVET_FILOCHE, number=10, combination="velute", target="Léodagan")
    assert not t.holds("Perceval", "civet_filoche")


def test_without_negatives_not_more_than_ones_score() -> None:
    # « [Si on ne joue pas avec les scores négatifs, il est interdit de miser plus que son score, sinon il y a
    #   Bévue, comme pour un Civet normal.] »
    t = holder(negative_scores=False)
    t.set_scores(Perceval=20)
    t.say("Perceval", K.CIVET_FILOCHE, number=30, combination="velute", target="Karadoc")
    assert t.bevues() == [("Perceval", "stake_too_high")]


def test_a_failed_bet_whose_stake_equals_the_combination_gives_a_new_civet_filoche() -> None:
    # « Si lors d'un Civet-Filoché la valeur de la mise échouée est égale à la valeur de la combinaison remportée, le
    #   joueur ayant échoué son Civet-Filoché perd son Civet-Filoché mais en obtient un nouveau. »
    t = holder()
    t.say("Perceval", K.CIVET_FILOCHE, number=25, combination="velute", target="Karadoc")
    t.throw("Karadoc", 5, 5, 1)
    t.close()
    assert t.score("Perceval") == 0 and t.holds("Perceval", "civet_filoche")
    # the new one is whole: 102 points again, Karadoc may be bet on again
    t.say("Perceval", K.CIVET_FILOCHE, number=102, combination="suite", target="Karadoc")
    assert t.bevues() == [] and not t.holds("Perceval", "civet_filoche")


def test_it_cumulates_with_the_rollers_civet() -> None:
    # « Le Civet-Filoché est non cumulable mais peut se cumuler à un Civet, auquel cas le joueur tentant le
    #   Civet-Filoché gagne ou perd lui aussi la mise du joueur tentant le Civet. »
    t = holder()
    t.give("Karadoc", "civet")
    t.say("Karadoc", K.CIVET, number=20, combination="velute")
    t.say("Perceval", K.CIVET_FILOCHE, number=10, combination="chouette", target="Karadoc")
    t.throw("Karadoc", 2, 3, 5)
    assert t.scores == {"Karadoc": 20 + 50, "Perceval": -10 + 50 + 20, "Léodagan": 0}


def test_it_is_inflannable() -> None:
    # « la liste des règles inflannables […] le Civet-Filoché et le Civet-Filoché Doublé »
    t = holder()
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.say("Perceval", K.CIVET_FILOCHE, number=30, combination="velute", target="Karadoc")
    t.throw("Karadoc", 2, 3, 5)
    assert t.scores == {"Karadoc": -50, "Perceval": 30 + 50, "Léodagan": 0}


def test_before_a_challenge_it_is_judged_on_the_final_combination() -> None:
    # « durant son tour de jeu ou avant de commencer un défi »
    t = holder()
    t.set_scores(Karadoc=100, Léodagan=100)
    t.give("Karadoc", "grelottine")
    t.give("Léodagan", "grelottine")
    t.say("Karadoc", K.GRELOTTINE, target="Léodagan")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="velute", number=10)
    t.say("Perceval", K.CIVET_FILOCHE, number=20, combination="velute", target="Léodagan")
    t.des("Léodagan", 1, 3, 6)  # the first throw misses: nothing is judged yet
    assert t.score("Perceval") == 0
    t.des("Léodagan", 2, 3, 5)
    assert t.scores == {"Karadoc": 90, "Perceval": 20 + 50, "Léodagan": 100 + 10 + 50}


def test_lance_civet_filoche_gives_it_and_to_a_holder_is_a_bevue() -> None:
    # « “ Lance-Civet-Filoché ! ” […] un joueur qui lance son Civet-Filoché à un joueur qui en a déjà un reçoit une
    #   Bévue mais conserve son Civet-Filoché. »
    t = holder()
    t.give("Léodagan", "civet_filoche")
    t.say("Perceval", K.LANCE_CIVET_FILOCHE, target="Léodagan")
    assert t.bevues() == [("Perceval", "civet_filoche_already_held")] and t.holds("Perceval", "civet_filoche")
    t.say("Perceval", K.LANCE_CIVET_FILOCHE, target="Karadoc")
    assert t.holds("Karadoc", "civet_filoche") and not t.holds("Perceval", "civet_filoche")


# ── Civet-Filoché doublé ──
def test_civet_filoche_double_doubles_the_last_bet_and_spends_the_doublers_civet() -> None:
    # « un autre joueur possédant lui aussi un Civet ou un Civet-Filoché […] peut doubler la mise […] sacrifie son
    #   Civet (ou Civet-Filoché) […] peut être lancé après n'importe quelle mise du Civet-Filoché qui est la seule à
    #   être doublée. »
    t = holder()
    t.give("Léodagan", "civet")
    t.say("Perceval", K.CIVET_FILOCHE, number=10, combination="velute", target="Léodagan")
    t.say("Perceval", K.CIVET_FILOCHE, number=30, combination="velute", target="Karadoc")
    t.say("Léodagan", K.CIVET_FILOCHE_DOUBLE, target="Perceval")
    assert not t.holds("Léodagan", "civet")
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Perceval") == 60 + 50
    t.close()
    t.throw("Perceval", 1, 1, 4)
    t.close()
    t.throw("Léodagan", 2, 3, 5)
    assert t.score("Perceval") == 110 + 1 + 10 + 50


def test_civet_filoche_double_by_a_civet_filoche_holder_and_without_a_bet_is_a_bevue() -> None:
    t = holder()
    t.give("Léodagan", "civet_filoche")
    t.say("Léodagan", K.CIVET_FILOCHE_DOUBLE, target="Perceval")  # nothing bet yet
    t.say("Perceval", K.CIVET_FILOCHE, number=30, combination="velute", target="Karadoc")
    t.say("Karadoc", K.CIVET_FILOCHE_DOUBLE, target="Perceval")  # holds nothing
    t.say("Léodagan", K.CIVET_FILOCHE_DOUBLE, target="Perceval")
    assert t.bevues() == [("Léodagan", "civet_filoche_not_allowed"), ("Karadoc", "civet_filoche_not_allowed")]
    assert not t.holds("Léodagan", "civet_filoche")
    t.throw("Karadoc", 1, 1, 4)
    t.close()
    assert t.score("Perceval") == -60 + 1  # the Chouette of 1 is « remportée » all the same


def test_a_civet_filoche_holder_may_double_a_civet() -> None:
    # 000 « Le Civet Doublé »: « un autre joueur possédant lui aussi un Civet ou un Civet-Filoché (déjà partiellement
    #   utilisé ou pas) peut doubler la mise du Civet du premier joueur »
    t = holder()
    t.give("Karadoc", "civet")
    t.say("Perceval", K.CIVET_FILOCHE, number=10, combination="suite", target="Léodagan")
    t.say("Karadoc", K.CIVET, number=20, combination="velute")
    t.say("Perceval", K.CIVET_DOUBLE, target="Karadoc")
    assert not t.holds("Perceval", "civet_filoche")
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == 40 + 50
