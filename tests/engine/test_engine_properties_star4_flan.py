"""Properties at ★★★★ with the Flan family and the Civet-Filoché: ``Game.apply`` never raises, every call is
decided, bot games replay identically and reach a winner."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voice_scribe.engine import Call, CallKind, EventKind, Rules
from voice_scribe.engine.calls import BET_COMBINATIONS
from voice_scribe.engine.game import Game
from voice_scribe.engine.rules import RULE_LEVELS
from voice_scribe.engine.simulate import simulate_game

PLAYERS = ["Karadoc", "Perceval", "Léodagan"]
NAMES = PLAYERS + ["Arthur", ""]
FLAN_FAMILY = ["flan", "double_flan", "contre_flan", "civet_filoche", "civet_filoche_double"]
#: ★–★★★ and the rules of this issue (the Tichette is tested on its own).
FLAN_TABLE = Rules(enabled=frozenset([n for n, lvl in RULE_LEVELS.items() if lvl <= 3] + FLAN_FAMILY))
FLAN_TABLE_STRICT = Rules(enabled=FLAN_TABLE.enabled, negative_scores=False)
LEVEL4 = Rules(level=4)

FIGURE_DICE = [(6, 5, 2), (2, 6, 5), (1, 2, 3), (4, 3, 4), (4, 2, 1), (3, 4, 3), (1, 4, 6), (5, 5, 5), (2, 3, 5),
               (6, 5), (3, 3)]
dice_strategy = (
    st.none()
    | st.sampled_from(FIGURE_DICE)
    | st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=3).map(tuple)
    | st.lists(st.integers(min_value=0, max_value=7), min_size=0, max_size=4).map(tuple)
)
STAR4_KINDS = [CallKind.A_KADOC, CallKind.TATAN_FLANS, CallKind.LANCE_FLAN, CallKind.CIVET_FILOCHE,
               CallKind.LANCE_CIVET_FILOCHE, CallKind.CIVET_FILOCHE_DOUBLE, CallKind.CIVET, CallKind.CIVET_DOUBLE]
call_strategy = st.builds(
    Call,
    kind=st.sampled_from(list(CallKind)) | st.sampled_from(STAR4_KINDS),
    player=st.sampled_from(NAMES),
    t=st.floats(min_value=0, max_value=300, allow_nan=False),
    target=st.none() | st.sampled_from(NAMES),
    number=st.none() | st.integers(min_value=-5, max_value=120),
    dice=dice_strategy,
    combination=st.none() | st.sampled_from(BET_COMBINATIONS),
    max_stake=st.booleans(),
)


def _holdings() -> st.SearchStrategy[list[tuple[str, str]]]:
    holdings = ["flan", "civet", "civet_filoche", "jarret", "grelottine"]
    return st.lists(st.tuples(st.sampled_from(PLAYERS), st.sampled_from(holdings)), max_size=6)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(call_strategy, max_size=80), _holdings(), st.sampled_from([FLAN_TABLE, FLAN_TABLE_STRICT, LEVEL4]))
def test_no_sequence_of_calls_raises_at_level_4(calls: list[Call], given_: list[tuple[str, str]], rules: Rules) -> None:
    from voice_scribe.engine.state import Holding

    game = Game(PLAYERS, rules)
    for player, holding in given_:  # Flans and Civet-Filochés from the start, so that they are used
        game.state.players[player].holdings.add(Holding(holding))
    for call in sorted(calls, key=lambda c: c.t):
        for event in game.apply(call):
            if event.kind is EventKind.REJECTED:
                assert event.reason and event.data["message"]
    game.finish()
    if not rules.negative_scores:
        assert all(score >= 0 for score in game.scores.values())


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=10_000), st.sampled_from([FLAN_TABLE, FLAN_TABLE_STRICT]))
def test_bot_games_with_flans_fold_without_errors_and_replay_identically(seed: int, rules: Rules) -> None:
    calls = simulate_game(PLAYERS, seed=seed, rules=rules, max_calls=400)
    first, second = Game(PLAYERS, rules), Game(PLAYERS, rules)
    for call in calls:
        assert first.apply(call) == second.apply(call)
    assert first.state.snapshot() == second.state.snapshot()


@pytest.mark.parametrize("negative_scores", [True, False])
def test_bot_games_with_flans_reach_a_winner_and_really_flan(negative_scores: bool) -> None:
    rules = Rules(enabled=FLAN_TABLE.enabled, negative_scores=negative_scores)
    flanned = 0
    for seed in range(40):
        calls = simulate_game(PLAYERS, seed=seed, rules=rules, max_calls=3000)
        game = Game(PLAYERS, rules)
        for call in calls:
            flanned += sum(1 for e in game.apply(call) if e.reason in ("flanned", "contre_flanned"))
        assert game.state.winner is not None, f"seed {seed}: stuck in {game.state.phase.value}"
    assert flanned > 0
