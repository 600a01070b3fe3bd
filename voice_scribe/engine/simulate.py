"""Random plausible games: a table of bots that mostly follow the rules.

Used by the replay benchmark (``bench/bench_replay.py``) and by property
tests. A bot table looks at the game's state and says what players would:
throws, reaction shouts (some late, some wrong), sirotages and bets, Civets,
Grelottines, tie-breaks, and now and then a Bévue or a call out of turn.

>>> calls = simulate_game(["Karadoc", "Perceval", "Léodagan"], seed=7, max_calls=50)
>>> len(calls) <= 50
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.engine.dice import Kind
from voice_scribe.engine.game import Game
from voice_scribe.engine.grelottine import STAKE_SHARES_000, stake_cap
from voice_scribe.engine.rules import Rules
from voice_scribe.engine.state import Holding, Phase

K = CallKind


class BotTable:
    def __init__(self, players: Sequence[str], rules: Rules | None, rng: random.Random) -> None:
        self.game = Game(players, rules)
        self.rng = rng
        self.t = 0.0
        self.calls: list[Call] = []

    def say(self, kind: CallKind, player: str, gap: float = 0.4, **args: object) -> None:
        self.t = round(self.t + gap * (0.5 + self.rng.random()), 3)
        call = Call(kind, player, self.t, **args)
        self.calls.append(call)
        self.game.apply(call)

    def die(self) -> int:
        return self.rng.randint(1, 6)

    def step(self) -> None:
        state = self.game.state
        rng = self.rng
        phase = state.phase
        others = state.active()
        if phase in (Phase.OPENING, Phase.ROLL_OFF):
            roll_off = state.roll_off
            players = [p for p in (roll_off.players if roll_off else state.order) if not roll_off or p not in roll_off.rolls]
            self.say(K.DE, players[0], dice=(self.die(),))
        elif phase is Phase.CHOUETTES:
            self._between_turns()
        elif phase is Phase.CUL:
            assert state.current is not None
            self.say(K.CUL, state.current.roller, dice=(self.die(),))
        elif phase is Phase.REACTION:
            self._react()
        elif phase is Phase.SIROP_BETS:
            current = state.current
            assert current is not None and current.sirotage is not None
            for p in others:
                if p != current.sirotage.sirotant and rng.random() < 0.9:
                    choice = rng.random()
                    if choice < 0.4:
                        self.say(K.COUCHE_SIROP, p, 0.2)
                    elif choice < 0.6:
                        self.say(K.BEAU_SIROP, p, 0.2)
                    else:
                        self.say(K.PARI_OISEAU, p, 0.2, number=self.die())
            self.say(K.DE, current.sirotage.sirotant, dice=(self.die(),))
            for p in list(state.sirop_winners):
                if rng.random() < 0.8:
                    self.say(K.SIROP_GAGNANT, p, 0.3)
        elif phase is Phase.SUITE_TIE:
            for p in list(state.suite_tied):
                if state.phase is Phase.SUITE_TIE:
                    self.say(K.SANS_FIN, p, 0.3)
            if state.phase is Phase.SUITE_TIE:
                self.say(K.SUIVANT, others[0], 0.2)
        elif phase is Phase.GRELOTTINE_STAKE:
            challenge = state.challenge
            assert challenge is not None
            named = rng.choice(sorted(STAKE_SHARES_000))
            if rng.random() < 0.5:
                self.say(K.GRELOTTINE_MISE, challenge.grelottin, combination=named, max_stake=True)
            else:
                scores = list(challenge.scores_at_launch.values())
                cap = max(1, stake_cap(named, scores[0], scores[1]))
                self.say(K.GRELOTTINE_MISE, challenge.grelottin, combination=named, number=rng.randint(1, cap + 2))
        elif phase is Phase.GRELOTTINE_THROW:
            assert state.challenge is not None
            self.say(K.DES, state.challenge.challenged, dice=(self.die(), self.die(), self.die()))
        elif phase is Phase.SLOUBI:
            assert state.sloubi is not None
            self.say(rng.choice([K.SLOUBI_REUSSI, K.SLOUBI_RATE]), others[0], 5.0)

    def _between_turns(self) -> None:
        state = self.game.state
        rng = self.rng
        roller = state.roller
        players = state.players
        holders = [p for p in state.active() if players[p].holds(Holding.GRELOTTINE)]
        if len(holders) >= 2 and rng.random() < 0.5:
            grelottin, target = rng.sample(holders, 2)
            self.say(K.GRELOTTINE, grelottin, target=target)
            return
        if players[roller].holds(Holding.CIVET) and rng.random() < 0.5:
            named = rng.choice(["chouette", "velute", "suite", "neant", "cul_de_chouette"])
            self.say(K.CIVET, roller, number=rng.randint(1, 102), combination=named)
        if state.turn == 0 and state.throws and rng.random() < 0.03 and len(players) < 16:
            self.say(K.CHANTE_SLOUBI, f"Invité{len(players)}", 1.0)
            return
        if rng.random() < 0.02:  # a throw out of turn
            self.say(K.DES, rng.choice(state.active()), dice=(self.die(), self.die(), self.die()))
        if rng.random() < 0.5:
            self.say(K.DES, roller, 2.0, dice=(self.die(), self.die(), self.die()))
        else:
            self.say(K.CHOUETTES, roller, 2.0, dice=(self.die(), self.die()))

    def _react(self) -> None:
        state = self.game.state
        rng = self.rng
        current = state.current
        assert current is not None and current.combination is not None
        kind = current.combination.kind
        others = state.active()
        if kind is Kind.CHOUETTE_VELUTE:
            for p in rng.sample(others, k=rng.randint(0, min(3, len(others)))):
                self.say(K.PAS_MOU_LE_CAILLOU, p, 0.15)
        elif kind is Kind.SUITE:
            for p in rng.sample(others, k=len(others)):
                if rng.random() < 0.95:
                    self.say(K.GRELOTTE_CA_PICOTE, p, 0.12)
        elif kind is Kind.CHOUETTE and not current.sirop_done and rng.random() < 0.35:
            self.say(K.JE_SIROTE, current.roller, 0.3)
            return
        if rng.random() < 0.03:  # a wrong call
            self.say(rng.choice([K.PAS_MOU_LE_CAILLOU, K.GRELOTTE_CA_PICOTE, K.SANS_FIN]), rng.choice(others), 0.2)
        if state.phase is Phase.REACTION and rng.random() < 0.6:
            self.say(K.SUIVANT, rng.choice(others), 0.5)


def simulate_game(
    players: Sequence[str],
    seed: int = 0,
    rules: Rules | None = None,
    max_calls: int = 2000,
) -> list[Call]:
    """The calls of one random game, until someone wins or ``max_calls``."""
    table = BotTable(players, rules, random.Random(seed))
    while table.game.state.phase is not Phase.OVER and len(table.calls) < max_calls:
        table.step()
    return table.calls[:max_calls]
