"""Seed 000 « Le Civet Doublé » ★★."""

from __future__ import annotations

from engine_table import K, Table


def civets(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, **options)
    for player in ("Karadoc", "Perceval", "Léodagan"):
        t.give(player, "civet")
    t.say("Karadoc", K.CIVET, number=20, combination="velute")
    return t


def test_civet_double_doubles_the_stake_not_the_combination() -> None:
    # « La mise du Civet est alors obligatoirement doublée, mais la combinaison finale n'est pas affectée. »
    t = civets()
    t.say("Perceval", K.CIVET_DOUBLE, target="Karadoc")
    assert not t.holds("Perceval", "civet")  # « sacrifie son Civet »
    t.des("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == 40 + 50


def test_a_lost_doubled_civet_loses_the_double() -> None:
    t = civets()
    t.say("Perceval", K.CIVET_DOUBLE, target="Karadoc")
    t.des("Karadoc", 1, 3, 6)
    assert t.score("Karadoc") == -40


def test_two_civets_doubles_quadruple() -> None:
    # « Si plus de deux joueurs ont un Civet, il peuvent quadrupler, octupler, etc. »
    t = civets()
    t.say("Perceval", K.CIVET_DOUBLE, target="Karadoc")
    t.say("Léodagan", K.CIVET_DOUBLE, target="Karadoc")
    t.des("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == 80 + 50


def test_without_a_civet_or_without_a_civet_to_double_it_is_a_bevue() -> None:
    t = civets()
    t.say("Perceval", K.CIVET_DOUBLE, target="Léodagan")  # Léodagan announced nothing
    t.game.state.players["Léodagan"].holdings.clear()
    t.say("Léodagan", K.CIVET_DOUBLE, target="Karadoc")  # no Civet of his own
    assert t.bevues() == [("Perceval", "civet_not_allowed"), ("Léodagan", "civet_not_allowed")]
    assert t.holds("Perceval", "civet")


def test_without_negatives_the_civet_player_needs_the_doubled_stake() -> None:
    # [« le joueur tentant un Civet doit avoir au moins le double … des points de sa mise initiale …,
    #   sinon il y a Bévue pour le(s) joueur(s) lançant le(s) Civet(s) Doublé(s). »]
    t = Table("Karadoc", "Perceval", level=2, negative_scores=False)
    t.set_scores(Karadoc=30, Perceval=50)
    t.give("Karadoc", "civet")
    t.give("Perceval", "civet")
    t.say("Karadoc", K.CIVET, number=20, combination="velute")
    t.say("Perceval", K.CIVET_DOUBLE, target="Karadoc")
    assert t.bevues() == [("Perceval", "civet_not_allowed")]


def test_a_civet_double_after_the_throw_is_a_bevue() -> None:
    t = civets()
    t.throw("Karadoc", 2, 3, 5)
    t.say("Perceval", K.CIVET_DOUBLE, target="Karadoc")
    assert t.bevues() == [("Perceval", "civet_not_allowed")]
    assert t.score("Karadoc") == 20 + 50
