"""Seed 000 « L'Achat », « Le Double Achat » ★★; seed 001 « À la Volette ! »; seed 004."""

from __future__ import annotations

from engine_table import K, Table


def market(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, **options)
    t.set_scores(Karadoc=100, Perceval=100, Léodagan=100)
    return t


def test_the_buyer_pays_thirty_and_throws_the_cul_for_himself() -> None:
    # « un autre joueur peut acheter ce cul, ce qui lui coûte 30 pts »; « L'acheté ne gagne donc que les
    #   points de son éventuelle Chouette »
    t = market()
    t.say("Karadoc", K.CHOUETTES, dice=(3, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    t.say("Perceval", K.CUL, dice=(3,))  # a Cul de chouette of 3 for the buyer (he could double it)
    t.close()
    assert t.scores == {"Karadoc": 109, "Perceval": 100 - 30 + 70, "Léodagan": 100}
    assert t.roller == "Perceval"  # the turn order does not change


def test_nothing_better_than_the_chouette_the_buyer_scores_it_too() -> None:
    # « si après l'Achat le lancer ne donne rien de mieux que cette Chouette, l'acheteur remporte
    #   également les points de cette Chouette »
    t = market()
    t.say("Karadoc", K.CHOUETTES, dice=(3, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    t.say("Perceval", K.CUL, dice=(5,))
    t.close()
    assert t.scores == {"Karadoc": 109, "Perceval": 100 - 30 + 9, "Léodagan": 100}


def test_the_acheté_cannot_throw_his_cul_any_more() -> None:
    t = market()
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    t.say("Karadoc", K.CUL, dice=(5,), after=0.5)
    assert t.bevues() == [("Karadoc", "out_of_turn")]
    t.say("Perceval", K.CUL, dice=(5,))
    assert t.score("Perceval") == 70 + 50


def test_simultaneous_buyers_roll_a_die_lowest_buys() -> None:
    # « Si deux joueurs crient l'annonce en même temps, ils doivent lancer un dé, et le plus petit score
    #   devient acheteur. »
    t = market()
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    t.say("Léodagan", K.ACHAT, after=0.05)
    t.say("Karadoc", K.CUL, dice=(5,), after=0.5)  # « l'acheté doit attendre la décision sans jouer »
    assert t.phase == "roll_off"
    t.say("Perceval", K.DE, dice=(5,))
    t.say("Léodagan", K.DE, dice=(2,))
    t.say("Léodagan", K.CUL, dice=(5,))
    assert t.scores == {"Karadoc": 100, "Perceval": 100, "Léodagan": 100 - 30 + 50}


def test_double_achat_anyone_but_the_buyer_thirty_each_without_limit() -> None:
    # « Le Double Achat peut se faire par n'importe quel joueur et pas obligatoirement par celui qui s'est
    #   fait acheter. Il n'y a pas de limite »
    t = market()
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    t.say("Karadoc", K.RACHAT, after=0.5)
    t.say("Perceval", K.ACHAT, after=0.5)
    t.say("Perceval", K.RACHAT, after=0.5)  # he holds the cul: not his to buy again
    t.say("Perceval", K.CUL, dice=(5,))
    assert t.bevues() == [("Perceval", "achat_not_allowed")]
    assert t.scores == {"Karadoc": 70, "Perceval": 100 - 30 - 30 - 5 + 50, "Léodagan": 100}


def test_forbidden_achats_are_bevues() -> None:
    # « Un joueur qui a moins de 30 pts n'a pas le droit de faire un achat. S'il l'annonce quand même il y
    #   a Bévue. »; « Les seuls Achats interdits sont l'Achat suite à une Chouette de 6 … l'achat d'un Civet »
    t = market()
    t.set_scores(Léodagan=29)
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Léodagan", K.ACHAT, after=0.3)
    t.say("Karadoc", K.ACHAT, after=0.3)  # his own cul
    t.say("Karadoc", K.CUL, dice=(1,))
    t.close()
    t.say("Perceval", K.CHOUETTES, dice=(6, 6))
    t.say("Karadoc", K.ACHAT, after=0.3)
    t.say("Perceval", K.CUL, dice=(1,))
    t.close()
    t.give("Léodagan", "civet")
    t.set_scores(Léodagan=29, Karadoc=100)
    t.say("Léodagan", K.CIVET, number=5, combination="chouette")
    t.say("Léodagan", K.CHOUETTES, dice=(2, 3))
    t.say("Karadoc", K.ACHAT, after=0.3)
    assert t.bevues() == [
        ("Léodagan", "achat_not_allowed"),
        ("Karadoc", "achat_not_allowed"),
        ("Karadoc", "achat_not_allowed"),
        ("Karadoc", "achat_not_allowed"),
    ]


def test_je_rachete_with_nothing_bought_is_a_bevue() -> None:
    t = market()
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Perceval", K.RACHAT, after=0.3)
    assert t.bevues() == [("Perceval", "achat_not_allowed")]


def test_a_bought_sirotage_becomes_an_attrape_oiseau_and_bets_are_said_again() -> None:
    # « Un Sirotage peut être acheté par un autre joueur et devient alors un Attrape-Oiseau … et les autres
    #   joueurs doivent à nouveau annoncer leur mise »
    t = market()
    t.throw("Karadoc", 4, 4, 2)
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    t.say("Léodagan", K.PARI_OISEAU, number=1)
    t.say("Perceval", K.ACHAT, after=0.3)
    assert t.scores == {"Karadoc": 116, "Perceval": 70, "Léodagan": 100}
    t.say("Karadoc", K.COUCHE_SIROP)
    t.say("Léodagan", K.BEAU_SIROP)
    t.say("Perceval", K.DE, dice=(4,))
    t.say("Léodagan", K.SIROP_GAGNANT, after=0.3)
    t.close()
    assert t.scores == {"Karadoc": 116, "Perceval": 70 + 80, "Léodagan": 125}


def test_seed_004_no_achat_of_a_sirotage() -> None:
    t = market(achat_of_sirotage=False)
    t.throw("Karadoc", 4, 4, 2)
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    t.say("Perceval", K.ACHAT, after=0.3)
    assert t.bevues() == [("Perceval", "achat_not_allowed")]


def test_achat_after_the_cul_fell_is_refused() -> None:
    t = market()
    t.throw("Karadoc", 2, 3, 5)
    assert t.rejected(t.say("Perceval", K.ACHAT, after=0.3)) == ["too_late"]


def test_the_volette_variant_is_the_same_call() -> None:
    # seed 001: « le joueur doit crier "à la Volette" » — the grammar hears it; the engine is unchanged.
    t = market(achat_call="volette")
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    t.say("Perceval", K.CUL, dice=(5,))
    assert t.score("Perceval") == 120


def test_double_achat_off_rejects_the_second_purchase() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", enabled=["achat"])
    t.set_scores(Karadoc=100, Perceval=100, Léodagan=100)
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    assert t.rejected(t.say("Léodagan", K.ACHAT, after=0.5)) == ["rule_off"]
