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
