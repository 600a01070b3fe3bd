"""Seed 000 « Option de jeu : Règles à l'Aquitaine » (``Rules.aquitaine = true``)."""

from __future__ import annotations

import pytest
from engine_table import K, Table

from voice_scribe.engine.aquitaine import sips
from voice_scribe.engine.events import Event, EventKind
from voice_scribe.engine.rules import Rules, RulesError


def aquitaine(*players: str, **options: object) -> Table:
    return Table(*(players or ("Karadoc", "Perceval", "Léodagan")), aquitaine=True, **options)


def sips_of(events: list[Event]) -> list[tuple[str, str, int]]:
    return [(e.player, e.reason, e.points) for e in events if e.kind is EventKind.SIPS]


# ── « Les règles de conversion » ──
@pytest.mark.parametrize(("points", "n"), [(4, 1), (10, 1), (11, 2), (36, 4), (100, 10), (-4, 1), (-10, 1),
                                           (-20, 2), (-25, 3)])
def test_points_round_to_the_next_ten_then_divide_by_ten(points: int, n: int) -> None:
    # « On arrondit […] à la dizaine supérieure sauf si le résultat est déjà une dizaine […] puis on
    #   divise par 10 »; « si le score est négatif, on arrondit à la dizaine inférieure »
    assert sips(points) == n


def test_a_chouette_of_two_gives_one_sip() -> None:
    # « si un joueur lance une chouette de 2, il donne une gorgée (2x2=4 donc 10, puis 10/10=1) »
    t = aquitaine()
    t.throw("Karadoc", 2, 2, 5)
    events = t.close()
    assert sips_of(events) == [("Karadoc", "sips_given", 1)]
    assert t.score("Karadoc") == 4  # the scribe still counts the points


def test_the_loser_drinks() -> None:
    # « le joueur perdant les points boit les gorgées »: the last « Grelotte ça picote ! » (−10)
    t = aquitaine()
    t.throw("Karadoc", 3, 4, 5)
    events = []
    for player in ("Karadoc", "Perceval", "Léodagan"):
        events += t.say(player, K.GRELOTTE_CA_PICOTE, after=0.3)
    events += t.close()  # (the verdict comes with the last shout: everybody has shouted, issue 10)
    assert sips_of(events) == [("Léodagan", "sips_drunk", 1)]


def test_a_cul_de_chouette_of_six_gives_ten_sips_and_a_velute_of_six_eight() -> None:
    t = aquitaine()
    assert sips_of(t.throw("Karadoc", 6, 6, 6)) == [("Karadoc", "sips_given", 10)]
    t.close()
    assert sips_of(t.throw("Perceval", 2, 4, 6)) == [("Perceval", "sips_given", 8)]  # 72 → 80 → 8


def test_the_game_ends_at_the_players_will_not_at_343() -> None:
    # « La partie s'achève au bon vouloir des joueurs. »
    t = aquitaine()
    t.set_scores(Karadoc=300, Perceval=-340)
    t.throw("Karadoc", 6, 6, 6)
    t.close()
    t.throw("Perceval", 3, 4, 5)
    for player in ("Karadoc", "Léodagan", "Perceval"):
        t.say(player, K.GRELOTTE_CA_PICOTE, after=0.3)
    t.close()
    assert t.scores["Karadoc"] == 400 and t.scores["Perceval"] == -350
    assert t.game.state.winner is None and not t.game.state.players["Perceval"].eliminated
    assert t.phase == "chouettes"


def test_aquitaine_is_played_with_negative_scores() -> None:
    with pytest.raises(RulesError):
        Rules.from_dict({"aquitaine": True, "negative_scores": False})


# ── « Le néant », « La grelottine » ──
def test_each_neant_gives_one_more_grelottine_up_to_six_even_below_30() -> None:
    t = aquitaine("Karadoc", "Perceval")
    for _ in range(7):
        t.throw("Karadoc", 1, 2, 6)
        t.close()
        t.throw("Perceval", 2, 2, 3)  # a Chouette of 2
        t.close()
    gained = [e.data["count"] for e in t.events if e.kind is EventKind.HOLDING and e.player == "Karadoc"]
    assert gained == [1, 2, 3, 4, 5, 6]
    assert t.game.state.aquitaine.grelottines["Karadoc"] == 6


def grelottine_table(counts: dict[str, int]) -> Table:
    t = aquitaine()
    for name, n in counts.items():
        t.give(name, "grelottine")
        t.game._aquitaine().grelottines[name] = n
    return t


def test_a_grelottine_challenge_stakes_as_many_sips_as_grelottines_without_minimum_points() -> None:
    # « on ne pari pas de points, mais plutôt autant de gorgées que l'on a de Grelottines »;
    # « La Grelottine […] ne demandent pas un minimum de points » (both at 0 points here)
    t = grelottine_table({"Karadoc": 3, "Perceval": 1})
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    events = t.say("Karadoc", K.GRELOTTINE_MISE, combination="velute", number=50)
    assert not t.bevues()
    assert [e.data["stake"] for e in events if e.kind is EventKind.PROMPT] == [3]
    events = t.throw("Perceval", 2, 3, 5)  # a Velute: the challenge is won
    assert sips_of(events)[:2] == [("Perceval", "sips_given", 3), ("Karadoc", "sips_drunk", 3)]
    assert t.scores["Karadoc"] == 0  # the stake is sips, not points
    # one Grelottine of each is spent: Karadoc keeps two
    assert t.holds("Karadoc", "grelottine") and t.game.state.aquitaine.grelottines["Karadoc"] == 2
    assert not t.holds("Perceval", "grelottine")


def test_the_stake_is_at_most_six_sips() -> None:
    t = grelottine_table({"Karadoc": 6, "Perceval": 1})
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    events = t.say("Karadoc", K.GRELOTTINE_MISE, combination="chouette", max_stake=True)
    assert [e.data["stake"] for e in events if e.kind is EventKind.PROMPT] == [6]


def test_no_sirop_grelot() -> None:
    # « Il est interdit de demander un Sirop-Grelot »
    t = grelottine_table({"Karadoc": 2, "Perceval": 1})
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="sirop_grelot", number=1)
    assert t.bevues() == [("Karadoc", "not_allowed")]


# ── « L'Excalibur » ──
def excalibur(players: tuple[str, ...] = ("Karadoc", "Perceval", "Léodagan", "Bohort")) -> Table:
    t = aquitaine(*players)
    t.throw(players[0], 5, 3, 1)
    return t


def test_excalibur_announced_alone_is_a_bevue() -> None:
    t = excalibur()
    t.say("Perceval", K.EXCALIBUR, after=0.3)
    t.close()
    assert t.bevues() == [("Perceval", "excalibur_alone")]


def test_two_together_name_a_king_who_drinks_as_many_sips_as_shouters() -> None:
    t = excalibur()
    t.say("Perceval", K.EXCALIBUR, after=0.3)
    t.say("Léodagan", K.EXCALIBUR, after=0.05)
    events = t.close()
    assert [e.data["players"] for e in events if e.kind is EventKind.PROMPT and e.reason == "name_king"] == [
        ["Perceval", "Léodagan"]
    ]
    assert t.rejected(t.say("Bohort", K.ROI, target="Karadoc")) == ["not_a_shouter"]
    events = t.say("Léodagan", K.ROI, target="Karadoc")
    assert sips_of(events) == [("Karadoc", "excalibur_king", 2)]
    assert t.game.state.aquitaine.king == "Karadoc" and not t.bevues()


def test_everybody_together_is_a_guerre_civile_and_the_king_stays() -> None:
    # « tous les joueurs boivent autant de gorgées que le nombre de joueurs ayant annoncé »
    t = excalibur(("Karadoc", "Perceval", "Léodagan"))
    t.game._aquitaine().king = "Perceval"
    for player in ("Léodagan", "Karadoc"):
        t.say(player, K.EXCALIBUR, after=0.05)
    events = t.say("Perceval", K.EXCALIBUR, after=0.05)  # everybody has shouted: it is certain now
    assert sorted(sips_of(events)) == [("Karadoc", "guerre_civile", 3), ("Léodagan", "guerre_civile", 3),
                                       ("Perceval", "guerre_civile", 3)]
    assert t.game.state.aquitaine.king == "Perceval"


def test_excalibur_needs_three_players() -> None:
    t = excalibur(("Karadoc", "Perceval"))
    t.say("Perceval", K.EXCALIBUR, after=0.3)
    assert t.bevues() == [("Perceval", "wrong_call")]


def test_excalibur_without_the_aquitaine_is_not_played() -> None:
    t = Table("Karadoc", "Perceval", "Léodagan", level=4)
    t.throw("Karadoc", 5, 3, 1)
    assert t.rejected(t.say("Perceval", K.EXCALIBUR, after=0.3)) == ["rule_off"]


# ── « La Bévue » ──
def test_a_faulty_announcement_forfeits_the_points_of_ones_combination() -> None:
    # « Un joueur qui fait une mauvaise annonce ne peut faire les points de sa combinaison »
    t = aquitaine()
    t.throw("Karadoc", 5, 5, 2)  # a Chouette of 5, paid when the window closes
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)  # not a Suite: a Bévue
    events = t.close()
    assert t.score("Karadoc") == -5
    assert [(e.points, e.data.get("forfeited")) for e in events if e.kind is EventKind.SCORE] == [(0, 25)]
    assert sips_of(t.events) == [("Karadoc", "sips_drunk", 1)]  # only the Bévue's 5


def test_but_he_still_drinks_what_he_loses() -> None:
    # « il doit cependant les boire s'il en perdait »
    t = aquitaine()
    t.throw("Karadoc", 5, 5, 2)
    t.say("Karadoc", K.PAS_MOU_LE_CAILLOU, after=0.2)  # a Bévue
    t.say("Karadoc", K.JE_SIROTE, after=0.2)
    t.say("Perceval", K.COUCHE_SIROP, after=0.2)
    t.say("Léodagan", K.COUCHE_SIROP, after=0.2)
    events = t.say("Karadoc", K.DE, dice=(1,))
    assert sips_of(events) == [("Karadoc", "sips_drunk", 3)]  # −25 → −30 → 3
    assert t.score("Karadoc") == -30


def test_the_chouette_velute_is_not_affected() -> None:
    # « L'Artichette, la Suite, la Chouette-Velute ne sont cependant pas affectés par cette règle. »
    t = aquitaine()
    t.throw("Karadoc", 3, 3, 6)
    t.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.2)  # a Bévue
    t.say("Karadoc", K.PAS_MOU_LE_CAILLOU, after=0.2)
    t.close()
    assert t.score("Karadoc") == 72 - 5


def test_three_dice_at_once_or_the_cul_first_is_a_bevue_and_loses_the_turn() -> None:
    # « qu'il lance son Cul avant ses Chouettes ou qu'il lance les trois dés en même temps, il commet
    #   une Bévue et perd son tour »
    t = aquitaine()
    t.throw("Karadoc", 2, 3, 5)  # the first throw
    t.close()
    t.des("Perceval", 6, 6, 6)
    assert t.bevues() == [("Perceval", "wrong_call")]
    assert t.score("Perceval") == -5 and t.roller == "Léodagan"
    t.say("Léodagan", K.CUL, dice=(4,))
    assert t.bevues()[-1] == ("Léodagan", "wrong_call") and t.roller == "Karadoc"


def test_relances_and_challenges_still_throw_three_dice() -> None:
    t = grelottine_table({"Karadoc": 1, "Perceval": 1})
    t.say("Karadoc", K.GRELOTTINE, target="Perceval")
    t.say("Karadoc", K.GRELOTTINE_MISE, combination="velute", number=1)
    t.des("Perceval", 2, 3, 5)
    assert not t.bevues()


# ── « Le chante-Sloubi » ──
def three_rounds() -> Table:
    t = aquitaine("Karadoc", "Perceval")
    for _ in range(3):
        t.throw("Karadoc", 2, 3, 5)
        t.close()
        t.throw("Perceval", 1, 2, 6)
        t.close()
    return t


def test_the_newcomer_sings_as_many_sloubis_as_rounds_played() -> None:
    # « Le nombre de Sloubi à chanter est égal au nombre de tours joués jusqu'à un maximum de 228. »
    t = three_rounds()
    events = t.say("Bohort", K.CHANTE_SLOUBI)
    assert [e.data["value"] for e in events if e.kind is EventKind.PROMPT] == [3]
    t.say("Karadoc", K.SLOUBI_REUSSI, after=20)
    assert t.score("Bohort") == 0 and "Bohort" in t.game.state.order


def test_no_sloubi_no_seat() -> None:
    # « le nouveau venu doit obligatoirement Chanter-Sloubi »
    t = three_rounds()
    t.say("Bohort", K.CHANTE_SLOUBI)
    t.say("Karadoc", K.SLOUBI_RATE, after=5)
    assert "Bohort" not in t.game.state.players and t.phase == "chouettes"


def test_at_most_228_sloubis() -> None:
    from voice_scribe.engine.aquitaine import AquitaineRules

    assert AquitaineRules.aquitaine_sloubis(500) == 228 and AquitaineRules.aquitaine_sloubis(12) == 12
