"""A small table for engine tests: players say things, the clock moves on.

    table = Table("Karadoc", "Perceval", "Léodagan")
    table.throw("Karadoc", 3, 4, 4)        # chouettes 3-4, cul 4
    table.say("Perceval", K.PAS_MOU_LE_CAILLOU, after=0.3)
    table.close()                          # « Suivant ! »
"""

from __future__ import annotations

from voice_scribe.engine import Call, CallKind, Event, EventKind, Rules
from voice_scribe.engine.game import Game

K = CallKind


class Table:
    def __init__(self, *players: str, rules: Rules | None = None, **options: object) -> None:
        rules = rules or Rules()
        if options:
            rules = rules.with_options(**options)
        self.game = Game(list(players), rules)
        self.t = 0.0
        self.events: list[Event] = []

    # ── saying things ──
    def say(self, player: str, kind: CallKind, after: float = 0.5, at: float | None = None, **args: object) -> list[Event]:
        self.t = at if at is not None else self.t + after
        events = self.game.apply(Call(kind, player, round(self.t, 3), **args))
        self.events.extend(events)
        return events

    def throw(self, player: str, a: int, b: int, c: int, after: float = 1.0) -> list[Event]:
        events = self.say(player, K.CHOUETTES, after=after, dice=(a, b))
        events += self.say(player, K.CUL, after=0.5, dice=(c,))
        return events

    def des(self, player: str, a: int, b: int, c: int, after: float = 1.0) -> list[Event]:
        return self.say(player, K.DES, after=after, dice=(a, b, c))

    def close(self, player: str | None = None) -> list[Event]:
        return self.say(player or self.game.state.order[0], K.SUIVANT, after=0.2)

    def finish(self) -> list[Event]:
        events = self.game.finish()
        self.events.extend(events)
        return events

    # ── reading ──
    def score(self, player: str) -> int:
        return self.game.state.players[player].score

    @property
    def scores(self) -> dict[str, int]:
        return self.game.scores

    def holds(self, player: str, holding: str) -> bool:
        return any(h.value == holding for h in self.game.state.players[player].holdings)

    @property
    def roller(self) -> str:
        return self.game.state.roller

    @property
    def phase(self) -> str:
        return self.game.state.phase.value

    def set_scores(self, **scores: int) -> None:
        for name, score in scores.items():
            self.game.state.players[name.replace("_", " ")].score = score

    def give(self, player: str, holding: str) -> None:
        from voice_scribe.engine.state import Holding

        self.game.state.players[player].holdings.add(Holding(holding))

    def bevues(self, events: list[Event] | None = None) -> list[tuple[str, str]]:
        return [(e.player, e.reason) for e in (events if events is not None else self.events) if e.kind is EventKind.BEVUE]

    def rejected(self, events: list[Event]) -> list[str]:
        return [e.reason for e in events if e.kind is EventKind.REJECTED]


def grelottine_launched(grelottin: int, challenged: int, **options: object) -> Table:
    """Karadoc (``grelottin`` points) has just cried « Grelottine ! » on Perceval (``challenged``
    points), both holding a Grelottine, after one throw of the game; Léodagan looks on."""
    from voice_scribe.engine.state import Holding

    table = Table("Karadoc", "Perceval", "Léodagan", **options)
    table.des("Karadoc", 2, 2, 2)  # a Cul de chouette: the game is under way
    table.close()
    players = table.game.state.players
    players["Karadoc"].score, players["Perceval"].score = grelottin, challenged
    for name in ("Karadoc", "Perceval"):
        players[name].holdings.add(Holding.GRELOTTINE)
    table.say("Karadoc", K.GRELOTTINE, target="Perceval")
    return table


def sirop_artichette(scores: dict[str, int] | None = None, **options: object) -> Table:
    """★★★★ Karadoc's Chouette of 4 (4-4-1), siroted, gives 3: 4-4-3, an Artichette made by a Sirop, a
    Tichette (seed 000 « La Tichette »); Perceval and Léodagan lay down (Couche-Sirop)."""
    options.setdefault("level", 4)
    t = Table("Karadoc", "Perceval", "Léodagan", **options)
    t.set_scores(**(scores or {"Karadoc": 50, "Perceval": 40, "Léodagan": 30}))
    t.throw("Karadoc", 4, 4, 1)
    t.say("Karadoc", K.JE_SIROTE, after=0.3)
    t.say("Perceval", K.COUCHE_SIROP, after=0.2)
    t.say("Léodagan", K.COUCHE_SIROP, after=0.2)
    t.say("Karadoc", K.DE, after=0.5, dice=(3,))
    return t
