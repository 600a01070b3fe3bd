"""Decide as soon as it is certain (issue 10, point 2): a race's verdict never waits for what can no
longer change it; the window stays open for the rest."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_table import K, Table

from voice_scribe.engine import Call, EventKind, Rules
from voice_scribe.engine.game import Game
from voice_scribe.engine.simulate import simulate_game
from voice_scribe.engine.state import Phase
from voice_scribe.live import LiveTable
from voice_scribe.replay import load_call_log
from voice_scribe.session import Session
from voice_scribe.speech.utterance import Utterance
from voice_scribe.understand import Matcher

TIE = Rules().tie_window_s


def scores(events: list) -> list[tuple[str, int, str]]:
    return [(e.player, e.points, e.reason) for e in events if e.kind is EventKind.SCORE]


def test_a_first_shout_race_is_decided_when_its_tie_window_has_passed() -> None:
    """« Le premier joueur qui […] crie “ Pas mou le caillou ! ” gagne les points »: once the first
    shout's tie window is over, no later shout can tie it."""
    table = Table("Karadoc", "Perceval", "Léodagan")
    table.throw("Karadoc", 2, 2, 4)  # a Chouette-Velute of 4: 32 points
    table.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.4)
    first = table.t
    assert table.game.tick(first + TIE / 2) == []  # a tie is still possible
    verdict = table.game.tick(first + TIE + 0.01)
    assert scores(verdict) == [("Perceval", 32, "chouette_velute")]
    assert table.game.state.phase is Phase.REACTION  # the window is still open for the rest
    later = table.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.3)
    assert scores(later) == []  # late: nothing more
    table.close()
    assert table.scores == {"Karadoc": 0, "Perceval": 32, "Léodagan": 0}


def test_a_tied_first_shout_is_decided_too() -> None:
    table = Table("Karadoc", "Perceval", "Léodagan")
    table.throw("Karadoc", 2, 2, 4)
    table.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.4)
    table.say("Léodagan", K.PAS_MOU_LE_CAILLOU, after=0.05)  # within the tie window
    verdict = table.game.tick(table.t + TIE)
    assert sorted(scores(verdict)) == [("Léodagan", -32, "chouette_velute_tie"), ("Perceval", -32, "chouette_velute_tie")]


def test_everybody_has_shouted_the_first_shout_race_is_decided_at_once() -> None:
    table = Table("Karadoc", "Perceval")
    table.throw("Karadoc", 2, 2, 4)
    table.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.4)
    verdict = table.say("Karadoc", K.PAS_MOU_LE_CAILLOU, after=0.05)  # tied, and nobody else can shout
    assert sorted(scores(verdict)) == [("Karadoc", -32, "chouette_velute_tie"), ("Perceval", -32, "chouette_velute_tie")]


def test_a_last_shout_race_is_decided_once_everybody_has_shouted() -> None:
    """« le dernier joueur à le faire perd 10 pts »: with the last player's shout, the last is known."""
    table = Table("Karadoc", "Perceval", "Léodagan", negative_scores=True)
    table.throw("Karadoc", 3, 4, 5)
    assert scores(table.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.3)) == []
    assert scores(table.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)) == []
    assert scores(table.say("Perceval", K.GRELOTTE_CA_PICOTE, after=0.3)) == [("Perceval", -10, "suite_last")]
    assert table.game.state.phase is Phase.REACTION
    assert scores(table.close()) == []  # nothing is paid twice
    assert table.scores == {"Karadoc": 0, "Perceval": -10, "Léodagan": 0}


def test_a_silent_player_is_still_judged_when_the_window_closes() -> None:
    table = Table("Karadoc", "Perceval", "Léodagan", negative_scores=True)
    table.throw("Karadoc", 3, 4, 5)
    table.say("Léodagan", K.GRELOTTE_CA_PICOTE, after=0.3)
    table.say("Karadoc", K.GRELOTTE_CA_PICOTE, after=0.3)
    assert scores(table.game.tick(table.t + 1.0)) == []  # Perceval may still shout
    assert scores(table.close()) == [("Perceval", -10, "suite_silent")]


def test_queries_answer_with_the_decided_scores() -> None:
    """The verdict is in the state as soon as it is out: « les scores » asked then are the new ones."""
    session = Session(["Karadoc", "Perceval"])
    session.hear(Call(K.DES, "Karadoc", 1.0, dice=(2, 2, 4)))
    session.hear(Call(K.PAS_MOU_LE_CAILLOU, "Perceval", 1.4))
    session.tick(1.4 + TIE + 0.05)
    assert session.result()["scores"] == {"Karadoc": 0, "Perceval": 32}
    assert session.state.phase is Phase.REACTION


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_ticks_between_calls_change_no_result(level: int) -> None:
    """Deciding at a tick or at the next call gives the same game: the live path (ticks every few
    tens of milliseconds) and a replay of the call log agree."""
    players = ["Karadoc", "Perceval", "Léodagan", "Bohort"]
    rules = Rules(level=level)
    for seed in range(8):
        calls = simulate_game(players, seed=seed, rules=rules, max_calls=400)
        plain, ticked, plain_events, ticked_events = ticked_and_plain(players, rules, calls, (0.25, 0.5, 0.75))
        assert ticked.state.snapshot() == plain.state.snapshot(), seed
        assert ticked_events == plain_events, seed  # the early races of every level, decision for decision


EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
#: every example game with its roster: their races (Pélican, Lance-Bûches, Artichette, Tichette,
#: Excalibur…) are the hand-scored ones
ROSTERS = {
    "game1_star1": "Karadoc,Perceval,Léodagan",
    "game2_no_negatives": "Arthur,Lancelot",
    "game3_elimination": "Bohort,Gauvain,Yvain",
    "game4_star2": "Karadoc,Perceval,Bohort",
    "game5_star3": "Arthur,Lancelot,Gauvain",
    "game6_star4_flan": "Yvain,Gauvain,Bohort",
    "game7_star4_tichette": "Karadoc,Perceval,Léodagan",
    "game8_doublette": "Karadoc,Léodagan,Perceval,Bohort",
    "game9_aquitaine": "Karadoc,Perceval,Léodagan",
    "game10_star4_all": "Yvain,Gauvain,Bohort",
    "game11_follow_table": "Karadoc,Perceval,Léodagan",
    "game12_follow_table": "Karadoc,Perceval,Léodagan",
    "game13_early_races": "Karadoc,Perceval,Léodagan,Bohort",
}


def decisions(events: list) -> list[tuple]:
    return [(e.kind.value, e.player, e.points, e.reason, e.rule) for e in events]


def ticked_and_plain(players: list[str], rules: Rules, calls: list[Call], steps: tuple[float, ...]) -> tuple:
    """The same calls folded without ticks and with ticks between them: both games, both event lists."""
    plain, ticked = Game(players, rules), Game(players, rules)
    plain_events: list = []
    ticked_events: list = []
    previous = 0.0
    for call in calls:
        plain_events += plain.apply(call)
        for step in steps:
            ticked_events += ticked.tick(round(previous + (call.t - previous) * step, 3))
        ticked_events += ticked.apply(call)
        previous = call.t
    return plain, ticked, decisions(plain_events), decisions(ticked_events)


@pytest.mark.parametrize("name", sorted(ROSTERS))
def test_ticks_change_no_example_game(name: str) -> None:
    """Every example game, its calls replayed with ticks every few tens of milliseconds in between (the
    live path) and without (the replay): the same game, event for event once the times are set aside."""
    rules_path = EXAMPLES / f"{name}.rules.toml"
    rules = Rules.load(rules_path) if rules_path.exists() else Rules()
    calls = load_call_log(EXAMPLES / f"{name}.calls.jsonl")
    players = ROSTERS[name].split(",")
    plain, ticked, plain_events, ticked_events = ticked_and_plain(players, rules, calls, tuple(i / 20 for i in range(1, 20)))
    assert ticked.state.snapshot() == plain.state.snapshot()
    assert ticked_events == plain_events


def test_the_live_table_speaks_the_verdict_before_the_window_closes() -> None:
    session = Session(["Karadoc", "Perceval", "Léodagan"])
    table = LiveTable(session, Matcher.build(["Karadoc", "Perceval", "Léodagan"], session.rules), hold_s=0.25)
    table.submit(Utterance(t=1.0, text="deux deux quatre", speaker="Karadoc"))
    table.submit(Utterance(t=2.0, text="pas mou le caillou", speaker="Perceval"))
    table.step(now=2.3)  # the throw is released; the shout is still held
    assert session.game.scores["Perceval"] == 0
    table.step(now=2.5)  # the shout is out, its tie window has passed: the verdict
    assert session.game.scores["Perceval"] == 32
    assert session.state.phase is Phase.REACTION  # a 4 s window would still be open


def test_a_contre_sirop_is_decided_when_its_tie_window_has_passed() -> None:
    """★★ « Le premier joueur à crier “ J'apprécie les fruits au sirop ! ” »: decided like the others."""
    table = Table("Karadoc", "Perceval", "Léodagan", level=2)
    table.throw("Karadoc", 5, 5, 2)  # a Chouette of 5
    table.say("Karadoc", K.JE_SIROTE, after=0.3)
    table.say("Perceval", K.COUCHE_SIROP)
    table.say("Léodagan", K.COUCHE_SIROP)
    table.say("Karadoc", K.DE, dice=(1,))  # the sirotage fails
    table.say("Léodagan", K.CONTRE_SIROP, after=0.3)
    verdict = table.game.tick(table.t + TIE + 0.01)
    assert scores(verdict) == [("Léodagan", 18, "contre_sirop")]
    table.say("Perceval", K.CONTRE_SIROP, after=0.2)  # late
    assert scores(table.close()) == []
    assert table.score("Léodagan") == 18
