"""Seed 000 « Le Néant Soufflé » ★★★ (1-4-6); seed 004 « Le néant soufflé »."""

from __future__ import annotations

from engine_table import K, Table


def souffle(**options: object) -> Table:
    t = Table("Karadoc", "Perceval", "Léodagan", level=3, **options)
    t.throw("Karadoc", 1, 4, 6)
    return t


def test_the_first_mecreant_gets_a_grelottine_and_the_roller_none_for_the_throw() -> None:
    # « Le premier joueur criant : "Mécréant !" et se touchant le nez avec le doigt récupére une Grelottine. »
    t = souffle()
    assert not t.holds("Karadoc", "grelottine")
    t.say("Perceval", K.MECREANT, after=0.2)
    t.say("Léodagan", K.MECREANT, after=0.4)
    t.close()
    assert t.holds("Perceval", "grelottine") and not t.holds("Léodagan", "grelottine")


def test_the_roller_may_shout_too() -> None:
    # « Le joueur dont c'est le tour peut aussi participer aux annonces. »
    t = souffle()
    t.say("Karadoc", K.MECREANT, after=0.2)
    t.close()
    assert t.holds("Karadoc", "grelottine")


def test_je_suis_un_miserable_first_nobody_gets_it() -> None:
    # « En revanche s'il déclare "Je suis un misérable." … alors personne ne peut récupérer la Grelottine. »
    t = souffle()
    t.say("Léodagan", K.MISERABLE, after=0.2)
    t.say("Perceval", K.MECREANT, after=0.4)
    t.close()
    assert not any(t.holds(p, "grelottine") for p in ("Karadoc", "Perceval", "Léodagan"))


def test_mecreant_and_miserable_together_mecreant_has_priority() -> None:
    # « S'il y a une égalité dans les annonces "Mécréant !" est prioritaire. »
    t = souffle()
    t.say("Léodagan", K.MISERABLE, after=0.2)
    t.say("Perceval", K.MECREANT, after=0.05)
    t.close()
    assert t.holds("Perceval", "grelottine")


def test_tied_mecreants_fort_heureusement_decides() -> None:
    # « s'il y a une égalité entre plusieurs annonces "Mécréant !" il faut dire: "Fort heureusement, je tiens à
    #   préciser que l'incident n'a fait aucune victime" pour l'emporter »
    t = souffle()
    t.say("Perceval", K.MECREANT, after=0.2)
    t.say("Léodagan", K.MECREANT, after=0.05)
    t.say("Léodagan", K.FORT_HEUREUSEMENT, after=1.0)
    t.say("Perceval", K.FORT_HEUREUSEMENT, after=0.8)
    t.close()
    assert t.holds("Léodagan", "grelottine") and not t.holds("Perceval", "grelottine")


def test_still_tied_a_die_lowest_wins() -> None:
    # « S'il y a encore égalité, les joueurs se départagent par le lancer d'un dé (le plus petit score l'emporte) »
    t = souffle()
    t.say("Perceval", K.MECREANT, after=0.2)
    t.say("Léodagan", K.MECREANT, after=0.05)
    t.close()
    assert t.phase == "roll_off"
    t.say("Perceval", K.DE, dice=(2,))
    t.say("Léodagan", K.DE, dice=(5,))
    assert t.holds("Perceval", "grelottine") and t.roller == "Perceval"


def test_without_negatives_a_mecreant_below_thirty_is_a_bevue() -> None:
    # « [Si un joueur crie l'annonce “ Mécréant ! " alors qu'il a moins de 30 points, il ne récupere pas de
    #   Grelottine et il y a Bévue.] »
    t = souffle(negative_scores=False)
    t.set_scores(Perceval=20, Léodagan=40)
    t.say("Perceval", K.MECREANT, after=0.2)
    t.say("Léodagan", K.MECREANT, after=0.4)
    t.close()
    assert t.bevues() == [("Perceval", "not_allowed")]
    assert t.holds("Léodagan", "grelottine") and not t.holds("Perceval", "grelottine")


def test_mecreant_on_another_throw_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", level=3)
    t.throw("Karadoc", 1, 3, 6)
    t.say("Perceval", K.MECREANT, after=0.2)
    assert t.bevues() == [("Perceval", "wrong_call")] and t.holds("Karadoc", "grelottine")


def test_at_two_stars_one_four_six_is_a_neant() -> None:
    t = Table("Karadoc", "Perceval", level=2)
    t.throw("Karadoc", 1, 4, 6)
    assert t.holds("Karadoc", "grelottine")
