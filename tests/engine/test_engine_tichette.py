"""Seed 000 « La Tichette » ★★★★ and « La Tichette (suite) »; seed 001 (« à sa gauche »).

The table: Karadoc, Perceval, Léodagan (turn order K, P, L). Karadoc throws a
Chouette of 4 (4-4-1), sirotes, and the sirop die gives 3: 4-4-3, « La
combinaison Artichette comme résultat d'un Sirop ». His failed sirotage costs
him the Chouette's 16 as usual (« Les annonces associées à un Sirotage normal
sont autorisées »).
"""

from __future__ import annotations

import pytest
from engine_table import K, Table, sirop_artichette

from voice_scribe.engine.calls import CallKind
from voice_scribe.engine.events import EventKind
from voice_scribe.engine.families.tichette import tiche_holds
from voice_scribe.engine.state import quiche_value


def defi(dice: tuple[int, int, int], ticheur: str = "Perceval", scores: dict[str, int] | None = None,
         **options: object) -> Table:
    """A Défi Tichette ready for its first tiche: ``ticheur`` shouted « Salsifi ! » alone."""
    t = sirop_artichette(scores, **options)
    t.say(ticheur, K.SALSIFI, after=0.3)
    t.close()
    t.say(ticheur, K.DES, after=1.0, dice=dice, hidden=True)
    assert t.phase == "tichette"
    return t


def bid(t: Table, player: str, kind: CallKind, number: int | None = None, **args: object) -> list:
    return t.say(player, kind, after=0.5, number=number, **args)


def score_events(events: list) -> list[tuple[str, str, int]]:
    return [(e.player, e.reason, e.points) for e in events if e.kind is EventKind.SCORE]


def prompts(events: list, reason: str) -> list[list[str]]:
    return [e.data["players"] for e in events if e.kind is EventKind.PROMPT and e.reason == reason]


# ── « La Tichette » (Les combinaisons) ──
def test_an_artichette_made_by_a_sirop_is_a_tichette_the_first_salsifi_is_the_ticheur() -> None:
    t = sirop_artichette()
    assert t.score("Karadoc") == 34  # the failed sirotage: −16, as in any Sirop
    t.say("Léodagan", K.SALSIFI, after=0.3)
    t.say("Perceval", K.SALSIFI, after=0.3)
    events = t.close()
    assert t.phase == "tichette_dice"
    assert t.game.state.tichette.ticheur == "Léodagan"
    # « La mise d'une tichette a pour valeur la valeur absolue des points du ticheur »
    assert t.game.state.tichette.stake == 30
    assert prompts(events, "tichette_dice") == [["Léodagan"]]


def test_the_stake_is_the_absolute_value_of_a_negative_score() -> None:
    t = sirop_artichette({"Karadoc": 50, "Perceval": -45, "Léodagan": 30})
    t.say("Perceval", K.SALSIFI, after=0.3)
    t.close()
    assert t.game.state.tichette.stake == 45


def test_artichette_announcements_are_bevues_on_a_tichette() -> None:
    # « Les annonces associées à une Artichette en temps normal sont des bévues. »
    t = sirop_artichette()
    t.say("Karadoc", K.RAITOURNELLE, after=0.2)
    t.say("Perceval", K.ARTICHETTE, after=0.2, target="Karadoc")
    t.close()
    assert t.bevues() == [("Karadoc", "wrong_call"), ("Perceval", "wrong_call")]
    assert t.scores == {"Karadoc": 29, "Perceval": 35, "Léodagan": 30}


def test_the_sirotage_announcements_stay_allowed() -> None:
    # « Les annonces associées à un Sirotage normal sont autorisées »: a Contre-Sirop (80 / 5)
    t = sirop_artichette()
    t.say("Léodagan", K.CONTRE_SIROP, after=0.2)
    t.close()
    assert t.score("Léodagan") == 46 and not t.bevues()


def test_salsifi_on_a_plain_artichette_is_a_bevue() -> None:
    t = Table("Karadoc", "Perceval", level=4)
    t.set_scores(Karadoc=20, Perceval=20)
    t.throw("Karadoc", 4, 3, 4)
    t.say("Perceval", K.SALSIFI, after=0.3)
    assert t.bevues() == [("Perceval", "wrong_call")]


def test_below_six_in_absolute_value_the_salsifi_is_a_bevue_and_does_not_count() -> None:
    # « Il n'est pas possible d'effectuer une Tichette en tant que ticheur si son propre score
    #   en absolu est inférieur à 6, s'il fait l'annonce, il y a Bévue. »
    t = sirop_artichette({"Karadoc": 50, "Perceval": -5, "Léodagan": 6})
    t.say("Perceval", K.SALSIFI, after=0.3)
    t.say("Léodagan", K.SALSIFI, after=0.4)
    t.close()
    assert t.bevues() == [("Perceval", "ticheur_below_six")]
    assert t.score("Perceval") == -10
    assert t.game.state.tichette.ticheur == "Léodagan" and t.game.state.tichette.stake == 6


def test_tied_salsifis_the_first_sganabadarlane_wins() -> None:
    # « En cas d'égalité de l'annonce le premier joueur à s'exclamer "Sganabadarlane !" l'emporte. »
    t = sirop_artichette()
    t.say("Perceval", K.SALSIFI, after=0.3)
    t.say("Léodagan", K.SALSIFI, after=0.05)
    t.say("Léodagan", K.SGANABADARLANE, after=0.4)
    t.say("Perceval", K.SGANABADARLANE, after=0.3)
    t.close()
    assert t.game.state.tichette.ticheur == "Léodagan"
    assert not t.bevues()


def test_tied_salsifis_without_sganabadarlane_the_youngest_wins() -> None:
    # « Sinon le plus jeune joueur l'emporte. » — Rules.ages
    t = sirop_artichette(ages=(("Léodagan", 52), ("Perceval", 31)))
    t.say("Léodagan", K.SALSIFI, after=0.3)
    t.say("Perceval", K.SALSIFI, after=0.05)
    t.close()
    assert t.game.state.tichette.ticheur == "Perceval"


def test_tied_salsifis_and_no_ages_a_die_decides_lowest_wins() -> None:
    t = sirop_artichette()
    t.say("Léodagan", K.SALSIFI, after=0.3)
    t.say("Perceval", K.SALSIFI, after=0.05)
    t.close()
    assert t.phase == "roll_off"
    t.say("Perceval", K.DE, dice=(5,))
    t.say("Léodagan", K.DE, dice=(2,))
    assert t.game.state.tichette.ticheur == "Léodagan" and t.phase == "tichette_dice"


def test_sganabadarlane_without_a_tie_is_a_bevue() -> None:
    t = sirop_artichette()
    t.say("Perceval", K.SALSIFI, after=0.3)
    t.say("Léodagan", K.SGANABADARLANE, after=0.5)
    t.close()
    assert t.bevues() == [("Léodagan", "wrong_call")]
    assert t.game.state.tichette.ticheur == "Perceval"


def test_nobody_says_salsifi_the_game_goes_on() -> None:
    t = sirop_artichette()
    t.close()
    assert t.phase == "chouettes" and t.roller == "Perceval"


def test_salsifi_is_rule_off_below_four_stars() -> None:
    t = sirop_artichette(level=3)
    events = t.say("Perceval", K.SALSIFI, after=0.3)
    assert t.rejected(events) == ["rule_off"] and not t.bevues()


# ── the hidden dice ──
def test_the_ticheurs_dice_are_typed_privately_never_spoken() -> None:
    t = sirop_artichette()
    t.say("Perceval", K.SALSIFI, after=0.3)
    t.close()
    spoken = t.say("Perceval", K.DES, after=1.0, dice=(4, 1, 4))
    by_another = t.say("Léodagan", K.DES, after=0.5, dice=(4, 1, 4), hidden=True)
    assert t.rejected(spoken) == ["not_private"] and t.rejected(by_another) == ["not_ticheur"]
    events = t.say("Perceval", K.DES, after=0.5, dice=(4, 1, 4), hidden=True)
    assert t.phase == "tichette"
    # nothing said reveals them: no throw, no dice in any event
    assert not [e for e in events if e.kind is EventKind.THROW or "dice" in e.data]
    assert prompts(events, "tiche") == [["Perceval"]]


# ── « La Tichette (suite) »: the tiches ──
def test_tiche_values_at_least_those_dice() -> None:
    # « "Tichette de 44 !" […] au moins deux 4 […] Une tiche de 53 […] au moins un 5 et un 3 »
    assert tiche_holds(44, (4, 1, 4)) and not tiche_holds(44, (4, 1, 3))
    assert tiche_holds(53, (3, 6, 5)) and not tiche_holds(53, (5, 5, 1))
    assert tiche_holds(4, (4, 1, 4)) and tiche_holds(634, (4, 6, 3)) and not tiche_holds(666, (6, 6, 2))


def test_the_quiche_45_is_45_and_a_bichette_634_is_163() -> None:
    # « une tiche de 45 […] la quiche vaut 45 points […] 634 […] 100+634/10, soit 163 »
    assert quiche_value(CallKind.TICHETTE, 45) == 45
    assert quiche_value(CallKind.BICHETTE, 634) == 163


def test_a_right_tichage_wins_the_stake() -> None:
    # Tichette de 44 on the dice 4-1-4: « au moins deux 4 ». Perceval has 6: stake 6, half 3.
    t = defi((4, 1, 4), scores={"Karadoc": 50, "Perceval": 6, "Léodagan": 30})
    bid(t, "Perceval", K.MICHETTE, 4)
    bid(t, "Léodagan", K.TICHETTE, 44)
    bid(t, "Karadoc", K.QUICHETTE, 0)  # never bid: « Quichette de 0 ! », leaves for free
    events = bid(t, "Perceval", K.QUICHETTE, 4)  # 4 > 3: the ticheur may quiche → −4
    assert prompts(events, "tichage_due") == [["Léodagan"]]
    assert t.rejected(bid(t, "Léodagan", K.QUICHETTE, 44)) == ["tiche_faulty"]  # the last one may not
    events = bid(t, "Léodagan", K.TICHAGE)
    assert score_events(events) == [("Léodagan", "tichette_won", 6)]
    assert t.scores == {"Karadoc": 34, "Perceval": 2, "Léodagan": 36}


def test_tichage_validates_ones_own_last_tiche() -> None:
    # « il valide la dernière tiche qu'il annoncé »: Léodagan's last is 53 — 4-1-4 has no 5 and no 3
    t = defi((4, 1, 4))
    for player, kind, n in [("Perceval", K.MICHETTE, 4), ("Léodagan", K.TICHETTE, 53),
                            ("Karadoc", K.TICHETTE, 54), ("Perceval", K.TICHETTE, 55)]:
        bid(t, player, kind, n)
    bid(t, "Léodagan", K.QUICHETTE, 53)  # Léodagan −53
    bid(t, "Karadoc", K.QUICHETTE, 54)  # Karadoc −54
    events = bid(t, "Perceval", K.TICHAGE)  # the ticheur is left: he tiches his own 55
    assert score_events(events) == [("Perceval", "tichette_lost", -40)]
    assert t.scores == {"Karadoc": 34 - 54, "Perceval": 0, "Léodagan": 30 - 53}
    assert t.phase == "chouettes" and t.roller == "Perceval"  # « le jeu reprendra ensuite normalement »


def test_the_winner_of_44() -> None:
    # Two players: Perceval (ticheur, 10: stake 10, half 5) and Karadoc. 44 on 4-1-4 wins.
    t = Table("Karadoc", "Perceval", level=4)
    t.set_scores(Karadoc=50, Perceval=10)
    t.throw("Karadoc", 4, 4, 1)
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    t.say("Perceval", K.COUCHE_SIROP, after=0.2)
    t.say("Karadoc", K.DE, after=0.5, dice=(3,))
    t.say("Perceval", K.SALSIFI, after=0.3)
    t.close()
    t.say("Perceval", K.DES, after=1.0, dice=(4, 1, 4), hidden=True)
    bid(t, "Perceval", K.MICHETTE, 6)
    bid(t, "Karadoc", K.TICHETTE, 44)
    bid(t, "Perceval", K.QUICHETTE, 6)  # 6 > 5 (half of 10): allowed → −6
    events = bid(t, "Karadoc", K.TICHAGE)
    assert score_events(events) == [("Karadoc", "tichette_won", 10)]
    assert t.scores == {"Karadoc": 34 + 10, "Perceval": 4}


def test_a_tiche_of_53_on_3_6_5_is_right() -> None:
    t = defi((3, 6, 5))
    bid(t, "Perceval", K.MICHETTE, 3)
    bid(t, "Léodagan", K.TICHETTE, 53)
    bid(t, "Karadoc", K.QUICHETTE, 0)
    bid(t, "Perceval", K.TICHETTE, 56)  # true; his quiche is now 56 > 20: he may quiche
    bid(t, "Léodagan", K.BICHETTE, 563)
    bid(t, "Perceval", K.QUICHETTE, 56)  # −56
    events = bid(t, "Léodagan", K.TICHAGE)  # 563 on 3-6-5: right
    assert score_events(events) == [("Léodagan", "tichette_won", 40)]
    assert t.scores == {"Karadoc": 34, "Perceval": -16, "Léodagan": 70}


# ── numbers, ladder, turns ──
@pytest.mark.parametrize(
    ("kind", "number"),
    [(K.TICHETTE, 44), (K.MICHETTE, 7), (K.MICHETTE, 34), (K.BICHETTE, 342)],
    ids=["first_not_a_michette", "digit_7", "michette_of_two_digits", "bichette_first"],
)
def test_the_ticheur_opens_with_a_michette_of_one_digit_1_to_6(kind, number) -> None:
    t = defi((4, 1, 4))
    events = bid(t, "Perceval", kind, number)
    assert t.rejected(events) == ["tiche_faulty"]
    assert t.game.state.tichette.current is None


def test_the_tiche_must_increase_and_never_go_back() -> None:
    t = defi((4, 1, 4))
    bid(t, "Perceval", K.MICHETTE, 4)
    assert t.rejected(bid(t, "Léodagan", K.MICHETTE, 3)) == ["tiche_faulty"]  # not higher
    assert t.rejected(bid(t, "Léodagan", K.BICHETTE, 441)) == ["tiche_faulty"]  # michette → bichette
    assert t.rejected(bid(t, "Léodagan", K.TICHETTE, 27)) == ["tiche_faulty"]  # a 7
    assert not t.rejected(bid(t, "Léodagan", K.MICHETTE, 5))  # michette → michette, higher
    bid(t, "Karadoc", K.TICHETTE, 12)
    assert t.rejected(bid(t, "Perceval", K.MICHETTE, 6)) == ["tiche_faulty"]  # tichette → michette
    bid(t, "Perceval", K.BICHETTE, 111)
    assert t.rejected(bid(t, "Léodagan", K.TICHETTE, 66)) == ["tiche_faulty"]  # bichette → tichette
    assert not t.bevues() and t.scores == {"Karadoc": 34, "Perceval": 40, "Léodagan": 30}


def test_seed_000_turns_right_the_turn_order() -> None:
    # « c'est au tichant à sa droite »: play goes « dans le sens inverse des aiguilles d'une
    #   montre », to the right — the next in the turn order (K, P, L): after Perceval, Léodagan.
    t = defi((4, 1, 4))
    events = bid(t, "Perceval", K.MICHETTE, 4)
    assert prompts(events, "tiche") == [["Léodagan"]]
    assert t.rejected(bid(t, "Karadoc", K.TICHETTE, 44)) == ["tiche_faulty"]
    bid(t, "Léodagan", K.TICHETTE, 44)
    assert t.game.state.tichette.announcer == "Karadoc"


def test_seed_001_turns_left() -> None:
    # 001: « c'est au tichant à sa gauche »
    t = defi((4, 1, 4), tichette_direction="left")
    events = bid(t, "Perceval", K.MICHETTE, 4)
    assert prompts(events, "tiche") == [["Karadoc"]]
    assert t.rejected(bid(t, "Léodagan", K.TICHETTE, 44)) == ["tiche_faulty"]
    bid(t, "Karadoc", K.TICHETTE, 44)
    assert t.game.state.tichette.announcer == "Léodagan"


# ── quiches ──
def test_quichette_of_a_tichette_45_costs_45_and_of_a_bichette_634_costs_163() -> None:
    t = defi((6, 3, 4), scores={"Karadoc": 50, "Perceval": 400 - 343, "Léodagan": 30})  # Perceval 57
    bid(t, "Perceval", K.MICHETTE, 4)
    bid(t, "Léodagan", K.TICHETTE, 45)
    bid(t, "Karadoc", K.TICHETTE, 46)
    bid(t, "Perceval", K.TICHETTE, 63)
    assert t.rejected(bid(t, "Léodagan", K.QUICHETTE, 46)) == ["tiche_faulty"]  # his own last: 45
    events = bid(t, "Léodagan", K.QUICHETTE, 45)
    assert score_events(events) == [("Léodagan", "quiche", -45)]
    bid(t, "Karadoc", K.BICHETTE, 634)
    bid(t, "Perceval", K.BICHETTE, 643)
    assert t.rejected(bid(t, "Karadoc", K.QUICHETTE, 634)) == ["tiche_faulty"]
    events = bid(t, "Karadoc", K.QUICHETTE, 163)
    assert score_events(events)[0] == ("Karadoc", "quiche", -163)


def test_quichette_de_zero_for_everybody_ends_the_defi_with_the_ticheur_alone() -> None:
    # « Si tous les joueurs on annoncés "Quichette de 0 !" et qu'il ne reste que le ticheur
    #   en jeu alors le défi de la Tichette est terminé. »
    t = defi((4, 1, 4))
    bid(t, "Perceval", K.MICHETTE, 4)
    bid(t, "Léodagan", K.QUICHETTE, 0)
    events = bid(t, "Karadoc", K.QUICHETTE, 0)
    assert score_events(events) == [("Karadoc", "quiche", 0)]
    assert t.scores == {"Karadoc": 34, "Perceval": 40, "Léodagan": 30}
    assert t.phase == "chouettes" and t.roller == "Perceval" and t.game.state.tichette is None


def test_quichette_de_zero_only_without_a_tiche() -> None:
    t = defi((4, 1, 4))
    bid(t, "Perceval", K.MICHETTE, 4)
    bid(t, "Léodagan", K.TICHETTE, 44)
    bid(t, "Karadoc", K.TICHETTE, 45)
    bid(t, "Perceval", K.TICHETTE, 46)
    assert t.rejected(bid(t, "Léodagan", K.QUICHETTE, 0)) == ["tiche_faulty"]


@pytest.mark.parametrize(("tiche", "allowed"), [(21, False), (22, True)])
def test_the_ticheur_quiches_only_above_half_the_stake_rounded_up(tiche: int, allowed: bool) -> None:
    # « Le ticheur lui ne peut pas se quicher tant que la quiche n'a pas dépassé 50% (arrondi au
    #   supérieur) des points de la mise »: stake 41 → 21; a quiche of 21 has not passed it.
    t = defi((4, 1, 4), scores={"Karadoc": 50, "Perceval": 41, "Léodagan": 30})
    for player, kind, n in [("Perceval", K.MICHETTE, 1), ("Léodagan", K.TICHETTE, 12),
                            ("Karadoc", K.TICHETTE, 13), ("Perceval", K.TICHETTE, tiche),
                            ("Léodagan", K.TICHETTE, 24), ("Karadoc", K.QUICHETTE, 13)]:
        assert not t.rejected(bid(t, player, kind, n))
    events = bid(t, "Perceval", K.QUICHETTE, tiche)
    if allowed:
        assert score_events(events) == [("Perceval", "quiche", -tiche)]
    else:
        assert t.rejected(events) == ["tiche_faulty"] and t.score("Perceval") == 41


def test_the_ticheur_left_with_only_a_bichette_resine_of_666_must_quiche() -> None:
    # « Si le ticheur n'a plus d'autres possibilités que de déclarer une bichette résiné de 666
    #   alors il ne peut pas le faire et est obligé de se quicher » — even below half the stake.
    t = defi((4, 1, 4), scores={"Karadoc": 50, "Perceval": 300, "Léodagan": 30})  # half: 150
    for player, kind, n in [("Perceval", K.MICHETTE, 1), ("Léodagan", K.TICHETTE, 12),
                            ("Karadoc", K.TICHETTE, 13), ("Perceval", K.TICHETTE, 14),
                            ("Léodagan", K.BICHETTE, 123), ("Karadoc", K.BICHETTE, 665)]:
        assert not t.rejected(bid(t, player, kind, n))
    assert t.rejected(bid(t, "Perceval", K.BICHETTE, 666)) == ["tiche_faulty"]
    assert t.rejected(bid(t, "Perceval", K.BICHETTE_RESINE, 666)) == ["tiche_faulty"]
    events = bid(t, "Perceval", K.QUICHETTE, 14)  # 14 < 150, but nothing else is left to him
    assert score_events(events) == [("Perceval", "quiche", -14)]


# ── Bichette résiné ──
def test_bichette_resine_tiches_at_once_after_a_bichette() -> None:
    # « Si au moins une bichette a été déclarée alors, à son tour, un tichant peut annoncer
    #   "Bichette résiné de [valeur d'une tiche] !" […] comme s'il avait déclaré "Tichage !" »
    t = defi((6, 6, 2))
    bid(t, "Perceval", K.MICHETTE, 6)
    assert t.rejected(bid(t, "Léodagan", K.BICHETTE_RESINE, 662)) == ["tiche_faulty"]  # no bichette yet
    bid(t, "Léodagan", K.TICHETTE, 62)
    bid(t, "Karadoc", K.BICHETTE, 621)
    assert t.rejected(bid(t, "Perceval", K.BICHETTE_RESINE, 622)) == ["tiche_faulty"]  # the ticheur: never
    bid(t, "Perceval", K.BICHETTE, 622)
    events = bid(t, "Léodagan", K.BICHETTE_RESINE, 662)
    assert score_events(events) == [("Léodagan", "tichette_won", 40)]
    assert t.phase == "chouettes" and t.scores == {"Karadoc": 34, "Perceval": 40, "Léodagan": 70}


def test_bichette_de_666_is_forbidden_it_must_be_resine() -> None:
    # « Annoncer "Bichette de 666 !" est interdit, il faut obligatoirement déclarer cette bichette
    #   en tant que bichette résiné. »
    t = defi((6, 6, 2))
    bid(t, "Perceval", K.MICHETTE, 6)
    bid(t, "Léodagan", K.TICHETTE, 66)
    bid(t, "Karadoc", K.BICHETTE, 621)
    bid(t, "Perceval", K.BICHETTE, 626)
    assert t.rejected(bid(t, "Léodagan", K.BICHETTE, 666)) == ["tiche_faulty"]
    events = bid(t, "Léodagan", K.BICHETTE_RESINE, 666)  # 6-6-2: only two 6
    assert score_events(events) == [("Léodagan", "tichette_lost", -40)]


# ── Quichage ──
def test_quichage_the_faulty_player_pays_his_last_valid_quiche() -> None:
    # « le joueur est alors automatiquement sorti du défi en payant sa quiche (on prend la dernière
    #   quiche valide et non pas celle de son annonce dans laquelle il y a un quichage) »
    t = defi((3, 6, 1))
    bid(t, "Perceval", K.MICHETTE, 3)
    bid(t, "Léodagan", K.TICHETTE, 34)
    bid(t, "Karadoc", K.TICHETTE, 35)
    bid(t, "Perceval", K.TICHETTE, 36)
    assert t.rejected(bid(t, "Léodagan", K.TICHETTE, 27)) == ["tiche_faulty"]
    events = t.say("Karadoc", K.QUICHAGE, after=0.2, target="Léodagan")
    assert score_events(events) == [("Léodagan", "quichage", -34)]
    assert t.game.state.tichette.announcer == "Karadoc"
    bid(t, "Karadoc", K.QUICHETTE, 35)
    events = bid(t, "Perceval", K.TICHAGE)  # the ticheur is the last: 36 on 3-6-1 is right
    assert score_events(events) == [("Perceval", "tichette_won", 40)]
    assert t.scores == {"Karadoc": 34 - 35, "Perceval": 80, "Léodagan": 30 - 34}


def test_quichage_of_the_ticheur_the_defi_goes_on_without_him() -> None:
    # « Il s'agit d'un des meilleurs moyen de se débarasser du ticheur. »
    t = defi((3, 6, 1))
    bid(t, "Perceval", K.MICHETTE, 3)
    events = t.say("Léodagan", K.QUICHAGE, after=0.2, target="Perceval")
    assert score_events(events) == [("Perceval", "quichage", -3)]
    assert t.game.state.tichette.announcer == "Léodagan"
    bid(t, "Léodagan", K.TICHETTE, 61)
    bid(t, "Karadoc", K.QUICHETTE, 0)
    events = bid(t, "Léodagan", K.TICHAGE)
    assert score_events(events) == [("Léodagan", "tichette_won", 40)]


def test_tichage_before_being_the_last_one_is_faulty() -> None:
    t = defi((3, 6, 1))
    bid(t, "Perceval", K.MICHETTE, 3)
    assert t.rejected(bid(t, "Léodagan", K.TICHAGE)) == ["tiche_faulty"]


def test_no_combination_applies_to_the_ticheurs_dice() -> None:
    # 001: « Aucune combinaison n'est appliquée sur la combinaison créée par le ticheur. »
    t = defi((6, 6, 6))
    bid(t, "Perceval", K.MICHETTE, 6)
    bid(t, "Léodagan", K.QUICHETTE, 0)
    bid(t, "Karadoc", K.QUICHETTE, 0)
    assert t.scores == {"Karadoc": 34, "Perceval": 40, "Léodagan": 30}
    assert not [e for e in t.events if e.kind is EventKind.SCORE and e.reason == "cul_de_chouette"]


def test_an_attrape_oiseau_that_makes_4_4_3_is_a_tichette_too() -> None:
    # « La combinaison Artichette comme résultat d'un Sirop »: the attrapeur sirotes too
    t = Table("Karadoc", "Perceval", "Léodagan", level=4)
    t.set_scores(Karadoc=50, Perceval=40, Léodagan=30)
    t.throw("Karadoc", 4, 4, 1)
    t.say("Perceval", K.ATTRAPE_OISEAU, after=0.3)  # Karadoc keeps his Chouette of 4: +16
    t.say("Karadoc", K.COUCHE_SIROP, after=0.2)
    t.say("Léodagan", K.COUCHE_SIROP, after=0.2)
    t.say("Perceval", K.DE, after=0.5, dice=(3,))  # 4-4-3: the attrapeur loses 16
    t.say("Léodagan", K.SALSIFI, after=0.3)
    t.close()
    assert t.scores == {"Karadoc": 66, "Perceval": 24, "Léodagan": 30}
    assert t.game.state.tichette.ticheur == "Léodagan" and t.phase == "tichette_dice"


def test_the_game_waits_for_the_defi_to_end() -> None:
    t = defi((3, 6, 1))
    events = t.throw("Perceval", 2, 3, 5)
    assert t.rejected(events) == ["wrong_phase", "wrong_phase"]
    assert "c'est à Perceval d'annoncer" in events[0].data["message"]


def test_a_refused_hidden_throw_does_not_show_its_dice() -> None:
    from voice_scribe.engine import Call, CallKind, EventKind
    from voice_scribe.engine.game import Game

    game = Game(["Karadoc", "Perceval"])
    events = game.apply(Call(CallKind.DES, "Perceval", 1.0, dice=(6, 3, 4), hidden=True))
    shown = [e.data.get("call", {}) for e in events if e.kind is EventKind.REJECTED]
    assert shown and all("dice" not in c for c in shown)
