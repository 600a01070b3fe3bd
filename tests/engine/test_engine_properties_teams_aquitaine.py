"""Properties with the Doublette, the Règles à l'Aquitaine and the Tichette: ``Game.apply`` never
raises, every refusal has a reason, team-mates always share one score."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from voice_scribe.engine import Call, CallKind, EventKind, Rules
from voice_scribe.engine.calls import BET_COMBINATIONS
from voice_scribe.engine.game import Game

PLAYERS = ["Karadoc", "Perceval", "Léodagan", "Bohort"]
NAMES = PLAYERS + ["Arthur", ""]
TEAMS = (("Karadoc", "Perceval"), ("Léodagan", "Bohort"))
RULES = [
    Rules(level=3, teams=TEAMS),
    Rules(level=4, teams=TEAMS),
    Rules(level=3, teams=TEAMS, negative_scores=False),
    Rules(aquitaine=True),
    Rules(level=4, aquitaine=True),
    Rules(level=4, aquitaine=True, teams=TEAMS),
]
TICHETTE_KINDS = [CallKind.SALSIFI, CallKind.SGANABADARLANE, CallKind.MICHETTE, CallKind.TICHETTE,
                  CallKind.BICHETTE, CallKind.BICHETTE_RESINE, CallKind.QUICHETTE, CallKind.TICHAGE,
                  CallKind.QUICHAGE, CallKind.DES, CallKind.EXCALIBUR, CallKind.ROI, CallKind.SUIVANT]

FIGURE_DICE = [(4, 4), (3,), (4, 4, 1), (1, 3, 5), (3, 3, 6), (3, 4, 3), (1, 2, 6), (6, 6, 6), (2, 5, 5)]
dice_strategy = (
    st.none()
    | st.sampled_from(FIGURE_DICE)
    | st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=3).map(tuple)
    | st.lists(st.integers(min_value=0, max_value=7), min_size=0, max_size=4).map(tuple)
)


def calls(kinds: list[CallKind]) -> st.SearchStrategy[Call]:
    return st.builds(
        Call,
        kind=st.sampled_from(kinds),
        player=st.sampled_from(NAMES),
        t=st.floats(min_value=0, max_value=300, allow_nan=False),
        target=st.none() | st.sampled_from(NAMES),
        number=st.none() | st.integers(min_value=-5, max_value=700),
        dice=dice_strategy,
        combination=st.none() | st.sampled_from(BET_COMBINATIONS),
        max_stake=st.booleans(),
        hidden=st.booleans(),
    )


def fold(game: Game, sequence: list[Call]) -> None:
    for call in sorted(sequence, key=lambda c: c.t):
        for event in game.apply(call):
            if event.kind is EventKind.REJECTED:
                assert event.reason and event.data["message"]
        for team in game.rules.teams:
            assert len({game.state.players[m].score for m in team}) == 1, "team-mates share one score"
        if game.rules.aquitaine:
            assert game.state.winner is None or game.state.phase.value == "over"
    game.finish()


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(calls(list(CallKind)), max_size=80), st.sampled_from(RULES))
def test_no_sequence_of_calls_raises_with_teams_or_the_aquitaine(sequence: list[Call], rules: Rules) -> None:
    fold(Game(PLAYERS, rules), sequence)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(calls(TICHETTE_KINDS), max_size=60), st.sampled_from(RULES[1:2] + RULES[4:]))
def test_no_sequence_of_calls_raises_during_a_tichette(sequence: list[Call], rules: Rules) -> None:
    """Every game starts with a Tichette thrown: Karadoc sirotes 4-4-1 into 4-4-3."""
    game = Game(PLAYERS, rules)
    for player in PLAYERS:
        game.state.players[player].score = 50
    opening = [Call(CallKind.CHOUETTES, "Karadoc", 0.0, dice=(4, 4)), Call(CallKind.CUL, "Karadoc", 0.1, dice=(1,)),
               Call(CallKind.JE_SIROTE, "Karadoc", 0.2)]
    opening += [Call(CallKind.COUCHE_SIROP, p, 0.3 + i / 10) for i, p in enumerate(PLAYERS[1:])]
    opening += [Call(CallKind.DE, "Karadoc", 0.8, dice=(3,))]
    for call in opening:
        game.apply(call)
    fold(game, [c for c in sequence if c.t > 1.0])
