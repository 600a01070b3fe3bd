"""Seed 000 « Le Flan » and « Le Flan (suite) » ★★★★: « À Kadoc ! », « Tatan elle fait des flans ! »,
« Lance-Flan ! », and the « Détails des différentes combinaisons et actions affectées par le Flan »,
one test per line of that table (``test_flan_line_<line>_…``), then the « règles inflannables »."""

from __future__ import annotations

from engine_table import K, Table


def table(*others: str, **options: object) -> Table:
    return Table("Karadoc", "Perceval", "Léodagan", *others, level=4, **options)


def flanned(*others: str, **options: object) -> Table:
    """Léodagan flans Karadoc before his first chouettes."""
    t = table(*others, **options)
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    return t


# ── « Le Flan »: « À Kadoc ! » ──
def test_a_kadoc_on_six_five_two_wins_a_flan_and_no_grelottine() -> None:
    # « Le joueur réalisant cette combinaison doit crier “ À Kadoc ! ” en levant le doigt avant le lancer du
    #   joueur suivant pour obtenir un Flan (non cumulable). »
    t = table()
    t.throw("Karadoc", 6, 5, 2)
    t.close()
    t.say("Karadoc", K.A_KADOC)  # the window is closed, Perceval has not thrown yet: in time
    assert t.holds("Karadoc", "flan") and not t.holds("Karadoc", "grelottine")
    assert t.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": 0}


def test_a_kadoc_after_the_next_throw_or_by_another_player_is_a_bevue() -> None:
    t = table()
    t.throw("Karadoc", 6, 5, 2)
    t.say("Perceval", K.A_KADOC, after=0.2)  # « (joueur seulement) »
    t.close()
    t.throw("Perceval", 1, 3, 6)
    t.say("Karadoc", K.A_KADOC, after=0.2)  # too late: Perceval has thrown
    assert t.bevues() == [("Perceval", "wrong_call"), ("Karadoc", "wrong_call")]
    assert not t.holds("Karadoc", "flan")


def test_the_flan_is_not_cumulable() -> None:
    t = table()
    t.give("Karadoc", "flan")
    t.throw("Karadoc", 2, 6, 5)
    events = t.say("Karadoc", K.A_KADOC, after=0.2)
    assert t.holds("Karadoc", "flan") and not [e for e in events if e.kind.value == "holding"]
    assert t.bevues() == []


def test_at_level_three_six_five_two_is_a_neant() -> None:
    t = Table("Karadoc", "Perceval", level=3)
    t.throw("Karadoc", 6, 5, 2)
    events = t.say("Karadoc", K.A_KADOC, after=0.2)
    assert t.holds("Karadoc", "grelottine") and t.rejected(events) == ["rule_off"]


# ── « Le Flan (suite) »: flanning, giving ──
def test_tatan_the_flan_inverts_the_next_throw_of_the_target_only() -> None:
    # « Le flanné ne peut pas se défendre et l'inverse de la règle de la combinaison qu'il réalise lors de son
    #   lancer s'applique. »
    t = table()
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Perceval")
    assert not t.holds("Léodagan", "flan")
    t.throw("Karadoc", 2, 3, 5)  # not flanned
    t.close()
    t.throw("Perceval", 2, 3, 5)  # flanned
    t.close()
    t.throw("Léodagan", 1, 1, 5)
    t.close()
    t.throw("Karadoc", 2, 3, 5)
    t.close()
    t.throw("Perceval", 2, 3, 5)  # the Flan was spent on his last throw
    assert t.scores == {"Karadoc": 100, "Perceval": 0, "Léodagan": 1}


def test_nobody_flans_himself_and_a_flan_needs_a_flan() -> None:
    # « Il est interdit de se flanner soi-même. »
    t = table()
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Léodagan")
    t.say("Perceval", K.TATAN_FLANS, target="Karadoc")
    assert t.bevues() == [("Léodagan", "flan_not_allowed"), ("Perceval", "flan_not_allowed")]
    assert t.holds("Léodagan", "flan")
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == 50


def test_a_flan_during_a_challenge_applies_to_the_next_throw() -> None:
    # « (et non lors d'un défi, auquel cas le Flan s'applique au lancer suivant) »
    t = table()
    t.set_scores(Karadoc=100, Perceval=100)
    t.give("Karadoc", "grelottine")
    t.give("Perceval", "grelottine")
    t.give("Léodagan", "flan")
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="velute", number=10)
    t.say("Léodagan", K.TATAN_FLANS, target="Perceval")
    t.des("Perceval", 2, 3, 5)  # the challenge's throw is not flanned
    t.close()
    assert t.scores == {"Karadoc": 90, "Perceval": 100 + 10 + 50, "Léodagan": 0}
    t.throw("Karadoc", 1, 1, 4)  # the interrupted turn resumes
    t.close()
    t.throw("Perceval", 2, 3, 5)  # his turn: flanned
    assert t.score("Perceval") == 160 - 50


def test_lance_flan_gives_it_and_to_a_holder_is_a_bevue() -> None:
    # « “ Lance-Flan ! ” […] un joueur qui lance son Flan à un joueur qui en a déjà un reçoit une Bévue mais
    #   conserve son Flan. »
    t = table()
    t.give("Karadoc", "flan")
    t.give("Léodagan", "flan")
    t.say("Karadoc", K.LANCE_FLAN, target="Léodagan")
    assert t.bevues() == [("Karadoc", "flan_already_held")] and t.holds("Karadoc", "flan")
    t.say("Karadoc", K.LANCE_FLAN, target="Perceval")
    assert t.holds("Perceval", "flan") and not t.holds("Karadoc", "flan")


# ── the inversion table, line by line ──
def test_flan_line_chouette_the_flanne_loses_its_value() -> None:
    # « Chouette : Le flanné perd la valeur de la Chouette. »
    t = flanned()
    t.throw("Karadoc", 4, 4, 1)
    t.close()
    assert t.score("Karadoc") == -16


def test_flan_line_velute_the_flanne_loses_its_value() -> None:
    # « Velute : Le flanné perd la valeur de la Velute. »
    t = flanned()
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -50


def test_flan_line_chouette_velute_the_first_shouter_loses_it() -> None:
    # « Le premier (ou seul) joueur à crier l'annonce perd la valeur de la Chouette-Velute. »
    t = flanned()
    t.throw("Karadoc", 3, 3, 6)
    t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.2)
    t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.5)
    t.close()
    assert t.scores == {"Karadoc": 0, "Perceval": -72, "Léodagan": 0}


def test_flan_line_chouette_velute_simultaneous_shouters_gain_it() -> None:
    # « Si deux joueurs ou plus crient l'annonce en même temps, ils gagnent la valeur de la Chouette-Velute. »
    t = flanned()
    t.throw("Karadoc", 1, 1, 2)
    t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.2)
    t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.1)
    t.close()
    assert t.scores == {"Karadoc": 0, "Perceval": 8, "Léodagan": 8}


def test_flan_line_cul_de_chouette_the_flanne_loses_its_value() -> None:
    # « Cul De Chouette : Le flanné perd la valeur du Cul De Chouette. »
    t = flanned()
    t.throw("Karadoc", 5, 5, 5)
    t.close()
    assert t.score("Karadoc") == -90


def test_flan_line_suite_the_first_shouter_loses_ten() -> None:
    # « Suite : Le premier (ou seul) joueur à crier l'annonce perd 10 pts. »
    t = flanned()
    t.throw("Karadoc", 2, 3, 4)
    t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.2)
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.4)  # Léodagan never shouts: under a Flan, nothing happens to him
    t.close()
    assert t.scores == {"Karadoc": 0, "Perceval": -10, "Léodagan": 0}


def test_flan_line_suite_velutee_the_suite_and_the_patte_de_canard() -> None:
    # « Le premier (ou seul) joueur à crier l'annonce de la Suite perd 10 pts. Si le lanceur attrape au moins
    #   une des chouettes en disant "Patte de canaaard !", il perds la valeur de la Velute de 3. »
    t = flanned()
    t.throw("Karadoc", 1, 2, 3)
    t.say("Karadoc", K.PATTE_DE_CANARD, after=0.2)
    t.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.2)
    t.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.3)
    t.close()
    assert t.scores == {"Karadoc": -18, "Perceval": 0, "Léodagan": -10}


def test_flan_line_suite_velutee_the_velutee_grabber_loses_the_combination() -> None:
    # « Le premier autre joueur à attraper les chouettes en criant "Velutée !" doit les relancer et perds les
    #   points de combinaison (la combinaison ne s'applique pas). »
    t = flanned()
    t.throw("Karadoc", 1, 2, 3)
    t.say("Perceval", K.VELUTEE, after=0.2)
    t.close()
    t.say("Perceval", K.CHOUETTES, dice=(5, 5))  # 5-5-3: a Chouette of 5
    assert t.scores == {"Karadoc": 0, "Perceval": -25, "Léodagan": 0}
    assert t.roller == "Perceval"  # no window, no sirotage: the game goes on


def test_flan_line_suite_velutee_two_grabbers_the_final_combination_is_the_flanned_rollers() -> None:
    # « Si deux joueurs, qui ne sont pas le lanceur, se saisissent chacun d'une chouette et s'exclame
    #   "Velutée", ils relancent chacun leur chouette et la combinaison finale prends effet, avec les effets du
    #   Flan, au lanceur de la Suite-Velutée. »
    t = flanned()
    t.throw("Karadoc", 1, 2, 3)
    t.say("Perceval", K.VELUTEE, after=0.2)
    t.say("Léodagan", K.VELUTEE, after=0.05)
    t.close()
    t.say("Perceval", K.CHOUETTES, dice=(2, 5))  # 2-5-3: a Velute of 5, the roller's, flanned
    assert t.scores == {"Karadoc": -50, "Perceval": 0, "Léodagan": 0}


def test_flan_line_soufflette_the_flanne_takes_the_challenge_alone() -> None:
    # « Si le flanné réalise une Soufflette alors qu'il a 30 pts ou plus, il doit relever le défi seul et a trois
    #   lancers pour réaliser à nouveau un 4 - 2 – 1. […] Il est le seul dont le score peut être affecté. Il perd
    #   30 pts s'il échoue et peut gagner 30, 40 ou 50 pts (selon le nombre de lancers tentés) en cas de réussite. »
    t = flanned()
    t.set_scores(Karadoc=40)
    t.throw("Karadoc", 4, 2, 1)
    assert t.phase == "relance"
    t.des("Karadoc", 6, 6, 3)
    t.des("Karadoc", 1, 2, 4)  # the second throw
    assert t.scores == {"Karadoc": 80, "Perceval": 0, "Léodagan": 0}


def test_flan_line_soufflette_failed_the_third_combination_takes_the_flan() -> None:
    # « Si le flanné-soufflé ne parvient pas à relever le défi, la combinaison réalisée au troisième lancer prend
    #   l'effet du Flan. »
    t = flanned()
    t.set_scores(Karadoc=40)
    t.throw("Karadoc", 4, 2, 1)
    t.des("Karadoc", 6, 6, 3)
    t.des("Karadoc", 6, 6, 2)
    t.des("Karadoc", 2, 3, 5)
    assert t.scores == {"Karadoc": 40 - 30 - 50, "Perceval": 0, "Léodagan": 0}


def test_flan_line_soufflette_below_thirty_the_flan_is_kept() -> None:
    # « S'il a moins de 30 pts, la Soufflette ne peut pas être jouée et le Flan est conservé. »
    t = flanned()
    t.throw("Karadoc", 4, 2, 1)
    t.say("Karadoc", K.EN_GARDE, target="Perceval", after=0.2)
    t.close()
    assert t.bevues() == [("Karadoc", "not_allowed")]
    for player in ("Perceval", "Léodagan"):
        t.throw(player, 1, 3, 6)
        t.close()
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -5 - 50


def test_flan_line_bleu_rouge_the_flanne_loses_nine_and_the_right_relance_loses_everything() -> None:
    # « Le flanné perd 9 pts, et n'importe quel joueur réussissant sa relance perd 36 pts + le double de la valeur
    #   de la relance + la valeur de la combinaison éventuellement réalisée. »
    t = flanned()
    t.throw("Karadoc", 3, 4, 3)
    assert t.score("Karadoc") == -9
    t.say("Perceval", K.RELANCE, number=15)
    t.say("Léodagan", K.RELANCE, number=10)
    t.say("Karadoc", K.RELANCE, number=11)
    t.des("Karadoc", 5, 5, 5)
    assert t.scores == {"Karadoc": -9, "Perceval": -(36 + 30) - 90, "Léodagan": 0}


def test_flan_line_pelican_the_first_shouter_loses_28_and_the_18_bettor_200() -> None:
    # « Le premier joueur à crier “ Pélican ! ” perd 28 pts. Si ce joueur avait préalablement relancé de 18, il perd
    #   alors 200 pts. Si un ou plusieurs joueurs enchaînent avec “ Passe-Montagne ! ” et/ou “ Zbradaraldjan ! ”, il
    #   y a Bévue. »
    t = flanned()
    t.throw("Karadoc", 3, 4, 3)
    t.say("Perceval", K.RELANCE, number=18)
    t.say("Léodagan", K.RELANCE, number=10)
    t.des("Karadoc", 6, 6, 6)
    t.say("Perceval", K.PELICAN, after=0.2)
    t.say("Léodagan", K.PASSE_MONTAGNE, after=0.2)
    t.close()
    assert t.bevues() == [("Léodagan", "wrong_call")]
    assert t.scores == {"Karadoc": -9, "Perceval": -200, "Léodagan": -5}


def test_flan_line_artichette_the_roles_swap() -> None:
    # « Le flanné doit crier “ Artichette ! ” pour remporter la valeur de sa Chouette de 4. Pour faire perdre la
    #   valeur de la Chouette de 4 au flanné, les autres joueurs doivent crier “ Raitournelle ! " en le désignant. »
    t = flanned()
    t.throw("Karadoc", 4, 3, 4)
    t.say("Karadoc", K.ARTICHETTE, after=0.2)
    t.say("Perceval", K.RAITOURNELLE, target="Karadoc", after=0.3)
    t.close()
    assert t.scores == {"Karadoc": 16, "Perceval": 0, "Léodagan": 0}


def test_flan_line_artichette_the_others_raitournelle_first_the_flanne_loses_16() -> None:
    t = flanned()
    t.throw("Karadoc", 4, 3, 4)
    t.say("Perceval", K.RAITOURNELLE, target="Karadoc", after=0.2)
    t.say("Karadoc", K.RAITOURNELLE, after=0.3)  # his call is now « Artichette ! »
    t.close()
    assert t.bevues() == [("Karadoc", "wrong_call")]
    assert t.scores == {"Karadoc": -16 - 5, "Perceval": 0, "Léodagan": 0}


def test_flan_line_flan_the_flanne_may_win_a_flan() -> None:
    # « Si le flanné réalise 6 - 5 - 2, il obtient alors le droit d'avoir à son tour un Flan à condition de crier
    #   l'annonce à temps, et ainsi annuler le Flan qui lui a été attribué. »
    t = flanned()
    t.throw("Karadoc", 6, 5, 2)
    t.say("Karadoc", K.A_KADOC, after=0.2)
    t.close()
    assert t.holds("Karadoc", "flan") and t.score("Karadoc") == 0
    for player in ("Perceval", "Léodagan"):
        t.throw(player, 1, 3, 6)
        t.close()
    t.throw("Karadoc", 2, 3, 5)  # the Flan he was given is gone
    assert t.score("Karadoc") == 50


def test_flan_line_attrape_oiseau_the_flanne_catches_the_bird_and_succeeds_he_loses_the_cul_de_chouette() -> None:
    # « Si le flanné tente un Attrape-Oiseau, le Flan prend effet sur ce lancer. S'il réussit, il perd la valeur du
    #   Cul De Chouette réalisé »
    t = table()
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Perceval")
    t.throw("Karadoc", 4, 4, 2)
    t.say("Perceval", K.ATTRAPE_OISEAU, after=0.3)
    t.say("Karadoc", K.COUCHE_SIROP)
    t.say("Léodagan", K.FILE_SIROP)
    t.say("Perceval", K.DE, dice=(4,))
    t.close()
    assert t.scores == {"Karadoc": 16, "Perceval": -80, "Léodagan": 0}
    t.throw("Perceval", 2, 3, 5)  # the Flan took effect on the Attrape-Oiseau
    assert t.score("Perceval") == -80 + 50


def test_flan_line_attrape_oiseau_failed_he_wins_the_chouette_and_of_six_a_civet() -> None:
    # « s'il échoue, il gagne la valeur de la Chouette. Si c'est un Attrape-Oiseau de 6 échoué, il gagne 36 pts et
    #   obtient également un Civet. »
    t = table()
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Perceval")
    t.throw("Karadoc", 6, 6, 1)
    t.say("Perceval", K.ATTRAPE_OISEAU, after=0.3)
    t.say("Karadoc", K.COUCHE_SIROP)
    t.say("Léodagan", K.FILE_SIROP)
    t.say("Perceval", K.DE, dice=(2,))
    t.close()
    assert t.scores == {"Karadoc": 36, "Perceval": 36, "Léodagan": 0}
    assert t.holds("Perceval", "civet")


def test_flan_line_civet_the_stake_is_inverted_and_the_combination_flanned() -> None:
    # « Si le flanné utilise un Civet, les points du Civet s'inversent. S'il réussit son Civet, il perd les points
    #   de sa mise, et s'il échoue, il gagne les points de sa mise. Cependant, dans les deux cas la combinaison
    #   réalisée subit les effets du Flan »
    t = flanned()
    t.give("Karadoc", "civet")
    t.say("Karadoc", K.CIVET, number=20, combination="velute")
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -20 - 50
    t.close()
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Perceval")
    t.give("Perceval", "civet")
    t.say("Perceval", K.CIVET, number=20, combination="chouette")
    t.throw("Perceval", 2, 3, 5)
    assert t.score("Perceval") == 20 - 50


def test_flan_line_civet_on_a_neant_the_flanne_stays_flanned() -> None:
    # « (en cas de Néant, le joueur reste flanné pour le prochain tour) »
    t = flanned()
    t.give("Karadoc", "civet")
    t.say("Karadoc", K.CIVET, number=10, combination="neant")
    t.throw("Karadoc", 1, 3, 6)
    t.close()
    assert t.score("Karadoc") == -10
    for player in ("Perceval", "Léodagan"):
        t.throw(player, 1, 3, 6)
        t.close()
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -10 - 50


def test_flan_line_civet_double_is_flanned_as_a_civet() -> None:
    # « Si le flanné s'est fait doubler son Civet, le Civet Doublé est flanné de la même façon qu'un Civet. »
    t = flanned()
    t.give("Karadoc", "civet")
    t.give("Perceval", "civet")
    t.say("Karadoc", K.CIVET, number=20, combination="velute")
    t.say("Perceval", K.CIVET_DOUBLE, target="Karadoc")
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -40 - 50


def test_flan_line_achat_the_flanne_who_buys_keeps_his_flan() -> None:
    # « Si le flanné achète le cul d'un adversaire, le Flan ne prend pas effet, il le garde donc pour son prochain
    #   lancer lors de son tour de jeu. »
    t = table()
    t.set_scores(Perceval=100)
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Perceval")
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    t.say("Perceval", K.CUL, dice=(5,))
    t.close()
    assert t.score("Perceval") == 100 - 30 + 50
    t.throw("Perceval", 2, 3, 5)
    assert t.score("Perceval") == 120 - 50


def test_flan_line_achat_the_buyer_of_a_flanned_cul_buys_the_flan() -> None:
    # « Si le flanné se fait acheter son cul lors du lancer flanné, l'acheteur achète également le Flan sur ce
    #   lancer. »
    t = flanned()
    t.set_scores(Perceval=100)
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    t.say("Perceval", K.CUL, dice=(5,))
    t.close()
    assert t.scores == {"Karadoc": 0, "Perceval": 100 - 30 - 50, "Léodagan": 0}


def test_flan_line_double_achat_the_rebuyer_buys_the_flan_for_thirty() -> None:
    # « si le cul flanné est racheté par un joueur, ce joueur rachète également le Flan qui prend alors effet dès le
    #   lancer du cul. Le Double Achat vaut toujours 30 pts. »
    t = flanned()
    t.set_scores(Perceval=100, Léodagan=100)
    t.say("Karadoc", K.CHOUETTES, dice=(2, 3))
    t.say("Perceval", K.ACHAT, after=0.3)
    t.say("Léodagan", K.RACHAT, after=0.5)
    t.say("Léodagan", K.CUL, dice=(5,))
    t.close()
    assert t.scores == {"Karadoc": 0, "Perceval": 70, "Léodagan": 100 - 30 - 50}


def test_flan_line_jarret_bi_jarret_loses_twice_the_combination() -> None:
    # « Si le flanné utilise un Jarret, de quelle que soit la façon dont il l'utilise, la combinaison finale subit
    #   les effets du Flan. En cas de Bi-Jarret, le Lance-Bûcher perd le double de la valeur de la combinaison »
    t = flanned()
    t.give("Karadoc", "jarret")
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -100


def test_flan_line_jarret_mi_jarret_the_final_combination_is_flanned() -> None:
    t = flanned()
    t.give("Karadoc", "jarret")
    t.say("Karadoc", K.MI_JARRET)
    t.throw("Karadoc", 1, 3, 6)
    t.des("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -50


def test_flan_line_jarret_lance_buches_on_a_flanned_bleu_rouge_is_anything_but_a_neant() -> None:
    # « En cas de Bleu-Rouge flanné, les joueurs peuvent crier “ Lance-Bûches ! ” si la combinaison formée est tout
    #   sauf un Néant. »
    t = flanned()
    t.throw("Karadoc", 3, 4, 3)
    t.say("Perceval", K.RELANCE, number=4)
    t.des("Karadoc", 1, 1, 5)  # 7: nobody right, a Chouette: no combination applies, but the Jarret does
    t.say("Léodagan", K.LANCE_BUCHES, after=0.2)
    t.close()
    assert t.holds("Léodagan", "jarret")
    t.throw("Perceval", 3, 4, 3)  # not flanned: a Néant is a Jarret again
    t.des("Perceval", 2, 2, 2)
    t.say("Léodagan", K.LANCE_BUCHES, after=0.2)
    assert t.bevues() == [("Léodagan", "wrong_call")]


def test_flan_line_jarret_on_a_neant_jarret_souple_and_charret_swap() -> None:
    # « En cas de Néant sur un Bi ou Mi Jarret, les annonces “ Jarret-Souple ! ” et “ Charret ! ” s'inversent. »
    t = flanned()
    t.give("Karadoc", "jarret")
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 1, 3, 6)
    t.say("Karadoc", K.CHARRET, after=0.2)  # the flanné keeps his Jarret with « Charret ! »
    t.say("Perceval", K.JARRET_SOUPLE, after=0.3)
    t.close()
    assert t.holds("Karadoc", "jarret") and t.bevues() == []


def test_flan_line_jarret_on_a_neant_the_others_jarret_souple_first_takes_it() -> None:
    t = flanned()
    t.give("Karadoc", "jarret")
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 1, 3, 6)
    t.say("Perceval", K.JARRET_SOUPLE, after=0.2)
    t.say("Karadoc", K.JARRET_SOUPLE, after=0.3)  # his call is « Charret ! » now: a Bévue
    t.close()
    assert not t.holds("Karadoc", "jarret") and t.bevues() == [("Karadoc", "wrong_call")]


def test_flan_line_neant_the_grelottine_applies_and_the_flan_is_kept() -> None:
    # « Si le flanné réalise un Néant, la règle de la Grelottine s'applique et il conserve son Flan qui prendra
    #   effet lors de son prochain lancer. »
    t = flanned()
    t.throw("Karadoc", 1, 3, 6)
    t.close()
    assert t.holds("Karadoc", "grelottine")
    for player in ("Perceval", "Léodagan"):
        t.throw(player, 1, 3, 6)
        t.close()
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -50


def test_flan_line_neant_souffle_the_first_mecreant_loses_a_grelottine() -> None:
    # « Le premier joueur criant : "Mécréant !" et se touchant le nez avec le doigt perds une Grelottine si il en
    #   possédait une »
    t = flanned()
    t.give("Perceval", "grelottine")
    t.throw("Karadoc", 1, 4, 6)
    t.say("Perceval", K.MECREANT, after=0.2)
    t.say("Léodagan", K.MECREANT, after=0.4)
    t.close()
    assert not t.holds("Perceval", "grelottine") and not t.holds("Léodagan", "grelottine")


def test_flan_line_neant_souffle_je_suis_un_miserable_gives_everybody_a_grelottine() -> None:
    # « si il déclare "Je suis un misérable" en se touchant le nez, tous les joueurs reçoivent une Grelottine.
    #   [Seulement au joueurs ayant minimum 30 pts.] »
    t = flanned(negative_scores=False)
    t.set_scores(Karadoc=30, Perceval=45, Léodagan=29)
    t.throw("Karadoc", 6, 1, 4)
    t.say("Léodagan", K.MISERABLE, after=0.2)
    t.close()
    assert [t.holds(p, "grelottine") for p in ("Karadoc", "Perceval", "Léodagan")] == [True, True, False]


# ── « la liste des règles inflannables » ──
def test_inflannable_soufflette_when_the_flanne_is_the_souffle() -> None:
    # « la Soufflette (seulement quand le flanné est le soufflé) »
    t = table()
    t.set_scores(Karadoc=100, Perceval=100)
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Perceval")
    t.throw("Karadoc", 4, 2, 1)
    t.say("Karadoc", K.EN_GARDE, target="Perceval", after=0.3)
    t.des("Perceval", 1, 4, 2)
    assert t.scores == {"Karadoc": 50, "Perceval": 150, "Léodagan": 0}
    t.throw("Perceval", 2, 3, 5)  # his own throw is flanned
    assert t.score("Perceval") == 100


def test_inflannable_sirotage_and_contre_sirop() -> None:
    # « le Sirotage, le Contre-Sirop »
    t = flanned()
    t.throw("Karadoc", 3, 3, 1)
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    t.say("Perceval", K.COUCHE_SIROP)
    t.say("Léodagan", K.COUCHE_SIROP)
    t.say("Karadoc", K.DE, dice=(3,))
    t.close()
    assert t.score("Karadoc") == 70
    t.give("Perceval", "flan")
    t.say("Perceval", K.TATAN_FLANS, target="Léodagan")
    for player, faces in (("Perceval", (1, 3, 6)), ("Léodagan", (5, 5, 1))):
        t.throw(player, *faces)
    t.say("Léodagan", K.JE_SIROTE, after=0.3)
    t.say("Karadoc", K.COUCHE_SIROP)
    t.say("Perceval", K.COUCHE_SIROP)
    t.say("Léodagan", K.DE, dice=(2,))
    t.say("Karadoc", K.CONTRE_SIROP, after=0.2)
    t.close()
    assert t.scores == {"Karadoc": 70 + 18, "Perceval": 0, "Léodagan": -25}


def test_inflannable_grelottine_and_poulette() -> None:
    # « la Grelottine, la Poulette »: the challenge's stake moves as usual (the challenge throws are not flanned)
    t = table()
    t.set_scores(Karadoc=100, Perceval=100)
    t.give("Karadoc", "grelottine")
    t.give("Perceval", "grelottine")
    t.give("Léodagan", "flan")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="velute", number=10)
    t.des("Perceval", 1, 3, 6)
    t.des("Perceval", 1, 3, 6)
    t.say("Karadoc", K.POULETTE, after=0.2)
    t.close()
    assert t.scores == {"Karadoc": 120, "Perceval": 90, "Léodagan": 0}


def test_inflannable_cul_de_chouette_double() -> None:
    # « le Cul de Chouette Doublé, le Cul de Chouette Doublé Diminué »
    t = flanned()
    t.throw("Karadoc", 5, 5, 5)
    t.say("Karadoc", K.CUL_DE_CHOUETTE_DOUBLE, after=0.3)
    t.des("Karadoc", 3, 3, 3)
    assert t.score("Karadoc") == 90 + 70


def test_inflannable_cul_de_chouette_double_diminue() -> None:
    t = flanned()
    t.throw("Karadoc", 4, 4, 4)
    t.say("Karadoc", K.INTERVALLE_PAIEN, after=0.3)
    t.des("Karadoc", 2, 2, 2)
    assert t.score("Karadoc") == (80 + 60) * 3 // 2


def test_inflannable_verdier() -> None:
    # « le Verdier »: the bets are paid as usual; the Velute itself is flanned
    t = flanned()
    t.say("Karadoc", K.CHOUETTES, dice=(6, 4))
    t.say("Perceval", K.VERT_LINETTE, after=0.2)
    t.say("Karadoc", K.CUL, dice=(2,))
    assert t.scores == {"Karadoc": -72, "Perceval": 25, "Léodagan": 0}


def test_the_bevue_is_independent_of_the_flan() -> None:
    # « La Bévue est indépendante du Flan et coûte toujours 5 pts au joueur qui la commet. »
    t = flanned()
    t.throw("Karadoc", 2, 3, 5)
    t.say("Karadoc", K.PAS_MOU_LE_CAILLOU, after=0.2)
    assert t.score("Karadoc") == -50 - 5


# ── switches ──
def test_the_flan_is_switched_on_by_name() -> None:
    t = Table("Karadoc", "Perceval", enabled=["flan"])
    t.throw("Karadoc", 6, 5, 2)
    t.say("Karadoc", K.A_KADOC, after=0.2)
    assert t.holds("Karadoc", "flan")
    t.close()
    events = t.say("Karadoc", K.CIVET_FILOCHE, number=5, combination="chouette", target="Perceval")
    assert t.rejected(events) == ["rule_off"]


def test_without_the_double_flan_a_second_flan_on_the_same_player_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", enabled=["flan"])
    t.give("Perceval", "flan")
    t.give("Léodagan", "flan")
    t.say("Perceval", K.TATAN_FLANS, target="Karadoc")
    t.say("Léodagan", K.TATAN_FLANS, target="Karadoc")
    assert t.bevues() == [("Léodagan", "flan_not_allowed")] and t.holds("Léodagan", "flan")
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -50


# ── the order of the multipliers (docs/rules.md « Multipliers ») ──
def test_multipliers_civet_double_then_bi_jarret_then_flan() -> None:
    # « La mise du Civet est alors obligatoirement doublée »; « Si le Lance-Bûches utilise un Bi-Jarret … en même
    #   temps qu'un Civet, la mise, perdue ou gagnée, est également doublée, ainsi que la combinaison finale »;
    #   « S'il réussit son Civet, il perd les points de sa mise »: 20 × 2 × 2 × −1 and 50 × 2 × −1
    t = flanned()
    t.give("Karadoc", "civet")
    t.give("Karadoc", "jarret")
    t.give("Perceval", "civet")
    t.say("Karadoc", K.CIVET, number=20, combination="velute")
    t.say("Perceval", K.CIVET_DOUBLE, target="Karadoc")
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 2, 3, 5)
    assert t.score("Karadoc") == -80 - 100


def test_multipliers_an_inflannable_sirotage_keeps_the_bi_jarret() -> None:
    # the Sirotage is inflannable, the Bi-Jarret still doubles it: 2 × 70
    t = flanned()
    t.give("Karadoc", "jarret")
    t.say("Karadoc", K.BI_JARRET)
    t.throw("Karadoc", 3, 3, 1)
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    t.say("Perceval", K.COUCHE_SIROP)
    t.say("Léodagan", K.COUCHE_SIROP)
    t.say("Karadoc", K.DE, dice=(3,))
    t.close()
    assert t.score("Karadoc") == 140
