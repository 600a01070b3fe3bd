"""Follow the table's order (issue 10, point 3): what a real table says in its own order is accepted."""

from __future__ import annotations

import pytest
from engine_table import K, Table, sirop_artichette
from engine_table import grelottine_launched as shared_grelottine

from voice_scribe.engine import Call, EventKind
from voice_scribe.engine.families.grelottine import stake_cap
from voice_scribe.engine.state import Phase
from voice_scribe.engine.table import Legality


def grelottine_launched() -> Table:
    table = shared_grelottine(120, 90)
    assert table.game.state.phase is Phase.GRELOTTINE_STAKE
    return table


def rejections(events: list) -> list[str]:
    return [e.reason for e in events if e.kind in (EventKind.REJECTED, EventKind.BEVUE)]


def test_grelottine_combination_then_stake_in_two_breaths() -> None:
    """« Sur une chouette. » … « Max ! »: seed 000 « La Grelottine »: « Le grelottin choisit alors une
    combinaison […] C'est le grelottin qui décide combien de points il met en jeu »."""
    table = grelottine_launched()
    game = table.game
    half = Call(K.GRELOTTINE_MISE, "Karadoc", table.t + 0.5, combination="chouette")
    assert game.check(half).legality is Legality.LEGAL
    assert rejections(table.say("Karadoc", K.GRELOTTINE_MISE, combination="chouette")) == []
    assert game.state.phase is Phase.GRELOTTINE_STAKE  # the stake is still awaited
    events = table.say("Karadoc", K.GRELOTTINE_MISE, after=1.0, max_stake=True)
    assert rejections(events) == []
    challenge = game.state.challenge
    assert game.state.phase is Phase.GRELOTTINE_THROW and challenge is not None
    assert (challenge.combination, challenge.stake) == ("chouette", stake_cap("chouette", 120, 90))


def test_grelottine_stake_then_combination() -> None:
    table = grelottine_launched()
    table.say("Karadoc", K.GRELOTTINE_MISE, number=12)
    assert table.game.state.phase is Phase.GRELOTTINE_STAKE
    table.say("Karadoc", K.GRELOTTINE_MISE, combination="velute")
    challenge = table.game.state.challenge
    assert challenge is not None and (challenge.combination, challenge.stake) == ("velute", 12)
    assert table.game.state.phase is Phase.GRELOTTINE_THROW


def test_grelottine_half_stake_too_high_is_the_usual_bevue_when_completed() -> None:
    """« le joueur doit effectuer une nouvelle mise »: the cap is known once the combination is."""
    table = grelottine_launched()
    table.say("Karadoc", K.GRELOTTINE_MISE, number=500)
    events = table.say("Karadoc", K.GRELOTTINE_MISE, combination="chouette")
    assert rejections(events) == ["stake_too_high"]
    assert table.game.state.phase is Phase.GRELOTTINE_STAKE
    table.say("Karadoc", K.GRELOTTINE_MISE, combination="chouette", number=20)
    assert table.game.state.phase is Phase.GRELOTTINE_THROW


def test_grelottine_in_one_breath_still_works() -> None:
    table = grelottine_launched()
    table.say("Karadoc", K.GRELOTTINE_MISE, combination="chouette", number=20)
    assert table.game.state.phase is Phase.GRELOTTINE_THROW


def test_a_soufflette_throw_chouettes_then_cul() -> None:
    """Seed 000 « Déroulement du jeu »: « le joueur lance deux dés (les chouettes), puis le troisième (le
    cul) »: the soufflé's throws may be announced that way too (« La Soufflette »)."""
    table = Table("Karadoc", "Perceval", "Léodagan", level=2, negative_scores=True)
    table.des("Karadoc", 4, 2, 1)
    table.say("Karadoc", K.EN_GARDE, after=0.3, target="Perceval")
    assert rejections(table.say("Perceval", K.CHOUETTES, dice=(4, 2))) == []
    assert table.game.state.phase is Phase.RELANCE
    table.say("Perceval", K.CUL, dice=(1,))  # 4-2-1 at the first throw: 50 from the souffleur
    assert table.scores == {"Karadoc": -50, "Perceval": 50, "Léodagan": 0}


def test_a_relance_cul_by_another_player_is_out_of_turn() -> None:
    table = Table("Karadoc", "Perceval", "Léodagan", level=2, negative_scores=True)
    table.des("Karadoc", 4, 2, 1)
    table.say("Karadoc", K.EN_GARDE, after=0.3, target="Perceval")
    table.say("Perceval", K.CHOUETTES, dice=(4, 2))
    assert rejections(table.say("Léodagan", K.CUL, dice=(1,))) == ["out_of_turn"]
    table.say("Perceval", K.CUL, dice=(3,))  # 4-2-3: missed, second throw awaited
    assert table.game.state.phase is Phase.RELANCE and table.game.state.relance.throws == 1


def test_a_grelottine_throw_chouettes_then_cul() -> None:
    table = grelottine_launched()
    table.say("Karadoc", K.GRELOTTINE_MISE, combination="chouette", number=20)
    assert rejections(table.say("Perceval", K.CHOUETTES, dice=(5, 5))) == []
    table.say("Perceval", K.CUL, dice=(2,))  # a Chouette of 5: the challenge is met
    assert table.score("Perceval") == 90 + 20
    assert table.score("Karadoc") == 120 - 20


def velutee_pair() -> Table:
    table = Table("Karadoc", "Perceval", "Léodagan", level=2, negative_scores=True)
    table.throw("Karadoc", 1, 2, 3)  # a Suite-Velutée
    table.say("Perceval", K.VELUTEE, after=0.2)
    table.say("Léodagan", K.VELUTEE, after=0.05)
    for player in ("Karadoc", "Perceval", "Léodagan"):
        table.say(player, K.GRELOTTE_CA_PICOTE, after=0.3)
    table.close()
    assert table.game.state.phase is Phase.RELANCE
    return table


@pytest.mark.parametrize("first", ["Perceval", "Léodagan"])
def test_each_velutee_player_rethrows_his_own_chouette(first: str) -> None:
    """Seed 000 « La Suite-Velutée »: « Si deux joueurs […] se saisissent chacun d'une chouette et
    s'exclame “ Velutée ”, ils relancent chacun leur chouette et la combinaison finale est soustraite
    du score du lanceur ». Each says his own die, in any order: 2 and 1 with the kept cul 3 make a
    Velute of 3 again (18), taken from Karadoc."""
    table = velutee_pair()
    own = {"Perceval": 2, "Léodagan": 1}
    second = "Léodagan" if first == "Perceval" else "Perceval"
    assert rejections(table.say(first, K.DE, dice=(own[first],))) == []
    assert table.game.state.phase is Phase.RELANCE  # the other chouette is awaited
    table.say(second, K.DE, dice=(own[second],))
    assert table.score("Karadoc") == -18
    assert table.game.state.phase is Phase.CHOUETTES


def test_a_velutee_player_throws_his_chouette_once() -> None:
    table = velutee_pair()
    table.say("Perceval", K.DE, dice=(2,))
    assert rejections(table.say("Perceval", K.DE, dice=(4,))) == ["already_rolled"]
    assert rejections(table.say("Karadoc", K.DE, dice=(4,))) == ["out_of_turn"]


def suite_roll_off() -> Table:
    """Perceval and Léodagan tied twice on a Suite: a die each, the highest loses 10 (seed 000 « La Suite »)."""
    table = Table("Karadoc", "Perceval", "Léodagan", negative_scores=True)
    table.throw("Karadoc", 2, 3, 4)
    table.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)
    table.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.3)
    table.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.05)
    table.say("Perceval", K.SANS_FIN, after=0.4)
    table.say("Léodagan", K.SANS_FIN, after=0.05)
    table.close()
    assert table.game.state.phase is Phase.ROLL_OFF
    return table


def test_an_unsettled_tie_break_is_asked_again_then_settled_by_rule() -> None:
    """Never a game that refuses all play: after the reaction window the missing dice are asked for
    again; after as long again a missing die counts as the worst one (here: the highest, who loses)."""
    table = suite_roll_off()
    game = table.game
    table.say("Léodagan", K.DE, dice=(6,))
    window = game.rules.reaction_window_s
    again = game.tick(table.t + window + 0.1)
    prompts = [e for e in again if e.kind is EventKind.PROMPT]
    assert prompts and prompts[0].data["players"] == ["Perceval"] and prompts[0].data["again"]
    assert game.state.phase is Phase.ROLL_OFF
    settled = game.tick(table.t + 2 * window + 0.2)
    assert [(e.player, e.points) for e in settled if e.kind is EventKind.SCORE] == [("Perceval", -10)]
    assert game.state.phase is Phase.CHOUETTES and game.state.roller == "Perceval"


def test_the_next_throw_settles_a_pending_tie_break_by_the_same_rule() -> None:
    table = suite_roll_off()
    events = table.throw("Perceval", 1, 3, 6, after=1.0)  # the table moves on: nobody threw
    assert rejections(events) == []
    # both dice missing: the first of them in the turn order is designated
    assert table.scores == {"Karadoc": 0, "Perceval": -10, "Léodagan": 0}
    assert table.game.state.current is not None and table.game.state.current.roller == "Perceval"


def test_a_tie_break_thrown_in_time_is_unchanged() -> None:
    table = suite_roll_off()
    table.say("Perceval", K.DE, dice=(2,))
    table.say("Léodagan", K.DE, dice=(5,))
    assert table.scores == {"Karadoc": 0, "Perceval": 0, "Léodagan": -10}


def tichette_window() -> Table:
    """Karadoc's sirop makes an Artichette (4-4-3): a Tichette (seed 000 « La Tichette »); scores 50/40/30."""
    return sirop_artichette()


def test_tichette_steps_said_early_wait_for_their_moment() -> None:
    """Seed 000 « La Tichette »: « le premier joueur à crier “ Salsifi ! ” […] effectuera le Défi Tichette
    en fin de tour »; « La Tichette (suite) »: the ticheur throws and hides his dice, then « il commence
    directement en annonçant la première tiche ». Said right after « Salsifi ! », the window still open,
    they wait instead of being refused, and are played in their order when the défi begins."""
    early, late = tichette_window(), tichette_window()
    for table in (early, late):
        table.say("Perceval", K.SALSIFI, after=0.3)
    assert rejections(early.say("Perceval", K.DES, after=0.4, dice=(2, 5, 5), hidden=True)) == []
    assert rejections(early.say("Perceval", K.MICHETTE, after=0.5, number=5)) == []
    assert early.game.state.phase is Phase.REACTION
    early.close()
    late.close()
    late.say("Perceval", K.DES, after=0.4, dice=(2, 5, 5), hidden=True)
    late.say("Perceval", K.MICHETTE, after=0.5, number=5)
    for table in (early, late):
        tichette = table.game.state.tichette
        assert table.game.state.phase is Phase.TICHETTE and tichette is not None
        assert tichette.dice == (2, 5, 5) and tichette.current == (K.MICHETTE, 5)
        assert tichette.announcer != "Perceval"


def test_tichette_steps_said_early_for_nothing_are_refused_then() -> None:
    table = tichette_window()
    table.say("Perceval", K.SALSIFI, after=0.3)
    table.say("Léodagan", K.DES, after=0.4, dice=(1, 2, 3), hidden=True)  # not the ticheur
    events = table.close()
    assert [e.reason for e in events if e.kind is EventKind.REJECTED] == ["not_ticheur"]
    assert table.game.state.tichette is not None and table.game.state.tichette.dice is None
