"""Properties at ★★★: ``Game.apply`` never raises, every call is decided, replay is deterministic."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voice_scribe.engine import Call, CallKind, EventKind, Rules
from voice_scribe.engine.calls import BET_COMBINATIONS
from voice_scribe.engine.game import Game
from voice_scribe.engine.simulate import simulate_game

PLAYERS = ["Karadoc", "Perceval", "Léodagan"]
NAMES = PLAYERS + ["Arthur", ""]
LEVEL3 = Rules(level=3)
LEVEL3_STRICT = Rules(level=3, negative_scores=False, achat_of_sirotage=False)

# Dice are drawn mostly valid and often from the ★★/★★★ figures, so that their rules are reached.
FIGURE_DICE = [(1, 2, 3), (4, 3, 4), (4, 2, 1), (3, 4, 3), (1, 4, 6), (6, 6, 6), (5, 5, 5), (6, 4), (2, 6), (3, 3)]
dice_strategy = (
    st.none()
    | st.sampled_from(FIGURE_DICE)
    | st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=3).map(tuple)
    | st.lists(st.integers(min_value=0, max_value=7), min_size=0, max_size=4).map(tuple)
)
call_strategy = st.builds(
    Call,
    kind=st.sampled_from(list(CallKind)),
    player=st.sampled_from(NAMES),
    t=st.floats(min_value=0, max_value=300, allow_nan=False),
    target=st.none() | st.sampled_from(NAMES),
    number=st.none() | st.integers(min_value=-5, max_value=120),
    dice=dice_strategy,
    combination=st.none() | st.sampled_from(BET_COMBINATIONS),
    max_stake=st.booleans(),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(call_strategy, max_size=80), st.sampled_from([LEVEL3, LEVEL3_STRICT]))
def test_no_sequence_of_calls_raises_at_level_3(calls: list[Call], rules: Rules) -> None:
    game = Game(PLAYERS, rules)
    for call in sorted(calls, key=lambda c: c.t):
        for event in game.apply(call):
            if event.kind is EventKind.REJECTED:
                assert event.reason and event.data["message"]
    game.finish()


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from([LEVEL3, LEVEL3_STRICT]))
def test_bot_games_at_level_3_fold_without_errors_and_replay_identically(seed: int, rules: Rules) -> None:
    calls = simulate_game(PLAYERS, seed=seed, rules=rules, max_calls=400)
    first, second = Game(PLAYERS, rules), Game(PLAYERS, rules)
    for call in calls:
        assert first.apply(call) == second.apply(call)
    assert first.state.snapshot() == second.state.snapshot()
    if not rules.negative_scores:
        assert all(score >= 0 for score in first.scores.values())


@pytest.mark.parametrize("level,negative_scores", [(2, True), (3, True), (3, False)])
def test_bot_games_never_get_stuck_they_reach_a_winner(level: int, negative_scores: bool) -> None:
    """No state waits for a call nobody can make (e.g. a relance or a turn of a player out of the game)."""
    rules = Rules(level=level, negative_scores=negative_scores)
    for seed in range(40):
        calls = simulate_game(PLAYERS, seed=seed, rules=rules, max_calls=3000)
        game = Game(PLAYERS, rules)
        for call in calls:
            game.apply(call)
        assert game.state.winner is not None, f"seed {seed}: stuck in {game.state.phase.value}"
