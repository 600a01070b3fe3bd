"""Seed 000 « Le Double Flan » and « Le Contre-Flan » ★★★★."""

from __future__ import annotations

from engine_table import K, Table


def table(*others: str, **options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", *others, level=4, **options)
    return t


def test_double_flan_two_flanneurs_double_the_effect() -> None:
    # « Si deux joueurs ont un Flan en leur possession, ils peuvent l'utiliser ensemble sur un autre joueur et ainsi
    #   doubler l'effet du Flan. Pour cela, les deux annonces doivent se faire avant le lancer des chouettes du
    #   flanné »
    t = table()
    t.give("Perceval", "flan")
    t.give("Léodagan", "flan")
    t.say("Perceval", K.TATAN_FLANS, target="Karadoc")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -100


def test_double_flan_a_gain_is_doubled_too() -> None:
    # « la perte ou le gain de points peut être multiplié » — tied « Pas mou le caillou ! » under a Double Flan
    t = table()
    t.give("Perceval", "flan")
    t.give("Léodagan", "flan")
    t.say("Perceval", K.TATAN_FLANS, target="Karadoc")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.throw("Karadoc", 2, 2, 4)
    t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.2)
    t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.05)
    t.close()
    assert t.scores == {"Karadoc": 0, "Perceval": 64, "Léodagan": 64}


def test_triple_flan() -> None:
    # « Le Double Flan peut devenir un Triple Flan, un Quadruple Flan ou même plus si le nombre de joueurs le permet »
    t = table("Bohort")
    for player in ("Perceval", "Léodagan", "Bohort"):
        t.give(player, "flan")
        t.say(player, K.TATAN_FLANS, target="Karadoc")
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -150


def test_one_player_double_flans_over_two_turns_with_a_neant() -> None:
    # « Il est possible qu'un seul joueur lance un Double-Flan à condition d'obtenir deux Flans sur deux tours, et si
    #   le flanné réalise un Néant lors de son premier lancé flanné afin de le conserver sur deux tours. »
    t = table()
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.throw("Karadoc", 1, 3, 6)  # a Néant: the Flan is kept
    t.close()
    t.throw("Perceval", 1, 3, 6)
    t.close()
    t.throw("Léodagan", 6, 5, 2)
    t.say("Léodagan", K.A_KADOC, after=0.2)
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc", after=0.5)
    t.close()
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -100


def test_a_double_flan_on_a_bi_jarret_multiplies_by_four() -> None:
    # « Bi-Jarret … le double » and « doubler l'effet du Flan »: 2 × −2 (docs/rules.md « Multipliers »)
    t = table()
    t.give("Karadoc", "jarret")
    t.give("Perceval", "flan")
    t.give("Léodagan", "flan")
    t.say("Perceval", K.TATAN_FLANS, target="Karadoc")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -200


def test_contre_flan_the_flanne_is_saved_and_the_flanneur_suffers_a_double_flan() -> None:
    # « le contre-flanneur doit crier l'annonce du Flan vers le flanneur […] Le premier flanné est alors sauvé, et
    #   le flanneur devient contre-flanné, il subit les effets d'un Double- Flan. »
    t = table()
    t.give("Léodagan", "flan")
    t.give("Perceval", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.say("Perceval", K.TATAN_FLANS, target="Léodagan")
    assert not t.holds("Perceval", "flan")
    t.throw("Karadoc", 2, 3, 5)  # saved
    t.close()
    t.throw("Perceval", 1, 1, 3)
    t.close()
    t.throw("Léodagan", 2, 3, 5)  # contre-flanné
    assert t.scores == {"Karadoc": 50, "Perceval": 1, "Léodagan": -100}


def test_the_flanne_cannot_contre_flan_his_flan_on_the_flanneur_is_a_plain_flan() -> None:
    # « Seul un joueur extérieur au Flan peut réaliser un Contre-Flan, ainsi le flanné ne peut pas réaliser de
    #   Contre-Flan pour se défendre, même s'il a un Flan en sa possession. »
    t = table()
    t.give("Léodagan", "flan")
    t.give("Karadoc", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.say("Karadoc", K.TATAN_FLANS, target="Léodagan")
    t.throw("Karadoc", 2, 3, 5)  # still flanned
    t.close()
    t.throw("Perceval", 1, 1, 3)
    t.close()
    t.throw("Léodagan", 2, 3, 5)  # one Flan, not a Double
    assert t.scores == {"Karadoc": -50, "Perceval": 1, "Léodagan": -50}


def test_a_contre_flanneur_can_be_contre_flanned() -> None:
    # « que ce soit un Flan, Double-Flan ou Contre-Flan […] Seul un flanneur ou un contre-flanneur peut être
    #   contre-flanné. »
    t = table("Bohort")
    for player in ("Léodagan", "Perceval", "Bohort"):
        t.give(player, "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.say("Perceval", K.TATAN_FLANS, target="Léodagan")  # Contre-Flan
    t.say("Bohort", K.TATAN_FLANS, target="Perceval")  # Contre-Flan on the contre-flanneur
    t.throw("Karadoc", 2, 3, 5)
    t.close()
    t.throw("Perceval", 2, 3, 5)
    t.close()
    t.throw("Léodagan", 2, 3, 5)
    assert t.scores == {"Karadoc": 50, "Perceval": -100, "Léodagan": 50, "Bohort": 0}


def test_once_the_flanne_has_thrown_a_flan_on_the_flanneur_is_a_plain_flan() -> None:
    # « Contre-Flan | Après annonce de Flan » (« Aide de jeu »): only while the Flan waits
    t = table()
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.throw("Karadoc", 2, 3, 5)
    t.close()
    t.give("Perceval", "flan")
    t.say("Perceval", K.TATAN_FLANS, target="Léodagan")
    t.throw("Perceval", 1, 1, 3)
    t.close()
    t.throw("Léodagan", 2, 3, 5)
    assert t.scores == {"Karadoc": -50, "Perceval": 1, "Léodagan": -50}


def test_without_the_contre_flan_a_flan_on_the_flanneur_is_a_plain_flan() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", enabled=["flan", "double_flan"])
    t.give("Léodagan", "flan")
    t.give("Perceval", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.say("Perceval", K.TATAN_FLANS, target="Léodagan")
    t.throw("Karadoc", 2, 3, 5)
    t.close()
    t.throw("Perceval", 1, 1, 3)
    t.close()
    t.throw("Léodagan", 2, 3, 5)
    assert t.scores == {"Karadoc": -50, "Perceval": 1, "Léodagan": -50}
