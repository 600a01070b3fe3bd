"""Random plausible games: a table of bots that mostly follow the rules.

Used by the replay benchmark (``bench/bench_replay.py``) and by property
tests. A bot table looks at the game's state and says what players would:
throws, reaction shouts (some late, some wrong), sirotages and bets, Civets,
Grelottines, tie-breaks, and now and then a Bévue or a call out of turn.
Given ``Rules(level=2)`` or ``level=3`` it also plays the ★★/★★★ situations
(figures and their races, relances, Achats, Verdiers, Jarrets…); the dice
then favour those figures a little so that they come up. When the Flan or the
Civet-Filoché are played (★★★★) it also throws 6-5-2, shouts « À Kadoc ! »,
flans, contre-flans, gives Flans and bets Civet-Filochés; at ★–★★★ its games
are call-for-call those of before.

>>> calls = simulate_game(["Karadoc", "Perceval", "Léodagan"], seed=7, max_calls=50)
>>> len(calls) <= 50
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.engine.dice import Figure, Kind
from voice_scribe.engine.families.grelottine import STAKE_SHARES_000, stake_cap
from voice_scribe.engine.game import Game
from voice_scribe.engine.rules import RULE_LEVELS, Rules
from voice_scribe.engine.state import Holding, Phase

K = CallKind
#: Who may come and sing the sloubi in a bot game.
NEWCOMERS = ("Dagonet", "Calogrenant", "Venec", "Guethenoc", "Roparzh", "Merlin", "Élias", "Galessin",
             "Mevanwi", "Séli", "Ygerne", "Anna", "Belt", "Attila", "Loth", "Uther")


class _StarBots:
    """The ★★/★★★ moves of the bot table (a mixin of :class:`BotTable`)."""

    game: Game
    rng: random.Random

    def _react_star2_3(self: BotTable) -> None:
        """Shouts on the ★★/★★★ figures and windows (some right, some late, some wrong)."""
        state = self.game.state
        rng = self.rng
        current = state.current
        if current is None or current.combination is None:
            return
        others = state.active()
        roller = current.roller
        figure = current.combination.figure
        say = self.say
        if figure is Figure.SUITE_VELUTEE and self.on("suite_velutee") and rng.random() < 0.7:
            if rng.random() < 0.5:
                say(K.PATTE_DE_CANARD, roller, 0.15)
            for p in rng.sample(others, k=rng.randint(0, min(2, len(others)))):
                say(K.VELUTEE, p, 0.1)
        if figure is Figure.ARTICHETTE and self.on("artichette") and rng.random() < 0.8:
            if rng.random() < 0.6:
                say(K.RAITOURNELLE, roller, 0.2)
            if rng.random() < 0.5:
                say(K.ARTICHETTE, rng.choice(others), 0.1, target=roller)
        if figure is Figure.SOUFFLETTE and self.on("soufflette") and rng.random() < 0.7:
            say(K.EN_GARDE, roller, 0.3, target=rng.choice(others))
            return
        if figure is Figure.NEANT_SOUFFLE and self.on("neant_souffle"):
            for p in rng.sample(others, k=rng.randint(0, min(3, len(others)))):
                say(rng.choice([K.MECREANT, K.MECREANT, K.MISERABLE]), p, 0.1)
            if rng.random() < 0.3:
                say(K.FORT_HEUREUSEMENT, rng.choice(others), 0.5)
        if current.sirop_failed_face is not None and self.on("contre_sirop") and rng.random() < 0.6:
            for p in rng.sample(others, k=rng.randint(1, min(2, len(others)))):
                say(K.CONTRE_SIROP, p, 0.1)
        if current.jeannot is not None and self.on("sirop_jeannot"):
            say(K.SIROP_JEANNOT, rng.choice(others), 0.2, target=current.jeannot[0])
        if current.cdc_due is not None and rng.random() < 0.4:
            doubles = [k for k, rule in ((K.CUL_DE_CHOUETTE_DOUBLE, "cul_de_chouette_double"),
                                         (K.INTERVALLE_PAIEN, "cul_de_chouette_double_diminue")) if self.on(rule)]
            if doubles:
                say(rng.choice(doubles), current.cdc_due[0], 0.3)
                return
        if current.unisson:
            for p in rng.sample(others, k=rng.randint(0, min(2, len(others)))):
                say(K.UNISSON if p == roller else K.PETIT_INTERVALLE, p, 0.1)
        if current.relance == "bleu_rouge" and current.combination.kind is Kind.NEANT and self.on("jarret"):
            for p in rng.sample(others, k=rng.randint(0, min(2, len(others)))):
                say(K.LANCE_BUCHES, p, 0.1)
        if current.relance == "bleu_rouge" and current.combination.face == 6 and current.combination.kind is Kind.CUL_DE_CHOUETTE:
            for kind in (K.PELICAN, K.PASSE_MONTAGNE, K.ZBRADARALDJAN):
                for p in rng.sample(others, k=rng.randint(0, min(2, len(others)))):
                    say(kind, p, 0.05)
        if current.jarret and current.combination.kind is Kind.NEANT:
            if rng.random() < 0.5:
                say(K.JARRET_SOUPLE, roller, 0.2)
            if rng.random() < 0.5:
                say(K.CHARRET, rng.choice(others), 0.2)
        if figure is Figure.FLAN and self.on("flan") and rng.random() < 0.8:
            say(K.A_KADOC, roller if rng.random() < 0.9 else rng.choice(others), 0.2)


    def _before_the_cul(self: BotTable) -> None:
        state = self.game.state
        rng = self.rng
        current = state.current
        if current is None or current.chouettes is None:
            return
        others = [p for p in state.active() if p != current.roller]
        if self.on("verdier") and set(current.chouettes) in ({4, 6}, {2, 6}, {2, 4}):
            for p in rng.sample(others, k=rng.randint(0, len(others))):
                self.say(K.VERT_LINETTE, p, 0.2)
        if self.on("achat") and others and rng.random() < 0.15:
            self.say(K.ACHAT, rng.choice(others), 0.3)
            if rng.random() < 0.2:
                self.say(K.ACHAT, rng.choice(others), 0.05)
            if self.on("double_achat") and rng.random() < 0.3:
                self.say(K.RACHAT, rng.choice(state.active()), 0.5)
            self.say(K.SUIVANT, others[0], 0.3) if rng.random() < 0.05 else None


    def _relance(self: BotTable) -> None:
        state = self.game.state
        rng = self.rng
        relance = state.relance
        assert relance is not None
        if relance.purpose == "bleu_rouge":
            free = list(range(3, 19))
            rng.shuffle(free)
            for p in state.active():
                if p not in relance.bets and rng.random() < 0.9:
                    self.say(K.RELANCE, p, 0.3, number=free.pop() if rng.random() < 0.9 else 15)
        if relance.purpose == "mi_jarret" and rng.random() < 0.4:
            self.say(K.BJARRET, relance.thrower, 0.3)
            return
        if state.phase is not Phase.RELANCE or state.relance is not relance:
            return
        if relance.dice == 2:
            self.say(K.CHOUETTES, relance.thrower, 1.0, dice=(self.die(), self.die()))
        else:
            self.say(K.DES, relance.thrower, 1.0, dice=self.three())


    def _star4_between_turns(self: BotTable) -> None:
        """★★★★: Flans (some on oneself, some on a flanneur: a Contre-Flan), Lance-Flan, Civet-Filochés."""
        state = self.game.state
        rng = self.rng
        active = state.active()
        for p in active:
            player = state.players[p]
            if player.holds(Holding.FLAN) and rng.random() < 0.4:
                flanneurs = [f for entries in state.flans.values() for f, _ in entries if f is not None]
                target = rng.choice(flanneurs) if flanneurs and rng.random() < 0.4 else rng.choice(active)
                kind = K.LANCE_FLAN if rng.random() < 0.1 else K.TATAN_FLANS
                self.say(kind, p, 0.3, target=target)
            if player.holds(Holding.CIVET_FILOCHE) and rng.random() < 0.4:
                named = rng.choice(["chouette", "velute", "suite", "neant", "cul_de_chouette"])
                self.say(K.CIVET_FILOCHE, p, 0.3, target=rng.choice(active), number=rng.randint(1, 60),
                         combination=named)
                doublers = [d for d in active if d != p and (state.players[d].holds(Holding.CIVET)
                                                             or state.players[d].holds(Holding.CIVET_FILOCHE))]
                if doublers and self.on("civet_filoche_double") and rng.random() < 0.3:
                    self.say(K.CIVET_FILOCHE_DOUBLE, rng.choice(doublers), 0.2, target=p)
                if rng.random() < 0.05:
                    self.say(K.LANCE_CIVET_FILOCHE, p, 0.3, target=rng.choice(active))

    def _defend(self: BotTable, challenged: str) -> bool:
        state = self.game.state
        rng = self.rng
        player = state.players[challenged]
        if player.holds(Holding.RIGODON) and rng.random() < 0.3:
            self.say(K.RIGODON, challenged, 0.3)
            return True
        if player.holds(Holding.PASSE_GRELOT) and rng.random() < 0.3:
            self.say(K.PASSE_GRELOT, challenged, 0.3, target=rng.choice(state.active()))
            return True
        return False


class BotTable(_StarBots):
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

    def on(self, rule: str) -> bool:
        return self.game.rules.is_enabled(rule)

    def starred(self) -> bool:
        """Does the table play any ★★ or ★★★ rule?"""
        return any(RULE_LEVELS[name] in (2, 3) for name in self.game.rules.enabled)

    def three(self) -> tuple[int, int, int]:
        """Three dice; above ★, now and then one of the ★★/★★★ figures."""
        if self.starred():
            if self.rng.random() < 0.25:
                figures = [(1, 2, 3), (4, 3, 4), (4, 2, 1), (3, 4, 3), (1, 4, 6), (6, 6, 6), (5, 5, 5), (6, 4, 2)]
                if self.on("flan"):
                    figures.append((6, 5, 2))  # ★★★★ (at ★–★★★ the list, hence the games, are unchanged)
                a, b, c = self.rng.choice(figures)
                return (a, b, c)
        return (self.die(), self.die(), self.die())

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
            self._before_the_cul()
            if state.phase is Phase.CUL and state.current is not None:
                self.say(K.CUL, state.current.roller, dice=(self.die(),))
        elif phase is Phase.RELANCE:
            self._relance()
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
            defended = self._defend(challenge.challenged)
            if defended or state.phase is not Phase.GRELOTTINE_STAKE or state.challenge is None:
                return
            challenge = state.challenge
            named = rng.choice(sorted(STAKE_SHARES_000))
            if rng.random() < 0.5:
                self.say(K.GRELOTTINE_MISE, challenge.grelottin, combination=named, max_stake=True)
            else:
                scores = list(challenge.scores_at_launch.values())
                cap = max(1, stake_cap(named, scores[0], scores[1]))
                self.say(K.GRELOTTINE_MISE, challenge.grelottin, combination=named, number=rng.randint(1, cap + 2))
        elif phase is Phase.GRELOTTINE_THROW:
            assert state.challenge is not None
            self.say(K.DES, state.challenge.challenged, dice=self.three())
            if state.poulette is not None and rng.random() < 0.7:
                self.say(K.POULETTE, rng.choice(list(state.poulette[:2])), 0.3)
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
            doublers = [p for p in state.active() if p != roller and players[p].holds(Holding.CIVET)]
            if doublers and self.on("civet_double") and rng.random() < 0.5:
                self.say(K.CIVET_DOUBLE, rng.choice(doublers), 0.3, target=roller)
        if self.on("jarret") and players[roller].holds(Holding.JARRET) and rng.random() < 0.6:
            use = rng.choice([K.MI_JARRET, K.BI_JARRET, K.JARRET_SIFFLET, K.LANCE_JARRET])
            self.say(use, roller, 0.3, target=rng.choice(state.active()))
        if self.on("flan") or self.on("civet_filoche"):
            self._star4_between_turns()
        if self.on("graines") and rng.random() < 0.02:
            self.say(K.GRAINES, rng.choice(state.active()), 0.5)
        if state.turn == 0 and state.throws and rng.random() < 0.03 and len(players) < 16:
            newcomer = next((n for n in NEWCOMERS if n not in players), f"Invité {len(players)}")
            self.say(K.CHANTE_SLOUBI, newcomer, 1.0)
            return
        if rng.random() < 0.02:  # a throw out of turn
            self.say(K.DES, rng.choice(state.active()), dice=(self.die(), self.die(), self.die()))
        if rng.random() < 0.5:
            self.say(K.DES, roller, 2.0, dice=self.three())
        else:
            a, b = self.three()[:2] if self.starred() else (self.die(), self.die())
            self.say(K.CHOUETTES, roller, 2.0, dice=(a, b))

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
            sirotant = current.roller
            if self.on("attrape_oiseau") and rng.random() < 0.3:
                sirotant = rng.choice(others)
            self.say(K.JE_SIROTE if sirotant == current.roller else K.ATTRAPE_OISEAU, sirotant, 0.3)
            return
        self._react_star2_3()
        if state.phase is not Phase.REACTION:
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

