"""What can be said now (engine/table.py): ``Game.now`` and ``Game.check`` against the real fold."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from voice_scribe.engine import Call, CallKind, EventKind, Rules
from voice_scribe.engine.calls import BET_COMBINATIONS, CALL_SPECS
from voice_scribe.engine.game import Game
from voice_scribe.engine.simulate import simulate_game
from voice_scribe.engine.state import Phase
from voice_scribe.engine.table import Check, LegalCall, Legality, Now

from engine_table import Table

K = CallKind
EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PLAYERS = ["Karadoc", "Perceval", "Léodagan", "Bohort"]


def real_outcome(game: Game, call: Call) -> Legality:
    """What the real ``apply`` makes of the call, on a copy: REJECTED, BEVUE (on its speaker) or LEGAL."""
    events = game.fork().apply(call)
    if any(e.kind is EventKind.REJECTED and "call" in e.data for e in events):
        return Legality.REJECTED
    for e in events:
        if e.kind is EventKind.BEVUE and e.player == call.player:
            if not (call.kind is K.BEVUE and e.reason == "declared"):
                return Legality.BEVUE
    return Legality.LEGAL


def random_call(game: Game, rng: random.Random) -> Call:
    kinds = [k for k, s in CALL_SPECS.items() if s.rule == "des" or game.rules.is_enabled(s.rule)]
    kind = rng.choice(kinds)
    names = list(game.state.players)
    args = CALL_SPECS[kind].args
    count = {K.CHOUETTES: 2, K.CUL: 1, K.DE: 1, K.DES: 3}.get(kind, 0)
    number = None
    if "number" in args:
        number = rng.choice([rng.randint(1, 6), rng.randint(1, 120), rng.randint(11, 66), rng.randint(111, 666)])
    return Call(
        kind,
        rng.choice(names),
        round(game.state.clock + rng.choice([0.0, 0.05, 0.3, 1.0]), 3),
        target=rng.choice(names) if "target" in args else None,
        number=number,
        dice=tuple(rng.randint(1, 6) for _ in range(count)) if count else None,
        combination=rng.choice(BET_COMBINATIONS) if "combination" in args else None,
        hidden=kind is K.DES and game.state.phase is Phase.TICHETTE_DICE and rng.random() < 0.8,
    )


def sampled_states(level: int, games: int, every: int) -> list[Game]:
    """Games stopped at many points of simulated games (every ``every``-th call)."""
    out = []
    rules = Rules(level=level)
    for seed in range(games):
        calls = simulate_game(PLAYERS, seed=seed, rules=rules, max_calls=400)
        game = Game(PLAYERS, rules)
        for i, call in enumerate(calls):
            if i % every == seed % every:
                out.append(game.fork())
            game.apply(call)
        out.append(game)
    return out


def within(legal: LegalCall, call: Call) -> bool:
    if legal.targets is not None and call.target not in legal.targets:
        return False
    if legal.combinations is not None and call.combination not in legal.combinations:
        return False
    if legal.numbers is not None and call.number is not None:
        lo, hi = legal.numbers
        return lo <= call.number <= hi
    return True


# ── the contract on a few plain moments ──
def test_the_start_anyone_may_open_then_only_the_roller_throws() -> None:
    table = Table("Karadoc", "Perceval", "Léodagan")
    game = table.game
    now = game.now()
    assert now.phase is Phase.CHOUETTES and now.throw is None
    assert now.text.startswith("Début de partie")
    assert now.allows(K.CHOUETTES, "Perceval")  # the table chose its opener: the first to throw
    assert now.allows(K.DE, "Léodagan")  # or the opening roll-off
    table.des("Karadoc", 1, 3, 6)  # a Néant
    table.close()
    now = game.now()
    assert now.text == "Perceval lance les chouettes" and now.roller == "Perceval"
    assert now.allows(K.CHOUETTES, "Perceval") and not now.allows(K.CHOUETTES, "Léodagan")
    assert not now.allows(K.PAS_MOU_LE_CAILLOU)
    (chouettes,) = now.calls(K.CHOUETTES)
    assert chouettes.dice == 2
    check = game.check(Call(K.CHOUETTES, "Léodagan", table.t + 1, dice=(3, 4)))
    assert check.legality is Legality.BEVUE and check.code == "out_of_turn" and check.reason
    assert game.check(Call(K.CHOUETTES, "Perceval", table.t + 1, dice=(3, 4))) == Check(Legality.LEGAL)
    table.say("Perceval", K.CHOUETTES, dice=(3, 4))
    now = game.now()
    assert now.text == "Perceval lance le cul" and now.throw == (3, 4)
    (cul,) = now.calls(K.CUL)
    assert cul.players == frozenset({"Perceval"}) and cul.dice == 1


def test_a_newcomer_may_only_sing_or_refuse() -> None:
    """He is not at the table yet: his other calls are refused (they used to crash the fold)."""
    table = Table("Karadoc", "Perceval")
    table.des("Karadoc", 1, 3, 6)
    table.close()
    table.des("Perceval", 1, 3, 6)
    table.close()
    table.say("Dagonet", K.CHANTE_SLOUBI)
    assert table.game.state.phase is Phase.SLOUBI
    check = table.game.check(Call(K.SANS_FIN, "Dagonet", table.t + 0.2))
    assert check.legality is Legality.REJECTED and check.code == "unknown_player"
    now = table.game.now()
    assert now.allows(K.SLOUBI_REUSSI, "Dagonet") and not now.allows(K.SANS_FIN, "Dagonet")


def test_pas_mou_without_a_chouette_velute_is_a_bevue_not_a_rejection() -> None:
    table = Table("Karadoc", "Perceval")
    table.throw("Karadoc", 3, 3, 5)  # a Chouette of 3
    check = table.game.check(Call(K.PAS_MOU_LE_CAILLOU, "Perceval", table.t + 0.2))
    assert check.legality is Legality.BEVUE
    assert check.code == "wrong_call"
    now = table.game.now()
    assert now.phase is Phase.REACTION and now.throw == (3, 3, 5) and now.roller == "Karadoc"
    assert not now.allows(K.PAS_MOU_LE_CAILLOU, "Perceval")
    assert now.allows(K.JE_SIROTE, "Karadoc") and not now.allows(K.JE_SIROTE, "Perceval")


def test_pas_mou_on_a_chouette_velute_is_legal_for_everybody() -> None:
    table = Table("Karadoc", "Perceval", "Léodagan")
    table.throw("Karadoc", 2, 2, 4)  # a Chouette-Velute of 4
    now = table.game.now()
    (pas_mou,) = now.calls(K.PAS_MOU_LE_CAILLOU)
    assert pas_mou.players == frozenset({"Karadoc", "Perceval", "Léodagan"})
    assert "Chouette-Velute" in now.text


def test_sirop_bets_list_who_has_not_bet_and_the_bird_range() -> None:
    table = Table("Karadoc", "Perceval", "Léodagan", level=1)
    table.throw("Karadoc", 4, 4, 2)  # a Chouette of 4
    table.say("Karadoc", K.JE_SIROTE, after=0.3)
    now = table.game.now()
    assert now.phase is Phase.SIROP_BETS
    assert now.text == "Paris sur le sirop de Karadoc"
    assert set(now.waiting) == {"Perceval n'a pas encore parié", "Léodagan n'a pas encore parié"}
    (bird,) = now.calls(K.PARI_OISEAU)
    assert bird.numbers is not None and bird.numbers[0] >= 1 and bird.numbers[1] <= 6
    table.say("Perceval", K.PARI_OISEAU, number=2)
    assert table.game.now().waiting == ("Léodagan n'a pas encore parié",)


def test_grelottine_stake_combinations_and_range() -> None:
    table = Table("Karadoc", "Perceval", level=1)
    game = table.game
    for name in ("Karadoc", "Perceval"):
        game.state.players[name].score = 120
    table.throw("Karadoc", 1, 3, 6)  # a Néant: Karadoc wins a Grelottine
    table.close()
    game.state.players["Perceval"].holdings.add(game.state.players["Karadoc"].holdings.copy().pop())
    table.say("Karadoc", K.GRELOTTINE, target="Perceval")
    now = game.now()
    assert now.phase is Phase.GRELOTTINE_STAKE, now.text
    (stake,) = now.calls(K.GRELOTTINE_MISE)
    assert stake.players == frozenset({"Karadoc"})
    assert stake.combinations and "chouette" in stake.combinations
    assert stake.numbers is not None and stake.numbers[0] == 1
    lo, hi = stake.numbers
    assert game.check(Call(K.GRELOTTINE_MISE, "Karadoc", table.t, combination="chouette", number=hi)).legality in (
        Legality.LEGAL, Legality.BEVUE)
    over = game.check(Call(K.GRELOTTINE_MISE, "Karadoc", table.t, combination="chouette", number=10_000))
    assert over.legality is Legality.BEVUE and over.code == "stake_too_high"


def test_game_over_allows_nothing() -> None:
    table = Table("Karadoc", "Perceval")
    table.game.state.players["Karadoc"].score = 330
    table.throw("Karadoc", 5, 5, 5)  # a Cul de chouette of 5: 80 points
    table.close()
    now = table.game.now()
    assert now.phase is Phase.OVER and now.legal == () and "Karadoc" in now.text
    assert table.game.check(Call(K.DES, "Perceval", table.t + 1, dice=(1, 2, 3))).code == "game_over"


# ── purity ──
@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_check_and_now_leave_the_game_unchanged(level: int) -> None:
    rng = random.Random(level)
    for game in sampled_states(level, games=2, every=25):
        before = repr(game.state)
        for _ in range(10):
            game.check(random_call(game, rng))
        game.now()
        assert repr(game.state) == before


# ── against the real fold ──
@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_check_agrees_with_apply_on_random_calls(level: int) -> None:
    rng = random.Random(100 + level)
    seen = {Legality.LEGAL: 0, Legality.BEVUE: 0, Legality.REJECTED: 0}
    for game in sampled_states(level, games=3, every=7):
        for _ in range(25):
            call = random_call(game, rng)
            check = game.check(call)
            assert check.legality is real_outcome(game, call), (call, check)
            seen[check.legality] += 1
    assert all(seen.values()), seen  # the sample meets all three outcomes


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_now_lists_exactly_what_apply_accepts(level: int) -> None:
    """Every random call the real fold applies as LEGAL is listed by ``now`` (kind, player, arguments);
    every listed kind has a call built from its listed values that the real fold applies."""
    rng = random.Random(200 + level)
    phases: set[Phase] = set()
    for game in sampled_states(level, games=2, every=20):
        now = game.now()
        phases.add(now.phase)
        for _ in range(40):
            call = random_call(game, rng)
            if real_outcome(game, call) is Legality.LEGAL:
                listed = now.calls(call.kind)
                assert any(c.allows(call.player) and within(c, call) for c in listed), (now.text, call, listed)
        for legal in now.legal:
            assert any(real_outcome(game, call) is Legality.LEGAL for call in calls_from(game, legal)), legal
    assert {Phase.CHOUETTES, Phase.REACTION} <= phases


def calls_from(game: Game, legal: LegalCall) -> list[Call]:
    """Calls built from a listed entry: each player, its targets, combinations, range ends."""
    t = game.state.clock
    players = sorted(legal.players) if legal.players is not None else ["Nouveau venu"]
    targets = sorted(legal.targets) if legal.targets is not None else [None]
    combos = sorted(legal.combinations) if legal.combinations is not None else [None]
    numbers = list(legal.numbers) if legal.numbers is not None else [None]
    dice = {K.CHOUETTES: (2, 3), K.CUL: (5,), K.DE: (4,), K.DES: (2, 3, 5)}.get(legal.kind)
    out = []
    for p in players:
        for target in targets:
            for combination in combos:
                for number in numbers:
                    call = Call(legal.kind, p, t, target=target, number=number, dice=dice, combination=combination)
                    out.append(call)
                    if legal.kind is K.DES:
                        out.append(Call(legal.kind, p, t, dice=dice, hidden=True))
    return out


def test_every_phase_reads_in_french() -> None:
    """Every phase met in simulated games at every level has its own French line, no internal name."""
    texts: dict[Phase, str] = {}
    for level in (1, 2, 3, 4):
        for game in sampled_states(level, games=2, every=9):
            now: Now = describe_cheap(game)
            texts.setdefault(now.phase, now.text)
            assert now.text and "_" not in now.text and "On attend la suite" not in now.text, now
            for line in now.waiting:
                assert "_" not in line
    assert {Phase.CHOUETTES, Phase.REACTION, Phase.SIROP_BETS, Phase.OVER} <= set(texts)


def describe_cheap(game: Game) -> Now:
    from voice_scribe.engine.table import _on_the_table, _phase_text, _roller

    text, waiting = _phase_text(game)
    return Now(game.state.phase, text, waiting, _roller(game), _on_the_table(game), ())


def example_calls(name: str) -> list[Call]:
    lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
    return [Call.from_json(json.loads(line)) for line in lines if line.strip() and not line.startswith("#")]


def test_the_ticheurs_hidden_dice_never_show() -> None:
    """« il doit les garder cachés sous sa main » (seed 000 « La Tichette (suite) »): game 7's ticheur
    types 2-5-5; while the table bids, the screen shows the Artichette's dice, never his."""
    rules = Rules.load(EXAMPLES / "game7_star4_tichette.rules.toml")
    game = Game(["Karadoc", "Perceval", "Léodagan"], rules)
    bidding = 0
    for call in example_calls("game7_star4_tichette.calls.jsonl"):
        game.apply(call)
        if game.state.phase in (Phase.TICHETTE_DICE, Phase.TICHETTE):
            bidding += 1
            now = describe_cheap(game)
            assert now.throw != (2, 5, 5)
            assert now.text.startswith("Tichette")
    assert bidding >= 3


def test_now_is_worked_out_again_only_when_the_state_changed() -> None:
    table = Table("Karadoc", "Perceval")
    first = table.game.now()
    assert table.game.now() is first  # nothing changed: the same answer
    table.game.state.players["Karadoc"].score = 40  # any change of the state is seen
    assert table.game.now() is not first
    table.des("Karadoc", 2, 3, 4)
    assert table.game.now().phase is Phase.REACTION
