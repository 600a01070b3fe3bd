"""Properties of the fold: replay, undo, and robustness against any call sequence."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voice_scribe.engine import Call, CallKind, EventKind
from voice_scribe.engine.calls import BET_COMBINATIONS
from voice_scribe.engine.game import Game
from voice_scribe.engine.simulate import simulate_game
from voice_scribe.journal import read_journal
from voice_scribe.session import Session

PLAYERS = ["Karadoc", "Perceval", "Léodagan"]
NAMES = PLAYERS + ["Arthur", ""]  # an unknown player, an empty name

call_strategy = st.builds(
    Call,
    kind=st.sampled_from(list(CallKind)),
    player=st.sampled_from(NAMES),
    t=st.floats(min_value=0, max_value=1000, allow_nan=False),
    target=st.none() | st.sampled_from(NAMES),
    number=st.none() | st.integers(min_value=-5, max_value=700),
    dice=st.none() | st.lists(st.integers(min_value=0, max_value=7), min_size=0, max_size=4).map(tuple),
    combination=st.none() | st.sampled_from(BET_COMBINATIONS),
    max_stake=st.booleans(),
)


def plausible_calls(seed: int, n: int = 120) -> list[Call]:
    return simulate_game(PLAYERS, seed=seed, max_calls=n)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(call_strategy, max_size=60))
def test_no_sequence_of_calls_raises(calls: list[Call]) -> None:
    game = Game(PLAYERS)
    for call in sorted(calls, key=lambda c: c.t):
        events = game.apply(call)
        assert isinstance(events, list)
    game.finish()


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.lists(call_strategy, max_size=15))
def test_every_call_is_applied_made_a_bevue_or_rejected_with_a_reason(seed: int, noise: list[Call]) -> None:
    calls = sorted(plausible_calls(seed, 80) + noise, key=lambda c: c.t)
    game = Game(PLAYERS)
    for call in calls:
        for event in game.apply(call):
            if event.kind is EventKind.REJECTED:
                assert event.reason and event.data["message"]


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_replaying_a_journal_rebuilds_the_same_state(tmp_path_factory, seed: int) -> None:
    path = tmp_path_factory.mktemp("j") / "game.jsonl"
    session = Session.new(PLAYERS, journal_path=path)
    session.hear_all(plausible_calls(seed))
    session.close()
    resumed, warnings = Session.resume(path)
    assert warnings == []
    assert resumed.state.snapshot() == session.state.snapshot()
    # and the decisions written down are the decisions the fold makes again
    written = [r["events"] for r in read_journal(path).records if r["type"] == "decision"]
    refolded = []
    game = Game(PLAYERS)
    for record in read_journal(path).records:
        if record["type"] == "call":
            refolded.append([e.to_json() for e in game.apply(Call.from_json(record["call"]))])
    assert written == refolded


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=1, max_value=100))
def test_undo_after_any_decision_restores_the_previous_state(seed: int, cut: int) -> None:
    calls = plausible_calls(seed)
    cut = min(cut, len(calls) - 1)
    session = Session(PLAYERS)
    session.hear_all(calls[:cut])
    before = session.state.snapshot()
    events = session.hear(calls[cut])
    undone = session.undo(t=calls[cut].t + 1)
    if any(e.kind is not EventKind.REJECTED for e in events):
        assert undone[0].kind is EventKind.UNDONE
        assert session.state.snapshot() == before
    else:  # a rejected call decided nothing: « Annule » takes back the decision before it
        assert undone[0].kind in (EventKind.UNDONE, EventKind.REJECTED)
