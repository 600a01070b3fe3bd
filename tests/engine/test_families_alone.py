"""Each rule family tested alone: its functions driven with a real state and a recording table.

The table below is a small but real implementation of the family's narrow context
(``voice_scribe.engine.context.RuleContext``): it keeps scores and holdings in a real
:class:`GameState` and records every effect the family asks for. No ``Game`` is built: what
is tested is the family's own reading of its seed paragraph (quoted in each test).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from voice_scribe.engine.calls import Call, CallKind
from voice_scribe.engine.dice import Throw
from voice_scribe.engine.events import EventKind, Reason
from voice_scribe.engine.families import civet, civet_double, graines, suite, verdier
from voice_scribe.engine.rules import Rules
from voice_scribe.engine.state import GameState, Holding, Phase, Player, ThrowContext

PLAYERS = ("Karadoc", "Perceval", "Léodagan")


@dataclass
class RecordingTable:
    """The fold as a family sees it, reduced to keeping the state and writing down each effect."""

    state: GameState
    rules: Rules = field(default_factory=Rules)
    effects: list[tuple[Any, ...]] = field(default_factory=list)

    # ── telling the table ──
    def _emit(self, kind: EventKind, player: str | None, points: int | None, reason: str, rule: str,
              t: float, **data: Any) -> None:
        self.effects.append((kind.value, player, points, reason))

    def _prompt(self, reason: Reason, players: Sequence[str], t: float, **data: Any) -> None:
        self.effects.append(("prompt", reason, tuple(players)))

    # ── scores and holdings ──
    def _add(self, name: str, delta: int, reason: str, rule: str, t: float, **data: Any) -> None:
        self.state.players[name].score += delta
        self.effects.append(("score", name, delta, reason))

    def _bevue(self, name: str, cause: Reason | str, t: float, **data: Any) -> None:
        self.effects.append(("bevue", name, cause))
        self._add(name, -self.rules.bevue_penalty, Reason.BEVUE.value, "bevue", t)

    def _gain(self, name: str, holding: Holding, reason: Reason, t: float) -> bool:
        player = self.state.players[name]
        if player.holds(holding):
            return False
        player.holdings.add(holding)
        self.effects.append(("gain", name, holding))
        return True

    def _lose(self, name: str, holding: Holding, reason: Reason, t: float) -> None:
        self.state.players[name].holdings.discard(holding)
        self.effects.append(("lose", name, holding))

    # ── the flow: asked of the fold, written down ──
    def _end_throw(self, t: float) -> None:
        self.effects.append(("end_throw",))

    def _close_reaction(self, t: float) -> None:
        self.effects.append(("close_reaction",))

    def scores(self) -> list[tuple[str, int, str]]:
        return [(e[1], e[2], e[3]) for e in self.effects if e[0] == "score"]


def table(phase: Phase = Phase.REACTION, **scores: int) -> RecordingTable:
    players = {n: Player(n, score=scores.get(n, 100)) for n in PLAYERS}
    return RecordingTable(GameState(players=players, order=list(PLAYERS), phase=phase))


def thrown(roller: str, dice: tuple[int, int, int], **context: Any) -> ThrowContext:
    throw = Throw((dice[0], dice[1]), dice[2])
    return ThrowContext(roller=roller, started_at=0.0, chouettes=(dice[0], dice[1]), throw=throw,
                        combination=throw.combination, opened_at=1.0, **context)


# ── La Suite ──
def test_suite_the_last_to_shout_loses_ten() -> None:
    # Seed 000 « La Suite »: « le dernier joueur à le faire perd 10 pts ».
    t = table()
    current = thrown("Karadoc", (2, 3, 4))
    for player, at in (("Perceval", 1.2), ("Karadoc", 1.6), ("Léodagan", 2.4)):
        current.shout(CallKind.GRELOTTE_CA_PICOTE.value, player, at)
    assert suite.settle_suite(t, current, 3.0) is False
    assert t.scores() == [("Léodagan", -10, Reason.SUITE_LAST.value)]


def test_suite_tied_last_shouters_are_asked_for_sans_fin() -> None:
    # « En cas d'égalité, les joueurs concernés se départagent en criant “Sans fin est la moisissure
    # des bières bretonnes !” »: nobody loses yet; the tied are asked, the window waits for them.
    t = table()
    current = thrown("Karadoc", (2, 3, 4))
    for player, at in (("Karadoc", 1.0), ("Perceval", 2.00), ("Léodagan", 2.05)):
        current.shout(CallKind.GRELOTTE_CA_PICOTE.value, player, at)
    assert suite.settle_suite(t, current, 3.0) is True
    assert t.scores() == []
    assert t.state.phase is Phase.SUITE_TIE and t.state.suite_tied == ["Perceval", "Léodagan"]
    assert ("prompt", Reason.SHOUT_SANS_FIN, ("Perceval", "Léodagan")) in t.effects


def test_suite_sans_fin_without_a_tie_is_a_bevue() -> None:
    # « Si un joueur annonce jusqu'à “bretonnes” sans qu'il n'y ait eu d'égalité sur la première
    # annonce, il y a Bévue. »
    t = table()
    t.state.current = thrown("Karadoc", (2, 3, 4))
    suite.on_sans_fin(t, Call(CallKind.SANS_FIN, "Perceval", 1.5))
    assert ("bevue", "Perceval", Reason.SANS_FIN_WITHOUT_TIE) in t.effects
    assert t.scores() == [("Perceval", -Rules().bevue_penalty, Reason.BEVUE.value)]


def test_suite_a_player_who_never_shouts_loses_ten() -> None:
    # docs/rules.md: a player silent until the window closes is the last of all.
    t = table()
    current = thrown("Karadoc", (3, 4, 5))
    current.shout(CallKind.GRELOTTE_CA_PICOTE.value, "Karadoc", 1.1)
    current.shout(CallKind.GRELOTTE_CA_PICOTE.value, "Perceval", 1.3)
    assert suite.settle_suite(t, current, 5.0) is False
    assert t.scores() == [("Léodagan", -10, Reason.SUITE_SILENT.value)]


# ── Le Verdier ──
def test_verdier_bet_on_a_velute_of_six() -> None:
    # Seed 000 « Le Verdier »: after chouettes 6 - 4 the others may cry « Vert-Linette ! »;
    # « la mise est de 5 pts et le gain potentiel de 25 pts (toujours sans perdre 5 pts si le pari
    # est réussi) »; « Seul le joueur ayant lancé les chouettes n'a pas le droit de parier. »
    t = table(Phase.CUL)
    t.state.current = ThrowContext(roller="Karadoc", started_at=0.0, chouettes=(6, 4))
    verdier.on_vert_linette(t, Call(CallKind.VERT_LINETTE, "Perceval", 0.5))
    verdier.on_vert_linette(t, Call(CallKind.VERT_LINETTE, "Léodagan", 0.6))
    verdier.on_vert_linette(t, Call(CallKind.VERT_LINETTE, "Karadoc", 0.7))
    assert ("bevue", "Karadoc", Reason.WRONG_CALL) in t.effects
    won = thrown("Karadoc", (6, 4, 2), verdier_bets=dict(t.state.current.verdier_bets))
    t.effects.clear()
    verdier.settle_verdier(t, won, 1.0)
    assert t.scores() == [("Perceval", 25, Reason.VERDIER_WON.value), ("Léodagan", 25, Reason.VERDIER_WON.value)]
    lost = thrown("Karadoc", (6, 4, 5), verdier_bets={"Perceval": 0.5})
    t.effects.clear()
    verdier.settle_verdier(t, lost, 1.0)
    assert t.scores() == [("Perceval", -5, Reason.VERDIER_LOST.value)]


def test_verdier_needs_six_four_six_two_or_four_two() -> None:
    # « Lorsqu'un joueur a réalisé 6 - 4, 6 - 2 ou 4 - 2 avec ses chouettes »: not on 6 - 5.
    t = table(Phase.CUL)
    t.state.current = ThrowContext(roller="Karadoc", started_at=0.0, chouettes=(6, 5))
    verdier.on_vert_linette(t, Call(CallKind.VERT_LINETTE, "Perceval", 0.5))
    assert t.state.current.verdier_bets == {}
    assert ("bevue", "Perceval", Reason.WRONG_CALL) in t.effects


# ── Le Civet ──
def test_civet_won_and_lost() -> None:
    # Seed 000 « Le Civet »: « Si le joueur réussit son Civet, il gagne les points mis en jeu […] et
    # s'il échoue, il perd les points de sa mise » (the combination's own points are the fold's).
    t = table()
    civet.settle_civet(t, thrown("Karadoc", (3, 3, 5), civet=("Karadoc", 50, "chouette")), 1.0)
    assert t.scores() == [("Karadoc", 50, Reason.CIVET_WON.value)]
    t.effects.clear()
    civet.settle_civet(t, thrown("Karadoc", (3, 4, 6), civet=("Karadoc", 40, "suite")), 1.0)
    assert t.scores() == [("Karadoc", -40, Reason.CIVET_LOST.value)]


def test_civet_on_a_velute_is_won_by_one_two_three() -> None:
    # Seed 000 « La Velute »: 1-2-3 « c'est également une Velute (1+2 = 3) ».
    t = table()
    civet.settle_civet(t, thrown("Karadoc", (1, 2, 3), civet=("Karadoc", 20, "velute")), 1.0)
    assert t.scores() == [("Karadoc", 20, Reason.CIVET_WON.value)]


# ── Le Civet doublé ──
def test_civet_double_needs_a_civet_of_ones_own() -> None:
    # Seed 000 « Le Civet doublé »: « un autre joueur possédant lui aussi un Civet […] peut doubler la
    # mise »; « Le joueur qui utilise un Civet Doublé sacrifie son Civet ».
    t = table(Phase.CHOUETTES)
    t.state.current = ThrowContext(roller="Karadoc", started_at=0.0, civet=("Karadoc", 30, "chouette"))
    civet_double.on_civet_double(t, Call(CallKind.CIVET_DOUBLE, "Perceval", 0.5, target="Karadoc"))
    assert ("bevue", "Perceval", Reason.CIVET_NOT_ALLOWED) in t.effects
    assert t.state.current.civet == ("Karadoc", 30, "chouette")
    t.effects.clear()
    t.state.players["Léodagan"].holdings.add(Holding.CIVET)
    civet_double.on_civet_double(t, Call(CallKind.CIVET_DOUBLE, "Léodagan", 0.6, target="Karadoc"))
    assert t.effects == [("lose", "Léodagan", Holding.CIVET)]
    assert t.state.current.civet == ("Karadoc", 60, "chouette")


# ── Les Graines ──
def test_graines_changes_nothing() -> None:
    # docs/rules.md ★★: « Je ne mange pas de graines ! » is accepted at any moment and scores nothing.
    t = table(Phase.CHOUETTES)
    before = repr(t.state)
    graines.on_graines(t, Call(CallKind.GRAINES, "Perceval", 0.5))
    assert t.effects == [] and repr(t.state) == before
