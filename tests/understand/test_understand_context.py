"""Readings weighed against the real game: what is legal now wins, the rest is refused with the engine's reason."""

from __future__ import annotations

import pytest

from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.engine.game import Game
from voice_scribe.engine.rules import Rules
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand import Matcher, ResultKind, Roster, load_grammar

K = CallKind
TRIO = ["Karadoc", "Perceval", "Léodagan"]


@pytest.fixture()
def trio() -> Matcher:
    return Matcher(load_grammar(), Roster.of(TRIO))


@pytest.fixture()
def duo() -> Matcher:
    return Matcher(load_grammar(), Roster.of(TRIO[:2]))


def fresh() -> Game:
    return Game(TRIO, Rules.from_dict({"level": 1}))


def sirop_bets() -> Game:
    """Karadoc threw a Chouette of 4 and sirotes: the others bet on a bird."""
    game = fresh()
    game.apply(Call(K.CHOUETTES, "Karadoc", 1.0, dice=(4, 4)))
    game.apply(Call(K.CUL, "Karadoc", 1.5, dice=(2,)))
    game.apply(Call(K.JE_SIROTE, "Karadoc", 1.8))
    return game


def grelottine_stake() -> Game:
    """Karadoc challenges Perceval with a Grelottine: the stake is awaited from Karadoc."""
    game = Game(TRIO[:2], Rules.from_dict({"level": 1}))
    for name in TRIO[:2]:
        game.state.players[name].score = 120
    game.apply(Call(K.DES, "Karadoc", 1.0, dice=(1, 3, 6)))  # a Néant: Karadoc wins a Grelottine
    game.apply(Call(K.SUIVANT, "Karadoc", 1.2))
    game.state.players["Perceval"].holdings.add(game.state.players["Karadoc"].holdings.copy().pop())
    game.apply(Call(K.GRELOTTINE, "Karadoc", 2.0, target="Perceval"))
    return game


def heard(matcher, game, text, speaker, t=3.0):
    return matcher.understand(Utterance(t=t, text=text, speaker=speaker), table=game)


def test_chouette_de_quatre_is_not_a_stake_without_a_challenge(trio):
    u = heard(trio, fresh(), "chouette de quatre", "Karadoc")
    assert u.kind is ResultKind.CALL and u.call.kind is K.CHOUETTES and u.call.dice == (4, 4), u.to_json()


def test_chouette_de_quatre_is_the_stake_while_a_challenge_waits(duo):
    u = heard(duo, grelottine_stake(), "chouette de quatre", "Karadoc")
    assert u.kind is ResultKind.CALL and u.call.kind is K.GRELOTTINE_MISE, u.to_json()
    assert (u.call.combination, u.call.number) == ("chouette", 4)


def test_out_of_context_both_readings_are_kept_apart(trio):
    """Without a game every call is considered: the two readings tie, and the scribe asks."""
    u = trio.understand("chouette de quatre", speaker="Karadoc")
    assert u.kind is ResultKind.AMBIGUOUS
    assert {c.target for c in u.candidates} == {K.CHOUETTES, K.GRELOTTINE_MISE}


def test_a_bird_is_a_bet_during_a_sirop_and_refused_with_the_reason_otherwise(trio):
    u = heard(trio, sirop_bets(), "je mise sur la linotte", "Perceval")
    assert u.kind is ResultKind.CALL and (u.call.kind, u.call.number) == (K.PARI_OISEAU, 1)
    refused = heard(trio, fresh(), "linotte", "Perceval")
    assert refused.kind is ResultKind.REJECTED
    assert refused.reason == "« linotte » : personne ne sirote"


def test_a_call_legal_only_in_another_phase_says_why(trio):
    u = heard(trio, fresh(), "pas mou le caillou", "Perceval")
    assert u.kind is ResultKind.REJECTED and "aucun lancer en cours" in u.reason
    assert u.candidates and u.candidates[0].call.kind is K.PAS_MOU_LE_CAILLOU


def test_a_bevue_is_still_the_call(trio):
    """The bird of the siroted Chouette is a Bévue (« se parie Beau-Sirop »): heard, for the engine to punish."""
    game = sirop_bets()
    u = heard(trio, game, "mouette", "Léodagan")
    assert u.kind is ResultKind.CALL and u.call.number == 4
    assert game.check(u.call).legality.value == "bevue"


def test_a_stake_in_two_breaths_is_completed(duo):
    game = grelottine_stake()
    first = heard(duo, game, "une chouette", "Karadoc", t=3.0)
    # the engine takes the combination alone as the stake's first half (issue 10, docs/rules.md FT8)
    assert first.kind is ResultKind.CALL, first.to_json()
    assert (first.call.kind, first.call.combination, first.call.number) == (K.GRELOTTINE_MISE, "chouette", None)
    game.apply(first.call)
    second = heard(duo, game, "pour dix", "Karadoc", t=4.5)
    assert second.kind is ResultKind.CALL, second.to_json()
    assert (second.call.kind, second.call.number) == (K.GRELOTTINE_MISE, 10)
    game.apply(second.call)  # the engine puts the two halves together
    challenge = game.state.challenge
    assert challenge is not None and (challenge.combination, challenge.stake) == ("chouette", 10)


def test_a_stake_alone_is_not_heard_out_of_context(duo):
    u = duo.understand("pour dix", speaker="Karadoc")
    assert u.kind is ResultKind.REJECTED


def test_table_commands_are_always_in_order(trio):
    for game in (fresh(), sirop_bets()):
        u = heard(trio, game, "combien j'ai", "Perceval")
        assert u.kind is ResultKind.COMMAND and u.command.target == "Perceval"


def test_reading_against_the_game_changes_nothing(trio):
    game = sirop_bets()
    before = game.now()
    for text in ("chouette", "pas mou le caillou", "linotte", "chouette de quatre"):
        heard(trio, game, text, "Perceval")
    assert game.now() == before


def chouettes_said() -> Game:
    """Karadoc announced his chouettes: his cul is awaited."""
    game = fresh()
    game.apply(Call(K.CHOUETTES, "Karadoc", 1.0, dice=(2, 4)))
    return game


@pytest.mark.parametrize("said,dice", [("non c'est six deux", (6, 2)), ("attends non c'est deux et quatre les chouettes", (2, 4)),
                                       ("non les dés c'est trois trois cinq", (3, 3, 5))])
def test_a_throw_after_non_c_est_is_the_throw_when_one_is_awaited(trio, said, dice):
    u = heard(trio, fresh(), said, "Karadoc")
    assert u.kind is ResultKind.CALL and u.call.kind in (K.CHOUETTES, K.DES) and u.call.dice == dice, u.to_json()


@pytest.mark.parametrize("said,dice", [("non c'est six deux", (6, 2)), ("non les dés c'est trois trois cinq", (3, 3, 5)),
                                       ("oh non c'est trois six six", (3, 6, 6))])
def test_a_throw_after_non_c_est_corrects_dice_already_announced(trio, said, dice):
    u = heard(trio, chouettes_said(), said, "Karadoc")
    assert u.kind is ResultKind.COMMAND and u.command.kind.value == "correction" and u.command.dice == dice, u.to_json()


def test_the_awaited_die_after_non_c_est_is_the_die(trio):
    u = heard(trio, chouettes_said(), "non le cul c'est quatre", "Karadoc")
    assert u.kind is ResultKind.CALL and u.call.kind is K.CUL and u.call.dice == (4,), u.to_json()


def test_a_throw_after_non_c_est_still_asks_back_out_of_context(trio):
    u = trio.understand("non c'est six deux", speaker="Karadoc")
    assert u.kind is ResultKind.AMBIGUOUS, u.to_json()
