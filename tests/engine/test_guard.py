"""One guard for « a reaction to the throw in play » (``engine/context.py``).

A reaction said when no throw is open for reactions is refused as too late, with the French
reason of the rule it belongs to, and costs nobody a Bévue; said in the window but on a throw
it does not fit, it is a Bévue. The families call :func:`throw_in_play` and :func:`judge_shout`
for that; these tests hold every handler to it through the real game, and the two functions
to their word on a real state.
"""

from __future__ import annotations

import doctest

import pytest
from engine_table import K, Table

import voice_scribe.engine.context as context
from voice_scribe.engine import Call, EventKind
from voice_scribe.engine.context import judge_shout, throw_in_play
from voice_scribe.engine.dice import Throw
from voice_scribe.engine.game import Game
from voice_scribe.engine.rejected import Rejected
from voice_scribe.engine.rules import Rules
from voice_scribe.engine.state import Phase, ThrowContext

PLAYERS = ("Karadoc", "Perceval", "Léodagan")

#: each reaction handled by a family, and why it is refused before any dice have fallen
TOO_LATE = [
    (K.RAITOURNELLE, "aucune Artichette en jeu"),
    (K.ARTICHETTE, "aucune Artichette en jeu"),
    (K.PATTE_DE_CANARD, "aucune Suite-Velutée en jeu"),
    (K.VELUTEE, "aucune Suite-Velutée en jeu"),
    (K.UNISSON, "aucun Unisson en jeu"),
    (K.PETIT_INTERVALLE, "aucun Unisson en jeu"),
    (K.JE_SIROTE, "aucune Chouette à siroter"),
    (K.ATTRAPE_OISEAU, "aucune Chouette à attraper"),
    (K.EN_GARDE, "aucune Soufflette en jeu"),
    (K.MECREANT, "aucun Néant soufflé en jeu"),
    (K.MISERABLE, "aucun Néant soufflé en jeu"),
    (K.PELICAN, "aucun Pélican en jeu"),
    (K.PASSE_MONTAGNE, "aucun Pélican en jeu"),
    (K.LANCE_BUCHES, "aucun Jarret en jeu"),
    (K.EXCALIBUR, "aucun Excalibur en jeu"),
    (K.SALSIFI, "aucune Tichette en jeu"),
    (K.JARRET_SOUPLE, "aucun Néant sur un Jarret"),
    (K.CHARRET, "aucun Néant sur un Jarret"),
    (K.CONTRE_SIROP, "aucun sirotage raté"),
    (K.SIROP_JEANNOT, "aucun sirotage sans les points"),
    (K.CUL_DE_CHOUETTE_DOUBLE, "aucun Cul de chouette à doubler"),
]


def test_the_guard_says_its_rule_in_its_examples() -> None:
    result = doctest.testmod(context)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(("kind", "reason"), TOO_LATE, ids=[k.value for k, _ in TOO_LATE])
def test_a_reaction_before_the_dice_is_too_late_and_costs_nothing(kind: K, reason: str) -> None:
    table = Table(*PLAYERS, level=4, aquitaine=True, negative_scores=True)
    before = dict(table.scores)
    events = table.say("Perceval", kind, after=0.3, target="Karadoc")
    assert [(e.kind, e.reason, e.data.get("message")) for e in events] == [(EventKind.REJECTED, "too_late", reason)]
    assert table.scores == before
    assert table.phase == "chouettes"


def game_in(phase: Phase, current: ThrowContext | None) -> Game:
    game = Game(list(PLAYERS), Rules())
    game.state.phase = phase
    game.state.current = current
    return game


def landed(dice: tuple[int, int, int]) -> ThrowContext:
    throw = Throw((dice[0], dice[1]), dice[2])
    return ThrowContext(roller="Karadoc", started_at=0.0, chouettes=throw.chouettes, throw=throw,
                        combination=throw.combination)


@pytest.mark.parametrize("phase", [p for p in Phase if p is not Phase.REACTION])
def test_outside_the_reaction_window_there_is_no_throw_in_play(phase: Phase) -> None:
    game = game_in(phase, landed((4, 3, 4)))
    with pytest.raises(Rejected) as refused:
        throw_in_play(game, "aucune Artichette en jeu")
    assert (refused.value.code, refused.value.message) == ("too_late", "aucune Artichette en jeu")


def test_in_the_window_the_throw_is_in_play_once_its_dice_show_a_combination() -> None:
    current = landed((4, 3, 4))
    assert throw_in_play(game_in(Phase.REACTION, current), "aucune Artichette en jeu") is current


def test_a_window_without_dice_is_in_play_only_for_what_it_holds() -> None:
    current = ThrowContext(roller="Karadoc", started_at=0.0)  # a relance's window, nothing shown
    game = game_in(Phase.REACTION, current)
    assert throw_in_play(game, "aucun Unisson en jeu", needs_dice=False) is current
    with pytest.raises(Rejected):
        throw_in_play(game, "aucune Artichette en jeu")
    with pytest.raises(Rejected):
        throw_in_play(game_in(Phase.REACTION, None), "aucun Unisson en jeu", needs_dice=False)


def test_a_shout_that_fits_joins_its_race_and_one_that_does_not_is_a_bevue() -> None:
    current = landed((4, 3, 4))
    game = game_in(Phase.REACTION, current)
    judge_shout(game, Call(K.RAITOURNELLE, "Karadoc", 1.0), current, fits=True)
    assert current.shouters(K.RAITOURNELLE.value) == [("Karadoc", 1.0)]
    assert game.state.players["Karadoc"].score == 0
    judge_shout(game, Call(K.ARTICHETTE, "Perceval", 1.2), current, fits=False)
    assert current.shouters(K.ARTICHETTE.value) == []
    assert game.state.players["Perceval"].score == -game.rules.bevue_penalty
