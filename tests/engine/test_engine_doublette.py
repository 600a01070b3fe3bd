"""Seed 000 « Conseils pratiques » 5/ Doublette: teams share their points.

Teams: Karadoc & Perceval against Léodagan & Bohort; turn order K, L, P, B
(the teams alternate around the table).
"""

from __future__ import annotations

import pytest
from engine_table import K, Table

from voice_scribe.engine.events import EventKind
from voice_scribe.engine.game import Game
from voice_scribe.engine.rules import Rules

TEAMS = (("Karadoc", "Perceval"), ("Léodagan", "Bohort"))


def doublette(level: int = 3, **options: object) -> Table:
    return Table("Karadoc", "Léodagan", "Perceval", "Bohort", level=level, teams=TEAMS, **options)


def test_points_won_by_a_combination_are_common_to_the_team() -> None:
    # « les points remportés par des combinaisons ou des défis sont communs aux joueurs de la même équipe »
    t = doublette()
    events = t.des("Karadoc", 2, 3, 5)  # a Velute of 5
    assert t.scores == {"Karadoc": 50, "Léodagan": 0, "Perceval": 50, "Bohort": 0}
    scores = [(e.player, e.points, e.data.get("team_of")) for e in events if e.kind is EventKind.SCORE]
    assert scores == [("Karadoc", 50, None), ("Perceval", 50, "Karadoc")]


def test_points_lost_are_common_too() -> None:
    t = doublette()
    t.des("Karadoc", 3, 4, 5)  # a Suite: Bohort is the last to shout
    for player in ("Karadoc", "Perceval", "Léodagan", "Bohort"):
        t.say(player, K.GRELOTTE_CA_PICOTE, after=0.3)
    t.close()
    assert t.scores == {"Karadoc": 0, "Léodagan": -10, "Perceval": 0, "Bohort": -10}


def test_the_team_reaches_343_together_and_its_first_member_is_named_winner() -> None:
    t = doublette()
    t.set_scores(Karadoc=300, Perceval=300)
    t.des("Karadoc", 2, 3, 5)
    assert t.game.state.winner == "Karadoc"
    assert t.scores["Perceval"] == 350


def test_challenges_are_taken_by_the_challenged_player_alone() -> None:
    # « mais les défis doivent être entièrement relevés par le joueur défié »
    t = doublette()
    t.set_scores(Karadoc=120, Perceval=120, Léodagan=90, Bohort=90)
    t.give("Karadoc", "grelottine")
    t.give("Léodagan", "grelottine")
    t.say("Karadoc", K.GRELOTTINE, target="Léodagan")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="chouette", number=20)
    t.des("Bohort", 4, 4, 1)  # his team-mate throws for him: out of turn
    assert t.bevues() == [("Bohort", "out_of_turn")]
    assert t.scores == {"Karadoc": 120, "Léodagan": 85, "Perceval": 120, "Bohort": 85}
    t.des("Léodagan", 4, 4, 1)  # a Chouette: the challenge is won, +20 for his team, −20 for Karadoc's
    assert t.scores == {"Karadoc": 100, "Léodagan": 105, "Perceval": 100, "Bohort": 105}
    t.close()
    assert t.scores["Léodagan"] == t.scores["Bohort"] == 105 + 16  # his Chouette of 4, common too


def test_each_team_mate_bets_his_own_bleu_rouge_relance() -> None:
    # « Lors d'un Bleu-Rouge, tous les joueurs d'une même équipe peuvent relancer d'une valeur chacun »
    t = doublette()
    t.throw("Karadoc", 3, 4, 3)  # the Chouette of 3: +9 for Karadoc's team
    t.say("Léodagan", K.RELANCE, number=10, after=0.3)
    t.say("Bohort", K.RELANCE, number=11, after=0.3)
    t.say("Perceval", K.RELANCE, number=12, after=0.3)
    t.des("Karadoc", 2, 4, 5)  # 11: Bohort is right → 36 + 22 + the Néant's nothing
    assert not t.bevues()
    assert t.scores == {"Karadoc": 9, "Léodagan": 58, "Perceval": 9, "Bohort": 58}


def test_a_chouette_velute_declared_together_by_two_team_mates_counts_double() -> None:
    # « Une chouette velutte de 6 déclarée en même temps ramène donc 72*2 pts »
    t = doublette()
    t.des("Karadoc", 3, 3, 6)
    t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.3)
    t.say("Bohort", K.PAS_MOU_LE_CAILLOU, after=0.05)
    t.say("Karadoc", K.PAS_MOU_LE_CAILLOU, after=0.4)
    t.close()
    assert t.scores == {"Karadoc": 0, "Léodagan": 144, "Perceval": 0, "Bohort": 144}
    reasons = {e.reason for e in t.events if e.kind is EventKind.SCORE}
    assert reasons == {"chouette_velute_team"}


def test_with_an_adversary_in_the_tie_they_all_lose_as_usual() -> None:
    # « il faut bien sûr l'avoir déclaré avant les joueurs des équipes adverses »
    t = doublette()
    t.des("Karadoc", 3, 3, 6)
    t.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.3)
    t.say("Bohort", K.PAS_MOU_LE_CAILLOU, after=0.05)
    t.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.05)
    t.close()
    # each tied shouter loses 72, and each loss is common: Léodagan's team 2 × −72, Perceval's −72
    assert t.scores == {"Karadoc": -72, "Léodagan": -144, "Perceval": -72, "Bohort": -144}


def test_a_contre_sirop_declared_together_by_two_team_mates_counts_double() -> None:
    # « ("pas mou le cailloux","j'apprécie les fruits au sirop"...) […] leur déclaration compte double »
    t = doublette()
    t.throw("Karadoc", 5, 5, 2)
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    for player in ("Léodagan", "Perceval", "Bohort"):
        t.say(player, K.COUCHE_SIROP, after=0.2)
    t.say("Karadoc", K.DE, dice=(1,))  # failed: −25 for Karadoc's team
    t.say("Léodagan", K.CONTRE_SIROP, after=0.3)
    t.say("Bohort", K.CONTRE_SIROP, after=0.05)
    t.close()
    assert t.scores == {"Karadoc": -25, "Léodagan": 36, "Perceval": -25, "Bohort": 36}  # 2 × 90 / 5


def test_without_negatives_a_team_at_zero_makes_each_other_team_gain_once() -> None:
    t = doublette(negative_scores=False)
    t.say("Karadoc", K.BEVUE, target="Perceval")  # Perceval's team is at 0: the other team gains 5
    assert t.scores == {"Karadoc": 0, "Léodagan": 5, "Perceval": 0, "Bohort": 5}


def test_players_outside_any_team_play_alone() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", teams=(("Karadoc", "Perceval"),))
    t.des("Karadoc", 2, 3, 5)
    t.close()
    t.des("Perceval", 2, 3, 5)
    t.close()
    t.des("Léodagan", 2, 3, 5)
    assert t.scores == {"Karadoc": 100, "Perceval": 100, "Léodagan": 50}


@pytest.mark.parametrize(
    "teams",
    [(("Karadoc", "Arthur"),), (("Karadoc", "Perceval"), ("Perceval", "Léodagan")), ((),)],
    ids=["unknown_player", "two_teams", "empty_team"],
)
def test_teams_must_name_players_once(teams) -> None:
    with pytest.raises(ValueError):
        Game(["Karadoc", "Perceval", "Léodagan"], Rules(teams=teams))


def test_teams_load_from_a_rules_file() -> None:
    rules = Rules.from_dict({"teams": [["Karadoc", "Perceval"], ["Léodagan", "Bohort"]]})
    assert rules.teams == TEAMS
    assert Rules.from_dict(rules.to_dict()) == rules


def test_a_poulette_declared_together_by_two_team_mates_counts_double() -> None:
    # « S'il y a une déclaration simultanée, de 2 joueurs de la même équipe, qui normalement enlève des
    #   points […] leur déclaration compte double »: « Elle est où la Poulette ? » together (−10 each
    #   otherwise) → +20 for the team. A Grelottine between team-mates moves nothing: +10 and −10.
    t = Table("Karadoc", "Perceval", "Léodagan", level=2, teams=(("Karadoc", "Perceval"),))
    t.set_scores(Karadoc=100, Perceval=100, Léodagan=100)
    t.give("Karadoc", "grelottine")
    t.give("Perceval", "grelottine")
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="cul_de_chouette", number=10)
    t.des("Perceval", 2, 3, 5)
    t.des("Perceval", 1, 3, 6)  # two misses: the challenge is lost, +10 −10 for the same team
    assert t.scores == {"Karadoc": 100, "Perceval": 100, "Léodagan": 100}
    t.say("Perceval", K.POULETTE, after=0.3)
    t.say("Karadoc", K.POULETTE, after=0.05)
    assert t.scores == {"Karadoc": 120, "Perceval": 120, "Léodagan": 100}


def test_only_one_player_at_a_time_can_be_flanned() -> None:
    # « lors d'un Flan, seul un joueur à la fois peut être flanné »
    t = doublette(level=4)
    t.give("Karadoc", "flan")
    t.give("Perceval", "flan")
    t.say("Karadoc", K.TATAN_FLANS, target="Léodagan")
    events = t.say("Perceval", K.TATAN_FLANS, target="Bohort")
    assert t.bevues(events) == [("Perceval", "flan_not_allowed")]
    assert t.holds("Perceval", "flan")  # kept
    assert set(t.game.state.flans) == {"Léodagan"}


def test_team_mates_tied_on_the_petit_intervalle_count_double() -> None:
    # « S'il y a une déclaration simultanée, de 2 joueurs de la même équipe, qui normalement enlève des
    #   points […] alors l'équipe ne perd pas les points au contraire leur déclaration compte double. »
    t = doublette(level=3)
    t.throw("Karadoc", 5, 5, 5)  # a Cul de chouette of 5: 90
    t.say("Karadoc", K.INTERVALLE_PAIEN, after=0.4)
    t.des("Karadoc", 5, 5, 5)  # the same value: (90 + 90) × 1.5 = 270 at stake
    t.say("Léodagan", K.PETIT_INTERVALLE, after=0.3)  # Léodagan and Bohort: the other team, together
    t.say("Bohort", K.PETIT_INTERVALLE, after=0.05)
    t.close()
    # alone, tied, they would each lose half (135); team-mates gain twice it instead; the roller still wins all
    assert t.score("Léodagan") == t.score("Bohort") == 2 * 135
    assert t.score("Karadoc") == t.score("Perceval") == 270
